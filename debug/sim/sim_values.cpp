#include "sim_values.hpp"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <type_traits>

namespace ampcl::sim {

namespace {

template <class T>
bool read_integer(const std::string& text, bool hex, T& value, std::string& why) {
  const char* what = std::is_signed_v<T> ? "an integer" : "a non-negative integer";
  if (text.empty()) {
    why = "empty value";
    return false;
  }
  const int base = hex ? 16 : 10;
  errno = 0;
  char* end = nullptr;
  if constexpr (std::is_signed_v<T>) {
    long long v = std::strtoll(text.c_str(), &end, base);
    if (*end != '\0' || end == text.c_str()) {
      why = "'" + text + "' is not " + what + (hex ? " in hexadecimal" : "");
      return false;
    }
    if (errno == ERANGE || v < std::numeric_limits<T>::min() || v > std::numeric_limits<T>::max()) {
      why = "'" + text + "' is out of range for this type";
      return false;
    }
    value = static_cast<T>(v);
  } else {
    if (text.find('-') != std::string::npos) {
      why = "'" + text + "' is negative, but the type is unsigned";
      return false;
    }
    unsigned long long v = std::strtoull(text.c_str(), &end, base);
    if (*end != '\0' || end == text.c_str()) {
      why = "'" + text + "' is not " + what + (hex ? " in hexadecimal" : "");
      return false;
    }
    if (errno == ERANGE || v > std::numeric_limits<T>::max()) {
      why = "'" + text + "' is out of range for this type";
      return false;
    }
    value = static_cast<T>(v);
  }
  return true;
}

template <class T>
bool read_float(const std::string& text, T& value, std::string& why) {
  errno = 0;
  char* end = nullptr;
  double v = std::strtod(text.c_str(), &end);
  if (text.empty() || *end != '\0' || end == text.c_str()) {
    why = "'" + text + "' is not a floating-point number";
    return false;
  }
  if (errno == ERANGE && std::isinf(v)) {
    why = "'" + text + "' is out of range for this type";
    return false;
  }
  value = static_cast<T>(v);
  return true;
}

template <class T>
bool read(const std::string& text, bool hex, T& value, std::string& why) {
  if constexpr (std::is_floating_point_v<T>)
    return read_float(text, value, why);
  else
    return read_integer(text, hex, value, why);
}

template <class T>
void put(std::vector<unsigned char>& out, T v) {
  unsigned char bytes[sizeof(T)];
  std::memcpy(bytes, &v, sizeof(T));
  out.insert(out.end(), bytes, bytes + sizeof(T));
}

template <class T>
bool fill(const std::string& text, bool hex, std::size_t size, std::vector<unsigned char>& out,
          std::string& why) {
  T v{};
  if (!read(text, hex, v, why)) return false;
  const std::size_t count = size / sizeof(T);
  if (count == 0) return true;
  // One element, then doubling copies: gigabytes fill at memory speed.
  const std::size_t at = out.size();
  out.resize(at + count * sizeof(T));
  unsigned char* p = out.data() + at;
  std::memcpy(p, &v, sizeof(T));
  for (std::size_t done = sizeof(T); done < count * sizeof(T);) {
    const std::size_t n = std::min(done, count * sizeof(T) - done);
    std::memcpy(p + done, p, n);
    done += n;
  }
  return true;
}

template <class T>
bool range(const std::string& text, bool hex, std::size_t size, std::vector<unsigned char>& out,
           std::string& why) {
  std::size_t c1 = text.find(':');
  std::size_t c2 = c1 == std::string::npos ? c1 : text.find(':', c1 + 1);
  if (c2 == std::string::npos || text.find(':', c2 + 1) != std::string::npos) {
    why = "'" + text + "' is not START:INC:END (three values, two colons)";
    return false;
  }
  T start{}, inc{}, end{};
  if (!read(text.substr(0, c1), hex, start, why) ||
      !read(text.substr(c1 + 1, c2 - c1 - 1), hex, inc, why) ||
      !read(text.substr(c2 + 1), hex, end, why))
    return false;
  if (inc == T(0)) {
    why = "the range's increment is 0";
    return false;
  }
  // Oclgrind's rule: (END - START + INC) / INC elements, a whole number that
  // fills the argument exactly.
  double count =
      (static_cast<double>(end) - static_cast<double>(start) + static_cast<double>(inc)) /
      static_cast<double>(inc);
  if (count < 1 || std::ceil(count) != count) {
    why = "range " + text + " does not step from START to END in whole increments";
    return false;
  }
  if (count * sizeof(T) != static_cast<double>(size)) {
    // Counts past 1e18 (or infinite) do not convert to integers.
    const std::string made =
        count < 1e18 ? std::to_string(static_cast<long long>(count)) + " elements (" +
                           std::to_string(static_cast<long long>(count * sizeof(T))) + " bytes)"
                     : "more elements than any size holds";
    why = "range " + text + " makes " + made + " but size is " + std::to_string(size) + " bytes";
    return false;
  }
  out.reserve(out.size() + size);
  T v = start;
  for (std::size_t i = 0; i < static_cast<std::size_t>(count); ++i) {
    put(out, v);
    v = static_cast<T>(v + inc);
  }
  return true;
}

// Calls f.template operator()<T>() with T the C++ type of `type`.
template <class F>
bool dispatch(value_type type, std::string& why, F&& f) {
  switch (type) {
    case value_type::char_:
      return f(std::int8_t{});
    case value_type::uchar:
      return f(std::uint8_t{});
    case value_type::short_:
      return f(std::int16_t{});
    case value_type::ushort:
      return f(std::uint16_t{});
    case value_type::int_:
      return f(std::int32_t{});
    case value_type::uint:
      return f(std::uint32_t{});
    case value_type::long_:
      return f(std::int64_t{});
    case value_type::ulong:
      return f(std::uint64_t{});
    case value_type::float_:
      return f(float{});
    case value_type::double_:
      return f(double{});
    case value_type::none:
      break;
  }
  why = "no element type";
  return false;
}

}  // namespace

bool append_value(value_type type, const std::string& text, bool hex,
                  std::vector<unsigned char>& out, std::string& why) {
  return dispatch(type, why, [&](auto zero) {
    decltype(zero) v{};
    if (!read(text, hex, v, why)) return false;
    put(out, v);
    return true;
  });
}

bool make_fill(value_type type, const std::string& text, bool hex, std::size_t size,
               std::vector<unsigned char>& out, std::string& why) {
  return dispatch(type, why,
                  [&](auto zero) { return fill<decltype(zero)>(text, hex, size, out, why); });
}

bool make_range(value_type type, const std::string& text, bool hex, std::size_t size,
                std::vector<unsigned char>& out, std::string& why) {
  return dispatch(type, why,
                  [&](auto zero) { return range<decltype(zero)>(text, hex, size, out, why); });
}

}  // namespace ampcl::sim
