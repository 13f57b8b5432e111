#!/usr/bin/env bash
# One source of tests/amp_diagnostics through `ampcl-c++ -fsyntax-only`:
#   check.sh COMPILER SOURCE rejected   it must fail with an error at the line marked
#                                       `// error: MESSAGE` that contains MESSAGE
#   check.sh COMPILER SOURCE accepted   it must compile
set -uo pipefail
compiler=$1 source=$2 expect=$3
out=$("$compiler" -fsyntax-only "$source" 2>&1)
rc=$?
if [ "$expect" = accepted ]; then
  [ $rc -eq 0 ] && exit 0
  echo "FAIL: $source must compile, but:"
  echo "$out"
  exit 1
fi
line=$(grep -n '// error: ' "$source" | head -1 | cut -d: -f1)
message=$(sed -n "${line}p" "$source" | sed 's|.*// error: ||')
if [ $rc -eq 0 ]; then
  echo "FAIL: $source compiled, but it must be rejected at line $line with: $message"
  exit 1
fi
if ! grep -F "$(basename "$source"):$line:" <<<"$out" | grep -F "error: " | grep -qF -- "$message"; then
  echo "FAIL: $source was rejected, but not at line $line with: $message"
  echo "$out"
  exit 1
fi
grep -F "error: " <<<"$out" | head -3
