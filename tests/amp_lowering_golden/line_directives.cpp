// GOLDEN: keep #line
// Construct: the #line directives that map the OpenCL C back to the C++ AMP source.
// Why this OpenCL: every statement of user code is preceded by `#line N "file"` naming
// its own line in this file, so OpenCL compilers' messages and debuggers point at the
// C++; statements of the headers name the header. This test keeps the directives
// (the line above); the others match with them removed.
//
// CHECK-LABEL: // ---- kernel main_line{{[0-9]+}} (kernel_entry<1>) ----
// CHECK:      #line {{[0-9]+}} "{{.*}}ampcl/concurrency/array_view.h"
// CHECK-LABEL: void lambda_{{[0-9]+}}_call(lambda_{{[0-9]+}} *this_, index_1 i_) {
// CHECK-NEXT: {
// CHECK-NEXT: #line [[#@LINE+13]] "{{.*}}line_directives.cpp"
// CHECK-NEXT:   int twice = (2 * (*index_1_subscript{{[_0-9]*}}(&i_, 0u)));
// CHECK-NEXT: #line [[#@LINE+12]] "{{.*}}line_directives.cpp"
// CHECK-NEXT:   (*array_view_int_1_subscript(&this_->v, &i_)) = (twice + 1);

#include "golden.h"
using namespace concurrency;

int main() {
  const int n = 8;
  std::vector<int> out(n, poison);
  array_view<int, 1> v(n, out);
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
    int twice = 2 * i[0];
    v[i] = twice + 1;
  });
  for (int i = 0; i < n; ++i) EXPECT_EQ(v[i], 2 * i + 1);
  return golden_report("line_directives");
}
