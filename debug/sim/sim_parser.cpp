#include "sim_parser.hpp"

#include <sys/stat.h>

#include <ampcl/detail/settings.hpp>
#include <cerrno>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "sim_error.hpp"
#include "sim_values.hpp"

namespace ampcl::sim {

namespace {

const char* space_name(address_space s) {
  switch (s) {
    case address_space::private_:
      return "by-value";
    case address_space::global:
      return "__global";
    case address_space::constant:
      return "__constant";
    case address_space::local:
      return "__local";
  }
  return "?";
}

bool is_buffer(address_space s) {
  return s == address_space::global || s == address_space::constant;
}

// What a correct definition for this parameter looks like.
std::string example_for(const kernel_param& p) {
  value_type t = default_value_type(p.type_name);
  std::string type = t == value_type::none ? "float" : to_string(t);
  std::size_t elem = t == value_type::none ? 4 : size_of(t);
  switch (p.space) {
    case address_space::local:
      return "<size=" + std::to_string(64 * elem) + ">";
    case address_space::private_:
      return "<size=" + std::to_string(p.size ? p.size : elem) +
             (t == value_type::none ? " int" : "") + "> 1";
    default:
      return "<size=" + std::to_string(64 * elem) + " " + type + " fill=0 dump>";
  }
}

bool parse_size(const std::string& text, std::size_t& out) {
  if (text.empty() || text[0] == '-' || text[0] == '+') return false;
  errno = 0;
  char* end = nullptr;
  unsigned long long v = std::strtoull(text.c_str(), &end, 10);
  if (*end != '\0' || errno == ERANGE) return false;
  out = static_cast<std::size_t>(v);
  return true;
}

bool starts_with(const std::string& s, const char* prefix) {
  return s.compare(0, std::char_traits<char>::length(prefix), prefix) == 0;
}

}  // namespace

std::size_t max_argument_bytes() {
  static const std::size_t limit = [] {
    namespace st = ampcl::detail::settings;
    return static_cast<std::size_t>(
        st::number<std::runtime_error>(st::id::sim_max_bytes).value_or(std::size_t{16} << 30));
  }();
  return limit;
}

sim_parser::sim_parser(const std::string& text, std::string file_name)
    : lexer_(text), file_(std::move(file_name)) {}

sim_parser sim_parser::from_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw sim_error(path, 0, "cannot open the launch file", "check the path and permissions");
  std::ostringstream text;
  text << in.rdbuf();
  return sim_parser(text.str(), path);
}

void sim_parser::fail(int line, const std::string& message, const std::string& hint) const {
  throw sim_error(file_, line, message, hint);
}

std::string sim_parser::next_or_fail(const std::string& what, const std::string& hint) {
  auto t = lexer_.next();
  if (!t) fail(lexer_.line(), "unexpected end of file while reading " + what, hint);
  return t->text;
}

launch_header sim_parser::read_header() {
  const std::string layout =
      "a .sim file starts with: kernel file, kernel name, global size (3 numbers), local size "
      "(3 numbers), e.g. `kernel.cl reduce 256 1 1 64 1 1`";
  launch_header h;
  h.line = lexer_.line();
  h.program_file = next_or_fail("the program file name", layout);
  h.kernel_name = next_or_fail("the kernel name", layout);
  auto sizes = [&](std::size_t* out, const char* what, const char* example) {
    for (int d = 0; d < 3; ++d) {
      int line = lexer_.line();
      std::string t =
          next_or_fail(std::string("the ") + what, std::string("give the ") + what +
                                                       " as three numbers, e.g. `" + example + "`");
      if (!parse_size(t, out[d]))
        fail(line, std::string(what) + ": '" + t + "' is not a non-negative decimal integer",
             std::string("give the ") + what + " as three numbers, e.g. `" + example + "`");
      if (out[d] == 0)
        fail(line, std::string(what) + " is 0 in dimension " + std::to_string(d),
             "use 1 for unused dimensions, e.g. `" + std::string(example) + "`");
    }
  };
  sizes(h.global, "global size", "256 1 1");
  int local_line = lexer_.line();
  sizes(h.local, "local size", "64 1 1");
  for (int d = 0; d < 3; ++d) {
    if (h.global[d] % h.local[d] != 0)
      fail(local_line,
           "local size " + std::to_string(h.local[d]) + " does not divide global size " +
               std::to_string(h.global[d]) + " in dimension " + std::to_string(d),
           "OpenCL 1.2 needs whole work-groups: pick a local size that divides the global size");
  }
  return h;
}

std::vector<sim_argument> sim_parser::read_arguments(const std::vector<kernel_param>& params) {
  std::vector<sim_argument> args;
  for (unsigned i = 0; i < params.size(); ++i) args.push_back(read_argument(i, params[i]));
  if (!lexer_.at_end()) {
    int line = lexer_.line();
    std::string extra = lexer_.next()->text;
    fail(line,
         "unexpected '" + extra + "' after the last argument (the kernel has " +
             std::to_string(params.size()) + " parameter" + (params.size() == 1 ? "" : "s") + ")",
         "give exactly one definition per kernel parameter, and exactly size/element-size "
         "values after a header without fill= or range=");
  }
  return args;
}

sim_argument sim_parser::read_argument(unsigned index, const kernel_param& p) {
  const std::string who = "argument " + std::to_string(index) + " ('" + p.name + "', " +
                          space_name(p.space) + " " + p.type_name + ")";
  const std::string example = example_for(p);
  const std::string hint = "a correct definition looks like `" + example + "`";

  sim_argument a;
  a.index = index;
  a.name = p.name;
  a.space = p.space;

  std::string header_text;
  bool missing_close = false;
  int line = lexer_.line();
  if (!lexer_.header(header_text, line, missing_close)) {
    if (missing_close) fail(line, who + ": the argument header has no closing '>'", hint);
    if (lexer_.at_end()) fail(line, "unexpected end of file: no definition for " + who, hint);
    fail(line, who + ": expected an argument header <...>, found '" + lexer_.next()->text + "'",
         hint);
  }
  a.line = line;

  bool have_size = false;
  std::string fill, range;
  std::istringstream header(header_text);
  std::string tok;
  while (header >> tok) {
    value_type t = value_type_from_token(tok);
    if (t != value_type::none) {
      if (a.type != value_type::none)
        fail(line,
             who + ": element type given twice ('" + std::string(to_string(a.type)) + "' and '" +
                 tok + "')",
             hint);
      a.type = t;
    } else if (starts_with(tok, "dump")) {
      a.dump = true;  // Oclgrind accepts any token starting with "dump"
    } else if (starts_with(tok, "fill")) {
      if (tok.size() < 6 || tok[4] != '=')
        fail(line, who + ": '" + tok + "' needs a value, as fill=VALUE", "e.g. `fill=0`");
      fill = tok.substr(5);
    } else if (tok == "hex") {
      a.hex = true;
    } else if (tok == "noinit") {
      if (!is_buffer(p.space))
        fail(line, who + ": 'noinit' is only for buffer (__global/__constant) arguments", hint);
      a.noinit = true;
    } else if (tok == "null") {
      if (!is_buffer(p.space))
        fail(line, who + ": 'null' is only for buffer (__global/__constant) arguments", hint);
      a.null = true;
    } else if (starts_with(tok, "range")) {
      if (tok.size() < 7 || tok[5] != '=')
        fail(line, who + ": '" + tok + "' needs values, as range=START:INC:END",
             "e.g. `range=0:1:63` for 64 elements 0..63");
      range = tok.substr(6);
    } else if (tok == "ro" || tok == "wo") {
      if (p.space != address_space::global)
        fail(line, who + ": '" + tok + "' is only for __global buffer arguments", hint);
      if ((tok == "ro" && a.write_only) || (tok == "wo" && a.read_only))
        fail(line, who + ": 'ro' and 'wo' exclude each other", "give at most one of them");
      (tok == "ro" ? a.read_only : a.write_only) = true;
    } else if (starts_with(tok, "size")) {
      if (tok.size() < 5 || tok[4] != '=')
        fail(line, who + ": '" + tok + "' needs a value, as size=BYTES", hint);
      if (!parse_size(tok.substr(5), a.size))
        fail(line, who + ": size '" + tok.substr(5) + "' is not a decimal number of bytes", hint);
      have_size = true;
    } else if (tok == "rand" || starts_with(tok, "load") || tok == "local" || tok == "__local") {
      fail(line, who + ": '" + tok + "' is not part of Oclgrind's .sim format",
           tok == "local" || tok == "__local"
               ? "__local parameters are recognised from the kernel; give only their size, e.g. "
                 "`<size=256>`"
               : "give the data inline after the header, or use fill=VALUE or "
                 "range=START:INC:END, e.g. `" +
                     example + "`");
    } else {
      fail(line, who + ": unknown header token '" + tok + "'",
           "known tokens: size=N, char..double, fill=V, range=S:I:E, hex, dump, noinit, null, "
           "ro, wo; e.g. `" +
               example + "`");
    }
  }

  if (a.null) {
    if (have_size || !fill.empty() || !range.empty() || a.noinit || a.dump)
      fail(line, who + ": 'null' cannot be combined with size, fill, range, noinit or dump",
           "write just `<null>`");
    a.size = 0;
  } else if (!have_size) {
    fail(line, who + ": the header has no size=BYTES", hint);
  }

  if (a.type == value_type::none) {
    a.type = default_value_type(p.type_name);
    if (a.type == value_type::none)
      fail(
          line,
          who + ": cannot infer an element type from '" + p.type_name + "'; name one in the header",
          "add an element type, e.g. `<size=" + std::to_string(a.size ? a.size : 4) + " int>`");
  }
  const std::size_t elem = size_of(a.type);
  if (a.size > max_argument_bytes() && !a.null)
    fail(line,
         who + ": size=" + std::to_string(a.size) + " is more than the " +
             std::to_string(max_argument_bytes()) + " bytes an argument may have",
         "use a smaller size, or raise the limit with AMPCL_SIM_MAX_BYTES=BYTES");
  if (a.size % elem != 0)
    fail(line,
         who + ": size=" + std::to_string(a.size) + " is not a multiple of the element size (" +
             to_string(a.type) + " is " + std::to_string(elem) + " bytes)",
         hint);
  if (a.dump && !is_buffer(p.space))
    fail(line, who + ": 'dump' is only for buffer (__global/__constant) arguments", hint);
  if ((a.noinit ? 1 : 0) + (fill.empty() ? 0 : 1) + (range.empty() ? 0 : 1) > 1)
    fail(line, who + ": more than one initializer (fill, range, noinit)", "keep one of them");
  if (p.space == address_space::private_ && p.size != 0 && a.size != p.size)
    fail(line,
         who + ": size=" + std::to_string(a.size) + " but the parameter is " +
             std::to_string(p.size) + " bytes",
         "use `<size=" + std::to_string(p.size) + ">` followed by the value");

  if (a.null || a.noinit) return a;

  std::string why;
  if (!fill.empty()) {
    if (!make_fill(a.type, fill, a.hex, a.size, a.data, why))
      fail(line, who + ": bad fill value: " + why,
           std::string("fill=V takes one ") + to_string(a.type) + (a.hex ? " in hex" : ""));
  } else if (!range.empty()) {
    if (!make_range(a.type, range, a.hex, a.size, a.data, why))
      fail(line, who + ": bad range: " + why,
           "range=START:INC:END needs (END-START+INC)/INC = size/" + std::to_string(elem) +
               " elements, e.g. `<size=" + std::to_string(64 * elem) + " " + to_string(a.type) +
               " range=0:1:63>`");
  } else if (p.space != address_space::local) {
    // Oclgrind reads size/element-size values after the header; they may
    // continue on following lines.
    const std::size_t count = a.size / elem;
    for (std::size_t i = 0; i < count; ++i) {
      int vline = lexer_.line();
      auto t = lexer_.next();
      if (!t)
        fail(vline,
             who + ": unexpected end of file after " + std::to_string(i) + " of " +
                 std::to_string(count) + " values",
             "give size/" + std::to_string(elem) + " = " + std::to_string(count) + " " +
                 to_string(a.type) + " values, or use fill= or range=");
      if (t->text[0] == '<')
        fail(t->line,
             who + ": found the next header after " + std::to_string(i) + " of " +
                 std::to_string(count) + " values",
             "give size/" + std::to_string(elem) + " = " + std::to_string(count) + " " +
                 to_string(a.type) + " values, or use fill= or range=");
      if (!append_value(a.type, t->text, a.hex, a.data, why))
        fail(t->line,
             who + ": value " + std::to_string(i + 1) + " of " + std::to_string(count) + ": " + why,
             std::string("values are ") + to_string(a.type) + (a.hex ? " in hexadecimal" : "") +
                 ", separated by whitespace");
    }
  }
  return a;
}

sim_launch parse_sim(const std::string& text, const std::string& file_name,
                     const std::vector<kernel_param>& params) {
  sim_parser p(text, file_name);
  sim_launch l;
  l.header = p.read_header();
  l.args = p.read_arguments(params);
  return l;
}

std::string resolve_program_path(const std::string& sim_path, const std::string& program_file) {
  if (program_file.empty() || program_file[0] == '/') return program_file;
  std::size_t slash = sim_path.find_last_of('/');
  if (slash != std::string::npos) {
    std::string beside = sim_path.substr(0, slash + 1) + program_file;
    struct stat st {};
    if (::stat(beside.c_str(), &st) == 0) return beside;
  }
  return program_file;
}

}  // namespace ampcl::sim
