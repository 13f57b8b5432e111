// The records' header is read into pinned host memory: a mapped buffer the
// driver copies into, on the real driver.
#include "pinned_words.hpp"

#include <CL/cl.h>
#include <gtest/gtest.h>

#include "cl_queue_fixture.hpp"

namespace {

using ampcl::debug::pinned_words;

using PinnedWords = cl_queue_fixture;

TEST_F(PinnedWords, ReadsLandInTheMappedWords) {
  pinned_words words(context_, device_, 4);
  ASSERT_NE(words.get(), nullptr);
  for (int i = 0; i < 4; ++i) words.get()[i] = 0xDEADBEEFu;  // poison
  cl_int err = CL_SUCCESS;
  const unsigned values[3] = {3, 1, 4};
  cl_mem device = clCreateBuffer(context_, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof values,
                                 const_cast<unsigned*>(values), &err);
  ASSERT_EQ(err, CL_SUCCESS);
  ASSERT_EQ(clEnqueueReadBuffer(queue_, device, CL_TRUE, 0, sizeof values, words.get(), 0, nullptr,
                                nullptr),
            CL_SUCCESS);
  EXPECT_EQ(words.get()[0], 3u);
  EXPECT_EQ(words.get()[1], 1u);
  EXPECT_EQ(words.get()[2], 4u);
  EXPECT_EQ(words.get()[3], 0xDEADBEEFu);  // past the read: untouched
  clReleaseMemObject(device);
}

TEST_F(PinnedWords, MovedAndLeakedWordsAreGone) {
  pinned_words words(context_, device_, 4);
  ASSERT_NE(words.get(), nullptr);
  std::uint32_t* host = words.get();
  pinned_words moved(std::move(words));
  EXPECT_EQ(moved.get(), host);
  // NOLINTNEXTLINE(bugprone-use-after-move,clang-analyzer-cplusplus.Move): what a move leaves
  EXPECT_EQ(words.get(), nullptr);
  moved.leak();
  EXPECT_EQ(moved.get(), nullptr);
}

}  // namespace
