// A lambda without a restriction specifier is restrict(cpu) (Clang's CUDA mode
// takes it for restrict(cpu, amp)).
template <class F>
int apply(F f) restrict(cpu, amp) {
  return f(1);  // error: the lambda at line 8, which has no restrict(amp), cannot be called from restrict(amp) code
}
int main() {
  return apply([](int x) { return x - 1; });
}
