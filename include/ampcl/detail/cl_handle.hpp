// RAII for OpenCL handles: released exactly once, retained on copy. Shared by
// the runtime (lib/, which counts the handles it holds: lib/support/cl_handle.hpp)
// and the debug mode (debug/, which does not).
#pragma once

#include <ampcl/cl.hpp>
#include <utility>

namespace ampcl::detail {

template <class H>
struct cl_traits;
#define AMPCL_CL_TRAITS(H, retain, release)   \
  template <>                                 \
  struct cl_traits<H> {                       \
    static void add_ref(H h) { retain(h); }   \
    static void drop_ref(H h) { release(h); } \
  }
AMPCL_CL_TRAITS(cl_context, clRetainContext, clReleaseContext);
AMPCL_CL_TRAITS(cl_command_queue, clRetainCommandQueue, clReleaseCommandQueue);
AMPCL_CL_TRAITS(cl_mem, clRetainMemObject, clReleaseMemObject);
AMPCL_CL_TRAITS(cl_program, clRetainProgram, clReleaseProgram);
AMPCL_CL_TRAITS(cl_kernel, clRetainKernel, clReleaseKernel);
AMPCL_CL_TRAITS(cl_event, clRetainEvent, clReleaseEvent);
AMPCL_CL_TRAITS(cl_sampler, clRetainSampler, clReleaseSampler);
#undef AMPCL_CL_TRAITS

// What a handle does when it starts or stops holding a reference: nothing, or
// (lib) keep the statistics' count of live OpenCL objects.
struct uncounted_cl_handles {
  static void held() {}
  static void dropped() {}
};

template <class H, class Count = uncounted_cl_handles>
class basic_cl_handle {
 public:
  basic_cl_handle() = default;
  // Takes ownership of a handle just returned by a clCreate* call.
  explicit basic_cl_handle(H h) : h_(h) {
    if (h_) Count::held();
  }
  // Shares a handle someone else owns (an event the caller keeps): one more reference.
  static basic_cl_handle retained(H h) {
    if (h) cl_traits<H>::add_ref(h);
    return basic_cl_handle(h);
  }
  basic_cl_handle(const basic_cl_handle& o) : h_(o.h_) {
    if (h_) {
      cl_traits<H>::add_ref(h_);
      Count::held();
    }
  }
  basic_cl_handle(basic_cl_handle&& o) noexcept : h_(std::exchange(o.h_, nullptr)) {}
  basic_cl_handle& operator=(basic_cl_handle o) noexcept {
    std::swap(h_, o.h_);
    return *this;
  }
  ~basic_cl_handle() { reset(); }
  H get() const { return h_; }
  // Drops the reference now (the handle becomes empty).
  void reset() {
    if (h_) {
      cl_traits<H>::drop_ref(std::exchange(h_, nullptr));
      Count::dropped();
    }
  }
  // Hands the reference to someone else (an application's out-parameter): the
  // handle becomes empty without releasing it.
  H detach() {
    if (h_) Count::dropped();
    return std::exchange(h_, nullptr);
  }
  // For out-parameters; must be empty. Call adopted() once the call filled it.
  H* receive() { return &h_; }
  void adopted() {
    if (h_) Count::held();
  }
  explicit operator bool() const { return h_ != nullptr; }

 private:
  H h_ = nullptr;
};

}  // namespace ampcl::detail
