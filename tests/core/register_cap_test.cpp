// The register cap a large tile gets on NVIDIA's driver (launch/compile.cpp):
// the option is named only where the driver takes it, and lets the tile's
// work-items share the 64K registers a work-group may use.
#include <gtest/gtest.h>

#include <ampcl/accelerator.hpp>
#include <string>

#include "../../lib/devices/device_state.hpp"
#include "../../lib/launch/compile.hpp"

using namespace ampcl;

namespace {

// Makes the default device report `extensions` while alive.
class with_extensions {
 public:
  explicit with_extensions(const std::string& extensions)
      : state_(accelerator().state()), saved_(state_->info.extensions) {
    state_->info.extensions = extensions;
  }
  ~with_extensions() { state_->info.extensions = saved_; }
  with_extensions(const with_extensions&) = delete;
  with_extensions& operator=(const with_extensions&) = delete;
  const detail::device_state& device() const { return *state_; }

 private:
  std::shared_ptr<detail::device_state> state_;
  std::string saved_;
};

}  // namespace

TEST(RegisterCap, NvidiaDriverGetsTheCapThatFitsTheTile) {
  const with_extensions nvidia("cl_khr_fp64 cl_nv_compiler_options cl_nv_device_attribute_query");
  EXPECT_EQ(detail::register_cap_for(nvidia.device(), 1024), " -cl-nv-maxrregcount=64");
  EXPECT_EQ(detail::register_cap_for(nvidia.device(), 512), " -cl-nv-maxrregcount=128");
  EXPECT_EQ(detail::register_cap_for(nvidia.device(), 768), " -cl-nv-maxrregcount=80");
  EXPECT_EQ(detail::register_cap_for(nvidia.device(), 64), " -cl-nv-maxrregcount=255");
  EXPECT_EQ(detail::register_cap_for(nvidia.device(), 0), "");
}

TEST(RegisterCap, OtherDriversGetNoOption) {
  const with_extensions other("cl_khr_fp64 cl_khr_int64_base_atomics");
  EXPECT_EQ(detail::register_cap_for(other.device(), 1024), "");
}
