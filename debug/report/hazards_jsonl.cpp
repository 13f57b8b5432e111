#include "hazards_jsonl.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <istream>
#include <ostream>
#include <stdexcept>

#include "hazard_json.hpp"

namespace ampcl::debug {

namespace {

std::string to_lines(const std::vector<hazard>& hazards) {
  std::string text;
  for (const hazard& h : hazards) {
    text += hazard_to_json(h);
    text += '\n';
  }
  return text;
}

class fd_guard {
 public:
  explicit fd_guard(int fd) : fd_(fd) {}
  ~fd_guard() {
    if (fd_ >= 0) ::close(fd_);
  }
  fd_guard(const fd_guard&) = delete;
  fd_guard& operator=(const fd_guard&) = delete;
  int get() const { return fd_; }

 private:
  int fd_;
};

[[noreturn]] void fail(const std::string& what, const std::string& path) {
  throw std::runtime_error(what + " '" + path + "': " + std::strerror(errno));
}

}  // namespace

void write_hazards_jsonl(const std::string& path, const std::vector<hazard>& hazards) {
  fd_guard fd(::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644));
  if (fd.get() < 0) fail("cannot open race-check report", path);
  const std::string text = to_lines(hazards);
  // One write per call keeps concurrent writers' lines whole.
  std::size_t done = 0;
  while (done < text.size()) {
    ssize_t n = ::write(fd.get(), text.data() + done, text.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      fail("cannot write race-check report", path);
    }
    done += static_cast<std::size_t>(n);
  }
}

void write_hazards_jsonl(std::ostream& out, const std::vector<hazard>& hazards) {
  out << to_lines(hazards);
}

std::vector<hazard> read_hazards_jsonl(std::istream& in, const std::string& name) {
  std::vector<hazard> out;
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    try {
      out.push_back(hazard_from_json(json::parse(line)));
    } catch (const std::exception& e) {
      throw std::runtime_error(name + ":" + std::to_string(number) +
                               ": not a hazard record: " + e.what());
    }
  }
  return out;
}

std::vector<hazard> read_hazards_jsonl(const std::string& path) {
  std::ifstream in(path);
  if (!in) fail("cannot read race-check report", path);
  return read_hazards_jsonl(in, path);
}

}  // namespace ampcl::debug
