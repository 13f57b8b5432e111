// Which __global pointer parameters of a generated kernel it never writes.
//
// C++ AMP code often captures an array_view<T> (not array_view<const T>) that the
// kernel only reads. The runtime takes a parameter without `const` as written: the
// device copy becomes the only current one, and the host copy is replaced by it at
// the next host access or when the last view of the data source goes. That costs a
// copy back, and where the program changed the same host memory through another
// view meanwhile (AMD Bolt's remove_if: an input view and an output view over one
// std::vector), it puts the old data back over the new. A parameter the kernel
// never writes is declared `const`, so the launch leaves the host copy current.
//
// The proof is LLVM's: the kernel is compiled to IR in process (Clang, OpenCL C
// 1.2, SPIR), every function inlined into it (OpenCL C has no recursion), and
// optimized at -O2, whose FunctionAttrs pass marks an argument `readonly` only when
// nothing the kernel does can store through it (atomics, stores, calls to functions
// without a body all count as writes). Anything short of a full answer (a build
// error, a missing kernel) leaves every parameter as it was.
#pragma once

#include <string>
#include <vector>

namespace ampcl::translate {

// One entry per parameter of `kernel` in `source`: true where it is a __global
// pointer the kernel provably never writes through. Empty when the analysis could
// not run (the caller then changes nothing). `resource_dir` is Clang's (for
// opencl-c-base.h).
std::vector<bool> read_only_global_params(const std::string& source, const std::string& kernel,
                                          const std::string& resource_dir);

}  // namespace ampcl::translate
