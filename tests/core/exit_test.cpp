// A program may return from main with kernels still in flight (C++ AMP's
// parallel_for_each does not wait). Its exit must finish them before the
// driver's own exit-time teardown: PoCL otherwise builds or runs them while its
// compiler is destroyed, and the process crashed or ended with the work undone.
// The program is a process of its own (exit_child/), started fresh.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

namespace {

void poison(const std::string& path) {
  const std::vector<char> page(4096, '\xff');  // -1 in every int
  std::ofstream(path, std::ios::binary).write(page.data(), static_cast<long>(page.size()));
}

int value_in(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  int value = 0;
  in.read(reinterpret_cast<char*>(&value), sizeof value);
  return value;
}

}  // namespace

TEST(Exit, WorkStillInFlightAtExitIsFinishedFirst) {
  char path[] = "/tmp/ampcl-exit-XXXXXX";
  const int fd = mkstemp(path);
  ASSERT_GE(fd, 0);
  close(fd);
  const struct remove_at_end {
    const char* path;
    ~remove_at_end() { unlink(path); }
  } cleanup{path};
  for (int run = 0; run < 3; ++run) {
    poison(path);
    const pid_t child = fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
      execl(AMPCL_EXIT_CHILD, AMPCL_EXIT_CHILD, path, static_cast<char*>(nullptr));
      _exit(127);
    }
    int status = 0;
    ASSERT_EQ(waitpid(child, &status, 0), child);
    ASSERT_TRUE(WIFEXITED(status)) << "the program died of signal " << WTERMSIG(status);
    if (WEXITSTATUS(status) == 2) GTEST_SKIP() << "the device shares no memory with the host";
    ASSERT_EQ(WEXITSTATUS(status), 0);
    EXPECT_EQ(value_in(path), 42) << "run " << run << ": the launch had not run at exit";
  }
}
