// Repeated launches of an empty kernel over 1..16 resident arrays, with
// callgrind's collection on only around the loop (run.sh reads the counts).
#include <ampcl/ampcl.hpp>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <utility>
#include <vector>
#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#else
#define CALLGRIND_TOGGLE_COLLECT
#endif

namespace {

using arrays = std::vector<std::unique_ptr<ampcl::array<float, 1>>>;

std::string empty_kernel(int n) {
  std::string s = "__kernel void empty(";
  for (int i = 0; i < n; ++i)
    s += (i ? ", __global float* a" : "__global float* a") + std::to_string(i);
  return s + ") {}\n";
}

template <std::size_t... I>
void launch(const ampcl::accelerator_view& v, const ampcl::kernel& k, const arrays& a,
            std::index_sequence<I...>) {
  ampcl::parallel_for_each(v, ampcl::extent<1>(256), k, *a[I]...);
}

template <std::size_t N>
void loop(int launches) {
  const ampcl::accelerator_view v = ampcl::accelerator().get_default_view();
  arrays a;
  for (std::size_t i = 0; i < N; ++i)
    a.push_back(std::make_unique<ampcl::array<float, 1>>(ampcl::extent<1>(256), v));
  const ampcl::kernel k = ampcl::kernel::from_source(empty_kernel(N), "empty");
  for (int i = 0; i < 2; ++i) launch(v, k, a, std::make_index_sequence<N>());  // warm
  v.wait();
  CALLGRIND_TOGGLE_COLLECT;
  for (int i = 0; i < launches; ++i) launch(v, k, a, std::make_index_sequence<N>());
  CALLGRIND_TOGGLE_COLLECT;
  v.wait();
}

}  // namespace

int main(int argc, char** argv) {
  const int args = argc > 1 ? std::atoi(argv[1]) : 16;
  const int launches = argc > 2 ? std::atoi(argv[2]) : 2000;
  const std::pair<int, void (*)(int)> loops[] = {
      {1, loop<1>}, {4, loop<4>}, {8, loop<8>}, {16, loop<16>}};
  for (const auto& [n, run] : loops)
    if (n == args) {
      run(launches);
      return 0;
    }
  std::fprintf(stderr, "arguments: 1, 4, 8 or 16\n");
  return 2;
}
