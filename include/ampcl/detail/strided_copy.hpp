// The elements of a view of any rank as they lie in its storage, and the one
// gather and scatter that copy() uses (<ampcl/concurrency/copy.h>): a copy's
// semantics (what is read, what reaches the data source) are storage.hpp's
// copy_into and bytes_for_copy.
#pragma once

#include <ampcl/detail/storage.hpp>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace ampcl::detail {

struct strided_layout {
  std::size_t first = 0;             // the buffer element of the view's index 0
  std::size_t element_bytes = 0;     // sizeof the element type
  std::vector<std::int64_t> extent;  // one entry a dimension, AMP order
  std::vector<std::int64_t> stride;  // elements between neighbours, never negative

  std::size_t count() const;
  // Buffer elements from the view's first element to its last.
  std::size_t span_elements() const;
  // The elements are one run of the buffer, row-major, with no gaps.
  bool contiguous() const;
};

// The view's count() elements, row-major, into `out` (count() * element_bytes
// bytes), read where the current data is: the data source is not written.
void gather_elements(storage& s, const strided_layout& view, void* out);
// The view's first `count` elements, row-major, take src's bytes, written through
// to the view's data source as copy_into says.
void scatter_elements(storage& s, const strided_layout& view, const void* src, std::size_t count);

}  // namespace ampcl::detail
