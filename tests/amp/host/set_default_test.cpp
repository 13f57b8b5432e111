// accelerator::set_default, in a process of its own (the default is process state):
// the CPU accelerator can be made the default before the default is used; once
// used, the default cannot change, and set_default says so. CTest runs it twice:
// with PoCL's CPU device, and as amp.host.set_default_gpu_only under a layer that shows
// no CPU device (the CPU accelerator then stands on the default device).
#include <ampcl/concurrency/accelerator.h>

#include "amp_check.h"

using namespace concurrency;

int main() {
  const accelerator cpu(accelerator::cpu_accelerator);
  const accelerator device = accelerator(cpu.get_opencl_path());  // the same OpenCL device

  AMP_CHECK(accelerator::set_default(accelerator::cpu_accelerator));
  AMP_CHECK(accelerator() == cpu);  // uses the default
  AMP_CHECK(accelerator(accelerator::default_accelerator).device_path == L"cpu");
  AMP_CHECK(accelerator().default_view == cpu.default_view);

  // Used: the same choice is accepted, another refused, and nothing changes.
  AMP_CHECK(accelerator::set_default(accelerator::cpu_accelerator));
  AMP_CHECK(!accelerator::set_default(device.device_path));
  AMP_CHECK(accelerator() == cpu);

  bool threw = false;
  try {
    accelerator::set_default(L"no-such-device");
  } catch (const runtime_exception&) {
    threw = true;
  }
  AMP_CHECK(threw);
  return amp_check::finish("set_default_test");
}
