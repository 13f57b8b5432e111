#!/usr/bin/env python3
"""Plots ampcl-bench-compare's CSV: bandwidth (TB/s) and SGEMM TFLOP/s against problem
size, one row of panels per device. Usage: plot.py results.csv out.png"""
import csv
import sys
from collections import defaultdict

try:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
except ImportError:
    print("matplotlib is not importable: no plot (the CSV has every number)")
    sys.exit(0)

series = defaultdict(lambda: defaultdict(list))  # device -> (unit, label) -> [(size, value)]
with open(sys.argv[1]) as f:
    for r in csv.DictReader(f):
        if r["unit"] not in ("TB/s", "TFLOP/s") or float(r["size"]) <= 0:
            continue
        series[r["device"]][(r["unit"], r["figure"] + " " + r["impl"])].append(
            (float(r["size"]), float(r["value"])))

devices = sorted(series)
if not devices:
    print("no bandwidth or TFLOP/s rows to plot")
    sys.exit(0)
fig, axes = plt.subplots(len(devices), 2, figsize=(15, 5.5 * len(devices)), squeeze=False)
for row, dev in enumerate(devices):
    for col, unit in enumerate(("TB/s", "TFLOP/s")):
        ax = axes[row][col]
        for (u, label), points in sorted(series[dev].items()):
            if u != unit:
                continue
            points.sort()
            ax.plot([p[0] for p in points], [p[1] for p in points], marker="o", label=label)
        ax.set_xscale("log", base=2)
        ax.set_xlabel("problem size (elements; N*N for SGEMM)")
        ax.set_ylabel(unit)
        ax.set_title(dev + ": " + ("bandwidth" if unit == "TB/s" else "SGEMM"), fontsize=9)
        ax.grid(True, which="both", alpha=0.3)
        if ax.lines:
            ax.legend(fontsize=7)
fig.tight_layout()
fig.savefig(sys.argv[2], dpi=110)
print("plot:", sys.argv[2])
