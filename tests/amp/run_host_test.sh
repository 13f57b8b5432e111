#!/usr/bin/env bash
# Runs one C++ AMP test program of tests/amp without translating kernels (until
# ampcl-c++ builds them, see CMakeLists.txt): the source must pass the translation
# pass's front end (Clang, CUDA device mode), then it is compiled by the host pass
# and run; its exit status is the test's.
#
#   run_host_test.sh BUILD_DIR SOURCE                      compile both passes, run
#   run_host_test.sh BUILD_DIR SOURCE --expect-error TEXT  the host pass must fail
#                                                          and its errors contain TEXT
#
# AMP_TEST_PRELOAD (sanitizer builds): the sanitizer runtime libampcl.so was built
# against, preloaded into the (uninstrumented) test program.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$1
source=$2
compile=("$root/tools/amp-host-cxx.sh")
export AMPCL_BUILD_DIR=$build
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
flags=(-Wall -Wextra -Werror -Wno-unused-command-line-argument -I "$root/tests/amp")
# AMP_TEST_FLAGS: more compiler flags (a test's Visual C++ dialect variant).
read -r -a extra <<<"${AMP_TEST_FLAGS:-}"
flags+=("${extra[@]}")

if [ "${3:-}" = --expect-error ]; then
  expected=$4
  if "${compile[@]}" --syntax-only "${flags[@]}" "$source" >"$work/log" 2>&1; then
    echo "FAIL: $source compiled, but it must be rejected with: $expected"
    exit 1
  fi
  if ! grep -qF -- "$expected" "$work/log"; then
    echo "FAIL: $source was rejected, but not with: $expected"
    cat "$work/log"
    exit 1
  fi
  echo "rejected as expected:"
  grep -F -- "$expected" "$work/log" | head -3
  exit 0
fi

"${compile[@]}" --translate-pass "${flags[@]}" "$source"
"${compile[@]}" "${flags[@]}" "$source" -o "$work/test"
LD_PRELOAD=${AMP_TEST_PRELOAD:-} "$work/test"
