// Cause direct3d-short-vector-aliases (headers): Visual C++'s <amp_short_vectors.h> also
// declares concurrency::graphics::direct3d with the HLSL spellings of the short vectors
// (float2, double4, uint3, norm2, ...); ampcl's did not, and AMD's FFT demo, which keeps
// its complex values in direct3d::float2, needed a stand-in header. Fixed in
// translate/include/amp_short_vectors.h.
// flags:
// bug: build
#include <amp.h>
#include <amp_short_vectors.h>
#include <type_traits>
#include <vector>
using namespace concurrency;
namespace d3d = concurrency::graphics::direct3d;

static_assert(std::is_same<d3d::float2, graphics::float_2>::value, "float2");
static_assert(std::is_same<d3d::double4, graphics::double_4>::value, "double4");
static_assert(std::is_same<d3d::uint3, graphics::uint_3>::value, "uint3");
static_assert(std::is_same<d3d::int4, graphics::int_4>::value, "int4");
static_assert(std::is_same<d3d::norm2, graphics::norm_2>::value, "norm2");
static_assert(std::is_same<d3d::unorm4, graphics::unorm_4>::value, "unorm4");

int main() {
  std::vector<d3d::float2> data(64, d3d::float2(1.0f, 2.0f));
  array_view<d3d::float2, 1> v(64, data);
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
    d3d::float2 c = v[i];
    v[i] = d3d::float2(c.x * i[0], c.y + c.x);  // (re, im) as the FFT keeps them
  });
  v.synchronize();
  for (int i = 0; i < 64; ++i)
    if (data[i].x != 1.0f * i || data[i].y != 3.0f) return 1;
  return 0;
}
