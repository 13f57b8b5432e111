#!/usr/bin/env bash
# Microsoft's C++ AMP conformance suite (../shared/amp-conformance), compiled and
# run with ampcl-c++: passed / failed / not translatable per chapter, failures
# grouped by reason. Slow (about 1200 tests, each two Clang passes and a link):
# not part of scripts/test.sh. Exits 1 when a selected test did not pass.
#
#   scripts/conformance.sh [conformance.py options]
#       e.g. --list hcc, --filter 5_Data_Cont, --devices pocl,nvidia, --out DIR
#
# Environment: AMPCL_BUILD_DIR (default build/; ampcl-c++ is built there if missing),
# AMPCL_JOBS (default: the number of cores).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${AMPCL_BUILD_DIR:-$root/build}
cxx=$build/translate/ampcl-c++
if [ ! -x "$cxx" ]; then
  "$root/scripts/setup.sh"
  AMPCL_BUILD_DIR=$build "$root/scripts/build.sh"
fi
exec python3 "$root/scripts/conformance.py" --ampcl-cxx "$cxx" --jobs "${AMPCL_JOBS:-$(nproc)}" "$@"
