#!/usr/bin/env bash
# Sweeps the staged-transfer tuning knobs (AMPCL_STAGING_CHUNK_MB, AMPCL_STAGING_BUFFERS,
# AMPCL_COPY_THREADS) with ampcl-bench-compare's transfer suite and prints one table:
# ampcl's copy() in both directions next to raw OpenCL from pinned and pageable memory,
# every figure of a line from the same process. About 3 s per setting.
#
#   bench/transfer_sweep.sh [options]
#     --bin PATH      ampcl-bench-compare (default: build/bench/ampcl-bench-compare,
#                     else build-*/bench/ampcl-bench-compare, newest first)
#     --device F      device filter, as ampcl-bench-compare --device (default gpu)
#     --mib N         size of each copy (default 256)
#     --combos "C,B,T ..."  chunk MiB, buffers, threads per setting
#                     (default "16,4,8 32,2,8 8,4,8 8,8,8 16,8,8 32,4,8 64,4,8 16,4,4 16,4,16 4,16,8")
#     --full          longer timing batches (default: --quick batches)
#     --keep DIR      keep each run's log and results.csv under DIR
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bin="" device="gpu" mib=256 quick="--quick" keep=""
combos="16,4,8 32,2,8 8,4,8 8,8,8 16,8,8 32,4,8 64,4,8 16,4,4 16,4,16 4,16,8"
while [[ $# -gt 0 ]]; do
  case "$1" in
    --bin) bin="$2"; shift 2 ;;
    --device) device="$2"; shift 2 ;;
    --mib) mib="$2"; shift 2 ;;
    --combos) combos="$2"; shift 2 ;;
    --full) quick=""; shift ;;
    --keep) keep="$2"; shift 2 ;;
    -h|--help) sed -n '2,16p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "transfer_sweep.sh: unknown argument $1 (--help lists them)" >&2; exit 2 ;;
  esac
done
if [[ -z "$bin" ]]; then
  for candidate in "$repo/build/bench/ampcl-bench-compare" \
                   $(ls -t "$repo"/build-*/bench/ampcl-bench-compare 2>/dev/null); do
    if [[ -x "$candidate" ]]; then bin="$candidate"; break; fi
  done
fi
if [[ -z "$bin" || ! -x "$bin" ]]; then
  echo "transfer_sweep.sh: no ampcl-bench-compare; build with -DAMPCL_BUILD_BENCH=ON or pass --bin" >&2
  exit 1
fi

work="${keep:-$(mktemp -d /tmp/ampcl-transfer-sweep-XXXXXX)}"
mkdir -p "$work"
[[ -n "$keep" ]] || trap 'rm -rf "$work"' EXIT
echo "binary: $bin" >&2
echo "device filter: $device, $mib MiB per copy" >&2

# One line per setting and device: the figures from results.csv (device,figure,impl,size,value,unit,check).
table="$work/table.txt"
: >"$table"
for combo in $combos; do
  IFS=, read -r chunk buffers threads <<<"$combo"
  run="$work/c${chunk}_b${buffers}_t${threads}"
  mkdir -p "$run"
  status=ok
  # A hung or failing run costs one line, not the sweep.
  if ! AMPCL_STAGING_CHUNK_MB="$chunk" AMPCL_STAGING_BUFFERS="$buffers" AMPCL_COPY_THREADS="$threads" \
      timeout 120 "$bin" --device "$device" --suites transfer --transfer-mib "$mib" $quick \
      --out "$run" >"$run/log" 2>&1; then
    status="FAIL (see ${keep:-a kept run}: $run/log)"
  fi
  if [[ ! -s "$run/results.csv" ]]; then
    printf '%s\t%s\t%s\t-\t%s\n' "$chunk" "$buffers" "$threads" "$status" >>"$table"
    echo "  $combo: $status" >&2
    continue
  fi
  awk -F, -v chunk="$chunk" -v buffers="$buffers" -v threads="$threads" -v status="$status" '
    NR == 1 { next }
    {
      dev = $1; gsub(/"/, "", dev); impl = $3; gsub(/"/, "", impl); chk = $7; gsub(/"/, "", chk)
      key = $2 "/" impl; v[dev, key] = $5; devs[dev] = 1
      if (chk != "ok" && chk != "-") bad[dev] = bad[dev] " " key ":" chk
    }
    END {
      for (d in devs) {
        checks = (bad[d] == "" ? "ok" : "FAIL" bad[d]); if (status != "ok") checks = status
        printf "%s\t%s\t%s\t%s", chunk, buffers, threads, d
        n = split("h2d_copy/ampcl h2d_pinned/raw h2d_pageable/raw d2h_copy/ampcl d2h_pinned/raw d2h_pageable/raw", k, " ")
        for (i = 1; i <= n; ++i) printf "\t%s", ((d, k[i]) in v ? v[d, k[i]] : "-")
        printf "\t%s\n", checks
      }
    }' "$run/results.csv" >>"$table"
  echo "  $combo: done" >&2
done

# The table, one block per device; ratio = ampcl / raw pinned of the same run.
awk -F'\t' '
  function ratio(a, b) { return (a == "-" || b == "-" || b + 0 == 0) ? "-" : sprintf("%.2f", a / b) }
  function num(x) { return x == "-" ? "-" : sprintf("%.1f", x) }
  NF < 5 { printf "%5s %4s %4s  %s\n", $1, $2, $3, $5; next }
  {
    if (!($4 in seen)) {
      seen[$4] = 1
      printf "\n%s  (GB/s; ratio = ampcl / raw pinned, same run)\n", $4
      printf "%5s %4s %4s | %7s %7s %8s %5s | %7s %7s %8s %5s | %s\n", "chunk", "bufs", "thr",
             "h2d", "pinned", "pageable", "ratio", "d2h", "pinned", "pageable", "ratio", "checks"
    }
    printf "%5s %4s %4s | %7s %7s %8s %5s | %7s %7s %8s %5s | %s\n", $1, $2, $3,
           num($5), num($6), num($7), ratio($5, $6), num($8), num($9), num($10), ratio($8, $9), $11
  }' "$table"
