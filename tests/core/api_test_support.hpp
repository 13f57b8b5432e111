// Helpers shared by the host-API tests (api_*_test.cpp).
#pragma once

#include <gtest/gtest.h>

#include <ampcl/detail/cl_handle.hpp>

#include "test_support.hpp"

namespace ampcl_api_test {

inline ampcl::kernel api_kernel(const char* name) {
  return ampcl::kernel::from_file(ampcl_test::kernel_path("api_kernels.cl"), name);
}
inline ampcl::kernel basic_kernel(const char* name) {
  return ampcl::kernel::from_file(ampcl_test::kernel_path("basic.cl"), name);
}

// Holds a view's queue at a user event until release(): commands submitted after
// it cannot finish before then, which makes "not yet complete" deterministic.
class queue_gate {
 public:
  explicit queue_gate(const ampcl::accelerator_view& view) : view_(view) {
    cl_int err = CL_SUCCESS;
    user_ = event(clCreateUserEvent(view.context(), &err));
    EXPECT_EQ(err, CL_SUCCESS);
    const cl_event user = user_.get();
    EXPECT_EQ(clEnqueueMarkerWithWaitList(view.queue(), 1, &user, gated_.receive()), CL_SUCCESS);
    clFlush(view.queue());
  }
  ~queue_gate() { release(); }
  queue_gate(const queue_gate&) = delete;
  queue_gate& operator=(const queue_gate&) = delete;
  void release() {
    if (!released_) clSetUserEventStatus(user_.get(), CL_COMPLETE);
    released_ = true;
  }
  // A future of the gated marker itself.
  ampcl::completion_future future() const {
    return ampcl::completion_future::from_event(gated_.get(), view_.queue());
  }

 private:
  ampcl::accelerator_view view_;
  using event = ampcl::detail::basic_cl_handle<cl_event>;
  event user_;
  event gated_;
  bool released_ = false;
};

}  // namespace ampcl_api_test
