# Installs Clang's resource headers for ampcl-c++ and ampcl-instrument into
# <prefix>/<libdir>/ampcl/clang/<version>/include (run by cmake --install; see
# CMakeLists.txt here). Inputs: AMPCL_CLANG_BUILD_RESOURCE_DIR, the build machine's
# resource directory, and AMPCL_CLANG_INSTALL_RESOURCE_DIR, the destination.
#
# Which headers: all of include/ that Clang can reach on x86-64 Linux. The
# translator's host pass compiles ordinary C++ against libstdc++, which pulls in
# the x86 intrinsics (<random>: xmmintrin.h, emmintrin.h, pmmintrin.h with SSE3;
# user code: immintrin.h and the AVX-512 headers behind it), and the user may use
# <omp.h> or the sanitizer/, xray/, profile/, fuzzer/ interface headers; the
# instrumenter needs opencl-c.h and opencl-c-base.h. Left out (16 of 21 MB), as no
# x86-64 compile can reach them:
#   - other targets' intrinsics, each #error or empty unless compiling for that
#     target: ARM (arm_*.h, armintr.h, arm64intr.h), RISC-V (riscv_vector.h),
#     PowerPC (altivec.h, htm*.h, ppc_wrappers/), SystemZ (vecintrin.h,
#     s390intrin.h), Hexagon (hexagon_*.h, hvx_hexagon_protos.h), MIPS (msa.h),
#     WebAssembly (wasm_simd128.h);
#   - cuda_wrappers/ and __clang_cuda_*.h: the driver adds them only without
#     -nobuiltininc / -nocudainc, and ampcl-c++ always passes both;
#   - __clang_hip_*.h: HIP (-x hip) only;
#   - openmp_wrappers/: OpenMP offloading to a GPU only.
# The lib/ and share/ parts of the resource directory (compiler-rt, sanitizer
# ignore lists) are not from libclang-common-14-dev and the tools never read them:
# ampcl-c++ links with the system's C++ compiler.
set(_source "${AMPCL_CLANG_BUILD_RESOURCE_DIR}")
if(NOT EXISTS "${_source}/include/stddef.h" AND NOT "$ENV{AMPCL_CLANG_RESOURCE_DIR}" STREQUAL "")
  set(_source "$ENV{AMPCL_CLANG_RESOURCE_DIR}")  # a build tree carried to another machine
endif()
foreach(_header stddef.h opencl-c.h opencl-c-base.h)
  if(NOT EXISTS "${_source}/include/${_header}")
    message(FATAL_ERROR "ampcl: Clang's resource headers are not in ${_source}/include "
                        "(no ${_header}): install libclang-common-14-dev, or set "
                        "AMPCL_CLANG_RESOURCE_DIR to a Clang 14 resource directory")
  endif()
endforeach()
set(_destination "${AMPCL_CLANG_INSTALL_RESOURCE_DIR}")
if(NOT IS_ABSOLUTE "${_destination}")
  set(_destination "${CMAKE_INSTALL_PREFIX}/${_destination}")
endif()
file(INSTALL DESTINATION "${_destination}" TYPE DIRECTORY FILES "${_source}/include"
  PATTERN "arm_*.h" EXCLUDE
  PATTERN "armintr.h" EXCLUDE
  PATTERN "arm64intr.h" EXCLUDE
  PATTERN "riscv_*.h" EXCLUDE
  PATTERN "altivec.h" EXCLUDE
  PATTERN "htmintrin.h" EXCLUDE
  PATTERN "htmxlintrin.h" EXCLUDE
  PATTERN "ppc_wrappers" EXCLUDE
  PATTERN "vecintrin.h" EXCLUDE
  PATTERN "s390intrin.h" EXCLUDE
  PATTERN "hexagon_*.h" EXCLUDE
  PATTERN "hvx_hexagon_*.h" EXCLUDE
  PATTERN "msa.h" EXCLUDE
  PATTERN "wasm_*.h" EXCLUDE
  PATTERN "cuda_wrappers" EXCLUDE
  PATTERN "__clang_cuda_*.h" EXCLUDE
  PATTERN "__clang_hip_*.h" EXCLUDE
  PATTERN "openmp_wrappers" EXCLUDE)
