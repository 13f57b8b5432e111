// Elements that are amp-compatible but not trivially copyable: C++ AMP moves them
// between host and accelerator as bytes and calls none of their copy constructors,
// assignments or destructors on the way (conformance: Special_member_functions/Test.03,
// amp_compatible/non.pod.inheritance). A restrict(cpu) copy constructor that zeroes
// shows any copy the runtime made through it; outputs are poisoned first.
#include <amp.h>

#include <vector>

#include "device_check.h"

using namespace concurrency;

namespace {

// Copies differ by side: the accelerator's copy the value, the host's zero it.
struct pair_by_side {
  pair_by_side() restrict(cpu, amp) : x(-1), y(-1) {}  // poison
  explicit pair_by_side(int v) restrict(cpu, amp) : x(v), y(2 * v) {}
  pair_by_side(const pair_by_side& o) restrict(amp) : x(o.x), y(o.y) {}
  pair_by_side(const pair_by_side&) restrict(cpu) : x(0), y(0) {}
  pair_by_side& operator=(const pair_by_side& o) restrict(amp) {
    x = o.x;
    y = o.y;
    return *this;
  }
  pair_by_side& operator=(const pair_by_side&) restrict(cpu) {
    x = 0;
    y = 0;
    return *this;
  }
  int x;
  int y;
};

// Inheritance (one base private), protected members and a user-provided destructor.
class base_a {
 protected:
  int a_;

 public:
  base_a() restrict(cpu, amp) : a_(-1) {}
  int a() const restrict(cpu, amp) { return a_; }
};
class base_b {
  float b_;

 public:
  base_b() restrict(cpu, amp) : b_(-1.0f) {}
  void set_b(float b) restrict(cpu, amp) { b_ = b; }
  float b() const restrict(cpu, amp) { return b_; }
};
class derived : public base_a, private base_b {
  int c_;

 public:
  derived() restrict(cpu, amp) : c_(-1) {}
  derived(int v) restrict(cpu, amp) : c_(3 * v) {
    a_ = v;
    set_b(0.5f * v);
  }
  ~derived() restrict(cpu, amp) {}
  float get_b() const restrict(cpu, amp) { return b(); }
  int c() const restrict(cpu, amp) { return c_; }
};

struct polymorphic {
  virtual ~polymorphic() {}
  int v;
};

static_assert(!std::is_trivially_copyable<pair_by_side>::value, "the point of the test");
static_assert(!std::is_trivially_copyable<derived>::value, "the point of the test");
static_assert(ampcl::is_device_copyable_v<pair_by_side>, "amp-compatible: copied bytewise");
static_assert(ampcl::is_device_copyable_v<derived>, "amp-compatible: copied bytewise");
static_assert(!ampcl::is_device_copyable_v<polymorphic>, "a vtable pointer is a host address");

// An array_view over host data: the kernel's values reach the host's vector.
void view_over_host_data() {
  const int n = 64;
  std::vector<pair_by_side> host(n);
  array_view<pair_by_side, 1> v(n, host);
  parallel_for_each(
      v.extent, [=](index<1> i) restrict(amp) {
        pair_by_side made(i[0] + 1);
        pair_by_side copied(made);  // the accelerator's copy constructor
        v[i] = copied;              // and assignment
      });
  v.synchronize();
  for (int i = 0; i < n; ++i) {
    AMP_CHECK_EQ(host[i].x, i + 1);
    AMP_CHECK_EQ(host[i].y, 2 * (i + 1));
  }
  // Host reads through the view are references: no copy constructor either.
  AMP_CHECK_EQ(v[n - 1].y, 2 * n);
}

// An array filled by a kernel and copied out; one filled from a view of host data.
void arrays() {
  const int n = 48;
  array<derived, 1> a(n);
  parallel_for_each(
      a.extent, [&a](index<1> i) restrict(amp) { a[i] = derived(i[0] + 2); });
  std::vector<derived> out(n);  // poison: -1 everywhere
  copy(a, out.begin());
  for (int i = 0; i < n; ++i) {
    AMP_CHECK_EQ(out[i].a(), i + 2);
    AMP_CHECK_EQ(out[i].get_b(), 0.5f * (i + 2));
    AMP_CHECK_EQ(out[i].c(), 3 * (i + 2));
  }

  // A view to an array is a buffer copy (an iterator copy would assign elements,
  // in C++ AMP too, through the host's operator=).
  std::vector<pair_by_side> in(n);
  for (int i = 0; i < n; ++i) {
    in[i].x = 10 * i;
    in[i].y = 20 * i;
  }
  array_view<const pair_by_side, 1> src(n, in);
  array<pair_by_side, 1> b(n);
  copy(src, b);
  std::vector<int> sums(n, -7);  // poison
  array_view<int, 1> s(n, sums);
  parallel_for_each(
      s.extent, [ =, &b ](index<1> i) restrict(amp) { s[i] = b[i].x + b[i].y; });
  s.synchronize();
  // The host's copy constructor or assignment would have made every element 0.
  for (int i = 0; i < n; ++i) AMP_CHECK_EQ(sums[i], 30 * i);
}

// A section to a section: strided, so element by element on the host, still as bytes.
void sections() {
  std::vector<pair_by_side> from(16), to(16);  // poison: -1 everywhere
  for (int i = 0; i < 16; ++i) from[i].x = from[i].y = 100 + i;
  array_view<pair_by_side, 2> a(4, 4, from), b(4, 4, to);
  copy(a.section(1, 1, 2, 2), b.section(2, 0, 2, 2));
  b.synchronize();
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 4; ++c) {
      const bool inside = r >= 2 && c < 2;
      const int want = inside ? 100 + (r - 1) * 4 + (c + 1) : -1;
      AMP_CHECK_EQ(to[r * 4 + c].x, want);
      AMP_CHECK_EQ(to[r * 4 + c].y, want);
    }
}

}  // namespace

int main() {
  view_over_host_data();
  arrays();
  sections();
  return amp_check::finish("element_types_test");
}
