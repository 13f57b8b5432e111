// "C++ AMP Overview", shared memory with array and array_view: checks whether the
// default accelerator shares memory with the CPU, then creates arrays meant to be
// written, read, and both, on the CPU. The document's program prints nothing when
// shared memory is supported.
//
// Mapping to ampcl (no invented API):
// - accelerator::supports_cpu_shared_memory is accelerator::get_supports_cpu_shared_memory()
//   (CL_DEVICE_HOST_UNIFIED_MEMORY).
// - The document's property assignment acc.default_cpu_access_type = ... (an MSVC
//   __declspec(property)) is acc.set_default_cpu_access_type(...).
// - Arrays with CPU access are zero-copy on such devices: data() is host memory the
//   device uses in place.
// - The document returns 1 when shared memory is unsupported. This port prints the
//   same message but returns 0, so that scripts/demo.sh (set -e) continues on
//   discrete GPUs, where "not supported" is the expected answer.
#include <ampcl/ampcl.hpp>
#include <iostream>

using namespace ampcl;

int main() {
  accelerator acc = accelerator(accelerator::default_accelerator);

  // Early out if the default accelerator doesn't support shared memory.
  if (!acc.get_supports_cpu_shared_memory()) {
    std::cout << "The default accelerator does not support shared memory" << std::endl;
    return 0;
  }

  // Override the default CPU access type.
  acc.set_default_cpu_access_type(access_type_read_write);

  // Create an accelerator_view from the default accelerator. The
  // accelerator_view inherits its default_cpu_access_type from acc.
  accelerator_view acc_v = acc.get_default_view();

  // Create an extent object to size the arrays.
  extent<1> ex(10);

  // Input array that can be written on the CPU.
  array<int, 1> arr_w(ex, acc_v, access_type_write);

  // Output array that can be read on the CPU.
  array<int, 1> arr_r(ex, acc_v, access_type_read);

  // Read-write array that can be both written to and read from on the CPU.
  array<int, 1> arr_rw(ex, acc_v, access_type_read_write);
}
