// Restriction specifiers that a macro writes, next to an exception specification,
// mutable or a trailing return type that another macro writes (the conformance
// suite's 2_1_1 generator tests): each declaration is read with its macros
// expanded, then placed where Clang takes it.
#define CPU restrict(cpu)
#define BOTH restrict(cpu, amp)
#define THROWS throw(int)
#define NOTHROW noexcept
#define MUTABLE mutable
#define RETURNS(t) ->t
#define EMPTY

int f(int x) CPU THROWS;  // a function
int f(int x) CPU THROWS {
  return x + 1;
}
auto g(int x) EMPTY CPU THROWS RETURNS(int) {
  return x;
}  // a trailing return type
int both(int x) BOTH NOTHROW {
  return x;
}

struct S {
  int m(int x) const CPU THROWS;  // a member
  auto n() EMPTY CPU RETURNS(int) { return 1; }
};
int S::m(int x) const CPU THROWS {
  return x;
}

template <typename T>
T t(T x) CPU THROWS {  // a function template
  return x;
}

typedef int fn(int) CPU THROWS;             // a function type
typedef int (*fn_pointer)(int) CPU THROWS;  // a function pointer type
void takes(int (*p)(int) CPU THROWS, int (&r)(int) CPU THROWS);

int main() {
  fn_pointer p = f;
  int (S::*pm)(int) const CPU THROWS = &S::m;
  auto(*q)(int) CPU THROWS RETURNS(int) = &f;
  auto l = [](int x) CPU THROWS { return x; };  // lambdas
  int n = 0;
  auto bump = [n]() MUTABLE CPU THROWS RETURNS(int) { return ++n; };
  S s;
  return p(0) + (s.*pm)(0) + q(0) + l(0) + bump() + t(0) + g(0) + s.n() + both(0) == 4 ? 0 : 1;
}
