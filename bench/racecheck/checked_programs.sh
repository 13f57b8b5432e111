#!/usr/bin/env bash
# The real C++ AMP programs of scripts/validate_amp.sh, each run alone and under
# ampcl-racecheck, with the wall times, the slowdown, the hazards and the kernels not checked
# (docs/performance.md, "Real C++ AMP programs checked whole on the GPU"). Run
# scripts/validate_amp.sh first: it builds the programs into its work folder.
#
#   bench/racecheck/checked_programs.sh [ID...]      (default: every program)
#
# AMPCL_VALIDATION_WORK: validate_amp.sh's work folder (default $TMPDIR/ampcl-validate-amp);
# AMPCL_BUILD_DIR: ampcl's build (ampcl-racecheck); AMPCL_DEVICE picks the device as usual.
# A cold run wants an empty AMPCL_CACHE_DIR (and, on NVIDIA, an empty driver cache).
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${AMPCL_BUILD_DIR:-$root/build}
work=${AMPCL_VALIDATION_WORK:-${TMPDIR:-/tmp}/ampcl-validate-amp}
racecheck=$build/tools/racecheck/ampcl-racecheck
[ -x "$racecheck" ] || { echo "no ampcl-racecheck at $racecheck (set AMPCL_BUILD_DIR)" >&2; exit 2; }
# id, run folder and arguments of each program, from validate_amp.sh's table.
manifest=$(python3 - "$root/scripts/validate_amp.sh" <<'EOF'
import sys
text = open(sys.argv[1]).read()
table = text.split("PROGRAMS=$(cat <<EOF\n", 1)[1].split("\nEOF", 1)[0]
for row in table.splitlines():
    f = row.split("|")
    if len(f) >= 15:
        print("\t".join([f[0], f"{f[0]}/src/{f[3]}/{f[4]}", f[8]]))
EOF
)
ids=("$@")
[ ${#ids[@]} -gt 0 ] || mapfile -t ids < <(cut -f1 <<< "$manifest")
seconds() { date +%s.%N; }
echo "| program | plain (s) | plain exit | checked (s) | checked exit | slowdown | hazards | kernels not checked |"
echo "| --- | ---: | ---: | ---: | ---: | ---: | --- | ---: |"
for id in "${ids[@]}"; do
  row=$(grep -P "^$id\t" <<< "$manifest") || { echo "| $id | unknown program |"; continue; }
  dir=$work/$(cut -f2 <<< "$row")
  read -r -a args <<< "$(cut -f3 <<< "$row")"
  [ -x "$work/$id/prog" ] || { echo "| $id | not built (run scripts/validate_amp.sh) |"; continue; }
  log=$(mktemp)
  a=$(seconds); (cd "$dir" && timeout 600 "$work/$id/prog" "${args[@]}" > /dev/null 2>&1); plain=$?
  b=$(seconds); (cd "$dir" && timeout 1200 "$racecheck" --error-exitcode 0 -- "$work/$id/prog" "${args[@]}" > "$log" 2>&1); checked=$?
  c=$(seconds)
  hazards=$(grep -oE "[0-9]+ hazards? found|no hazards found" "$log" | tail -1)
  unchecked=$(grep -oE "[0-9]+ kernels? NOT checked" "$log" | tail -1 | grep -oE "^[0-9]+")
  awk -v id="$id" -v a="$a" -v b="$b" -v c="$c" -v p="$plain" -v r="$checked" -v h="$hazards" -v n="${unchecked:-0}" \
    'BEGIN { printf "| %s | %.2f | %d | %.2f | %d | %.1fx | %s | %d |\n", id, b - a, p, c - b, r, (c - b) / (b - a), h, n }'
  rm -f "$log"
done
