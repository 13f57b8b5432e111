#!/usr/bin/env bash
# Validation of the race checker's OpenCL layer on real OpenCL programs written
# by others: PolyBench/ACC's OpenCL versions (each compares its device results
# with its own CPU reference) and Rodinia 3.1's OpenCL versions (the checked
# run's output is compared with the plain run's). Each program is built, run
# alone and under `ampcl-racecheck --`, and a table says per program: output
# still correct, hazards reported, kernels not checked (with the reason) and
# the whole-program slowdown. With --plant, a barrier is removed from some
# Rodinia kernels and the checker must report the kernel.
#
#   scripts/validate_layer.sh [--plant] [--only NAME,...] [--size mini|small|standard]
#
# AMPCL_DEVICE   the device filter (as for ampcl): picks the OpenCL vendor ICD the
#                programs see (OCL_ICD_VENDORS), since they choose their own device;
#                pocl (default) or nvidia, ...
# AMPCL_VALIDATION_ICD    the ICD file to use instead of the one found in
#                /etc/OpenCL/vendors (a machine whose driver is not registered there)
# AMPCL_VALIDATION_CACHE  where the suites are (default ~/.cache/ampcl-validation):
#                polybench-acc/ and gpu-rodinia/ checkouts, cloned there when
#                missing (the suites are never part of this repository; their
#                licences are in their checkouts).
# AMPCL_BUILD_DIR        ampcl's build (default build/).
# Results go to $AMPCL_VALIDATION_OUT (default ./validation-layer-<device>/):
# table.md, and per program its outputs and reports.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${AMPCL_BUILD_DIR:-$root/build}
racecheck=$build/debug/tool/ampcl-racecheck
cache=${AMPCL_VALIDATION_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/ampcl-validation}
device=${AMPCL_DEVICE:-pocl}
out=${AMPCL_VALIDATION_OUT:-$PWD/validation-layer-$device}
plant=0 only="" size=mini
while [ $# -gt 0 ]; do
  case $1 in
    --plant) plant=1 ;;
    --only) only=$2; shift ;;
    --size) size=$2; shift ;;
    *) echo "usage: $0 [--plant] [--only NAME,...] [--size mini|small|standard]" >&2; exit 2 ;;
  esac
  shift
done
[ -x "$racecheck" ] || { echo "error: no $racecheck: build ampcl first (scripts/build.sh)" >&2; exit 2; }

# The suites, at the commits this validation was made with.
. "$root/scripts/validation_suites.sh"
fetch_validation_suites

# The programs see only the vendor ICD that matches the device filter.
icd=${AMPCL_VALIDATION_ICD:-}
[ -n "$icd" ] || icd=$(grep -il -- "$device" /etc/OpenCL/vendors/*.icd 2>/dev/null | head -1)
[ -n "$icd" ] || icd=$(ls /etc/OpenCL/vendors/*"$device"*.icd 2>/dev/null | head -1)
[ -n "$icd" ] || { echo "error: no ICD in /etc/OpenCL/vendors matches '$device'" >&2; exit 2; }
export OCL_ICD_VENDORS=$icd
case $device in *gpu*|*nvidia*|*amd*|*intel*) cl_type=CL_DEVICE_TYPE_GPU ;; *) cl_type=CL_DEVICE_TYPE_ALL ;; esac

# The suites are OpenCL 1.x programs.
cl_flags="-DCL_TARGET_OPENCL_VERSION=120 -DCL_USE_DEPRECATED_OPENCL_1_1_APIS -DCL_USE_DEPRECATED_OPENCL_1_2_APIS"

mkdir -p "$out"
work=$out/work
rm -rf "$work"
mkdir -p "$work"
table=$out/table.md
{
  echo "| program | output correct | hazards reported | not checked | plain (s) | checked (s) | slowdown |"
  echo "| --- | --- | --- | --- | ---: | ---: | ---: |"
} >"$table"

wanted() { [ -z "$only" ] || [[ ",$only," == *",$1,"* ]]; }
seconds() { date +%s.%N; }

# hazards and not-checked kernels of a text report, as one cell each
summarize() {
  local report=$1
  hazards=$(grep -oE "error: [a-z-]+ on [^[]*\[ampcl\.[a-z-]+\]" "$report" | grep -v not-checked |
            sed -E "s/error: ([a-z-]+) on .* in kernel '([^']*)'.*/\1 (\2)/" | sort | uniq -c |
            awk '{c=$1; $1=""; printf "%s%s x%d", (n++ ? "; " : ""), substr($0,2), c}')
  unchecked=$(grep -oE "kernel '[^']*' was not checked \([a-z-]+\)" "$report" |
              sed -E "s/kernel '([^']*)' was not checked \(([a-z-]+)\)/\1: \2/" | sort -u | paste -sd ';' -)
  [ -n "$hazards" ] || hazards=none
  [ -n "$unchecked" ] || unchecked=none
}

# The output without its timings (Rodinia's "Exec: 12.3" lines, gaussian's table row).
untimed() {
  grep -vE "^(Init|MemAlloc|HtoD|Exec|DtoH|Close|Total): |^[0-9]+x[0-9]+ |[Tt]ime|second"
}

# run_case NAME DIR CHECK -- COMMAND...
#   CHECK: a grep -E pattern the plain and the checked output must both match
#   ("same" compares the checked output with the plain one, timing lines aside)
run_case() {
  local name=$1 dir=$2 check=$3
  shift 4
  local log=$out/$name
  mkdir -p "$log"
  echo "== $name" >&2
  local t0 t1 t2
  t0=$(seconds)
  (cd "$dir" && timeout 1800 "$@") >"$log/plain.out" 2>"$log/plain.err"
  local plain_status=$?
  t1=$(seconds)
  (cd "$dir" && timeout 3600 "$racecheck" --output "$log/report.txt" -- "$@") \
    >"$log/checked.out" 2>"$log/checked.err"
  local status=$?
  t2=$(seconds)
  local correct
  if [ $plain_status -ne 0 ]; then
    correct="plain run failed ($plain_status)"
  elif [ "$check" = same ]; then
    if diff <(untimed <"$log/plain.out") <(untimed <"$log/checked.out") >"$log/output.diff"; then
      correct=yes
    else
      correct="NO (see $name/output.diff)"
    fi
  elif grep -qE "$check" "$log/checked.out" && grep -qE "$check" "$log/plain.out"; then
    correct=yes
  else
    correct="NO"
  fi
  summarize "$log/report.txt"
  local plain checked
  plain=$(echo "$t1 - $t0" | bc)
  checked=$(echo "$t2 - $t1" | bc)
  printf "| %s | %s | %s | %s | %.2f | %.2f | %.1fx |\n" "$name" "$correct" "$hazards" \
    "$unchecked" "$plain" "$checked" "$(echo "$checked / $plain" | bc -l)" >>"$table"
  echo "   exit $status; output correct: $correct; hazards: $hazards; not checked: $unchecked" >&2
}

# ---- PolyBench/ACC, OpenCL ----------------------------------------------------
pb=$cache/polybench-acc/OpenCL
pb_size=$(echo "$size" | tr a-z A-Z)_DATASET
for src in $(cd "$pb" && ls -d */*/*.c */*/*/*.c 2>/dev/null | sort); do
  dir=$(dirname "$src")
  name=polybench/$(basename "$dir")
  wanted "$(basename "$dir")" || continue
  [ -f "$pb/${src%.c}.cl" ] || continue
  bdir=$work/$name
  mkdir -p "$bdir"
  cp "$pb/$dir"/*.cl "$bdir/"
  # (the program includes polybench.c itself)
  if ! gcc -O2 -w $cl_flags -D$pb_size -DOPENCL_DEVICE_SELECTION=$cl_type -I"$pb/utilities" -I"$pb/$dir" \
       "$pb/$src" -o "$bdir/prog" -lOpenCL -lm 2>"$bdir/build.log"; then
    echo "| $name | build failed | | | | | |" >>"$table"
    continue
  fi
  run_case "$name" "$bdir" "(Non-Matching CPU-GPU Outputs Beyond Error Threshold of [0-9.]+ Percent|Number of misses): 0\$" -- ./prog
done

# ---- Rodinia 3.1, OpenCL ------------------------------------------------------
rd=$cache/gpu-rodinia/opencl
rodinia_build() {  # NAME: copies the sources to the work folder and builds prog there
  local name=$1 bdir=$work/rodinia/$1
  rm -rf "$bdir"
  mkdir -p "$bdir"
  cp -r "$rd/$name"/. "$bdir/"
  cp -r "$rd/util" "$work/rodinia/util" 2>/dev/null
  local flags="-O2 -w $cl_flags -I$work/rodinia/util -DTIMING"
  (cd "$bdir" && case $name in
    pathfinder) g++ $flags -DBENCH_PRINT -std=gnu++14 main.cpp OpenCL.cpp ../util/timing.c -o prog -lOpenCL ;;
    nw) g++ $flags -DTRACEBACK nw.c ../util/timing.c -o prog -lOpenCL ;;
    backprop) g++ $flags -c backprop.c imagenet.c facetrain.c &&
              g++ $flags backprop_ocl.cpp ../util/timing.c backprop.o imagenet.o facetrain.o -o prog -lOpenCL -lm ;;
    gaussian) g++ $flags -fopenmp clutils.cpp gaussianElim.cpp utils.cpp -o prog -lOpenCL ;;
    lud) g++ $flags -Icommon ocl/lud.cpp common/common.c ../util/timing.c -o prog -lOpenCL ;;
  esac) >"$bdir/build.log" 2>&1
}

# Each planted bug removes one barrier whose removal makes a race (not every
# barrier's does: a later barrier may order the same accesses).
declare -A rodinia_plant=(
  [pathfinder]=kernels.cl:57     # between the loads into prev[] and the first step's reads
  [nw]=nw.cl:87                  # inside the first wavefront loop of nw_kernel1
  [backprop]=backprop_kernel.cl:48  # inside the reduction loop of bpnn_layerforward_ocl
  [lud]=lud_kernel.cl:17         # after lud_diagonal loads its tile into shadow[]
)
plant_bug() {  # NAME FILE:LINE
  local file=$work/rodinia/$1/${2%%:*} line=${2##*:}
  if ! sed -n "${line}p" "$file" | grep -q "barrier("; then
    echo "error: $2 of $1 holds no barrier (another version of Rodinia?)" >&2
    return 1
  fi
  sed -i "${line}s/barrier(/(void)(/" "$file"
  echo "   planted: removed the barrier at $2" >&2
}

declare -A rodinia_args=(
  [pathfinder]="-c 2000 -r 40 -h 10"
  [nw]="256 10 ./nw.cl -p 0 -d 0"  # then result.txt is printed (below)
  [backprop]="-n 4096"
  [gaussian]="-s 64"
  [lud]="-s 256 -v -p 0 -d 0"
)
for name in pathfinder nw backprop gaussian lud; do
  wanted "$name" || continue
  if ! rodinia_build "$name"; then
    echo "| rodinia/$name | build failed | | | | | |" >>"$table"
    continue
  fi
  # Programs that write their results to a file print it after (through a shell:
  # the checker follows the program's children).
  run=(./prog ${rodinia_args[$name]})
  [ "$name" = nw ] && run=(sh -c "./prog ${rodinia_args[$name]} && cat result.txt")
  run_case "rodinia/$name" "$work/rodinia/$name" same -- "${run[@]}"
  where=${rodinia_plant[$name]:-}
  if [ $plant = 1 ] && [ -n "$where" ] && plant_bug "$name" "$where"; then
    run_case "rodinia/$name+bug@$where" "$work/rodinia/$name" same -- "${run[@]}"
  fi
done

echo >&2
cat "$table"
echo
echo "Reports and outputs: $out"
echo "On a GPU: AMPCL_DEVICE=nvidia AMPCL_BUILD_DIR=$build $0 --plant --size small"
