#!/usr/bin/env python3
# An instrumented program as two units for clCompileProgram/clLinkProgram (not a test:
# driver_link_time.cpp times them against one clBuildProgram; docs/validation_layer.md):
#   split_for_link.py IN.cl OUTDIR [FUNCTIONS]
#   lib.cl   the whole text with every function renamed lib_* but FUNCTIONS (default
#            __ampcl_gshadow,__ampcl_record), the kernels' bodies empty
#   kern.cl  the whole text with FUNCTIONS' bodies removed (declarations)
# Needs clang-14 (the function names are read from its LLVM IR).
import re, subprocess, sys, os
src, out = sys.argv[1], sys.argv[2]
keep = (sys.argv[3] if len(sys.argv) > 3 else '__ampcl_gshadow,__ampcl_record').split(',')
os.makedirs(out, exist_ok=True)
text = open(src).read()
shim = os.path.join(os.path.dirname(__file__), 'nvptx_shim.h')
ll = subprocess.run(['clang-14', '-x', 'cl', '-cl-std=CL1.2', '-target', 'nvptx64-nvidia-nvcl',
                     '-Xclang', '-finclude-default-header', '-include', shim, '-w', '-O0',
                     '-emit-llvm', '-S', '-o', '-', src], capture_output=True, text=True, check=True).stdout
names = {n for n in re.findall(r'^define[^@]*@([\w.]+)\(', ll, re.M) if not n.startswith(('_Z', 'llvm.'))}
kernels = set(re.findall(r'__kernel\s+void\s+(?:AMPCL_RC_KERNEL_SHAPE\s+)?(\w+)\s*\(', text))
renames = ''.join(f'#define {n} lib_{n}\n' for n in sorted(names - kernels - set(keep)))
def body(t, start):  # the [open, close] braces of the first body after start
    j = t.index('{', start)
    d = 0
    for k in range(j, len(t)):
        if t[k] == '{': d += 1
        elif t[k] == '}':
            d -= 1
            if d == 0: return j, k
lib = text
for m in reversed(list(re.finditer(r'__kernel\s+void\s+(?:AMPCL_RC_KERNEL_SHAPE\s+)?(\w+)\s*\(', text))):
    j, k = body(lib, m.end())
    lib = lib[:m.start()] + '__kernel void lib_' + m.group(1) + '(' + lib[m.end():j] + '{}' + lib[k + 1:]
lib = renames + lib
kern = text
for f in keep:
    j, k = body(kern, kern.index('void ' + f + '('))
    kern = kern[:j] + ';' + kern[k + 1:]
open(os.path.join(out, 'lib.cl'), 'w').write(lib)
open(os.path.join(out, 'kern.cl'), 'w').write(kern)
print(len(names), 'functions,', len(kernels), 'kernels')
