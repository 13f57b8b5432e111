#!/usr/bin/env bash
# Installs what ampcl needs from Debian's packages, if it is missing. Idempotent:
# a second run installs nothing. Needs root or sudo for apt-get.
set -euo pipefail

packages=(
  cmake g++ make pkg-config           # build
  opencl-headers ocl-icd-opencl-dev   # OpenCL 1.2 API and the ICD loader
  pocl-opencl-icd clinfo              # PoCL: the default device on any CPU
  libclblast-dev                      # BLAS interop
  libtbb-dev                          # oneTBB: the PPL companion headers (<ppl.h>, ...)
  googletest libgtest-dev libbenchmark-dev
  libclang-14-dev llvm-14-dev clang-14  # the race-check instrumenter (Clang's parser)
  opencl-clhpp-headers python3-pyopencl  # programs without ampcl, checked through the layer
)
if [ "${AMPCL_SETUP_EXTRA:-}" != "" ]; then
  read -r -a extra <<<"$AMPCL_SETUP_EXTRA"
  packages+=("${extra[@]}")
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all packages present"
  exit 0
fi

echo "setup: installing ${missing[*]}"
if [ "$(id -u)" -eq 0 ]; then
  sudo=()
elif command -v sudo >/dev/null 2>&1; then
  sudo=(sudo)
else
  echo "setup: need root to install: ${missing[*]}" >&2
  echo "setup: run as root, or install them with: apt-get install ${missing[*]}" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq
"${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
echo "setup: done"
