// Reads a .sim file the way oclgrind-kernel does: whitespace-separated tokens
// that may cross lines, `#` starts a comment to the end of the line, and an
// argument header `<...>` must sit on one line (it ends at the last '>').
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace ampcl::sim {

struct token {
  std::string text;
  int line = 0;
};

class sim_lexer {
 public:
  explicit sim_lexer(const std::string& text);

  // The next token, or nullopt at the end of the file.
  std::optional<token> next();
  // Whether anything but whitespace and comments is left.
  bool at_end();
  // The line of the next token (or of the last line at the end).
  int line();

  // At an argument header: true and `header` set to the text between '<' and
  // the line's last '>'. False with `missing_close` set when the line has a '<'
  // first but no '>'; false and nothing set when the next token is no header.
  bool header(std::string& header, int& header_line, bool& missing_close);

 private:
  void skip_space();
  std::vector<std::string> lines_;  // comments removed
  std::size_t row_ = 0, col_ = 0;
};

}  // namespace ampcl::sim
