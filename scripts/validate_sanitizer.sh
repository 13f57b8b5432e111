#!/usr/bin/env bash
# The other side of scripts/validate_layer.sh's benchmark: the CUDA versions of
# the programs it runs (PolyBench/ACC's CUDA/ and Rodinia 3.1's cuda/, at the
# same pinned commits, with the same problem sizes), each run alone and under
# NVIDIA's `compute-sanitizer --tool racecheck` (with --memcheck, under
# `--tool memcheck` too), timed as whole programs (wall seconds), with what the
# sanitizer's summary line says. table.md: program | plain (s) | racecheck (s) |
# slowdown | hazards reported | output correct | size; comparison.md (with
# --with-ampcl): each program's ampcl-racecheck slowdown (validate_layer.sh's
# table) beside compute-sanitizer racecheck's, and their ratio.
#
#   scripts/validate_sanitizer.sh [--only NAME,...] [--size mini|small|standard]
#                                 [--memcheck] [--with-ampcl TABLE]
#       builds into $AMPCL_VALIDATION_OUT/bin, then runs (needs a GPU)
#   scripts/validate_sanitizer.sh --build-only DIR [--only NAME,...] [--size ...]
#       builds only (nvcc, no GPU needed): DIR gets every program, the CUDA
#       runtime they link (DIR/lib), a device probe and DIR/manifest.tsv
#   scripts/validate_sanitizer.sh --run-only DIR [--only NAME,...] [--memcheck] [--with-ampcl TABLE]
#       runs what --build-only built (a GPU machine without the suites or nvcc)
#   scripts/validate_sanitizer.sh --merge AMPCL_TABLE SANITIZER_TABLE
#       prints the comparison of two tables already made
#
# NAME: as in the table without its suite (gemm, lud, ...).
# AMPCL_VALIDATION_CACHE  where the suites are (default ~/.cache/ampcl-validation),
#                as for validate_layer.sh: polybench-acc/ and gpu-rodinia/
#                checkouts, cloned there when missing.
# AMPCL_VALIDATION_OUT    results (default ./validation-sanitizer/): table.md,
#                comparison.md, environment.txt, and per program its outputs
#                and the sanitizer's logs.
# CUDA_ARCH      the GPU architecture to build for (default sm_90: H100/H200).
# NVCC           the CUDA compiler (default: nvcc on PATH, else /usr/local/cuda/bin/nvcc).
# COMPUTE_SANITIZER  the sanitizer (default: on PATH, else under /usr/local/cuda*).
# AMPCL_SANITIZER_TIMEOUT  the most seconds one run may take (default 120); a
#                run past it is reported as "timed out after N s (> Mx)".
# AMPCL_SANITIZER_BUDGET   seconds for all the sanitizer runs together (default
#                0: none). With a budget, a run's limit shrinks so that every
#                run still to come keeps at least 8 s.
#
# Sizes: PolyBench's *_DATASET macros are the same in its CUDA and OpenCL
# headers (checked here for each program: the size column says when they
# differ); Rodinia's CUDA programs get the arguments that give the OpenCL runs'
# sizes (pathfinder 2000 columns x 40 rows, pyramid 10; nw 256 x 256, penalty
# 10; backprop 4096 inputs; gaussian 64 x 64; lud 256 x 256). Tile sizes are the
# suites' own and may differ between the versions (e.g. gaussian's CUDA 512 and
# 4x4, its OpenCL left to the driver).
set -uo pipefail
. "$(cd "$(dirname "$0")" && pwd)/validation_suites.sh"
. "$(cd "$(dirname "$0")" && pwd)/cuda_sanitizer.sh"
cache=${AMPCL_VALIDATION_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/ampcl-validation}
out=${AMPCL_VALIDATION_OUT:-$PWD/validation-sanitizer}
arch=${CUDA_ARCH:-sm_90}
limit=${AMPCL_SANITIZER_TIMEOUT:-120}
budget=${AMPCL_SANITIZER_BUDGET:-0}
floor=8
mode=all bindir="" only="" size=mini memcheck=0 ampcl_table=""
usage() {
  sed -n '12,21p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
}
while [ $# -gt 0 ]; do
  case $1 in
    --build-only) mode=build; bindir=${2:-}; shift ;;
    --run-only) mode=run; bindir=${2:-}; shift ;;
    --merge) mode=merge; ampcl_table=${2:-}; san_table=${3:-}; shift 2 ;;
    --only) only=$2; shift ;;
    --size) size=$2; shift ;;
    --memcheck) memcheck=1 ;;
    --with-ampcl) ampcl_table=$2; shift ;;
    *) usage ;;
  esac
  shift
done
case $size in mini|small|standard) ;; *) usage ;; esac
[ "$mode" = all ] || [ "$mode" = merge ] || [ -n "$bindir" ] || usage

wanted() { [ -z "$only" ] || [[ ",$only," == *",${1#*/},"* ]] || [[ ",$only," == *",$1,"* ]]; }
now() { date +%s.%N; }
calc() { awk "BEGIN { printf \"$1\", $2 }"; }  # calc FORMAT EXPRESSION

# ---- the comparison: ampcl-racecheck's table beside this one -----------------
# A table's cells by its header's names; "slowdown" cells are "12.3x", or
# "> 240x (timed out ...)" for a lower bound.
merge() {  # AMPCL_TABLE SANITIZER_TABLE
  [ -f "$1" ] || { echo "error: no ampcl table $1" >&2; return 2; }
  [ -f "$2" ] || { echo "error: no sanitizer table $2" >&2; return 2; }
  awk -F'|' -v rf="$out_ratios" '
    function trim(s) { gsub(/^[ \t]+|[ \t]+$/, "", s); return s }
    function cols(file,   i) { delete col; for (i = 2; i < NF; i++) col[trim($i)] = i }
    # "12.3x" -> 12.3; "> 240x (timed out ...)" -> 240 with bound ">"
    function value(s) { bound = (s ~ /^>/) ? ">" : ""; if (match(s, /[0-9.]+x/)) return substr(s, RSTART, RLENGTH - 1) + 0; return -1 }
    FNR == 1 { file++; cols(); next }
    !/^\|/ || /^\|[ -:|]*$/ { next }  # the lines around a table, its rule
    file == 1 { p = trim($(col["program"])); a[p] = trim($(col["slowdown"])); order[++n] = p; next }
    file == 2 {
      p = trim($(col["program"])); s[p] = trim($(col["slowdown"]))
      if (!(p in a)) { order[++n] = p; a[p] = "" }
    }
    END {
      print "| program | ampcl checked slowdown | compute-sanitizer racecheck slowdown | ratio |"
      print "| --- | ---: | ---: | ---: |"
      for (i = 1; i <= n; i++) {
        p = order[i]; av = value(a[p]); ran = (p in s); sv = ran ? value(s[p]) : -1; sb = bound
        ratio = "n/a"
        if (av > 0 && sv > 0) {
          r = sv / av
          ratio = sprintf(r >= 10 ? "%s%.0fx" : r >= 1 ? "%s%.1fx" : "%s%.2fx", sb == ">" ? "> " : "", r)
          printf "%s %s\n", r, sb > rf
        }
        ac = a[p] == "" ? "not run" : a[p]; sc = ran ? s[p] : "not run"
        printf "| %s | %s | %s | %s |\n", p, ac, sc, ratio
      }
    }' "$1" "$2"
  # The median ratio (a lower bound where it or a ratio above it is one).
  sort -g "$out_ratios" | awk '{ r[NR] = $1; b[NR] = $2 } END {
    if (NR == 0) exit
    m = (NR % 2) ? r[(NR + 1) / 2] : (r[NR / 2] + r[NR / 2 + 1]) / 2
    for (i = 1; i <= NR; i++) if (b[i] == ">") lb++
    printf "\nratio: compute-sanitizer racecheck slowdown / ampcl-racecheck slowdown (whole programs; >1: ampcl-racecheck slows the program less), %d programs, median %.2gx, from %.2gx to %.3gx%s.\n",
      NR, m, r[1], r[NR], lb ? sprintf("; %d of them lower bounds (the sanitizer timed out)", lb) : ""
  }'
}
if [ "$mode" = merge ]; then
  out_ratios=$(mktemp); trap 'rm -f "$out_ratios"' EXIT
  merge "$ampcl_table" "$san_table"
  exit
fi

# ---- build ---------------------------------------------------------------------
build_all() {  # DIR
  local dest=$1
  local nvcc
  nvcc=$(find_nvcc)
  [ -x "$nvcc" ] || { echo "error: no nvcc (set NVCC, or put the CUDA toolkit's bin on PATH)" >&2; exit 2; }
  local cuda_home
  cuda_home=$(cd "$(dirname "$(readlink -f "$nvcc")")/.." && pwd)

  # The suites, at the commits validate_layer.sh uses.
  fetch_validation_suites

  mkdir -p "$dest/lib"
  dest=$(cd "$dest" && pwd)
  local tmp
  tmp=$(mktemp -d)
  # The one change every program needs for CUDA 13: cudaThreadSynchronize
  # (deprecated since CUDA 4, removed in CUDA 13) is cudaDeviceSynchronize.
  # Given as a forced include, so that the suites' sources stay as they are.
  cat >"$tmp/cuda13_compat.h" <<'EOF'
#include <cuda_runtime.h>
#define cudaThreadSynchronize cudaDeviceSynchronize
EOF
  # -cudart shared: the programs share one copy of the CUDA runtime (DIR/lib),
  # which keeps DIR small enough to carry (each would hold 0.9 MB of it).
  # -lineinfo: the sanitizer's reports name source lines; the code is the same.
  local common=(-arch="$arch" -cudart shared -lineinfo -w)
  local manifest=$dest/manifest.tsv
  : >"$manifest"
  local built=0 failed=0

  # The device probe --run-only starts with.
  cat >"$tmp/probe.cu" <<'EOF'
#include <cstdio>
#include <cuda_runtime.h>
int main() {
  int n = 0, driver = 0, runtime = 0;
  cudaError_t e = cudaGetDeviceCount(&n);
  cudaDriverGetVersion(&driver);
  cudaRuntimeGetVersion(&runtime);
  if (e != cudaSuccess || n == 0) {
    printf("no CUDA device: %s (CUDA driver version %d, runtime %d)\n",
           e != cudaSuccess ? cudaGetErrorString(e) : "0 devices", driver, runtime);
    return 1;
  }
  for (int i = 0; i < n; ++i) {
    cudaDeviceProp p;
    cudaGetDeviceProperties(&p, i);
    printf("device %d: %s, sm_%d%d, CUDA driver version %d, runtime %d\n", i, p.name,
           p.major, p.minor, driver, runtime);
  }
  return 0;
}
EOF
  nice "$nvcc" "${common[@]}" "$tmp/probe.cu" -o "$dest/cuda-device-probe" ||
    { echo "error: $nvcc cannot build a CUDA program for $arch" >&2; exit 2; }
  local cudart
  cudart=$(ls "$cuda_home"/lib64/libcudart.so.[0-9]* "$cuda_home"/targets/*/lib/libcudart.so.[0-9]* 2>/dev/null | sort | head -1)
  [ -n "$cudart" ] || { echo "error: no libcudart.so.N under $cuda_home" >&2; exit 2; }
  local soname
  soname=$(objdump -p "$cudart" 2>/dev/null | awk '/SONAME/ {print $2}')
  cp -L "$cudart" "$dest/lib/${soname:-$(basename "$cudart")}"

  added() {  # NAME SIZE CHECK ARGS RESULT_FILE: a program built into DIR/NAME/prog
    printf "%s\t%s\t%s\t%s\t%s\n" "$1" "$2" "$3" "${4:--}" "${5:--}" >>"$manifest"  # (- for none)
    built=$((built + 1))
    echo "   built $1 ($2)" >&2
  }
  broken() {  # NAME LOG
    failed=$((failed + 1))
    echo "   BUILD FAILED: $1 (see $2)" >&2
    tail -5 "$2" >&2
  }

  # -- PolyBench/ACC, CUDA (the programs that have an OpenCL version, as run by
  #    validate_layer.sh), with the suite's flags (CUDA/utilities/common.mk: nvcc -O3)
  local pb=$cache/polybench-acc/CUDA pbcl=$cache/polybench-acc/OpenCL
  local pb_size
  pb_size=$(echo "$size" | tr a-z A-Z)_DATASET
  dataset() {  # HEADER: the sizes its $pb_size block defines, "NI=128 NJ=128"
    awk -v want="$pb_size" '
      $0 ~ "ifdef[ \t]+" want { on = 1; next }
      on && /endif/ { on = 0 }
      on && /define/ { sub(/^#[ \t]*define[ \t]+/, ""); printf "%s%s=%s", (n++ ? " " : ""), $1, $2 }' "$1"
  }
  local src dir base name d_cuda d_cl sizecell
  for src in $(cd "$pb" && ls -d */*/*.cu */*/*/*.cu 2>/dev/null | sort); do
    dir=$(dirname "$src")
    base=$(basename "$dir")
    name=polybench/$base
    wanted "$name" || continue
    if [ -d "$pbcl" ] && ! ls "$pbcl/$dir"/*.cl >/dev/null 2>&1; then
      continue  # no OpenCL version: not in validate_layer.sh's table
    fi
    d_cuda=$(dataset "$(ls "$pb/$dir"/*.cuh | head -1)")
    d_cl=$(dataset "$(ls "$pbcl/$dir"/*.h 2>/dev/null | head -1)" 2>/dev/null)
    if [ -z "$d_cl" ]; then
      sizecell="$size: $d_cuda (no OpenCL header to compare)"
    elif [ "$d_cuda" = "$d_cl" ]; then
      sizecell="$size: $d_cuda (as OpenCL)"
    else
      sizecell="$size: $d_cuda; OpenCL has $d_cl: NOT THE SAME"
    fi
    mkdir -p "$dest/$name"
    # (the program includes polybench.c itself)
    if nice "$nvcc" -O3 "${common[@]}" -D"$pb_size" -include "$tmp/cuda13_compat.h" \
         -I"$pb/utilities" -I"$pb/$dir" "$pb/$src" -o "$dest/$name/prog" >"$tmp/build.log" 2>&1; then
      added "$name" "$sizecell" \
        "(Non-Matching CPU-GPU Outputs Beyond Error Threshold of [0-9.]+ Percent|Number of misses): 0\$" "" ""
    else
      cp "$tmp/build.log" "$dest/$name/build.log"
      broken "$name" "$dest/$name/build.log"
    fi
  done

  # -- Rodinia 3.1, CUDA, with each program's Makefile flags (-arch: $arch)
  local rd=$cache/gpu-rodinia/cuda
  rodinia_build() {  # NAME: builds prog in a copy of the sources
    local b=$tmp/rodinia/$1
    rm -rf "$b"
    mkdir -p "$b"
    cp -r "$rd/$1"/. "$b/"
    cd "$b" || return 1
    case $1 in
      # BENCH_PRINT: prints the result row, as validate_layer.sh's OpenCL build does
      pathfinder) nice "$nvcc" "${common[@]}" -DBENCH_PRINT pathfinder.cu -o prog ;;
      # TRACEBACK: writes the traceback to result.txt, as the OpenCL build does
      nw) nice "$nvcc" "${common[@]}" -DTRACEBACK needle.cu -o prog ;;
      # The Makefile links with gcc and -lcuda -lcudart: linked by nvcc here (the
      # same objects; the programs call no driver API, and a machine without a
      # driver has no libcuda.so). facetrain.c and imagenet.c are K&R C with
      # implicit int, which GCC 14 refuses: retried as gnu89 if it does.
      backprop)
        { gcc -g -O2 -w -c backprop.c facetrain.c imagenet.c ||
            gcc -g -O2 -w -std=gnu89 -c backprop.c facetrain.c imagenet.c; } &&
        nice "$nvcc" "${common[@]}" -O2 -include "$tmp/cuda13_compat.h" -c backprop_cuda.cu &&
        nice "$nvcc" "${common[@]}" backprop.o facetrain.o imagenet.o backprop_cuda.o -o prog -lm ;;
      # Patched: PrintDeviceProperties prints cudaDeviceProp's clockRate and
      # deviceOverlap, both removed in CUDA 13: 0 and asyncEngineCount instead
      # (that function only prints; no result depends on it).
      gaussian)
        sed -i -e 's/deviceProp\.clockRate/0/' -e 's/deviceProp\. *deviceOverlap/deviceProp.asyncEngineCount/' gaussian.cu &&
        nice "$nvcc" "${common[@]}" -include "$tmp/cuda13_compat.h" gaussian.cu -o prog ;;
      # lud/cuda/Makefile: -O3 -use_fast_math -DGPU_TIMER (its -arch=sm_20 is gone from CUDA 13)
      lud)
        cd cuda && nice "$nvcc" "${common[@]}" -I../common -O3 -use_fast_math -DGPU_TIMER \
          lud.cu lud_kernel.cu ../common/common.c -o ../prog -lm ;;
    esac
  }
  # The OpenCL runs' sizes (validate_layer.sh's rodinia_args) in the CUDA
  # programs' arguments.
  declare -A rodinia_args=(
    [pathfinder]="2000 40 10"  # OpenCL: -c 2000 -r 40 -h 10 (CUDA: cols rows pyramid_height)
    [nw]="256 10"              # OpenCL: 256 10 ./nw.cl
    [backprop]="4096"          # OpenCL: -n 4096
    [gaussian]="-s 64"         # OpenCL: -s 64
    [lud]="-s 256 -v"          # OpenCL: -s 256 -v
  )
  declare -A rodinia_size=(
    [pathfinder]="2000 x 40, pyramid 10 (as OpenCL)"
    [nw]="256 x 256 (as OpenCL)"
    [backprop]="4096 inputs (as OpenCL)"
    [gaussian]="64 x 64 (as OpenCL)"
    [lud]="256 x 256 (as OpenCL)"
  )
  for base in pathfinder nw backprop gaussian lud; do
    name=rodinia/$base
    wanted "$name" || continue
    mkdir -p "$dest/$name"
    if (rodinia_build "$base") >"$tmp/build.log" 2>&1; then
      cp "$tmp/rodinia/$base/prog" "$dest/$name/prog"
      added "$name" "${rodinia_size[$base]}" same "${rodinia_args[$base]}" \
        "$([ "$base" = nw ] && echo result.txt)"
    else
      cp "$tmp/build.log" "$dest/$name/build.log"
      broken "$name" "$dest/$name/build.log"
    fi
  done

  {
    echo "built $(date -u +%Y-%m-%dT%H:%M:%SZ) for $arch, dataset $size"
    "$nvcc" --version | tail -2
    echo "polybench-acc $(git -C "$cache/polybench-acc" rev-parse HEAD 2>/dev/null)"
    echo "gpu-rodinia $(git -C "$cache/gpu-rodinia" rev-parse HEAD 2>/dev/null)"
  } >"$dest/BUILD_INFO"
  rm -rf "$tmp"
  echo "built $built programs into $dest ($(du -sh "$dest" | cut -f1)); $failed failed" >&2
  [ "$failed" = 0 ]
}

if [ "$mode" != run ]; then
  [ "$mode" = build ] || bindir=$out/bin
  build_all "$bindir" || [ "$mode" = all ] || exit 1
  [ "$mode" = build ] && exit 0
fi

# ---- run -------------------------------------------------------------------------
[ -f "$bindir/manifest.tsv" ] || { echo "error: no $bindir/manifest.tsv: build first (--build-only $bindir)" >&2; exit 2; }
bindir=$(cd "$bindir" && pwd)
mkdir -p "$out"
out=$(cd "$out" && pwd)
export LD_LIBRARY_PATH=$bindir/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}

# A GPU, and the sanitizer.
if ! "$bindir/cuda-device-probe" >"$out/device.txt" 2>&1; then
  echo "error: this mode runs the programs on a CUDA GPU, and there is none usable here:" >&2
  sed 's/^/  /' "$out/device.txt" >&2
  [ -e /dev/nvidiactl ] || echo "  (no /dev/nvidiactl: no NVIDIA driver on this machine)" >&2
  exit 3
fi
sanitizer=$(find_compute_sanitizer)
[ -n "$sanitizer" ] ||
  { echo "error: no compute-sanitizer (on PATH, under /usr/local/cuda*/bin): set COMPUTE_SANITIZER" >&2; exit 3; }
{
  cat "$out/device.txt"
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null | sed 's/^/nvidia-smi: /'
  echo "sanitizer: $sanitizer"
  "$sanitizer" --version 2>&1 | tail -2
  cat "$bindir/BUILD_INFO" 2>/dev/null
} >"$out/environment.txt"
sed 's/^/  /' "$out/environment.txt" >&2

mapfile -t programs <"$bindir/manifest.tsv"
# Rodinia's tiled kernels (shared memory, what racecheck checks) first, so that
# a time budget leaves them their full limit; the table keeps the manifest's order.
runorder=()
for i in "${!programs[@]}"; do [[ ${programs[$i]} == rodinia/* ]] && runorder+=("$i"); done
for i in "${!programs[@]}"; do [[ ${programs[$i]} == rodinia/* ]] || runorder+=("$i"); done
tools=(racecheck)
[ $memcheck = 1 ] && tools+=(memcheck)
runs_left=0
for i in "${runorder[@]}"; do wanted "${programs[$i]%%$'\t'*}" && runs_left=$((runs_left + ${#tools[@]})); done
spent=0
rm -rf "$out/work" "$out/rows"
mkdir -p "$out/work" "$out/rows"

# PolyBench's line with its count of results that differ from its CPU reference
mismatch="(Non-Matching CPU-GPU Outputs[^:]*|Number of misses): [0-9]+"
# The output without its timings and the sanitizer's lines (compared between runs).
untimed() {
  grep -vE "^(Init|MemAlloc|HtoD|Exec|DtoH|Close|Total): |^[0-9]+x[0-9]+ |[Tt]ime|second|^========="
}
# limit of the next sanitizer run (the budget's share, see the header)
next_limit() {
  if [ "$budget" = 0 ]; then echo "$limit"; return; fi
  awk -v b="$budget" -v s="$spent" -v n="$runs_left" -v l="$limit" -v f="$floor" \
    'BEGIN { if (f > l) f = l; t = b - s - (n - 1) * f; if (t > l) t = l; if (t < f) t = f; printf "%d", t }'
}
# run_one TOOL|plain NAME: runs the program (alone or under the sanitizer tool)
# in a fresh copy of its folder; sets rc, secs, t_limit
run_one() {
  local tool=$1 name=$2 wd=$out/work/$2 log=$out/$2
  rm -rf "$wd"
  mkdir -p "$wd" "$log"
  cp -r "$bindir/$name"/. "$wd/"
  local t0 t1
  if [ "$tool" = plain ]; then
    t_limit=$limit
    t0=$(now)
    (cd "$wd" && timeout -k 10 "$t_limit" ./prog $args) >"$log/plain.out" 2>"$log/plain.err"
    rc=$?
  else
    t_limit=$(next_limit)
    t0=$(now)
    (cd "$wd" && timeout -k 10 "$t_limit" "$sanitizer" --tool "$tool" --log-file "$log/$tool.log" ./prog $args) \
      >"$log/$tool.out" 2>"$log/$tool.err"
    rc=$?
  fi
  t1=$(now)
  secs=$(calc "%.2f" "$t1 - $t0")
  [ "$secs" = 0.00 ] && secs=0.01
  if [ "$tool" != plain ]; then
    spent=$(calc "%.2f" "$spent + $secs")
    runs_left=$((runs_left - 1))
  fi
  [ -n "$result" ] && [ -f "$wd/$result" ] && cat "$wd/$result" >>"$log/$tool.out"
  rm -rf "$wd"
}
timed_out() { sanitizer_timed_out "$rc"; }
# output_ok TOOL: the cell for the output of TOOL's run beside the plain run's
output_ok() {
  local log=$out/$name
  if timed_out; then echo "timed out"
  elif [ "$check" = same ]; then
    diff <(untimed <"$log/plain.out") <(untimed <"$log/$1.out") >"$log/$1-output.diff" && echo same ||
      echo "DIFFERS (see $name/$1-output.diff)"
  elif grep -qE "$check" "$log/$1.out"; then echo yes
  elif [ "$(grep -E "$mismatch" "$log/$1.out")" = "$(grep -E "$mismatch" "$log/plain.out")" ] &&
       grep -qE "$mismatch" "$log/plain.out"; then echo same  # (as wrong as the plain run's)
  else echo NO
  fi
}
# the sanitizer's summary, as a cell
hazards_cell() {  # TOOL
  local f=$out/$name/$1.log summary
  if timed_out; then echo "timed out (no summary)"; return; fi
  if [ "$1" = racecheck ]; then
    racecheck_cell "$f" "$rc" "$name/racecheck.log"
  else
    summary=$(grep -oE "ERROR SUMMARY: [0-9]+ errors?" "$f" 2>/dev/null | tail -1)
    if [ -z "$summary" ]; then echo "no summary (exit $rc; see $name/memcheck.log)"
    elif [[ $summary == *": 0 error"* ]]; then echo "none"
    else echo "${summary#*: }"
    fi
  fi
}

header="| program | plain (s) | racecheck (s) | slowdown | hazards reported | output correct | size |"
rule="| --- | ---: | ---: | ---: | --- | --- | --- |"
if [ $memcheck = 1 ]; then
  header="$header memcheck (s) | memcheck slowdown | memcheck errors |"
  rule="$rule ---: | ---: | --- |"
fi

for i in "${runorder[@]}"; do
  IFS=$'\t' read -r name sizecell check args result <<<"${programs[$i]}"
  wanted "$name" || continue
  [ "$args" = - ] && args=""
  [ "$result" = - ] && result=""
  echo "== $name ($sizecell)" >&2
  run_one plain "$name"
  plain=$secs plain_rc=$rc
  if [ "$plain_rc" != 0 ]; then
    correct="plain run failed (exit $plain_rc; see $name/plain.err)"
    timed_out && correct="plain run timed out after $t_limit s"
  elif [ "$check" = same ]; then
    correct=yes  # (Rodinia: the run under the sanitizer printed what the plain run printed, below)
  elif grep -qE "$check" "$out/$name/plain.out"; then
    correct=yes
  else
    correct="NO (its own check: $(grep -oE "$mismatch" "$out/$name/plain.out" | tail -1 | sed 's/.*: /mismatches: /'))"
  fi
  row="| $name | $plain"
  for tool in "${tools[@]}"; do
    run_one "$tool" "$name"
    if timed_out; then
      cell_s="> $t_limit"
      slow="> $(calc "%.0f" "$t_limit / $plain")x (timed out after $t_limit s)"
    else
      cell_s=$secs
      slow=$(calc "%.1fx" "$secs / $plain")
    fi
    hz=$(hazards_cell "$tool")
    same=$(output_ok "$tool")
    if [ "$tool" = racecheck ]; then
      case $same in yes|same) ;; *) correct="$correct; under racecheck: $same" ;; esac
      row="$row | $cell_s | $slow | $hz | $correct | $sizecell"
    else
      case $same in yes|same|"timed out") ;; *) hz="$hz; output: $same" ;; esac
      row="$row | $cell_s | $slow | $hz"
    fi
    echo "   $tool: ${secs}s (plain ${plain}s, limit ${t_limit}s, exit $rc): $slow; $hz" >&2
  done
  echo "$row |" >"$out/rows/$(printf %03d "$i")"
  { echo "$header"; echo "$rule"; cat "$out/rows"/*; } >"$out/table.partial.md"
done
rm -rf "$out/work"

table=$out/table.md
{ echo "$header"; echo "$rule"; cat "$out/rows"/* 2>/dev/null; } >"$table"
rm -rf "$out/rows" "$out/table.partial.md"
echo >&2
cat "$table"
echo
echo "compute-sanitizer: $("$sanitizer" --version 2>&1 | grep -oE "Version [^ ]+" | head -1); $(head -1 "$out/device.txt")"
if [ -n "$ampcl_table" ]; then
  out_ratios=$(mktemp)
  merge "$ampcl_table" "$table" >"$out/comparison.md"
  rm -f "$out_ratios"
  echo
  cat "$out/comparison.md"
fi
echo
echo "Outputs and the sanitizer's logs: $out"
