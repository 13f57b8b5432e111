// The options every OpenCL build of ampcl's starts with, in one place: the runtime's
// program cache, the race checker's instrumented builds (debug/hook) and the ICD
// layer's (debug/layer) use the same, so that the driver's cache finds one's build
// warm for the others.
#pragma once

namespace ampcl::detail {

// OpenCL C 1.2 (all NVIDIA compiles); argument info (launches check arguments
// against parameters); no warnings: a driver's compiler prints "1 warning
// generated." to the program's standard error by itself, and a successful build's
// warnings are read by no one (a failed build's log still has its errors).
inline constexpr const char* base_build_options = "-cl-std=CL1.2 -cl-kernel-arg-info -w";

}  // namespace ampcl::detail
