// The engine instruments each (program text, options, kernel) once: a launch that
// hands the same text object finds it without reading the text, one with an equal
// text in another object finds it by the text, and any other text, options or
// kernel gets its own. The runtime runs the program the engine built for its
// check instead of building it again.
#include <gtest/gtest.h>
#include <unistd.h>

#include <ampcl/ampcl.hpp>
#include <memory>
#include <string>
#include <vector>

#include "collector.hpp"
#include "programs/program_builder.hpp"
#include "racecheck_engine.hpp"
#include "racecheck_hook.hpp"

namespace {

using ampcl::launch_record;

const char* kSource = R"(
__kernel void store(__global int* out) { out[get_global_id(0)] = 1; }
__kernel void twice(__global int* out) { out[get_global_id(0)] = 2; }
)";

launch_record record(std::shared_ptr<const std::string> text, const std::string& kernel,
                     const std::string& options = "") {
  launch_record r;
  r.kernel_name = kernel;
  r.source = std::move(text);
  r.source_name = "store.cl";
  r.options = options;
  return r;
}

TEST(InstrumentedCache, FoundByTheTextObjectAndByTheText) {
  ampcl::debug::racecheck_engine engine;
  const auto text = std::make_shared<const std::string>(kSource);
  const auto first = engine.instrumented(record(text, "store"));
  ASSERT_TRUE(first->ok) << first->diagnostics;
  EXPECT_EQ(engine.instrumented(record(text, "store")), first);
  const auto copy = std::make_shared<const std::string>(kSource);
  EXPECT_EQ(engine.instrumented(record(copy, "store")), first);
  EXPECT_EQ(engine.instrumented(record(copy, "store")), first);  // now by its object

  const auto other_kernel = engine.instrumented(record(text, "twice"));
  EXPECT_NE(other_kernel, first);
  EXPECT_NE(other_kernel->source.find("twice"), std::string::npos);
  EXPECT_NE(engine.instrumented(record(text, "store", "-DX=1")), first);
  const auto changed = std::make_shared<const std::string>(std::string(kSource) + "// changed\n");
  EXPECT_NE(engine.instrumented(record(changed, "store")), first);
}

// Programs made again and again (a new text object each time) do not grow the
// shortcut without bound, and every one still finds its instrumented program.
TEST(InstrumentedCache, ManyTextObjectsOfOneTextAllFindIt) {
  ampcl::debug::racecheck_engine engine;
  const auto first =
      engine.instrumented(record(std::make_shared<const std::string>(kSource), "store"));
  ASSERT_TRUE(first->ok) << first->diagnostics;
  for (int i = 0; i < 600; ++i)
    ASSERT_EQ(engine.instrumented(record(std::make_shared<const std::string>(kSource), "store")),
              first)
        << "object " << i;
}

// A checked launch through the runtime: the original and the instrumented program
// are made once each (built, or loaded from the disk cache), though the engine
// (to check that it builds) and the runtime (to launch it) both need the
// instrumented one; a second launch makes none.
TEST(InstrumentedCache, RuntimeLaunchesTheProgramTheEngineBuilt) {
  using ampcl::detail::program_builds;
  auto view = ampcl::accelerator().create_view();
  auto hook = std::make_shared<ampcl::debug::racecheck_hook>();
  view.set_launch_hook(hook);
  // A text no other process built: PoCL's own cache must not hide a build.
  const std::string text = "// " + std::to_string(::getpid()) + std::string(kSource);
  const auto k = ampcl::kernel::from_source(text, "store", "store.cl");
  std::vector<int> out(64, 0);
  const auto total = [] { return program_builds().from_source + program_builds().from_disk; };
  ampcl::debug::clear_collected_hazards();
  const auto before = total();
  {
    ampcl::array_view<int, 1> v(64, out);
    ampcl::parallel_for_each(view, v.get_extent(), k, v);
    v.synchronize();
  }
  hook->finish_pending();
  EXPECT_EQ(total(), before + 2);
  EXPECT_EQ(out, std::vector<int>(64, 1));
  {
    ampcl::array_view<int, 1> v(64, out);
    ampcl::parallel_for_each(view, v.get_extent(), k, v);
    v.synchronize();
  }
  hook->finish_pending();
  EXPECT_EQ(total(), before + 2);
  EXPECT_TRUE(ampcl::debug::collected_hazards().empty());
}

}  // namespace
