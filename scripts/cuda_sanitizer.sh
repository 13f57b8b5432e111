# Sourced by validate_sanitizer.sh and bench_racecheck.sh: finding NVIDIA's tools,
# and reading compute-sanitizer's racecheck log, the same way for both.
#
# NVCC               the CUDA compiler (default: nvcc on PATH, else /usr/local/cuda/bin/nvcc,
#                    else the newest /usr/local/cuda-*/bin/nvcc)
# COMPUTE_SANITIZER  the sanitizer (default: on PATH, else under /usr/local/cuda*, /opt/nvidia,
#                    or beside nvcc)
# Runs under the sanitizer have a time limit each (`timeout -k 10 LIMIT`); a run that
# reaches it (exit 124 or 137, see sanitizer_timed_out) is reported as a lower bound.

# find_nvcc: prints the CUDA compiler's path (it may not exist: check -x).
find_nvcc() {
  if [ -n "${NVCC:-}" ]; then echo "$NVCC"; return; fi
  local c
  for c in "$(command -v nvcc 2>/dev/null)" /usr/local/cuda/bin/nvcc \
           $(ls -d /usr/local/cuda-*/bin/nvcc 2>/dev/null | sort -rV); do
    [ -n "$c" ] && [ -x "$c" ] && { echo "$c"; return; }
  done
  echo /usr/local/cuda/bin/nvcc
}

# find_compute_sanitizer: prints the sanitizer's path, or nothing when there is none.
find_compute_sanitizer() {
  local c
  if [ -n "${COMPUTE_SANITIZER:-}" ]; then
    [ -x "$COMPUTE_SANITIZER" ] && echo "$COMPUTE_SANITIZER"
    return
  fi
  for c in "$(command -v compute-sanitizer 2>/dev/null)" /usr/local/cuda/bin/compute-sanitizer \
           /usr/local/cuda/compute-sanitizer/compute-sanitizer \
           $(ls -d /usr/local/cuda-*/bin/compute-sanitizer /opt/nvidia/*/compute-sanitizer 2>/dev/null | sort -rV) \
           "$(dirname "$(command -v nvcc 2>/dev/null || echo /x/nvcc)")/compute-sanitizer"; do
    [ -n "$c" ] && [ -x "$c" ] && { echo "$c"; return; }
  done
}

# sanitizer_timed_out RC: whether a run under `timeout` reached its limit.
sanitizer_timed_out() { [ "$1" = 124 ] || [ "$1" = 137 ]; }

# racecheck_cell LOG RC SEE: the hazards compute-sanitizer --tool racecheck
# reported, as a table cell: "none", "2 hazards displayed (2 errors, 0 warnings)
# in kernel_a, kernel_b", or the log's summary line as it is (another version's
# wording), naming SEE (the log, as the reader finds it) and the exit status.
racecheck_cell() {
  local f=$1 rc=$2 see=$3 summary kernels
  summary=$(grep -oE "RACECHECK SUMMARY: [0-9]+ hazards? displayed \([0-9]+ errors?, [0-9]+ warnings?\)" "$f" 2>/dev/null | tail -1)
  if [ -z "$summary" ]; then  # (another version's wording: its summary line as it is)
    summary=$(grep -oE "[A-Z]+ SUMMARY: .*" "$f" 2>/dev/null | tail -1)
    echo "${summary:-no summary} (exit $rc; see $see)"
    return
  fi
  if [[ $summary == *": 0 hazards"* ]]; then echo "none"; return; fi
  kernels=$(grep -E "Race reported" "$f" | sed -nE \
    -e 's/.*access at ([A-Za-z_][A-Za-z0-9_:<>]*)\(.*/\1/p' \
    -e 's/.*access at 0x[0-9a-f]+ in [^ ]*:[0-9]+:([A-Za-z_][A-Za-z0-9_:]*).*/\1/p' | sort -u | paste -sd, - | sed 's/,/, /g')
  echo "${summary#*: }${kernels:+ in $kernels}"
}
