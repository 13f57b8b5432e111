#!/usr/bin/env bash
# One source of tests/amp_diagnostics through `ampcl-c++ -fsyntax-only`:
#   check.sh COMPILER SOURCE rejected   it must fail with an error at the line marked
#                                       `// error: MESSAGE` that contains MESSAGE
#   check.sh COMPILER SOURCE accepted   it must compile, with a warning at each line
#                                       marked `// warning: MESSAGE` that contains
#                                       MESSAGE, and no barrier-check warning elsewhere
#                                       (Clang's own warnings are not this test's)
# A source may name ampcl-c++ flags on a line `// flags: ...` (a dialect, say).
set -uo pipefail
compiler=$1 source=$2 expect=$3
read -r -a flags <<<"$(sed -n 's|^// flags: *||p' "$source" | head -1)"
out=$("$compiler" "${flags[@]}" -fsyntax-only "$source" 2>&1)
rc=$?
name=$(basename "$source")
if [ "$expect" = accepted ]; then
  if [ $rc -ne 0 ]; then
    echo "FAIL: $source must compile, but:"
    echo "$out"
    exit 1
  fi
  status=0
  marked=$(grep -n '// warning: ' "$source" | cut -d: -f1)
  for line in $marked; do
    message=$(sed -n "${line}p" "$source" | sed 's|.*// warning: ||')
    if ! grep -F "$name:$line:" <<<"$out" | grep -F "warning: " | grep -qF -- "$message"; then
      echo "FAIL: $source compiled, but without the warning at line $line: $message"
      status=1
    fi
  done
  while IFS= read -r warning; do
    line=$(cut -d: -f2 <<<"${warning#*"$name"}")
    if ! grep -qx "$line" <<<"$marked"; then
      echo "FAIL: $source: a barrier-check warning no line marks: $warning"
      status=1
    fi
  done < <(grep -F "$name:" <<<"$out" | grep -F ": warning: the barrier check")
  [ $status -eq 0 ] || echo "$out"
  exit $status
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
