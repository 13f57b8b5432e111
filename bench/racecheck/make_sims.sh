#!/bin/bash
# Writes the benchmark's launch files (Oclgrind .sim format) for an N x N problem
# into DIR: kernels/sgemm_tiled.cl and kernels/tile_average.cl.
# usage: make_sims.sh DIR N
set -euo pipefail
dir=$1 n=$2
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$dir"
bytes=$((4 * n * n))
cat >"$dir/sgemm_tiled_$n.sim" <<SIM
$here/kernels/sgemm_tiled.cl
sgemm_tiled
$n $n 1
16 16 1
<size=$bytes float range=0:1:$((n * n - 1))>
<size=$bytes float fill=1>
<size=$bytes float fill=0>
<size=4> $n
SIM
cat >"$dir/tile_average_$n.sim" <<SIM
$here/kernels/tile_average.cl
tile_average
$n $n 1
4 4 1
<size=$bytes float range=0:1:$((n * n - 1))>
<size=$((bytes / 16)) float fill=0>
<size=4> $n
SIM
