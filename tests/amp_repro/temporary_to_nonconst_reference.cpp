// Cause temporary-to-nonconst-ref (front end, Visual C++ dialect): Visual C++ binds a temporary
// to a non-const lvalue reference. The AMD samples bind accelerator().default_view to an
// accelerator_view&; Bolt passes temporaries to its functions' non-const reference parameters.
// Clang: "non-const lvalue reference to type 'accelerator_view' cannot bind to a temporary".
// flags:
// bug: build
#include <amp.h>
using namespace concurrency;

static int width(extent<1>& e) { return e[0]; }

int main() {
  accelerator_view& av = accelerator().default_view;
  return width(extent<1>(8)) == 8 && av == accelerator().default_view ? 0 : 1;
}
