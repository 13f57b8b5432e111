// accelerator, accelerator_view, completion_future and the exceptions as C++ AMP
// programs use them: property syntax, wide strings, the CPU accelerator, views
// handed back through ampcl, markers, errors thrown by ampcl caught by C++ AMP's
// names.
#include <ampcl/concurrency/accelerator.h>
#include <ampcl/concurrency/wide_string.h>

#include <ampcl/accelerator.hpp>
#include <chrono>
#include <future>
#include <string>
#include <vector>

#include "amp_check.h"

using namespace concurrency;

namespace {

bool ampcl_has_cpu_device() {
  for (const ampcl::accelerator& a : ampcl::accelerator::get_all())
    if (a.is_cpu()) return true;
  return false;
}

void properties_are_the_getters(const accelerator& a) {
  AMP_CHECK(a.device_path == a.get_device_path());
  AMP_CHECK(a.description == a.get_description());
  AMP_CHECK(a.version == a.get_version());
  AMP_CHECK(a.is_debug == a.get_is_debug());
  AMP_CHECK(a.is_emulated == a.get_is_emulated());
  AMP_CHECK(a.has_display == a.get_has_display());
  AMP_CHECK(a.supports_double_precision == a.get_supports_double_precision());
  AMP_CHECK(a.supports_limited_double_precision == a.get_supports_limited_double_precision());
  AMP_CHECK(a.supports_cpu_shared_memory == a.get_supports_cpu_shared_memory());
  AMP_CHECK(a.dedicated_memory == a.get_dedicated_memory());
  AMP_CHECK(a.default_cpu_access_type == a.get_default_cpu_access_type());
  AMP_CHECK(a.default_view == a.get_default_view());
  const accelerator_view v = a.default_view;
  AMP_CHECK(v.accelerator == v.get_accelerator());
  AMP_CHECK(v.accelerator == a);
  AMP_CHECK(v.version == a.version);
  AMP_CHECK(v.is_debug == a.is_debug);
  AMP_CHECK(v.queuing_mode == queuing_mode_automatic);
  AMP_CHECK(!v.is_auto_selection);
  AMP_CHECK(!a.description.empty());
}

void every_device_then_the_cpu_accelerator() {
  const std::vector<accelerator> all = accelerator::get_all();
  AMP_CHECK(all.size() == ampcl::opencl_devices().size() + 1);
  for (std::size_t i = 0; i + 1 < all.size(); ++i)
    AMP_CHECK(all[i] == ampcl::opencl_devices()[i]);  // the devices, in their order
  AMP_CHECK(all.back().device_path == accelerator::cpu_accelerator);
  AMP_CHECK(all.back().description == L"CPU accelerator");
  AMP_CHECK(all.back().is_emulated);
  for (const accelerator& a : all) {
    properties_are_the_getters(a);
    AMP_CHECK(accelerator(a.device_path) == a);  // a path names its accelerator
  }
  const accelerator def;
  AMP_CHECK(def == accelerator(accelerator::default_accelerator));
  AMP_CHECK(def.device_path != accelerator::cpu_accelerator);
  AMP_CHECK(def.device_path.rfind(L"opencl:", 0) == 0);
}

// The CPU accelerator and its OpenCL device by path are two accelerators, and a
// view keeps its accelerator through ampcl (as an array's view comes back).
void the_cpu_accelerator_has_views_of_its_own() {
  const accelerator cpu(accelerator::cpu_accelerator);
  const accelerator device = accelerator(cpu.get_opencl_path());
  AMP_CHECK(cpu != device);
  AMP_CHECK(device.device_path != accelerator::cpu_accelerator);
  AMP_CHECK(cpu.default_view != device.default_view);
  AMP_CHECK(cpu.default_view == cpu.default_view);
  AMP_CHECK(cpu.default_view.accelerator == cpu);
  AMP_CHECK(device.default_view.accelerator == device);
  AMP_CHECK(cpu.default_view.is_cpu_accelerator_view());
  AMP_CHECK(!device.default_view.is_cpu_accelerator_view());
  const accelerator_view own = cpu.create_view(queuing_mode_immediate);
  AMP_CHECK(own != cpu.default_view);
  AMP_CHECK(own.accelerator == cpu);
  AMP_CHECK(own.queuing_mode == queuing_mode_immediate);
}

void views() {
  const accelerator def;
  const accelerator_view a = def.create_view();
  const accelerator_view b = def.create_view(queuing_mode_immediate);
  AMP_CHECK(a != b && a != def.default_view);
  AMP_CHECK(a.queuing_mode == queuing_mode_automatic);
  AMP_CHECK(b.queuing_mode == queuing_mode_immediate);
  accelerator_view c = a;
  AMP_CHECK(c == a);
  c = b;
  AMP_CHECK(c == b && c != a);
  const accelerator_view chosen = accelerator::get_auto_selection_view();
  AMP_CHECK(chosen.is_auto_selection);
  AMP_CHECK(chosen == accelerator::get_auto_selection_view());
  AMP_CHECK(chosen.accelerator == def);
  a.flush();
  a.wait();
}

void default_cpu_access_type_is_assignable() {
  accelerator def;
  const access_type before = def.default_cpu_access_type;
  def.default_cpu_access_type = access_type_read_write;  // as the C++ AMP Overview does
  AMP_CHECK(def.default_cpu_access_type ==
            (def.supports_cpu_shared_memory ? access_type_read_write : before));
  AMP_CHECK(def.set_default_cpu_access_type(access_type_auto));
}

void direct3d_software_devices() {
  if (!ampcl_has_cpu_device()) {
    // Accelerators to compare with and ask about, as on Visual C++; what they refuse
    // is amp.device.direct3d_ref_gpu_only's to check.
    const accelerator warp(accelerator::direct3d_warp);
    AMP_CHECK(warp.device_path == accelerator::direct3d_warp);
    AMP_CHECK(warp.is_emulated);
    AMP_CHECK(warp != accelerator());
    return;
  }
  const accelerator warp(accelerator::direct3d_warp), ref(accelerator::direct3d_ref);
  const accelerator cpu(accelerator::cpu_accelerator);
  AMP_CHECK(warp == ref);
  AMP_CHECK(warp.device() == cpu.device());  // the OpenCL CPU device...
  AMP_CHECK(warp != cpu);                    // ...as a compute device, not the host
  AMP_CHECK(warp.device_path != accelerator::cpu_accelerator);
  AMP_CHECK(warp.is_emulated);
}

void markers_and_futures() {
  const accelerator_view v = accelerator().default_view;
  completion_future done = v.create_marker();
  AMP_CHECK(done.valid());
  done.wait();
  done.get();
  AMP_CHECK(done.wait_for(std::chrono::seconds(0)) == std::future_status::ready);
  AMP_CHECK(done.wait_until(std::chrono::steady_clock::now()) == std::future_status::ready);

  std::promise<int> ran;
  std::future<int> ran_future = ran.get_future();
  v.create_marker().then([&ran] { ran.set_value(42); });
  AMP_CHECK(ran_future.wait_for(std::chrono::seconds(60)) == std::future_status::ready);
  AMP_CHECK(ran_future.get() == 42);

  const std::shared_future<void> shared = v.create_marker();
  AMP_CHECK(shared.wait_for(std::chrono::seconds(60)) == std::future_status::ready);
  shared.get();

  const completion_future none;
  AMP_CHECK(!none.valid());
  bool threw = false;
  try {
    none.get();
  } catch (const runtime_exception&) {
    threw = true;
  }
  AMP_CHECK(threw);
}

void exceptions() {
  AMP_CHECK(static_cast<HRESULT>(0x80004005L) == E_FAIL);
  AMP_CHECK(FAILED(E_FAIL) && FAILED(E_INVALIDARG) && SUCCEEDED(S_OK) && SUCCEEDED(S_FALSE));
  AMP_CHECK(runtime_exception("message", E_FAIL).get_error_code() == E_FAIL);
  AMP_CHECK(std::string(runtime_exception("message", E_FAIL).what()) == "message");
  AMP_CHECK(runtime_exception(E_INVALIDARG).get_error_code() == E_INVALIDARG);
  const accelerator_view_removed removed("lost", DXGI_ERROR_DEVICE_REMOVED);
  AMP_CHECK(removed.get_view_removed_reason() == DXGI_ERROR_DEVICE_REMOVED);
  AMP_CHECK(removed.get_error_code() == DXGI_ERROR_DEVICE_REMOVED);
  const runtime_exception& as_base = out_of_memory();
  AMP_CHECK(std::string(as_base.what()) == "out of memory");
  AMP_CHECK(std::string(invalid_compute_domain().what()) == "invalid compute domain");
  AMP_CHECK(std::string(unsupported_feature("no fp64").what()) == "no fp64");

  // What ampcl throws is caught by C++ AMP's names.
  bool caught = false;
  try {
    accelerator none(L"no-such-device");
  } catch (const runtime_exception& e) {
    caught = std::string(e.what()).find("no OpenCL device matches 'no-such-device'") !=
             std::string::npos;
  }
  AMP_CHECK(caught);
}

void wide_strings() {
  using Concurrency::__ampcl::narrow;
  using Concurrency::__ampcl::widen;
  const std::string utf8 =
      "Gr\xC3\xA4"
      "fik \xE2\x82\xAC \xF0\x9F\x98\x80";  // Gräfik € 😀
  const std::wstring wide = L"Gr\u00E4fik \u20AC \U0001F600";
  AMP_CHECK(widen(utf8) == wide);
  AMP_CHECK(narrow(wide) == utf8);
  AMP_CHECK(widen("a\xFF"
                  "b\xE2\x82") == L"a\uFFFDb\uFFFD\uFFFD");  // malformed, truncated
  AMP_CHECK(widen("opencl:0:1") == L"opencl:0:1");
}

}  // namespace

int main() {
  every_device_then_the_cpu_accelerator();
  the_cpu_accelerator_has_views_of_its_own();
  views();
  default_cpu_access_type_is_assignable();
  direct3d_software_devices();
  markers_and_futures();
  exceptions();
  wide_strings();
  return amp_check::finish("accelerator_test");
}
