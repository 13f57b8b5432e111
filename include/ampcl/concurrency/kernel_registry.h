// The contract between ampcl-c++'s translation and the host: for every kernel
// the translator wrote, the OpenCL C source and how the host passes each of its
// parameters. The translator emits these tables (compiled into the object file,
// registered at start-up); parallel_for_each finds its kernel by the functor's
// type and launches it (translate/runtime/kernel_registry.cpp).
#pragma once

#include <cstddef>
#include <typeinfo>

#include <ampcl/detail/accelerator_fwd.hpp>

namespace Concurrency {
namespace __ampcl {

// One step from an entry argument to a kernel parameter's bytes: add `offset`;
// then, if `deref`, continue from the pointer stored there (a reference member).
struct path_step {
  unsigned offset;
  bool deref;
};

// One kernel parameter, as the host passes it.
struct kernel_param {
  enum kind_t : unsigned char {
    bytes,  // `size` bytes at the address, by value
    view,   // the array or array_view at the address: its buffer (`size` is the
            // offset of its core handle in it)
    image_read,   // the texture's image handle at the address (amp_graphics.h), as a
    image_write,  // __read_only / __write_only image of rank `size`
    sampler,      // the sampler's handle at the address
  };
  kind_t kind;
  unsigned char arg;        // which argument of the kernel entry the path starts at
  unsigned char path_len;
  const path_step* path;
  unsigned size;
};

// One kernel: an instantiation of a kernel entry for one functor type.
struct kernel_desc {
  const char* functor;      // the functor's type as typeid(F).name() spells it
  const char* entry;        // the entry and its template arguments: "kernel_entry<2>"
  unsigned functor_size;    // sizeof(F) as the translator laid F out
  const char* kernel_name;  // the __kernel in `source`
  const char* source;       // OpenCL C 1.2, with #line directives to the C++ source
  const char* source_name;  // the C++ file, for messages and reports
  const kernel_param* params;
  unsigned param_count;
};

// Adds a translation unit's kernels (called by a static object in each one).
void register_kernels(const kernel_desc* kernels, std::size_t count);
struct registrar {
  registrar(const kernel_desc* kernels, std::size_t count) { register_kernels(kernels, count); }
};

// A registered kernel, compiled on first use per device.
class kernel_handle;
// The kernel for functor type `functor` and `entry`; throws a runtime_exception
// that says what to do when the source was not compiled by ampcl-c++.
const kernel_handle& find_kernel(const std::type_info& functor, const char* entry,
                                 std::size_t functor_size);

// Launches `k` over an NDRange of `rank` (1..3) dimensions of `ext` (AMP order),
// in tiles of `tile` (null when untiled), with the entry's arguments `args`.
// `view` null: the view of the first array the kernel uses, else the default one.
void launch(const kernel_handle& k, const ampcl::accelerator_view* view, const void* const* args,
            int rank, const int* ext, const int* tile);

}  // namespace __ampcl
}  // namespace Concurrency
