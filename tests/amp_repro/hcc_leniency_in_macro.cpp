// Cause hcc-macro-generated (front end, --hcc): HCC's leniencies in code a macro writes.
// Random123's philox.h (in hcRNG) generates, per width, a prototype without restrict, a
// restrict(amp, cpu) definition and unannotated static inline helpers, all from one macro.
// --hcc merges a prototype's restriction with its definition's and infers restrict(amp) for
// unannotated callees by editing the source; inside a macro's expansion it does not:
// "restrict(cpu, amp) function 'mix2_R' cannot overload restrict(cpu) function 'mix2_R'",
// "reference to restrict(cpu) function '_mix2' in restrict(cpu, amp) function".
// flags: --hcc
// bug: build
#include <amp.h>
using namespace concurrency;

#define MIX_TPL(N)                                                           \
  static inline unsigned _mix##N(unsigned x) { return x * 2654435761u + N; } \
  static inline unsigned mix##N##_R(unsigned r, unsigned x);                 \
  static inline unsigned mix##N##_R(unsigned r, unsigned x) restrict(amp, cpu) { \
    for (unsigned i = 0; i < r; ++i) x = _mix##N(x);                         \
    return x;                                                                \
  }
MIX_TPL(2)

int main() {
  unsigned out[4] = {};
  array_view<unsigned, 1> v(4, out);
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] = mix2_R(3u, unsigned(i[0])); });
  v.synchronize();
  return out[1] == mix2_R(3u, 1u) ? 0 : 1;
}
