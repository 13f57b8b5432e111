#include "process_ref.hpp"

#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <sstream>

namespace ampcl::debug {

namespace {

// Field 22 of /proc/self/stat; the second field (the name in parentheses) may
// hold spaces, so counting starts after its closing parenthesis (field 3).
std::uint64_t read_start_time() {
  std::ifstream in("/proc/self/stat");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto paren = text.rfind(')');
  if (paren == std::string::npos) return 0;
  std::istringstream fields(text.substr(paren + 1));
  std::string field;
  for (int number = 3; number <= 22 && (fields >> field); ++number)
    if (number == 22) return std::strtoull(field.c_str(), nullptr, 10);
  return 0;
}

std::string shell_word(const std::string& arg) {
  if (!arg.empty() && arg.find_first_of(" \t\n'\"\\$") == std::string::npos) return arg;
  std::string out = "'";
  for (char c : arg) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

}  // namespace

process_ref this_process() {
  static std::atomic<int> cached_pid{0};
  static std::atomic<std::uint64_t> cached_start{0};
  const int pid = static_cast<int>(::getpid());
  if (cached_pid.load(std::memory_order_acquire) == pid)
    return {pid, cached_start.load(std::memory_order_relaxed)};
  // Threads racing here read the same value; a forked child reads its own.
  const std::uint64_t start = read_start_time();
  cached_start.store(start, std::memory_order_relaxed);
  cached_pid.store(pid, std::memory_order_release);
  return {pid, start};
}

std::string process_key(const process_ref& p) {
  return std::to_string(p.pid) + "." + std::to_string(p.start);
}

std::string this_command_line(std::size_t limit) {
  std::ifstream in("/proc/self/cmdline", std::ios::binary);
  std::string line, arg;
  while (std::getline(in, arg, '\0')) line += (line.empty() ? "" : " ") + shell_word(arg);
  if (line.size() > limit) line = line.substr(0, limit > 3 ? limit - 3 : 0) + "...";
  return line;
}

}  // namespace ampcl::debug
