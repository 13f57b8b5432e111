// Programs (their source and build options), kernels (their name and program),
// kernel arguments (as set) and buffers (size, flags, parent).
#include <cstring>
#include <string>

#include "driver.hpp"
#include "intercept.hpp"
#include "registry.hpp"

namespace ampcl::layer {

namespace {

registry& objects() {
  return registry::get();
}

void note_program(cl_program p, cl_context context, program_origin origin,
                  std::string source = {}) {
  if (!p) return;
  program_info info;
  info.origin = origin;
  info.context = context;
  if (origin == program_origin::source) info.label = program_label(source);
  info.source = std::make_shared<const std::string>(std::move(source));
  objects().add_program(p, std::move(info));
}

cl_program CL_API_CALL create_program_with_source(cl_context context, cl_uint count,
                                                  const char** strings, const size_t* lengths,
                                                  cl_int* errcode_ret) {
  cl_program p = clCreateProgramWithSource(context, count, strings, lengths, errcode_ret);
  if (p && strings) {
    std::string source;
    for (cl_uint i = 0; i < count; ++i) {
      if (!strings[i]) continue;
      source += lengths && lengths[i] ? std::string(strings[i], lengths[i]) : strings[i];
    }
    note_program(p, context, program_origin::source, std::move(source));
  }
  return p;
}

cl_program CL_API_CALL create_program_with_binary(cl_context context, cl_uint num_devices,
                                                  const cl_device_id* devices,
                                                  const size_t* lengths,
                                                  const unsigned char** binaries,
                                                  cl_int* binary_status, cl_int* errcode_ret) {
  cl_program p = below().clCreateProgramWithBinary(context, num_devices, devices, lengths, binaries,
                                                   binary_status, errcode_ret);
  note_program(p, context, program_origin::binary);
  return p;
}

cl_program CL_API_CALL create_program_with_il(cl_context context, const void* il, size_t length,
                                              cl_int* errcode_ret) {
  auto real = below_entry<create_program_with_il_fn>(&cl_icd_dispatch::clCreateProgramWithIL);
  cl_program p = real(context, il, length, errcode_ret);
  note_program(p, context, program_origin::il);
  return p;
}

cl_program CL_API_CALL create_program_with_builtin_kernels(cl_context context, cl_uint num_devices,
                                                           const cl_device_id* devices,
                                                           const char* kernel_names,
                                                           cl_int* errcode_ret) {
  cl_program p = below().clCreateProgramWithBuiltInKernels(context, num_devices, devices,
                                                           kernel_names, errcode_ret);
  note_program(p, context, program_origin::builtin_kernels);
  return p;
}

cl_int CL_API_CALL build_program(cl_program program, cl_uint num_devices,
                                 const cl_device_id* devices, const char* options,
                                 void(CL_CALLBACK* notify)(cl_program, void*), void* user_data) {
  objects().set_build_options(program, options ? options : "");
  return clBuildProgram(program, num_devices, devices, options, notify, user_data);
}

// A compiled program keeps its source and takes the compile's options; only a
// link of one such program keeps them (its headers are the application's files
// only when given by -I; embedded headers make the link unreadable to us).
cl_int CL_API_CALL compile_program(cl_program program, cl_uint num_devices,
                                   const cl_device_id* devices, const char* options,
                                   cl_uint num_headers, const cl_program* headers,
                                   const char** header_names,
                                   void(CL_CALLBACK* notify)(cl_program, void*), void* user_data) {
  objects().set_build_options(program, options ? options : "");
  return below().clCompileProgram(program, num_devices, devices, options, num_headers, headers,
                                  header_names, notify, user_data);
}

cl_program CL_API_CALL link_program(cl_context context, cl_uint num_devices,
                                    const cl_device_id* devices, const char* options,
                                    cl_uint num_programs, const cl_program* programs,
                                    void(CL_CALLBACK* notify)(cl_program, void*), void* user_data,
                                    cl_int* errcode_ret) {
  cl_program p = below().clLinkProgram(context, num_devices, devices, options, num_programs,
                                       programs, notify, user_data, errcode_ret);
  if (!p) return p;
  auto only = num_programs == 1 ? objects().program(programs[0]) : nullptr;
  if (only && only->origin == program_origin::source)
    objects().add_program(p, *only);  // one source, compiled then linked: as a build
  else
    note_program(p, context, program_origin::linked);
  return p;
}

std::string kernel_name(cl_kernel k) {
  std::size_t n = 0;
  if (clGetKernelInfo(k, CL_KERNEL_FUNCTION_NAME, 0, nullptr, &n) != CL_SUCCESS || !n) return {};
  std::string name(n, '\0');
  clGetKernelInfo(k, CL_KERNEL_FUNCTION_NAME, n, name.data(), nullptr);
  while (!name.empty() && name.back() == '\0') name.pop_back();
  return name;
}

cl_kernel CL_API_CALL create_kernel(cl_program program, const char* name, cl_int* errcode_ret) {
  cl_kernel k = clCreateKernel(program, name, errcode_ret);
  if (k) objects().add_kernel(k, name, program);
  return k;
}

cl_int CL_API_CALL create_kernels_in_program(cl_program program, cl_uint num_kernels,
                                             cl_kernel* kernels, cl_uint* num_kernels_ret) {
  const cl_int err =
      below().clCreateKernelsInProgram(program, num_kernels, kernels, num_kernels_ret);
  if (err == CL_SUCCESS && kernels)
    for (cl_uint i = 0; i < num_kernels; ++i)
      if (kernels[i]) objects().add_kernel(kernels[i], kernel_name(kernels[i]), program);
  return err;
}

cl_kernel CL_API_CALL clone_kernel(cl_kernel source, cl_int* errcode_ret) {
  cl_kernel k = below_entry<clone_kernel_fn>(&cl_icd_dispatch::clCloneKernel)(source, errcode_ret);
  if (k) objects().copy_kernel(source, k);
  return k;
}

cl_int CL_API_CALL set_kernel_arg(cl_kernel kernel, cl_uint index, size_t size, const void* value) {
  const cl_int err = clSetKernelArg(kernel, index, size, value);
  if (err != CL_SUCCESS) return err;
  kernel_arg a;
  a.set = true;
  if (value) {
    const auto* bytes = static_cast<const unsigned char*>(value);
    a.value.assign(bytes, bytes + size);
  } else {
    a.local = true;
    a.local_bytes = size;
  }
  objects().set_arg(kernel, index, std::move(a));
  return err;
}

cl_int CL_API_CALL set_kernel_arg_svm_pointer(cl_kernel kernel, cl_uint index, const void* value) {
  auto real =
      below_entry<set_kernel_arg_svm_pointer_fn>(&cl_icd_dispatch::clSetKernelArgSVMPointer);
  const cl_int err = real(kernel, index, value);
  if (err == CL_SUCCESS) {
    kernel_arg a;
    a.set = a.svm = true;
    objects().set_arg(kernel, index, std::move(a));
  }
  return err;
}

void note_buffer(cl_mem m, cl_context context, cl_mem_flags flags, size_t size, void* host_ptr) {
  if (!m) return;
  buffer_info info;
  info.context = context;
  info.bytes = size;
  info.flags = flags;
  info.host_ptr = (flags & CL_MEM_USE_HOST_PTR) ? host_ptr : nullptr;
  objects().add_buffer(m, info);
}

cl_mem CL_API_CALL create_buffer(cl_context context, cl_mem_flags flags, size_t size,
                                 void* host_ptr, cl_int* errcode_ret) {
  cl_mem m = clCreateBuffer(context, flags, size, host_ptr, errcode_ret);
  note_buffer(m, context, flags, size, host_ptr);
  return m;
}

cl_mem CL_API_CALL create_buffer_with_properties(cl_context context, const cl_ulong* properties,
                                                 cl_mem_flags flags, size_t size, void* host_ptr,
                                                 cl_int* errcode_ret) {
  auto real =
      below_entry<create_buffer_with_properties_fn>(&cl_icd_dispatch::clCreateBufferWithProperties);
  cl_mem m = real(context, properties, flags, size, host_ptr, errcode_ret);
  note_buffer(m, context, flags, size, host_ptr);
  return m;
}

cl_mem CL_API_CALL create_sub_buffer(cl_mem parent, cl_mem_flags flags, cl_buffer_create_type type,
                                     const void* create_info, cl_int* errcode_ret) {
  cl_mem m = below().clCreateSubBuffer(parent, flags, type, create_info, errcode_ret);
  auto p = m ? objects().buffer(parent) : std::nullopt;
  if (p && type == CL_BUFFER_CREATE_TYPE_REGION && create_info) {
    const auto* region = static_cast<const cl_buffer_region*>(create_info);
    buffer_info info = *p;
    info.bytes = region->size;
    info.offset = p->offset + region->origin;
    info.flags = flags;
    objects().add_buffer(m, info);
  }
  return m;
}

}  // namespace

void intercept_objects(cl_icd_dispatch& t) {
  t.clCreateProgramWithSource = create_program_with_source;
  t.clCreateProgramWithBinary = create_program_with_binary;
  t.clCreateProgramWithIL = reinterpret_cast<void*>(create_program_with_il);
  t.clCreateProgramWithBuiltInKernels = create_program_with_builtin_kernels;
  t.clBuildProgram = build_program;
  t.clCompileProgram = compile_program;
  t.clLinkProgram = link_program;
  t.clCreateKernel = create_kernel;
  t.clCreateKernelsInProgram = create_kernels_in_program;
  t.clCloneKernel = reinterpret_cast<void*>(clone_kernel);
  t.clSetKernelArg = set_kernel_arg;
  t.clSetKernelArgSVMPointer = reinterpret_cast<void*>(set_kernel_arg_svm_pointer);
  t.clCreateBuffer = create_buffer;
  t.clCreateBufferWithProperties = reinterpret_cast<void*>(create_buffer_with_properties);
  t.clCreateSubBuffer = create_sub_buffer;
}

}  // namespace ampcl::layer
