// Cause hcc-global-var (HCC-only leniency): restrict(amp) code reads a table defined at
// namespace scope (a random generator's jump matrix, say). C++ AMP forbids global variables
// in restrict(amp) code (Visual C++ C3586); HCC put them in device memory. ampcl-c++:
// "reference to restrict(cpu) variable 'jump' in restrict(cpu, amp) function".
// flags: --hcc
// bug: build
#include <amp.h>
using namespace concurrency;

unsigned jump[2][2] = {{1u, 2u}, {3u, 4u}};

unsigned apply(unsigned r) restrict(amp, cpu) { return jump[r][0] + jump[r][1]; }

int main() {
  unsigned data[2] = {};
  array_view<unsigned, 1> v(2, data);
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] = apply(unsigned(i[0])); });
  v.synchronize();
  return data[1] == 7u ? 0 : 1;
}
