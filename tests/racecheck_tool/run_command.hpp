// Runs a shell command line for the ampcl-racecheck tests and keeps what it
// printed on standard output (redirect stderr in the command to keep it too).
#pragma once

#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <string>

namespace ampcl::racecheck::test {

struct outcome {
  int status = -1;  // the exit status; -1 when it did not exit normally
  std::string out;
};

inline outcome run_command(const std::string& cmd) {
  outcome o;
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) return o;
  std::array<char, 4096> buf{};
  std::size_t n;
  while ((n = fread(buf.data(), 1, buf.size(), p)) > 0) o.out.append(buf.data(), n);
  const int st = pclose(p);
  o.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  return o;
}

}  // namespace ampcl::racecheck::test
