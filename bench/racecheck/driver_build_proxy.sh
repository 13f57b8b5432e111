#!/usr/bin/env bash
# A proxy of NVIDIA's OpenCL driver build, for where no NVIDIA GPU is (not a test): each
# kernel of FILE instrumented as a checked run builds it (kernels without tile_static
# memory together in one program, each other kernel in one of its own), then compiled
# as the driver would: clang 14 to LLVM at -O3 with NVVM-like inlining (inline
# threshold 5000: NVIDIA's PTX holds the checks inlined at every access), the module
# internalized but for its kernels (its PTX holds no uncalled function), llc to PTX,
# ptxas -O3 for sm_90. Prints per program the CPU seconds of each step, the PTX and
# SASS bytes; the plain file first.
#
#   bench/racecheck/driver_build_proxy.sh FILE.cl [CLANG_OPTIONS [HOST_DEFINES]]
#
# HOST_DEFINES: what the checker adds for a launch (-DAMPCL_LSH_WORDS=... -DAMPCL_RC_TILE_X=...),
# given to the instrumented programs only. Environment: AMPCL_BUILD_DIR (ampcl-instrument),
# AMPCL_RACECHECK_RUNTIME (another shadow runtime), OLD_OFF_KERNELS=1 (the program's other
# kernels as before 2026-11-30: a context whose `on` is 0, for runtimes of that time),
# KEEP=DIR (keep the sources and PTX there).
# On the H200 this proxy's PTX was 0.78-0.83x the driver's for the instrumented programs
# and its CPU seconds 1.2-3.1x the driver's build (docs/validation_layer.md).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
[ $# -ge 1 ] || { sed -n '2,19p' "$0"; exit 2; }
file=$1 options=${2:-} host=${3:-}
ptxas=$(command -v ptxas || echo /usr/local/cuda/bin/ptxas)
for t in clang-14 opt-14 llc-14 "$ptxas"; do command -v "$t" >/dev/null || { echo "needs $t" >&2; exit 2; }; done
work=${KEEP:-$(mktemp -d)}
mkdir -p "$work"
[ -n "${KEEP:-}" ] || trap 'rm -rf "$work"' EXIT
secs() {  # CPU seconds of a command (user + system)
  /usr/bin/time -f "%U %S" -o "$work/time" "$@" >/dev/null
  awk '{printf "%.2f", $1 + $2}' "$work/time"
}
proxy() {  # SRC OPTIONS -> one line
  local src=$1 opts=$2 b=${1%.cl} kernels f o l p
  kernels=$(python3 -c 'import re, sys; print(",".join(re.findall(r"__kernel\s+void\s+(?:AMPCL_RC_KERNEL_SHAPE\s+)?(\w+)\s*\(", open(sys.argv[1]).read())))' "$src")
  f=$(secs clang-14 -x cl -cl-std=CL1.2 -target nvptx64-nvidia-nvcl -Xclang -finclude-default-header \
    -include "$root/bench/racecheck/nvptx_shim.h" -O3 -mllvm -inline-threshold=5000 -w $opts \
    -emit-llvm -c -o "$b.0.bc" "$src")
  o=$(secs opt-14 -internalize-public-api-list="$kernels" -passes=internalize,globaldce -o "$b.bc" "$b.0.bc")
  l=$(secs llc-14 -O3 -mcpu=sm_80 -mattr=+ptx70 -o "$b.ptx" "$b.bc")
  sed -i 's/^\.version 7\.0/.version 7.8/; s/^\.target sm_80/.target sm_90/' "$b.ptx"
  p=$(secs "$ptxas" -arch=sm_90 -O3 -o "$b.cubin" "$b.ptx")
  awk -v n="$3" -v f="$f" -v o="$o" -v l="$l" -v p="$p" -v x="$(stat -c %s "$b.ptx")" -v s="$(stat -c %s "$b.cubin")" \
    'BEGIN { printf "%-28s %6.2f s (clang %.2f, internalize %.2f, llc %.2f, ptxas %.2f)  PTX %8d  SASS %7d\n", n, f + o + l + p, f, o, l, p, x, s }'
}
cp "$file" "$work/plain.cl"
(cd "$(dirname "$file")" && proxy "$work/plain.cl" "$options" "plain")
list=$("$root/bench/racecheck/instrument_kernels.sh" "$file" "$options" "$work/instrumented")
declare -A built  # a program's text -> the kernel whose build it is: kernels
                  # instrumented together share one build, as in a checked run
while read -r instrumented; do
  [ "${OLD_OFF_KERNELS:-0}" = 1 ] && sed -i 's/ampcl_ctx\* const __ampcl_c = 0;/ampcl_ctx __ampcl_cv; ampcl_ctx* __ampcl_c = \&__ampcl_cv; __ampcl_cv.on = 0;/' "$instrumented"
  name=$(basename "$instrumented" .cl) sum=$(md5sum < "$instrumented")
  if [ -n "${built[$sum]:-}" ]; then
    printf '%-28s the program of %s: no build\n' "$name" "${built[$sum]}"
    continue
  fi
  built[$sum]=$name
  (cd "$(dirname "$file")" && proxy "$instrumented" "$options $host" "$name")
done <<< "$list"
