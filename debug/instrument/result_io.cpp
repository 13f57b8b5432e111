#include "result_io.hpp"

#include <dlfcn.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <ampcl/detail/settings.hpp>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <istream>
#include <ostream>
#include <sstream>
#include <stdexcept>

extern char** environ;

namespace ampcl::debug {

const char* to_string(access_kind k) {
  switch (k) {
#define AMPCL_ACCESS_NAME(id, code, value, name) \
  case access_kind::id:                          \
    return name;
    AMPCL_ACCESS_KINDS(AMPCL_ACCESS_NAME)
#undef AMPCL_ACCESS_NAME
  }
  return "?";
}

namespace {

constexpr const char* kMagic = "ampcl-instrument-result 6";

void put(std::ostream& o, const std::string& s) {
  o << s.size() << ':' << s << '\n';
}
void put(std::ostream& o, long long v) {
  o << v << '\n';
}

std::string get_string(std::istream& in) {
  std::size_t n = 0;
  char colon = 0;
  if (!(in >> n) || !in.get(colon) || colon != ':')
    throw std::runtime_error("malformed instrumenter output");
  std::string s(n, '\0');
  if (n && !in.read(s.data(), static_cast<std::streamsize>(n)))
    throw std::runtime_error("truncated instrumenter output");
  in.get();
  return s;
}

long long get_int(std::istream& in) {
  long long v = 0;
  if (!(in >> v)) throw std::runtime_error("malformed instrumenter output");
  return v;
}

}  // namespace

void write_result(std::ostream& o, const instrument_result& r) {
  o << kMagic << '\n';
  put(o, r.ok ? 1 : 0);
  put(o, r.diagnostics);
  put(o, r.source);
  put(o, r.kernel_name);
  put(o, r.user_param_count);
  put(o, static_cast<long long>(r.extra_params.size()));
  for (const auto& p : r.extra_params) put(o, p);
  put(o, static_cast<long long>(r.sites.size()));
  for (const auto& s : r.sites) {
    put(o, s.id);
    put(o, s.file);
    put(o, s.line);
    put(o, s.column);
    put(o, s.variable);
    put(o, static_cast<int>(s.kind));
    put(o, static_cast<int>(s.space));
    put(o, s.fence_flags);
    put(o, s.related_site);
    put(o, s.quiet ? 1 : 0);
  }
  put(o, static_cast<long long>(r.tile_static.size()));
  for (const auto& t : r.tile_static) {
    put(o, t.name);
    put(o, static_cast<long long>(t.bytes));
    put(o, t.granule);
    put(o, t.param_index);
  }
  put(o, static_cast<long long>(r.globals.size()));
  for (const auto& g : r.globals) {
    put(o, g.name);
    put(o, g.param_index);
    put(o, g.element_bytes);
    put(o, g.granule);
    put(o, g.is_const ? 1 : 0);
    put(o, g.never_written ? 1 : 0);
    put(o, static_cast<long long>(g.owned_dims));
    put(o, g.read_only_subscripts ? 1 : 0);
    put(o, g.view_param_index);
  }
  put(o, static_cast<long long>(r.warnings.size()));
  for (const auto& w : r.warnings) put(o, w);
  put(o, r.varying_fence_flags ? 1 : 0);
  put(o, r.global_slots);
  put(o, r.checked_global_sites);
}

instrument_result read_result(std::istream& in) {
  std::string magic;
  std::getline(in, magic);
  if (magic != kMagic) throw std::runtime_error("not ampcl-instrument output: '" + magic + "'");
  instrument_result r;
  r.ok = get_int(in) != 0;
  r.diagnostics = get_string(in);
  r.source = get_string(in);
  r.kernel_name = get_string(in);
  r.user_param_count = static_cast<unsigned>(get_int(in));
  r.extra_params.resize(static_cast<std::size_t>(get_int(in)));
  for (auto& p : r.extra_params) p = get_string(in);
  r.sites.resize(static_cast<std::size_t>(get_int(in)));
  for (auto& s : r.sites) {
    s.id = static_cast<std::uint32_t>(get_int(in));
    s.file = get_string(in);
    s.line = static_cast<int>(get_int(in));
    s.column = static_cast<int>(get_int(in));
    s.variable = get_string(in);
    s.kind = static_cast<access_kind>(get_int(in));
    s.space = static_cast<memory_space>(get_int(in));
    s.fence_flags = static_cast<unsigned>(get_int(in));
    s.related_site = static_cast<std::uint32_t>(get_int(in));
    s.quiet = get_int(in) != 0;
  }
  r.tile_static.resize(static_cast<std::size_t>(get_int(in)));
  for (auto& t : r.tile_static) {
    t.name = get_string(in);
    t.bytes = static_cast<std::uint64_t>(get_int(in));
    t.granule = static_cast<std::uint32_t>(get_int(in));
    t.param_index = static_cast<int>(get_int(in));
  }
  r.globals.resize(static_cast<std::size_t>(get_int(in)));
  for (auto& g : r.globals) {
    g.name = get_string(in);
    g.param_index = static_cast<int>(get_int(in));
    g.element_bytes = static_cast<std::uint32_t>(get_int(in));
    g.granule = static_cast<std::uint32_t>(get_int(in));
    g.is_const = get_int(in) != 0;
    g.never_written = get_int(in) != 0;
    g.owned_dims = static_cast<std::uint32_t>(get_int(in));
    g.read_only_subscripts = get_int(in) != 0;
    g.view_param_index = static_cast<int>(get_int(in));
  }
  r.warnings.resize(static_cast<std::size_t>(get_int(in)));
  for (auto& w : r.warnings) w = get_string(in);
  r.varying_fence_flags = get_int(in) != 0;
  r.global_slots = static_cast<std::uint32_t>(get_int(in));
  r.checked_global_sites = static_cast<std::uint32_t>(get_int(in));
  return r;
}

namespace {

std::string find_tool() {
  namespace st = ampcl::detail::settings;
  if (std::optional<std::string> set = st::text(st::id::instrument_tool)) return *set;
  Dl_info info{};
  if (dladdr(reinterpret_cast<void*>(&find_tool), &info) && info.dli_fname) {
    std::string self = info.dli_fname;
    auto slash = self.find_last_of('/');
    if (slash != std::string::npos) {
      std::string beside = self.substr(0, slash + 1) + "ampcl-instrument";
      if (access(beside.c_str(), X_OK) == 0) return beside;
      std::string libexec = self.substr(0, slash + 1) + "../libexec/ampcl/ampcl-instrument";
      if (access(libexec.c_str(), X_OK) == 0) return libexec;
#ifdef AMPCL_INSTRUMENT_TOOL_FROM_LIBDIR
      // Installed: <libdir>/libampcl_racecheck.so and <bindir>/ampcl-instrument, with
      // the Clang headers installed beside it (a build tree's would not find them).
      std::string bin = self.substr(0, slash + 1) + AMPCL_INSTRUMENT_TOOL_FROM_LIBDIR;
      if (access(bin.c_str(), X_OK) == 0) return bin;
#endif
    }
  }
#ifdef AMPCL_INSTRUMENT_TOOL_BUILD_PATH
  if (access(AMPCL_INSTRUMENT_TOOL_BUILD_PATH, X_OK) == 0) return AMPCL_INSTRUMENT_TOOL_BUILD_PATH;
#endif
  return "ampcl-instrument";
}

// Writes all of `text` to `fd`, or as much as the reader takes before it closes:
// SIGPIPE is blocked on this thread meanwhile, and one it raised is consumed.
void write_ignoring_sigpipe(int fd, const std::string& text) {
  sigset_t pipe_signal, old;
  sigemptyset(&pipe_signal);
  sigaddset(&pipe_signal, SIGPIPE);
  pthread_sigmask(SIG_BLOCK, &pipe_signal, &old);
  const char* p = text.data();
  std::size_t left = text.size();
  bool broken = false;
  while (left > 0) {
    const ssize_t n = write(fd, p, left);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      broken = errno == EPIPE;
      break;
    }
    p += n;
    left -= static_cast<std::size_t>(n);
  }
  if (broken) {
    const timespec now{};
    while (sigtimedwait(&pipe_signal, nullptr, &now) == SIGPIPE) {
    }
  }
  pthread_sigmask(SIG_SETMASK, &old, nullptr);
}

instrument_result failure(const std::string& why) {
  instrument_result r;
  r.diagnostics = "error: " + why + "\n";
  return r;
}

}  // namespace

std::string instrument_tool() {
  return find_tool();
}

instrument_result instrument_in_subprocess(const std::string& source,
                                           const std::string& source_name,
                                           const std::string& build_options,
                                           const std::string& kernel_name) {
  const std::string tool = find_tool();
  int in_pipe[2], out_pipe[2];
  // Close-on-exec: a child another thread spawns meanwhile must not keep these
  // ends open (this child would never see its input end).
  if (pipe2(in_pipe, O_CLOEXEC) != 0) return failure(std::string("pipe: ") + std::strerror(errno));
  if (pipe2(out_pipe, O_CLOEXEC) != 0) {
    close(in_pipe[0]);
    close(in_pipe[1]);
    return failure(std::string("pipe: ") + std::strerror(errno));
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, in_pipe[0], 0);
  posix_spawn_file_actions_adddup2(&actions, out_pipe[1], 1);
  for (int fd : {in_pipe[0], in_pipe[1], out_pipe[0], out_pipe[1]})
    posix_spawn_file_actions_addclose(&actions, fd);
  std::vector<std::string> args = {tool,        "--kernel",  kernel_name,  "--name",
                                   source_name, "--options", build_options};
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  pid_t pid = 0;
  int err = posix_spawnp(&pid, tool.c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  close(in_pipe[0]);
  close(out_pipe[1]);
  if (err != 0) {
    close(in_pipe[1]);
    close(out_pipe[0]);
    return failure("cannot start the instrumenter " + tool + ": " + std::strerror(err) +
                   " (set AMPCL_INSTRUMENT_TOOL)");
  }
  // The tool reads all of its input before it writes, so this order cannot block.
  // A tool that exits early must not take this process with it (SIGPIPE).
  write_ignoring_sigpipe(in_pipe[1], source);
  close(in_pipe[1]);
  std::string output;
  char buf[65536];
  for (;;) {
    ssize_t n = read(out_pipe[0], buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    output.append(buf, static_cast<std::size_t>(n));
  }
  close(out_pipe[0]);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (!WIFEXITED(status)) return failure("the instrumenter " + tool + " crashed");
  try {
    std::istringstream in(output);
    return read_result(in);
  } catch (const std::exception& e) {
    return failure(std::string("the instrumenter's output could not be read: ") + e.what());
  }
}

}  // namespace ampcl::debug
