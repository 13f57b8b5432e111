#include "launch/bind.hpp"

#include "devices/device_state.hpp"

#include <ampcl/errors.hpp>

#include <cstring>
#include <string>

namespace ampcl::detail {

namespace {

std::string param_list(const compiled_kernel& ck) {
  std::string s;
  for (const auto& p : ck.params) s += (s.empty() ? "" : ", ") + p.type_name + " " + p.name;
  return "(" + s + ")";
}

[[noreturn]] void mismatch(const compiled_kernel& ck, std::size_t arg, std::size_t param,
                           const std::string& problem) {
  const auto& p = ck.params[param];
  throw argument_error("kernel '" + ck.name + "' " + param_list(ck) + ": argument " +
                       std::to_string(arg + 1) + " binds to parameter " +
                       std::to_string(param + 1) + " '" + p.type_name + " " + p.name + "': " +
                       problem);
}

const char* address_name(cl_kernel_arg_address_qualifier a) {
  switch (a) {
    case CL_KERNEL_ARG_ADDRESS_GLOBAL: return "__global";
    case CL_KERNEL_ARG_ADDRESS_LOCAL: return "__local";
    case CL_KERNEL_ARG_ADDRESS_CONSTANT: return "__constant";
    default: return "by-value";
  }
}

bool is_shape_param(const param_info& p) { return p.type_name == "ampcl_view"; }

std::string pointee(const std::string& type_name) {
  const auto star = type_name.find('*');
  return star == std::string::npos ? type_name : type_name.substr(0, star);
}

std::vector<unsigned char> shape_bytes(const view_shape& s) {
  std::vector<unsigned char> b(sizeof s);
  std::memcpy(b.data(), &s, sizeof s);
  return b;
}

bool shape_is_whole_buffer(const view_shape& s, std::size_t element_size, std::size_t bytes) {
  std::size_t n = 1;
  for (int d = 0; d < s.rank; ++d) n *= static_cast<std::size_t>(s.extent[d]);
  std::size_t expect = 1;
  for (int d = s.rank - 1; d >= 0; --d) {
    if (s.extent[d] > 1 && static_cast<std::size_t>(s.stride[d]) != expect) return false;
    expect *= static_cast<std::size_t>(s.extent[d]);
  }
  return s.offset == 0 && n * element_size <= bytes;
}

}  // namespace

std::vector<launch_argument> bind_arguments(const accelerator_view& view, const compiled_kernel& ck,
                                            std::vector<bound_arg>& args) {
  std::vector<launch_argument> out;
  const std::size_t nparams = ck.params.size();
  const device_info& info = view.state()->dev->info;
  for (const bound_arg& a : args)
    if (a.cl_type.rfind("double", 0) == 0 && !info.fp64)  // double and double2..double4
      throw unsupported_feature("kernel '" + ck.name + "' is passed " + a.description + " but " +
                                    info.name + " has no double precision (cl_khr_fp64): use "
                                    "float, or pick a device with fp64 (ampcl-info lists them)",
                                CL_INVALID_OPERATION);
  std::size_t pi = 0;
  for (std::size_t ai = 0; ai < args.size(); ++ai) {
    bound_arg& a = args[ai];
    if (pi >= nparams)
      throw argument_error("kernel '" + ck.name + "' " + param_list(ck) + " takes " +
                           std::to_string(nparams) + " parameters, but argument " +
                           std::to_string(ai + 1) + " (" + a.description +
                           ") has none left to bind to: pass fewer arguments or add parameters");
    const param_info& p = ck.params[pi];
    launch_argument la;
    la.name = p.name;
    la.type_name = p.type_name;
    la.address = p.address;
    la.is_const = p.pointee_const;
    switch (a.what) {
      case bound_arg::kind::memory:
      case bound_arg::kind::raw_buffer: {
        if (ck.arg_info && p.address != CL_KERNEL_ARG_ADDRESS_GLOBAL &&
            p.address != CL_KERNEL_ARG_ADDRESS_CONSTANT)
          mismatch(ck, ai, pi,
                   a.description + " needs a __global pointer parameter, but this one is " +
                       address_name(p.address) + (is_shape_param(p) ? " (a view's shape: pass the view to the pointer parameter before it)" : ""));
        if (ck.arg_info && !a.cl_type.empty() && pointee(p.type_name) != a.cl_type)
          mismatch(ck, ai, pi,
                   "element types differ: the host passes " + a.description +
                       " but the kernel reads " + pointee(p.type_name) +
                       "; make the element types match");
        if (ck.arg_info && a.read_only_view && !p.pointee_const)
          mismatch(ck, ai, pi,
                   a.description + " is read-only but the parameter is writable: declare it "
                   "const (AMPCL_VIEW(const " + pointee(p.type_name) + ", " + p.name + "))");
        la.what = launch_argument::kind::buffer;
        if (a.what == bound_arg::kind::raw_buffer) {
          la.buffer = a.raw;
          clGetMemObjectInfo(a.raw, CL_MEM_SIZE, sizeof la.buffer_bytes, &la.buffer_bytes, nullptr);
        } else {
          const bool writes = !p.pointee_const || !ck.arg_info;
          la.buffer = a.store->device_buffer(view, true, writes && !a.read_only_view);
          la.buffer_bytes = a.store->bytes();
        }
        out.push_back(la);
        ++pi;
        if (a.what == bound_arg::kind::memory) {
          if (pi < nparams && is_shape_param(ck.params[pi])) {
            launch_argument shape;
            shape.what = launch_argument::kind::view_shape;
            shape.name = ck.params[pi].name;
            shape.type_name = ck.params[pi].type_name;
            shape.value = shape_bytes(a.shape);
            out.push_back(std::move(shape));
            ++pi;
          } else if (!shape_is_whole_buffer(a.shape, a.element_size, a.store->bytes())) {
            mismatch(ck, ai, pi - 1,
                     a.description + " is a section (offset or gaps between rows) but the "
                     "parameter is a plain pointer with no shape: declare it with "
                     "AMPCL_VIEW(T, " + p.name + ") so the kernel sees offset and strides");
          }
        }
        break;
      }
      case bound_arg::kind::scalar: {
        if (ck.arg_info && (p.address != CL_KERNEL_ARG_ADDRESS_PRIVATE ||
                            p.type_name.find('*') != std::string::npos))
          mismatch(ck, ai, pi,
                   "a value (" + a.description + ") cannot bind to a " + address_name(p.address) +
                       " pointer: pass an array, array_view or tile_static_memory");
        if (ck.arg_info && is_shape_param(p))
          mismatch(ck, ai, pi,
                   "this is the shape of the view before it: pass the array_view itself to the "
                   "pointer parameter, not a separate value");
        if (ck.arg_info && !a.cl_type.empty() && p.type_name != a.cl_type)
          mismatch(ck, ai, pi,
                   "the host passes " + a.cl_type + " but the parameter is " + p.type_name +
                       "; cast the argument (e.g. static_cast<" + p.type_name + ">)");
        la.what = launch_argument::kind::scalar;
        la.value = std::move(a.bytes);
        out.push_back(std::move(la));
        ++pi;
        break;
      }
      case bound_arg::kind::local_memory: {
        if (ck.arg_info && p.address != CL_KERNEL_ARG_ADDRESS_LOCAL)
          mismatch(ck, ai, pi,
                   a.description + " needs a __local pointer parameter, but this one is " +
                       address_name(p.address));
        la.what = launch_argument::kind::local_memory;
        la.local_bytes = a.local_bytes;
        out.push_back(std::move(la));
        ++pi;
        break;
      }
    }
  }
  if (pi != nparams) {
    std::string missing;
    for (std::size_t i = pi; i < nparams; ++i)
      missing += (missing.empty() ? "" : ", ") + ck.params[i].type_name + " " + ck.params[i].name;
    throw argument_error("kernel '" + ck.name + "' " + param_list(ck) + " takes " +
                         std::to_string(nparams) + " parameters but the arguments bind only " +
                         std::to_string(pi) + "; missing: " + missing);
  }
  return out;
}

void set_arguments(const compiled_kernel& ck, const std::vector<launch_argument>& args,
                   cl_uint first) {
  for (std::size_t i = 0; i < args.size(); ++i) {
    const auto& a = args[i];
    const cl_uint index = first + static_cast<cl_uint>(i);
    cl_int err = CL_SUCCESS;
    switch (a.what) {
      case launch_argument::kind::buffer:
        err = clSetKernelArg(ck.kernel.get(), index, sizeof(cl_mem), &a.buffer);
        break;
      case launch_argument::kind::view_shape:
      case launch_argument::kind::scalar:
        err = clSetKernelArg(ck.kernel.get(), index, a.value.size(), a.value.data());
        break;
      case launch_argument::kind::local_memory:
        err = clSetKernelArg(ck.kernel.get(), index, a.local_bytes, nullptr);
        break;
    }
    if (err != CL_SUCCESS) {
      const std::string what = index < ck.params.size()
                                   ? "parameter " + std::to_string(index + 1) + " '" +
                                         ck.params[index].type_name + " " + ck.params[index].name + "'"
                                   : "parameter " + std::to_string(index + 1);
      throw_cl_error(err, "clSetKernelArg",
                     "for " + what + " of kernel '" + ck.name + "' (" +
                         std::to_string(a.value.size()) + " bytes passed)");
    }
  }
}

}  // namespace ampcl::detail
