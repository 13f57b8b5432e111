#!/usr/bin/env bash
# The layer must not need libOpenCL (its OpenCL calls go to the layer below, and
# a second loader in the process would load the layer again) and must export
# the layer API and nothing else of OpenCL's.
set -euo pipefail
layer=$1
if readelf -d "$layer" | grep -q 'NEEDED.*libOpenCL'; then
  echo "FAIL: $layer needs libOpenCL" >&2
  exit 1
fi
exported=$(nm -D --defined-only "$layer" | awk '{print $3}' | grep '^cl' | sort | tr '\n' ' ')
if [ "$exported" != "clGetLayerInfo clInitLayer " ]; then
  echo "FAIL: $layer exports OpenCL names: $exported" >&2
  exit 1
fi
echo "PASS: no libOpenCL needed; exports $exported"
