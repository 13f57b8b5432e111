// What HCC accepted and C++ AMP does not, taken by ampcl-c++ --hcc: a kernel calling
// functions written without a restriction (two levels deep), a prototype without
// the restriction its definition has, a namespace-scope table read in a kernel,
// float atomic add and subtract, a 64-bit literal in long arithmetic. Each result is
// checked against the same code run on the host.
#include <amp.h>

#include <cstdio>
#include <vector>

using namespace concurrency;

inline int clamp_to(int x, int hi) {
  return x > hi ? hi : x;
}  // no restriction
inline int shifted(int x, int len) {
  return clamp_to(len - x, len);
}

unsigned next_state(unsigned* s);  // a header's prototype, no restriction
unsigned next_state(unsigned* s) restrict(amp, cpu) {
  return *s = *s * 1103515245u + 12345u;
}

unsigned int table[3][3] = {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}};  // not const
unsigned row_sum(int r) restrict(amp, cpu) {
  return table[r][0] + table[r][1] + table[r][2];
}

int main() {
  const int n = 64;
  std::vector<int> shifts(n, -7);  // poison
  std::vector<unsigned> states(n, 0xdeadu), sums(n, 0xdeadu);
  float total = 0.0f, drained = 100.0f;
  array_view<int, 1> sv(n, shifts);
  array_view<unsigned, 1> st(n, states), su(n, sums);
  array_view<float, 1> tv(1, &total), dv(1, &drained);
  parallel_for_each(
      sv.extent, [=](index<1> i) restrict(amp) {
        sv[i] = shifted(i[0], 40);
        unsigned s = static_cast<unsigned>(i[0]);
        st[i] = next_state(&s);
        su[i] = row_sum(i[0] % 3);
        atomic_fetch_add(&tv[0], 0.5f);
        atomic_fetch_sub(&dv[0], 1.0f);
      });
  sv.synchronize();
  st.synchronize();
  su.synchronize();
  tv.synchronize();
  dv.synchronize();
  int bad = 0;
  for (int i = 0; i < n; ++i) {
    unsigned s = static_cast<unsigned>(i);
    if (shifts[i] != shifted(i, 40) || states[i] != next_state(&s) || sums[i] != row_sum(i % 3))
      ++bad;
  }
  if (total != 0.5f * n || drained != 100.0f - n) ++bad;  // exact: small integers and halves

  // 64-bit literals where long arithmetic works (long is 64-bit on both sides).
  long wide[2] = {0, 0};
  array_view<long, 1> wv(2, wide);
  parallel_for_each(
      wv.extent, [=](index<1> i) restrict(amp) { wv[i] = (0x100000001L >> 1) + i[0]; });
  wv.synchronize();
  if (wide[0] != 0x80000000L || wide[1] != 0x80000001L) ++bad;
  std::printf("%s: %d wrong\n", bad ? "FAIL" : "PASS", bad);
  return bad ? 1 : 0;
}
