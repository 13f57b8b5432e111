#!/usr/bin/env bash
# One racy or race-free program run as its user would, alone and under
# ampcl-racecheck (which loads the OpenCL layer into it), in a fresh folder:
#
#   check_program.sh RACECHECK EXPECT -- PROGRAM [ARGS...]
#
# EXPECT is one of
#   clean             exit 0, "no hazards found", nothing unchecked
#   racy:RULE         exit 1, an error [ampcl.RULE] at the line of the program's
#                     source that carries the comment /* racy ... */ (found in
#                     the source the layer wrote next to the report)
#   at:FILE:LINE:RULE exit 1, an error [ampcl.RULE] at FILE:LINE (a #line directive's)
#   host:PARAM        exit 1, a host-device-race on kernel parameter PARAM
#   unchecked:REASON  exit 3, a kernel not checked (REASON); with
#                     --allow-unchecked=REASON the run passes
# and in every case the program prints the same with and without the checker.
# REPORT_HAS, when set, is text the report must contain; ERR_HAS, text the checked
# run's standard error must contain (several: separated by '|').
set -uo pipefail
racecheck=$1 expect=$2
shift 3  # RACECHECK EXPECT --
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"

fail() {
  echo "FAIL: $*" >&2
  echo "--- report" >&2
  cat report.txt >&2 2>/dev/null
  exit 1
}

"$@" >plain.out 2>plain.err
plain_status=$?
[ $plain_status -eq 0 ] || { cat plain.err >&2; fail "the program alone exited $plain_status"; }
"$racecheck" --output report.txt -- "$@" >checked.out 2>checked.err
status=$?
cat checked.err >&2
diff -u plain.out checked.out >&2 || fail "the program printed something else under the checker"
echo "--- report (exit status $status)"
cat report.txt

if [ -n "${ERR_HAS:-}" ]; then
  IFS='|' read -ra wanted <<< "$ERR_HAS"
  for w in "${wanted[@]}"; do
    grep -qF -- "$w" checked.err || fail "the checked run's stderr does not say: $w"
  done
fi
if [ -n "${REPORT_HAS:-}" ]; then
  grep -qF -- "$REPORT_HAS" report.txt || fail "the report does not say: $REPORT_HAS"
fi

case $expect in
  clean)
    [ $status -eq 0 ] || fail "exit status $status, expected 0"
    grep -q "no hazards found$" report.txt || fail "expected no hazards"
    ;;
  racy:*)
    rule=${expect#racy:}
    [ $status -eq 1 ] || fail "exit status $status, expected 1"
    source=$(grep -l "/\* racy" ampcl-racecheck-sources/*.cl 2>/dev/null | head -1)
    [ -n "$source" ] || fail "no program source with a /* racy */ marker was written"
    line=$(grep -n "/\* racy" "$source" | head -1 | cut -d: -f1)
    grep -qE "^ampcl-racecheck-sources/$(basename "$source"):$line:[0-9]+: error: .*\[ampcl\.$rule\]" \
      report.txt || fail "no [ampcl.$rule] error at $(basename "$source"):$line"
    ;;
  at:*)
    IFS=: read -r _ file line rule <<<"$expect"
    [ $status -eq 1 ] || fail "exit status $status, expected 1"
    grep -qE "^$file:$line:[0-9]+: error: .*\[ampcl\.$rule\]" report.txt ||
      fail "no [ampcl.$rule] error at $file:$line"
    ;;
  host:*)
    param=${expect#host:}
    [ $status -eq 1 ] || fail "exit status $status, expected 1"
    grep -qE "error: host-device-race on global memory '$param'" report.txt ||
      fail "no host-device-race on '$param'"
    ;;
  unchecked:*)
    reason=${expect#unchecked:}
    [ $status -eq 3 ] || fail "exit status $status, expected 3 (not checked)"
    grep -qE "was not checked \($reason\)" report.txt || fail "no kernel not checked ($reason)"
    "$racecheck" --allow-unchecked="$reason" --output allowed.txt -- "$@" >/dev/null 2>&1
    allowed=$?
    [ $allowed -eq 0 ] || fail "exit status $allowed with --allow-unchecked=$reason, expected 0"
    ;;
  *)
    fail "unknown expectation '$expect'"
    ;;
esac
echo "PASS: $expect"
