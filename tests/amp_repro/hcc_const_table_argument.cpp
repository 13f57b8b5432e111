// Cause hcc-const-table-arg (front end, --hcc): --hcc makes a namespace-scope table that a kernel
// reads const (a kernel constant), so passing it where the code takes a non-const pointer no
// longer compiles: "no known conversion from 'const unsigned int[3][3]' to 'unsigned int (*)[3]'".
// hcRNG's MRG generators pass their jump matrices to modMatVec(unsigned int A[3][3], ...) so.
// HCC put the table in device memory as it was.
// flags: --hcc
// bug: build
#include <amp.h>
using namespace concurrency;

unsigned int jump[3][3] = {{1u, 2u, 3u}, {4u, 5u, 6u}, {7u, 8u, 9u}};

unsigned row_sum(unsigned int a[3][3], int r) restrict(amp, cpu) { return a[r][0] + a[r][1] + a[r][2]; }

unsigned step(int r) restrict(amp, cpu) { return row_sum(jump, r); }

int main() {
  unsigned out[3] = {};
  array_view<unsigned, 1> v(3, out);
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] = step(i[0]); });
  v.synchronize();
  return out[2] == 24u ? 0 : 1;
}
