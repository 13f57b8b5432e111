#!/bin/bash
# Splits the debug mode's cost (not a test): times the benchmark kernels natively and
# instrumented with variants of the shadow runtime that make families of hooks no-ops
# (cost_variants.py), through AMPCL_RACECHECK_RUNTIME. The docs' step-by-step costs
# (docs/architecture.md, "What the GPU path costs") come from it.
#
# usage: bench/racecheck/cost_breakdown.sh [SIZES] [VARIANTS] [KERNELS]
#   defaults: "1024 4096", "base c1 c2 c3 c6", "sgemm_tiled tile_average"
# Environment: AMPCL_BUILD_DIR (default build), AMPCL_DEVICE, REPEAT (timed launches,
# default 10), OUT (default bench-out/cost_breakdown).
# Each line: kernel, size, native ms, then variant=ms(ratio to native); a variant
# whose run reported anything is flagged (its time measured something else).
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${AMPCL_BUILD_DIR:-$root/build}
out=${OUT:-$root/bench-out/cost_breakdown}
sizes=${1:-"1024 4096"} variants=${2:-"base c1 c2 c3 c6"} kernels=${3:-"sgemm_tiled tile_average"}
tool=$build/debug/tool/ampcl-racecheck
[ -x "$tool" ] || { echo "no ampcl-racecheck under '$build' (set AMPCL_BUILD_DIR)" >&2; exit 2; }
mkdir -p "$out/sims" "$out/runtimes" "$out/reports"
python3 "$root/bench/racecheck/cost_variants.py" "$root/debug/runtime/shadow.clh" "$out/runtimes" >/dev/null
for n in $sizes; do "$root/bench/racecheck/make_sims.sh" "$out/sims" "$n" >/dev/null; done
ms() {  # mean ms of one timed launch, from the sim runner
  AMPCL_SIM_REPEAT=${REPEAT:-10} "$@" 2>&1 >/dev/null | grep -a 'ampcl-sim-time-ms' | tail -1 | awk '{print $2}'
}
for n in $sizes; do
  for k in $kernels; do
    sim=$out/sims/${k}_$n.sim
    native=$(ms "$tool" --run-sim "$sim")
    line="$k $n native=$native"
    for v in $variants; do
      report=$out/reports/$k-$n-$v.json
      t=$(AMPCL_RACECHECK_RUNTIME=$out/runtimes/$v.clh ms "$tool" --format json -o "$report" "$sim")
      grep -q '"hazards": \[\]' "$report" 2>/dev/null || t="$t(reported-something:$report)"
      line="$line $v=$t($(awk -v a="${t%%(*}" -v b="$native" 'BEGIN { if (a > 0 && b > 0) printf "%.2fx", a / b }'))"
    done
    echo "$line" | tee -a "$out/times.txt"
  done
done
