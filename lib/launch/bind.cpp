#include "launch/bind.hpp"

#include <ampcl/errors.hpp>
#include <ampcl/sampler.hpp>
#include <cstring>
#include <string>

#include "devices/device_state.hpp"
#include "memory/image_storage.hpp"
#include "memory/storage.hpp"

namespace ampcl::detail {

std::string describe(const bound_arg& a) {
  const std::string type = *a.cl_type ? a.cl_type : "T";
  switch (a.what) {
    case bound_arg::kind::memory:
      return std::string(a.container) + "<" + type + (a.read_only_view ? " const" : "") + ", " +
             std::to_string(a.rank) + ">";
    case bound_arg::kind::raw_buffer:
      return "a cl_mem buffer";
    case bound_arg::kind::scalar:
      return *a.cl_type ? type : "a " + std::to_string(a.size) + "-byte value";
    case bound_arg::kind::local_memory:
      return "tile_static_memory of " + std::to_string(a.size) + " bytes";
    case bound_arg::kind::image:
      return a.container;
    case bound_arg::kind::sampler:
      return "a sampler";
  }
  return "an argument";
}

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
                       std::to_string(param + 1) + " '" + p.type_name + " " + p.name +
                       "': " + problem);
}

const char* address_name(cl_kernel_arg_address_qualifier a) {
  switch (a) {
    case CL_KERNEL_ARG_ADDRESS_GLOBAL:
      return "__global";
    case CL_KERNEL_ARG_ADDRESS_LOCAL:
      return "__local";
    case CL_KERNEL_ARG_ADDRESS_CONSTANT:
      return "__constant";
    default:
      return "by-value";
  }
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

// A memory argument whose element type already passed every check against this
// parameter: of those checks only the read-only one depends on more than the
// parameter and the type.
inline bool memory_param_passed_before(const param_info& p, const bound_arg& a) {
  return *a.cl_type && p.passed_as_memory.last.load(std::memory_order_relaxed) == a.cl_type &&
         (!a.read_only_view || p.pointee_const);
}

// Throws what is wrong with a memory argument for this parameter, else remembers
// that its element type passed.
void check_memory_param(const compiled_kernel& ck, std::size_t ai, std::size_t pi,
                        const bound_arg& a) {
  const param_info& p = ck.params[pi];
  if (p.is_image)
    mismatch(ck, ai, pi,
             describe(a) +
                 " is a buffer, but this parameter is an image: pass a texture or a "
                 "texture_view, or declare the parameter as a pointer (AMPCL_VIEW(T, " +
                 p.name + "))");
  if (p.address != CL_KERNEL_ARG_ADDRESS_GLOBAL && p.address != CL_KERNEL_ARG_ADDRESS_CONSTANT)
    mismatch(ck, ai, pi,
             describe(a) + " needs a __global pointer parameter, but this one is " +
                 address_name(p.address) +
                 (p.is_shape ? " (a view's shape: pass the view to the pointer parameter before it)"
                             : ""));
  if (*a.cl_type && p.pointee != a.cl_type)
    mismatch(ck, ai, pi,
             "element types differ: the host passes " + describe(a) + " but the kernel reads " +
                 p.pointee + "; make the element types match");
  if (a.read_only_view && !p.pointee_const)
    mismatch(ck, ai, pi,
             describe(a) +
                 " is read-only but the parameter is writable: declare it const "
                 "(AMPCL_VIEW(const " +
                 p.pointee + ", " + p.name + "))");
  if (*a.cl_type) p.passed_as_memory.last.store(a.cl_type, std::memory_order_relaxed);
}

// Throws what is wrong with a value for this parameter, else remembers its type.
void check_value_param(const compiled_kernel& ck, std::size_t ai, std::size_t pi,
                       const bound_arg& a) {
  const param_info& p = ck.params[pi];
  if (p.is_image || p.is_sampler)
    mismatch(ck, ai, pi,
             "a value (" + describe(a) + ") cannot bind to " + p.type_name + ": pass " +
                 (p.is_image ? "a texture or a texture_view" : "an ampcl::graphics::sampler"));
  if (p.is_shape)
    mismatch(ck, ai, pi,
             "this is the shape of the view before it: pass the array_view itself to the "
             "pointer parameter, not a separate value");
  if (p.address != CL_KERNEL_ARG_ADDRESS_PRIVATE || p.is_pointer)
    mismatch(ck, ai, pi,
             "a value (" + describe(a) + ") cannot bind to a " + address_name(p.address) +
                 " pointer: pass an array, array_view or tile_static_memory");
  if (*a.cl_type && p.type_name != a.cl_type)
    mismatch(ck, ai, pi,
             "the host passes " + std::string(a.cl_type) + " but the parameter is " + p.type_name +
                 "; cast the argument (e.g. static_cast<" + p.type_name + ">)");
  if (*a.cl_type) p.passed_as_value.last.store(a.cl_type, std::memory_order_relaxed);
}

// A value whose type already passed every check against this parameter.
inline bool value_param_passed_before(const param_info& p, const bound_arg& a) {
  return *a.cl_type && p.passed_as_value.last.load(std::memory_order_relaxed) == a.cl_type;
}

const char* image_type_for(int rank) {
  return rank == 1 ? "image1d_t" : rank == 2 ? "image2d_t" : "image3d_t";
}

void check_image_param(const accelerator_view& view, const compiled_kernel& ck, std::size_t ai,
                       std::size_t pi, const bound_arg& a) {
  const device_info& info = view.state()->dev->info;
  if (!info.images)
    throw unsupported_feature(
        "kernel '" + ck.name + "' is passed " + describe(a) + " but " + info.name +
            " has no image support (CL_DEVICE_IMAGE_SUPPORT): "
            "use arrays, or pick a device with images (ampcl-info lists them)",
        CL_INVALID_OPERATION);
  const auto& img = *static_cast<const image_storage*>(a.image);
  if (img.view() != view)
    throw argument_error(
        "kernel '" + ck.name + "': " + describe(a) +
        " lives on another accelerator_view than the launch: launch on "
        "its get_accelerator_view(), or copy it to a texture on the launch's view");
  if (!ck.arg_info) return;
  const param_info& p = ck.params[pi];
  const std::string want = image_type_for(a.rank);
  const std::string decl_read = "__read_only " + want + " " + p.name;
  const std::string decl_write = "__write_only " + want + " " + p.name;
  if (!p.is_image)
    mismatch(ck, ai, pi,
             describe(a) + " is an image: declare the parameter '" +
                 (a.write_only_view ? decl_write : decl_read) + "'");
  if (p.image_rank != a.rank)
    mismatch(ck, ai, pi,
             describe(a) + " has rank " + std::to_string(a.rank) + ": declare the parameter as " +
                 want + " (image arrays and image buffers are not textures)");
  if (a.read_only_view && p.access == CL_KERNEL_ARG_ACCESS_WRITE_ONLY)
    mismatch(ck, ai, pi,
             describe(a) +
                 " is read-only but the parameter is __write_only: pass a texture_view<T, " +
                 std::to_string(a.rank) + "> (or the texture) to write, or declare '" + decl_read +
                 "' to read");
  if (a.write_only_view && p.access == CL_KERNEL_ARG_ACCESS_READ_ONLY)
    mismatch(ck, ai, pi,
             describe(a) +
                 " is write-only but the parameter is __read_only: pass a "
                 "texture_view<const T, " +
                 std::to_string(a.rank) +
                 "> (or the texture) to read, or "
                 "declare '" +
                 decl_write + "' to write");
  if (a.rank == 3 && p.access == CL_KERNEL_ARG_ACCESS_WRITE_ONLY &&
      info.extensions.find("cl_khr_3d_image_writes") == std::string::npos)
    throw unsupported_feature("kernel '" + ck.name + "' writes " + describe(a) + " but " +
                                  info.name + " cannot write 3D images (no cl_khr_3d_image_writes)",
                              CL_INVALID_OPERATION);
}

}  // namespace

bool bind_arguments(const accelerator_view& view, const compiled_kernel& ck, const bound_arg* args,
                    std::size_t count, std::vector<arg_binding>& out) {
  out.clear();
  bool all_resident = true;
  const device_info& info = view.state()->dev->info;
  const std::size_t nparams = ck.params.size();
  std::size_t pi = 0;
  for (std::size_t ai = 0; ai < count; ++ai) {
    const bound_arg& a = args[ai];
    if (pi >= nparams)
      throw argument_error("kernel '" + ck.name + "' " + param_list(ck) + " takes " +
                           std::to_string(nparams) + " parameters, but argument " +
                           std::to_string(ai + 1) + " (" + describe(a) +
                           ") has none left to bind to: pass fewer arguments or add parameters");
    if (!info.fp64 && std::strncmp(a.cl_type, "double", 6) == 0)  // double, double2..4
      throw unsupported_feature("kernel '" + ck.name + "' is passed " + describe(a) + " but " +
                                    info.name +
                                    " has no double precision (cl_khr_fp64): use "
                                    "float, or pick a device with fp64 (ampcl-info lists them)",
                                CL_INVALID_OPERATION);
    const param_info& p = ck.params[pi];
    // Built in place: a copy of a stack temporary stalled on store forwarding.
    arg_binding& b = out.emplace_back();
    b.arg = &a;
    switch (a.what) {
      case bound_arg::kind::memory:
      case bound_arg::kind::raw_buffer: {
        if (ck.arg_info && !memory_param_passed_before(p, a)) check_memory_param(ck, ai, pi, a);
        b.what = arg_binding::kind::buffer;
        if (a.what == bound_arg::kind::raw_buffer) {
          b.mem = a.raw;
        } else {
          bool resident = false;
          b.mem = a.store->buffer_for_launch(view, a.read_only_view,
                                             ck.arg_info && p.pointee_const, resident);
          all_resident = all_resident && resident;
        }
        ++pi;
        if (a.what != bound_arg::kind::memory) break;
        if (pi < nparams && ck.params[pi].is_shape) {
          arg_binding& shape = out.emplace_back();
          shape.what = arg_binding::kind::bytes;
          shape.data = a.shape;
          shape.size = sizeof(view_shape);
          shape.arg = &a;
          ++pi;
        } else if (!shape_is_whole_buffer(*a.shape, a.element_size, a.store->bytes())) {
          mismatch(ck, ai, pi - 1,
                   describe(a) +
                       " is a section (offset or gaps between rows) but the parameter "
                       "is a plain pointer with no shape: declare it with AMPCL_VIEW(T, " +
                       ck.params[pi - 1].name + ") so the kernel sees offset and strides");
        }
        break;
      }
      case bound_arg::kind::scalar:
        if (ck.arg_info && !value_param_passed_before(p, a)) check_value_param(ck, ai, pi, a);
        b.what = arg_binding::kind::bytes;
        b.data = a.value;
        b.size = a.size;
        ++pi;
        break;
      case bound_arg::kind::local_memory:
        if (ck.arg_info && p.address != CL_KERNEL_ARG_ADDRESS_LOCAL)
          mismatch(ck, ai, pi,
                   describe(a) + " needs a __local pointer parameter, but this one is " +
                       address_name(p.address));
        b.what = arg_binding::kind::local_memory;
        b.size = a.size;
        ++pi;
        break;
      case bound_arg::kind::image:
        check_image_param(view, ck, ai, pi, a);
        b.what = arg_binding::kind::buffer;
        b.mem = a.raw;
        ++pi;
        break;
      case bound_arg::kind::sampler:
        if (ck.arg_info && !p.is_sampler)
          mismatch(ck, ai, pi,
                   "a sampler needs a sampler_t parameter: declare 'sampler_t " + p.name + "'");
        b.what = arg_binding::kind::sampler;
        b.sampler =
            static_cast<const graphics::sampler*>(a.sampler)->cl_sampler_for(view.context());
        ++pi;
        break;
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
  return all_resident;
}

namespace {
using set_value = compiled_kernel::set_value;

const void* handle_of(const arg_binding& b) {
  return b.what == arg_binding::kind::buffer    ? static_cast<const void*>(b.mem)
         : b.what == arg_binding::kind::sampler ? static_cast<const void*>(b.sampler)
                                                : nullptr;
}

bool unchanged(const arg_binding& b, const set_value& last) {
  if (!last.valid || last.what != static_cast<unsigned char>(b.what)) return false;
  switch (b.what) {
    case arg_binding::kind::buffer:
    case arg_binding::kind::sampler:
      return last.handle == handle_of(b);
    case arg_binding::kind::local_memory:
      return last.size == b.size;
    case arg_binding::kind::bytes:
      return last.size == b.size && std::memcmp(last.bytes.data(), b.data, b.size) == 0;
  }
  return false;
}

void remember(const arg_binding& b, set_value& last) {
  last.valid = true;
  last.what = static_cast<unsigned char>(b.what);
  last.handle = handle_of(b);
  last.size = b.size;
  if (b.what == arg_binding::kind::bytes) {
    const auto* p = static_cast<const unsigned char*>(b.data);
    last.bytes.assign(p, p + b.size);
  }
}
}  // namespace

void set_arguments(compiled_kernel& ck, const std::vector<arg_binding>& args, cl_uint first) {
  if (ck.last_args.size() < first + args.size()) ck.last_args.resize(first + args.size());
  for (std::size_t i = 0; i < args.size(); ++i) {
    const arg_binding& b = args[i];
    const cl_uint index = first + static_cast<cl_uint>(i);
    auto& last = ck.last_args[index];
    if (unchanged(b, last)) continue;
    cl_int err = CL_SUCCESS;
    switch (b.what) {
      case arg_binding::kind::buffer:
        err = clSetKernelArg(ck.kernel.get(), index, sizeof(cl_mem), &b.mem);
        break;
      case arg_binding::kind::bytes:
        err = clSetKernelArg(ck.kernel.get(), index, b.size, b.data);
        break;
      case arg_binding::kind::local_memory:
        err = clSetKernelArg(ck.kernel.get(), index, b.size, nullptr);
        break;
      case arg_binding::kind::sampler:
        err = clSetKernelArg(ck.kernel.get(), index, sizeof(cl_sampler), &b.sampler);
        break;
    }
    if (err != CL_SUCCESS) {
      last.valid = false;
      const std::string what = index < ck.params.size() ? "parameter " + std::to_string(index + 1) +
                                                              " '" + ck.params[index].type_name +
                                                              " " + ck.params[index].name + "'"
                                                        : "parameter " + std::to_string(index + 1);
      throw_cl_error(err, "clSetKernelArg",
                     "for " + what + " of kernel '" + ck.name + "' (" + std::to_string(b.size) +
                         " bytes passed)");
    }
    remember(b, last);
  }
}

std::vector<launch_argument> describe_for_hook(const compiled_kernel& ck,
                                               const std::vector<arg_binding>& args) {
  std::vector<launch_argument> out;
  out.reserve(args.size());
  for (std::size_t i = 0; i < args.size(); ++i) {
    const arg_binding& b = args[i];
    launch_argument la;
    if (i < ck.params.size()) {
      const param_info& p = ck.params[i];
      la.name = p.name;
      la.type_name = p.type_name;
      la.address = p.address;
      la.is_const = p.pointee_const;
    }
    switch (b.what) {
      case arg_binding::kind::buffer:
        // Images travel as cl_mem too; race checking must not take them for buffers.
        la.what = b.arg && b.arg->what == bound_arg::kind::image ? launch_argument::kind::image
                                                                 : launch_argument::kind::buffer;
        la.buffer = b.mem;
        clGetMemObjectInfo(b.mem, CL_MEM_SIZE, sizeof la.buffer_bytes, &la.buffer_bytes, nullptr);
        if (b.arg && b.arg->store) {  // host/device hazard checks
          la.host_data = b.arg->store->host_memory();
          la.host_bytes = b.arg->store->bytes();
          la.storage = b.arg->store;
        }
        break;
      case arg_binding::kind::sampler:
        la.what = launch_argument::kind::sampler;
        la.sampler = b.sampler;
        break;
      case arg_binding::kind::bytes: {
        const bool shape = i < ck.params.size() && ck.params[i].is_shape;
        la.what = shape ? launch_argument::kind::view_shape : launch_argument::kind::scalar;
        const auto* bytes = static_cast<const unsigned char*>(b.data);
        la.value.assign(bytes, bytes + b.size);
        break;
      }
      case arg_binding::kind::local_memory:
        la.what = launch_argument::kind::local_memory;
        la.local_bytes = b.size;
        break;
    }
    out.push_back(std::move(la));
  }
  return out;
}

void append_hook_arguments(const std::vector<launch_argument>& extra,
                           std::vector<arg_binding>& out) {
  for (const launch_argument& la : extra) {
    arg_binding b;
    switch (la.what) {
      case launch_argument::kind::buffer:
      case launch_argument::kind::image:
        b.what = arg_binding::kind::buffer;
        b.mem = la.buffer;
        break;
      case launch_argument::kind::sampler:
        b.what = arg_binding::kind::sampler;
        b.sampler = la.sampler;
        break;
      case launch_argument::kind::view_shape:
      case launch_argument::kind::scalar:
        b.what = arg_binding::kind::bytes;
        b.data = la.value.data();
        b.size = la.value.size();
        break;
      case launch_argument::kind::local_memory:
        b.what = arg_binding::kind::local_memory;
        b.size = la.local_bytes;
        break;
    }
    out.push_back(b);
  }
}

}  // namespace ampcl::detail
