#!/bin/bash
# Where a GEMM's time goes beside cuBLAS's, on the lent GPU. For tile's
# f16 128x256x64 GEMM of bench/kernels/matmul.mlir, every package
# .gpu-sk/f16.VARIANT.tpkg (bench/gpu-stream-k.sh prepare makes base:
# stream-k=false and sk: the defaults; add others with `prepare OPTIONS`)
# timed in both entries (aligned: TMA copies; generic: none) at each shape
# by tile-run --bench (medians of 30 after 5, us); with CUBLAS=1 first
# cuBLAS's kernel choice at each shape (bench/cublas_kernels.py: name,
# grid, registers, shared memory, time); with NCU="VARIANT:ENTRY ..." ncu's
# speed-of-light and memory sections of those packages and of cuBLAS's
# kernel at the same shapes, clocks left as the GPU sets them.
#   Here:   bench/gpu-stream-k.sh prepare; bench/gpu-gemm-probe.sh prepare NAME "OPTIONS"
#   There:  [CUBLAS=1] [NCU=...] bench/gpu-gemm-probe.sh run [MxNxK ...]   (carry .gpu-sk)
set -u
cd "$(dirname "$0")/.."
D=.gpu-sk
K=matmul_f16_128x256x64
. bench/gpu-common.sh
case "${1:-}" in
prepare)
  TILE_NO_CACHE=1 "${4:-build}/tile-opt" bench/kernels/matmul.mlir --kernel=$K \
    --tile-compile="$3" --emit=package -o "$D/f16.$2.tpkg" ;;
run)
  shift
  OUTDIR=${OUT:-/tmp/tile-probe}
  gpu_tile_run "$OUTDIR" || exit 1
  SHAPES=${*:-3000x3000x3000 3008x3008x3008 4096x4096x4096}
  if [ "${CUBLAS:-0}" = 1 ]; then
    echo "== cuBLAS's kernels"
    python3 bench/cublas_kernels.py $SHAPES
  fi
  echo "== tile f16 (tile-run --bench, medians of 30 after 5, us)"
  for s in $SHAPES; do
    IFS=x read -r m n k <<< "$s"
    for p in $D/f16.*.tpkg; do
      v=$(basename $p .tpkg); v=${v#f16.}
      for e in aligned generic; do
        echo "$s $v $e: $($TR $p --target cuda --grid $(gemm_grid $m $n) --entry $e \
          $(gemm_args f16 $m $n $k) --bench --warmup 5 --iters 30 2>&1 |
          grep -o 'median [0-9.]* us\|error.*' | head -1)"
      done
    done
  done
  M="--metrics sm__cycles_elapsed.avg.per_second,lts__t_sectors.sum,dram__bytes.sum,gpu__time_duration.sum,lts__throughput.avg.pct_of_peak_sustained_elapsed,sm__throughput.avg.pct_of_peak_sustained_elapsed"
  for s in $SHAPES; do
    [ -n "${NCU:-}" ] || break
    IFS=x read -r m n k <<< "$s"
    for ve in $NCU; do
      echo "== ncu tile $s ${ve%%:*} ${ve#*:}"
      ncu --clock-control none $M -c 1 $TR $D/f16.${ve%%:*}.tpkg --target cuda \
        --grid $(gemm_grid $m $n) --entry ${ve#*:} $(gemm_args f16 $m $n $k) 2>&1 |
        grep -E "__|Grid Size|grid"
    done
    echo "== ncu cuBLAS $s"
    ncu --clock-control none $M -k regex:"nvjet|gemm|sm90|cutlass" -c 1 python3 -c "
import torch
a = torch.randn($m, $k, dtype=torch.float16, device='cuda')
b = torch.randn($k, $n, dtype=torch.float16, device='cuda')
torch.matmul(a, b); torch.cuda.synchronize()" 2>&1 | grep -E "__|nvjet|gemm"
  done ;;
*) sed -n 2,14p "$0"; exit 2 ;;
esac
