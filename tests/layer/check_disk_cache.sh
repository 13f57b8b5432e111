#!/usr/bin/env bash
# A program checked through the layer twice with one AMPCL_CACHE_DIR (a CI
# cache): the first run builds its instrumented programs from source and stores
# them, the second loads every one from the disk cache and builds none.
#
#   check_disk_cache.sh RACECHECK -- PROGRAM [ARGS...]
set -uo pipefail
racecheck=$(realpath "$1")
shift 2  # RACECHECK --
program=$(realpath "$1")
shift
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -m 700 "$work/cache"
cd "$work"  # the layer writes the program's sources beside the report

fail() {
  echo "FAIL: $*" >&2
  exit 1
}

for run in cold warm; do
  AMPCL_CACHE_DIR="$work/cache" AMPCL_CACHE_BINARIES=always AMPCL_LOG=info "$racecheck" --error-exitcode 0 -- "$program" "$@" \
    >"$work/$run.out" 2>"$work/$run.err" || { cat "$work/$run.err" >&2; fail "$run run failed"; }
  echo "--- $run run: instrumented programs"
  grep "(instrumented)" "$work/$run.err"
done
grep -q "built .* (instrumented) .*not from the disk cache: no entry" "$work/cold.err" ||
  fail "the cold run built no instrumented program"
ls "$work/cache"/*.bin >/dev/null 2>&1 || fail "the cold run stored nothing"
grep -q "built .* (instrumented)" "$work/warm.err" &&
  fail "the warm run built an instrumented program from source"
grep -q "loaded .* (instrumented) .* from the disk cache in" "$work/warm.err" ||
  fail "the warm run loaded no instrumented program from the disk cache"
echo "PASS: the warm run loaded its instrumented programs from the disk cache"
