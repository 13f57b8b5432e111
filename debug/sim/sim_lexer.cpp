#include "sim_lexer.hpp"

#include <cctype>

namespace ampcl::sim {

namespace {
bool is_space(char c) {
  return std::isspace(static_cast<unsigned char>(c)) != 0;
}
}  // namespace

sim_lexer::sim_lexer(const std::string& text) {
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(start, end - start);
    if (std::size_t hash = line.find('#'); hash != std::string::npos) line.resize(hash);
    lines_.push_back(std::move(line));
    start = end + 1;
  }
  // A final newline ends the last line rather than starting another, so errors
  // at the end of the file name its last line.
  if (lines_.size() > 1 && !text.empty() && text.back() == '\n') lines_.pop_back();
}

void sim_lexer::skip_space() {
  while (row_ < lines_.size()) {
    const std::string& l = lines_[row_];
    while (col_ < l.size() && is_space(l[col_])) ++col_;
    if (col_ < l.size()) return;
    ++row_;
    col_ = 0;
  }
}

bool sim_lexer::at_end() {
  skip_space();
  return row_ >= lines_.size();
}

int sim_lexer::line() {
  skip_space();
  if (row_ >= lines_.size()) return static_cast<int>(lines_.size());
  return static_cast<int>(row_) + 1;
}

std::optional<token> sim_lexer::next() {
  skip_space();
  if (row_ >= lines_.size()) return std::nullopt;
  const std::string& l = lines_[row_];
  std::size_t start = col_;
  while (col_ < l.size() && !is_space(l[col_])) ++col_;
  return token{l.substr(start, col_ - start), static_cast<int>(row_) + 1};
}

bool sim_lexer::header(std::string& header, int& header_line, bool& missing_close) {
  missing_close = false;
  skip_space();
  if (row_ >= lines_.size() || lines_[row_][col_] != '<') return false;
  const std::string& l = lines_[row_];
  header_line = static_cast<int>(row_) + 1;
  std::size_t close = l.find_last_of('>');
  if (close == std::string::npos || close < col_) {
    missing_close = true;
    return false;
  }
  header = l.substr(col_ + 1, close - col_ - 1);
  col_ = close + 1;
  return true;
}

}  // namespace ampcl::sim
