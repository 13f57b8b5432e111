// Cause hcc-unchecked-amp-body (HCC-only leniency): a restrict(amp, cpu) function whose body
// breaks restrict(amp) rules (a static local, a concurrency::array made by value), used only
// from the host. C++ AMP checks a restrict(amp, cpu) body against both restrictions wherever
// it is defined or instantiated (Visual C++: C3586/C3581); HCC checked only what a kernel
// reached. Bolt's HCC port marks device_vector's copy constructor and control::getDefault()
// restrict(amp, cpu) this way. ampcl-c++: "static local variable ... is not allowed in
// restrict(amp) code", "a concurrency::array by value is not allowed in restrict(amp) code".
// flags: --hcc
// bug: build
#include <amp.h>
using namespace concurrency;

struct settings {
  int tile;
  static settings& defaults() restrict(amp, cpu) {
    static settings s{64};
    return s;
  }
};

template <typename T>
struct buffer {
  array_view<T, 1> view;
  explicit buffer(array_view<T, 1> v) restrict(amp, cpu) : view(v) {}
  buffer(const buffer& other) restrict(amp, cpu) : view(other.view) {
    array<T, 1> copy(other.view);  // deep copy, host only in practice
    view = copy.view_as(copy.get_extent());
  }
};

int main() {
  int data[4] = {1, 2, 3, 4};
  buffer<int> a(array_view<int, 1>(4, data));
  buffer<int> b(a);
  return settings::defaults().tile == 64 && b.view.extent[0] == 4 ? 0 : 1;
}
