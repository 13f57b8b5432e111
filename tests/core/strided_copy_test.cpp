// The gather and scatter both APIs' copies use (ampcl/detail/strided_copy.hpp), at
// ranks ampcl's own array_view does not have: each element against a host
// reference that walks the view one index at a time, over storage that is only on
// the device and over the user's memory, with poison wherever the view does not go.
#include <gtest/gtest.h>

#include <ampcl/accelerator.hpp>
#include <ampcl/detail/strided_copy.hpp>
#include <ampcl/stats.hpp>
#include <cstdint>
#include <memory>
#include <numeric>
#include <vector>

#include "test_support.hpp"

namespace {

using ampcl::detail::strided_layout;
using ampcl_test::poison_int;

// A rank-4 section of a 3x4x5x6 buffer of ints (row-major strides 120, 30, 6, 1).
strided_layout section(std::vector<std::int64_t> extent, std::vector<std::int64_t> stride,
                       std::size_t first) {
  strided_layout layout;
  layout.first = first;
  layout.element_bytes = sizeof(int);
  layout.extent = std::move(extent);
  layout.stride = std::move(stride);
  return layout;
}

// Buffer elements of the view, row-major, one index at a time.
std::vector<std::size_t> offsets(const strided_layout& v) {
  std::vector<std::size_t> out;
  std::vector<std::int64_t> index(v.extent.size(), 0);
  for (std::size_t n = 0; n < v.count(); ++n) {
    std::int64_t at = static_cast<std::int64_t>(v.first);
    for (std::size_t d = 0; d < index.size(); ++d) at += index[d] * v.stride[d];
    out.push_back(static_cast<std::size_t>(at));
    for (std::size_t d = index.size(); d-- > 0;) {
      if (++index[d] < v.extent[d]) break;
      index[d] = 0;
    }
  }
  return out;
}

const std::size_t buffer_elements = 3 * 4 * 5 * 6;

std::vector<strided_layout> layouts() {
  return {
      section({2, 2, 3, 6}, {120, 30, 6, 1}, 1 * 120 + 1 * 30 + 2 * 6),  // rows are runs
      section({2, 3, 2, 3}, {120, 30, 6, 2}, 30 + 1),                    // every other column
      section({1, 1, 4, 6}, {120, 30, 6, 1}, 2 * 120 + 3 * 30),          // one contiguous run
      section({3, 1, 1, 1, 2}, {120, 1, 1, 1, 7}, 5),                    // rank 5, odd strides
      section({3, 4}, {30, 1}, 2 * 120 + 7),                             // rows of a matrix
      section({5, 1}, {6, 1}, 3),                                        // a column
      section({2, 3, 4}, {120, 6, 1}, 120 + 2),                          // slices of rows
  };
}

// The sections whose rows lie at fixed pitches (the first two dimensions at most
// outside one run): read from the device as one rectangle.
std::vector<strided_layout> rectangles() {
  return {
      section({2, 2, 3, 6}, {120, 30, 6, 1}, 1 * 120 + 1 * 30 + 2 * 6),
      section({3, 4}, {30, 1}, 2 * 120 + 7),
      section({5, 1}, {6, 1}, 3),
      section({2, 3, 4}, {120, 6, 1}, 120 + 2),
  };
}

class StridedCopy : public ::testing::TestWithParam<bool> {
 protected:
  // Storage holding `values`: on the device alone, or over the user's `host`.
  std::shared_ptr<ampcl::detail::storage> storage_with(const std::vector<int>& values) {
    const std::size_t bytes = values.size() * sizeof(int);
    std::shared_ptr<ampcl::detail::storage> s;
    if (GetParam()) {
      host_ = values;
      s = ampcl::detail::storage_over_host(host_.data(), bytes);
    } else {
      s = ampcl::detail::storage_on_device(ampcl::accelerator().get_default_view(), bytes);
      ampcl::detail::copy_into(*s, 0, bytes, values.data());
    }
    return s;
  }
  std::vector<int> contents(ampcl::detail::storage& s) {
    std::vector<int> out(buffer_elements, poison_int);
    std::vector<unsigned char> scratch;
    const unsigned char* bytes =
        ampcl::detail::bytes_for_copy(s, 0, buffer_elements * sizeof(int), scratch);
    std::copy_n(reinterpret_cast<const int*>(bytes), buffer_elements, out.begin());
    return out;
  }
  std::vector<int> host_;
};

TEST_P(StridedCopy, GatherReadsEachElementOfTheViewInRowMajorOrder) {
  std::vector<int> values(buffer_elements);
  std::iota(values.begin(), values.end(), 1000);
  const auto s = storage_with(values);
  for (const strided_layout& view : layouts()) {
    std::vector<int> got(view.count(), poison_int);
    ampcl::detail::gather_elements(*s, view, got.data());
    std::vector<int> want;
    for (std::size_t at : offsets(view)) want.push_back(values[at]);
    EXPECT_EQ(got, want) << "view of rank " << view.extent.size() << " at " << view.first;
  }
}

TEST_P(StridedCopy, ScatterWritesThePrefixItIsGivenAndNothingElse) {
  for (const strided_layout& view : layouts()) {
    const auto s = storage_with(std::vector<int>(buffer_elements, poison_int));
    const std::size_t count = view.count() - view.count() / 3;  // a prefix, not all
    std::vector<int> src(count);
    std::iota(src.begin(), src.end(), 1);
    ampcl::detail::scatter_elements(*s, view, src.data(), count);
    std::vector<int> want(buffer_elements, poison_int);
    const std::vector<std::size_t> at = offsets(view);
    for (std::size_t n = 0; n < count; ++n) want[at[n]] = src[n];
    EXPECT_EQ(contents(*s), want) << "view of rank " << view.extent.size() << " at " << view.first;
  }
}

// Only the device holds the data: a section of rows moves its own bytes, not the
// span from its first element to its last (what a host-side gather needs).
TEST(StridedCopy, DeviceSectionsReadOnlyTheirRows) {
  std::vector<int> values(buffer_elements);
  std::iota(values.begin(), values.end(), -500);
  const auto s = ampcl::detail::storage_on_device(ampcl::accelerator().get_default_view(),
                                                  buffer_elements * sizeof(int));
  ampcl::detail::copy_into(*s, 0, buffer_elements * sizeof(int), values.data());
  for (const strided_layout& view : rectangles()) {
    std::vector<int> got(view.count(), poison_int);
    ampcl::reset_statistics();
    ampcl::detail::gather_elements(*s, view, got.data());
    EXPECT_EQ(ampcl::get_statistics().bytes_to_host, view.count() * sizeof(int))
        << "view of rank " << view.extent.size() << " at " << view.first;
    std::vector<int> want;
    for (std::size_t at : offsets(view)) want.push_back(values[at]);
    EXPECT_EQ(got, want) << "view of rank " << view.extent.size() << " at " << view.first;
  }
}

TEST(StridedLayout, ContiguousOnlyWhenTheElementsAreOneRun) {
  EXPECT_FALSE(section({2, 2, 3, 6}, {120, 30, 6, 1}, 0).contiguous());
  EXPECT_TRUE(section({1, 1, 4, 6}, {120, 30, 6, 1}, 0).contiguous());
  EXPECT_TRUE(section({2, 1, 3}, {3, 99, 1}, 0).contiguous());  // a dimension of one
  EXPECT_EQ(section({2, 3}, {10, 2}, 4).span_elements(), 15u);
}

INSTANTIATE_TEST_SUITE_P(Storage, StridedCopy, ::testing::Values(false, true),
                         [](const auto& info) { return info.param ? "OverHostData" : "OnDevice"; });

}  // namespace
