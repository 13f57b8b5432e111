#!/bin/bash
# Splits the debug mode's cost (not a test): times the benchmark kernels natively and
# instrumented with variants of the shadow runtime that make families of hooks no-ops
# (cost_variants.py), through AMPCL_RACECHECK_RUNTIME. The docs' step-by-step costs
# (docs/performance.md, "The GPU path: what the checks cost") come from it.
#
# usage: bench/racecheck/cost_breakdown.sh [SIZES] [VARIANTS] [KERNELS]
#   defaults: "1024 4096", "base c1 c2 c3 c6", "sgemm_tiled tile_average"
# Environment: AMPCL_BUILD_DIR (default build), AMPCL_DEVICE, REPEAT (timed launches,
# default 10), TIMEOUT (seconds one run may take, default 120), OUT (default
# bench-out/cost_breakdown).
# Each line: kernel, size, native ms, then variant=ms(ratio to native); a variant
# whose run reported anything is flagged (its time measured something else), one
# past TIMEOUT shows no time. Where the device's program binaries are PTX and
# ptxas is found (PATH or /usr/local/cuda/bin), [rN]: the registers ptxas gives
# the kernel (sm_90; PTXAS_ARCH overrides), [rN sS] with S bytes of stack frame.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${AMPCL_BUILD_DIR:-$root/build}
out=${OUT:-$root/bench-out/cost_breakdown}
sizes=${1:-"1024 4096"} variants=${2:-"base c1 c2 c3 c6"} kernels=${3:-"sgemm_tiled tile_average"}
tool=$build/tools/racecheck/ampcl-racecheck
[ -x "$tool" ] || { echo "no ampcl-racecheck under '$build' (set AMPCL_BUILD_DIR)" >&2; exit 2; }
mkdir -p "$out/sims" "$out/runtimes" "$out/reports"
python3 "$root/bench/racecheck/cost_variants.py" "$root/debug/runtime/shadow.clh" "$out/runtimes" >/dev/null
for n in $sizes; do "$root/bench/racecheck/make_sims.sh" "$out/sims" "$n" >/dev/null; done
ms() {  # mean ms of one timed launch, from the sim runner
  AMPCL_SIM_REPEAT=${REPEAT:-10} timeout -k 5 "${TIMEOUT:-120}" "$@" 2>&1 >/dev/null |
    grep -a 'ampcl-sim-time-ms' | tail -1 | awk '{print $2}'
}
ptxas=$(command -v ptxas || ls /usr/local/cuda/bin/ptxas 2>/dev/null || true)
regs() {  # [rN] for kernel $1 in the program cache $2 (instrumented if $3), or nothing
  [ -n "$ptxas" ] || return 0
  python3 - "$2" "$1" "${3:-}" "$out/ptx.ptx" <<'PY' || return 0
import pathlib, sys
cache, kernel, instrumented, dest = sys.argv[1], sys.argv[2], sys.argv[3] != "", sys.argv[4]
for f in pathlib.Path(cache).rglob("*"):
    b = f.read_bytes() if f.is_file() else b""
    if (".entry " + kernel).encode() in b and (b"__ampcl" in b) == instrumented:
        start = b.find(b"//\n// Generated")
        pathlib.Path(dest).write_bytes(b[max(start, 0):b.rfind(b"}") + 1] + b"\n")
        sys.exit(0)
sys.exit(1)
PY
  # [rN] registers, [rN sS] with S bytes of stack frame (a context kept in memory)
  "$ptxas" -v --gpu-name "${PTXAS_ARCH:-sm_90}" -o /dev/null "$out/ptx.ptx" 2>&1 |
    awk -v k="$1" '/Function properties for/ { mine = $NF == k } mine && /bytes stack frame/ { s = $1 }
         /Used [0-9]+ registers/ && !r { for (i = 1; i < NF; ++i) if ($i == "Used") r = $(i + 1) }
         END { if (r) printf "[r%s%s]", r, s ? " s" s : "" }'
}
for n in $sizes; do
  for k in $kernels; do
    sim=$out/sims/${k}_$n.sim
    cache=$out/cache/$k-$n-native
    native=$(AMPCL_CACHE_DIR=$cache ms "$tool" --run-sim "$sim")
    line="$k $n native=$native$(regs "$k" "$cache")"
    for v in $variants; do
      report=$out/reports/$k-$n-$v.json
      cache=$out/cache/$k-$n-$v
      rm -f "$report"
      t=$(AMPCL_CACHE_DIR=$cache AMPCL_RACECHECK_RUNTIME=$out/runtimes/$v.clh \
        ms "$tool" --format json -o "$report" "$sim")
      grep -q '"hazards": \[\]' "$report" 2>/dev/null || t="$t(reported-something:$report)"
      line="$line $v=$t($(awk -v a="${t%%(*}" -v b="$native" 'BEGIN { if (a > 0 && b > 0) printf "%.2fx", a / b }'))$(regs "$k" "$cache" instrumented)"
    done
    echo "$line" | tee -a "$out/times.txt"
  done
done
