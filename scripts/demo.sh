#!/usr/bin/env bash
# The main job: installs what is missing, builds, compiles the documents' C++ AMP
# programs as they are with ampcl-c++ and runs them on the default accelerator,
# runs the hand-ported versions, then demonstrates the race checker on the
# documents' racy kernel and its fixed twin (in C++ AMP and as launch files).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${AMPCL_BUILD_DIR:-$root/build}

"$root/scripts/setup.sh"
"$root/scripts/build.sh"

cd "$root"
"$build/examples/ampcl-demo-info" 2>/dev/null || true

if [ -x "$build/translate/ampcl-c++" ]; then
  amp_out=$(mktemp -d)
  trap 'rm -rf "$amp_out"' EXIT
  for src in tests/amp_programs/add_arrays.cpp tests/amp_programs/sampling_example_2.cpp \
             tests/amp_programs/tiling_description.cpp tests/amp_programs/math_example_fixed.cpp; do
    name=$(basename "$src" .cpp)
    echo
    echo "=== C++ AMP as it is: ampcl-c++ -O2 $src ==="
    "$build/translate/ampcl-c++" -O2 "$src" -o "$amp_out/$name"
    "$amp_out/$name"
  done
  if [ -x "$build/tools/racecheck/ampcl-racecheck" ]; then
    echo
    echo "=== race check of C++ AMP code: the documents' 'total += x' (racy), at its C++ line ==="
    "$build/translate/ampcl-c++" -O2 tests/amp_programs/race_total.cpp -o "$amp_out/race_total"
    "$build/tools/racecheck/ampcl-racecheck" --error-exitcode 0 -- "$amp_out/race_total"
  fi
fi
for prog in $(cat "$root/examples/programs.txt"); do
  echo
  echo "=== $prog ==="
  "$build/examples/$prog"
done

if [ -x "$build/tools/racecheck/ampcl-racecheck" ]; then
  echo
  echo "=== race check: the documents' 'total += x' kernel (racy) ==="
  "$build/tools/racecheck/ampcl-racecheck" --error-exitcode 0 examples/races/total_race.sim
  echo
  echo "=== race check: one work-item per barrier (race-free) ==="
  "$build/tools/racecheck/ampcl-racecheck" examples/races/total_serial.sim
fi
