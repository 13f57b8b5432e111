# Sourced by validate_layer.sh and validate_sanitizer.sh: the validation suites
# (PolyBench/ACC, Rodinia 3.1), cloned into $cache when missing and checked out at
# the commits every validation table was made with. Needs `cache` set.
fetch_suite() {  # fetch_suite NAME URL COMMIT
  local dir=$cache/$1
  if [ ! -d "$dir/.git" ]; then
    mkdir -p "$cache"
    git clone -q "$2" "$dir" || { echo "error: cannot clone $2 into $dir; put a checkout there" >&2; exit 2; }
  fi
  git -C "$dir" checkout -q "$3" 2>/dev/null || echo "note: $1 is not at $3; using $(git -C "$dir" rev-parse --short HEAD)" >&2
}
fetch_validation_suites() {
  fetch_suite polybench-acc https://github.com/cavazos-lab/PolyBench-ACC 70ea4ca9047dc4ec9c3ca79b4c91b3b2cc1510e7
  fetch_suite gpu-rodinia https://github.com/yuhc/gpu-rodinia 9c10d3ea16ddba2ba057cc3951a9efc4c2cc18a4
}
