#include "unchecked_reason.hpp"

#include <iterator>

namespace ampcl::debug {

namespace {

struct reason_row {
  unchecked_reason reason;
  const char* name;
  const char* text;
};

#define AMPCL_UNCHECKED_ROW(id, name, text) {unchecked_reason::id, name, text},
constexpr reason_row rows[] = {AMPCL_UNCHECKED_REASONS(AMPCL_UNCHECKED_ROW)};
#undef AMPCL_UNCHECKED_ROW

}  // namespace

const char* to_string(unchecked_reason r) {
  const auto i = static_cast<std::size_t>(r);
  return i < std::size(rows) ? rows[i].name : "unknown";
}

const char* reason_description(unchecked_reason r) {
  const auto i = static_cast<std::size_t>(r);
  return i < std::size(rows) ? rows[i].text : "";
}

std::vector<unchecked_reason> all_unchecked_reasons() {
  std::vector<unchecked_reason> out;
  for (const reason_row& r : rows) out.push_back(r.reason);
  return out;
}

bool parse_unchecked_reason(std::string_view name, unchecked_reason& out) {
  for (const reason_row& r : rows) {
    if (name == r.name) {
      out = r.reason;
      return true;
    }
  }
  return false;
}

hazard not_checked(unchecked_reason why, const std::string& kernel, const std::string& file,
                   const std::string& detail) {
  hazard h;
  h.kind = hazard_class::not_checked;
  h.kernel = kernel;
  h.first.file = file;
  h.reason = to_string(why);
  h.detail = detail;
  return h;
}

}  // namespace ampcl::debug
