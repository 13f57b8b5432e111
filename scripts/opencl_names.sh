#!/usr/bin/env bash
# Regenerates translate/compiler/opencl_names.cpp: every function, macro and vector
# type name of OpenCL C 1.2 as Clang's opencl-c.h and opencl-c-base.h declare them.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
res=$(clang++-14 -print-resource-dir)/include
{
  grep -oE "\b[a-z_][a-z0-9_]*\s*\(" "$res/opencl-c.h" | sed 's/\s*($//'
  grep -ohE "^#define [A-Za-z_][A-Za-z0-9_]*" "$res/opencl-c.h" "$res/opencl-c-base.h" | awk '{print $2}'
  for t in char uchar short ushort int uint long ulong float double half; do
    for n in 2 3 4 8 16; do echo "$t$n"; done
  done
} | grep -v '^__' | grep -vxE 'if|for|while|switch|return|sizeof|defined' | sort -u |
python3 -c '
import sys
names = [l.strip() for l in sys.stdin if l.strip()]
print("// Every name OpenCL C 1.2 and its headers define (builtin functions, macros, vector")
print("// types), taken from Clang 14\x27s opencl-c.h and opencl-c-base.h: generated code must")
print("// not declare any of them. Regenerate with scripts/opencl_names.sh if Clang changes.")
print("#include \"opencl_names.hpp\"\n\nnamespace ampcl::translate {\n")
print("const std::set<std::string>& opencl_names() {\n  static const std::set<std::string> names = {")
line = "     "
for n in names:
    item = " \"%s\"," % n
    if len(line) + len(item) > 98:
        print(line); line = "     "
    line += item
print(line)
print("  };\n  return names;\n}\n\n}  // namespace ampcl::translate")
' > "$root/translate/compiler/opencl_names.cpp"
