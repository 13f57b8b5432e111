#!/usr/bin/env bash
# Builds the libFuzzer targets with clang-14 into build-fuzz/ and runs each for
# $1 seconds (default 60) on a copy of the corpus in tests/fuzz/corpus/. Crashes
# are saved in build-fuzz/artifacts/ and fail the run. New inputs found stay in
# build-fuzz/corpus-*; copy interesting ones into tests/fuzz/corpus/ by hand.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
seconds=${1:-60}
build=${AMPCL_FUZZ_BUILD_DIR:-$root/build-fuzz}
if [ ! -f "$build/CMakeCache.txt" ]; then
  CC=clang-14 CXX=clang++-14 cmake -S "$root/tests/fuzz" -B "$build" \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
fi
cmake --build "$build" -j "${AMPCL_JOBS:-2}"
mkdir -p "$build/artifacts"
status=0
# The front end's seeds are the C++ AMP sources of the tests (and Microsoft's
# conformance suite where AMPCL_CONFORMANCE_SUITE names it), each behind a first
# byte that picks the dialect (translate_fuzz.cpp); they are made here, not kept.
translate_seeds() {
  local into=$1 n=0 f
  for f in "$root"/tests/amp_dialect/*.cpp "$root"/tests/amp_diagnostics/*/*.cpp \
           "$root"/tests/amp_programs/*.cpp "$root"/tests/amp_repro/*.cpp \
           "$root"/tests/amp_lowering_golden/*.cpp \
           $(find "${AMPCL_CONFORMANCE_SUITE:-/nonexistent}/Tests" -name test.cpp 2>/dev/null |
             sort | awk 'NR % 20 == 0'); do
    [ -f "$f" ] || continue
    { printf "\\00$((n % 3))"; cat "$f"; } >"$into/seed-$n"
    n=$((n + 1))
  done
}
for target in sim_parser instrument translate; do
  work=$build/corpus-$target
  mkdir -p "$work"
  if [ "$target" = translate ]; then
    translate_seeds "$work"
  else
    seeds=$root/tests/fuzz/corpus/${target%_parser}  # corpus/sim, corpus/instrument
    [ -d "$seeds" ] || { echo "fuzz: no seed corpus at $seeds"; exit 1; }
    cp -n "$seeds"/* "$work"/ || true  # -n: seeds already there stay
  fi
  log=$build/$target.log
  echo "fuzz: $target for $seconds s"
  quiet=()  # the front end prints each input's diagnostics: stderr closed
  [ "$target" = translate ] && quiet=(-close_fd_mask=2)
  if ! "$build/${target}_fuzz" "${quiet[@]}" -max_total_time="$seconds" -timeout=25 -rss_limit_mb=4096 \
      -max_len=16384 -print_final_stats=1 -artifact_prefix="$build/artifacts/$target-" \
      "$work" >"$log" 2>&1; then
    echo "fuzz: $target FAILED; the last lines of $log:"
    tail -40 "$log"
    status=1
  fi
  grep -E "stat::number_of_executed_units|stat::new_units_added" "$log" | sed "s/^/fuzz: $target /"
done
exit $status
