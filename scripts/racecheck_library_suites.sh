#!/usr/bin/env bash
# A C++ AMP library's own test programs under ampcl-racecheck, each beside its plain run.
# Slow; not part of scripts/test.sh.
#
#   scripts/racecheck_library_suites.sh WORK CORPUS [LIST]
#
# WORK/CORPUS is a scripts/validate_libraries.sh work folder (programs/NAME/prog, the
# sources under src/, each program run from src/test/amp/NAME, as that script runs it).
# LIST: lines "NAME [GTEST_FILTER]" (default: every program). Prints one Markdown row per
# program; the checked runs' output is left in WORK/CORPUS/racecheck/NAME.log.
#   default  cold: plain, then checked, each with an empty ampcl cache, NVIDIA's compute
#            cache and PoCL's kernel cache off. Columns: plain and checked exit status and
#            seconds, the slowdown, the checker's summary.
#   WARM=1   as a CI runner that keeps its caches: plain run twice with its own caches, the
#            second timed; checked cold (empty ampcl, NVIDIA and PoCL caches of its own),
#            then checked again with the caches that run left, timed. Columns: plain warm,
#            checked cold, checked warm (seconds), the warm slowdown, the checker's summary.
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
start=$(date +%s)
names() {
  if [ -n "$list" ]; then cat "$list"; else (cd "$dir/programs" && ls); fi
}
# time_run LOG ENV... -- COMMAND...: runs COMMAND in the program's folder with ENV set,
# output to LOG; sets `took` (seconds) and `status`.
time_run() {
  local log=$1 a b
  shift
  a=$(date +%s.%N)
  (cd "$cwd" && env "$@" > "$log" 2>&1)
  status=$?
  b=$(date +%s.%N)
  took=$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.2f", b - a }')
}
if [ "${WARM:-0}" = 1 ]; then
  printf '| program | gtest filter | plain, warm (s) | checked, cold (s) | checked, warm (s) | warm slowdown | checker |\n'
  printf '| --- | --- | ---: | ---: | ---: | ---: | --- |\n'
else
  printf '| program | gtest filter | plain status | plain (s) | checked status | checked (s) | slowdown | checker |\n'
  printf '| --- | --- | --- | ---: | --- | ---: | ---: | --- |\n'
fi
names | while read -r name filter; do
  [ -z "$name" ] && continue
  if [ -n "${BUDGET_S:-}" ] && [ $(($(date +%s) - start)) -gt "$BUDGET_S" ]; then
    echo "stopped before $name: BUDGET_S" >&2
    break
  fi
  prog=$dir/programs/$name/prog
  cwd=$dir/src/test/amp/$name
  [ -d "$cwd" ] || cwd=$dir/src
  cmd=("$prog")
  [ -n "$filter" ] && cmd+=(--gtest_filter="$filter")
  if [ "${WARM:-0}" = 1 ]; then
    # each run's own caches: ampcl's, NVIDIA's and PoCL's
    plain_env=(CUDA_CACHE_PATH="$(mktemp -d)" POCL_CACHE_DIR="$(mktemp -d)" AMPCL_CACHE_DIR="$(mktemp -d)")
    checked_env=(CUDA_CACHE_PATH="$(mktemp -d)" POCL_CACHE_DIR="$(mktemp -d)" AMPCL_CACHE_DIR="$(mktemp -d)")
    time_run "$out/$name.plain.log" "${plain_env[@]}" "${cmd[@]}"  # fills the plain caches
    time_run "$out/$name.plain.log" "${plain_env[@]}" "${cmd[@]}"
    plain=$took
    time_run "$out/$name.cold.log" "${checked_env[@]}" "$rc" -- "${cmd[@]}"
    cold=$took
    time_run "$out/$name.log" "${checked_env[@]}" "$rc" -- "${cmd[@]}"
    summary=$(grep -o "ampcl-racecheck: [^/]*$" "$out/$name.log" | tail -1)
    awk -v n="$name" -v f="${filter:--}" -v p="$plain" -v c="$cold" -v w="$took" -v s="$summary" \
      'BEGIN { printf "| %s | %s | %.2f | %.2f | %.2f | %.2fx | %s |\n", n, f, p, c, w, w / p, s }'
  else
    time_run "$out/$name.plain.log" CUDA_CACHE_DISABLE=1 POCL_KERNEL_CACHE=0 AMPCL_CACHE_DIR="$(mktemp -d)" "${cmd[@]}"
    plain=$took plain_status=$status
    time_run "$out/$name.log" CUDA_CACHE_DISABLE=1 POCL_KERNEL_CACHE=0 AMPCL_CACHE_DIR="$(mktemp -d)" "$rc" -- "${cmd[@]}"
    summary=$(grep -o "ampcl-racecheck: [^/]*$" "$out/$name.log" | tail -1)
    awk -v n="$name" -v f="${filter:--}" -v p="$plain_status" -v c="$status" -v a="$plain" \
      -v b="$took" -v s="$summary" 'BEGIN { printf "| %s | %s | %s | %.2f | %s | %.2f | %.1fx | %s |\n",
                                    n, f, p, a, c, b, b / a, s }'
  fi
done
