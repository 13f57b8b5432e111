#include "programs/kernel_source.hpp"

#include <algorithm>
#include <ampcl/errors.hpp>
#include <ampcl/kernel.hpp>
#include <cctype>
#include <fstream>
#include <regex>
#include <sstream>
#include <string_view>

namespace ampcl {

namespace detail {

namespace {

// Whether `line` is `#include <ampcl.clh>` (or "ampcl.clh", <ampcl/ampcl.clh>), with
// any blanks between the parts. Plain string work: a std::regex per line cost a
// quarter of a millisecond per kernel.
bool includes_prelude(std::string_view line) {
  std::size_t i = 0;
  const auto blanks = [&] {
    while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i]))) ++i;
  };
  const auto word = [&](const char* w) {
    const std::size_t n = std::char_traits<char>::length(w);
    if (line.compare(i, n, w) != 0) return false;
    i += n;
    return true;
  };
  blanks();
  if (!word("#")) return false;
  blanks();
  if (!word("include")) return false;
  blanks();
  if (i >= line.size() || (line[i] != '<' && line[i] != '"')) return false;
  const char close = line[i++] == '<' ? '>' : '"';
  word("ampcl/");
  if (!word("ampcl.clh") || i >= line.size() || line[i] != close) return false;
  ++i;
  blanks();
  return i == line.size();
}

std::string quoted(const std::string& s) {
  std::string out = "\"";
  for (char c : s) out += (c == '"' || c == '\\') ? std::string("\\") + c : std::string(1, c);
  return out + "\"";
}

}  // namespace

std::string expand_prelude(const std::string& text, const std::string& name) {
  const char* prelude = embedded_kernel("ampcl.clh");
  std::string out = "#line 1 " + quoted(name) + "\n";
  out.reserve(text.size() + std::char_traits<char>::length(prelude) + 256);
  int number = 0;
  // Lines without a '#' are copied as they are, in runs (no string per line).
  const std::string_view all(text);
  std::size_t copied = 0;  // text before this is in `out`
  for (std::size_t at = 0; at < all.size();) {
    std::size_t eol = all.find('\n', at);
    if (eol == std::string_view::npos) eol = all.size();
    const std::string_view line = all.substr(at, eol - at);
    ++number;
    if (line.find('#') != std::string_view::npos && includes_prelude(line)) {
      out.append(all, copied, at - copied);
      out += "#line 1 \"ampcl.clh\"\n";
      out += prelude;
      out += "\n#line " + std::to_string(number + 1) + ' ' + quoted(name) + '\n';
      copied = std::min(eol + 1, all.size());
    }
    at = eol + 1;
  }
  out.append(all, copied, all.size() - copied);
  if (!all.empty() && all.back() != '\n' && copied < all.size()) out += '\n';
  return out;
}

std::shared_ptr<kernel_source> make_kernel_source(const std::string& text, const std::string& name,
                                                  const std::string& include_dir) {
  auto src = std::make_shared<kernel_source>();
  src->name = name;
  src->include_dir = include_dir;
  src->text = expand_prelude(text, name);
  // Bump "expansion 1" whenever expand_prelude's output changes for the same input.
  src->key_text =
      std::string("expansion 1, ampcl.clh ") + embedded_prelude_digest + "\n" + name + "\n" + text;
  return src;
}

std::string map_build_log(const std::string& log, const std::string& expanded) {
  // Where each line of the expanded source came from.
  std::vector<std::pair<std::string, int>> origin{{"", 0}};
  {
    static const std::regex line_marker(R"re(^#line (\d+) "(.*)"$)re");
    std::istringstream in(expanded);
    std::string line, file = "<source>";
    int next = 1;
    std::smatch m;
    while (std::getline(in, line)) {
      if (std::regex_match(line, m, line_marker)) {
        origin.emplace_back(file, 0);
        next = std::stoi(m[1]);
        file = m[2];
        continue;
      }
      origin.emplace_back(file, next++);
    }
  }
  static const std::regex position(R"re(<(kernel|source|program source|stdin)>:(\d+):)re");
  std::string out;
  auto begin = std::sregex_iterator(log.begin(), log.end(), position);
  std::size_t last = 0;
  for (auto it = begin; it != std::sregex_iterator(); ++it) {
    const auto& m = *it;
    const std::size_t at = static_cast<std::size_t>(m.position(0));
    out += log.substr(last, at - last);
    const std::size_t n = std::stoul(m[2]);
    if (n < origin.size() && origin[n].second > 0)
      out += origin[n].first + ":" + std::to_string(origin[n].second) + ":";
    else
      out += m.str(0);
    last = at + static_cast<std::size_t>(m.length(0));
  }
  return out + log.substr(last);
}

}  // namespace detail

namespace {
std::string folder_of(const std::string& path) {
  const auto slash = path.find_last_of('/');
  return slash == std::string::npos ? "." : path.substr(0, slash);
}
}  // namespace

kernel kernel::from_file(const std::string& path, const std::string& name) {
  std::ifstream f(path, std::ios::binary);
  if (!f)
    throw runtime_exception("cannot open kernel file '" + path +
                            "': check the path (relative paths start at the working directory)");
  std::ostringstream text;
  text << f.rdbuf();
  return kernel(detail::make_kernel_source(text.str(), path, folder_of(path)), name);
}

kernel kernel::from_source(const std::string& source, const std::string& name,
                           const std::string& source_name) {
  return kernel(detail::make_kernel_source(source, source_name, ""), name);
}

kernel kernel::builtin(const std::string& file, const std::string& name) {
  const char* text = detail::embedded_kernel(file);
  if (!text)
    throw runtime_exception("ampcl has no built-in kernel file '" + file +
                            "': the library's kernels are the files under kernels/");
  return from_source(text, name, "kernels/" + file);
}

kernel kernel::with_option(const std::string& option) const {
  kernel k = *this;
  k.options_ += (k.options_.empty() ? "" : " ") + option;
  k.variants_ = detail::make_kernel_variants();
  return k;
}

const std::string& kernel::source_name() const { return source_->name; }
const std::string& kernel::source() const { return source_->text; }

}  // namespace ampcl
