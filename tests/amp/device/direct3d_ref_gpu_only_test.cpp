// accelerator(accelerator::direct3d_ref) on a machine whose only OpenCL devices are
// GPUs, where Visual C++'s samples start with
//   if (accelerator() == accelerator(accelerator::direct3d_ref)) ...
// The software devices exist there as accelerators to compare with and ask about;
// holding data or running work on them throws runtime_exception saying what to use.
//
// CTest runs it under tests/amp/gpu_only_layer.cpp (OPENCL_LAYERS), which shows
// PoCL's devices as GPUs: no CPU device is enumerated, kernels still run.
#include <amp.h>

#include <string>
#include <vector>

#include "../amp_check.h"

using namespace concurrency;

namespace {

// Whether f throws a runtime_exception naming the device and what to use instead.
template <class F>
bool refused(F f) {
  try {
    f();
  } catch (const runtime_exception& e) {
    const std::string what = e.what();
    if (what.find("direct3d\\ref") != std::string::npos &&
        what.find("this machine has none") != std::string::npos &&
        what.find("Use accelerator()") != std::string::npos)
      return true;
    std::fprintf(stderr, "    unexpected message: %s\n", e.what());
    return false;
  }
  std::fprintf(stderr, "    nothing thrown\n");
  return false;
}

}  // namespace

int main() {
  // The set-up this test is about: the default is a GPU and there is no CPU device.
  const accelerator default_device;
  for (const accelerator& a : accelerator::get_all())
    if (a.device_path != accelerator::cpu_accelerator && a.is_emulated) {
      std::fprintf(stderr, "a CPU device is visible (%ls): run with the gpu-only layer\n",
                   a.description.c_str());
      return 1;
    }

  // The samples' first line.
  const accelerator ref(accelerator::direct3d_ref), warp(accelerator::direct3d_warp);
  AMP_CHECK(!(default_device == ref));
  AMP_CHECK(default_device != ref);
  AMP_CHECK(ref == accelerator(accelerator::direct3d_ref));
  AMP_CHECK(ref != warp);
  AMP_CHECK(ref != accelerator(accelerator::cpu_accelerator));

  // Its properties.
  AMP_CHECK(ref.device_path == accelerator::direct3d_ref);
  AMP_CHECK(warp.device_path == accelerator::direct3d_warp);
  AMP_CHECK(!ref.description.empty());
  AMP_CHECK(ref.is_emulated);
  AMP_CHECK(!ref.is_debug);
  AMP_CHECK(!ref.has_display);
  AMP_CHECK_EQ(ref.version, 0xB0000u);
  AMP_CHECK_EQ(ref.dedicated_memory, std::size_t(0));
  AMP_CHECK(ref.supports_double_precision);
  AMP_CHECK(!ref.supports_cpu_shared_memory);
  AMP_CHECK(ref.default_cpu_access_type == access_type_none);
  const accelerator_view rv = ref.default_view;
  AMP_CHECK(rv.accelerator == ref);
  AMP_CHECK(rv == ref.default_view);
  AMP_CHECK(rv != default_device.default_view);
  AMP_CHECK(rv != warp.default_view);
  AMP_CHECK(!rv.is_auto_selection);
  AMP_CHECK(rv.queuing_mode == queuing_mode_automatic);
  rv.wait();  // nothing was ever submitted there
  rv.flush();

  // Holding data or running work: refused, saying what to use instead.
  AMP_CHECK(refused([&] { array<int, 1> a(4, rv); }));
  AMP_CHECK(refused([&] {
    std::vector<int> v(4);
    array<int, 1> a(4, v.begin(), v.end(), rv);
  }));
  AMP_CHECK(refused([&] { ref.create_view(); }));
  AMP_CHECK(refused([&] { rv.create_marker(); }));
  // The default has been used: no other may take its place (C++ AMP's rule).
  AMP_CHECK(!accelerator::set_default(accelerator::direct3d_ref));
  std::vector<int> data(8, 1);
  array_view<int, 1> view(8, data);
  AMP_CHECK(refused([&] {
    parallel_for_each(
        rv, view.extent, [=](index<1> i) restrict(amp) { view[i] = 2; });
  }));
  AMP_CHECK(refused([&] { view.synchronize_to(rv); }));

  // The default accelerator works as before.
  parallel_for_each(
      default_device.default_view,
      view.extent, [=](index<1> i) restrict(amp) { view[i] = 3 * i[0]; });
  view.synchronize();
  for (int i = 0; i < 8; ++i) AMP_CHECK_EQ(data[i], 3 * i);
  return amp_check::finish("direct3d_ref_gpu_only_test");
}
