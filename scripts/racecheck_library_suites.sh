#!/usr/bin/env bash
# A C++ AMP library's own test programs under ampcl-racecheck, each beside its plain run,
# both cold: an empty ampcl cache each, NVIDIA's compute cache and PoCL's kernel cache off.
# Slow; not part of scripts/test.sh.
#
#   scripts/racecheck_library_suites.sh WORK CORPUS [LIST]
#
# WORK/CORPUS is a scripts/validate_libraries.sh work folder (programs/NAME/prog, the
# sources under src/, each program run from src/test/amp/NAME, as that script runs it).
# LIST: lines "NAME [GTEST_FILTER]" (default: every program). Prints one row per program:
# plain and checked exit status and wall seconds, their ratio and the checker's summary;
# the checked runs' reports are left in WORK/CORPUS/racecheck/NAME.log.
# Environment: AMPCL_BUILD_DIR (default build/), AMPCL_RACECHECK (the tool; default the
# build's), AMPCL_DEVICE, BUDGET_S (stop starting programs after this many seconds).
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(cd "$1" && pwd) corpus=$2 list=${3:-}
build=${AMPCL_BUILD_DIR:-$root/build}
rc=${AMPCL_RACECHECK:-$build/tools/racecheck/ampcl-racecheck}
dir=$work/$corpus
out=$dir/racecheck
mkdir -p "$out"
export CUDA_CACHE_DISABLE=1 POCL_KERNEL_CACHE=0
start=$(date +%s)
names() {
  if [ -n "$list" ]; then cat "$list"; else (cd "$dir/programs" && ls); fi
}
printf '| program | gtest filter | plain status | plain (s) | checked status | checked (s) | slowdown | checker |\n'
printf '| --- | --- | --- | ---: | --- | ---: | ---: | --- |\n'
names | while read -r name filter; do
  [ -z "$name" ] && continue
  if [ -n "${BUDGET_S:-}" ] && [ $(($(date +%s) - start)) -gt "$BUDGET_S" ]; then
    echo "stopped before $name: BUDGET_S" >&2
    break
  fi
  prog=$dir/programs/$name/prog
  cwd=$dir/src/test/amp/$name
  [ -d "$cwd" ] || cwd=$dir/src
  args=()
  [ -n "$filter" ] && args=(--gtest_filter="$filter")
  t0=$(date +%s.%N)
  (cd "$cwd" && AMPCL_CACHE_DIR=$(mktemp -d) "$prog" "${args[@]}" > "$out/$name.plain.log" 2>&1)
  plain=$?
  t1=$(date +%s.%N)
  (cd "$cwd" && AMPCL_CACHE_DIR=$(mktemp -d) "$rc" -- "$prog" "${args[@]}" > "$out/$name.log" 2>&1)
  checked=$?
  t2=$(date +%s.%N)
  summary=$(grep -o "ampcl-racecheck: [^/]*$" "$out/$name.log" | tail -1)
  awk -v n="$name" -v f="${filter:--}" -v p=$plain -v c=$checked -v a="$t0" -v b="$t1" -v e="$t2" \
    -v s="$summary" 'BEGIN { printf "| %s | %s | %s | %.2f | %s | %.2f | %.1fx | %s |\n",
                             n, f, p, b - a, c, e - b, (e - b) / (b - a), s }'
done
