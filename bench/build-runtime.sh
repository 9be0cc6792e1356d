#!/bin/bash
# The runtime-only build of tile-run and tile-package (no MLIR: seconds),
# which the GPU machine's scripts run packages with:
#   bench/build-runtime.sh DIR [LOGDIR]
# builds DIR/tile-run and DIR/tile-package from this checkout, with the
# logs in LOGDIR (default DIR); on failure prints the build log's tail and
# exits 1.
set -u
cd "$(dirname "$0")/.."
B=$1
L=${2:-$B}
mkdir -p "$B" "$L"
cmake -G Ninja -S . -B "$B" -DTILE_ENABLE_COMPILER=OFF -DCMAKE_BUILD_TYPE=Release > "$L/cmake.log" 2>&1 &&
  ninja -C "$B" tile-run tile-package > "$L/build.log" 2>&1 ||
  { echo "the runtime-only build in $B failed:"; tail -20 "$L/cmake.log" "$L/build.log"; exit 1; }
