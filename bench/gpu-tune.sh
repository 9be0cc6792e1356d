#!/bin/bash
# tile-run --tune on the GPU, end to end, beside cuBLAS and an autotuned
# Triton matmul over the same configurations (bench/gpu_tune.py): the
# kernel is examples/matmul_tuned.mlir (f16, block sizes as parameters of
# its tuning space; --kind bf16, linear or fp8 takes the kernel of that
# kind in examples/matmul_tuned_kinds.mlir, against torch.matmul,
# F.linear or torch._scaled_mm), tuned per shape in a fresh process, then run by a
# second process that must take the tuned variant from the tuning cache
# and time nothing but the run.
# The GPU machine has no LLVM, so the compiler travels: tile-run (static
# LLVM/MLIR, stripped, xz) from this build.
#   Here (compiler build):    bench/gpu-tune.sh prepare [BUILD]
#       writes .gpu-tune/tile-run.xz (carry .gpu-tune)
#   On the GPU machine:       bench/gpu-tune.sh run
set -u
cd "$(dirname "$0")/.."
D=.gpu-tune
case "${1:-}" in
prepare)
  B=${2:-build}
  if ldd "$B/tile-run" | grep -q 'libLLVM\|libMLIR'; then
    echo "$B/tile-run links LLVM/MLIR shared; configure with -DTILE_STATIC_LLVM=ON"; exit 1
  fi
  mkdir -p "$D" && strip -o "$D/tile-run" "$B/tile-run" &&
    xz -T0 -6 -f "$D/tile-run" && ls -la "$D" ;;
run)
  T=/tmp/tile-tune
  mkdir -p $T && xz -dc "$D/tile-run.xz" > $T/tile-run && chmod +x $T/tile-run || exit 1
  exec python3 bench/gpu_tune.py $T/tile-run "${@:2}" ;;
*) sed -n 2,14p "$0"; exit 2 ;;
esac
