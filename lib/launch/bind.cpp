#include "launch/bind.hpp"

#include <ampcl/detail/sampler_state.hpp>
#include <ampcl/errors.hpp>
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
inline bool memory_param_passed_before(const param_info& p, const passed_types& passed,
                                       const bound_arg& a) {
  return *a.cl_type && passed.as_memory.load(std::memory_order_relaxed) == a.cl_type &&
         (!a.read_only_view || p.pointee_const);
}

// The size of an OpenCL C built-in scalar or vector type ("int", "float4", "uchar3"),
// 0 for any other (a struct the kernel declares). A 3-vector is 4 wide.
std::size_t builtin_type_size(const std::string& name) {
  static const struct {
    const char* scalar;
    std::size_t size;
  } scalars[] = {{"char", 1}, {"uchar", 1}, {"short", 2}, {"ushort", 2}, {"half", 2},  {"int", 4},
                 {"uint", 4}, {"float", 4}, {"long", 8},  {"ulong", 8},  {"double", 8}};
  for (const auto& t : scalars) {
    const std::size_t n = std::strlen(t.scalar);
    if (name.compare(0, n, t.scalar) != 0) continue;
    const std::string width = name.substr(n);
    if (width.empty()) return t.size;
    if (width == "2" || width == "3" || width == "4" || width == "8" || width == "16")
      return t.size * (width == "3" ? 4 : std::stoul(width));
  }
  return 0;
}

// Whether a parameter's pointee or value type (as OpenCL reports it) takes an
// argument the host spells `host`: the same spelling, or the struct a translated
// kernel declares for the C++ AMP vector of that spelling (norm_4 for float4).
bool parameter_takes(const std::string& parameter_type, const char* host) {
  if (parameter_type == host) return true;
  const std::size_t tag = parameter_type.compare(0, 7, "struct ") == 0 ? 7 : 0;
#define AMPCL_TAKES(name, scalar, n, spelling)                      \
  if (parameter_type.compare(tag, std::string::npos, #name) == 0 && \
      std::strcmp(host, spelling) == 0)                             \
    return true;
  AMPCL_SHORT_VECTORS(AMPCL_TAKES)
#undef AMPCL_TAKES
  return false;
}

// What to do where a kernel reads OpenCL's 3-vector and the host has C++ AMP's.
std::string packed_vector_hint(const std::string& parameter_type, const char* host) {
  bool packed = false;
#define AMPCL_PACKED(name, scalar, n, spelling) \
  packed |= n == 3 && std::strcmp(host, spelling) == 0;
  AMPCL_SHORT_VECTORS(AMPCL_PACKED)
#undef AMPCL_PACKED
  if (!packed || parameter_type.empty() || parameter_type.back() != '3' ||
      builtin_type_size(parameter_type) == 0)
    return "";
  return " (C++ AMP's " + std::string(host) + " is three packed scalars, OpenCL's " +
         parameter_type + " is four wide: declare the parameter as the prelude's " + host +
         ", fields x, y and z)";
}

// Throws what is wrong with a memory argument for this parameter, else remembers
// that its element type passed.
void check_memory_param(const compiled_kernel& ck, passed_types& passed, std::size_t ai,
                        std::size_t pi, const bound_arg& a) {
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
  if (*a.cl_type && !parameter_takes(p.pointee, a.cl_type))
    mismatch(ck, ai, pi,
             "element types differ: the host passes " + describe(a) + " but the kernel reads " +
                 p.pointee + "; make the element types match" +
                 packed_vector_hint(p.pointee, a.cl_type));
  // An element type without an OpenCL spelling (a struct, a packed 3-vector) is not
  // checked by name, but a built-in pointee of another size would read and write
  // across elements, and past the buffer's end.
  if (a.what == bound_arg::kind::memory && !*a.cl_type) {  // not a raw cl_mem
    const std::size_t kernel_size = builtin_type_size(p.pointee);
    if (kernel_size != 0 && kernel_size != a.element_size)
      mismatch(ck, ai, pi,
               "element sizes differ: the host's elements (" + describe(a) + ") are " +
                   std::to_string(a.element_size) + " bytes, but the kernel's " + p.pointee +
                   " is " + std::to_string(kernel_size) +
                   " bytes; declare the parameter with an element type of the host's layout "
                   "(a packed 3-vector is three scalars: read it with vload3)");
  }
  if (a.read_only_view && !p.pointee_const)
    mismatch(ck, ai, pi,
             describe(a) +
                 " is read-only but the parameter is writable: declare it const "
                 "(AMPCL_VIEW(const " +
                 p.pointee + ", " + p.name + "))");
  if (*a.cl_type) passed.as_memory.store(a.cl_type, std::memory_order_relaxed);
}

// Throws what is wrong with a value for this parameter, else remembers its type.
void check_value_param(const compiled_kernel& ck, passed_types& passed, std::size_t ai,
                       std::size_t pi, const bound_arg& a) {
  const param_info& p = ck.params[pi];
  if (p.is_image || p.is_sampler)
    mismatch(ck, ai, pi,
             "a value (" + describe(a) + ") cannot bind to " + p.type_name + ": pass " +
                 (p.is_image ? "a texture or a texture_view" : "a graphics::sampler"));
  if (p.is_shape)
    mismatch(ck, ai, pi,
             "this is the shape of the view before it: pass the array_view itself to the "
             "pointer parameter, not a separate value");
  if (p.address != CL_KERNEL_ARG_ADDRESS_PRIVATE || p.is_pointer)
    mismatch(ck, ai, pi,
             "a value (" + describe(a) + ") cannot bind to a " + address_name(p.address) +
                 " pointer: pass an array, array_view or tile_static_memory");
  if (*a.cl_type && !parameter_takes(p.type_name, a.cl_type))
    mismatch(ck, ai, pi,
             "the host passes " + std::string(a.cl_type) + " but the parameter is " + p.type_name +
                 "; cast the argument (e.g. static_cast<" + p.type_name + ">)" +
                 packed_vector_hint(p.type_name, a.cl_type));
  if (*a.cl_type) passed.as_value.store(a.cl_type, std::memory_order_relaxed);
}

// A value whose type already passed every check against this parameter.
inline bool value_param_passed_before(const passed_types& passed, const bound_arg& a) {
  return *a.cl_type && passed.as_value.load(std::memory_order_relaxed) == a.cl_type;
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

// Checks every argument against its parameter and hands each parameter's value to
// `sink` (kernel_setter or hook_description below). True when every array and
// view was already resident for its access.
template <class Sink>
bool bind_each(const accelerator_view& view, kernel_launch_state& state, const bound_arg* args,
               std::size_t count, Sink& sink) {
  const compiled_kernel& ck = *state.compiled;
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
    passed_types& passed = state.passed[pi];
    const cl_uint index = static_cast<cl_uint>(pi);
    switch (a.what) {
      case bound_arg::kind::raw_buffer:
        if (ck.arg_info && !memory_param_passed_before(p, passed, a))
          check_memory_param(ck, passed, ai, pi, a);
        sink.buffer(index, a.raw, a);
        ++pi;
        break;
      case bound_arg::kind::memory: {
        if (ck.arg_info && !memory_param_passed_before(p, passed, a))
          check_memory_param(ck, passed, ai, pi, a);
        // run() checked the view; a buffer already current needs no lock.
        bool resident = false;
        sink.buffer(index,
                    a.store->buffer_for_launch(view, a.read_only_view,
                                               ck.arg_info && p.pointee_const, resident),
                    a);
        all_resident = all_resident && resident;
        ++pi;
        if (pi < nparams && ck.params[pi].is_shape) {
          sink.shape(static_cast<cl_uint>(pi), a);
          ++pi;
        } else if (!shape_is_whole_buffer(a.shape, a.element_size, a.store->bytes())) {
          mismatch(ck, ai, pi - 1,
                   describe(a) +
                       " is a section (offset or gaps between rows) but the parameter "
                       "is a plain pointer with no shape: declare it with AMPCL_VIEW(T, " +
                       ck.params[pi - 1].name + ") so the kernel sees offset and strides");
        }
        break;
      }
      case bound_arg::kind::scalar:
        if (ck.arg_info && !value_param_passed_before(passed, a))
          check_value_param(ck, passed, ai, pi, a);
        sink.value(index, a);
        ++pi;
        break;
      case bound_arg::kind::local_memory:
        if (ck.arg_info && p.address != CL_KERNEL_ARG_ADDRESS_LOCAL)
          mismatch(ck, ai, pi,
                   describe(a) + " needs a __local pointer parameter, but this one is " +
                       address_name(p.address));
        sink.local(index, a);
        ++pi;
        break;
      case bound_arg::kind::image:
        check_image_param(view, ck, ai, pi, a);
        sink.image(index, a.raw, a);
        ++pi;
        break;
      case bound_arg::kind::sampler:
        if (ck.arg_info && !p.is_sampler)
          mismatch(ck, ai, pi,
                   "a sampler needs a sampler_t parameter: declare 'sampler_t " + p.name + "'");
        sink.sampler(index,
                     cl_sampler_for(*static_cast<const sampler_state*>(a.sampler), view.context()));
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

// Sets each value on the kernel as binding finds it.
struct kernel_setter {
  kernel_launch_state& state;
  void buffer(cl_uint i, cl_mem mem, const bound_arg&) { state.hold_buffer(i, mem); }
  void image(cl_uint i, cl_mem mem, const bound_arg&) { state.hold_buffer(i, mem); }
  void shape(cl_uint i, const bound_arg& a) { state.hold_bytes(i, &a.shape, sizeof(view_shape)); }
  void value(cl_uint i, const bound_arg& a) { state.hold_bytes(i, a.value, a.size); }
  void local(cl_uint i, const bound_arg& a) { state.hold_local(i, a.size); }
  void sampler(cl_uint i, cl_sampler s) { state.hold_sampler(i, s); }
};

// Describes each value, with its parameter, for a launch hook.
struct hook_description {
  const compiled_kernel& ck;
  std::vector<launch_argument> out;

  launch_argument& add(cl_uint i, launch_argument::kind what) {
    launch_argument& la = out.emplace_back();
    la.what = what;
    if (i < ck.params.size()) {
      const param_info& p = ck.params[i];
      la.name = p.name;
      la.type_name = p.type_name;
      la.address = p.address;
      la.is_const = p.pointee_const;
    }
    return la;
  }
  void buffer(cl_uint i, cl_mem mem, const bound_arg& a) {
    launch_argument& la = add(i, launch_argument::kind::buffer);
    la.buffer = mem;
    clGetMemObjectInfo(mem, CL_MEM_SIZE, sizeof la.buffer_bytes, &la.buffer_bytes, nullptr);
    if (a.what == bound_arg::kind::memory) {  // host/device hazard checks
      la.host_data = a.store->host_memory();
      la.host_bytes = a.store->bytes();
      la.storage = a.store;
    }
  }
  // Images travel as cl_mem too; race checking must not take them for buffers.
  void image(cl_uint i, cl_mem mem, const bound_arg&) {
    launch_argument& la = add(i, launch_argument::kind::image);
    la.buffer = mem;
    clGetMemObjectInfo(mem, CL_MEM_SIZE, sizeof la.buffer_bytes, &la.buffer_bytes, nullptr);
  }
  void shape(cl_uint i, const bound_arg& a) {
    const auto* bytes = reinterpret_cast<const unsigned char*>(&a.shape);
    add(i, launch_argument::kind::view_shape).value.assign(bytes, bytes + sizeof(view_shape));
  }
  void value(cl_uint i, const bound_arg& a) {
    const auto* bytes = static_cast<const unsigned char*>(a.value);
    add(i, launch_argument::kind::scalar).value.assign(bytes, bytes + a.size);
  }
  void local(cl_uint i, const bound_arg& a) {
    add(i, launch_argument::kind::local_memory).local_bytes = a.size;
  }
  void sampler(cl_uint i, cl_sampler s) { add(i, launch_argument::kind::sampler).sampler = s; }
};

}  // namespace

bool bind_and_set(const accelerator_view& view, kernel_launch_state& state, const bound_arg* args,
                  std::size_t count) {
  kernel_setter setter{state};
  return bind_each(view, state, args, count, setter);
}

std::vector<launch_argument> bind_for_hook(const accelerator_view& view, kernel_launch_state& state,
                                           const bound_arg* args, std::size_t count) {
  hook_description description{*state.compiled, {}};
  description.out.reserve(state.compiled->params.size());
  bind_each(view, state, args, count, description);
  return std::move(description.out);
}

void set_described(kernel_launch_state& state, const std::vector<launch_argument>& args,
                   cl_uint first) {
  for (std::size_t i = 0; i < args.size(); ++i) {
    const launch_argument& la = args[i];
    const cl_uint index = first + static_cast<cl_uint>(i);
    switch (la.what) {
      case launch_argument::kind::buffer:
      case launch_argument::kind::image:
        state.hold_buffer(index, la.buffer);
        break;
      case launch_argument::kind::sampler:
        state.hold_sampler(index, la.sampler);
        break;
      case launch_argument::kind::view_shape:
      case launch_argument::kind::scalar:
        state.hold_bytes(index, la.value.data(), la.value.size());
        break;
      case launch_argument::kind::local_memory:
        state.hold_local(index, la.local_bytes);
        break;
    }
  }
}

}  // namespace ampcl::detail
