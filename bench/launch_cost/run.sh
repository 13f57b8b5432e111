#!/usr/bin/env bash
# ampcl's own host cost per launch, without the driver's: instructions and L1 data
# misses per parallel_for_each of resident arrays, counted by callgrind, with
# clEnqueueNDRangeKernel replaced by a stub that evicts L1 as a driver does.
# Counts, not seconds: repeatable on any x86 machine, whatever else it runs.
#
#   bench/launch_cost/run.sh [build dir]     (default build-bench; needs valgrind)
set -euo pipefail
build="${1:-build-bench}"
loop="$build/bench/ampcl-launch-loop"
stub="$build/bench/libampcl_enqueue_stub.so"
[[ -x "$loop" && -f "$stub" ]] || { echo "build $loop first (-DAMPCL_BUILD_BENCH=ON)"; exit 2; }
command -v valgrind >/dev/null || { echo "needs valgrind"; exit 2; }
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
launches=2000
printf "%6s %14s %14s %14s\n" args instructions "L1d read miss" "L1d write miss"
for n in 1 4 8 16; do
  # The stub's own work is left out: entering it turns collection off, leaving on.
  AMPCL_DEVICE="${AMPCL_DEVICE:-pocl}" LD_PRELOAD="$stub" valgrind --tool=callgrind \
    --cache-sim=yes --collect-atstart=no --toggle-collect=clEnqueueNDRangeKernel \
    --callgrind-out-file="$out/cg.$n" "$loop" "$n" "$launches" >/dev/null 2>&1
  awk -v n="$launches" -v a="$n" '
    /^events:/ { for (i = 2; i <= NF; ++i) col[$i] = i }
    /^summary:/ { printf "%6d %14.0f %14.1f %14.1f\n", a, $col["Ir"] / n, $col["D1mr"] / n, $col["D1mw"] / n }
  ' "$out/cg.$n"
done
