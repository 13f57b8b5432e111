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
for target in sim_parser instrument; do
  work=$build/corpus-$target
  mkdir -p "$work"
  seeds=$root/tests/fuzz/corpus/${target%_parser}  # corpus/sim, corpus/instrument
  [ -d "$seeds" ] || { echo "fuzz: no seed corpus at $seeds"; exit 1; }
  cp -n "$seeds"/* "$work"/ || true  # -n: seeds already there stay
  log=$build/$target.log
  echo "fuzz: $target for $seconds s"
  if ! "$build/${target}_fuzz" -max_total_time="$seconds" -timeout=25 -rss_limit_mb=4096 \
      -max_len=16384 -print_final_stats=1 -artifact_prefix="$build/artifacts/$target-" \
      "$work" >"$log" 2>&1; then
    echo "fuzz: $target FAILED; the last lines of $log:"
    tail -40 "$log"
    status=1
  fi
  grep -E "stat::number_of_executed_units|stat::new_units_added" "$log" | sed "s/^/fuzz: $target /"
done
exit $status
