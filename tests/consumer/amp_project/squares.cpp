// C++ AMP, compiled by ampcl-c++: squares every element on the default accelerator.
#include <amp.h>
#include <vector>

void square_all(std::vector<int>& v) {
  concurrency::array_view<int, 1> av(static_cast<int>(v.size()), v);
  concurrency::parallel_for_each(av.extent, [=](concurrency::index<1> i) restrict(amp) {
    av[i] = av[i] * av[i];
  });
  av.synchronize();
}
