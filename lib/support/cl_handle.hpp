// RAII for OpenCL handles: released exactly once, retained on copy.
#pragma once

#include <ampcl/cl.hpp>

#include "support/stats_counters.hpp"

#include <utility>

namespace ampcl::detail {

template <class H>
struct cl_traits;
#define AMPCL_CL_TRAITS(H, retain, release)         \
  template <>                                       \
  struct cl_traits<H> {                             \
    static void add_ref(H h) { retain(h); }         \
    static void drop_ref(H h) { release(h); }       \
  }
AMPCL_CL_TRAITS(cl_context, clRetainContext, clReleaseContext);
AMPCL_CL_TRAITS(cl_command_queue, clRetainCommandQueue, clReleaseCommandQueue);
AMPCL_CL_TRAITS(cl_mem, clRetainMemObject, clReleaseMemObject);
AMPCL_CL_TRAITS(cl_program, clRetainProgram, clReleaseProgram);
AMPCL_CL_TRAITS(cl_kernel, clRetainKernel, clReleaseKernel);
AMPCL_CL_TRAITS(cl_event, clRetainEvent, clReleaseEvent);
AMPCL_CL_TRAITS(cl_sampler, clRetainSampler, clReleaseSampler);
#undef AMPCL_CL_TRAITS

template <class H>
class cl_handle {
 public:
  cl_handle() = default;
  // Takes ownership of a handle just returned by a clCreate* call.
  explicit cl_handle(H h) : h_(h) {
    if (h_) ++live_cl_objects();
  }
  // Shares a handle someone else owns (an event the caller keeps): one more reference.
  static cl_handle retained(H h) {
    if (h) cl_traits<H>::add_ref(h);
    return cl_handle(h);
  }
  cl_handle(const cl_handle& o) : h_(o.h_) {
    if (h_) {
      cl_traits<H>::add_ref(h_);
      ++live_cl_objects();
    }
  }
  cl_handle(cl_handle&& o) noexcept : h_(std::exchange(o.h_, nullptr)) {}
  cl_handle& operator=(cl_handle o) noexcept {
    std::swap(h_, o.h_);
    return *this;
  }
  ~cl_handle() {
    if (h_) {
      cl_traits<H>::drop_ref(h_);
      --live_cl_objects();
    }
  }
  H get() const { return h_; }
  // For out-parameters; must be empty. Call adopted() once the call filled it.
  H* receive() { return &h_; }
  void adopted() {
    if (h_) ++live_cl_objects();
  }
  explicit operator bool() const { return h_ != nullptr; }

 private:
  H h_ = nullptr;
};

}  // namespace ampcl::detail
