#!/bin/sh
# One golden test of the lowering: ampcl-c++ --emit-cl SOURCE | FileCheck SOURCE.
#
#   emit_check.sh AMPCL_CXX FILECHECK SOURCE
#
# #line directives are removed before matching, so that CHECK-NEXT reads consecutive
# OpenCL C lines; a source with the line `// GOLDEN: keep #line` is matched with them.
# On failure it prints FileCheck's report and then the whole emitted OpenCL C, numbered
# as FileCheck numbers it (<stdin>:N).
set -u
compiler=$1
filecheck=$2
src=$3
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
if ! "$compiler" --emit-cl "$src" >"$dir/emitted.cl" 2>"$dir/stderr"; then
  echo "emit_check: ampcl-c++ --emit-cl $src failed:"
  cat "$dir/stderr"
  exit 1
fi
if grep -q '^// GOLDEN: keep #line' "$src"; then
  cp "$dir/emitted.cl" "$dir/matched.cl"
  what="as emitted"
else
  grep -v '^#line ' "$dir/emitted.cl" >"$dir/matched.cl"
  what="#line directives removed"
fi
if ! "$filecheck" --dump-input=never "$src" <"$dir/matched.cl"; then
  echo
  echo "---- the OpenCL C that ampcl-c++ --emit-cl emitted for $src ($what) ----"
  cat -n "$dir/matched.cl"
  echo "---- end; if the lowering changed on purpose, update the CHECK lines (docs/translator.md) ----"
  exit 1
fi
exit 0
