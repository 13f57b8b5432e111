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
#   OCLGRIND_SIZES     sizes also run under Oclgrind (default: 128 256; slow; empty: none)
#   REPEAT             timed launches per run (default 5)
#   JOBS               corpus kernels checked at once in part 1 (default: the cores;
#                      the table is the same, only its wall time changes)
#   DETECTIONS=0       skip part 1 (the corpus)
#   AMPCL_DEVICE       device filter, as for every ampcl program
#
# The CUDA anchor (part 2's CUDA columns): the same two kernels in CUDA
# (bench/racecheck/cuda/, same sizes, launch shape and inputs), each run natively
# and under `compute-sanitizer --tool racecheck`, where a CUDA GPU is.
#   scripts/bench_racecheck.sh --build-cuda DIR
#                      builds the CUDA programs into DIR with nvcc (no GPU needed)
#                      and exits; carry DIR to the GPU machine and set CUDA_BIN=DIR
#   CUDA_BIN           the built programs (default: $AMPCL_BENCH_OUT/cuda-bin, built
#                      there first when it holds none and nvcc is found)
#   CUDA=0             no CUDA columns
#   CUDA_ARCH          the GPU architecture --build-cuda builds for (default sm_90: H100/H200)
#   NVCC, COMPUTE_SANITIZER  the tools (default: on PATH, else under /usr/local/cuda*)
#   SANITIZER_SIZES    sizes also run under compute-sanitizer (default: SIZES; empty: none)
#   SANITIZER_TIMEOUT  seconds one sanitizer run may take (default 300); a run past
#                      it is reported as "> N s" (its slowdown as a lower bound)
#   SANITIZER_REPEAT   timed launches under the sanitizer (default 1)
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/scripts/cuda_sanitizer.sh"
cuda_kernels="sgemm_tiled tile_average"

# build_cuda DIR: the CUDA programs, with nvcc, for $CUDA_ARCH (as validate_sanitizer.sh
# builds its programs: -lineinfo so that the sanitizer names source lines; the CUDA
# runtime linked statically, so DIR needs nothing beside it).
build_cuda() {
  local dest=$1 nvcc k
  nvcc=$(find_nvcc)
  [ -x "$nvcc" ] || { echo "error: no nvcc (set NVCC, or put the CUDA toolkit's bin on PATH)" >&2; return 2; }
  mkdir -p "$dest" || return 2
  for k in $cuda_kernels; do
    nice "$nvcc" -O3 -arch="${CUDA_ARCH:-sm_90}" -lineinfo -o "$dest/$k" "$root/bench/racecheck/cuda/$k.cu" ||
      { echo "error: $nvcc could not build $k.cu" >&2; return 2; }
  done
  {
    echo "built $(date -u +%Y-%m-%dT%H:%M:%SZ) for ${CUDA_ARCH:-sm_90} from $(git -C "$root" rev-parse --short HEAD 2>/dev/null)"
    "$nvcc" --version | tail -2
  } >"$dest/BUILD_INFO"
  echo "built $cuda_kernels into $dest" >&2
}
if [ "${1:-}" = --build-cuda ]; then
  [ -n "${2:-}" ] || { echo "usage: $0 --build-cuda DIR" >&2; exit 2; }
  build_cuda "$2"
  exit
fi
[ $# -eq 0 ] || { echo "usage: $0 [--build-cuda DIR] (the rest is set by environment variables: see the header)" >&2; exit 2; }
build=${AMPCL_BUILD_DIR:-}
[ -z "$build" ] && for b in "$root/build-rc" "$root/build"; do [ -x "$b/tools/racecheck/ampcl-racecheck" ] && build=$b && break; done
[ -d "$build" ] && build=$(cd "$build" && pwd)  # the corpus runs from tests/races
tool=$build/tools/racecheck/ampcl-racecheck
[ -x "$tool" ] || { echo "no ampcl-racecheck under '$build' (set AMPCL_BUILD_DIR)"; exit 2; }
plugin=$(find "$build" -name libampcl_racecheck.so | head -1)
export AMPCL_RACECHECK_PLUGIN=${AMPCL_RACECHECK_PLUGIN:-$plugin}
out=${AMPCL_BENCH_OUT:-$root/bench-out/racecheck}
mkdir -p "$out"
sizes=${SIZES:-"256 1024"}
grind_sizes=${OCLGRIND_SIZES-"128 256"}  # set and empty: no Oclgrind runs
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
kernels_total=0 not_checked=0  # kernels whose report says (part of) them went unchecked
misses=()  # ampcl's misses and false reports, by kernel
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
# Each kernel's report first, several at once (a GPU run of the corpus one by one
# takes over four minutes), then the tally in order.
reports=$out/corpus-reports
rm -rf "$reports" && mkdir -p "$reports"
(cd "$root/tests/races" && ls -- *.sim | xargs -P "${JOBS:-$(nproc)}" -I{} \
  sh -c '"$1" --format json "$2" >"$3/$2.json" 2>/dev/null; true' _ "$tool" {} "$reports")
for sim in "$root"/tests/races/*.sim; do
  name=$(basename "$sim" .sim)
  cl="$root/tests/races/$name.cl"
  want=$(grep -E '^// EXPECT: ' "$cl" | sed -E 's#^// EXPECT: ([a-z-]+).*#\1#' | sort -u | grep -v race-free)
  # EXPECT-ONE lines: one expectation, met by any of their classes (counted under the first)
  one=$(grep -E '^// EXPECT-ONE: ' "$cl" | sed -E 's#^// EXPECT-ONE: ([a-z-]+).*#\1#' | sort -u)
  json=$(cat "$reports/$name.sim.json")
  got=$(echo "$json" | grep -o '"kind":"[a-z-]*"' | cut -d'"' -f4 | sort -u)
  kernels_total=$((kernels_total + 1))
  if [ -z "$json" ] || echo "$got" | grep -qx not-checked; then
    not_checked=$((not_checked + 1))
    misses+=("$name: not checked: $(echo "$json" | grep -o '"reason":"[^"]*"' | head -1)")
  fi
  if [ -n "$oclgrind" ]; then
    glog=$(cd "$root/tests/races" && timeout 300 "$oclgrind" --data-races --uninitialized --build-options "$incl" "$name.sim" 2>&1 >/dev/null)
    ggot=$(echo "$glog" | while read -r line; do grind_class "$line"; done | tr ' ' '\n' | sort -u)
  fi
  if [ -n "$one" ]; then
    first=$(echo "$one" | head -1)
    expected[$first]=$((expected[$first] + 1))
    hit=0
    for c in $one; do echo "$got" | grep -qx "$c" && { ampcl_found[$first]=$((ampcl_found[$first] + 1)); hit=1; break; }; done
    [ $hit = 1 ] || misses+=("$name: one of $(echo $one) expected, got ${got:-nothing}")
    if [ -n "$oclgrind" ]; then
      for c in $one; do echo "$ggot" | grep -q -- "-after-" && { grind_found[$first]=$((grind_found[$first] + 1)); break; }; done
    fi
  fi
  if [ -z "$want" ] && [ -z "$one" ]; then
    free_total=$((free_total + 1))
    [ -n "$got" ] && { ampcl_false=$((ampcl_false + 1)); misses+=("$name: reported $(echo $got) on a race-free kernel"); }
    [ -n "$oclgrind" ] && [ -n "$(echo "$glog" | grep -iE 'race|uninit|invalid|diverg')" ] && grind_false=$((grind_false + 1))
    continue
  fi
  for c in $want; do
    expected[$c]=$((expected[$c] + 1))
    if echo "$got" | grep -qx "$c"; then
      ampcl_found[$c]=$((ampcl_found[$c] + 1))
    else
      misses+=("$name: $c expected, got ${got:-nothing}")
    fi
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
say "| kernels not checked, or checked in part (lower is better) | $not_checked/$kernels_total | - |"
say ""
for m in "${misses[@]}"; do say "- ampcl: $m"; done
[ ${#misses[@]} -eq 0 ] || say ""
fi

# ---- 2. slowdowns ----------------------------------------------------------------
sim_ms() {  # kernel time (ms) of one timed launch: native or instrumented
  local mode=$1 sim=$2 report=$out/$(basename "$sim" .sim).report.json ms
  local args=(--run-sim "$sim")
  [ "$mode" = instrumented ] && args=(--format json -o "$report" "$sim")
  ms=$(AMPCL_SIM_REPEAT=$repeat "$tool" "${args[@]}" 2>&1 >/dev/null | grep -a 'ampcl-sim-time-ms' | tail -1 | awk '{print $2}')
  # An instrumented run that did not check every launch, or reported a hazard on
  # these race-free kernels, timed something else than the checker's work.
  if [ "$mode" = instrumented ] &&
    ! grep -q '"hazards": \[\]' "$report" 2>/dev/null; then
    echo "$(basename "$sim"): the instrumented run reported something (see $report); its time is not shown" >&2
    ms=""
  fi
  echo "$ms"
}
grind_ms() {  # whole oclgrind-kernel run (its compile is small next to the simulation)
  local sim=$1 t0 t1
  t0=$(date +%s.%N)
  (cd "$(dirname "$sim")" && timeout 3000 "$oclgrind" --data-races --uninitialized --build-options "$incl" "$(basename "$sim")" >/dev/null 2>&1)
  t1=$(date +%s.%N)
  awk "BEGIN{printf \"%.1f\", ($t1 - $t0) * 1000}"
}
ratio() { awk "BEGIN{ if ($2 > 0 && $1 > 0) printf \"%.1fx\", $1 / $2; else print \"-\" }"; }

# The CUDA anchor: the programs (prebuilt, else built here), a GPU that runs them,
# and compute-sanitizer.
cuda_bin="" sanitizer="" cuda_note=""
san_sizes=${SANITIZER_SIZES-$sizes}  # set and empty: no sanitizer runs
san_limit=${SANITIZER_TIMEOUT:-300}
san_repeat=${SANITIZER_REPEAT:-1}
if [ "${CUDA:-1}" != 0 ]; then
  cuda_bin=${CUDA_BIN:-$out/cuda-bin}
  if [ ! -x "$cuda_bin/sgemm_tiled" ] && [ -z "${CUDA_BIN:-}" ] && [ -x "$(find_nvcc)" ]; then
    build_cuda "$cuda_bin" || cuda_bin=""
  fi
  if [ -z "$cuda_bin" ] || [ ! -x "$cuda_bin/sgemm_tiled" ] || [ ! -x "$cuda_bin/tile_average" ]; then
    cuda_note="no CUDA programs (${CUDA_BIN:+CUDA_BIN=$CUDA_BIN has none; }build them with --build-cuda DIR)"
    cuda_bin=""
  elif ! probe=$(timeout 60 "$cuda_bin/tile_average" 16 1 0 2>&1); then
    cuda_note="the CUDA programs do not run here: $(echo "$probe" | tail -1)"
    cuda_bin=""
  else
    sanitizer=$(find_compute_sanitizer)
    [ -z "$sanitizer" ] && cuda_note="no compute-sanitizer (on PATH, under /usr/local/cuda*; set COMPUTE_SANITIZER): its column is empty"
  fi
  [ -n "$cuda_note" ] && echo "CUDA columns: $cuda_note"
fi
mkdir -p "$out/cuda"
# cuda_run NAME N LOG [SANITIZER]: one CUDA program's run; sets c_ms (the
# kernel's cudaEvent median), c_check (its result check) and c_rc.
cuda_run() {
  local k=$1 n=$2 log=$3
  if [ -n "${4:-}" ]; then
    timeout -k 10 "$san_limit" "$sanitizer" --tool racecheck --log-file "$log.racecheck" \
      "$cuda_bin/$k" "$n" "$san_repeat" 0 >"$log" 2>&1
  else
    timeout -k 10 300 "$cuda_bin/$k" "$n" "$repeat" >"$log" 2>&1
  fi
  c_rc=$?
  c_ms=$(awk '/^cuda-kernel-ms:/ {print $2}' "$log")
  c_check=$(grep -m1 '^cuda-check:' "$log" | sed 's/^cuda-check: //')
}

say "## Kernel time (ms per launch; instrumented includes shadow setup and read-back)"
say ""
if [ -n "$cuda_bin" ]; then
  say "| kernel | n | native | instrumented | instr/native | CUDA native | CUDA under compute-sanitizer | sanitizer/native | sanitizer's hazards | Oclgrind | oclgrind/native | oclgrind/instr |"
  say "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"
else
  say "| kernel | n | native | instrumented | Oclgrind | instr/native | oclgrind/native | oclgrind/instr |"
  say "| --- | --- | --- | --- | --- | --- | --- | --- |"
fi
all_sizes=$(echo "$sizes $([ -n "$oclgrind" ] && echo "$grind_sizes")" | tr ' ' '\n' | sort -n -u)
cuda_failures=""
for n in $all_sizes; do
  "$root/bench/racecheck/make_sims.sh" "$out/sims" "$n"
  for k in sgemm_tiled tile_average; do
    sim=$out/sims/${k}_$n.sim
    nat=$(sim_ms native "$sim"); ins=$(sim_ms instrumented "$sim")
    grind="-"
    if [ -n "$oclgrind" ] && echo " $grind_sizes " | grep -q " $n "; then grind=$(grind_ms "$sim"); fi
    grind_cells="$grind | $(ratio "${grind/-/0}" "${nat:-0}") | $(ratio "${grind/-/0}" "${ins:-0}")"
    if [ -z "$cuda_bin" ]; then
      say "| $k | $n | ${nat:--} | ${ins:--} | $grind | $(ratio "${ins:-0}" "${nat:-0}") | $(ratio "${grind/-/0}" "${nat:-0}") | $(ratio "${grind/-/0}" "${ins:-0}") |"
      continue
    fi
    cuda_nat="-" cuda_san="-" san_ratio="-" hazards="-"
    if echo " $sizes " | grep -q " $n "; then
      cuda_run "$k" "$n" "$out/cuda/${k}_$n.native.log"
      if [ "$c_rc" = 0 ] && [ -n "$c_ms" ]; then
        cuda_nat=$c_ms
      else
        cuda_nat="failed"
        cuda_failures="$cuda_failures $k/$n: exit $c_rc, ${c_check:-no check} (cuda/${k}_$n.native.log)."
      fi
      if [ -n "$sanitizer" ] && echo " $san_sizes " | grep -q " $n "; then
        echo "  $k $n under compute-sanitizer racecheck (limit $san_limit s) ..."
        cuda_run "$k" "$n" "$out/cuda/${k}_$n.sanitizer.log" sanitizer
        hazards=$(racecheck_cell "$out/cuda/${k}_$n.sanitizer.log.racecheck" "$c_rc" "cuda/${k}_$n.sanitizer.log.racecheck")
        if sanitizer_timed_out "$c_rc"; then
          cuda_san="> $san_limit s"
          san_ratio=$(awk -v l="$san_limit" -v m="${cuda_nat/failed/0}" 'BEGIN { if (m > 0) printf "> %.0fx", l * 1000 / m; else print "-" }')
          hazards="timed out (no summary)"
        elif [ "$c_rc" = 0 ] && [ -n "$c_ms" ]; then
          cuda_san=$c_ms
          san_ratio=$(ratio "$c_ms" "${cuda_nat/failed/0}")
        else
          cuda_san="failed"
          cuda_failures="$cuda_failures $k/$n under the sanitizer: exit $c_rc, ${c_check:-no check} (cuda/${k}_$n.sanitizer.log)."
        fi
      fi
    fi
    say "| $k | $n | ${nat:--} | ${ins:--} | $(ratio "${ins:-0}" "${nat:-0}") | $cuda_nat | $cuda_san | $san_ratio | $hazards | $grind_cells |"
  done
done
say ""
say "Device: $(AMPCL_SIM_REPEAT=0 "$tool" --version 2>/dev/null | head -1); results in $report"
if [ -n "$cuda_bin" ]; then
  say ""
  say "CUDA: bench/racecheck/cuda/ ($(head -1 "$cuda_bin/BUILD_INFO" 2>/dev/null || echo "built elsewhere")), the same algorithm, sizes, launch shape and inputs; each result checked against a double-precision host reference (every element, or a 64 x 64 sample of C beyond n = 512). CUDA native: cudaEvent time of one launch, median of $repeat (ampcl's columns: mean of $repeat synchronous launches, host clock). Under the sanitizer: median of $san_repeat, sizes $san_sizes only ('-' elsewhere), at most $san_limit s per run ('> $san_limit s': the run reached its limit, the slowdown a lower bound). Sanitizer: ${sanitizer:-none} ($( [ -n "$sanitizer" ] && "$sanitizer" --version 2>&1 | grep -oE "Version [^ ]+" | head -1)); logs in $out/cuda."
  [ -n "$cuda_failures" ] && say "CUDA runs that failed:$cuda_failures"
elif [ -n "$cuda_note" ]; then
  say ""
  say "CUDA columns left out: $cuda_note."
fi
exit 0  # the last test above is not the script's status
