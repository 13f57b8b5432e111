#!/usr/bin/env bash
# The main job: installs what is missing, builds, runs every ported document
# program on the default accelerator and prints its output, then demonstrates the
# race checker on the documents' racy kernel and its fixed twin.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${AMPCL_BUILD_DIR:-$root/build}

"$root/scripts/setup.sh"
"$root/scripts/build.sh"

cd "$root"
"$build/examples/ampcl-demo-info" 2>/dev/null || true
for prog in $(cat "$root/examples/programs.txt"); do
  echo
  echo "=== $prog ==="
  "$build/examples/$prog"
done

if [ -x "$build/debug/tool/ampcl-racecheck" ]; then
  echo
  echo "=== race check: the documents' 'total += x' kernel (racy) ==="
  "$build/debug/tool/ampcl-racecheck" --error-exitcode 0 examples/races/total_race.sim
  echo
  echo "=== race check: one work-item per barrier (race-free) ==="
  "$build/debug/tool/ampcl-racecheck" examples/races/total_serial.sim
fi
