// is_device_copyable<T>: a type that is not trivially copyable (C++ AMP's
// amp-compatible class) lives in arrays and array_views, and every copy between
// them moves its bytes: its copy constructor and assignment (which here zero the
// copy) never run.
#include <gtest/gtest.h>

#include <ampcl/ampcl.hpp>
#include <type_traits>
#include <vector>

#include "test_support.hpp"

using namespace ampcl;
using ampcl_test::poison_int;

namespace {

// Copies through the copy constructor or assignment lose the value.
struct tagged {
  tagged() : value(poison_int), twice(poison_int) {}
  explicit tagged(int v) : value(v), twice(2 * v) {}
  tagged(const tagged&) : value(0), twice(0) {}
  tagged& operator=(const tagged&) {
    value = 0;
    twice = 0;
    return *this;
  }
  int value;
  int twice;
};

struct polymorphic {
  virtual ~polymorphic() = default;
  int value = 0;
};

// Fills `v` in place (no copies) from `first`.
std::vector<tagged> made(int n, int first) {
  std::vector<tagged> v(n);
  for (int i = 0; i < n; ++i) {
    v[i].value = first + i;
    v[i].twice = 2 * (first + i);
  }
  return v;
}

void expect_values(const tagged* got, int n, int first) {
  for (int i = 0; i < n; ++i) {
    EXPECT_EQ(got[i].value, first + i) << "element " << i;
    EXPECT_EQ(got[i].twice, 2 * (first + i)) << "element " << i;
  }
}

}  // namespace

static_assert(!std::is_trivially_copyable_v<tagged>);
static_assert(is_device_copyable_v<tagged> && is_device_copyable_v<const tagged>);
static_assert(!is_device_copyable_v<polymorphic>, "a vtable pointer is a host address");
static_assert(is_device_copyable_v<int>, "trivially copyable types are, by default");

TEST(DeviceCopyable, CopiesBetweenViewsAndArraysMoveBytes) {
  const int n = 24;
  std::vector<tagged> src = made(n, 100);
  array_view<const tagged> in(n, src);
  array<tagged> a(n, accelerator().get_default_view(), access_type_none);
  copy(in, a);  // view -> array
  std::vector<tagged> out(n);
  array_view<tagged> back(n, out);
  copy(a, back);  // array -> view
  back.synchronize();
  expect_values(out.data(), n, 100);

  std::vector<tagged> out2(n);
  array_view<tagged> view2(n, out2);
  copy(back, view2);  // view -> view
  view2.synchronize();
  expect_values(out2.data(), n, 100);

  array<tagged> b(n, accelerator().get_default_view(), access_type_none);
  copy(a, b);  // array -> array (on the device)
  std::vector<tagged> out3(n);
  array_view<tagged> view3(n, out3);
  copy(b, view3);
  view3.synchronize();
  expect_values(out3.data(), n, 100);
}

TEST(DeviceCopyable, SectionsMoveBytes) {
  std::vector<tagged> src = made(16, 0);
  std::vector<tagged> dst(16);  // poison
  array_view<tagged, 2> a(4, 4, src), b(4, 4, dst);
  copy(a.section(ampcl::index<2>(1, 1), extent<2>(2, 2)),
       b.section(ampcl::index<2>(2, 0), extent<2>(2, 2)));
  b.synchronize();
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 4; ++c) {
      const bool inside = r >= 2 && c < 2;
      const int want = inside ? (r - 1) * 4 + (c + 1) : poison_int;
      EXPECT_EQ(dst[r * 4 + c].value, want) << r << "," << c;
      EXPECT_EQ(dst[r * 4 + c].twice, inside ? 2 * want : poison_int) << r << "," << c;
    }
}
