#!/usr/bin/env bash
# Builds and runs each minimal reproduction here with ampcl-c++ and says whether its cause
# still reproduces. Each file's header names its cause (tools/validate_amp/causes.tsv) and
#   // flags: ...      the ampcl-c++ flags it is built with (besides -O2)
#   // bug: build      the cause shows as a failed build (the fix: it builds and runs, exit 0)
#   // bug: run        the cause shows as a failed run (exit status not 0)
#   // bug: accepted   invalid C++ AMP that ampcl-c++ builds (the fix: the build fails)
#   // open: ...       the cause is not fixed (the reason): the file is expected to reproduce
# A file reproduces when it fails that way (or, for "accepted", builds); "fixed" when it builds
# and exits 0 (or, for "accepted", when its build fails).
#
#   tests/amp_repro/run.sh [--check] [FILE.cpp...]   (AMPCL_BUILD_DIR: build tree, default build)
# AMP_REPRO_LINK_FLAGS: further ampcl-c++ flags (sanitizer builds: their runtime, linked first).
#
# --check (CTest): exit 1 unless every file is fixed, or reproduces where it says "open".
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=${AMPCL_BUILD_DIR:-build}
case $build in /*) ;; *) build=$root/$build ;; esac
cxx=$build/translate/ampcl-c++
work=$(mktemp -d "${TMPDIR:-/tmp}/amp-repro.XXXXXX")
trap 'rm -rf "$work"' EXIT
[ -x "$cxx" ] || { echo "no ampcl-c++ at $cxx (set AMPCL_BUILD_DIR)" >&2; exit 2; }
check=0
if [ "${1:-}" = --check ]; then check=1; shift; fi
files=("$@")
[ ${#files[@]} -gt 0 ] || files=("$here"/*.cpp)
reproduced=0 fixed=0 other=0 unexpected=0
for f in "${files[@]}"; do
  name=$(basename "$f" .cpp)
  flags="$(sed -n 's|^// flags: *||p' "$f" | head -1) ${AMP_REPRO_LINK_FLAGS:-}"
  bug=$(sed -n 's|^// bug: *||p' "$f" | head -1)
  # shellcheck disable=SC2086  # flags is a word list
  # (the braces keep the shell's own "Segmentation fault" line off the output)
  if ! { "$cxx" -O2 $flags "$f" -o "$work/$name" > "$work/$name.build.log" 2>&1; } 2>/dev/null; then
    got=build
  elif ! { (cd "$work" && timeout 120 "./$name") > "$work/$name.run.log" 2>&1; } 2>/dev/null; then
    got=run
  else
    got=none
  fi
  if [ "$bug" = accepted ]; then
    if [ "$got" = build ]; then
      verdict=fixed; fixed=$((fixed + 1))
    else
      verdict="reproduces (built)"; reproduced=$((reproduced + 1))
    fi
  elif [ "$got" = none ]; then
    verdict=fixed; fixed=$((fixed + 1))
  elif [ "$got" = "$bug" ]; then
    verdict="reproduces ($got fails)"; reproduced=$((reproduced + 1))
  else
    verdict="fails differently: the $got fails, expected the $bug"; other=$((other + 1))
  fi
  open=$(sed -n 's|^// open: *||p' "$f" | head -1)
  case $verdict in
    fixed) [ -z "$open" ] || { verdict="$verdict (but marked open: drop the 'open' line)"; unexpected=$((unexpected + 1)); } ;;
    reproduces*) [ -n "$open" ] || { verdict="$verdict (a fixed cause came back)"; unexpected=$((unexpected + 1)); } ;;
    *) unexpected=$((unexpected + 1)) ;;
  esac
  printf '%-44s %s\n' "$name" "$verdict"
  if [ "$got" != none ] && [ -n "${VERBOSE:-}" ]; then tail -5 "$work/$name.$got.log" | sed 's/^/    /'; fi
done
echo "$reproduced reproduce, $fixed fixed, $other fail differently"
if [ "$check" = 1 ] && [ "$unexpected" -gt 0 ]; then
  for f in "${files[@]}"; do name=$(basename "$f" .cpp); for k in build run; do
    [ -f "$work/$name.$k.log" ] && { echo "--- $name.$k.log"; tail -20 "$work/$name.$k.log"; }; done; done
  exit 1
fi
exit 0
