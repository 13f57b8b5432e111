#!/usr/bin/env bash
# tool_error.sh TOOL: with AMPCL_CLANG_RESOURCE_DIR naming an empty directory, TOOL
# (ampcl-c++ or ampcl-instrument) fails with ampcl's message (where it looked, what
# to do), not with Clang's "'stddef.h' file not found".
set -uo pipefail
tool=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/empty"
caller_resource=${AMPCL_CLANG_RESOURCE_DIR-unset}
export AMPCL_CLANG_RESOURCE_DIR="$work/empty"
fail() { echo "FAIL: $*"; echo "--- output:"; cat "$work/out"; exit 1; }
expect() {  # expect TEXT: the output has TEXT (fixed string)
  grep -qF -- "$1" "$work/out" || fail "no '$1' in the output"
}
message="cannot find Clang 14's resource headers (include/stddef.h, include/opencl-c.h) in AMPCL_CLANG_RESOURCE_DIR=$work/empty: no include/stddef.h in it."
fix="Set AMPCL_CLANG_RESOURCE_DIR to a Clang 14 resource directory"

case $(basename "$tool") in
  ampcl-c++)
    printf 'int main() { return 0; }\n' >"$work/a.cpp"
    "$tool" -fsyntax-only "$work/a.cpp" >"$work/out" 2>&1 && fail "ampcl-c++ succeeded"
    expect "ampcl-c++: error: $message"
    expect "$fix"
    grep -q "file not found" "$work/out" && fail "Clang's own error got through"
    "$tool" --print-resource-dir >"$work/out" 2>&1 && fail "--print-resource-dir succeeded"
    expect "ampcl-c++: error: $message"
    ;;
  ampcl-instrument)
    printf '__kernel void k(__global int* a) { a[get_global_id(0)] = 1; }\n' >"$work/k.cl"
    # Instrumentation errors travel inside the result (exit status 0).
    "$tool" --kernel k --name k.cl <"$work/k.cl" >"$work/out" 2>&1 || fail "exit status $?"
    expect "error: instrumenter failed: $message"
    expect "$fix"
    grep -q "file not found" "$work/out" && fail "Clang's own error got through"
    "$tool" --print-resource-dir >"$work/out" 2>&1 && fail "--print-resource-dir succeeded"
    expect "ampcl-instrument: error: $message"
    ;;
  *) echo "tool_error.sh: unknown tool $tool"; exit 2 ;;
esac
# And with the caller's environment (the variable unset, or as a machine without the
# build machine's headers sets it), the tool finds a usable directory.
if [ "$caller_resource" = unset ]; then
  unset AMPCL_CLANG_RESOURCE_DIR
else
  export AMPCL_CLANG_RESOURCE_DIR="$caller_resource"
fi
dir=$("$tool" --print-resource-dir 2>"$work/out") || fail "--print-resource-dir failed"
[ -f "$dir/include/stddef.h" ] || { echo "FAIL: $dir has no include/stddef.h"; exit 1; }
echo "$(basename "$tool"): the error names AMPCL_CLANG_RESOURCE_DIR and the fix; otherwise: $dir"
