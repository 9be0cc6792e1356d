#!/bin/sh
# The main job: install what is missing, build, and take the example kernel
# examples/vecadd.mlir through tile's pipeline as far as it exists today
# (verify, canonicalize). Running kernels (CPU or GPU) is not built yet:
# tile-run says so rather than pretend.
set -eu
cd "$(dirname "$0")/.."
scripts/deps.sh
scripts/build.sh
BUILD="${TILE_BUILD_DIR:-build}"
KERNEL="${1:-examples/vecadd.mlir}"
echo "== tile-opt $KERNEL (tile-verify, tile-canonicalize, canonicalize, cse)"
"$BUILD/tile-opt" "$KERNEL" --mlir-timing \
  --pass-pipeline='builtin.module(tile-verify,func.func(tile-canonicalize),canonicalize,cse)'
echo "== tile-run"
if "$BUILD/tile-run" "$KERNEL"; then :; else
  echo "(tile-run cannot execute kernels yet: no CPU or GPU backend in this version)"
fi
