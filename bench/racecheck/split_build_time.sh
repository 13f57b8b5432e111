#!/usr/bin/env bash
# Kernels built together against each built alone, one after another and all at once as
# processes (not a test; docs/validation_layer.md, "builds in helper processes"): for
# FILE's kernels without tile_static memory, the driver's build of their one
# instrumented program, of each kernel's own (split_kernels.py), and the wall time of
# starting those as processes at once.
#
#   CUDA_CACHE_DISABLE=1 bench/racecheck/split_build_time.sh FILE.cl [OPTIONS]
#
# On PoCL set POCL_KERNEL_CACHE=0: its cache keys the preprocessed source, so the
# timer's salt (a comment) does not keep it from answering.
#
# AMPCL_BUILD_DIR: ampcl's build (ampcl-instrument). The timer is driver_build_time.cpp.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
[ $# -ge 1 ] || { sed -n '2,13p' "$0"; exit 2; }
file=$1 options=${2:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
g++ -O2 -pthread -o "$work/timer" "$root/bench/racecheck/driver_build_time.cpp" -lOpenCL
list=$("$root/bench/racecheck/instrument_kernels.sh" "$file" "$options" "$work/kernels")
first=${list%%$'\n'*}  # kernels without tile_static memory share this one text
python3 "$root/bench/racecheck/split_kernels.py" "$first" "$work/alone" >/dev/null
"$work/timer" "$options -w" "$first" | sed 's/^/together: /'
for f in "$work"/alone/*.cl; do "$work/timer" "$options -w" "$f" | sed 's/^/alone: /'; done
t0=$(date +%s.%N)
for f in "$work"/alone/*.cl; do "$work/timer" "$options -w" "$f" >/dev/null & done
wait
python3 -c "import sys; print('all alone, at once as processes: %.2f s wall' % (float(sys.argv[2]) - float(sys.argv[1])))" "$t0" "$(date +%s.%N)"
