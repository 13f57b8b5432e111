// exit_test.cpp's child: launches one kernel that stores 42 into the file named by
// argv[1], mapped shared and used in place by the device (CL_MEM_USE_HOST_PTR on
// a CPU device), then exits without waiting. Exit codes: 0 launched, 2 the device
// sees a copy of host memory (nothing to observe), 3 bad arguments or mapping,
// 4 the buffer, 5 the launch threw.
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <ampcl/ampcl.hpp>
#include <chrono>
#include <cstdlib>
#include <string>

int main(int argc, char** argv) {
  using namespace ampcl;
  if (argc != 2) return 3;
  const int fd = open(argv[1], O_RDWR);
  if (fd < 0) return 3;
  void* page = mmap(nullptr, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  if (page == MAP_FAILED) return 3;
  try {
    const accelerator acc;
    if (!acc.get_supports_cpu_shared_memory()) return 2;
    accelerator_view view = acc.get_default_view();
    cl_int err = CL_SUCCESS;
    cl_mem out =
        clCreateBuffer(view.context(), CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR, 4096, page, &err);
    if (err != CL_SUCCESS) return 4;
    // A source no cache has seen, so that the driver still has it to build when
    // exit begins.
    const std::string source =
        "// " + std::to_string(std::chrono::steady_clock::now().time_since_epoch().count()) +
        "\n__kernel void store(__global int* out, int value) { out[0] = value; }\n";
    launch_ndrange(view, kernel::from_source(source, "store", "store.cl"), ndrange(),
                   {raw_arg::buffer(out), raw_arg::scalar(cl_int{42})});
  } catch (...) {
    return 5;
  }
  return 0;  // no wait: exit must finish the launch
}
