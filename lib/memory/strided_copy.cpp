#include <algorithm>
#include <ampcl/detail/strided_copy.hpp>
#include <cstring>

namespace ampcl::detail {
namespace {

// Calls f(buffer_element, elements) for each run of consecutive buffer elements
// the view covers, in row-major order: the innermost dimensions that lie back to
// back form one run, so a section of rows moves a row at a time.
template <class F>
void for_each_run(const strided_layout& v, F f) {
  if (v.count() == 0) return;
  std::size_t outer = v.extent.size();
  std::int64_t run = 1;
  while (outer > 0 && (v.extent[outer - 1] == 1 || v.stride[outer - 1] == run)) {
    run *= v.extent[outer - 1];
    --outer;
  }
  std::vector<std::int64_t> index(outer, 0);
  for (;;) {
    std::int64_t element = static_cast<std::int64_t>(v.first);
    for (std::size_t d = 0; d < outer; ++d) element += index[d] * v.stride[d];
    f(static_cast<std::size_t>(element), static_cast<std::size_t>(run));
    std::size_t d = outer;
    while (d > 0 && ++index[d - 1] == v.extent[d - 1]) index[--d] = 0;
    if (d == 0) return;
  }
}

}  // namespace

std::size_t strided_layout::count() const {
  std::size_t n = 1;
  for (std::int64_t e : extent) n *= static_cast<std::size_t>(e);
  return n;
}

std::size_t strided_layout::span_elements() const {
  std::size_t last = 0;
  for (std::size_t d = 0; d < extent.size(); ++d)
    last += static_cast<std::size_t>(extent[d] - 1) * static_cast<std::size_t>(stride[d]);
  return last + 1;
}

bool strided_layout::contiguous() const {
  std::int64_t expect = 1;
  for (std::size_t d = extent.size(); d > 0; --d) {
    if (extent[d - 1] > 1 && stride[d - 1] != expect) return false;
    expect *= extent[d - 1];
  }
  return true;
}

void gather_elements(storage& s, const strided_layout& view, void* out) {
  const std::size_t count = view.count();
  if (count == 0) return;
  const std::size_t size = view.element_bytes;
  const bool one_run = view.contiguous();
  std::vector<unsigned char> scratch;
  const unsigned char* span = bytes_for_copy(
      s, view.first * size, (one_run ? count : view.span_elements()) * size, scratch);
  if (one_run) {
    std::memcpy(out, span, count * size);
    return;
  }
  const unsigned char* base = span - view.first * size;
  auto* to = static_cast<unsigned char*>(out);
  for_each_run(view, [&](std::size_t element, std::size_t elements) {
    std::memcpy(to, base + element * size, elements * size);
    to += elements * size;
  });
}

void scatter_elements(storage& s, const strided_layout& view, const void* src, std::size_t count) {
  count = std::min(count, view.count());
  if (count == 0) return;
  const std::size_t size = view.element_bytes;
  if (view.contiguous()) {
    copy_into(s, view.first * size, count * size, src);
    return;
  }
  // The fill may run twice (host and device copies): it starts over each time.
  auto fill = [&](unsigned char* span) {
    unsigned char* base = span - view.first * size;
    const auto* from = static_cast<const unsigned char*>(src);
    std::size_t left = count;
    for_each_run(view, [&](std::size_t element, std::size_t elements) {
      const std::size_t n = std::min(elements, left);
      std::memcpy(base + element * size, from, n * size);
      from += n * size;
      left -= n;
    });
  };
  copy_into_scattered(s, view.first * size, view.span_elements() * size, fill);
}

}  // namespace ampcl::detail
