// How the checker tells a launch that failed from one that hung, on the real
// driver: a user event stands for the launch, and its status is what a driver
// reports for a faulting kernel (a negative execution status) or a hung one
// (still queued when the watchdog's time is up).
#include <CL/cl.h>
#include <gtest/gtest.h>

#include <chrono>

#include "cl_queue_fixture.hpp"
#include "racecheck_engine.hpp"

namespace {

using ampcl::debug::execution_status;
using ampcl::debug::failed_launch;
using ampcl::debug::wait_with_watchdog;

class LaunchEnd : public cl_queue_fixture {
 protected:
  void SetUp() override {
    cl_queue_fixture::SetUp();
    if (HasFatalFailure()) return;
    cl_int err = CL_SUCCESS;
    launch_ = clCreateUserEvent(context_, &err);
    ASSERT_EQ(err, CL_SUCCESS);
  }
  void TearDown() override {
    if (launch_) clReleaseEvent(launch_);
    cl_queue_fixture::TearDown();
  }
  cl_event launch_ = nullptr;
};

// The checker waits for the records' header read queued behind the launch, then
// asks the launch how it ended: a read behind a failed launch ends too, and the
// launch keeps the driver's status.
TEST_F(LaunchEnd, AReadBehindAFailedLaunchEndsAndTheLaunchKeepsItsStatus) {
  cl_int err = CL_SUCCESS;
  cl_mem records = clCreateBuffer(context_, CL_MEM_READ_WRITE, 64, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  unsigned header[3] = {7, 7, 7};
  cl_event read = nullptr;
  ASSERT_EQ(
      clEnqueueReadBuffer(queue_, records, CL_FALSE, 0, sizeof header, header, 1, &launch_, &read),
      CL_SUCCESS);
  ASSERT_EQ(clSetUserEventStatus(launch_, CL_OUT_OF_RESOURCES), CL_SUCCESS);
  EXPECT_LT(wait_with_watchdog(queue_, read, 30.0), 0);
  EXPECT_EQ(execution_status(launch_), CL_OUT_OF_RESOURCES);
  clReleaseEvent(read);
  clReleaseMemObject(records);
}

TEST_F(LaunchEnd, ACompletedLaunchIsComplete) {
  ASSERT_EQ(clSetUserEventStatus(launch_, CL_COMPLETE), CL_SUCCESS);
  EXPECT_EQ(wait_with_watchdog(queue_, launch_, 5.0), CL_COMPLETE);
}

TEST_F(LaunchEnd, AFailedLaunchGivesTheDriversStatusNotAHang) {
  ASSERT_EQ(clSetUserEventStatus(launch_, CL_OUT_OF_RESOURCES), CL_SUCCESS);
  const auto start = std::chrono::steady_clock::now();
  EXPECT_EQ(wait_with_watchdog(queue_, launch_, 30.0), CL_OUT_OF_RESOURCES);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(5))
      << "a failed launch must not wait for the watchdog";
  const ampcl::debug::hazard h = failed_launch("k", "k.cl", CL_OUT_OF_RESOURCES);
  EXPECT_NE(h.detail.find("the driver reported the instrumented launch failed (execution "
                          "status -5)"),
            std::string::npos)
      << h.detail;
  EXPECT_EQ(h.detail.find("did not complete within"), std::string::npos) << h.detail;
  EXPECT_EQ(h.reason, "launch-failed");
}

TEST_F(LaunchEnd, ALaunchStillRunningAfterTheWatchdogsTimeIsAHang) {
  EXPECT_EQ(wait_with_watchdog(queue_, launch_, 0.2), CL_QUEUED);
  ASSERT_EQ(clSetUserEventStatus(launch_, CL_COMPLETE), CL_SUCCESS);  // let the queue go
}

}  // namespace
