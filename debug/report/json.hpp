// A small JSON value, parser and string escaper: enough for the hazard files and
// reports, so ampcl_report needs nothing beyond the standard library.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace ampcl::debug::json {

class value {
 public:
  enum class type { null, boolean, number, string, array, object };

  value() = default;
  static value make_bool(bool b);
  static value make_number(std::string literal);  // keeps the literal for exact integers
  static value make_string(std::string s);
  static value make_array(std::vector<value> items);
  static value make_object(std::map<std::string, value> members);

  type kind() const { return type_; }
  bool is_null() const { return type_ == type::null; }
  bool is_bool() const { return type_ == type::boolean; }
  bool is_number() const { return type_ == type::number; }
  bool is_string() const { return type_ == type::string; }
  bool is_array() const { return type_ == type::array; }
  bool is_object() const { return type_ == type::object; }

  // Accessors throw std::runtime_error naming the expected type on mismatch.
  bool as_bool() const;
  double as_double() const;
  std::int64_t as_int() const;                // must be an integer literal in range
  std::uint64_t as_uint() const;              // must be a non-negative integer literal
  const std::string& number_literal() const;  // exactly as parsed or built
  const std::string& as_string() const;
  const std::vector<value>& as_array() const;
  const std::map<std::string, value>& as_object() const;

  // Object member or nullptr when absent (or when this is not an object).
  const value* find(const std::string& key) const;

 private:
  type type_ = type::null;
  bool bool_ = false;
  std::string text_;  // string contents or number literal
  std::shared_ptr<std::vector<value>> array_;
  std::shared_ptr<std::map<std::string, value>> object_;
};

class parse_error : public std::runtime_error {
 public:
  parse_error(const std::string& what, std::size_t offset)
      : std::runtime_error(what + " at offset " + std::to_string(offset)), offset_(offset) {}
  std::size_t offset() const { return offset_; }

 private:
  std::size_t offset_;
};

// Parses one complete JSON document; trailing non-space text is an error.
value parse(std::string_view text);

// `s` as a JSON string literal, quotes included.
std::string quote(std::string_view s);

// Serializes `v`; indent 0 writes one line, otherwise nested members are indented
// by that many spaces per level. Object members come out sorted by key.
std::string dump(const value& v, int indent = 0);

// Shorthands for building documents.
inline value str(std::string s) {
  return value::make_string(std::move(s));
}
inline value num(long long n) {
  return value::make_number(std::to_string(n));
}
inline value unum(unsigned long long n) {
  return value::make_number(std::to_string(n));
}
inline value boolean(bool b) {
  return value::make_bool(b);
}
value obj(std::initializer_list<std::pair<const std::string, value>> members);
value arr(std::vector<value> items);

}  // namespace ampcl::debug::json
