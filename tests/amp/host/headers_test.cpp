// Every public header together, as the documents' programs use them: `index<1>`
// unqualified after `using namespace concurrency;` must stay unambiguous, also
// next to <cstring> and <strings.h>, whose glibc ::index() ampcl-c++ renames
// (restrict.h), and the math and graphics names must coexist with std's and the C
// library's.
#include <amp.h>
#include <amp_graphics.h>
#include <amp_math.h>
#include <amp_short_vectors.h>

#include <strings.h>

#include <cmath>
#include <cstring>
#include <iostream>
#include <vector>

#include "amp_check.h"

using namespace concurrency;
using namespace concurrency::graphics;
using namespace concurrency::precise_math;

index<1> first(3);  // at global scope, as the documents write it

int main() {
  AMP_CHECK(first[0] == 3);
  AMP_CHECK(std::strlen("amp") == 3 && strcasecmp("AMP", "amp") == 0);
  AMP_CHECK(sqrt(16.0) == 4.0 && std::sqrt(16.0f) == 4.0f);  // the C library's, once
  const float_3 v(1, 2, 3);
  AMP_CHECK(v.zyx == float_3(3, 2, 1));
  AMP_CHECK(accelerator().default_view.accelerator == accelerator());
  return amp_check::finish("headers_test");
}
