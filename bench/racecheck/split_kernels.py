#!/usr/bin/env python3
# One program per kernel from a text of kernels instrumented together (not a test:
# split_build_time.sh times them; docs/validation_layer.md): OUTDIR/KERNEL.cl each keeps
# KERNEL's checks and gives the others a null context, as the instrumenter writes
# kernels outside the group. Prints the kernels' names.
#   split_kernels.py TOGETHER.cl OUTDIR
import re, sys, os
src, out = sys.argv[1], sys.argv[2]
os.makedirs(out, exist_ok=True)
t = open(src).read()
heads = list(re.finditer(r'__kernel void AMPCL_RC_KERNEL_SHAPE (\w+)\(', t))
def body(t, start):
    j = t.index('{', start); d = 0
    for k in range(j, len(t)):
        if t[k] == '{': d += 1
        elif t[k] == '}':
            d -= 1
            if d == 0: return j, k
names = [m.group(1) for m in heads]
for keep in names:
    s = t
    for m in reversed(list(re.finditer(r'__kernel void AMPCL_RC_KERNEL_SHAPE (\w+)\(', s))):
        if m.group(1) == keep: continue
        j, k = body(s, m.end())
        b = s[j:k + 1]
        line_end = b.index('\n')
        assert 'ampcl_ctx __ampcl_cv' in b[:line_end], m.group(1)
        b = '{ ampcl_ctx* const __ampcl_c = 0;' + b[line_end:]
        b = re.sub(r'__ampcl_exit\(__ampcl_c, \d+u\);', '', b)
        s = s[:j] + b + s[k + 1:]
    open(os.path.join(out, keep + '.cl'), 'w').write(s)
print(' '.join(names))
