// The shadow runtime's exit comparison (__ampcl_exit), run on the OpenCL device:
// work-items of a tile that end with different barrier counts are one barrier
// divergence record naming both work-items and both counts; a tile that agrees
// records nothing. The runtime is compiled as the instrumenter embeds it, with a
// kernel that sets each work-item's count itself: the votes catch every divergence
// the corpus's kernels make before the exit could, and PoCL passes a tile's barriers
// together, so no instrumented kernel reaches this comparison on PoCL.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "analysis.hpp"
#include "cl_queue_fixture.hpp"
#include "layout.hpp"
#include "shadow_launch.hpp"

namespace {

using namespace ampcl::debug;

// Work-items whose local id is odd pass `skew` more barriers than the others.
const char* kernel_source = R"(
#define AMPCL_RC_NL 1
#define AMPCL_RC_NG 1
#define AMPCL_MIXED_FENCES 0
#include "shadow.clh"
__kernel void exits(__global ulong* ls, __global ulong* gs, __global uint* rec,
                    __global uint* items, __global const uint* cfg, uint skew) {
  __local ulong scratch[AMPCL_SCRATCH_ULONGS];
  __local uint vote[AMPCL_VOTE_WORDS] __attribute__((aligned(8)));
  __local uint written[AMPCL_WRITTEN_WORDS];
  __local ulong lsh[AMPCL_LSH_WORDS];
  ampcl_ctx cv;
  __ampcl_init(&cv, ls, gs, rec, items, cfg, (__local uchar*)scratch, vote, written, lsh);
  const uint odd = get_local_id(0) & 1u;
  cv.ea = 3u + (odd ? skew : 0u);
  cv.bhash = odd && skew ? 0x5EEDu : 0x0DDu;
  cv.blast = odd && skew ? 21u : 20u;
  __ampcl_exit(&cv, 30u);
}
)";

constexpr std::size_t tile = 16, tiles = 4;

class ExitCheck : public cl_queue_fixture {
 protected:
  // Runs the kernel over `tiles` tiles and returns the records it left.
  std::vector<layout::device_record> run(cl_uint skew) {
    std::vector<layout::device_record> out;
    const std::string options = "-I " AMPCL_DEBUG_RUNTIME;
    cl_int err = CL_SUCCESS;
    cl_program program = clCreateProgramWithSource(context_, 1, &kernel_source, nullptr, &err);
    EXPECT_EQ(err, CL_SUCCESS);
    if (clBuildProgram(program, 1, &device_, options.c_str(), nullptr, nullptr) != CL_SUCCESS) {
      std::string log(1 << 16, '\0');
      clGetProgramBuildInfo(program, device_, CL_PROGRAM_BUILD_LOG, log.size(), log.data(),
                            nullptr);
      ADD_FAILURE() << "the runtime does not build: " << log.c_str();
      clReleaseProgram(program);
      return out;
    }
    cl_kernel kernel = clCreateKernel(program, "exits", &err);
    EXPECT_EQ(err, CL_SUCCESS);

    const std::size_t capacity = 64;
    std::vector<std::uint32_t> cfg(layout::cfg_objects + layout::cfg_local_words +
                                   layout::cfg_global_words);
    cfg[layout::cfg_magic] = layout::magic;
    cfg[layout::cfg_tile_stride] = 1;
    cfg[layout::cfg_rec_capacity] = capacity;
    std::vector<std::uint32_t> rec(layout::rec_first + capacity * layout::rec_words, 0);
    cl_mem buffers[layout::extra_param_count] = {};
    const std::size_t bytes[layout::extra_param_count] = {16, 16, rec.size() * 4, 16,
                                                          cfg.size() * 4};
    const void* init[layout::extra_param_count] = {nullptr, nullptr, rec.data(), nullptr,
                                                   cfg.data()};
    for (int i = 0; i < layout::extra_param_count; ++i) {
      buffers[i] =
          clCreateBuffer(context_, CL_MEM_READ_WRITE | (init[i] ? CL_MEM_COPY_HOST_PTR : 0),
                         bytes[i], const_cast<void*>(init[i]), &err);
      EXPECT_EQ(err, CL_SUCCESS);
      EXPECT_EQ(clSetKernelArg(kernel, i, sizeof(cl_mem), &buffers[i]), CL_SUCCESS);
    }
    EXPECT_EQ(clSetKernelArg(kernel, layout::extra_param_count, sizeof skew, &skew), CL_SUCCESS);
    const std::size_t global = tile * tiles, local = tile;
    EXPECT_EQ(
        clEnqueueNDRangeKernel(queue_, kernel, 1, nullptr, &global, &local, 0, nullptr, nullptr),
        CL_SUCCESS);
    EXPECT_EQ(clEnqueueReadBuffer(queue_, buffers[layout::extra_rec], CL_TRUE, 0, rec.size() * 4,
                                  rec.data(), 0, nullptr, nullptr),
              CL_SUCCESS);
    const std::uint32_t stored = std::min<std::uint32_t>(rec[layout::rec_count], capacity);
    out = decode_records(rec, stored);
    for (cl_mem b : buffers) clReleaseMemObject(b);
    clReleaseKernel(kernel);
    clReleaseProgram(program);
    return out;
  }
};

TEST_F(ExitCheck, WorkItemsOfATileThatAgreeRecordNothing) {
  EXPECT_TRUE(run(0).empty());
}

TEST_F(ExitCheck, AWorkItemThatPassedMoreBarriersIsDivergenceNamingBothCounts) {
  const std::vector<layout::device_record> records = run(2);
  ASSERT_FALSE(records.empty());
  std::uint64_t seen = 0;  // records repeat (same sites and counts) only as counts
  for (const layout::device_record& r : records) {
    EXPECT_EQ(r.cls, static_cast<std::uint32_t>(hazard_class::barrier_divergence));
    EXPECT_EQ(r.memory, layout::memory_exit);
    ASSERT_LT(r.tile, tiles);
    seen += r.count;
    // Both work-items are the tile's, one of each parity; each count and site is
    // the one its work-item set (the reference's is known: PoCL runs it first,
    // a GPU waits for it).
    for (std::uint32_t item : {r.item_first, r.item_second}) EXPECT_EQ(item / tile, r.tile);
    EXPECT_NE(r.item_first % 2, r.item_second % 2);
    const auto count_of = [](std::uint32_t item) { return item % 2 ? 5u : 3u; };
    const auto site_of = [](std::uint32_t item) { return item % 2 ? 21u : 20u; };
    EXPECT_EQ(r.epoch, count_of(r.item_first));
    EXPECT_EQ(r.object, count_of(r.item_second));
    EXPECT_EQ(r.site_first, site_of(r.item_first));
    EXPECT_EQ(r.site_second, site_of(r.item_second));
  }
  // In each tile, the half of the other parity than its reference differs from it.
  EXPECT_EQ(seen, tiles * tile / 2);
}

// Where the reference's count could not be waited for, the hazard names the
// work-item that differs with its own count and site, and the reference's id.
TEST(ExitCheckReport, AReferenceCountNotKnownIsSaidSo) {
  instrument_result program;
  program.kernel_name = "k";
  analysis_input in;
  in.program = &program;
  in.launch.work_dim = 1;
  in.launch.global[0] = 64;
  in.launch.local[0] = 16;
  layout::device_record r;
  r.cls = static_cast<std::uint32_t>(hazard_class::barrier_divergence);
  r.memory = layout::memory_exit;
  r.tile = 1;
  r.item_first = 16;
  r.item_second = 19;
  r.epoch = layout::unknown_item;
  r.object = 5;
  in.records.push_back(r);
  const std::vector<hazard> found = analyze(in);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].kind, hazard_class::barrier_divergence);
  EXPECT_NE(found[0].detail.find("work-item (3) passed 5 barrier(s), and work-item (0) of its "
                                 "tile passed another number of them or others"),
            std::string::npos)
      << found[0].detail;
  EXPECT_EQ(found[0].barrier_interval, 5);
}

}  // namespace
