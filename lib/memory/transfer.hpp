// Host <-> device copies of whole byte ranges. Large ones go through a ring of
// pinned staging buffers kept per queue (memory/staging_ring.hpp): the host's
// memcpy of one chunk (on a pool of threads) overlaps the DMA of the chunks before
// it. Pageable memory reaches a fraction of the pinned rate on discrete GPUs; this
// closes most of the gap. Chunk size, ring length and threads: transfer_tuning.hpp.
#pragma once

#include <ampcl/cl.hpp>
#include <cstddef>

namespace ampcl::detail {

struct view_state;
struct device_info;

// Whether a copy of `bytes` between host memory and a buffer on `dev` goes through
// the pinned staging ring (otherwise: mapped on devices that share memory with
// the host, or straight to the driver when small or AMPCL_STAGING=never).
bool copy_is_staged(const device_info& dev, std::size_t bytes);

// Copies `bytes` from host memory `src` into `buffer` at `offset`; returns when
// the data has left `src` (the caller may reuse it).
// `registered`: `src` is registered with the driver (host_registration.hpp), so
// the copy goes to it as it is.
void write_to_device(view_state& view, cl_mem buffer, std::size_t offset, std::size_t bytes,
                     const void* src, bool registered = false);
// Copies `bytes` from `buffer` at `offset` into host memory `dst`; returns when
// the data is there.
void read_from_device(view_state& view, cl_mem buffer, std::size_t offset, std::size_t bytes,
                      void* dst, bool registered = false);

// A rectangle of `buffer` (OpenCL's buffer_origin, region and pitches, in bytes
// and rows) into `dst`, packed (host pitches region[0] and region[0] * region[1]);
// returns when the data is there. What a strided section reads from the device.
struct buffer_rect {
  std::size_t origin[3] = {0, 0, 0};
  std::size_t region[3] = {0, 1, 1};
  std::size_t row_pitch = 0;
  std::size_t slice_pitch = 0;
  std::size_t bytes() const { return region[0] * region[1] * region[2]; }
};
void read_rect_from_device(view_state& view, cl_mem buffer, const buffer_rect& r, void* dst);

}  // namespace ampcl::detail
