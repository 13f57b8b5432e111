// rewrite_restrictions (translate/compiler/restrictions.hpp): where each
// restriction specifier goes so that Clang takes it, one case a line.
#include "restrictions.hpp"

#include <cstdio>
#include <string>

namespace {

int failures = 0;

using ampcl::translate::dialect;

void expect(const std::string& source, const std::string& expected,
            dialect d = dialect::visual_cpp) {
  std::string text = source;
  ampcl::translate::rewrite_restrictions(text, d);
  // Moves keep every line and character count; compare without the spacing.
  std::string squeezed;
  for (char c : text)
    if (c != ' ') squeezed += c;
  std::string want;
  for (char c : expected)
    if (c != ' ') want += c;
  if (text.size() != source.size() || squeezed != want) {
    std::printf("FAIL: %s\n  got:  %s\n  want: %s\n", source.c_str(), text.c_str(),
                expected.c_str());
    ++failures;
  }
  // The rewrite is idempotent: the result read again stays as it is.
  std::string again = text;
  ampcl::translate::rewrite_restrictions(again, d);
  if (again != text) {
    std::printf("FAIL (not idempotent): %s\n  first:  %s\n  second: %s\n", source.c_str(),
                text.c_str(), again.c_str());
    ++failures;
  }
}

}  // namespace

int main() {
  // Functions: after the exception specification.
  expect("int f(int x) restrict(amp);", "int f(int x) _Amp_rst(amp);");
  expect("int f(int x) restrict(cpu) throw(int);", "int f(int x) throw(int) _Amp_rst(cpu);");
  expect("int f() restrict(cpu, amp) noexcept(true) {}",
         "int f() noexcept(true) _Amp_rst(cpu, amp) {}");
  expect("int S::m() const volatile & restrict(cpu) throw() {}",
         "int S::m() const volatile & throw() _Amp_rst(cpu) {}");
  expect("T& operator[](int i) restrict(amp) throw() {}",
         "T& operator[](int i) throw() _Amp_rst(amp) {}");
  expect("bool operator()(int i) const restrict(amp) noexcept;",
         "bool operator()(int i) const noexcept _Amp_rst(amp);");
  expect("bool operator<(N a, N b) restrict(cpu, amp) { return a.v < b.v; }",
         "bool operator<(N a, N b) _Amp_rst(cpu, amp) { return a.v < b.v; }");
  expect("S& operator<<=(int n) restrict(amp) throw();",
         "S& operator<<=(int n) throw() _Amp_rst(amp);");
  expect("bool operator>(N a) restrict(amp); bool operator<=(N a) restrict(amp);",
         "bool operator>(N a) _Amp_rst(amp); bool operator<=(N a) _Amp_rst(amp);");
  expect("template <typename T, int N = (3 > 2)> T t(T x) restrict(amp) throw() {}",
         "template <typename T, int N = (3 > 2)> T t(T x) throw() _Amp_rst(amp) {}");
  expect("std::vector<int> v; int f() restrict(cpu) throw();",
         "std::vector<int> v; int f() throw() _Amp_rst(cpu);");
  // ... and among the decl-specifiers when a trailing return type follows.
  expect("auto f() restrict(cpu) -> int;", "auto _Amp_rst(cpu) f() -> int;");
  expect("auto f(T x) restrict(cpu) throw(int) -> decltype(x) {}",
         "auto _Amp_rst(cpu) f(T x) throw(int) -> decltype(x) {}");
  expect("auto NS::S<T>::f() const restrict(amp) -> int {}",
         "auto _Amp_rst(amp) NS::S<T>::f() const -> int {}");
  expect("auto operator+(S a) restrict(amp) -> S;", "auto _Amp_rst(amp) operator+(S a) -> S;");
  // Lambdas: before mutable and before the exception specification.
  expect("[]() restrict(cpu) throw(restrict) {}", "[]() _Amp_rst(cpu) throw(restrict) {}");
  expect("[=]() mutable restrict(amp) {}", "[=]() _Amp_rst(amp) mutable {}");
  expect("[](int x) mutable restrict(cpu) throw(int) -> int {}",
         "[](int x) _Amp_rst(cpu) mutable throw(int) -> int {}");
  expect("[]() restrict(amp) -> int {}", "[]() _Amp_rst(amp) -> int {}");
  // Function pointers, references, typedefs: after the exception specification.
  expect("int (*p)(int) restrict(amp) throw(int) = f;",
         "int (*p)(int) throw(int) _Amp_rst(amp) = f;");
  expect("typedef int (&r)() restrict(cpu, amp) throw(int);",
         "typedef int (&r)() throw(int) _Amp_rst(cpu, amp);");
  expect("typedef int name(int) restrict(cpu) noexcept;",
         "typedef int name(int) noexcept _Amp_rst(cpu);");
  // Where Clang takes no attribute (type-ids, template parameters) it would drop
  // it anyway: the specifier goes.
  expect("template struct S<const int && (int) restrict(cpu)>;",
         "template struct S<const int && (int)>;");
  expect(
      "template void f<int (*)(int, int) restrict(cpu) throw()>(int (*a)(int, int) restrict(cpu) "
      "throw());",
      "template void f<int (*)(int, int) throw()>(int (*a)(int, int) throw());");
  expect("int (S::*pm)(int) const restrict(cpu) = &S::m;", "int (S::*pm)(int) const = &S::m;");
  expect("template <const int (*f)(int) restrict(cpu) throw()> int g();",
         "template <const int (*f)(int) throw()> int g();");
  expect("auto (*p)() restrict(cpu) throw() -> int = &f;", "auto (*p)() throw() -> int = &f;");
  // Already rewritten (a macro's expansion): placed the same way.
  expect("int f() _Amp_rst(cpu) throw(int);", "int f() throw(int) _Amp_rst(cpu);");
  expect("[]() mutable _Amp_rst(cpu) throw(int) {}", "[]() _Amp_rst(cpu) mutable throw(int) {}");
  // Not after a declarator (a cast): left where it is, for Clang to reject.
  expect("S foo((int) restrict(cpu) a);", "S foo((int) _Amp_rst(cpu) a);");
  // Not restriction specifiers: left alone.
  expect("int restrict(int restrict); x.restrict(amp); a::restrict(cpu);",
         "int restrict(int restrict); x.restrict(amp); a::restrict(cpu);");
  expect("#if A < 3\nint f() restrict(cpu) throw();\n#endif",
         "#if A < 3\nint f() throw() _Amp_rst(cpu);\n#endif");
  expect("#define __GPU restrict(cpu, amp)\n", "#define __GPU _Amp_rst(cpu, amp)\n");
  expect("// int f() restrict(amp) throw();\n", "// int f() restrict(amp) throw();\n");
  // HCC's spellings: with --hcc what HCC made of them, elsewhere restrict.h's error markers.
  expect("int f() restrict(amp,) {}", "int f() _Amp_rst(amp) {}", dialect::hcc);
  expect("int f() restrict(, cpu,, amp,) throw() {}", "int f() throw() _Amp_rst(cpu, amp) {}",
         dialect::hcc);
  expect("int f() restrict(,   ,,) {}", "int f() {}", dialect::hcc);
  expect("int f() restrict(amp,) {}", "int f() _Amp_rse {}");
  expect("int f() restrict(,) {}", "int f() _Amp_rse {}", dialect::standard);
  expect("int restrict(); f(restrict());", "int restrict(); f(restrict());", dialect::hcc);
  expect("struct S { int m() const restrict; };", "struct S { int m() const; };", dialect::hcc);
  expect("int S::m() restrict { return 0; }", "int S::m() { return 0; }", dialect::hcc);
  expect("int m() restrict;", "int m() _Amp_rsq;");
  expect("if (c) restrict = 1; int* restrict p; f(restrict);",
         "if (c) restrict = 1; int* restrict p; f(restrict);", dialect::hcc);
  expect("auto k = __attribute__((amp)) [=](int i) { g(i); };",
         "auto k = [=](int i) _Amp_rst(amp) { g(i); };", dialect::hcc);
  expect("auto k = [=] __attribute__((hc)) (int i) mutable { g(i); };",
         "auto k = [=] (int i) _Amp_rst(amp) mutable { g(i); };", dialect::hcc);
  expect("auto k = __attribute__((amp)) [] { g(); };", "auto k = [] _Amp_rst(amp) { g(); };",
         dialect::hcc);
  expect("__attribute__((hc)) int f(); int g() __attribute__((cpu));",
         "_Amp_rst(amp) int f(); int g() _Amp_rst(cpu);", dialect::hcc);
  expect("auto k = [](int i) __attribute__((amp)) {};", "auto k = [](int i) _Amp_rsa {};");
  expect("#define AMP __attribute__((amp))\n[] { g(); }();",
         "#define AMP _Amp_rst(amp)\n[] { g(); }();", dialect::hcc);
  expect("int f() __attribute__((noinline)); int a[2] __attribute__((aligned));",
         "int f() __attribute__((noinline)); int a[2] __attribute__((aligned));", dialect::hcc);
  if (failures) return 1;
  std::printf("rewrite_restrictions: all cases pass\n");
  return 0;
}
