#include "json.hpp"

#include <cerrno>
#include <cstdlib>
#include <utility>

namespace ampcl::debug::json {

value value::make_bool(bool b) {
  value v;
  v.type_ = type::boolean;
  v.bool_ = b;
  return v;
}

value value::make_number(std::string literal) {
  value v;
  v.type_ = type::number;
  v.text_ = std::move(literal);
  return v;
}

value value::make_string(std::string s) {
  value v;
  v.type_ = type::string;
  v.text_ = std::move(s);
  return v;
}

value value::make_array(std::vector<value> items) {
  value v;
  v.type_ = type::array;
  v.array_ = std::make_shared<std::vector<value>>(std::move(items));
  return v;
}

value value::make_object(std::map<std::string, value> members) {
  value v;
  v.type_ = type::object;
  v.object_ = std::make_shared<std::map<std::string, value>>(std::move(members));
  return v;
}

namespace {
[[noreturn]] void wrong_type(const char* wanted) {
  throw std::runtime_error(std::string("expected a JSON ") + wanted);
}
}  // namespace

bool value::as_bool() const {
  if (type_ != type::boolean) wrong_type("boolean");
  return bool_;
}

double value::as_double() const {
  if (type_ != type::number) wrong_type("number");
  return std::strtod(text_.c_str(), nullptr);
}

std::int64_t value::as_int() const {
  if (type_ != type::number) wrong_type("number");
  errno = 0;
  char* end = nullptr;
  long long v = std::strtoll(text_.c_str(), &end, 10);
  if (errno != 0 || *end != '\0') wrong_type("integer");
  return v;
}

std::uint64_t value::as_uint() const {
  if (type_ != type::number) wrong_type("number");
  if (!text_.empty() && text_[0] == '-') wrong_type("non-negative integer");
  errno = 0;
  char* end = nullptr;
  unsigned long long v = std::strtoull(text_.c_str(), &end, 10);
  if (errno != 0 || *end != '\0') wrong_type("non-negative integer");
  return v;
}

const std::string& value::number_literal() const {
  if (type_ != type::number) wrong_type("number");
  return text_;
}

const std::string& value::as_string() const {
  if (type_ != type::string) wrong_type("string");
  return text_;
}

const std::vector<value>& value::as_array() const {
  if (type_ != type::array) wrong_type("array");
  return *array_;
}

const std::map<std::string, value>& value::as_object() const {
  if (type_ != type::object) wrong_type("object");
  return *object_;
}

const value* value::find(const std::string& key) const {
  if (type_ != type::object) return nullptr;
  auto it = object_->find(key);
  return it == object_->end() ? nullptr : &it->second;
}

namespace {

class parser {
 public:
  explicit parser(std::string_view text) : s_(text) {}

  value document() {
    value v = any();
    skip_space();
    if (pos_ != s_.size()) fail("unexpected text after the JSON value");
    return v;
  }

 private:
  [[noreturn]] void fail(const std::string& what) const { throw parse_error(what, pos_); }

  void skip_space() {
    while (pos_ < s_.size() &&
           (s_[pos_] == ' ' || s_[pos_] == '\t' || s_[pos_] == '\n' || s_[pos_] == '\r'))
      ++pos_;
  }

  bool eat(char c) {
    skip_space();
    if (pos_ < s_.size() && s_[pos_] == c) {
      ++pos_;
      return true;
    }
    return false;
  }

  void expect(char c) {
    if (!eat(c)) fail(std::string("expected '") + c + "'");
  }

  value any() {
    skip_space();
    if (pos_ >= s_.size()) fail("unexpected end of JSON");
    char c = s_[pos_];
    if (c == '{') return object();
    if (c == '[') return array();
    if (c == '"') return value::make_string(string());
    if (c == '-' || (c >= '0' && c <= '9')) return number();
    if (s_.substr(pos_, 4) == "true") {
      pos_ += 4;
      return value::make_bool(true);
    }
    if (s_.substr(pos_, 5) == "false") {
      pos_ += 5;
      return value::make_bool(false);
    }
    if (s_.substr(pos_, 4) == "null") {
      pos_ += 4;
      return value();
    }
    fail(std::string("unexpected character '") + c + "'");
  }

  value object() {
    expect('{');
    std::map<std::string, value> members;
    if (eat('}')) return value::make_object(std::move(members));
    do {
      skip_space();
      if (pos_ >= s_.size() || s_[pos_] != '"') fail("expected a member name");
      std::string key = string();
      expect(':');
      members[key] = any();
    } while (eat(','));
    expect('}');
    return value::make_object(std::move(members));
  }

  value array() {
    expect('[');
    std::vector<value> items;
    if (eat(']')) return value::make_array(std::move(items));
    do {
      items.push_back(any());
    } while (eat(','));
    expect(']');
    return value::make_array(std::move(items));
  }

  value number() {
    std::size_t start = pos_;
    if (s_[pos_] == '-') ++pos_;
    auto digits = [&] {
      std::size_t d = pos_;
      while (pos_ < s_.size() && s_[pos_] >= '0' && s_[pos_] <= '9') ++pos_;
      if (pos_ == d) fail("expected a digit");
    };
    digits();
    if (pos_ < s_.size() && s_[pos_] == '.') {
      ++pos_;
      digits();
    }
    if (pos_ < s_.size() && (s_[pos_] == 'e' || s_[pos_] == 'E')) {
      ++pos_;
      if (pos_ < s_.size() && (s_[pos_] == '+' || s_[pos_] == '-')) ++pos_;
      digits();
    }
    return value::make_number(std::string(s_.substr(start, pos_ - start)));
  }

  unsigned hex4() {
    if (pos_ + 4 > s_.size()) fail("truncated \\u escape");
    unsigned v = 0;
    for (int i = 0; i < 4; ++i) {
      char c = s_[pos_++];
      v <<= 4;
      if (c >= '0' && c <= '9')
        v |= c - '0';
      else if (c >= 'a' && c <= 'f')
        v |= c - 'a' + 10;
      else if (c >= 'A' && c <= 'F')
        v |= c - 'A' + 10;
      else
        fail("bad hex digit in \\u escape");
    }
    return v;
  }

  static void append_utf8(std::string& out, unsigned cp) {
    if (cp < 0x80) {
      out += static_cast<char>(cp);
    } else if (cp < 0x800) {
      out += static_cast<char>(0xC0 | (cp >> 6));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
      out += static_cast<char>(0xE0 | (cp >> 12));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | (cp >> 18));
      out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    }
  }

  std::string string() {
    ++pos_;  // opening quote
    std::string out;
    while (true) {
      if (pos_ >= s_.size()) fail("unterminated string");
      char c = s_[pos_++];
      if (c == '"') return out;
      if (static_cast<unsigned char>(c) < 0x20) fail("control character in string");
      if (c != '\\') {
        out += c;
        continue;
      }
      if (pos_ >= s_.size()) fail("unterminated escape");
      char e = s_[pos_++];
      switch (e) {
        case '"':
          out += '"';
          break;
        case '\\':
          out += '\\';
          break;
        case '/':
          out += '/';
          break;
        case 'b':
          out += '\b';
          break;
        case 'f':
          out += '\f';
          break;
        case 'n':
          out += '\n';
          break;
        case 'r':
          out += '\r';
          break;
        case 't':
          out += '\t';
          break;
        case 'u': {
          unsigned cp = hex4();
          if (cp >= 0xD800 && cp < 0xDC00 && s_.substr(pos_, 2) == "\\u") {
            pos_ += 2;
            unsigned low = hex4();
            if (low < 0xDC00 || low >= 0xE000) fail("bad UTF-16 surrogate pair");
            cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
          }
          append_utf8(out, cp);
          break;
        }
        default:
          fail(std::string("unknown escape '\\") + e + "'");
      }
    }
  }

  std::string_view s_;
  std::size_t pos_ = 0;
};

}  // namespace

value parse(std::string_view text) {
  return parser(text).document();
}

std::string quote(std::string_view s) {
  static const char* hex = "0123456789abcdef";
  std::string out;
  out.reserve(s.size() + 2);
  out += '"';
  for (char c : s) {
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          out += "\\u00";
          out += hex[(c >> 4) & 0xF];
          out += hex[c & 0xF];
        } else {
          out += c;
        }
    }
  }
  out += '"';
  return out;
}

value obj(std::initializer_list<std::pair<const std::string, value>> members) {
  return value::make_object(std::map<std::string, value>(members));
}

value arr(std::vector<value> items) {
  return value::make_array(std::move(items));
}

namespace {

void dump_to(std::string& out, const value& v, int indent, int depth) {
  auto newline = [&](int d) {
    if (indent <= 0) return;
    out += '\n';
    out.append(static_cast<std::size_t>(indent * d), ' ');
  };
  switch (v.kind()) {
    case value::type::null:
      out += "null";
      return;
    case value::type::boolean:
      out += v.as_bool() ? "true" : "false";
      return;
    // Numbers keep their literal; as_double() would lose large integers.
    case value::type::number:
      out += v.number_literal();
      return;
    case value::type::string:
      out += quote(v.as_string());
      return;
    case value::type::array: {
      const auto& items = v.as_array();
      out += '[';
      for (std::size_t i = 0; i < items.size(); ++i) {
        if (i) out += ',';
        newline(depth + 1);
        dump_to(out, items[i], indent, depth + 1);
      }
      if (!items.empty()) newline(depth);
      out += ']';
      return;
    }
    case value::type::object: {
      const auto& members = v.as_object();
      out += '{';
      bool first = true;
      for (const auto& [key, member] : members) {
        if (!first) out += ',';
        first = false;
        newline(depth + 1);
        out += quote(key);
        out += indent > 0 ? ": " : ":";
        dump_to(out, member, indent, depth + 1);
      }
      if (!members.empty()) newline(depth);
      out += '}';
      return;
    }
  }
}

}  // namespace

std::string dump(const value& v, int indent) {
  std::string out;
  dump_to(out, v, indent, 0);
  if (indent > 0) out += '\n';
  return out;
}

}  // namespace ampcl::debug::json
