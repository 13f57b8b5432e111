#!/bin/bash
# Race-check benchmark (not a test): the same kernels native, instrumented
# (ampcl-racecheck) and under Oclgrind (--data-races --uninitialized).
#  1. detections on the race corpus (tests/races), per hazard class: found/expected
#  2. kernel time of the tiled SGEMM and the tile average at each size, and the
#     slowdowns instrumented/native, oclgrind/native, oclgrind/instrumented
#
# Environment:
#   AMPCL_BUILD_DIR    prebuilt build tree (default: build-rc, else build)
#   AMPCL_NO_SETUP=1   never apt-get (Oclgrind is skipped when absent)
#   AMPCL_BENCH_OUT    output folder (default: bench-out/racecheck)
#   SIZES              problem sizes (default: "256 1024"; the GPU: "1024 2048 4096")
#   OCLGRIND_SIZES     sizes also run under Oclgrind (default: 128 256; slow)
#   REPEAT             timed launches per run (default 5)
#   DETECTIONS=0       skip part 1 (the corpus)
#   AMPCL_DEVICE       device filter, as for every ampcl program
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${AMPCL_BUILD_DIR:-}
[ -z "$build" ] && for b in "$root/build-rc" "$root/build"; do [ -x "$b/debug/tool/ampcl-racecheck" ] && build=$b && break; done
[ -d "$build" ] && build=$(cd "$build" && pwd)  # the corpus runs from tests/races
tool=$build/debug/tool/ampcl-racecheck
[ -x "$tool" ] || { echo "no ampcl-racecheck under '$build' (set AMPCL_BUILD_DIR)"; exit 2; }
plugin=$(find "$build" -name libampcl_racecheck.so | head -1)
export AMPCL_RACECHECK_PLUGIN=${AMPCL_RACECHECK_PLUGIN:-$plugin}
out=${AMPCL_BENCH_OUT:-$root/bench-out/racecheck}
mkdir -p "$out"
sizes=${SIZES:-"256 1024"}
grind_sizes=${OCLGRIND_SIZES:-"128 256"}
repeat=${REPEAT:-5}
oclgrind=$(command -v oclgrind-kernel || true)
if [ -z "$oclgrind" ] && [ "${AMPCL_NO_SETUP:-0}" != 1 ] && command -v apt-get >/dev/null; then
  apt-get install -y oclgrind >/dev/null 2>&1 && oclgrind=$(command -v oclgrind-kernel || true)
fi
[ -z "$oclgrind" ] && echo "Oclgrind not found: its columns are skipped (native vs instrumented only)."
incl="-I $root/kernels"
report=$out/racecheck_bench.md
: >"$report"
say() { echo "$@" | tee -a "$report"; }

# ---- 1. detections on the corpus ------------------------------------------------
if [ "${DETECTIONS:-1}" != 0 ]; then
classes="read-after-write write-after-read write-after-write fence-mismatch uninitialized-read barrier-divergence inter-tile-race out-of-bounds"
declare -A expected ampcl_found grind_found
for c in $classes; do expected[$c]=0 ampcl_found[$c]=0 grind_found[$c]=0; done
free_total=0 ampcl_false=0 grind_false=0
# Oclgrind's messages, by the class they correspond to.
grind_class() {
  case "$1" in
    *"Read-write data race"*) echo "read-after-write write-after-read" ;;
    *"Write-write data race"*) echo "write-after-write" ;;
    *"Uninitialized value"*|*"uninitialized"*) echo "uninitialized-read" ;;
    *"divergence"*) echo "barrier-divergence" ;;
    *"Invalid read"*|*"Invalid write"*|*"out-of-bounds"*) echo "out-of-bounds" ;;
  esac
}
for sim in "$root"/tests/races/*.sim; do
  name=$(basename "$sim" .sim)
  cl="$root/tests/races/$name.cl"
  want=$(grep -E '^// EXPECT: ' "$cl" | sed -E 's#^// EXPECT: ([a-z-]+).*#\1#' | sort -u | grep -v race-free)
  # EXPECT-ONE lines: one expectation, met by any of their classes (counted under the first)
  one=$(grep -E '^// EXPECT-ONE: ' "$cl" | sed -E 's#^// EXPECT-ONE: ([a-z-]+).*#\1#' | sort -u)
  json=$(cd "$root/tests/races" && "$tool" --format json "$name.sim" 2>/dev/null)
  got=$(echo "$json" | grep -o '"kind":"[a-z-]*"' | cut -d'"' -f4 | sort -u)
  if [ -n "$oclgrind" ]; then
    glog=$(cd "$root/tests/races" && timeout 300 "$oclgrind" --data-races --uninitialized --build-options "$incl" "$name.sim" 2>&1 >/dev/null)
    ggot=$(echo "$glog" | while read -r line; do grind_class "$line"; done | tr ' ' '\n' | sort -u)
  fi
  if [ -n "$one" ]; then
    first=$(echo "$one" | head -1)
    expected[$first]=$((expected[$first] + 1))
    for c in $one; do echo "$got" | grep -qx "$c" && { ampcl_found[$first]=$((ampcl_found[$first] + 1)); break; }; done
    if [ -n "$oclgrind" ]; then
      for c in $one; do echo "$ggot" | grep -q -- "-after-" && { grind_found[$first]=$((grind_found[$first] + 1)); break; }; done
    fi
  fi
  if [ -z "$want" ] && [ -z "$one" ]; then
    free_total=$((free_total + 1))
    [ -n "$got" ] && ampcl_false=$((ampcl_false + 1))
    [ -n "$oclgrind" ] && [ -n "$(echo "$glog" | grep -iE 'race|uninit|invalid|diverg')" ] && grind_false=$((grind_false + 1))
    continue
  fi
  for c in $want; do
    expected[$c]=$((expected[$c] + 1))
    echo "$got" | grep -qx "$c" && ampcl_found[$c]=$((ampcl_found[$c] + 1))
    if [ -n "$oclgrind" ]; then
      # Oclgrind has no inter-tile or fence classes: any race message counts.
      case $c in
        inter-tile-race|fence-mismatch) echo "$ggot" | grep -qE 'after|write-after' && grind_found[$c]=$((grind_found[$c] + 1)) ;;
        read-after-write|write-after-read) echo "$ggot" | grep -qE 'read-after-write|write-after-read' && grind_found[$c]=$((grind_found[$c] + 1)) ;;
        *) echo "$ggot" | grep -qx "$c" && grind_found[$c]=$((grind_found[$c] + 1)) ;;
      esac
    fi
  done
done
say "## Detections on tests/races ($(ls "$root"/tests/races/*.sim | wc -l) kernels)"
say ""
say "| hazard class | ampcl-racecheck | Oclgrind |"
say "| --- | --- | --- |"
for c in $classes; do
  g="-"; [ -n "$oclgrind" ] && g="${grind_found[$c]}/${expected[$c]}"
  say "| $c | ${ampcl_found[$c]}/${expected[$c]} | $g |"
done
g="-"; [ -n "$oclgrind" ] && g="$grind_false/$free_total"
say "| race-free kernels with a report (lower is better) | $ampcl_false/$free_total | $g |"
say ""
fi

# ---- 2. slowdowns ----------------------------------------------------------------
sim_ms() {  # kernel time (ms) of one timed launch: native or instrumented
  local mode=$1 sim=$2
  local args=(--run-sim "$sim")
  [ "$mode" = instrumented ] && args=(--format json -o /dev/null "$sim")
  AMPCL_SIM_REPEAT=$repeat "$tool" "${args[@]}" 2>&1 >/dev/null | grep -a 'ampcl-sim-time-ms' | tail -1 | awk '{print $2}'
}
grind_ms() {  # whole oclgrind-kernel run (its compile is small next to the simulation)
  local sim=$1 t0 t1
  t0=$(date +%s.%N)
  (cd "$(dirname "$sim")" && timeout 3000 "$oclgrind" --data-races --uninitialized --build-options "$incl" "$(basename "$sim")" >/dev/null 2>&1)
  t1=$(date +%s.%N)
  awk "BEGIN{printf \"%.1f\", ($t1 - $t0) * 1000}"
}
ratio() { awk "BEGIN{ if ($2 > 0 && $1 > 0) printf \"%.1fx\", $1 / $2; else print \"-\" }"; }
say "## Kernel time (ms per launch; instrumented includes shadow setup and read-back)"
say ""
say "| kernel | n | native | instrumented | Oclgrind | instr/native | oclgrind/native | oclgrind/instr |"
say "| --- | --- | --- | --- | --- | --- | --- | --- |"
all_sizes=$(echo "$sizes $([ -n "$oclgrind" ] && echo "$grind_sizes")" | tr ' ' '\n' | sort -n -u)
for n in $all_sizes; do
  "$root/bench/racecheck/make_sims.sh" "$out/sims" "$n"
  for k in sgemm_tiled tile_average; do
    sim=$out/sims/${k}_$n.sim
    nat=$(sim_ms native "$sim"); ins=$(sim_ms instrumented "$sim")
    grind="-"
    if [ -n "$oclgrind" ] && echo " $grind_sizes " | grep -q " $n "; then grind=$(grind_ms "$sim"); fi
    say "| $k | $n | ${nat:--} | ${ins:--} | $grind | $(ratio "${ins:-0}" "${nat:-0}") | $(ratio "${grind/-/0}" "${nat:-0}") | $(ratio "${grind/-/0}" "${ins:-0}") |"
  done
done
say ""
say "Device: $(AMPCL_SIM_REPEAT=0 "$tool" --version 2>/dev/null | head -1); results in $report"
