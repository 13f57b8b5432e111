#!/usr/bin/env bash
# How long the OpenCL driver takes to build a program's kernels plain and as the race
# checker instruments them (one program for the kernels without tile_static memory, one
# for each other kernel, as a checked run builds them), and with cheaper build options:
# where a cold checked run's time goes.
#
#   bench/racecheck/driver_build_time.sh FILE.cl [CLANG_OPTIONS]   e.g. lud.cl -DBLOCK_SIZE=16
#
# AMPCL_BUILD_DIR: ampcl's build (ampcl-instrument); the timer is built into a temporary
# folder with g++. On NVIDIA set CUDA_CACHE_DISABLE=1 as well (the timer already varies
# each source's first line so that no cache answers).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
[ $# -ge 1 ] || { sed -n '2,11p' "$0"; exit 2; }
file=$1
options=${2:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
g++ -O2 -pthread -o "$work/timer" "$root/bench/racecheck/driver_build_time.cpp" -lOpenCL
list=$("$root/bench/racecheck/instrument_kernels.sh" "$file" "$options" "$work")
mapfile -t all_kernels <<< "$list"
declare -A seen  # kernels instrumented together have one text: it is built once
instrumented=()
for f in "${all_kernels[@]}"; do
  sum=$(md5sum < "$f")
  [ -n "${seen[$sum]:-}" ] || { seen[$sum]=1; instrumented+=("$f"); }
done
echo "${#all_kernels[@]} kernels in $file, ${#instrumented[@]} instrumented programs"
for o in "" "-cl-nv-opt-level=0" "-cl-opt-disable"; do
  all="$options -w $o"
  "$work/timer" "$all" "$file"
  "$work/timer" "$all" "${instrumented[@]}"
done
"$work/timer" --concurrent "$options -w" "${instrumented[@]}"
