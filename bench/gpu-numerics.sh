#!/bin/bash
# On the GPU machine, after bench/gpu-run.sh built build-gpu/tile-run: the
# numerics conformance suite (test/Numerics/conformance.py, the same cases
# and expected values as on the CPU in CI) on the GPU, from the packages
# bench/prepare.sh compiled. One line per case; exit 1 if any fails.
#   bench/gpu-numerics.sh [--only REGEX]
set -u
cd "$(dirname "$0")/.."
OUTDIR=${OUT:-/tmp/tile-bench}
mkdir -p "$OUTDIR"
python3 test/Numerics/conformance.py "$OUTDIR/numerics" --packages .gpu-pkgs/numerics \
  --tile-run build-gpu/tile-run --target cuda "$@"
