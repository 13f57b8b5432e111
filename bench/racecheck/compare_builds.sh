#!/bin/bash
# Compares two builds of the debug mode in one run (not a test): the benchmark
# kernels native (the second build's runner), then instrumented by each build's
# ampcl-racecheck, in turn, for several rounds, so both see the same machine state.
#
# usage: bench/racecheck/compare_builds.sh BUILD_A BUILD_B [SIZES] [KERNELS]
#   defaults: "1024 4096", "tile_average sgemm_tiled"
# Environment: AMPCL_DEVICE, ROUNDS (default 3), REPEAT (timed launches; default 200
# for the tile average, 20 for the SGEMM, 5 for the SGEMM above 2048), OUT (default
# bench-out/compare_builds).
# Each line: round, kernel, size, native ms, then each build's ms (ratio to native).
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
[ $# -ge 2 ] || { echo "usage: $0 BUILD_A BUILD_B [SIZES] [KERNELS]" >&2; exit 2; }
a=$(cd "$1" && pwd) b=$(cd "$2" && pwd)
sizes=${3:-"1024 4096"} kernels=${4:-"tile_average sgemm_tiled"}
out=${OUT:-$root/bench-out/compare_builds}
for d in "$a" "$b"; do
  for f in tools/racecheck/ampcl-racecheck debug/instrument/ampcl-instrument; do
    [ -x "$d/$f" ] || { echo "no $f under '$d'" >&2; exit 2; }
  done
done
mkdir -p "$out/sims"
for n in $sizes; do "$root/bench/racecheck/make_sims.sh" "$out/sims" "$n" >/dev/null; done
plugin() { find "$1" -name libampcl_racecheck.so | head -1; }
ms() {  # REPEAT BUILD ARGS...: mean ms of one timed launch with BUILD's tool, plugin and library
  local repeat=$1 build=$2
  shift 2
  # The instrumenter too (it embeds the shadow runtime): a library finds the one of
  # the build tree it was built in, which for a build moved or copied is another's.
  AMPCL_INSTRUMENT_TOOL="$build/debug/instrument/ampcl-instrument" \
  AMPCL_RACECHECK_PLUGIN=$(plugin "$build") LD_LIBRARY_PATH="$build/lib:${LD_LIBRARY_PATH:-}" \
    AMPCL_SIM_REPEAT=$repeat timeout -k 5 300 "$build/tools/racecheck/ampcl-racecheck" "$@" 2>&1 >/dev/null |
    grep -a 'ampcl-sim-time-ms' | tail -1 | awk '{print $2}'
}
ratio() { python3 -c "import sys; print('%.4f (%.2fx)' % (float(sys.argv[1]), float(sys.argv[1]) / float(sys.argv[2])))" "$1" "$2" 2>/dev/null || echo "- (failed)"; }
echo "A = $a, B = $b"
for round in $(seq "${ROUNDS:-3}"); do
  for k in $kernels; do
    for n in $sizes; do
      r=${REPEAT:-200}
      if [ -z "${REPEAT:-}" ] && [ "$k" = sgemm_tiled ]; then r=20; [ "$n" -gt 2048 ] && r=5; fi
      sim=$out/sims/${k}_$n.sim
      nat=$(ms "$r" "$b" --run-sim "$sim")
      ta=$(ms "$r" "$a" "$sim")
      tb=$(ms "$r" "$b" "$sim")
      echo "round $round $k $n native $nat  A $(ratio "$ta" "$nat")  B $(ratio "$tb" "$nat")"
    done
  done
done
