// The options of every OpenCL build of ampcl's, composed in one place: the
// runtime's program cache, the race checker's instrumented builds (debug/hook)
// and the ICD layer's (debug/layer) build through lib/programs/program_builder,
// which calls full_build_options, so that one's build is the others' disk cache
// entry.
#pragma once

#include <string>

namespace ampcl::detail {

// OpenCL C 1.2 (all NVIDIA compiles); argument info (launches check arguments
// against parameters); no warnings: a driver's compiler prints "1 warning
// generated." to the program's standard error by itself, and a successful build's
// warnings are read by no one (a failed build's log still has its errors).
inline constexpr const char* base_build_options = "-cl-std=CL1.2 -cl-kernel-arg-info -w";

// The options handed to clBuildProgram for a build with `options` (the kernel's
// definitions, the checker's): ampcl's own first, so that the caller's may
// override them.
inline std::string full_build_options(const std::string& options) {
  std::string all = base_build_options;
  if (!options.empty()) all += " " + options;
  return all;
}

}  // namespace ampcl::detail
