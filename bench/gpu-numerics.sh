#!/bin/bash
# On the GPU machine, after bench/gpu-run.sh built build-gpu/tile-run: the
# numerics conformance suite (test/Numerics/conformance.py, the same cases
# and expected values as on the CPU in CI) on the GPU, from the packages
# bench/prepare.sh compiled for sm_90a and for sm_80 (f8 casts by cvt and
# by integer ops). One line per case; exit 1 if any fails. $PKGS names
# another folder of packages made the same way (default .gpu-pkgs).
#   bench/gpu-numerics.sh [--only REGEX]
set -u
cd "$(dirname "$0")/.."
OUTDIR=${OUT:-/tmp/tile-bench}
mkdir -p "$OUTDIR"
rc=0
for pkgs in numerics numerics-sm80; do
  echo "== $pkgs"
  python3 test/Numerics/conformance.py "$OUTDIR/$pkgs" --packages "${PKGS:-.gpu-pkgs}/$pkgs" \
    --tile-run build-gpu/tile-run --target cuda "$@" || rc=1
done
exit $rc
