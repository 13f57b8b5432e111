#include "programs/include_closure.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <climits>
#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>
#include <string_view>

namespace ampcl::detail {

namespace {

constexpr std::size_t max_files = 1000;  // beyond this, something includes itself

// The -I folders of a build option string, in order ("-I dir" and "-Idir").
std::vector<std::string> include_dirs(const std::string& options) {
  std::vector<std::string> dirs;
  std::istringstream in(options);
  std::string word;
  while (in >> word) {
    if (word == "-I") {
      if (in >> word) dirs.push_back(word);
    } else if (word.rfind("-I", 0) == 0) {
      dirs.push_back(word.substr(2));
    }
  }
  return dirs;
}

bool is_file(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

std::string folder_of(const std::string& path) {
  const auto slash = path.find_last_of('/');
  return slash == std::string::npos ? "." : path.substr(0, slash);
}

void add_field(std::string& out, const std::string& s) {
  out += std::to_string(s.size());
  out += ':';
  out += s;
}

// One #include directive, or a line that is not one.
struct directive {
  enum class kind { none, include, line, macro_include } what = kind::none;
  std::string name;  // include: the header; line: the file named, if any
  bool quoted = false;
  long number = 0;  // line: the number the next line takes
};

class closure_walk {
 public:
  closure_walk(include_closure& out, std::vector<std::string> dirs, std::string_view prelude)
      : out_(out), dirs_(std::move(dirs)), prelude_(prelude) {}

  // `dir` is the includer's folder, empty for the program's own source. One pass
  // over the text without copying it: only lines that start with '#' outside a
  // comment are looked at closely.
  void scan(std::string_view text, const std::string& name, const std::string& dir) {
    std::string file = name;
    long line = 1;
    bool in_comment = false;
    for (std::size_t at = 0; at < text.size() && out_.unresolved.empty();) {
      std::size_t eol = text.find('\n', at);
      if (eol == std::string::npos) eol = text.size();
      const std::string_view raw(text.data() + at, eol - at);
      at = eol + 1;
      const bool directive_line = !in_comment && include_or_line(raw);
      skip_comments(raw, in_comment);
      if (!directive_line) {
        ++line;
        continue;
      }
      const directive d = parse(without_comments(raw));
      if (d.what == directive::kind::line) {
        line = d.number;
        if (!d.name.empty()) file = d.name;
        // The prelude expand_prelude pasted in: it #includes nothing and closes
        // its comments (tests check both), so its 24 KB need no scan. The
        // #line after it sets the place again.
        if (d.number == 1 && d.name == "ampcl.clh" && !prelude_.empty() &&
            text.compare(at, prelude_.size(), prelude_) == 0 &&
            text.compare(at + prelude_.size(), 7, "\n#line ") == 0)
          at += prelude_.size() + 1;
        continue;
      }
      const std::string where = " (" + file + " line " + std::to_string(line) + ")";
      ++line;
      if (d.what == directive::kind::macro_include)
        out_.unresolved = "an #include of a macro" + where + " cannot be followed";
      else if (d.what == directive::kind::include)
        follow(d, dir, where);
    }
  }

 private:
  void follow(const directive& d, const std::string& dir, const std::string& where) {
    const std::string spelled = d.quoted ? "\"" + d.name + "\"" : "<" + d.name + ">";
    const std::string path = resolve(d, dir);
    if (path.empty()) {
      std::string searched = d.quoted && !dir.empty() ? dir : "";
      for (const auto& f : dirs_) searched += (searched.empty() ? "" : ", ") + f;
      if (d.quoted) searched += std::string(searched.empty() ? "" : ", ") + "the working directory";
      out_.unresolved = "#include " + spelled + where +
                        " is in none of: " + (searched.empty() ? "(no -I folders)" : searched);
      return;
    }
    char real[PATH_MAX];
    const std::string id = ::realpath(path.c_str(), real) ? std::string(real) : path;
    if (!seen_.insert(id).second) return;  // include guards make a second visit a no-op
    if (out_.files.size() == max_files) {
      out_.unresolved = "more than " + std::to_string(max_files) + " included files" + where;
      return;
    }
    std::ifstream f(path, std::ios::binary);
    std::ostringstream text;
    text << f.rdbuf();
    if (!f) {
      out_.unresolved = "#include " + spelled + where + ": " + path + " cannot be read";
      return;
    }
    out_.files.push_back(path);
    add_field(out_.contents, path);
    add_field(out_.contents, text.str());
    scan(text.str(), path, folder_of(path));
  }

  std::string resolve(const directive& d, const std::string& dir) const {
    if (!d.name.empty() && d.name[0] == '/') return is_file(d.name) ? d.name : "";
    if (d.quoted && !dir.empty() && is_file(dir + "/" + d.name)) return dir + "/" + d.name;
    const auto found = std::find_if(dirs_.begin(), dirs_.end(), [&](const std::string& f) {
      return is_file(f + "/" + d.name);
    });
    if (found != dirs_.end()) return *found + "/" + d.name;
    if (d.quoted && is_file(d.name)) return d.name;
    return "";
  }

  // Whether the line is an #include or #line directive (#define and the others
  // are left alone).
  static bool include_or_line(std::string_view line) {
    std::size_t i = line.find_first_not_of(" \t");
    if (i == std::string_view::npos || line[i] != '#') return false;
    i = line.find_first_not_of(" \t", i + 1);
    if (i == std::string_view::npos) return false;
    const std::string_view word = line.substr(i);
    return word.compare(0, 7, "include") == 0 || word.compare(0, 4, "line") == 0;
  }

  // Whether a /* comment is still open at the end of `line`.
  static void skip_comments(std::string_view line, bool& in_comment) {
    for (std::size_t i = 0; i < line.size(); ++i) {
      if (in_comment) {
        i = line.find("*/", i);
        if (i == std::string_view::npos) return;
        in_comment = false;
        ++i;
        continue;
      }
      i = line.find('/', i);
      if (i == std::string_view::npos || i + 1 >= line.size()) return;
      if (line[i + 1] == '/') return;
      if (line[i + 1] == '*') {
        in_comment = true;
        ++i;
      }
    }
  }

  // A directive line without its comments (it starts outside one).
  static std::string without_comments(std::string_view line) {
    std::string code;
    bool in_comment = false;
    for (std::size_t i = 0; i < line.size(); ++i) {
      if (in_comment) {
        if (line.compare(i, 2, "*/") == 0) {
          in_comment = false;
          ++i;
        }
        continue;
      }
      if (line.compare(i, 2, "/*") == 0) {
        in_comment = true;
        ++i;
        code += ' ';
        continue;
      }
      if (line.compare(i, 2, "//") == 0) break;
      code += line[i];
    }
    return code;
  }

  static directive parse(const std::string& code) {
    directive d;
    std::size_t i = code.find_first_not_of(" \t");
    if (i == std::string::npos || code[i] != '#') return d;
    i = code.find_first_not_of(" \t", i + 1);
    if (i == std::string::npos) return d;
    if (code.compare(i, 4, "line") == 0) {
      char* end = nullptr;
      d.number = std::strtol(code.c_str() + i + 4, &end, 10);
      if (end == code.c_str() + i + 4) return d;  // not a #line we understand
      d.what = directive::kind::line;
      const auto open = code.find('"', static_cast<std::size_t>(end - code.c_str()));
      const auto close = open == std::string::npos ? open : code.find('"', open + 1);
      if (close != std::string::npos) d.name = code.substr(open + 1, close - open - 1);
      return d;
    }
    if (code.compare(i, 7, "include") != 0) return d;
    i = code.find_first_not_of(" \t", i + 7);
    const char open = i == std::string::npos ? '\0' : code[i];
    const auto close = open == '"'   ? code.find('"', i + 1)
                       : open == '<' ? code.find('>', i + 1)
                                     : std::string::npos;
    if (close == std::string::npos) {
      d.what = directive::kind::macro_include;
      return d;
    }
    d.what = directive::kind::include;
    d.quoted = open == '"';
    d.name = code.substr(i + 1, close - i - 1);
    return d;
  }

  include_closure& out_;
  const std::vector<std::string> dirs_;
  const std::string_view prelude_;
  std::set<std::string> seen_;
};

}  // namespace

include_closure find_includes(std::string_view source, const std::string& options,
                              std::string_view prelude) {
  include_closure out;
  closure_walk(out, include_dirs(options), prelude).scan(source, "the source", "");
  return out;
}

}  // namespace ampcl::detail
