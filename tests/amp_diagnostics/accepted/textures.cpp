// Textures as C++ AMP uses them: captured by reference (like arrays), views and
// samplers by value, a functor holding a texture reference, helpers taking them.
#include <amp_graphics.h>
using namespace concurrency;
using namespace concurrency::graphics;

float twice(const texture<float, 2>& t, index<2> i) restrict(amp) { return 2.0f * t[i]; }

struct copy_functor {
  texture<float, 2>& from;
  writeonly_texture_view<float, 2> to;
  void operator()(index<2> i) const restrict(amp) { to.set(i, twice(from, i)); }
};

int main() {
  texture<float, 2> a(8, 8), b(8, 8);
  texture_view<const float, 2> av(a);
  sampler s(filter_point, address_wrap);
  array_view<float, 2> out(8, 8);
  parallel_for_each(out.extent, [&a, av, s, out](index<2> i) restrict(amp) {
    out[i] = a(i[0], i[1]) + av.sample(s, float_2(0.5f, 0.5f));
  });
  parallel_for_each(a.extent, copy_functor{a, writeonly_texture_view<float, 2>(b)});
}
