#!/usr/bin/env bash
# The documents' C++ AMP programs (tests/amp_programs, built by ampcl-c++) as one
# suite, run alone and under ampcl-racecheck, cold then warm, with the wall times.
# Each program's output is compared with its .expected, as ctest's amp_programs
# tests do; barrier_divergence is left out (its divergent barrier may hang a GPU;
# the tests run it under the checker only).
#
#   bench/racecheck/amp_programs_suite.sh [PROGRAM_DIR [EXPECTED_DIR]]
#
# PROGRAM_DIR: the amp_* executables (default build/tests/amp_programs); EXPECTED_DIR:
# their .expected files (default tests/amp_programs). ROUNDS (default 2 cold, 3 warm).
# Cold: an empty AMPCL_CACHE_DIR and PoCL cache for each run and NVIDIA's cache off
# (CUDA_CACHE_DISABLE=1), so every kernel is built; warm: the caches kept after a
# first run of each, as a CI job with a kept cache. CI: what a CI job gets from
# `ampcl-racecheck --cache-dir DIR --compare-plain`, first with DIR empty, then with
# DIR as that run left it (restored), both timed by the tool itself.
# AMPCL_DEVICE picks the device.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
programs=$(cd "${1:-$root/build/tests/amp_programs}" && pwd)
expected=$(cd "${2:-$root/tests/amp_programs}" && pwd)
rc=${AMPCL_RACECHECK:-$root/build/tools/racecheck/ampcl-racecheck}
cold_rounds=${ROUNDS:-2} warm_rounds=${ROUNDS:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The suite itself: one line per program, exit 1 if any output differs.
cat >"$work/suite.sh" <<SUITE
#!/usr/bin/env bash
cd "$programs"
fail=0
for p in amp_*; do
  [ -x "\$p" ] && [ -f "\$p" ] || continue
  [ "\$p" = amp_barrier_divergence ] && continue
  name=\${p#amp_}
  out=\$(./\$p 2>/dev/null); code=\$?
  if [ -f "$expected/\$name.expected" ]; then
    if [ \$code -eq 0 ] && [ "\$out" = "\$(cat "$expected/\$name.expected")" ]; then echo "ok \$name"
    else echo "FAIL \$name (exit \$code: \$(echo "\$out" | head -1))"; fail=1; fi
  else
    echo "ran \$name (exit \$code)"
  fi
done
exit \$fail
SUITE
chmod +x "$work/suite.sh"

timed() {  # timed LOG CMD...: prints "SECONDS s (exit N)"
  local log=$1 a b code
  shift
  a=$(date +%s.%N)
  "$@" >"$log" 2>&1
  code=$?
  b=$(date +%s.%N)
  awk -v a="$a" -v b="$b" -v c="$code" 'BEGIN { printf "%.2f s (exit %d)", b - a, c }'
}
summary() { grep -cE '^ok ' "$1" | tr '\n' ' '; echo "ok; $(grep -E '^FAIL' "$1" | tr '\n' ' ')"; }

cold() { CUDA_CACHE_DISABLE=1 AMPCL_CACHE_DIR=$(mktemp -d -p "$work") POCL_CACHE_DIR=$(mktemp -d -p "$work") "$@"; }
echo "## cold: empty AMPCL_CACHE_DIR and POCL_CACHE_DIR each run, CUDA_CACHE_DISABLE=1"
for ((i = 1; i <= cold_rounds; ++i)); do
  echo "plain:   $(cold timed "$work/plain.log" "$work/suite.sh"); $(summary "$work/plain.log")"
  echo "checked: $(cold timed "$work/checked.log" "$rc" -- "$work/suite.sh"); $(summary "$work/checked.log")"
  grep -E '^ampcl-racecheck:' "$work/checked.log" | head -2
done
echo "## warm: AMPCL_CACHE_DIR and the driver's cache kept, after one run of each"
export AMPCL_CACHE_DIR=$work/warm-ampcl CUDA_CACHE_PATH=$work/warm-cuda POCL_CACHE_DIR=$work/warm-pocl
mkdir -p "$AMPCL_CACHE_DIR" "$CUDA_CACHE_PATH" "$POCL_CACHE_DIR"
"$work/suite.sh" >/dev/null 2>&1
"$rc" -- "$work/suite.sh" >/dev/null 2>&1
for ((i = 1; i <= warm_rounds; ++i)); do
  echo "plain:   $(timed "$work/plain.log" "$work/suite.sh")"
  echo "checked: $(timed "$work/checked.log" "$rc" -- "$work/suite.sh")"
done
echo "## CI: ampcl-racecheck --cache-dir DIR --compare-plain, DIR empty, then restored"
(
  unset AMPCL_CACHE_DIR CUDA_CACHE_PATH POCL_CACHE_DIR
  for ((i = 0; i <= warm_rounds; ++i)); do
    "$rc" --cache-dir "$work/ci" --compare-plain -- "$work/suite.sh" >"$work/ci.log" 2>&1
    echo "$([ "$i" = 0 ] && echo "empty:    " || echo "restored:") $(grep -E '^ampcl-racecheck: wall time' "$work/ci.log"); both runs: $(summary "$work/ci.log")"
  done
)
echo "## the last checked run's report"
sed -n '/^ampcl-racecheck:/,$p' "$work/checked.log"
