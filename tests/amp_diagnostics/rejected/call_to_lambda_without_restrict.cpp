// A lambda without a restriction specifier is restrict(cpu) (Clang's CUDA mode
// takes it for restrict(cpu, amp)). In ISO C++: Visual C++'s dialect checks the amp
// side of a template's instantiation only where a kernel reaches it, and none does
// here (tests/amp_dialect/msvc_amp_side.cpp).
// flags: --dialect=standard
template <class F>
int apply(F f) restrict(cpu, amp) {
  return f(1);  // error: the lambda at line 11, which has no restrict(amp), cannot be called from restrict(amp) code
}
int main() {
  return apply([](int x) { return x - 1; });
}
