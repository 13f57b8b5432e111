#!/usr/bin/env bash
# Writes `ampcl-c++ --emit-cl` of every C++ AMP source under the given folders, one
# .cl (stdout) and one .err (stderr) per source, into OUT: run it before and after a
# change to the translator and `diff -r` the two folders (a refactoring of the
# lowering must leave every kernel's OpenCL C as it was).
#
#   tools/emit_corpus.sh OUT DIR...        (AMPCL_CXX: default build/translate/ampcl-c++)
#
# Each source is compiled with -I its own folder and -I DIR. Microsoft's conformance
# suite (scripts/conformance.sh fetches it) is read with its harness's headers: pass
# its Tests folder, and AMPCL_CORPUS_INCLUDE=<suite>/amp_test_lib/inc (no main is needed:
# nothing is linked). AMPCL_CORPUS_EVERY=N takes every Nth source of each folder (sorted),
# for a quicker sample.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
[ $# -ge 2 ] || { echo "usage: $0 OUT DIR..." >&2; exit 2; }
out=$1
shift
cxx=${AMPCL_CXX:-$root/build/translate/ampcl-c++}
[ -x "$cxx" ] || { echo "error: no $cxx: build ampcl first (scripts/build.sh)" >&2; exit 2; }
mkdir -p "$out"
export cxx out
emit_one() {
  local dir=$1 src=$2
  local name=${src#/}
  name=${name//\//_}
  local extra=()
  [ -n "${AMPCL_CORPUS_INCLUDE:-}" ] && extra+=(-I "$AMPCL_CORPUS_INCLUDE")
  timeout 300 "$cxx" --emit-cl -I "$(dirname "$src")" -I "$dir" "${extra[@]}" "$src" \
    >"$out/$name.cl" 2>"$out/$name.err" || echo "exit $?" >>"$out/$name.err"
}
export -f emit_one
for dir in "$@"; do
  dir=$(cd "$dir" && pwd)
  find "$dir" -name '*.cpp' -print0 | sort -z |
    awk -v RS='\0' -v ORS='\0' -v n="${AMPCL_CORPUS_EVERY:-1}" '(NR - 1) % n == 0' |
    xargs -0 -P "$(nproc)" -I{} bash -c 'emit_one "$0" "$1"' "$dir" {}
done
echo "$(find "$out" -name '*.cl' | wc -l) sources into $out" >&2
