// Cause read-only-view-copied-back (runtime): a kernel that only reads an array_view<int>
// (not array_view<const int>) made its device copy the only current one, so when the
// last view of that data source went, the device copy, still the old data, was copied
// back over the host memory, which another view over the same memory had meanwhile
// written. AMD Bolt's remove_if does this (an input view and an output view over the
// user's std::vector; 11 RemoveTest cases got their input back). Fixed: ampcl-c++
// declares a __global pointer the kernel never writes through `const`
// (translate/compiler/read_only_params.hpp), and the launch leaves the host copy current.
// flags:
// bug: run
#include <amp.h>
#include <vector>
using namespace concurrency;

int main() {
  const int n = 256;
  std::vector<int> data(n);
  for (int i = 0; i < n; ++i) data[i] = i;
  {
    array_view<int, 1> reader(n, data);  // the kernel only reads it
    array_view<int, 1> writer(n, data);  // a second view over the same memory
    parallel_for_each(writer.extent, [=](index<1> i) restrict(amp) { writer[i] = 3 * reader[i]; });
    writer.synchronize();
  }  // `writer` goes first, then `reader`, the last view of its data source
  for (int i = 0; i < n; ++i)
    if (data[i] != 3 * i) return 1;
  return 0;
}
