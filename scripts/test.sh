#!/usr/bin/env bash
# The test command: installs what is missing, builds, runs every test with CTest
# on the default device (PoCL unless AMPCL_DEVICE says otherwise).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
start=$(date +%s)

"$root/scripts/setup.sh"
"$root/scripts/build.sh"

build=${AMPCL_BUILD_DIR:-$root/build}
# A private, empty program cache per run, so tests see what a new user sees.
export AMPCL_CACHE_DIR=${AMPCL_CACHE_DIR:-$(mktemp -d)}
cd "$build"
ctest --output-on-failure -j "${AMPCL_JOBS:-2}" "$@"
echo "test.sh: finished in $(( $(date +%s) - start )) s"
