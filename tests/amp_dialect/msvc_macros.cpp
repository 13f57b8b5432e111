// What Visual C++ code tests and uses: _MSC_VER (a Visual C++ 2019 by default),
// __int64, __forceinline, __declspec(align/selectany/property), and no _WIN32: the
// platform is still Linux, and glibc and libstdc++ still see GCC (__GNUC__).
#include <amp.h>

#include <cstdio>

#if !defined(_MSC_VER) || _MSC_VER < 1700
#error "the Visual C++ dialect defines _MSC_VER"
#endif
#if _MSC_VER < 1800
#error "the old-compiler branch is taken"
#endif
#if !defined(_M_X64) || !defined(_M_AMD64)
#error "x86-64 as Visual C++ names it"
#endif
#if defined(_WIN32) || defined(_WIN64)
#error "the platform is Linux: _WIN32 stays undefined"
#endif
#if !defined(__GNUC__)
#error "glibc and libstdc++ need __GNUC__"
#endif

__declspec(selectany) int shared_constant = 5;
struct __declspec(align(32)) aligned_block {
  float f[3];
};
struct with_property {
  int stored = 4;
  int get_doubled() const { return stored * 2; }
  __declspec(property(get = get_doubled)) int doubled;
};
__forceinline __int64 wide(__int64 x) {
  return x << 33;
}
__declspec(dllexport) int exported() {
  return 1;
}

int main() {
  int bad = 0;
  if (alignof(aligned_block) != 32) ++bad;
  with_property p;
  if (p.doubled != 8) ++bad;
  if (wide(1) != 8589934592LL || sizeof(__int64) != 8) ++bad;
  if (shared_constant + exported() != 6) ++bad;
  char16_t c16 = u'x';
  if (c16 != u'x') ++bad;
  std::printf("%s: _MSC_VER %d, %d wrong\n", bad ? "FAIL" : "PASS", _MSC_VER, bad);
  return bad ? 1 : 0;
}
