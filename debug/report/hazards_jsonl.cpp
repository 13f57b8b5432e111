#include "hazards_jsonl.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <istream>
#include <map>
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

std::string process_fields(const process_ref& p) {
  if (!p.recorded()) return {};
  return ",\"pid\":" + std::to_string(p.pid) + ",\"process_start\":" + std::to_string(p.start);
}

std::string launch_line(const launch_event& e) {
  std::string line = "{\"event\":" + json::quote(e.checked ? "checked" : "launch") +
                     ",\"id\":" + json::quote(e.id) + process_fields(e.process);
  if (!e.checked)
    line += ",\"kernel\":" + json::quote(e.kernel) + ",\"source\":" + json::quote(e.source);
  return line + "}\n";
}

std::string process_line(const process_ref& p, const std::string& command) {
  return "{\"event\":\"process\"" + process_fields(p) + ",\"command\":" + json::quote(command) +
         "}\n";
}

// The record's process when it names none: the one writing it.
template <class Record>
Record stamped(Record r, const process_ref& writer) {
  if (!r.process.recorded()) r.process = writer;
  return r;
}

}  // namespace

void write_hazards_jsonl(const std::string& path, const std::vector<hazard>& hazards) {
  append(path, to_lines(hazards));
}

void write_launch_event(const std::string& path, const launch_event& e) {
  append(path, launch_line(e));
}

std::string new_launch_id(const std::string& tag, unsigned long n) {
  return process_key(this_process()) + ":" + tag + std::to_string(n);
}

report_file::report_file(const std::string& path) : path_(path), fd_(open_for_append(path)) {
  append(fd_, path_, with_announcement({}));
}

std::string report_file::with_announcement(std::string lines) const {
  const process_ref self = this_process();
  if (announced_pid_.exchange(self.pid) == self.pid) return lines;
  return process_line(self, this_command_line()) + lines;
}

report_file::~report_file() {
  ::close(fd_);
}

void report_file::write(const std::vector<hazard>& hazards) const {
  const process_ref self = this_process();
  std::string lines;
  for (const hazard& h : hazards) lines += hazard_to_json(stamped(h, self)) + '\n';
  append(fd_, path_, with_announcement(std::move(lines)));
}

void report_file::write(const std::vector<launch_event>& events) const {
  const process_ref self = this_process();
  std::string lines;
  for (const launch_event& e : events) lines += launch_line(stamped(e, self));
  append(fd_, path_, with_announcement(std::move(lines)));
}

void write_hazards_jsonl(std::ostream& out, const std::vector<hazard>& hazards) {
  out << to_lines(hazards);
}

namespace {

// Reads the journal's lines into a checker_log; launches are told apart by
// process and id, so two processes' events may interleave in any order.
class journal_reader {
 public:
  void add(const json::value& v) {
    const json::value* event = v.is_object() ? v.find("event") : nullptr;
    if (!event) {
      log_.hazards.push_back(hazard_from_json(v));
      return;
    }
    launch_event e;
    e.process = process_from_json(v);
    process_record& p = record_of(e.process);
    const std::string what = event->as_string();
    if (what == "process") {
      if (const json::value* c = v.find("command"); c && p.command.empty())
        p.command = c->as_string();
      return;
    }
    e.id = v.find("id") ? v.find("id")->as_string() : std::string();
    if (what == "checked") {
      close(e);
      ++p.finished;
      return;
    }
    if (const json::value* k = v.find("kernel")) e.kernel = k->as_string();
    if (const json::value* s = v.find("source")) e.source = s->as_string();
    ++p.launches;
    log_.open_launches.push_back(std::move(e));
  }
  checker_log take() { return std::move(log_); }

 private:
  process_record& record_of(const process_ref& p) {
    auto [it, added] = index_.emplace(p, log_.processes.size());
    if (added) log_.processes.push_back(process_record{p, {}, 0, 0});
    return log_.processes[it->second];
  }
  void close(const launch_event& checked) {
    auto& open = log_.open_launches;
    for (auto it = open.begin(); it != open.end(); ++it)
      if (it->id == checked.id && it->process == checked.process) {
        open.erase(it);
        return;
      }
  }

  checker_log log_;
  std::map<process_ref, std::size_t> index_;
};

}  // namespace

checker_log read_checker_log(std::istream& in, const std::string& name) {
  journal_reader reader;
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    try {
      reader.add(json::parse(line));
    } catch (const std::exception& e) {
      throw std::runtime_error(name + ":" + std::to_string(number) +
                               ": not a hazard record: " + e.what());
    }
  }
  return reader.take();
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
