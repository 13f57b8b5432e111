#!/usr/bin/env bash
# Configures (once) and builds ampcl into build/ (or $AMPCL_BUILD_DIR).
# Extra arguments go to cmake's configure step.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${AMPCL_BUILD_DIR:-$root/build}
jobs=${AMPCL_JOBS:-2}

args=(-DCMAKE_BUILD_TYPE="${AMPCL_BUILD_TYPE:-RelWithDebInfo}")
[ "${CI:-}" = "true" ] && args+=(-DAMPCL_WERROR=ON)
if [ ! -f "$build/CMakeCache.txt" ] || [ $# -gt 0 ]; then
  cmake -S "$root" -B "$build" "${args[@]}" "$@" >/dev/null
fi
cmake --build "$build" -j "$jobs"
