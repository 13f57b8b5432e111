// A checked launch's shadow set-up queues commands (fills, the configuration's
// write) only where the shadow set needs them: a new set, or the first use of each
// of its two halves, does; a set whose words the launch before zeroed does not, and
// the ICD layer then lets the kernel wait for nothing on its own queue
// (debug/layer/launch_check.cpp). Each launch's result must still be right and
// its check clean.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "cl_queue_fixture.hpp"
#include "racecheck_engine.hpp"

namespace {

using namespace ampcl::debug;

constexpr int kItems = 64;

// Written through a pointer, so the buffer has a shadow (no owned-element form).
const char* kSource = R"(
__kernel void bump(__global int* a) {
  const int i = get_global_id(0);
  *(a + i) += 1;
}
)";

class ShadowSetup : public cl_queue_fixture {
 protected:
  void SetUp() override {
    cl_queue_fixture::SetUp();
    cl_int err = CL_SUCCESS;
    const std::vector<int> zeros(kItems, 0);
    buffer_ = clCreateBuffer(context_, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                             kItems * sizeof(int), const_cast<int*>(zeros.data()), &err);
    ASSERT_EQ(err, CL_SUCCESS);
    launch_.kernel_name = "bump";
    launch_.source = std::make_shared<const std::string>(kSource);
    launch_.source_name = "bump.cl";
    launch_.global[0] = kItems;
    ampcl::launch_argument a;
    a.what = ampcl::launch_argument::kind::buffer;
    a.address = CL_KERNEL_ARG_ADDRESS_GLOBAL;
    a.type_name = "int*";
    a.buffer = buffer_;
    a.buffer_bytes = kItems * sizeof(int);
    launch_.args.push_back(a);
  }
  void TearDown() override {
    if (buffer_) clReleaseMemObject(buffer_);
    cl_queue_fixture::TearDown();
  }

  // One checked launch: whether its set-up queued commands; `found` gets its hazards.
  bool checked_launch(racecheck_engine& engine, std::vector<hazard>& found) {
    prepared_launch p = engine.prepare(context_, queue_, launch_);
    EXPECT_TRUE(p.launch) << (p.not_checked.empty() ? "" : p.not_checked[0].detail);
    if (!p.launch) return false;
    const bool queued = racecheck_engine::setup_queued(*p.launch);
    cl_int err = CL_SUCCESS;
    cl_kernel k = clCreateKernel(p.launch->program, "bump", &err);
    EXPECT_EQ(err, CL_SUCCESS);
    cl_uint i = 0;
    EXPECT_EQ(clSetKernelArg(k, i++, sizeof(cl_mem), &buffer_), CL_SUCCESS);
    for (const ampcl::launch_argument& extra : p.launch->extra_args)
      EXPECT_EQ(clSetKernelArg(k, i++, sizeof(cl_mem), &extra.buffer), CL_SUCCESS);
    const std::size_t global = kItems;
    cl_event done = nullptr;
    EXPECT_EQ(clEnqueueNDRangeKernel(queue_, k, 1, nullptr, &global, nullptr, 0, nullptr, &done),
              CL_SUCCESS);
    found = engine.finish(queue_, launch_, *p.launch, done);
    if (done) clReleaseEvent(done);
    clReleaseKernel(k);
    return queued;
  }

  cl_mem buffer_ = nullptr;
  ampcl::launch_record launch_;
};

TEST_F(ShadowSetup, ASetInUseQueuesNothingAndEachLaunchStaysRight) {
  racecheck_engine engine;
  std::vector<bool> queued;
  for (int n = 1; n <= 5; ++n) {
    std::vector<hazard> found;
    queued.push_back(checked_launch(engine, found));
    EXPECT_TRUE(found.empty()) << "launch " << n << ": " << found[0].detail;
    std::vector<int> out(kItems, -1);
    ASSERT_EQ(clEnqueueReadBuffer(queue_, buffer_, CL_TRUE, 0, kItems * sizeof(int), out.data(), 0,
                                  nullptr, nullptr),
              CL_SUCCESS);
    for (int i = 0; i < kItems; ++i) ASSERT_EQ(out[i], n) << "launch " << n << ", element " << i;
  }
  // A new set (buffers of unknown contents), then its second half's first use (its
  // configuration not yet written); from then on the launch before zeroed it.
  EXPECT_EQ(queued, (std::vector<bool>{true, true, false, false, false}));
}

}  // namespace
