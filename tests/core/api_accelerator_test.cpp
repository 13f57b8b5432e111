// accelerator and accelerator_view: C++ AMP's properties, queuing modes, markers,
// independent queues.
#include <chrono>
#include <cstdio>
#include <vector>

#include "api_test_support.hpp"

using namespace ampcl;
using ampcl_api_test::basic_kernel;
using ampcl_api_test::queue_gate;
using namespace std::chrono_literals;

namespace {

struct passive_hook : launch_hook {
  std::optional<instrumented_launch> before_launch(const accelerator_view&,
                                                   const launch_record&) override {
    return std::nullopt;
  }
  void after_launch(const accelerator_view&, const launch_record&, instrumented_launch&,
                    cl_event) override {}
};

}  // namespace

TEST(AcceleratorApi, GetAllSetDefaultAndSpecialPaths) {
  const auto all = opencl_devices();
  ASSERT_FALSE(all.empty());
  for (const auto& a : all) EXPECT_EQ(accelerator(a.get_opencl_path()), a);
  const accelerator def;
  EXPECT_EQ(accelerator(accelerator::default_accelerator), def);
  // Once used, the default can be "set" only to itself.
  EXPECT_TRUE(accelerator::set_default(def.get_opencl_path()));
  for (const auto& a : all) {
    if (a != def) {
      EXPECT_FALSE(accelerator::set_default(a.get_opencl_path()));
    }
  }
  EXPECT_EQ(accelerator(), def);
  if (ampcl_test::has_cpu_device()) {
    EXPECT_TRUE(accelerator(accelerator::cpu_accelerator).get_is_emulated());
  }
}

TEST(AcceleratorApi, PropertiesFollowCppAmp) {
  const accelerator acc;
  unsigned major = 0, minor = 0;
  ASSERT_EQ(std::sscanf(acc.get_version_string().c_str(), "OpenCL %u.%u", &major, &minor), 2)
      << acc.get_version_string();
  EXPECT_EQ(acc.get_version(), major << 16 | minor);
  EXPECT_GE(acc.get_version() >> 16, 1u);
  EXPECT_EQ(acc.get_default_view().get_version(), acc.get_version());
  EXPECT_FALSE(acc.get_has_display());
  EXPECT_EQ(acc.get_is_emulated(), acc.is_cpu());
  if (acc.get_supports_double_precision()) {
    EXPECT_TRUE(acc.get_supports_limited_double_precision());
  }
  EXPECT_EQ(acc, accelerator(acc.get_opencl_path()));
  EXPECT_NE(acc.create_view(), acc.get_default_view());
}

TEST(AcceleratorApi, IsDebugFollowsTheLaunchHook) {
  const accelerator acc;
  ASSERT_FALSE(acc.get_is_debug()) << "run without AMPCL_RACECHECK";
  accelerator_view plain = acc.create_view(), checked = acc.create_view();
  checked.set_launch_hook(std::make_shared<passive_hook>());
  EXPECT_TRUE(checked.get_is_debug());
  EXPECT_FALSE(plain.get_is_debug());
  set_global_launch_hook(std::make_shared<passive_hook>());
  EXPECT_TRUE(acc.get_is_debug());
  EXPECT_TRUE(plain.get_is_debug());
  set_global_launch_hook(nullptr);
  EXPECT_FALSE(acc.get_is_debug());
}

TEST(AcceleratorApi, DefaultCpuAccessTypeDecidesAutoArrays) {
  accelerator acc;
  const accelerator_view view = acc.get_default_view();
  if (!acc.get_supports_cpu_shared_memory()) {
    EXPECT_EQ(acc.get_default_cpu_access_type(), access_type_none);
    EXPECT_FALSE(acc.set_default_cpu_access_type(access_type_read_write));
    EXPECT_EQ(array<int>(4, view).get_cpu_access_type(), access_type_none);
    return;
  }
  EXPECT_EQ(acc.get_default_cpu_access_type(), access_type_read_write);
  EXPECT_EQ(array<int>(4, view).get_cpu_access_type(), access_type_read_write);
  ASSERT_TRUE(acc.set_default_cpu_access_type(access_type_none));
  EXPECT_EQ(acc.get_default_cpu_access_type(), access_type_none);
  array<int> device_only(4, view);
  EXPECT_EQ(device_only.get_cpu_access_type(), access_type_none);
  EXPECT_EQ(device_only.data(), nullptr);  // C++ AMP: no host pointer
  ASSERT_TRUE(acc.set_default_cpu_access_type(access_type_auto));
  EXPECT_EQ(acc.get_default_cpu_access_type(), access_type_read_write);
}

TEST(AcceleratorViewApi, ImmediateModeFlushesEachCommand) {
  const accelerator acc;
  accelerator_view immediate = acc.create_view(queuing_mode_immediate);
  accelerator_view automatic = acc.create_view();
  EXPECT_EQ(immediate.get_queuing_mode(), queuing_mode_immediate);
  EXPECT_EQ(automatic.get_queuing_mode(), queuing_mode_automatic);
  EXPECT_EQ(immediate.get_accelerator(), acc);
  std::vector<int> a(32, 0), b(32, 0);
  array_view<int> av(32, a), bv(32, b);
  const kernel add = basic_kernel("add_scalar");
  parallel_for_each(automatic, av.get_extent(), add, av, 0);  // compile outside the count
  automatic.wait();
  reset_statistics();
  for (int i = 0; i < 3; ++i) parallel_for_each(automatic, av.get_extent(), add, av, 1);
  EXPECT_EQ(get_statistics().queue_flushes, 0u);
  for (int i = 0; i < 3; ++i) parallel_for_each(immediate, bv.get_extent(), add, bv, 2);
  immediate.create_marker().wait();
  EXPECT_EQ(get_statistics().queue_flushes, 4u);  // three launches and the marker
  av.synchronize();
  bv.synchronize();
  EXPECT_EQ(a, std::vector<int>(32, 3));
  EXPECT_EQ(b, std::vector<int>(32, 6));
}

TEST(AcceleratorViewApi, MarkerCompletesAfterEarlierCommands) {
  accelerator_view view = accelerator().create_view();
  queue_gate gate(view);
  completion_future marker = view.create_marker();
  ASSERT_TRUE(marker.valid());
  EXPECT_EQ(marker.wait_for(50ms), std::future_status::timeout);
  EXPECT_FALSE(marker.is_ready());
  gate.release();
  marker.get();
  EXPECT_TRUE(marker.is_ready());
  view.flush();
  view.wait();
}

TEST(AcceleratorViewApi, ViewsHaveIndependentQueues) {
  const accelerator acc;
  accelerator_view blocked = acc.create_view(), free_view = acc.create_view();
  EXPECT_NE(blocked, free_view);
  EXPECT_EQ(blocked.get_accelerator(), free_view.get_accelerator());
  queue_gate gate(blocked);
  std::vector<int> data(16, 1);
  array_view<int> av(16, data);
  parallel_for_each(free_view, av.get_extent(), basic_kernel("add_scalar"), av, 4);
  EXPECT_EQ(free_view.create_marker().wait_for(10s), std::future_status::ready);
  EXPECT_EQ(av[5], 5);  // the other view's blocked queue held nothing up
  completion_future held = blocked.create_marker();
  EXPECT_EQ(held.wait_for(20ms), std::future_status::timeout);
  gate.release();
  EXPECT_EQ(held.wait_for(10s), std::future_status::ready);
}
