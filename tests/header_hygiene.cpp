// ampcl's public headers leave the global namespace alone: C++ AMP code says
// `using namespace concurrency;` and then `index<1>`, which is ambiguous once
// glibc's ::index() (from <cstring>/<strings.h>) is declared. The compatibility
// headers (translate/include/amp.h) include these, so none of them may pull it in.
// Compiling this file is the test (GoogleTest itself includes <cstring>).
#include <ampcl/ampcl.hpp>

// C++ AMP's classes behind ampcl's API spell restrict(cpu, amp) and tile_static,
// macros for a host compiler: ampcl's headers take them back (cpp_amp_end.h), so a
// program of ampcl's API keeps those names.
#if defined(restrict) || defined(tile_static)
#error "ampcl's API headers left C++ AMP's restrict or tile_static macro defined"
#endif

namespace hygiene {
template <int N>
struct index {
  int v = N;
};
}  // namespace hygiene
using namespace hygiene;  // NOLINT: the point of the test

int main() {
  index<3> i;  // does not compile if a header declared ::index
  return i.v == 3 ? 0 : 1;
}
