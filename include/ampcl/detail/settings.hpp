// The one reader of ampcl's environment variables (the table: settings_table.hpp).
// Every part of the tree (lib/, debug/, translate/, tools/) reads its AMPCL_*
// settings here, so each is parsed by one strict parser and every value it
// cannot take gets the same sentence: the variable, the text, what it takes and
// the fix. What a bad value then does stays the reader's choice, as the Error
// template argument: the runtime throws runtime_exception, the checker's
// invalid_argument turns into a bad-setting report, AMPCL_LOG only warns.
// Header-only: the tools that do not link libampcl include it all the same.
//
// An unset and an empty variable are the same: the reader's default applies.
#pragma once

#include <algorithm>
#include <ampcl/detail/settings_table.hpp>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace ampcl::detail::settings {

enum class kind { flag, bit, whole, mib, seconds, choice, path, text, numbers, handles };
// Who reads a variable: the page's sections (docs/settings.md).
enum class component { runtime, transfers, kernel_library, racecheck, racecheck_tool, translator };

struct row {
  const char* name;
  kind type;
  std::uint64_t lo, hi;
  const char* spec;
  const char* fallback;
  component part;
  const char* doc;
};

enum class id : int {
#define AMPCL_SETTING_ID(ident, ...) ident,
  AMPCL_SETTINGS(AMPCL_SETTING_ID)
#undef AMPCL_SETTING_ID
};

inline constexpr row rows[] = {
#define AMPCL_SETTING_ROW(ident, name, type, lo, hi, spec, fallback, part, doc) \
  {name, kind::type, lo, hi, spec, fallback, component::part, doc},
    AMPCL_SETTINGS(AMPCL_SETTING_ROW)
#undef AMPCL_SETTING_ROW
};

constexpr const row& info(id s) {
  return rows[static_cast<int>(s)];
}
constexpr const char* name(id s) {
  return info(s).name;
}

// What the variable takes, as the error message and docs/settings.md say it.
inline std::string accepted(const row& r) {
  const std::string lo = std::to_string(r.lo), hi = std::to_string(r.hi);
  switch (r.type) {
    case kind::flag:
      return "0 (off) or any other text (on)";
    case kind::bit:
      return "0 or 1";
    case kind::whole:
      return "a whole number from " + lo + " to " + hi;
    case kind::mib:
      return "a whole number of MiB from " + lo + " to " + hi + " (no unit: '64', not '64M')";
    case kind::seconds:
      return "a number of seconds above 0 (no unit: '30', not '30s')";
    case kind::choice: {
      // "a b|c" -> "a (or b) or c": the first word of each group, its aliases after.
      std::string out = "one of ";
      const std::string_view spec = r.spec;
      for (std::size_t at = 0, n = 0; at <= spec.size(); ++n) {
        std::size_t bar = spec.find('|', at);
        if (bar == std::string_view::npos) bar = spec.size();
        std::string_view group = spec.substr(at, bar - at);
        const std::size_t space = group.find(' ');
        if (n) out += bar == spec.size() ? " or " : ", ";
        out += group.substr(0, space);
        if (space != std::string_view::npos)
          out += " (or " + std::string(group.substr(space + 1)) + ")";
        at = bar + 1;
      }
      return out;
    }
    case kind::path: {
      if (!*r.spec) return "a path";
      // "off OFF 0" -> "a path, or off, OFF or 0 for none"
      std::string words = r.spec;
      const std::size_t last = words.rfind(' ');
      if (last != std::string::npos) words.replace(last, 1, " or ");
      for (std::size_t at = 0; (at = words.find(' ', at)) < words.find(" or "); at += 2)
        words.replace(at, 1, ", ");
      return "a path, or " + words + " for none";
    }
    case kind::text:
      return r.spec;
    case kind::numbers:
      return r.spec;
    case kind::handles:
      return "cl_mem handles in hexadecimal, separated by spaces";
  }
  return "";
}

// The one wording of a value a reader refuses.
inline std::string complaint(id s, std::string_view text) {
  const row& r = info(s);
  return std::string(r.name) + "='" + std::string(text) + "' is not " + accepted(r) +
         ": set it to one, or unset it for the default (" + r.fallback + ")";
}

template <class Error = std::invalid_argument>
[[noreturn]] void refuse(id s, std::string_view text) {
  throw Error(complaint(s, text));
}

// The variable's text, or null when it is unset or empty. The tree's only
// getenv of an AMPCL_ variable (the settings_readers test keeps it so).
inline const char* raw(id s) {
  const char* text = std::getenv(name(s));
  return text && *text ? text : nullptr;
}

namespace parse {

inline std::string_view trim(std::string_view t) {
  while (!t.empty() && (t.front() == ' ' || t.front() == '\t')) t.remove_prefix(1);
  while (!t.empty() && (t.back() == ' ' || t.back() == '\t')) t.remove_suffix(1);
  return t;
}

// Decimal digits only (surrounding blanks aside): no sign, no unit, no overflow.
inline bool whole(std::string_view t, std::uint64_t lo, std::uint64_t hi, std::uint64_t& out) {
  t = trim(t);
  if (t.empty()) return false;
  std::uint64_t v = 0;
  for (char c : t) {
    if (c < '0' || c > '9') return false;
    const std::uint64_t d = static_cast<std::uint64_t>(c - '0');
    if (v > (UINT64_MAX - d) / 10) return false;
    v = v * 10 + d;
  }
  if (v < lo || v > hi) return false;
  out = v;
  return true;
}

inline bool seconds(std::string_view t, double& out) {
  const std::string s(trim(t));
  if (s.empty()) return false;
  char* end = nullptr;
  errno = 0;
  const double v = std::strtod(s.c_str(), &end);
  if (*end != '\0' || errno == ERANGE || !std::isfinite(v) || v <= 0) return false;
  out = v;
  return true;
}

// The index of the group of `spec` ("a b|c") that names `t`, or -1.
inline int choice(std::string_view spec, std::string_view t) {
  t = trim(t);
  int group = 0;
  std::size_t at = 0;
  while (at <= spec.size()) {
    const std::size_t end = std::min(spec.find_first_of(" |", at), spec.size());
    if (spec.substr(at, end - at) == t) return group;
    if (end < spec.size() && spec[end] == '|') ++group;
    at = end + 1;
  }
  return -1;
}

// Comma-separated whole numbers (a sign allowed: the reader checks the range).
inline bool numbers(std::string_view t, std::uint64_t min_count, std::uint64_t max_count,
                    std::vector<long>& out) {
  std::vector<long> v;
  for (std::size_t at = 0; at <= t.size();) {
    std::size_t comma = t.find(',', at);
    if (comma == std::string_view::npos) comma = t.size();
    const std::string field(trim(t.substr(at, comma - at)));
    char* end = nullptr;
    errno = 0;
    const long n = std::strtol(field.c_str(), &end, 10);
    if (field.empty() || *end != '\0' || errno == ERANGE) return false;
    v.push_back(n);
    at = comma + 1;
  }
  if (v.size() < min_count || v.size() > max_count) return false;
  out = std::move(v);
  return true;
}

inline bool handles(std::string_view t, std::vector<std::uint64_t>& out) {
  std::vector<std::uint64_t> v;
  for (std::size_t at = 0; at < t.size();) {
    if (t[at] == ' ') {
      ++at;
      continue;
    }
    const std::size_t end = std::min(t.find(' ', at), t.size());
    const std::string word(t.substr(at, end - at));
    char* stop = nullptr;
    errno = 0;
    const unsigned long long n = std::strtoull(word.c_str(), &stop, 16);
    if (word[0] == '-' || word[0] == '+' || *stop != '\0' || errno == ERANGE) return false;
    v.push_back(n);
    at = end;
  }
  out = std::move(v);
  return true;
}

}  // namespace parse

// A reader asking for the wrong kind is ampcl's bug, not the user's.
inline void expect(id s, kind a, kind b) {
  if (info(s).type != a && info(s).type != b)
    throw std::logic_error(std::string("ampcl: ") + name(s) + " read as the wrong kind");
}

// flag or bit: nullopt when unset.
template <class Error = std::invalid_argument>
std::optional<bool> on(id s) {
  expect(s, kind::flag, kind::bit);
  const char* t = raw(s);
  if (!t) return std::nullopt;
  if (info(s).type == kind::flag) return std::string_view(t) != "0";
  const std::string_view v = parse::trim(t);
  if (v != "0" && v != "1") refuse<Error>(s, t);
  return v == "1";
}

// whole or mib (in MiB, as written).
template <class Error = std::invalid_argument>
std::optional<std::uint64_t> number(id s) {
  expect(s, kind::whole, kind::mib);
  const char* t = raw(s);
  std::uint64_t v = 0;
  if (!t) return std::nullopt;
  if (!parse::whole(t, info(s).lo, info(s).hi, v)) refuse<Error>(s, t);
  return v;
}

template <class Error = std::invalid_argument>
std::optional<double> seconds(id s) {
  expect(s, kind::seconds, kind::seconds);
  const char* t = raw(s);
  double v = 0;
  if (!t) return std::nullopt;
  if (!parse::seconds(t, v)) refuse<Error>(s, t);
  return v;
}

// The index of the group the value names, in the row's spec order.
template <class Error = std::invalid_argument>
std::optional<int> choice(id s) {
  expect(s, kind::choice, kind::choice);
  const char* t = raw(s);
  if (!t) return std::nullopt;
  const int v = parse::choice(info(s).spec, t);
  if (v < 0) refuse<Error>(s, t);
  return v;
}

// path or text; a path's word for none (AMPCL_CACHE_DIR=off) reads as "".
inline std::optional<std::string> text(id s) {
  expect(s, kind::path, kind::text);
  const char* t = raw(s);
  if (!t) return std::nullopt;
  if (info(s).type == kind::path && *info(s).spec && parse::choice(info(s).spec, t) >= 0)
    return std::string();
  return std::string(t);
}

template <class Error = std::invalid_argument>
std::optional<std::vector<long>> numbers(id s) {
  expect(s, kind::numbers, kind::numbers);
  const char* t = raw(s);
  std::vector<long> v;
  if (!t) return std::nullopt;
  if (!parse::numbers(t, info(s).lo, info(s).hi, v)) refuse<Error>(s, t);
  return v;
}

template <class Error = std::invalid_argument>
std::optional<std::vector<std::uint64_t>> handles(id s) {
  expect(s, kind::handles, kind::handles);
  const char* t = raw(s);
  std::vector<std::uint64_t> v;
  if (!t) return std::nullopt;
  if (!parse::handles(t, v)) refuse<Error>(s, t);
  return v;
}

}  // namespace ampcl::detail::settings
