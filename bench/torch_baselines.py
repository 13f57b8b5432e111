#!/usr/bin/env python3
"""PyTorch/cuBLAS baselines for scripts/bench.sh, printed as one JSON object.

Same sizes as ampcl-bench-compare: copy of 2^28 floats (read + write), avg_pool2d
with 16x16 windows over a 16384 x 16384 float matrix (1 GiB), fp32 SGEMM (TF32
off, so cuBLAS runs true fp32) at N = 1024 .. 8192. Exits 1 without CUDA."""
import json
import sys

try:
    import torch
except ImportError:
    sys.exit(1)
if not torch.cuda.is_available():
    sys.exit(1)

torch.backends.cuda.matmul.allow_tf32 = False
torch.backends.cudnn.allow_tf32 = False
dev = torch.device("cuda")


def seconds_per_call(fn, min_seconds=0.05):
    fn()
    torch.cuda.synchronize()
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start.record()
    fn()
    end.record()
    torch.cuda.synchronize()
    one = max(start.elapsed_time(end) / 1e3, 1e-6)
    reps = max(3, min(2000, int(min_seconds / one)))
    best = 1e30
    for _ in range(3):
        start.record()
        for _ in range(reps):
            fn()
        end.record()
        torch.cuda.synchronize()
        best = min(best, start.elapsed_time(end) / 1e3 / reps)
    return best


out = {"device": torch.cuda.get_device_name(0), "torch": torch.__version__}

n = 1 << 28
x = torch.rand(n, device=dev) * 2 - 1
y = torch.empty_like(x)
t = seconds_per_call(lambda: y.copy_(x))
assert torch.equal(x, y)
out["copy_elements"] = n
out["copy_tbps"] = 2 * n * 4 / t / 1e12
del y

m = x.view(1, 1, 16384, 16384)
pool = torch.nn.functional.avg_pool2d
avg = pool(m, 16, 16)
ref = m.double().view(1024, 16, 1024, 16).mean(dim=(1, 3))
assert torch.allclose(avg.view(1024, 1024).double(), ref, atol=1e-5)
t = seconds_per_call(lambda: pool(m, 16, 16))
out["avg_pool_elements"] = n
out["avg_pool2d_tbps"] = (n * 4 + n * 4 / 256) / t / 1e12
del x, m, avg, ref

for size in (1024, 2048, 4096, 8192):
    a = torch.rand(size, size, device=dev) * 2 - 1
    b = torch.rand(size, size, device=dev) * 2 - 1
    c = a @ b
    rows = torch.randint(0, size, (256,), device=dev)
    cols = torch.randint(0, size, (256,), device=dev)
    want = (a[rows].double() * b[:, cols].double().t()).sum(dim=1)
    assert torch.allclose(c[rows, cols].double(), want, rtol=1e-4, atol=1e-3)
    t = seconds_per_call(lambda: torch.mm(a, b, out=c))
    out["sgemm_%d_tflops" % size] = 2 * size**3 / t / 1e12
    del a, b, c

print(json.dumps(out))
