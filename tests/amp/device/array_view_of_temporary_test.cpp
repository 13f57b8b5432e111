// A temporary array bound to array_view's constructor, as code written for Visual
// C++ does (it binds temporaries to array&): the view keeps the array's data alive.
// Written before it was accepted, ampcl-c++ stopped with "a const array gives only
// array_view<const T>".
#include <amp.h>

#include <numeric>
#include <vector>

#include "../amp_check.h"

using namespace concurrency;

int main() {
  const accelerator_view av = accelerator().default_view;
  const accelerator_view cpu_view = accelerator(accelerator::cpu_accelerator).default_view;
  // The library's line: a staging array, gone at the end of the statement.
  array_view<int> v(array<int>(16, cpu_view, av));
  AMP_CHECK_EQ(v.extent[0], 16);
  std::vector<int> init(16);
  std::iota(init.begin(), init.end(), 1);
  array_view<int, 1> w(array<int, 1>(16, init.begin(), init.end(), av, access_type_none));
  array_view<const int, 1> r(array<int, 1>(16, init.begin(), init.end(), av));
  parallel_for_each(
      av, v.extent, [=](index<1> i) restrict(amp) { v[i] = w[i] + r[i]; });
  parallel_for_each(
      av, w.extent, [=](index<1> i) restrict(amp) { w[i] *= 10; });
  for (int i = 0; i < 16; ++i) {
    AMP_CHECK_EQ(v[i], 2 * (i + 1));
    AMP_CHECK_EQ(w[i], 10 * (i + 1));
  }
  AMP_CHECK(v.get_source_accelerator_view() == cpu_view || v.get_source_accelerator_view() == av);
  return amp_check::finish("array_view_of_temporary_test");
}
