#!/bin/bash
# Plainly written GEMMs at the compiler's default options against cuBLAS,
# in one run: what a user gets without tuning (bench/kernels/matmul.mlir's
# 128x256 kernels: f16 and bf16 A x B, f16 A x B^T as F.linear, FP8 e4m3
# A x B^T with bf16 out), each compiled twice: with no options (the
# defaults, num-stages=auto) and with num-stages=3 (the default before
# auto), timed by tile-run --bench beside torch (torch.matmul, F.linear,
# torch._scaled_mm) timed the same way (CUDA events around each launch,
# recorded back to back; bench/gpu_defaults.py).
#   Here (compiler build, no GPU):  bench/gpu-defaults.sh prepare [BUILD]
#       packages into .gpu-defaults (copy it to the GPU machine; carry it)
#   On the GPU machine:             bench/gpu-defaults.sh run [TILE_RUN]
#       a table of medians and ratios (needs torch)
set -u
cd "$(dirname "$0")/.."
D=.gpu-defaults
K=bench/kernels/matmul.mlir
KERNELS="matmul_f16_128x256x64 matmul_bf16_128x256x64 matmul_bt_f16_128x256x64 matmul_bt_e4m3_128x256x128"
case "${1:-}" in
prepare)
  B=${2:-build}
  rm -rf "$D" && mkdir -p "$D"
  for k in $KERNELS; do
    "$B/tile-opt" "$K" --tile-compile --emit=package --kernel="$k" -o "$D/${k}_default.tpkg" || exit 1
    "$B/tile-opt" "$K" --tile-compile="num-stages=3" --emit=package --kernel="$k" -o "$D/${k}_s3.tpkg" || exit 1
    # auto's code is the code of the stage count it chose, which the
    # benchmark suites check on the GPU (bench/prepare.sh, _s4 packages)
    for st in 3 4; do
      "$B/tile-opt" "$K" --tile-compile="num-stages=$st" --emit=ptx --kernel="$k" -o "$D/$k.s$st.ptx"
    done
    "$B/tile-opt" "$K" --tile-compile --emit=ptx --kernel="$k" -o "$D/$k.auto.ptx"
    for st in 3 4; do
      cmp -s "$D/$k.auto.ptx" "$D/$k.s$st.ptx" && echo "$k: auto = num-stages=$st"
    done
  done
  rm -f "$D"/*.ptx ;;
run)
  TR=${2:-}
  if [ -z "$TR" ]; then
    bench/build-runtime.sh /tmp/tile-defaults-runtime > /dev/null || exit 1
    TR=/tmp/tile-defaults-runtime/tile-run
  fi
  exec python3 bench/gpu_defaults.py "$TR" "$D" ;;
*) sed -n 2,14p "$0"; exit 2 ;;
esac
