#!/usr/bin/env bash
# Each kernel of FILE instrumented as a checked run asks for it (kernels without
# tile_static memory get one text, instrumented together): writes OUTDIR/KERNEL.cl and
# prints its path, one a line. Used by driver_build_time.sh and driver_build_proxy.sh.
#
#   bench/racecheck/instrument_kernels.sh FILE OPTIONS OUTDIR
#
# AMPCL_BUILD_DIR: ampcl's build (ampcl-instrument).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${AMPCL_BUILD_DIR:-$root/build}
[ $# -eq 3 ] || { sed -n '2,8p' "$0"; exit 2; }
file=$1 options=$2 out=$3
mkdir -p "$out"
kernels=$(python3 -c 'import re, sys; print(" ".join(re.findall(r"__kernel\s+void\s+(\w+)", open(sys.argv[1]).read())))' "$file")
for kernel in $kernels; do
  "$build/debug/instrument/ampcl-instrument" --kernel "$kernel" --name "$(basename "$file")" \
    --options "$options" --source-only < "$file" > "$out/$kernel.cl"
  echo "$out/$kernel.cl"
done
