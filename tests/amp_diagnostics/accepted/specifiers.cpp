// Where restriction specifiers may be written (2.1): the positive twins.
#define CPU_ONLY restrict(cpu)
typedef int binary(int, int) restrict(cpu);        // on a function type: restrict(cpu)
typedef int (*binary_pointer)(int, int) CPU_ONLY;  // on a function pointer type
int add(int a, int b) restrict(cpu) { return a + b; }
int apply(int (*f)(int, int) restrict(cpu), int x) { return f(x, x); }
void nothing() restrict(cpu) throw() {}  // before the exception specification
int twice() restrict(amp, amp) restrict(amp) { return 2; }  // repeated
// In a macro's argument (the conformance suite's INVOKE_TEST_FUNC_ON_CPU_AND_GPU).
#define INVOKE(f) [&]() -> bool { const char* name = #f; return name && f(); }()
bool in_macro() { return INVOKE([]() restrict(amp, cpu) -> bool { return true; }); }
int main() {
  binary_pointer p = add;
  int n = 0;
  auto bump = [n]() mutable restrict(cpu, amp) { return ++n; };  // after mutable
  nothing();
  return apply(p, 1) + bump() == 3 ? 0 : 1;
}
