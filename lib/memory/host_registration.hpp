// Host memory that one storage copies to and from the device again and again (an
// array_view over a program's vector, synchronized every iteration) is registered
// with the driver after a few copies: a CL_MEM_USE_HOST_PTR buffer over it, never
// used in a command, kept until the storage lets the memory go. NVIDIA's driver
// then pins those pages, and copies between them and any buffer run as DMA at
// pinned speed with no staging memcpy (an H100: 50-55 GB/s against 6.5-6.8 from
// pageable memory; the unused buffer takes no device memory). Registering costs
// 3-4 ms per 64 MiB, a few staged copies' worth, so one-off copies never do it
// (bench/host_registration_probe.cpp measures all of this). AMPCL_REGISTER_AFTER
// (transfer_tuning.hpp) sets how many copies.
#pragma once

#include <ampcl/cl.hpp>
#include <cstddef>

#include "support/cl_handle.hpp"

namespace ampcl::detail {

struct view_state;

class host_registration {
 public:
  // Before a copy of all `bytes` of `host` to or from a buffer of `view`'s context:
  // counts it and registers the memory once that is due. True when the memory is
  // registered in that context: the copy may go to the driver as it is.
  bool before_copy(const view_state& view, void* host, std::size_t bytes);
  // The storage's buffer is gone (released, or moved to another context).
  void release();

 private:
  cl_handle<cl_mem> buffer_;  // the USE_HOST_PTR buffer that keeps the memory registered
  cl_context context_ = nullptr;
  unsigned copies_ = 0;   // large copies in context_ so far
  bool refused_ = false;  // the driver would not register this memory: not asked again
};

}  // namespace ampcl::detail
