// The evidence behind bolt-tbb-scan-uninitialized (docs/validation_amp.md): Bolt's multicore
// scan_by_key, called as ScanByKeyTest's MulticoreInclFloat calls it (2^24 equal keys), with
// no ampcl in the build. Bolt's parallel_scan bodies (bolt/btbb/detail/scan_by_key.inl
// ScanKey_tbb, reduce_by_key.inl reduce_by_key_tbb) leave strt_indx, end_indx, flag and
// next_flag uninitialized in their splitting constructors, and reverse_join reads
// first_key[a.end_indx] of a body oneTBB joins before it has run. valgrind: "Use of
// uninitialised value" in reverse_join (scan_by_key.inl:121), "created by a stack allocation";
// g++ -O0 -fsanitize=address: a SEGV there; clang++ -O2: SIGSEGV, as in the suites built by
// ampcl-c++ (g++ -O2 happens to survive). Build against Bolt's
// headers (BOLT: its checkout) and compat/'s task_scheduler_init stand-in:
//   g++ -std=c++17 -O0 -g -fsanitize=address -I$BOLT/include \
//     -idirafter tools/validate_amp/compat bolt_tbb_scan_split.cpp -ltbb -o probe && ./probe
#include "bolt/btbb/scan_by_key.h"

#include <cstdio>
#include <cstdlib>
#include <functional>
#include <vector>

int main() {
  const int length = 1 << 24;
  std::vector<int> keys(length, 1);
  std::vector<float> in(length), out(length);
  for (float& x : in) x = 1.0f + static_cast<float>(std::rand() % 3);
  bolt::btbb::inclusive_scan_by_key(keys.begin(), keys.end(), in.begin(), out.begin(),
                                    std::equal_to<int>(), std::plus<float>());
  std::printf("last sum %.1f\n", out[length - 1]);
  return 0;
}
