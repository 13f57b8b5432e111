// The misuses of views that C++ AMP answers with a runtime_exception on the host
// (a projection, view_as or reinterpret_as out of range) and what the correct uses
// give; and refresh() and copy() leaving current data where C++ AMP leaves it.
#include <amp.h>

#include <cstring>
#include <numeric>
#include <string>
#include <vector>

#include "device_check.h"

using namespace concurrency;

namespace {

struct rgb {
  int r, g, b;
};

// Whether f throws a runtime_exception whose message holds `words`.
template <class F>
bool throws(F f, const char* words) {
  try {
    f();
  } catch (const runtime_exception& e) {
    if (std::string(e.what()).find(words) != std::string::npos) return true;
    std::fprintf(stderr, "    unexpected message: %s\n", e.what());
  }
  return false;
}

void projections() {
  std::vector<int> host(30);
  std::iota(host.begin(), host.end(), 0);
  array<int, 2> a(extent<2>(3, 10), host.begin(), host.end());
  AMP_CHECK(throws([&] { array_view<int, 1> row = a[3]; }, "projection: index 3"));
  AMP_CHECK(throws([&] { array_view<int, 1> row = a[-1]; }, "projection: index -1"));
  array_view<int, 2> v(3, 10, host);
  AMP_CHECK(throws([&] { v.projection(3); }, "outside dimension 0 of the extent (3)"));
  AMP_CHECK(throws([&] { a(3); }, "projection: index 3"));
  array_view<int, 1> row = a[2];  // the last row is fine
  AMP_CHECK_EQ(row[7], 27);
  AMP_CHECK_EQ(v[1][4], 14);
  AMP_CHECK_EQ(a(1)[9], 19);  // a(i) is a[i] at rank 2 and more
  AMP_CHECK_EQ(v(2)(0), 20);
}

void view_as_and_reinterpret_as() {
  std::vector<int> host(10);
  std::iota(host.begin(), host.end(), 0);
  array<int, 1> a(extent<1>(10), host.begin(), host.end());
  array_view<int, 1> v(10, host);
  AMP_CHECK(throws([&] { a.view_as(extent<2>(3, 4)); }, "holds 12 elements, more than"));
  AMP_CHECK(throws([&] { v.view_as(extent<2>(3, 4)); }, "source's 10"));
  AMP_CHECK(throws([&] { v.view_as(extent<2>(0, 4)); }, "every dimension must be positive"));
  AMP_CHECK(throws([&] { a.reinterpret_as<rgb>(); }, "not a whole number of 12-byte"));
  AMP_CHECK(throws([&] { v.reinterpret_as<rgb>(); }, "not a whole number of 12-byte"));
  // A section of a wider view skips elements: it has no other shape in place.
  std::vector<int> grid(16);
  array_view<int, 2> g(4, 4, grid);
  AMP_CHECK(throws([&] { g.section(0, 0, 2, 2).reinterpret_as<int>(); }, "not contiguous"));

  array_view<int, 2> shaped = a.view_as(extent<2>(2, 4));  // fewer elements is fine
  AMP_CHECK_EQ(shaped(1, 3), 7);
  array_view<rgb, 1> triples = v.section(0, 9).reinterpret_as<rgb>();
  AMP_CHECK_EQ(triples.extent[0], 3);
  AMP_CHECK_EQ(triples[2].b, 8);
  // A read-only view reinterprets as a read-only view, U or const U asked for.
  array_view<const int, 1> read_only(v);
  array_view<const unsigned, 1> bits = read_only.reinterpret_as<unsigned>();
  AMP_CHECK_EQ(bits[9], 9u);
}

// The same calls in a kernel, where the checks have no say (the host's arguments
// were checked when the views were made).
void in_kernels() {
  std::vector<float> values(8);
  std::iota(values.begin(), values.end(), 0.5f);
  array_view<const float, 1> src(8, values);
  std::vector<int> bits(8, -7), shaped(8, -7);  // poison
  array_view<int, 1> bits_out(8, bits), shaped_out(8, shaped);
  parallel_for_each(
      bits_out.extent, [=](index<1> i) restrict(amp) {
        array_view<const int, 1> as_int = src.reinterpret_as<int>();
        bits_out[i] = as_int[i];
        shaped_out[i] = static_cast<int>(src.view_as(extent<2>(2, 4))(i[0] / 4, i[0] % 4));
      });
  bits_out.synchronize();
  shaped_out.synchronize();
  for (int i = 0; i < 8; ++i) {
    int expect = 0;
    std::memcpy(&expect, &values[i], sizeof expect);
    AMP_CHECK_EQ(bits[i], expect);
    AMP_CHECK_EQ(shaped[i], i);
  }
}

// refresh() says the data source changed behind the view. An array (or no source at
// all) has none outside ampcl: what kernels wrote stays current.
void refresh_keeps_device_writes() {
  array<int, 1> a(extent<1>(8), accelerator().default_view, access_type_none);
  array_view<int, 1> over_array(a);
  parallel_for_each(
      a.extent, [=](index<1> i) restrict(amp) { over_array[i] = 5 * i[0]; });
  over_array.refresh();
  AMP_CHECK_EQ(over_array[7], 35);

  array_view<int, 1> no_source(8);
  parallel_for_each(
      no_source.extent, [=](index<1> i) restrict(amp) { no_source[i] = i[0] + 1; });
  no_source.refresh();
  parallel_for_each(
      no_source.extent, [=](index<1> i) restrict(amp) { no_source[i] *= 10; });
  no_source.refresh();
  AMP_CHECK_EQ(no_source[3], 40);
}

// copy() out of a view reads the device's data without writing it to the view's data
// source, which changes only on synchronize() (or when the last view goes).
void copy_leaves_the_source() {
  std::vector<int> host(64, 2);
  array_view<int, 1> v(64, host);
  parallel_for_each(
      v.extent, [=](index<1> i) restrict(amp) { v[i] += i[0]; });
  std::vector<int> out(64, -7);
  copy(v, out.begin());
  for (int i = 0; i < 64; ++i) AMP_CHECK_EQ(out[i], 2 + i);
  AMP_CHECK_EQ(host[63], 2);
  v.synchronize();
  AMP_CHECK_EQ(host[63], 65);
}

}  // namespace

int main() {
  projections();
  view_as_and_reinterpret_as();
  in_kernels();
  refresh_keeps_device_writes();
  copy_leaves_the_source();
  return amp_check::finish("view_checks_test");
}
