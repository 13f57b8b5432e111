// libFuzzer: any text given to the .sim parser either parses or throws sim_error
// (which names file and line); nothing else escapes, and nothing crashes.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "sim_error.hpp"
#include "sim_parser.hpp"

using namespace ampcl::sim;

namespace {

// Parameters of every kind, so each argument form is reachable.
std::vector<kernel_param> params() {
  std::vector<kernel_param> p(5);
  p[0] = {"in", "float*", address_space::global, 0};
  p[1] = {"out", "int*", address_space::global, 0};
  p[2] = {"scratch", "float*", address_space::local, 0};
  p[3] = {"n", "int", address_space::private_, 4};
  p[4] = {"v", "uchar4", address_space::private_, 4};
  return p;
}

}  // namespace

// fill= and range= build size bytes in memory: keep arguments small enough that
// the fuzzer's memory and time limits measure the parser, not memset.
extern "C" int LLVMFuzzerInitialize(int*, char***) {
  setenv("AMPCL_SIM_MAX_BYTES", "1048576", 1);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  static const std::vector<kernel_param> ps = params();
  // The first byte picks how many parameters the kernel has (0 to 5).
  const std::size_t n = size ? data[0] % (ps.size() + 1) : 0;
  const std::vector<kernel_param> some(ps.begin(), ps.begin() + static_cast<long>(n));
  try {
    sim_launch l = parse_sim(text, "fuzz.sim", some);
    if (l.args.size() != some.size()) std::abort();  // parsed must mean complete
  } catch (const sim_error& e) {
    if (e.file() != "fuzz.sim") std::abort();
  }
  return 0;
}
