// The types restrict(amp) code has (2.4.1): the positive twins of rejected/*.
#include <amp.h>
using namespace concurrency;

struct point {
  float x, y;
  bool visible;  // bool members are fine; arrays of bool are not
};
enum colour { red, green };           // int underlying type
enum class size : unsigned { small };  // unsigned int
template <int N, typename T>
struct tagged {  // T only names the type: tagged<0, char> holds an int
  int value;
};
template <typename T>
struct holder_of {
  T m;
  static int count() restrict(amp) { return 1; }  // no object of holder_of<char> is made
};
// A kernel functor may hold a reference to a concurrency::array.
struct scale {
  array<float, 1>& data;
  void operator()(index<1> i) const restrict(amp) { data[i] *= 2; }
};

float types(float* out, const point& p, colour c, int (&counts)[4]) restrict(amp) {
  int i = 1;
  unsigned u = 2u;
  long l = 3;
  unsigned long ul = 4ul;
  long wide = 0x100000001L;  // long is 64-bit here, on both sides
  double norm = 1.0 / 0x100000001L;
  double d = 0.5;
  bool b = i > 0;
  int words[4] = {};
  point points[2] = {p, p};
  int* cursor = &words[1];
  cursor += 1;  // int pointer arithmetic
  const int& ref = words[0];
  tagged<0, char> t = {7};
  std::nullptr_t none = nullptr;
  *out = p.x + static_cast<float>(i + u + l + ul + d + b + ref + t.value + counts[0] + wide + norm) +
         (c == red ? 1 : 0) + points[1].y + *cursor + (none == nullptr ? 1 : 0) +
         holder_of<char>::count() + (size::small == size::small);
  return *out;
}
int main() {
  array<float, 1> data(8);
  parallel_for_each(data.extent, scale{data});
  return 0;
}
