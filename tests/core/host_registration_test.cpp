// Host memory copied again and again is registered with the driver
// (lib/memory/host_registration.hpp) and its copies then skip the staging ring.
// CTest runs these through the ring with AMPCL_REGISTER_AFTER=2 (PoCL maps
// otherwise); without it they check that PoCL, not NVIDIA's platform, registers
// nothing. Every copy, staged or straight, must carry every element.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "test_support.hpp"

using namespace ampcl;

namespace {

// Registrations the run should see after `copies` whole-view copies of one storage.
std::uint64_t registrations_expected(int copies) {
  const char* after = std::getenv("AMPCL_REGISTER_AFTER");
  if (after && *after) {
    const int n = std::atoi(after);
    return n > 0 && n <= copies ? 1 : 0;
  }
  const std::string platform = accelerator().get_platform_name();
  return platform.find("NVIDIA") != std::string::npos && copies >= 4 ? 1 : 0;
}

const bool large_copies_staged = [] {
  const char* staging = std::getenv("AMPCL_STAGING");
  return (staging && std::string(staging) == "always") ||
         !accelerator().get_supports_cpu_shared_memory();
}();

}  // namespace

TEST(TransferRegistration, AViewSynchronizedEveryRoundIsRegisteredAndStaysExact) {
  const int n = (9 << 20) / 4 + 7;  // above the 4 MiB staging threshold, no round size
  std::vector<int> host(n);
  array_view<int, 1> v(n, host);
  const kernel add = kernel::from_file(ampcl_test::kernel_path("basic.cl"), "add_scalar");
  reset_statistics();
  constexpr int rounds = 6;  // two copies a round: in for the launch, out for synchronize
  for (int round = 0; round < rounds; ++round) {
    for (int i = 0; i < n; ++i) host[i] = i * 7 + round;
    v.refresh();
    parallel_for_each(v.get_extent(), add, v, 5);
    v.synchronize();  // the kernel's results over the host's values
    for (int i = 0; i < n; ++i)
      ASSERT_EQ(host[i], i * 7 + round + 5) << "round " << round << ", element " << i;
  }
  if (!large_copies_staged) GTEST_SKIP() << "this device maps large copies: nothing to register";
  EXPECT_EQ(get_statistics().host_registrations, registrations_expected(2 * rounds));
}

// copy() from iterators is a one-off: its source is never registered, however
// often a program makes one.
TEST(TransferRegistration, OneOffCopiesAreNeverRegistered) {
  const int n = (9 << 20) / 4 + 7;
  array<int, 1> a(extent<1>(n), accelerator().get_default_view(), access_type_none);
  reset_statistics();
  for (int round = 0; round < 6; ++round) {
    std::vector<int> src(n);
    for (int i = 0; i < n; ++i) src[i] = i - round;
    copy(src.begin(), src.end(), a);
    std::vector<int> out(n, ampcl_test::poison_int);
    copy(a, out.begin());
    for (int i = 0; i < n; ++i)
      ASSERT_EQ(out[i], i - round) << "round " << round << ", element " << i;
  }
  EXPECT_EQ(get_statistics().host_registrations, 0u);
}
