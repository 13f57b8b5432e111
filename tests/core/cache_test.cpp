// Programs are compiled once per device, source and options.
#include <gtest/gtest.h>

#include <ampcl/detail/build_options.hpp>
#include <vector>

#include "devices/device_state.hpp"
#include "test_support.hpp"

using namespace ampcl;
using ampcl_test::kernel_path;

// Programs that had to be produced: compiled from source, or loaded from the
// on-disk cache when an earlier process left them there.
static std::uint64_t programs_produced() {
  const auto s = get_statistics();
  return s.programs_built + s.programs_loaded_from_disk;
}

TEST(ProgramCache, SecondLaunchCompilesNothing) {
  std::vector<int> d(8, 0);
  array_view<int, 1> av(8, d);
  // A source no other test uses, so the first launch must build it.
  const std::string text =
      "#include <ampcl.clh>\n"
      "__kernel void cache_probe(AMPCL_VIEW(int, x)) { AV1(x, amp_global1()) += 2; }\n";
  const kernel k = kernel::from_source(text, "cache_probe", "cache_probe.cl");
  const auto before = programs_produced();
  parallel_for_each(av.get_extent(), k, av);
  EXPECT_EQ(programs_produced(), before + 1);
  parallel_for_each(av.get_extent(), k, av);
  // The same text from a new kernel object is still the same program.
  const kernel same = kernel::from_source(text, "cache_probe", "cache_probe.cl");
  parallel_for_each(av.get_extent(), same, av);
  EXPECT_EQ(programs_produced(), before + 1);
  EXPECT_GE(get_statistics().program_cache_hits, 2u);
  // Different definitions are a different program.
  parallel_for_each(av.get_extent(), k.define("UNUSED_FLAG", 1), av);
  EXPECT_EQ(programs_produced(), before + 2);
  av.synchronize();
  EXPECT_EQ(d, std::vector<int>(8, 8));
}

TEST(ProgramCache, DefinesReachTheKernel) {
  std::vector<float> d(4, 0.f);
  array_view<float, 1> av(4, d);
  const kernel k = kernel::from_source(
      "#include <ampcl.clh>\n"
      "__kernel void put(AMPCL_VIEW(T, x)) { AV1(x, amp_global1()) = (T)VALUE; }\n",
      "put");
  parallel_for_each(av.get_extent(), k.define("T", "float").define("VALUE", 2.5), av);
  av.synchronize();
  EXPECT_EQ(d, std::vector<float>(4, 2.5f));
}

TEST(ProgramCache, BuiltinPreludeIsEmbedded) {
  EXPECT_THROW((void)kernel::builtin("no_such_file.cl", "k"), runtime_exception);
}

// One function composes the build options (full_build_options): the driver says
// the runtime's program was built with them, as it says of the race checker's
// (tests/debug: InstrumentedBuild.OptionsAreFullBuildOptions).
TEST(ProgramCache, BuildOptionsAreFullBuildOptions) {
  detail::device_state& dev = *accelerator().state();
  const auto ck =
      dev.programs.get(dev, "__kernel void options_probe(__global int* x) { x[0] = PROBE; }\n",
                       "options_probe.cl", "-DPROBE=3", "options_probe");
  std::size_t n = 0;
  ASSERT_EQ(clGetProgramBuildInfo(ck->program.get(), dev.device, CL_PROGRAM_BUILD_OPTIONS, 0,
                                  nullptr, &n),
            CL_SUCCESS);
  std::string options(n, '\0');
  clGetProgramBuildInfo(ck->program.get(), dev.device, CL_PROGRAM_BUILD_OPTIONS, n, options.data(),
                        nullptr);
  while (!options.empty() && options.back() == '\0') options.pop_back();
  EXPECT_EQ(options, detail::full_build_options("-DPROBE=3"));
  EXPECT_EQ(options.rfind(detail::base_build_options, 0), 0u) << options;
}
