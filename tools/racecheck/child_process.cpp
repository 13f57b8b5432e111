#include "child_process.hpp"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>

#include "cli_options.hpp"

namespace ampcl::racecheck {

child_result run_child(const std::vector<std::string>& argv,
                       const std::vector<std::pair<std::string, std::string>>& env,
                       bool stdout_to_stderr) {
  child_result r;
  if (argv.empty()) {
    r.started = false;
    r.exit_status = exit_not_found;
    r.error = "no program given";
    return r;
  }
  std::vector<char*> cargv;
  for (const auto& a : argv) cargv.push_back(const_cast<char*>(a.c_str()));
  cargv.push_back(nullptr);

  // The child reports an exec failure's errno through this close-on-exec pipe.
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) {
    r.started = false;
    r.exit_status = exit_tool_failure;
    r.error = std::string("pipe: ") + std::strerror(errno);
    return r;
  }
  pid_t pid = fork();
  if (pid < 0) {
    close(fds[0]);
    close(fds[1]);
    r.started = false;
    r.exit_status = exit_tool_failure;
    r.error = std::string("fork: ") + std::strerror(errno);
    return r;
  }
  if (pid == 0) {
    close(fds[0]);
    for (const auto& [k, v] : env) setenv(k.c_str(), v.c_str(), 1);
    if (stdout_to_stderr) dup2(STDERR_FILENO, STDOUT_FILENO);
    execvp(cargv[0], cargv.data());
    int err = errno;
    ssize_t ignored = write(fds[1], &err, sizeof err);
    (void)ignored;
    _exit(exit_cannot_execute);
  }
  close(fds[1]);
  r.pid = static_cast<int>(pid);
  int exec_errno = 0;
  ssize_t n;
  do {
    n = read(fds[0], &exec_errno, sizeof exec_errno);
  } while (n < 0 && errno == EINTR);
  close(fds[0]);

  // Interrupts go to the whole foreground group; the checker waits for the
  // child to finish (and write its report) rather than dying first.
  struct sigaction ignore {
  }, old_int{}, old_quit{};
  ignore.sa_handler = SIG_IGN;
  sigaction(SIGINT, &ignore, &old_int);
  sigaction(SIGQUIT, &ignore, &old_quit);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  sigaction(SIGINT, &old_int, nullptr);
  sigaction(SIGQUIT, &old_quit, nullptr);

  if (n == static_cast<ssize_t>(sizeof exec_errno)) {
    r.started = false;
    r.exit_status = exec_errno == ENOENT ? exit_not_found : exit_cannot_execute;
    r.error = "cannot run '" + argv[0] + "': " + std::strerror(exec_errno);
    return r;
  }
  if (WIFEXITED(status)) {
    r.exit_status = WEXITSTATUS(status);
  } else if (WIFSIGNALED(status)) {
    r.signal = WTERMSIG(status);
    r.exit_status = 128 + r.signal;
  }
  return r;
}

std::string signal_name(int signal) {
  const char* abbrev = sigabbrev_np(signal);
  const char* text = strsignal(signal);
  std::string name = abbrev ? std::string("SIG") + abbrev : "signal " + std::to_string(signal);
  if (text) {
    std::string lower = text;
    for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    name += " (" + lower + ")";
  }
  return name;
}

}  // namespace ampcl::racecheck
