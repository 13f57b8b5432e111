#include <algorithm>
#include <ampcl/detail/strided_copy.hpp>
#include <cstring>
#include <optional>

#include "memory/storage.hpp"
#include "memory/transfer.hpp"

namespace ampcl::detail {
namespace {

// The innermost dimensions that lie back to back form one run: how many
// dimensions are left outside it, and its elements.
struct runs {
  std::size_t outer;
  std::int64_t run;
};
runs runs_of(const strided_layout& v) {
  std::size_t outer = v.extent.size();
  std::int64_t run = 1;
  while (outer > 0 && (v.extent[outer - 1] == 1 || v.stride[outer - 1] == run)) {
    run *= v.extent[outer - 1];
    --outer;
  }
  return {outer, run};
}

// A section whose runs form rows (and slices of rows) at fixed pitches, as the
// rectangle OpenCL's clEnqueueReadBufferRect reads; nothing for others (one run,
// or runs in more than two dimensions).
std::optional<buffer_rect> rect_of(const strided_layout& v) {
  const auto [outer, run] = runs_of(v);
  if (outer == 0 || outer > 2) return std::nullopt;
  const std::size_t size = v.element_bytes;
  buffer_rect r;
  r.region[0] = static_cast<std::size_t>(run) * size;
  r.region[1] = static_cast<std::size_t>(v.extent[outer - 1]);
  r.row_pitch = static_cast<std::size_t>(v.stride[outer - 1]) * size;
  if (r.row_pitch < r.region[0]) return std::nullopt;
  r.slice_pitch = r.row_pitch * r.region[1];
  if (outer == 2) {
    r.region[2] = static_cast<std::size_t>(v.extent[0]);
    r.slice_pitch = static_cast<std::size_t>(v.stride[0]) * size;
    if (r.slice_pitch % r.row_pitch != 0 || r.slice_pitch < r.row_pitch * r.region[1])
      return std::nullopt;
  }
  // The first element as (x bytes, y rows, z slices), each inside its pitch.
  std::size_t at = v.first * size;
  r.origin[2] = outer == 2 ? at / r.slice_pitch : 0;
  at -= r.origin[2] * r.slice_pitch;
  r.origin[1] = at / r.row_pitch;
  r.origin[0] = at % r.row_pitch;
  if (r.origin[0] + r.region[0] > r.row_pitch) return std::nullopt;
  if (outer == 2 && (r.origin[1] + r.region[1]) * r.row_pitch > r.slice_pitch) return std::nullopt;
  return r;
}

// Calls f(buffer_element, elements) for each run of consecutive buffer elements
// the view covers, in row-major order: the innermost dimensions that lie back to
// back form one run, so a section of rows moves a row at a time.
template <class F>
void for_each_run(const strided_layout& v, F f) {
  if (v.count() == 0) return;
  const auto [outer, run] = runs_of(v);
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
  // Only the device holds the data: read the section's rows, not its whole span.
  if (!one_run)
    if (const auto rect = rect_of(view); rect && s.read_rect_from_device(out, *rect)) return;
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
