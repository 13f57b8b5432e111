// C++ AMP, compiled by ampcl-c++: squares every element of a view (made by the
// project's own compiler, main.cpp) on the default accelerator.
#include <amp.h>

void square_all(const concurrency::array_view<int, 1>& av) {
  concurrency::parallel_for_each(av.extent, [=](concurrency::index<1> i) restrict(amp) {
    av[i] = av[i] * av[i];
  });
}
