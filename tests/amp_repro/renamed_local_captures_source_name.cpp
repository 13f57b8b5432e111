// Cause renamed-local-collision (front end): a local whose name OpenCL C reserves (here
// `i`, which OpenCL's headers declare) was renamed by appending '_', with no check that
// the source already had a variable of that name. C++ AMP BLAS's trsm_lu (trsm.h:178)
// loops over `i_` and declares `int i = dummy ? i_ : 0;` inside: the kernel became
// `int i_ = (true ? i_ : 0);`, which reads its own uninitialized declaration, and every
// backward substitution (LUN, LLT, LLC) was wrong, on PoCL and on NVIDIA alike. Fixed: a
// renamed variable and every generated local avoid each name the function declares
// (translate/compiler/local_names.cpp).
// flags:
// bug: run
#include <amp.h>
#include <vector>
using namespace concurrency;

int main() {
  const int n = 64;
  std::vector<int> out(n, -1);
  array_view<int, 1> v(n, out);
  const int dummy = 1;
  parallel_for_each(v.extent, [=](index<1> idx) restrict(amp) {
    int sum = 0;
    for (int i_ = idx[0]; i_ >= 0; i_ -= 16) {
      int i = dummy ? i_ : 0;  // `i` must not become the loop's `i_`
      int tmp0 = i;            // nor may a temporary take a source name
      int i0 = tmp0 + 1;
      sum += i0;
    }
    v[idx] = sum;
  });
  v.synchronize();
  for (int k = 0; k < n; ++k) {
    int expect = 0;
    for (int i = k; i >= 0; i -= 16) expect += i + 1;
    if (out[k] != expect) return 1;
  }
  return 0;
}
