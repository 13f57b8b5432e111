#!/usr/bin/env bash
# Installs the build tree into a temporary prefix, then builds and runs a separate
# project against it with find_package(ampcl CONFIG REQUIRED), once with the shared
# and once with the static library; and checks pkg-config's view of the package.
# The Clang tools (ampcl-c++, ampcl-instrument) must work with the copy of Clang's
# headers installed with them: run.sh BUILD [BUILD_MACHINE_RESOURCE_DIR] hides the
# latter (a private mount namespace, where unshare allows) and checks which headers
# were read.
set -euo pipefail
build=$1
build_resource=${2:-}
source_dir=$(cd "$(dirname "$0")" && pwd)/project
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cmake --install "$build" --prefix "$work/prefix" >/dev/null
unset AMPCL_CLANG_RESOURCE_DIR  # the installed tools find their own Clang headers
"$work/prefix/bin/ampcl-info" >/dev/null  # runs from the prefix (rpath)
test -f "$work/prefix/include/ampcl/ampcl.hpp"
for link in ampcl ampcl_static; do
  cmake -S "$source_dir" -B "$work/build-$link" -DCMAKE_PREFIX_PATH="$work/prefix" \
        -DAMPCL_LINK=$link >/dev/null
  cmake --build "$work/build-$link" -j 2 >/dev/null
  LD_LIBRARY_PATH="$work/prefix/lib:${LD_LIBRARY_PATH:-}" "$work/build-$link/consumer"
done
# pkg-config alone is enough to build and run (the .pc file finds its own prefix).
flags=$(PKG_CONFIG_PATH="$work/prefix/lib/pkgconfig" pkg-config --cflags --libs ampcl)
g++ -std=c++17 -DKERNEL_FILE="\"$source_dir/square.cl\"" "$source_dir/main.cpp" $flags -lOpenCL \
    -o "$work/consumer-pkgconfig"
LD_LIBRARY_PATH="$work/prefix/lib:${LD_LIBRARY_PATH:-}" "$work/consumer-pkgconfig"
# Every installed shared library finds the libraries it needs beside it.
for lib in "$work"/prefix/lib/*.so; do
  readelf -d "$lib" | grep -q 'R.*PATH.*\$ORIGIN' || {
    echo "consumer: FAIL: $lib has no RUNPATH \$ORIGIN: $(readelf -d "$lib" | grep PATH)" >&2
    exit 1
  }
done
# C++ AMP: the installed ampcl-c++ alone, and through the CMake package.
if [ -x "$work/prefix/bin/ampcl-c++" ]; then
  "$work/prefix/bin/ampcl-c++" -O2 "$source_dir/../amp_project/squares.cpp" \
      "$source_dir/../amp_project/main.cpp" -o "$work/amp-direct"
  "$work/amp-direct"
  # A program that needs only libampcl_amp starts with no LD_LIBRARY_PATH.
  "$work/prefix/bin/ampcl-c++" "$source_dir/../amp_no_captures.cpp" -o "$work/amp-no-captures"
  env -u LD_LIBRARY_PATH "$work/amp-no-captures" || {
    echo "consumer: FAIL: a program linking only libampcl_amp does not start:" \
         "$(readelf -d "$work/amp-no-captures" | grep -E 'NEEDED|PATH')" >&2
    exit 1
  }
  cmake -S "$source_dir/../amp_project" -B "$work/build-amp" -DCMAKE_PREFIX_PATH="$work/prefix" >/dev/null
  cmake --build "$work/build-amp" -j 2 >/dev/null
  LD_LIBRARY_PATH="$work/prefix/lib:${LD_LIBRARY_PATH:-}" "$work/build-amp/amp_consumer"
fi

# Clang's resource headers: each installed tool uses the copy in the prefix.
clang_tools=()
for tool in ampcl-c++ ampcl-instrument; do
  if [ -x "$work/prefix/bin/$tool" ]; then clang_tools+=("$tool"); fi
done
fail() { echo "consumer: FAIL: $*" >&2; exit 1; }
for tool in "${clang_tools[@]}"; do
  dir=$("$work/prefix/bin/$tool" --print-resource-dir) || fail "$tool --print-resource-dir failed"
  case $dir in
    "$work/prefix"/*) ;;
    *) fail "installed $tool uses Clang's headers in $dir, not in the prefix $work/prefix" ;;
  esac
  for h in stddef.h stdarg.h opencl-c.h opencl-c-base.h xmmintrin.h immintrin.h; do
    [ -f "$dir/include/$h" ] || fail "$dir/include has no $h"
  done
done
# Runs "$@" with the build machine's resource directory hidden (an empty tmpfs over
# it) where a private mount namespace can be had, else as it is.
hidden=""
if [ -n "$build_resource" ] && [ -d "$build_resource" ] &&
   unshare -rm sh -c 'mount -t tmpfs none "$1"' sh "$build_resource" 2>/dev/null; then
  hidden=" (build machine's $build_resource hidden)"
fi
without_build_headers() {
  if [ -n "$hidden" ]; then
    unshare -rm sh -c 'mount -t tmpfs none "$1" && shift && exec "$@"' sh "$build_resource" "$@"
  else
    "$@"
  fi
}
if [ -x "$work/prefix/bin/ampcl-c++" ]; then
  # -H: Clang lists every header it reads; the resource headers come from the prefix.
  without_build_headers "$work/prefix/bin/ampcl-c++" -H -O2 \
      "$source_dir/../amp_project/squares.cpp" "$source_dir/../amp_project/main.cpp" \
      -o "$work/amp-own-headers" 2>"$work/headers.txt" || {
    cat "$work/headers.txt" >&2
    fail "the installed ampcl-c++ did not compile with its own Clang headers$hidden"
  }
  grep -q "^\.* $work/prefix/.*/ampcl/clang/.*/include/stddef.h" "$work/headers.txt" ||
    fail "ampcl-c++ read no stddef.h from the prefix (headers: $work/headers.txt)"
  if [ -n "$build_resource" ] && grep -qF " $build_resource/" "$work/headers.txt"; then
    fail "ampcl-c++ read the build machine's Clang headers: $(grep -F " $build_resource/" "$work/headers.txt" | head -3)"
  fi
  "$work/amp-own-headers"
fi
if [ -x "$work/prefix/bin/ampcl-instrument" ]; then
  printf '__kernel void k(__global int* a) { a[get_global_id(0)] = (int)get_local_id(0); }\n' \
      >"$work/k.cl"
  without_build_headers "$work/prefix/bin/ampcl-instrument" --kernel k --name k.cl \
      <"$work/k.cl" >"$work/instrumented.txt"
  [ "$(sed -n 2p "$work/instrumented.txt")" = 1 ] ||
    fail "the installed ampcl-instrument failed$hidden: $(head -c 2000 "$work/instrumented.txt")"
  # What it read is the prefix's opencl-c-base.h: a copy that stops the parse says so.
  instrument_dir=$("$work/prefix/bin/ampcl-instrument" --print-resource-dir)
  case $instrument_dir in
    "$work/prefix"/*) ;;
    *) fail "ampcl-instrument uses $instrument_dir" ;;  # never edit another's headers
  esac
  cp "$instrument_dir/include/opencl-c-base.h" "$work/opencl-c-base.h.orig"
  echo '#error "ampcl consumer test: the installed opencl-c-base.h was read"' \
      >>"$instrument_dir/include/opencl-c-base.h"
  "$work/prefix/bin/ampcl-instrument" --kernel k --name k.cl <"$work/k.cl" \
      >"$work/instrumented.txt" 2>&1 || true
  cp "$work/opencl-c-base.h.orig" "$instrument_dir/include/opencl-c-base.h"
  grep -q "the installed opencl-c-base.h was read" "$work/instrumented.txt" ||
    fail "ampcl-instrument did not read the prefix's opencl-c-base.h"
fi
# The installed race checker: its plugin runs the installed ampcl-instrument (a build
# tree's would not find Clang's headers with them hidden), so the kernel is checked.
if [ -x "$work/prefix/bin/ampcl-racecheck" ] && [ -x "$work/amp-own-headers" ]; then
  without_build_headers env -u AMPCL_INSTRUMENT_TOOL "$work/prefix/bin/ampcl-racecheck" -- \
      "$work/amp-own-headers" >"$work/racecheck.txt" 2>&1 ||
    fail "ampcl-racecheck failed$hidden: $(cat "$work/racecheck.txt")"
  if ! grep -q "ampcl-racecheck: no hazards found$" "$work/racecheck.txt"; then
    fail "ampcl-racecheck did not check the kernel$hidden: $(cat "$work/racecheck.txt")"
  fi
  clang_tools+=("ampcl-racecheck")
fi
echo "consumer: installed package works (shared, static, pkg-config, ampcl-c++;" \
     "${clang_tools[*]:-no Clang tools} with the prefix's Clang headers$hidden)"
