#include "sim_types.hpp"

#include <array>
#include <cctype>
#include <utility>

#include "sim_error.hpp"

namespace ampcl::sim {

namespace {
struct type_entry {
  value_type type;
  const char* name;
  std::size_t size;
};
// Order matters for prefix matching: "uchar" must not be taken for "char".
constexpr std::array<type_entry, 10> types = {{
    {value_type::char_, "char", 1},
    {value_type::uchar, "uchar", 1},
    {value_type::short_, "short", 2},
    {value_type::ushort, "ushort", 2},
    {value_type::int_, "int", 4},
    {value_type::uint, "uint", 4},
    {value_type::long_, "long", 8},
    {value_type::ulong, "ulong", 8},
    {value_type::float_, "float", 4},
    {value_type::double_, "double", 8},
}};

bool starts_with(const std::string& s, const char* prefix) {
  return s.compare(0, std::char_traits<char>::length(prefix), prefix) == 0;
}
}  // namespace

const char* to_string(value_type t) {
  for (const auto& e : types)
    if (e.type == t) return e.name;
  return "none";
}

std::size_t size_of(value_type t) {
  for (const auto& e : types)
    if (e.type == t) return e.size;
  return 0;
}

value_type value_type_from_token(const std::string& token) {
  for (const auto& e : types)
    if (token == e.name) return e.type;
  return value_type::none;
}

value_type default_value_type(const std::string& type_name) {
  // Oclgrind tests prefixes in this order, so "uchar4*" is uchar and
  // "unsigned int" (which OpenCL reports as "uint") never reaches here.
  for (const auto& e : types)
    if (starts_with(type_name, e.name)) return e.type;
  if (starts_with(type_name, "void*")) return value_type::uchar;
  return value_type::none;
}

std::size_t builtin_type_size(const std::string& type_name) {
  std::string base = type_name;
  // "const int" can appear in some drivers' type names.
  if (starts_with(base, "const ")) base = base.substr(6);
  std::size_t digits = base.size();
  while (digits > 0 && std::isdigit(static_cast<unsigned char>(base[digits - 1]))) --digits;
  std::size_t lanes = 1;
  if (digits < base.size()) {
    lanes = std::stoul(base.substr(digits));
    base.resize(digits);
    if (lanes != 2 && lanes != 3 && lanes != 4 && lanes != 8 && lanes != 16) return 0;
    if (lanes == 3) lanes = 4;  // 3-component vectors take the space of 4
  }
  static const std::pair<const char*, std::size_t> extra[] = {{"bool", 1},
                                                              {"half", 2},
                                                              {"size_t", sizeof(void*)},
                                                              {"ptrdiff_t", sizeof(void*)},
                                                              {"intptr_t", sizeof(void*)},
                                                              {"uintptr_t", sizeof(void*)}};
  for (const auto& e : types)
    if (base == e.name) return e.size * lanes;
  for (const auto& [name, size] : extra)
    if (base == name) return size * lanes;
  return 0;
}

sim_error::sim_error(std::string file, int line, std::string message, std::string hint)
    : std::runtime_error(file + (line > 0 ? ":" + std::to_string(line) : std::string()) +
                         ": error: " + message + (hint.empty() ? "" : "\n  hint: " + hint)),
      file_(std::move(file)),
      line_(line),
      message_(std::move(message)),
      hint_(std::move(hint)) {}

}  // namespace ampcl::sim
