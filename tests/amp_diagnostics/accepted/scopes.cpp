// What restrict(amp) bodies may contain (2.4.3): the positive twins of rejected/*.
#include <amp.h>
using namespace concurrency;

static const int limit = 8;  // a constant's value may be used
struct table {
  static const int rows = 4;
};

int body(int x) restrict(amp) {
  const int twice = 2;
  int sum = 0;
  for (int i = 0; i < limit && i < table::rows; ++i) {
    if (i == x) continue;
    sum += i * twice;
  }
  // A lambda written in amp code inherits its restrictions and may capture by reference.
  auto add = [&sum](int v) { sum += v; };
  add(x);
  return sum + static_cast<int>(3.5f) + static_cast<int>(0xffffffffu >> 31);
}

// The largest finite values as <cfloat> spells them: 1.7976931348623158e+308
// rounds to DBL_MAX (floating_literal_range rejects what rounds to infinity).
bool largest(double d, float f) restrict(amp) {
  return d == 1.7976931348623158e+308 && f <= 3.402823466e+38f;
}

// So do the member functions of a local class (C++ AMP's restriction inference;
// ampcl-c++ lowers them when the function is restrict(cpu, amp)).
inline int local_class(int x) restrict(cpu, amp) {
  struct local {
    int triple(int v) { return 3 * v; }
  };
  local l;
  return l.triple(x);
}

int tiled(index<1> i) restrict(amp) {
  tile_static int shared[16];  // no initializer
  shared[i[0] % 16] = i[0];
  return shared[0];
}

int main() {
  std::vector<int> v(16);
  array_view<int, 1> view(16, v);
  array<int, 1> data(16);
  int scale = 3;
  // By value: data (an array_view, an int); by reference: a concurrency::array.
  parallel_for_each(view.extent, [=, &data](index<1> i) restrict(amp) {
    view[i] = body(i[0]) * scale + tiled(i) + data[i] + largest(1.0, 1.0f);
  });
  return 0;
}
