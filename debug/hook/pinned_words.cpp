#include "pinned_words.hpp"

#include <utility>

namespace ampcl::debug {

namespace {

// An in-order queue, or none where the driver refuses one.
ampcl::detail::basic_cl_handle<cl_command_queue> new_queue(cl_context context,
                                                           cl_device_id device) {
  cl_int err = CL_SUCCESS;
  cl_command_queue q = clCreateCommandQueue(context, device, 0, &err);
  return ampcl::detail::basic_cl_handle<cl_command_queue>(err == CL_SUCCESS ? q : nullptr);
}

}  // namespace

pinned_words::pinned_words(cl_context context, cl_device_id device, std::size_t words)
    : queue_(new_queue(context, device)) {
  if (!queue_.get()) return;
  cl_int err = CL_SUCCESS;
  const std::size_t bytes = words * sizeof(std::uint32_t);
  cl_mem mem =
      clCreateBuffer(context, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, bytes, nullptr, &err);
  if (err != CL_SUCCESS) return;
  mem_ = ampcl::detail::basic_cl_handle<cl_mem>(mem);
  void* host = clEnqueueMapBuffer(queue_.get(), mem, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, bytes,
                                  0, nullptr, nullptr, &err);
  if (err != CL_SUCCESS || !host) {
    mem_.reset();
    return;
  }
  host_ = static_cast<std::uint32_t*>(host);
}

pinned_words::~pinned_words() {
  reset();
}

pinned_words::pinned_words(pinned_words&& other) noexcept
    : mem_(std::move(other.mem_)),
      queue_(std::move(other.queue_)),
      host_(std::exchange(other.host_, nullptr)) {}

pinned_words& pinned_words::operator=(pinned_words&& other) noexcept {
  if (this != &other) {
    reset();
    mem_ = std::move(other.mem_);
    queue_ = std::move(other.queue_);
    host_ = std::exchange(other.host_, nullptr);
  }
  return *this;
}

void pinned_words::reset() {
  if (host_) clEnqueueUnmapMemObject(queue_.get(), mem_.get(), host_, 0, nullptr, nullptr);
  host_ = nullptr;
  mem_.reset();
  queue_.reset();
}

void pinned_words::leak() {
  (void)mem_.detach();  // left to a pending read
  (void)queue_.detach();
  host_ = nullptr;
}

}  // namespace ampcl::debug
