#include "programs/kernel_source.hpp"

#include <ampcl/errors.hpp>
#include <ampcl/kernel.hpp>

#include <fstream>
#include <regex>
#include <sstream>

namespace ampcl {

namespace detail {

namespace {
const std::regex& include_prelude() {
  static const std::regex re(R"re(^\s*#\s*include\s*[<"](ampcl/)?ampcl\.clh[>"]\s*$)re");
  return re;
}
std::string quoted(const std::string& s) {
  std::string out = "\"";
  for (char c : s) out += (c == '"' || c == '\\') ? std::string("\\") + c : std::string(1, c);
  return out + "\"";
}
}  // namespace

std::string expand_prelude(const std::string& text, const std::string& name) {
  const char* prelude = embedded_kernel("ampcl.clh");
  std::ostringstream out;
  out << "#line 1 " << quoted(name) << '\n';
  std::istringstream in(text);
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (std::regex_match(line, include_prelude())) {
      out << "#line 1 \"ampcl.clh\"\n" << prelude << '\n';
      out << "#line " << number + 1 << ' ' << quoted(name) << '\n';
    } else {
      out << line << '\n';
    }
  }
  return out.str();
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
  auto src = std::make_shared<kernel_source>();
  src->name = path;
  src->include_dir = folder_of(path);
  src->text = detail::expand_prelude(text.str(), path);
  return kernel(std::move(src), name);
}

kernel kernel::from_source(const std::string& source, const std::string& name,
                           const std::string& source_name) {
  auto src = std::make_shared<kernel_source>();
  src->name = source_name;
  src->text = detail::expand_prelude(source, source_name);
  return kernel(std::move(src), name);
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
