#!/bin/bash
# The v2 ops (gather/scatter, atomics, scans, Philox, print, assert, scalar
# memory) on the GPU, checked against NumPy and the CPU (bench/gpu_v2.py).
#   Here (compiler build, no GPU):  bench/gpu-v2.sh prepare [BUILD] [DIR]
#       compiles the packages, NumPy references and CPU results into DIR
#       (default .gpu-v2); copy the repository with DIR to the GPU machine.
#   On the GPU machine:             bench/gpu-v2.sh run [TILE_RUN] [DIR]
#       (TILE_RUN default: tile-run on PATH, else build/tile-run, else a
#       runtime-only build made in /tmp/tile-v2-runtime, which needs only
#       cmake, ninja and a C compiler) runs every package with --target cuda,
#       checks outputs (bit-exact for integers and Philox words), a failed
#       assert (also under --bench), a print from 64 programs, and
#       compute-sanitizer memcheck, racecheck and synccheck; PASS/FAIL table, exit 1 on
#       any failure. Needs python3 with numpy on both machines.
set -u
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
case "${1:-}" in
prepare) exec "$PY" bench/gpu_v2.py prepare "${2:-build}" "${3:-.gpu-v2}" ;;
run)
  TR=${2:-$(command -v tile-run || echo build/tile-run)}
  if [ ! -x "$TR" ]; then
    RT=/tmp/tile-v2-runtime
    echo "== building the runtime-only tile-run in $RT"
    bench/build-runtime.sh "$RT" || exit 1
    TR=$RT/tile-run
  fi
  exec "$PY" bench/gpu_v2.py run "$TR" "${3:-.gpu-v2}" ;;
*) sed -n 2,14p "$0"; exit 2 ;;
esac
