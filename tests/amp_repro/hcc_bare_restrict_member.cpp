// Cause hcc-bare-restrict (HCC-only leniency): `int size() restrict;`, a bare `restrict`
// after a member function's parameter list, which HCC's parser read as C's restrict
// qualifier (HCC's Parse/method_declarator); neither C++ nor C++ AMP has it. ampcl-c++:
// "expected ';' at end of declaration list". Fixed with --hcc: the bare `restrict` is
// dropped; without --hcc, an error that names the switch.
// flags: --hcc
// bug: build
#include <amp.h>
using namespace concurrency;

class counter {
 public:
  explicit counter(int n) : n_(n) {}
  int size() const restrict;  // C's qualifier, as HCC read it
  int twice(int x) const restrict(amp, cpu) { return 2 * x; }

 private:
  int n_;
};

int counter::size() const restrict { return n_; }

int main() {
  counter c(4);
  int out[4] = {0, 1, 2, 3};
  array_view<int, 1> v(c.size(), out);
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] = c.twice(v[i]); });
  v.synchronize();
  for (int i = 0; i < 4; ++i)
    if (out[i] != c.twice(i)) return 1;
  return 0;
}
