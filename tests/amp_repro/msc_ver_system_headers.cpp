// Cause msc-ver-system-headers (front end, Visual C++ dialect): with _MSC_VER defined, headers
// written for both compilers take Visual C++'s paths. Clang's <immintrin.h> then declares
// _xgetbv with __int64 (long long), which conflicts with the x86-64 Linux builtin (long):
// "functions that differ only in their return type". Clang's <intrin.h> (which oneTBB's
// <tbb/tbb.h> includes under _MSC_VER) declares Visual C++'s intrinsics with Windows' 32-bit
// long: "conflicting types for '_BitScanForward'". oneTBB (Bolt's multicore path) asks for
// std::hardware_destructive_interference_size, which Visual C++'s library has and libstdc++
// declares only when the compiler gives the sizes (GCC does, Clang not).
// flags:
// bug: build
#include <amp.h>
#include <immintrin.h>
#include <intrin.h>
#include <tbb/tbb.h>
#include <windows.h>

#include <new>

int main() {
  static_assert(std::hardware_destructive_interference_size >= 64, "x86-64 cache line");
  DWORD first = 0;
  __int64 counter = 5;
  tbb::parallel_for(0, 4, [&](int) {
    _mm_pause();
    _InterlockedIncrement64(&counter);
  });
  const bool found = _BitScanForward(&first, 8u) && first == 3;
  int sum = 0;
  concurrency::array_view<int, 1> v(1, &sum);
  concurrency::parallel_for_each(
      v.extent, [=](concurrency::index<1> i) restrict(amp) { v[i] = 7; });
  v.synchronize();
  return found && counter == 9 && sum == 7 ? 0 : 1;
}
