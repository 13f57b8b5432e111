#!/usr/bin/env bash
# Real C++ AMP library kernels, compiled by ampcl-c++, against CUDA's libraries:
# AMD Bolt's sort, inclusive_scan and reduce (HCC's Linux port) and MulticoreWare's hcBLAS
# sgemm, against CUB/Thrust and cuBLAS on the same sizes, data, timing and checks
# (bench/libraries/: bolt_bench.cpp, hcblas_bench.cpp, cuda_baselines.cu). Prints one table:
# op, n, ampcl-c++ + library ms, CUDA library ms, ratio. docs/performance.md has the figures.
#
#   scripts/bench_libraries.sh [--quick] [--build-only] [--prebuilt] [--bin DIR] [--out DIR]
#   scripts/bench_libraries.sh --table RESULTS.csv
#
#   --quick       small sizes (2^16 elements; sgemm 256 and 512), 3 repetitions: a check on PoCL
#   --build-only  build the programs into --bin and run nothing
#   --prebuilt    use the ampcl programs already in --bin (built elsewhere with --build-only:
#                 a GPU machine without ampcl-c++); cuda_baselines is still built where nvcc is
#   --bin DIR     where the programs go (default OUT/bin)
#   --out DIR     results.csv (every CSV line and every FAIL line), table.md, run.log
#                 (default /tmp/ampcl-bench-libraries)
#   --table CSV   print the table of a results.csv again and stop
#
# Building needs the corpora that scripts/validate_libraries.sh extracts at pinned commits
# (ROCm/hcc's Bolt/, rocmarchive/hcBLAS; never committed here): when its work folder lacks
# them, this runs `scripts/validate_libraries.sh --only bolt-hcc,hcblas --no-run --tests '^$'`,
# which extracts both, applies tools/validate_amp/substitutions.tsv and compiles the
# libraries' own sources (Bolt's control.cpp, bolt.cpp, statisticalTimer.cpp; hcBLAS's
# lib/src/blas/*/*.cpp) with ampcl-c++, the flags of its Bolt and hcBLAS builders, and no test.
# Bolt is built twice: as published ("bolt") and with the substitutions of
# bench/libraries/bolt_fixes.tsv applied to a copy of its headers by
# tools/validate_amp/substitute.py ("bolt_fixed": three races and an out-of-bounds store of
# Bolt's own, found with ampcl-racecheck; the table's header and reasons say which).
#
# Each operation runs in its own process (a kernel that faults loses one row, not the rest),
# under `timeout`. A wrong result prints FAIL (results.csv, the table marks it) and the
# script exits 1.
#
# Environment:
#   AMPCL_BUILD_DIR        build tree holding translate/ampcl-c++ (default: build)
#   AMPCL_VALIDATION_WORK  scripts/validate_libraries.sh's work folder (default /tmp/ampcl-validate-libs)
#   AMPCL_DEVICE           the OpenCL device the ampcl programs run on (e.g. nvidia)
#   NVCC, NVCC_ARCH        CUDA's compiler (default nvcc) and -arch (default native where
#                          nvidia-smi sees a GPU, else sm_90: built, not run)
#   BENCH_TIMEOUT          seconds for each program (default 300)
set -uo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
quick=0 build_only=0 prebuilt=0 bin="" out="/tmp/ampcl-bench-libraries" table_of=""
while (($#)); do
  case "$1" in
    --quick) quick=1 ;;
    --build-only) build_only=1 ;;
    --prebuilt) prebuilt=1 ;;
    --bin) bin="$2"; shift ;;
    --out) out="$2"; shift ;;
    --table) table_of="$2"; shift ;;
    -h|--help) sed -n '2,/^set -uo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "bench_libraries: unknown argument $1 (--help)" >&2; exit 2 ;;
  esac
  shift
done
table() {  # results.csv -> a Markdown table, then the failures
  awk -F, '
    NR == 1 { next }
    $1 == "FAIL" { bad[$2 "," $3 "," $4] = 1; fails[++nf] = $0; next }
    { v[$1 "," $2 "," $3] = $4; ns[$3] = 1 }
    function cell(k) { return (k in v) ? v[k] ((k in bad) ? " (FAIL)" : "") : ((k in bad) ? "FAIL" : "-") }
    END {
      np = split("bolt:sort:cub:sort:sort (32-bit keys)|bolt_fixed:sort:cub:sort:sort (32-bit keys)|" \
                 "bolt:sort:thrust:sort:sort (32-bit keys)|bolt_fixed:sort:thrust:sort:sort (32-bit keys)|" \
                 "bolt:sort_restore_copy:cuda:sort_restore_copy:restore copy before each sort|" \
                 "bolt:inclusive_scan:cub:inclusive_scan:inclusive_scan (int)|" \
                 "bolt_fixed:inclusive_scan:cub:inclusive_scan:inclusive_scan (int)|" \
                 "bolt:reduce:cub:reduce:reduce (int sum)|hcblas:sgemm:cublas:sgemm:sgemm (n x n x n)", P, "|")
      name["bolt"] = "Bolt"; name["bolt_fixed"] = "Bolt + bolt_fixes.tsv"; name["hcblas"] = "hcBLAS"
      name["cub"] = "CUB"; name["thrust"] = "thrust::sort"; name["cuda"] = "cudaMemcpy"; name["cublas"] = "cuBLAS"
      print "| op | n | ampcl-c++ + library | ms | CUDA library | ms | ratio |"
      print "| --- | ---: | --- | ---: | --- | ---: | ---: |"
      m = 0; for (n in ns) sorted[++m] = n + 0
      for (i = 1; i <= m; i++) for (j = i + 1; j <= m; j++) if (sorted[j] < sorted[i]) { t = sorted[i]; sorted[i] = sorted[j]; sorted[j] = t }
      for (p = 1; p <= np; p++) {
        split(P[p], f, ":")
        for (i = 1; i <= m; i++) {
          n = sorted[i]; a = f[1] "," f[2] "," n; c = f[3] "," f[4] "," n
          if (!(a in v) && !(a in bad)) continue
          ratio = ((a in v) && (c in v) && v[c] > 0) ? sprintf("%.2f", v[a] / v[c]) : "-"
          extra = ""
          if (f[2] == "sgemm") extra = sprintf(" (%s / %s GFLOP/s)", cell("hcblas,sgemm_gflops," n), cell("cublas,sgemm_gflops," n))
          printf "| %s%s | %d | %s | %s | %s | %s | %s |\n", f[5], extra, n, name[f[1]], cell(a), name[f[3]], cell(c), ratio
        }
      }
      if (nf) { print ""; print "Failures (a wrong result, an exception, a timeout):"; for (i = 1; i <= nf; i++) print "- " fails[i] }
    }' "$1"
}
if [[ -n "$table_of" ]]; then table "$table_of"; exit; fi
mkdir -p "$out" && out="$(cd "$out" && pwd)"
bin="${bin:-$out/bin}"
mkdir -p "$bin" && bin="$(cd "$bin" && pwd)"
log="$out/run.log"
: > "$log"

if ((quick)); then
  logs=(16) gemms=(256 512) reps=3 greps=2
else
  logs=(20 24) gemms=(1024 2048 4096) reps=10 greps=5
fi
join() { local IFS=,; echo "$*"; }

# ---- the ampcl programs
if ((!prebuilt)); then
  build="${AMPCL_BUILD_DIR:-$repo/build}"
  [[ "$build" = /* ]] || build="$repo/$build"
  cxx="$build/translate/ampcl-c++"
  work="${AMPCL_VALIDATION_WORK:-/tmp/ampcl-validate-libs}"
  if [[ ! -x "$cxx" ]]; then
    echo "bench_libraries: no ampcl-c++ at $cxx (set AMPCL_BUILD_DIR, or --prebuilt)" >&2
    exit 2
  fi
  bolt="$work/bolt-hcc/src/Bolt" hcblas="$work/hcblas/src"
  if ! ls "$work"/bolt-hcc/_prebuilt/bolt_runtime.0.o "$work"/hcblas/_prebuilt/lib.0.o >/dev/null 2>&1; then
    echo "preparing the corpora in $work (scripts/validate_libraries.sh, a few minutes)"
    AMPCL_BUILD_DIR="$build" "$repo/scripts/validate_libraries.sh" --only bolt-hcc,hcblas --no-run \
      --tests '^$' --work "$work" >>"$log" 2>&1
    if ! ls "$work"/bolt-hcc/_prebuilt/bolt_runtime.0.o "$work"/hcblas/_prebuilt/lib.0.o >/dev/null 2>&1; then
      echo "bench_libraries: the corpora did not build (run.log; $work/*/_prebuilt/*.log)" >&2
      exit 1
    fi
  fi
  # The harness's flags: its probe gives the HCC corpora --hcc where ampcl-c++ has it.
  dialect=()
  "$cxx" --help 2>/dev/null | grep -q -- --hcc && dialect=(--hcc)
  fixed="$bin/bolt-fixed"
  rm -rf "$fixed" && mkdir -p "$fixed" && cp -r "$bolt/include" "$fixed/"
  python3 "$repo/tools/validate_amp/substitute.py" --table "$repo/bench/libraries/bolt_fixes.tsv" \
    "$fixed" bolt-fixes >>"$log" 2>&1 \
    || { echo "bench_libraries: a row of bolt_fixes.tsv matched nothing (run.log)" >&2; exit 1; }
  bolt_objs=("$work"/bolt-hcc/_prebuilt/bolt_runtime.*.o)
  mapfile -t hcblas_objs < <(ls "$work"/hcblas/_prebuilt/lib.*.o | sort -V)
  compile() {  # name, then the command
    local name="$1"; shift
    echo "building $name"
    echo "\$ $*" >>"$log"
    if ! "$@" >>"$log" 2>&1; then echo "bench_libraries: $name did not build (run.log)" >&2; exit 1; fi
  }
  bolt_flags=(-O2 "${dialect[@]}" -DBOLT_AMP -DNOMINMAX)
  compile bolt_bench "$cxx" "${bolt_flags[@]}" -I"$bolt/include" -I"$bolt" \
    "$repo/bench/libraries/bolt_bench.cpp" "${bolt_objs[@]}" -pthread -o "$bin/bolt_bench"
  compile bolt_bench_fixed "$cxx" "${bolt_flags[@]}" -I"$fixed/include" -I"$bolt/include" -I"$bolt" \
    "$repo/bench/libraries/bolt_bench.cpp" "${bolt_objs[@]}" -pthread -o "$bin/bolt_bench_fixed"
  compile hcblas_bench "$cxx" -O2 "${dialect[@]}" -DLINUX -I"$hcblas/lib/src/include" \
    "$repo/bench/libraries/hcblas_bench.cpp" "${hcblas_objs[@]}" -o "$bin/hcblas_bench"
fi

# ---- CUDA's libraries, where nvcc is
nvcc="${NVCC:-nvcc}"
gpu=0
command -v nvidia-smi >/dev/null && nvidia-smi -L >/dev/null 2>&1 && gpu=1
have_cuda=0
if command -v "$nvcc" >/dev/null; then
  arch="${NVCC_ARCH:-}"
  [[ -n "$arch" ]] || { ((gpu)) && arch=native || arch=sm_90; }
  echo "building cuda_baselines (nvcc -arch=$arch)"
  echo "\$ $nvcc -O3 -arch=$arch -o $bin/cuda_baselines bench/libraries/cuda_baselines.cu -lcublas" >>"$log"
  if "$nvcc" -O3 -arch="$arch" -o "$bin/cuda_baselines" "$repo/bench/libraries/cuda_baselines.cu" -lcublas >>"$log" 2>&1; then
    have_cuda=1
  else
    echo "bench_libraries: cuda_baselines did not build (run.log)" >&2
  fi
fi
((build_only)) && { echo "built into $bin"; exit 0; }

# ---- runs
csv="$out/results.csv"
echo "library,op,n,value" >"$csv"
status=0
run() {  # a program and its arguments; its CSV lines go to results.csv
  echo "== $*" | tee -a "$log" >&2
  local rc
  timeout "${BENCH_TIMEOUT:-300}" "$@" 2>>"$log" | grep -v '^library,op,' | tee -a "$csv"
  rc=${PIPESTATUS[0]}
  if ((rc)); then
    echo "   exit $rc" | tee -a "$log" >&2
    status=1
    ((rc == 124)) && echo "FAIL,$(basename "$1"),timeout,0,killed after ${BENCH_TIMEOUT:-300} s" >>"$csv"
  fi
}
for op in sort scan reduce; do
  run "$bin/bolt_bench" -r "$reps" -o "$op" "${logs[@]}"
done
for op in sort scan; do  # bolt_fixes.tsv changes nothing in reduce
  run "$bin/bolt_bench_fixed" -l bolt_fixed -r "$reps" -o "$op" "${logs[@]}"
done
run "$bin/hcblas_bench" -r "$greps" "${gemms[@]}"
if ((have_cuda && gpu)); then
  run "$bin/cuda_baselines" -r "$reps" -g "$greps" -n "$(join "${logs[@]}")" -m "$(join "${gemms[@]}")"
else
  echo "(no CUDA run: $( ((have_cuda)) && echo 'no GPU seen by nvidia-smi' || echo 'no nvcc'))" | tee -a "$log" >&2
fi

# ---- the table
table "$csv" | tee "$out/table.md"
echo "results: $csv, $out/table.md, $log"
exit $status
