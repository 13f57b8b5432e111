// The exception family: C++ AMP's names, with the OpenCL call and error name.
#pragma once

#include <ampcl/cl.hpp>

#include <stdexcept>
#include <string>

namespace ampcl {

// The symbolic name of an OpenCL error code: "CL_OUT_OF_RESOURCES".
const char* cl_error_name(cl_int code);

class runtime_exception : public std::runtime_error {
 public:
  runtime_exception(const std::string& message, cl_int error_code)
      : std::runtime_error(message), error_(error_code) {}
  explicit runtime_exception(const std::string& message)
      : runtime_exception(message, CL_SUCCESS) {}
  // C++ AMP's runtime_exception(HRESULT): the code alone (an HRESULT there).
  explicit runtime_exception(cl_int error_code)
      : runtime_exception(describe(error_code), error_code) {}
  // The OpenCL error code, CL_SUCCESS when the failure is ampcl's own check.
  cl_int get_error_code() const { return error_; }

 private:
  static std::string describe(cl_int code) {
    const std::string name = cl_error_name(code);
    return "error code " + std::to_string(code) +
           (name.rfind("CL_", 0) == 0 ? " (" + name + ")" : std::string());
  }
  cl_int error_;
};

// An allocation on the device or the host failed.
class out_of_memory : public runtime_exception {
 public:
  using runtime_exception::runtime_exception;
  // C++ AMP's default constructor.
  out_of_memory() : runtime_exception("out of memory", CL_MEM_OBJECT_ALLOCATION_FAILURE) {}
};

// An extent, tile shape or NDRange the device cannot run.
class invalid_compute_domain : public runtime_exception {
 public:
  using runtime_exception::runtime_exception;
  // C++ AMP's default constructor.
  invalid_compute_domain()
      : runtime_exception("invalid compute domain", CL_INVALID_GLOBAL_WORK_SIZE) {}
};

// The device lacks what was asked for (fp64, images, a work-group size).
class unsupported_feature : public runtime_exception {
 public:
  using runtime_exception::runtime_exception;
  // C++ AMP's default constructor.
  unsupported_feature() : runtime_exception("unsupported feature", CL_INVALID_OPERATION) {}
};

// The device was lost or reset; views on it are unusable.
class accelerator_view_removed : public runtime_exception {
 public:
  using runtime_exception::runtime_exception;
  // C++ AMP's name for the reason code (DXGI's HRESULT there, the OpenCL error here).
  cl_int get_view_removed_reason() const { return get_error_code(); }
};

// A kernel failed to compile; what() carries the build log mapped to file:line.
class build_error : public runtime_exception {
 public:
  build_error(const std::string& message, std::string log)
      : runtime_exception(message, CL_BUILD_PROGRAM_FAILURE), log_(std::move(log)) {}
  const std::string& build_log() const { return log_; }

 private:
  std::string log_;
};

// Kernel arguments that do not match the kernel's parameters.
class argument_error : public runtime_exception {
 public:
  explicit argument_error(const std::string& message)
      : runtime_exception(message, CL_INVALID_KERNEL_ARGS) {}
};

namespace detail {
// Throws the exception that fits `code`, naming the call and a fix.
[[noreturn]] void throw_cl_error(cl_int code, const char* call, const std::string& context = {});
inline void check(cl_int code, const char* call, const std::string& context = {}) {
  if (code != CL_SUCCESS) throw_cl_error(code, call, context);
}
}  // namespace detail

}  // namespace ampcl
