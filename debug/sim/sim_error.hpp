// A .sim launch file that cannot be used: names the file, the line, what is
// wrong and what a correct line looks like.
#pragma once

#include <stdexcept>
#include <string>

namespace ampcl::sim {

class sim_error : public std::runtime_error {
 public:
  // what() is "FILE:LINE: error: MESSAGE" plus "\n  hint: HINT" when a hint is given.
  sim_error(std::string file, int line, std::string message, std::string hint = {});

  const std::string& file() const { return file_; }
  int line() const { return line_; }  // 0 when the problem is the whole file
  const std::string& message() const { return message_; }
  const std::string& hint() const { return hint_; }

 private:
  std::string file_;
  int line_;
  std::string message_;
  std::string hint_;
};

}  // namespace ampcl::sim
