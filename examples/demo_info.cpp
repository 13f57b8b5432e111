// Run first by scripts/demo.sh: which accelerator the examples use, and why.
#include <ampcl/ampcl.hpp>
#include <iostream>

int main() {
  const ampcl::accelerator acc;
  std::cout << "Default accelerator: " << acc.get_device_name() << " (" << acc.get_platform_name()
            << ", " << acc.get_version_string() << ", " << acc.get_opencl_path() << "), chosen by "
            << ampcl::accelerator::default_reason() << "\n";
}
