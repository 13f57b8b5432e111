// What the translation of one C++ AMP source produces: its kernels in OpenCL C,
// with what the host needs to launch each, or the errors that stopped it.
#pragma once

#include <string>
#include <vector>

namespace ampcl::translate {

// How the host passes one kernel parameter (kernel_registry.h's kernel_param).
struct host_param {
  enum class kind { bytes, view, image_read, image_write, sampler };
  kind what = kind::bytes;
  unsigned arg = 0;  // the kernel entry's argument the path starts at
  struct step {
    unsigned offset = 0;
    bool deref = false;
  };
  std::vector<step> path;
  unsigned size = 0;  // bytes: how many; view: offset of the core handle in the view;
                      // image_*: the image's rank
};

struct kernel_out {
  std::string functor;  // typeid(F).name() of the functor
  std::string entry;    // "kernel_entry<2>", "tiled_kernel_entry<16,16,0>"
  unsigned functor_size = 0;
  std::string name;     // of the __kernel
  std::string source;   // OpenCL C 1.2
  std::vector<host_param> params;
};

// A compiler-style message: file:line:column: severity: text.
struct diagnostic {
  std::string file;
  unsigned line = 0, column = 0;
  bool error = true;
  std::string text;
  std::string format() const;
};

struct translation {
  std::string source_file;
  std::vector<kernel_out> kernels;
  std::vector<diagnostic> diagnostics;  // the translator's own (Clang's are printed as they come)
  unsigned clang_errors = 0;            // those Clang printed
  bool ok = false;
};

}  // namespace ampcl::translate
