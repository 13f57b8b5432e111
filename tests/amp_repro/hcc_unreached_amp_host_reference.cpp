// Cause hcc-unreached-amp-body (HCC-only leniency): a restrict(amp) function that no kernel
// reaches, whose body uses host-only things (std::printf, exit, a namespace-scope variable
// the program writes): HCC never compiled it for the device, so never checked it (HCC's
// AutoRestricted/inferred_as_both_cpu_and_amp). Clang's CUDA mode reports a restrict(amp)
// function's host references at once: "reference to restrict(cpu) function 'exit' in
// restrict(amp) function". Fixed with --hcc: such a function is read without its body (it
// is dead: only amp code may call it, and no kernel does); one a kernel reaches is still
// rejected (dialect.hcc_rejects.reached_amp_host_reference).
// flags: --hcc
// bug: build
#include <amp.h>

#include <cstdio>
#include <cstdlib>
using namespace concurrency;

int failures = 0;

int check(int got, int want) restrict(amp) {
  if (got != want) {
    std::printf("got %d, want %d\n", got, want);
    ++failures;
    exit(1);
  }
  return got;
}

int add_one(int x) restrict(amp, cpu) { return x + 1; }

int main() {
  int out[4] = {0, 1, 2, 3};
  array_view<int, 1> v(4, out);
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] = add_one(v[i]); });
  v.synchronize();
  for (int i = 0; i < 4; ++i)
    if (out[i] != add_one(i)) return 1;
  return failures;
}
