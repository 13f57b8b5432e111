// lib/support/progress: a status line on a terminal, nothing anywhere else.
#include <gtest/gtest.h>
#include <fcntl.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>

#include "support/log.hpp"
#include "support/progress.hpp"

namespace {

using ampcl::detail::progress_line;
using namespace std::chrono_literals;

// Points fd 2 at `fd` for the scope's lifetime.
class stderr_redirect {
 public:
  explicit stderr_redirect(int fd) : saved_(::dup(2)) {
    std::fflush(stderr);
    ::dup2(fd, 2);
  }
  ~stderr_redirect() {
    std::fflush(stderr);
    ::dup2(saved_, 2);
    ::close(saved_);
  }

 private:
  int saved_;
};

std::string drain(int fd) {
  std::string out;
  char buf[512];
  for (ssize_t n; (n = ::read(fd, buf, sizeof buf)) > 0;) out.append(buf, static_cast<std::size_t>(n));
  return out;
}

void run_every_kind_of_line() {
  {
    progress_line now("sweeping", 0ms);
    now.update("1/3");
    now.update("3/3");
    now.finish();
  }
  progress_line slow("building slow.cl for test", 10ms);
  std::this_thread::sleep_for(50ms);  // past the delay: a terminal would show it
  slow.finish();
}

TEST(Progress, SilentWhenStderrIsAPipe) {
  int fds[2];
  ASSERT_EQ(::pipe(fds), 0);
  {
    stderr_redirect to_pipe(fds[1]);
    EXPECT_FALSE(ampcl::detail::progress_enabled());
    run_every_kind_of_line();
  }
  ::close(fds[1]);
  EXPECT_EQ(drain(fds[0]), "");
  ::close(fds[0]);
}

TEST(Progress, ShowsAndFinishesTheLineOnATerminal) {
  if (ampcl::detail::current_log_level() == ampcl::detail::log_level::off)
    GTEST_SKIP() << "AMPCL_LOG=off silences progress too";
  const int master = ::posix_openpt(O_RDWR | O_NOCTTY);
  if (master < 0 || ::grantpt(master) != 0 || ::unlockpt(master) != 0)
    GTEST_SKIP() << "no pseudo-terminal here";
  const int slave = ::open(::ptsname(master), O_RDWR | O_NOCTTY);
  ASSERT_GE(slave, 0);
  {
    stderr_redirect to_terminal(slave);
    EXPECT_TRUE(ampcl::detail::progress_enabled());
    run_every_kind_of_line();
    progress_line quick("quick", 10s);  // finished long before its delay: never shown
    quick.finish();
  }
  ::close(slave);
  ::fcntl(master, F_SETFL, O_NONBLOCK);
  const std::string out = drain(master);
  ::close(master);
  EXPECT_NE(out.find("ampcl: sweeping... 3/3"), std::string::npos) << out;
  EXPECT_NE(out.find("ampcl: sweeping... done in "), std::string::npos) << out;
  EXPECT_NE(out.find("ampcl: building slow.cl for test... done in "), std::string::npos) << out;
  EXPECT_EQ(out.find("quick"), std::string::npos) << out;
}

}  // namespace
