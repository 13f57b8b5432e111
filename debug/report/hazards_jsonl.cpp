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

int open_for_append(const std::string& path) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd < 0) fail("cannot open race-check report", path);
  return fd;
}

// One write per call keeps concurrent writers' lines whole.
void append(int fd, const std::string& path, const std::string& text) {
  std::size_t done = 0;
  while (done < text.size()) {
    ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      fail("cannot write race-check report", path);
    }
    done += static_cast<std::size_t>(n);
  }
}

void append(const std::string& path, const std::string& text) {
  fd_guard fd(open_for_append(path));
  append(fd.get(), path, text);
}

std::string launch_line(const launch_event& e) {
  std::string line = "{\"event\":" + json::quote(e.checked ? "checked" : "launch") +
                     ",\"id\":" + json::quote(e.id);
  if (!e.checked)
    line += ",\"kernel\":" + json::quote(e.kernel) + ",\"source\":" + json::quote(e.source);
  return line + "}\n";
}

}  // namespace

void write_hazards_jsonl(const std::string& path, const std::vector<hazard>& hazards) {
  append(path, to_lines(hazards));
}

void write_launch_event(const std::string& path, const launch_event& e) {
  append(path, launch_line(e));
}

report_file::report_file(const std::string& path) : path_(path), fd_(open_for_append(path)) {}

report_file::~report_file() {
  ::close(fd_);
}

void report_file::write(const std::vector<hazard>& hazards) const {
  append(fd_, path_, to_lines(hazards));
}

void report_file::write(const std::vector<launch_event>& events) const {
  std::string lines;
  for (const launch_event& e : events) lines += launch_line(e);
  append(fd_, path_, lines);
}

void write_hazards_jsonl(std::ostream& out, const std::vector<hazard>& hazards) {
  out << to_lines(hazards);
}

checker_log read_checker_log(std::istream& in, const std::string& name) {
  checker_log out;
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    try {
      const json::value v = json::parse(line);
      const json::value* event = v.is_object() ? v.find("event") : nullptr;
      if (!event) {
        out.hazards.push_back(hazard_from_json(v));
        continue;
      }
      launch_event e;
      e.id = v.find("id") ? v.find("id")->as_string() : std::string();
      if (event->as_string() == "checked") {
        auto& open = out.open_launches;
        for (auto it = open.begin(); it != open.end(); ++it)
          if (it->id == e.id) {
            open.erase(it);
            break;
          }
        continue;
      }
      if (const json::value* k = v.find("kernel")) e.kernel = k->as_string();
      if (const json::value* s = v.find("source")) e.source = s->as_string();
      out.open_launches.push_back(std::move(e));
    } catch (const std::exception& e) {
      throw std::runtime_error(name + ":" + std::to_string(number) +
                               ": not a hazard record: " + e.what());
    }
  }
  return out;
}

checker_log read_checker_log(const std::string& path) {
  std::ifstream in(path);
  if (!in) fail("cannot read race-check report", path);
  return read_checker_log(in, path);
}

std::vector<hazard> read_hazards_jsonl(std::istream& in, const std::string& name) {
  return read_checker_log(in, name).hazards;
}

std::vector<hazard> read_hazards_jsonl(const std::string& path) {
  return read_checker_log(path).hazards;
}

}  // namespace ampcl::debug
