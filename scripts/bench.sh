#!/usr/bin/env bash
# ampcl benchmarks: one table per OpenCL device, ampcl against raw OpenCL, CLBlast
# and (where importable, with CUDA) PyTorch/cuBLAS; CSV and a PNG plot.
#
#   scripts/bench.sh [device filter]          e.g. scripts/bench.sh nvidia
#
# Environment:
#   AMPCL_BUILD_DIR   build directory (default build-bench); if it already holds
#                     bench/ampcl-bench-compare nothing is built
#   AMPCL_BENCH_OUT   where results.csv, results.png, tables.txt go (default bench-results/)
#   AMPCL_NO_SETUP=1  never call apt-get (otherwise missing build packages are installed)
#   AMPCL_BENCH_ARGS  extra arguments for ampcl-bench-compare (e.g. "--quick --max-log2 24")
#   AMPCL_BENCH_MICRO=1  also run the Google Benchmark micro-benchmarks
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
filter="${1:-}"
build="${AMPCL_BUILD_DIR:-$repo/build-bench}"
build="$(cd "$(dirname "$build")" && pwd)/$(basename "$build")"
out="${AMPCL_BENCH_OUT:-bench-results}"
mkdir -p "$out"
out="$(cd "$out" && pwd)"
compare="$build/bench/ampcl-bench-compare"

if [[ ! -x "$compare" ]]; then
  if [[ "${AMPCL_NO_SETUP:-0}" != 1 ]] && command -v apt-get >/dev/null; then
    missing=()
    for p in cmake g++ ocl-icd-opencl-dev opencl-headers libclblast-dev libbenchmark-dev; do
      dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
    done
    if ((${#missing[@]})); then
      echo "installing ${missing[*]}"
      sudo_cmd=""; [[ $(id -u) != 0 ]] && sudo_cmd=sudo
      $sudo_cmd apt-get install -y "${missing[@]}"
    fi
  fi
  echo "building into $build"
  cmake -S "$repo" -B "$build" -DCMAKE_BUILD_TYPE=Release -DAMPCL_BUILD_BENCH=ON \
    -DAMPCL_RACECHECK=OFF -DAMPCL_BUILD_TESTS=OFF -DAMPCL_BUILD_EXAMPLES=OFF >/dev/null
  cmake --build "$build" --target ampcl-bench-compare -j "${AMPCL_JOBS:-2}"
  if cmake --build "$build" --target help | grep -q ampcl-bench-amp; then
    cmake --build "$build" --target ampcl-bench-amp -j "${AMPCL_JOBS:-2}"
  fi
fi
if ldd "$compare" | grep -q "not found"; then
  echo "missing shared libraries for $compare:"; ldd "$compare" | grep "not found"
  echo "(install ocl-icd-libopencl1 and libclblast1, or set LD_LIBRARY_PATH)"; exit 1
fi

echo "== devices"
if command -v clinfo >/dev/null; then clinfo -l || true; fi

# PyTorch baselines, only with CUDA (skipped on CPU-only machines).
torch_json=""
if python3 -c "import torch, sys; sys.exit(0 if torch.cuda.is_available() else 1)" 2>/dev/null; then
  echo "== PyTorch/cuBLAS baselines"
  if python3 "$repo/bench/torch_baselines.py" >"$out/torch.json"; then
    cat "$out/torch.json"; torch_json="$out/torch.json"
  else
    echo "torch baselines failed; continuing without them"
  fi
else
  echo "== PyTorch with CUDA not importable: no PyTorch column"
fi

echo "== ampcl-bench-compare ${filter:+(devices matching '$filter')}"
args=(--out "$out")
[[ -n "$filter" ]] && args+=(--device "$filter")
[[ -n "$torch_json" ]] && args+=(--torch-json "$torch_json")
# shellcheck disable=SC2206
args+=(${AMPCL_BENCH_ARGS:-})
export AMPCL_CACHE_DIR="${AMPCL_CACHE_DIR:-$out/kernel-cache}"
echo "command: $compare ${args[*]}" | tee "$out/tables.txt"
"$compare" "${args[@]}" | tee -a "$out/tables.txt"

if [[ "${AMPCL_BENCH_MICRO:-0}" == 1 && -x "$build/bench/ampcl-bench-micro" ]]; then
  echo "== Google Benchmark micro-benchmarks (default device)"
  AMPCL_DEVICE="${filter:-${AMPCL_DEVICE:-}}" "$build/bench/ampcl-bench-micro" \
    --benchmark_min_time=0.05 | tee "$out/micro.txt" || echo "micro-benchmarks failed"
fi

if [[ -x "$build/bench/ampcl-bench-amp" ]]; then
  echo "== ampcl-c++: translated C++ AMP kernels against hand-written ones (ratio = translated / hand-written)"
  AMPCL_DEVICE="${filter:-${AMPCL_DEVICE:-}}" "$build/bench/ampcl-bench-amp" | tee "$out/amp.txt" ||
    echo "ampcl-bench-amp failed"
fi

python3 "$repo/bench/plot.py" "$out/results.csv" "$out/results.png" || echo "plot failed"
echo "results in $out"
