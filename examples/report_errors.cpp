// Linked into every example: an error that escapes main (a bad AMPCL_DEVICE, a
// missing device feature) ends the program with its message and exit status 1
// instead of std::terminate's abort and core dump.
#include <cstdio>
#include <cstdlib>
#include <exception>

namespace {

[[noreturn]] void report_and_exit() {
  std::fflush(stdout);
  if (const std::exception_ptr e = std::current_exception()) {
    try {
      std::rethrow_exception(e);
    } catch (const std::exception& x) {
      std::fprintf(stderr, "error: %s\n", x.what());
    } catch (...) {
      std::fprintf(stderr, "error: an unknown exception ended the program\n");
    }
  } else {
    std::fprintf(stderr, "error: std::terminate was called without an exception\n");
  }
  std::_Exit(1);  // no static destructors: terminate may run inside one
}

[[maybe_unused]] const bool installed = (std::set_terminate(report_and_exit), true);

}  // namespace
