#!/usr/bin/env bash
# Development aid until ampcl-c++ drives both passes: compiles C++ AMP source the
# way ampcl-c++'s host pass does (Clang 14, CUDA host mode, the compatibility
# headers), without translating kernels. Usage:
#   tools/amp-host-cxx.sh [--syntax-only|--translate-pass] [clang flags] file.cpp -o out
# Links against build/lib/libampcl.so, build/translate/libampcl_amp.so and oneTBB
# (AMPCL_BUILD_DIR overrides build/).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${AMPCL_BUILD_DIR:-$root/build}
res=$(clang++-14 -print-resource-dir)
mode=(--cuda-host-only)
case "${1:-}" in
  --syntax-only) mode=(--cuda-host-only -fsyntax-only); shift ;;
  --translate-pass) mode=(--cuda-device-only --cuda-gpu-arch=sm_70 -fsyntax-only -D__AMPCL_TRANSLATE__); shift ;;
esac
exec clang++-14 -x cuda "${mode[@]}" -nocudainc -nocudalib -nobuiltininc -isystem "$res/include" \
  -Wno-unknown-cuda-version -Wno-cuda-compat -fdeclspec -std=c++17 \
  -include "$root/include/ampcl/concurrency/restrict.h" \
  -I "$root/translate/include" -I "$root/include" -DCL_TARGET_OPENCL_VERSION=120 \
  "$@" -x none -L "$build/translate" -Wl,-rpath,"$build/translate" -L "$build/lib" \
  -Wl,-rpath,"$build/lib" -lampcl_amp -ltbb -lampcl -lOpenCL -lpthread
