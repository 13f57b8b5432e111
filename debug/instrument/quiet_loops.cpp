#include "quiet_loops.hpp"

#include <algorithm>
#include <sstream>

namespace ampcl::debug::detail {

namespace {

constexpr const char* kBegin = "/*@ampcl-quiet-loop ";
constexpr const char* kEnd = "/*@ampcl-quiet-loop-end ";
constexpr const char* kClose = "@*/";

std::string quoted(const std::string& file) {
  std::string q = "\"";
  for (char c : file) {
    if (c == '"' || c == '\\') q += '\\';
    q += c;
  }
  return q + "\"";
}

std::string unquoted(const std::string& q) {
  std::string text;
  for (std::size_t i = 1; i + 1 < q.size(); ++i) text += q[i] == '\\' ? q[++i] : q[i];
  return text;
}

// The end of the quoted string that starts at `at` (its closing quote), or `limit`.
std::size_t quoted_end(const std::string& s, std::size_t at, std::size_t limit) {
  std::size_t i = at + 1;
  while (i < limit && s[i] != '"') i += s[i] == '\\' ? 2 : 1;
  return i;
}

std::string line_directive(unsigned line, const std::string& file_quoted) {
  return "\n#line " + std::to_string(line) + " " + file_quoted + "\n";
}

std::string redefine(const char* macro, const std::string& definition) {
  return std::string("\n#undef ") + macro + "\n#define " + macro + definition;
}

// The fast copy's hooks, then the checked copy's (as shadow.clh defines them).
std::string fast_hooks() {
  return redefine(kQuietReadHook, " __ampcl_lqb_in") + redefine(kQuietInBoundsHook, "(t) 1") +
         redefine(kQuietSubscriptHook, "(c, i, n, site, mem, clamp) (i)");
}
std::string checked_hooks() {
  return redefine(kQuietReadHook, " __ampcl_lqp_in") + redefine(kQuietInBoundsHook, "(t) (t)") +
         redefine(kQuietSubscriptHook, " __ampcl_subscript");
}

}  // namespace

std::string quiet_loop_condition(std::uint32_t objects, const std::set<std::string>& tests) {
  std::string c = "__ampcl_quiet_ok(__ampcl_c, " + std::to_string(objects) + "u)";
  for (const std::string& t : tests) c += " && " + t;
  return c;
}

std::string quiet_loop_begin(unsigned n, const std::string& condition, unsigned line,
                             const std::string& file, const std::string& hints) {
  return std::string(kBegin) + std::to_string(n) + " " + std::to_string(line) + " " + quoted(file) +
         " " + quoted(hints) + " " + condition + kClose;
}

std::string quiet_loop_end(unsigned n) {
  return std::string(kEnd) + std::to_string(n) + kClose;
}

std::string expand_quiet_loops(const std::string& program) {
  std::string out;
  std::size_t at = 0;
  for (;;) {
    const std::size_t begin = program.find(kBegin, at);
    if (begin == std::string::npos) break;
    const std::size_t head_end = program.find(kClose, begin);
    if (head_end == std::string::npos) break;
    const std::size_t head_at = begin + std::char_traits<char>::length(kBegin);
    std::istringstream head(program.substr(head_at, head_end - head_at));
    unsigned n = 0, line = 0;
    head >> n >> line >> std::ws;
    // The file and the loop's hints, quoted (quoted() escapes their quotes), then
    // the condition.
    const std::size_t file_at = head_at + static_cast<std::size_t>(head.tellg());
    const std::size_t file_end = quoted_end(program, file_at, head_end);
    const std::string file = program.substr(file_at, file_end + 1 - file_at);
    const std::size_t hints_end = quoted_end(program, file_end + 2, head_end);
    const std::string hints = unquoted(program.substr(file_end + 2, hints_end + 1 - file_end - 2));
    const std::string condition = program.substr(hints_end + 2, head_end - hints_end - 2);
    const std::string end_marker = quiet_loop_end(n);
    const std::size_t body_at = head_end + std::char_traits<char>::length(kClose);
    const std::size_t end = program.find(end_marker, body_at);
    if (end == std::string::npos) break;  // not expanded: the checked copy alone runs
    const std::string loop = program.substr(body_at, end - body_at);
    const auto lines = static_cast<unsigned>(std::count(loop.begin(), loop.end(), '\n'));
    out.append(program, at, begin - at);
    const std::string at_loop = line_directive(line, file);
    // The fast copy keeps the user's loop hints; the checked one is kept rolled.
    out.append("{ if (").append(condition).append(") {").append(fast_hooks());
    if (!hints.empty()) out.append("\n").append(hints);
    out.append(at_loop).append(loop).append(";").append(checked_hooks()).append(at_loop);
    out.append("} else {\n#pragma unroll 1").append(at_loop).append(loop).append("; } }");
    out.append(line_directive(line + lines, file));
    at = end + end_marker.size();
  }
  out.append(program, at, std::string::npos);
  return out;
}

}  // namespace ampcl::debug::detail
