// Launching in OpenCL's own terms: NDRange in OpenCL order and raw arguments.
// parallel_for_each is built on this; use it directly only when porting code
// that already thinks in OpenCL order (or for tools such as ampcl-racecheck).
#pragma once

#include <ampcl/cl.hpp>
#include <ampcl/detail/accelerator_fwd.hpp>
#include <ampcl/kernel.hpp>

#include <cstddef>
#include <string>
#include <type_traits>
#include <vector>

namespace ampcl {

struct ndrange {
  unsigned dims = 1;
  std::size_t global[3] = {1, 1, 1};  // OpenCL order: dimension 0 varies fastest
  std::size_t local[3] = {0, 0, 0};   // all 0: the driver picks the work-group size
  bool has_local() const { return local[0] != 0; }
};

class raw_arg {
 public:
  enum class kind { buffer, bytes, local_memory };
  static raw_arg buffer(cl_mem mem) {
    raw_arg a(kind::buffer);
    a.mem_ = mem;
    return a;
  }
  static raw_arg bytes(const void* data, std::size_t size) {
    raw_arg a(kind::bytes);
    const auto* first = static_cast<const unsigned char*>(data);
    a.bytes_.assign(first, first + size);
    return a;
  }
  template <class T>
  static raw_arg scalar(const T& value) {
    static_assert(std::is_trivially_copyable_v<T>, "kernel arguments are copied bytewise");
    return bytes(&value, sizeof(T));
  }
  static raw_arg local(std::size_t size) {
    raw_arg a(kind::local_memory);
    a.local_size_ = size;
    return a;
  }
  kind what() const { return kind_; }
  cl_mem mem() const { return mem_; }
  const std::vector<unsigned char>& data() const { return bytes_; }
  std::size_t local_size() const { return local_size_; }

 private:
  explicit raw_arg(kind k) : kind_(k) {}
  kind kind_;
  cl_mem mem_ = nullptr;
  std::vector<unsigned char> bytes_;
  std::size_t local_size_ = 0;
};

// Compiles (or takes from the cache) and enqueues `k` over `range` on `view`'s
// queue. Arguments are checked against the kernel's parameters first. Runs the
// launch hook (race checking) like parallel_for_each does.
void launch_ndrange(const accelerator_view& view, const kernel& k, const ndrange& range,
                    const std::vector<raw_arg>& args);

// A kernel parameter as the device compiler declared it (OpenCL's argument info).
struct kernel_parameter {
  std::string name;       // empty when the driver keeps no argument info
  std::string type_name;  // qualifiers dropped: "float*", "uint", "float4", "ampcl_view"
  cl_kernel_arg_address_qualifier address = CL_KERNEL_ARG_ADDRESS_PRIVATE;
  bool pointee_const = false;  // const or __constant pointee
};

// The parameters of `k` as launch_ndrange compiles it for `view`: the kernel is
// compiled (or taken from the caches) now, once, and a later launch_ndrange of
// `k` on `view` uses the same compiled kernel. Throws what that launch would
// throw for a kernel that does not build or a name the source does not define.
std::vector<kernel_parameter> kernel_parameters(const accelerator_view& view, const kernel& k);

}  // namespace ampcl
