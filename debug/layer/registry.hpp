// What the layer remembers of the application's OpenCL objects: each program's
// source and build options, each kernel's arguments as set, each buffer's size
// and parent. Handles are keys; an entry is replaced when the driver hands out
// the same handle again (creation), and buffers leave with their destructor
// callback, so an entry never outlives its object's identity.
#pragma once

#include <CL/cl.h>

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace ampcl::layer {

// How a program was made; only source programs can be instrumented.
enum class program_origin { source, binary, il, builtin_kernels, linked };
const char* describe(program_origin o);  // "clCreateProgramWithBinary", ...

struct program_info {
  program_origin origin = program_origin::source;
  cl_context context = nullptr;
  // The strings of clCreateProgramWithSource, concatenated; never null (shared
  // with each launch_record, see launch_hook.hpp).
  std::shared_ptr<const std::string> source = std::make_shared<const std::string>();
  std::string options;  // of the latest build (or compile)
  std::string label;    // "program-1a2b3c4d": a hash of the source, stable across runs
};

struct kernel_arg {
  bool set = false;
  bool local = false;                // __local: size bytes, no value
  bool svm = false;                  // clSetKernelArgSVMPointer
  std::size_t local_bytes = 0;       // local: the size passed
  std::vector<unsigned char> value;  // the bytes as passed
};

struct kernel_info {
  std::string name;
  cl_context context = nullptr;
  std::shared_ptr<const program_info> program;  // as it was built when the kernel was made
  std::vector<kernel_arg> args;
};

struct buffer_info {
  cl_context context = nullptr;
  std::size_t bytes = 0;
  cl_mem_flags flags = 0;
  void* host_ptr = nullptr;  // CL_MEM_USE_HOST_PTR
  cl_mem root = nullptr;     // the buffer a sub-buffer lies in (itself for a buffer)
  std::size_t offset = 0;    // within root
  std::uint64_t generation = 0;
};

class registry {
 public:
  static registry& get();

  void add_program(cl_program p, program_info info);
  void set_build_options(cl_program p, const std::string& options);
  std::shared_ptr<const program_info> program(cl_program p);

  void add_kernel(cl_kernel k, const std::string& name, cl_program p);
  void copy_kernel(cl_kernel from, cl_kernel to);  // clCloneKernel
  void set_arg(cl_kernel k, cl_uint index, kernel_arg arg);
  std::optional<kernel_info> kernel(cl_kernel k);

  // A buffer (root null) or sub-buffer; removed when the driver destroys it.
  void add_buffer(cl_mem m, buffer_info info);
  std::optional<buffer_info> buffer(cl_mem m);
  // The argument bytes name a buffer this registry knows.
  std::optional<buffer_info> buffer_in(const std::vector<unsigned char>& value);

 private:
  static void CL_CALLBACK on_buffer_destroyed(cl_mem m, void* generation);
  std::mutex m_;
  std::map<cl_program, std::shared_ptr<const program_info>> programs_;
  std::map<cl_kernel, kernel_info> kernels_;
  std::map<cl_mem, buffer_info> buffers_;
  std::uint64_t next_generation_ = 1;
};

// "program-1a2b3c4d" for a program's source.
std::string program_label(const std::string& source);

}  // namespace ampcl::layer
