#include "launch/repeat_launch.hpp"

#include <algorithm>
#include <cstring>

namespace ampcl::detail {

namespace {

// Element by element: std::equal on these arrays is a libc memcmp call.
bool same_range(const ndrange& a, const ndrange& b) {
  return a.dims == b.dims && a.global[0] == b.global[0] && a.global[1] == b.global[1] &&
         a.global[2] == b.global[2] && a.local[0] == b.local[0] && a.local[1] == b.local[1] &&
         a.local[2] == b.local[2];
}

std::uint64_t word(const void* p, int i) {
  std::uint64_t w;
  std::memcpy(&w, static_cast<const unsigned char*>(p) + 8 * i, sizeof w);
  return w;
}

// 32 bytes compared inline: a libc memcmp call cost a third of a 16-argument repeat.
// Word by word: copied into arrays, they went through the stack.
bool same32(const void* a, const void* b) {
  return ((word(a, 0) ^ word(b, 0)) | (word(a, 1) ^ word(b, 1)) | (word(a, 2) ^ word(b, 2)) |
          (word(a, 3) ^ word(b, 3))) == 0;
}

// arg_value::of(a) == kept, without building the value: this runs per argument
// of every repeat.
bool same_argument(const bound_arg& a, const arg_value& kept) {
  switch (a.what) {
    case bound_arg::kind::memory:
      return kept.what == arg_value::kind::view && kept.id == a.store &&
             kept.cl_type == a.cl_type && kept.read_only == a.read_only_view &&
             kept.size == a.element_size && same32(kept.bytes, &a.shape);
    case bound_arg::kind::raw_buffer:
      return kept.what == arg_value::kind::buffer && kept.id == a.raw;
    case bound_arg::kind::scalar: {
      if (kept.what != arg_value::kind::bytes || kept.cl_type != a.cl_type || kept.size != a.size)
        return false;
      const auto* value = static_cast<const unsigned char*>(a.value);
      for (std::size_t i = 0; i < a.size; ++i)
        if (value[i] != kept.bytes[i]) return false;
      return true;
    }
    case bound_arg::kind::local_memory:
      return kept.what == arg_value::kind::local_memory && kept.size == a.size;
    case bound_arg::kind::image:
    case bound_arg::kind::sampler:
      return false;
  }
  return false;
}

}  // namespace

bool previous_launch::repeated_by(const view_state* view, const ndrange& r, const bound_arg* args,
                                  std::size_t count) const {
  if (!valid_ || view != view_ || count != args_.size() || !same_range(r, range_) ||
      storage_epoch.load(std::memory_order_acquire) != epoch_)
    return false;
  for (std::size_t i = 0; i < count; ++i)
    if (!same_argument(args[i], args_[i])) return false;
  return true;
}

void previous_launch::keep(std::uint64_t epoch, const view_state* view, const ndrange& r,
                           const bound_arg* args, std::size_t count) {
  valid_ = false;
  args_.resize(count);
  for (std::size_t i = 0; i < count; ++i) {
    args_[i] = arg_value::of(args[i]);
    if (!args_[i].known()) return;
  }
  epoch_ = epoch;
  view_ = view;
  range_ = r;
  valid_ = true;
}

}  // namespace ampcl::detail
