#!/bin/bash
# 64-bit indexing on the GPU (bench/gpu_index64.py says what is checked).
#   Here (compiler build, no GPU):  bench/gpu-index64.sh prepare [BUILD] [DIR]
#       compiles every example as a 64-bit package with its CPU reference,
#       and vecadd_f16 / softmax_f16 at both widths, into DIR (default
#       .gpu-index64); copy the repository with DIR to the GPU machine.
#   On the GPU machine:             bench/gpu-index64.sh run [DIR]
#       builds the runtime-only tile-run in build-gpu, checks the examples,
#       runs vecadd and row softmax over more than 2^31 elements (about
#       30 GiB of host memory and 25 GiB of disk under $SCRATCH, default
#       /tmp/tile-index64) against NumPy and torch, and times both widths.
#       Needs python3 with numpy and torch.
set -u
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
case "${1:-}" in
prepare) exec "$PY" bench/gpu_index64.py prepare "${2:-build}" "${3:-.gpu-index64}" ;;
run)
  bench/build-runtime.sh build-gpu || exit 1
  exec "$PY" bench/gpu_index64.py run build-gpu/tile-run "${2:-.gpu-index64}" ;;
*) sed -n 2,13p "$0"; exit 2 ;;
esac
