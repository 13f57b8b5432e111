// RAII for the OpenCL handles the debug mode creates.
#pragma once

#include <ampcl/cl.hpp>
#include <utility>

namespace ampcl::debug {

class cl_buffer {
 public:
  cl_buffer() = default;
  explicit cl_buffer(cl_mem m) : m_(m) {}
  cl_buffer(const cl_buffer&) = delete;
  cl_buffer& operator=(const cl_buffer&) = delete;
  cl_buffer(cl_buffer&& o) noexcept : m_(std::exchange(o.m_, nullptr)) {}
  cl_buffer& operator=(cl_buffer&& o) noexcept {
    if (this != &o) {
      reset();
      m_ = std::exchange(o.m_, nullptr);
    }
    return *this;
  }
  ~cl_buffer() { reset(); }
  cl_mem get() const { return m_; }
  void reset() {
    if (m_) clReleaseMemObject(m_);
    m_ = nullptr;
  }

 private:
  cl_mem m_ = nullptr;
};

}  // namespace ampcl::debug
