#!/usr/bin/env bash
# Installs the build tree into a temporary prefix, then builds and runs a separate
# project against it with find_package(ampcl CONFIG REQUIRED), once with the shared
# and once with the static library; and checks pkg-config's view of the package.
set -euo pipefail
build=$1
source_dir=$(cd "$(dirname "$0")" && pwd)/project
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cmake --install "$build" --prefix "$work/prefix" >/dev/null
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
# C++ AMP: the installed ampcl-c++ alone, and through the CMake package.
if [ -x "$work/prefix/bin/ampcl-c++" ]; then
  "$work/prefix/bin/ampcl-c++" -O2 "$source_dir/../amp_project/squares.cpp" \
      "$source_dir/../amp_project/main.cpp" -o "$work/amp-direct"
  "$work/amp-direct"
  cmake -S "$source_dir/../amp_project" -B "$work/build-amp" -DCMAKE_PREFIX_PATH="$work/prefix" >/dev/null
  cmake --build "$work/build-amp" -j 2 >/dev/null
  LD_LIBRARY_PATH="$work/prefix/lib:${LD_LIBRARY_PATH:-}" "$work/build-amp/amp_consumer"
fi
echo "consumer: installed package works (shared, static, pkg-config, ampcl-c++)"
