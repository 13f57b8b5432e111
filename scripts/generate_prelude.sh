#!/usr/bin/env bash
# Rewrites the generated blocks of kernels/ampcl.clh (the prelude's math and
# atomics macros) from the one table of C++ AMP's device functions,
# include/ampcl/concurrency/device_functions.def. Run it after editing the table;
# the test prelude_device_functions fails until the two agree.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cmake -DTABLE="$root/include/ampcl/concurrency/device_functions.def" \
      -DPRELUDE="$root/kernels/ampcl.clh" -DMODE=write -P "$root/cmake/device_functions.cmake"
