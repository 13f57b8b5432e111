// Host memory the driver copies into directly: a mapped CL_MEM_ALLOC_HOST_PTR
// buffer. Behind a kernel on NVIDIA's driver, a 12-byte read into pageable memory
// took 61-63 us and into this 23-25 us (bench/racecheck/command_stream_probe.cpp).
#pragma once

#include <ampcl/cl.hpp>
#include <ampcl/detail/cl_handle.hpp>
#include <cstddef>
#include <cstdint>

namespace ampcl::debug {

class pinned_words {
 public:
  pinned_words() = default;
  // Maps `words` words (blocking) through a queue of their own on `device`, which
  // nothing else holds up and which unmaps them; empty where the driver refuses.
  pinned_words(cl_context context, cl_device_id device, std::size_t words);
  ~pinned_words();
  pinned_words(pinned_words&& other) noexcept;
  pinned_words& operator=(pinned_words&& other) noexcept;
  pinned_words(const pinned_words&) = delete;
  pinned_words& operator=(const pinned_words&) = delete;

  std::uint32_t* get() const { return host_; }
  // A read still pending may write the words: they are never unmapped nor freed.
  void leak();

 private:
  void reset();
  ampcl::detail::basic_cl_handle<cl_mem> mem_;
  ampcl::detail::basic_cl_handle<cl_command_queue> queue_;  // maps and unmaps them
  std::uint32_t* host_ = nullptr;
};

}  // namespace ampcl::debug
