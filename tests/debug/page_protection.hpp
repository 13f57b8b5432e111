// The protection of the page holding `p`, as /proc/self/maps shows it ("rw-",
// "r--", "---"); empty when no mapping holds it.
#pragma once

#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>

namespace test {

inline std::string page_protection(const void* p) {
  const auto at = reinterpret_cast<std::uintptr_t>(p);
  std::ifstream maps("/proc/self/maps");
  std::string line;
  while (std::getline(maps, line)) {
    std::istringstream fields(line);
    std::string range, perms;
    fields >> range >> perms;
    const auto dash = range.find('-');
    const std::uintptr_t begin = std::stoull(range.substr(0, dash), nullptr, 16);
    const std::uintptr_t end = std::stoull(range.substr(dash + 1), nullptr, 16);
    if (begin <= at && at < end) return perms.substr(0, 3);
  }
  return "";
}

}  // namespace test
