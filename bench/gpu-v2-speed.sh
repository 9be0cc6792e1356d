#!/bin/bash
# The speed of the v2 kernels (issue 19, "Speed"; bench/gpu_v2_speed.py):
# embedding, cumsum, histogram, dropout, split-K and paged decode at the
# issue's sizes, each variant checked against NumPy before it is timed,
# next to torch, the same algorithms in Triton and the copy bandwidth
# (bench/peers_v2.py), in one run, with a table at the end.
#   Here (compiler build, no GPU):  bench/gpu-v2-speed.sh prepare [BUILD] [DIR]
#       writes the variants' packages into DIR (default .gpu-v2-speed, about
#       2 MiB; carry it to the GPU machine), after checking each on the CPU
#       against NumPy.
#   On the GPU machine:             bench/gpu-v2-speed.sh run [TILE_RUN] [DIR]
#       (TILE_RUN default: a runtime-only tile-run built from this tree in
#       /tmp/tile-v2-runtime, which needs only cmake, ninja and a C
#       compiler). Needs python3 with numpy, torch and Triton. Inputs are
#       made there (at most 4 GiB at a time under $TILE_V2_SCRATCH, default
#       /tmp/tile-v2-speed, removed as it goes); JSON lines go to $OUT if
#       set. About 4 minutes on an H100. TILE_V2_CASES=REGEX runs only the
#       matching kernels; TILE_V2_ITERS (default 50) and TILE_V2_WARMUP (10)
#       set the timing. Exit 1 if a tile variant fails its check.
set -u
cd "$(dirname "$0")/.."
# A python3 that imports numpy (here pyenv's may not; /usr/bin's does).
PY=${PYTHON:-}
if [ -z "$PY" ]; then
  for p in python3 /usr/bin/python3; do
    "$p" -c "import numpy" 2>/dev/null && { PY=$p; break; }
  done
  [ -n "$PY" ] || { echo "no python3 with numpy (set PYTHON)"; exit 1; }
fi
case "${1:-}" in
prepare)
  exec "$PY" bench/gpu_v2_speed.py prepare "${2:-build}" "${3:-.gpu-v2-speed}" ;;
run)
  TR=${2:-}
  if [ -z "$TR" ]; then
    RT=/tmp/tile-v2-runtime
    echo "== building the runtime-only tile-run in $RT"
    bench/build-runtime.sh "$RT" || exit 1
    TR=$RT/tile-run
  fi
  nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader 2>/dev/null
  exec "$PY" bench/gpu_v2_speed.py run "$TR" "${3:-.gpu-v2-speed}" ;;
*) sed -n 2,19p "$0"; exit 2 ;;
esac
