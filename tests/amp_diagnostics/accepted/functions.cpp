// Function declarators and restrictions (2.1, 2.2, 2.3, 2.4.2): the positive twins.
struct counter {
  counter() restrict(cpu, amp) : n(0) {}
  counter(int start) restrict(amp) : n(start) {}
  ~counter() restrict(cpu, amp) {}  // covers both constructors' restrictions
  int get() const restrict(cpu, amp) { return n; }
  int n;
};
int helper(int x) restrict(cpu, amp) { return x + 1; }
int amp_only(int x) restrict(amp) { return helper(x); }
int overloaded(int x) restrict(cpu) { return x; }
int overloaded(int x) restrict(amp) { return -x; }
extern "C" int c_linkage(int x) restrict(amp) { return x; }
int calls(int x) restrict(cpu, amp) {
  counter c;
  auto twice = [](int v) restrict(cpu, amp) { return v * 2; };
  int n = 1;
  auto bump = [n]() mutable restrict(cpu, amp) { return ++n; };  // mutable, then restrict
  return c.get() + helper(x) + overloaded(x) + twice(x) + bump() - 2;
}
// __declspec(nothrow) on restrict(cpu) code; noexcept (not an exception
// specification in C++ AMP's sense) on restrict(amp) code.
__declspec(nothrow) int cpu_nothrow() { return 0; }
int amp_noexcept() restrict(amp) noexcept { return 0; }
// The restriction specifier before a lambda's trailing return type.
int trailing(int x) restrict(amp) { return [=]() restrict(amp) -> int { return x; }(); }
// Instantiations of one template are different functions: not recursion.
template <int N>
int depth() restrict(cpu, amp) { return 1 + depth<N - 1>(); }
template <>
int depth<0>() restrict(cpu, amp) { return 0; }
// Recursion in restrict(cpu) code, and a switch's case labels, are fine.
int cpu_factorial(int n) { return n <= 1 ? 1 : n * cpu_factorial(n - 1); }
int choose(int x) restrict(amp) {
  switch (x) {
    case 0: return depth<3>();
    default: return trailing(x) + amp_noexcept();
  }
}
// A default argument of a class defined in restrict(amp) code, bound there: the
// restrict(cpu) caller passes the argument, or the callee is restrict(cpu, amp).
int local_defaults() restrict(amp) {
  struct local {
    static int take(int x = overloaded(1)) restrict(cpu) { return x; }
    static int both(int x = helper(1)) restrict(cpu) { return x; }
    static int use() restrict(cpu) { return take(3) + both(); }
  };
  return 0;
}
int main() { return calls(0) == 1 && cpu_nothrow() == 0 && cpu_factorial(3) == 6 && depth<2>() == 2 ? 0 : 1; }
