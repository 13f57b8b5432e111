#!/usr/bin/env bash
# Validation of the race checker's OpenCL layer on real OpenCL programs written
# by others: PolyBench/ACC's OpenCL versions (each compares its device results
# with its own CPU reference) and Rodinia 3.1's OpenCL versions (the checked
# run's output is compared with the plain run's). Each program is built, run
# alone and under `ampcl-racecheck --`, and a table says per program: output
# still correct, hazards reported, kernels not checked (with the reason) and
# the whole-program slowdown, cold (an empty AMPCL_CACHE_DIR of its own: every
# kernel instrumented and its instrumented program built) and warm (the same
# AMPCL_CACHE_DIR again: what a second run, or a CI job with a kept cache, pays).
# The plain time is the program's second plain run (the driver's own cache warm,
# as a user's program has it); the first is in phases.md. With --plant, a barrier
# is removed from some Rodinia kernels and the checker must report the kernel.
#
#   scripts/validate_layer.sh [--plant] [--only NAME,...] [--size mini|small|standard] [--phases]
#   scripts/validate_layer.sh --build-only DIR [--plant] [--only ...] [--size ...]
#       builds the programs into DIR (and DIR/manifest.tsv) and runs nothing: DIR
#       travels to a machine without the suites or a compiler
#   scripts/validate_layer.sh --run-only DIR [--only ...] [--phases]
#       runs what --build-only built
#
# --phases       where the checked runs' time goes: AMPCL_LOG=debug in them (each
#                instrumented program's driver build, disk-cache store and load,
#                timed by the program builder) and the instrumenter run behind a wrapper
#                that times each call; phases.md gets a row per program. Then, for
#                the AMPCL_VALIDATION_WORST (default 4) programs of the highest cold
#                slowdown, each with a driver cache of its own, empty (the
#                driver's JIT cold): the plain run, a checked run whose
#                AMPCL_CACHE_DIR holds only the instrumenter's results (so the
#                driver builds every instrumented program) and one whose
#                AMPCL_CACHE_DIR holds everything (the driver only loads them).
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
# The drivers' own program caches (NVIDIA's CUDA_CACHE_PATH, PoCL's POCL_CACHE_DIR)
# are put in $AMPCL_VALIDATION_OUT/driver-cache, emptied at the start, unless set.
# AMPCL_VALIDATION_DEADLINE  a time (seconds since 1970) after which --phases starts
#                no more of its extra runs
# Results go to $AMPCL_VALIDATION_OUT (default ./validation-layer-<device>/):
# table.md (phases.md with --phases), and per program its outputs and reports.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${AMPCL_BUILD_DIR:-$root/build}
racecheck=$build/tools/racecheck/ampcl-racecheck
cache=${AMPCL_VALIDATION_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/ampcl-validation}
device=${AMPCL_DEVICE:-pocl}
out=${AMPCL_VALIDATION_OUT:-$PWD/validation-layer-$device}
worst=${AMPCL_VALIDATION_WORST:-4}
plant=0 only="" size=mini mode=all prebuilt="" phases=0
usage() {
  echo "usage: $0 [--plant] [--only NAME,...] [--size mini|small|standard] [--phases]" >&2
  echo "       $0 --build-only DIR [--plant] [--only NAME,...] [--size ...]" >&2
  echo "       $0 --run-only DIR [--only NAME,...] [--phases]" >&2
  exit 2
}
while [ $# -gt 0 ]; do
  case $1 in
    --plant) plant=1 ;;
    --only) only=$2; shift ;;
    --size) size=$2; shift ;;
    --phases) phases=1 ;;
    --build-only) mode=build; prebuilt=${2:-}; shift ;;
    --run-only) mode=run; prebuilt=${2:-}; shift ;;
    *) usage ;;
  esac
  shift
done
[ "$mode" = all ] || [ -n "$prebuilt" ] || usage
[ "$mode" = build ] || [ -x "$racecheck" ] ||
  { echo "error: no $racecheck: build ampcl first (scripts/build.sh)" >&2; exit 2; }

# The programs see only the vendor ICD that matches the device filter.
icd=${AMPCL_VALIDATION_ICD:-}
[ -n "$icd" ] || icd=$(grep -il -- "$device" /etc/OpenCL/vendors/*.icd 2>/dev/null | head -1)
[ -n "$icd" ] || icd=$(ls /etc/OpenCL/vendors/*"$device"*.icd 2>/dev/null | head -1)
[ "$mode" = build ] || [ -n "$icd" ] ||
  { echo "error: no ICD in /etc/OpenCL/vendors matches '$device'" >&2; exit 2; }
export OCL_ICD_VENDORS=$icd
case $device in *gpu*|*nvidia*|*amd*|*intel*) cl_type=CL_DEVICE_TYPE_GPU ;; *) cl_type=CL_DEVICE_TYPE_ALL ;; esac

# The suites are OpenCL 1.x programs.
cl_flags="-DCL_TARGET_OPENCL_VERSION=120 -DCL_USE_DEPRECATED_OPENCL_1_1_APIS -DCL_USE_DEPRECATED_OPENCL_1_2_APIS"

wanted() { [ -z "$only" ] || [[ ",$only," == *",$1,"* ]]; }
seconds() { date +%s.%N; }

# ---- building: each program into $work, one manifest line each ----------------
# manifest.tsv: NAME <tab> folder (under $work) <tab> CHECK <tab> command (shell words)
#   CHECK: a grep -E pattern the plain and the checked output must both match
#   ("same" compares the checked output with the plain one, timing lines aside)
build_all() {
  . "$root/scripts/validation_suites.sh"
  fetch_validation_suites
  mkdir -p "$work"
  : >"$manifest"
  # ---- PolyBench/ACC, OpenCL ----
  local pb=$cache/polybench-acc/OpenCL pb_size src dir name bdir
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
      printf '%s\t%s\tbuild failed\t\n' "$name" "$name" >>"$manifest"
      continue
    fi
    printf '%s\t%s\t%s\t%s\n' "$name" "$name" \
      "(Non-Matching CPU-GPU Outputs Beyond Error Threshold of [0-9.]+ Percent|Number of misses): 0\$" \
      ./prog >>"$manifest"
  done
  # ---- Rodinia 3.1, OpenCL ----
  local rd=$cache/gpu-rodinia/opencl cmd where
  for name in pathfinder nw backprop gaussian lud; do
    wanted "$name" || continue
    if ! rodinia_build "$rd" "$name"; then
      printf '%s\t%s\tbuild failed\t\n' "rodinia/$name" "rodinia/$name" >>"$manifest"
      continue
    fi
    # Programs that write their results to a file print it after (through a shell:
    # the checker follows the program's children).
    cmd="./prog ${rodinia_args[$name]}"
    [ "$name" = nw ] && cmd="sh -c '$cmd && cat result.txt'"
    printf '%s\t%s\tsame\t%s\n' "rodinia/$name" "rodinia/$name" "$cmd" >>"$manifest"
    where=${rodinia_plant[$name]:-}
    if [ $plant = 1 ] && [ -n "$where" ]; then
      rm -rf "$work/rodinia/$name+bug"
      cp -r "$work/rodinia/$name" "$work/rodinia/$name+bug"
      plant_bug "$work/rodinia/$name+bug" "$where" &&
        printf '%s\t%s\tsame\t%s\n' "rodinia/$name+bug@$where" "rodinia/$name+bug" "$cmd" >>"$manifest"
    fi
  done
}

rodinia_build() {  # SUITE NAME: copies the sources to the work folder and builds prog there
  local rd=$1 name=$2 bdir=$work/rodinia/$2
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
plant_bug() {  # FOLDER FILE:LINE
  local file=$1/${2%%:*} line=${2##*:}
  if ! sed -n "${line}p" "$file" | grep -q "barrier("; then
    echo "error: $2 of $1 holds no barrier (another version of Rodinia?)" >&2
    return 1
  fi
  sed -i "${line}s/barrier(/(void)(/" "$file"
  echo "   planted: removed the barrier at $2 in $1" >&2
}

declare -A rodinia_args=(
  [pathfinder]="-c 2000 -r 40 -h 10"
  [nw]="256 10 ./nw.cl -p 0 -d 0"  # then result.txt is printed (below)
  [backprop]="-n 4096"
  [gaussian]="-s 64"
  [lud]="-s 256 -v -p 0 -d 0"
)

case $mode in
  build) mkdir -p "$prebuilt" && work=$(cd "$prebuilt" && pwd) ;;
  run) work=$(cd "$prebuilt" && pwd) ;;
  all) work=$out/work; rm -rf "$work" ;;
esac
manifest=$work/manifest.tsv
if [ "$mode" != run ]; then
  build_all
  if [ "$mode" = build ]; then
    echo "built $(grep -vc $'\tbuild failed\t' "$manifest") programs into $work ($(du -sh "$work" | cut -f1));" \
         "run them with: $0 --run-only $work" >&2
    exit 0
  fi
fi
[ -f "$manifest" ] || { echo "error: no $manifest (made by --build-only)" >&2; exit 2; }

# ---- running ---------------------------------------------------------------------
mkdir -p "$out"
table=$out/table.md phase_table=$out/phases.md
{
  echo "| program | output correct | hazards reported | not checked | plain (s) | checked (s) | slowdown | checked warm (s) | warm slowdown |"
  echo "| --- | --- | --- | --- | ---: | ---: | ---: | ---: | ---: |"
} >"$table"
# The drivers' own caches: one for the whole run, empty at its start.
if [ -z "${CUDA_CACHE_PATH:-}${POCL_CACHE_DIR:-}" ]; then
  rm -rf "$out/driver-cache"
  mkdir -p "$out/driver-cache"
  export CUDA_CACHE_PATH=$out/driver-cache POCL_CACHE_DIR=$out/driver-cache
fi

# With --phases the instrumenter runs behind a wrapper that times each call.
phase_env=()
if [ $phases = 1 ]; then
  tool=${AMPCL_INSTRUMENT_TOOL:-$build/debug/instrument/ampcl-instrument}
  [ -x "$tool" ] || { echo "error: --phases: no instrumenter at $tool (set AMPCL_INSTRUMENT_TOOL)" >&2; exit 2; }
  cat >"$out/instrument-timed" <<WRAP
#!/bin/sh
# ampcl-instrument, each call's wall milliseconds appended to \$AMPCL_VALIDATION_INSTRUMENT_LOG
s=\$(date +%s%N)
"$tool" "\$@"
rc=\$?
echo \$(( (\$(date +%s%N) - s) / 1000000 )) >>"\$AMPCL_VALIDATION_INSTRUMENT_LOG"
exit \$rc
WRAP
  chmod +x "$out/instrument-timed"
  phase_env=(AMPCL_LOG=debug AMPCL_INSTRUMENT_TOOL=$out/instrument-timed)
  {
    echo "| program | plain, driver cache cold (s) | plain (s) | checked cold (s) | instrumenter (runs, s) | driver builds (n, s) | disk-cache stores (n, s) | rest (s) | checked warm (s) | disk-cache loads (n, s) | rest (s) |"
    echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
  } >"$phase_table"
fi

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

# correct CHECK PLAIN_OUT CHECKED_OUT DIFF: sets ok
correct() {
  if [ "$1" = same ]; then
    if diff <(untimed <"$2") <(untimed <"$3") >"$4"; then ok=yes; else ok="NO (see ${4#$out/})"; fi
  elif grep -qE "$1" "$3" && grep -qE "$1" "$2"; then
    ok=yes
  else
    ok=NO
  fi
}

# Sums over the program builder's log (AMPCL_LOG=info) and the instrumenter's times:
# "N, S" cells.
built_cell() {
  sed -nE 's/.* in ([0-9.]+) ms \(not from the disk cache.*/\1/p' "$1" |
    awk '{ s += $1; n++ } END { printf "%d, %.2f", n, s / 1000 }'
}
stored_cell() {
  sed -nE 's/.*ampcl debug: stored [0-9]+ bytes in .* in ([0-9.]+) ms$/\1/p' "$1" |
    awk '{ s += $1; n++ } END { printf "%d, %.2f", n, s / 1000 }'
}
loaded_cell() {
  sed -nE 's/.* from the disk cache in ([0-9.]+) ms .*/\1/p' "$1" |
    awk '{ s += $1; n++ } END { printf "%d, %.2f", n, s / 1000 }'
}
instrument_cell() {
  awk '{ s += $1; n++ } END { printf "%d, %.2f", n, s / 1000 }' "$1" 2>/dev/null || echo "0, 0.00"
}
seconds_of() { echo "${1##*, }"; }
calc() { awk "BEGIN { printf \"$1\", $2 }"; }

# timed SECONDS_VAR DIR OUT ERR -- COMMAND...: runs it in DIR, sets SECONDS_VAR and status
timed() {
  local var=$1 dir=$2 o=$3 e=$4 t0 t1
  shift 5
  t0=$(seconds)
  (cd "$dir" && timeout 3600 "$@") >"$o" 2>"$e"
  status=$?
  t1=$(seconds)
  printf -v "$var" %s "$(awk "BEGIN { printf \"%.3f\", $t1 - $t0 }")"
}

# checked LOG TAG CACHE_DIR DIR -- COMMAND...: one checked run into LOG/TAG.{out,err}, report-TAG.txt
checked() {
  local log=$1 tag=$2 cdir=$3 dir=$4
  shift 5
  : >"$log/instrument-$tag.ms"
  timed t_checked "$dir" "$log/$tag.out" "$log/$tag.err" -- \
    env AMPCL_CACHE_DIR="$cdir" AMPCL_VALIDATION_INSTRUMENT_LOG="$log/instrument-$tag.ms" "${phase_env[@]}" \
    "$racecheck" --output "$log/report-$tag.txt" -- "$@"
}

run_case() {  # NAME DIR CHECK COMMAND
  local name=$1 dir=$work/$2 check=$3 run
  eval "run=($4)"
  local log=$out/$name
  rm -rf "$log"
  mkdir -p "$log"
  echo "== $name" >&2
  local plain0 plain cold warm plain_status
  # Twice alone: the first run fills the driver's own cache, as a user's program has it.
  timed plain0 "$dir" "$log/plain-first.out" "$log/plain-first.err" -- "${run[@]}"
  timed plain "$dir" "$log/plain.out" "$log/plain.err" -- "${run[@]}"
  plain_status=$status
  checked "$log" cold "$log/cache" "$dir" -- "${run[@]}"
  cold=$t_checked
  local cold_status=$status
  checked "$log" warm "$log/cache" "$dir" -- "${run[@]}"
  warm=$t_checked
  local ok_cold ok_warm cell
  if [ $plain_status -ne 0 ]; then
    cell="plain run failed ($plain_status)"
  else
    correct "$check" "$log/plain.out" "$log/cold.out" "$log/cold.diff"; ok_cold=$ok
    correct "$check" "$log/plain.out" "$log/warm.out" "$log/warm.diff"; ok_warm=$ok
    cell=$ok_cold
    [ "$ok_warm" = "$ok_cold" ] || cell="$ok_cold (warm: $ok_warm)"
  fi
  summarize "$log/report-warm.txt"
  local warm_hazards=$hazards warm_unchecked=$unchecked
  summarize "$log/report-cold.txt"
  [ "$warm_hazards" = "$hazards" ] || hazards="$hazards (warm: $warm_hazards)"
  [ "$warm_unchecked" = "$unchecked" ] || unchecked="$unchecked (warm: $warm_unchecked)"
  printf "| %s | %s | %s | %s | %.2f | %.2f | %.1fx | %.2f | %.2fx |\n" "$name" "$cell" "$hazards" \
    "$unchecked" "$plain" "$cold" "$(calc %.6f "$cold / $plain")" "$warm" "$(calc %.6f "$warm / $plain")" >>"$table"
  echo "   exit $cold_status; output correct: $cell; hazards: $hazards; not checked: $unchecked;" \
       "plain $plain s, checked cold $cold s, warm $warm s" >&2
  if [ $phases = 1 ]; then
    local ins bld sto lod
    ins=$(instrument_cell "$log/instrument-cold.ms")
    bld=$(built_cell "$log/cold.err")
    sto=$(stored_cell "$log/cold.err")
    lod=$(loaded_cell "$log/warm.err")
    printf "| %s | %.2f | %.2f | %.2f | %s | %s | %s | %.2f | %.2f | %s | %.2f |\n" "$name" "$plain0" "$plain" \
      "$cold" "$ins" "$bld" "$sto" \
      "$(calc %.6f "$cold - $plain - $(seconds_of "$ins") - $(seconds_of "$bld") - $(seconds_of "$sto")")" \
      "$warm" "$lod" "$(calc %.6f "$warm - $plain - $(seconds_of "$lod")")" >>"$phase_table"
  fi
}

while IFS=$'\t' read -r name dir check cmd; do
  if [ "$check" = "build failed" ]; then
    echo "| $name | build failed | | | | | | | |" >>"$table"
    continue
  fi
  n=${name#*/}
  wanted "${n%%+*}" || continue
  run_case "$name" "$dir" "$check" "$cmd"
done <"$manifest"

# ---- --phases: the worst programs again, each with the driver's cache cold ------
# An AMPCL_CACHE_DIR entry that holds an instrumenter's result (not a program binary).
instrument_entry() { tail -c +65 "$1" | head -c 23 | grep -q '^ampcl-instrument-result'; }
if [ $phases = 1 ] && [ "$worst" -gt 0 ]; then
  {
    echo
    echo "The $worst programs of the highest cold slowdown, again, each run with an empty driver cache of its own:"
    echo
    echo "| program | plain, driver cache cold (s) | checked cold (s) | instrumenter's results cached (s) | driver builds (n, s) | everything cached (s) | disk-cache loads (n, s) | checked warm (s) |"
    echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
  } >>"$phase_table"
  for name in $(awk -F'|' 'NR > 2 && $8 ~ /x/ && $2 !~ /\+bug/ { gsub(/ /, "", $2); s = $8; sub(/x.*/, "", s); print s + 0, $2 }' "$table" |
                sort -rg | head -n "$worst" | cut -d' ' -f2); do
    row=$(grep -F "| $name |" "$table" | head -1)
    cold=$(echo "$row" | awk -F'|' '{ gsub(/ /, "", $7); print $7 }')
    warm=$(echo "$row" | awk -F'|' '{ gsub(/ /, "", $9); print $9 }')
    # Three runs, each about as long as the cold one at most: skipped past the deadline.
    if [ -n "${AMPCL_VALIDATION_DEADLINE:-}" ] &&
       [ $(( $(date +%s) + 3 * ${cold%.*} + 10 )) -gt "$AMPCL_VALIDATION_DEADLINE" ]; then
      echo "== $name (phases): skipped, AMPCL_VALIDATION_DEADLINE is too near" >&2
      continue
    fi
    IFS=$'\t' read -r _ dir check cmd < <(awk -F'\t' -v n="$name" '$1 == n' "$manifest")
    eval "run=($cmd)"
    log=$out/$name
    echo "== $name (phases)" >&2
    rm -rf "$log/cache-instrument" "$log/cache-all"
    cp -r "$log/cache" "$log/cache-all"
    mkdir -p "$log/cache-instrument"
    for f in "$log/cache"/*; do
      [ -f "$f" ] && instrument_entry "$f" && cp -p "$f" "$log/cache-instrument/"
    done
    export CUDA_CACHE_PATH_SAVED=${CUDA_CACHE_PATH:-} POCL_CACHE_DIR_SAVED=${POCL_CACHE_DIR:-}
    fresh() { rm -rf "$log/driver-$1"; mkdir -p "$log/driver-$1"; export CUDA_CACHE_PATH=$log/driver-$1 POCL_CACHE_DIR=$log/driver-$1; }
    fresh plain; timed p0 "$work/$dir" "$log/plain-cold.out" "$log/plain-cold.err" -- "${run[@]}"
    fresh instrument; checked "$log" instrument-cached "$log/cache-instrument" "$work/$dir" -- "${run[@]}"
    t_instr=$t_checked
    fresh all; checked "$log" all-cached "$log/cache-all" "$work/$dir" -- "${run[@]}"
    t_all=$t_checked
    export CUDA_CACHE_PATH=$CUDA_CACHE_PATH_SAVED POCL_CACHE_DIR=$POCL_CACHE_DIR_SAVED
    printf "| %s | %.2f | %s | %.2f | %s | %.2f | %s | %s |\n" "$name" "$p0" "$cold" "$t_instr" \
      "$(built_cell "$log/instrument-cached.err")" "$t_all" "$(loaded_cell "$log/all-cached.err")" "$warm" >>"$phase_table"
  done
fi

# Median and largest slowdowns, cold and warm (planted bugs aside).
awk -F'|' 'NR > 2 && $8 ~ /x/ && $2 !~ /\+bug/ { s = $8; w = $10; sub(/x.*/, "", s); sub(/x.*/, "", w); print s + 0, w + 0 }' "$table" >"$out/ratios"
summary() {  # COLUMN NAME
  cut -d' ' -f"$1" "$out/ratios" | sort -g | awk -v what="$2" '{ r[NR] = $1 } END {
    if (NR == 0) exit
    m = (NR % 2) ? r[(NR + 1) / 2] : (r[NR / 2] + r[NR / 2 + 1]) / 2
    printf "%s: %d programs, median %.2fx, from %.2fx to %.2fx\n", what, NR, m, r[1], r[NR] }'
}
{ echo; summary 1 "cold slowdown"; summary 2 "warm slowdown"; } >>"$table"

echo >&2
cat "$table"
[ $phases = 1 ] && { echo; cat "$phase_table"; }
echo
echo "Reports and outputs: $out"
echo "On a GPU: AMPCL_DEVICE=nvidia AMPCL_BUILD_DIR=$build $0 --plant --size small"
