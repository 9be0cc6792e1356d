#!/bin/bash
# The generic entry (rows of any alignment and padding; docs/gpu.md, "Two
# entries per kernel") on the lent GPU: the f16 128x256x64 GEMM (wgmma) and
# the f16 128x128x32 GEMM for sm_80 (mma.sync) of bench/kernels/matmul.mlir,
# and the FP8 one, run with --entry generic. Needs bench/gpu-stream-k.sh's
# packages and reference outputs in .gpu-sk (its prepare); `prepare` here
# adds the sm_80 package.
#   Here:   bench/gpu-stream-k.sh prepare && bench/gpu-generic.sh prepare
#   There:  bench/gpu-generic.sh run          (carry .gpu-sk)
# run checks every package against the references (f16 and FP8, ragged
# sizes), runs compute-sanitizer memcheck, racecheck and synccheck, then
# times the generic entry (tile-run --bench, medians of 30 after 5, two
# rounds) at shapes whose rows are 16-byte aligned (4096), 8-byte (K =
# 4100) and 2-byte (odd), and cuBLAS beside them. Exit 1 on a failed check.
set -u
cd "$(dirname "$0")/.."
D=.gpu-sk
. bench/gpu-common.sh
case "${1:-}" in
prepare)
  TILE_NO_CACHE=1 "${2:-build}/tile-opt" bench/kernels/matmul.mlir --kernel=matmul_f16_128x128x32 \
    --tile-compile="chip=sm_80" --emit=package -o $D/f16.sm80.tpkg ;;
run)
  OUTDIR=${OUT:-/tmp/tile-generic}
  gpu_tile_run "$OUTDIR" || exit 1
  fails=0
  if [ "${TIMING_ONLY:-0}" != 1 ]; then
    echo "== checks, generic entry (against the reference interpreter)"
    for kind in f16 fp8; do
      tol=2e-2:2e-2; [ $kind = fp8 ] && tol=2e-2:5e-2
      for r in $D/$kind.*.ref.npy; do
        s=$(basename $r .ref.npy); s=${s#$kind.}
        IFS=x read -r m n k <<< "$s"
        for v in sk sm80; do
          [ -f $D/$kind.$v.tpkg ] || continue
          bn=256; [ $v = sm80 ] && bn=128
          if $TR $D/$kind.$v.tpkg --target cuda --entry generic --grid $(gemm_grid $m $n $bn) \
            $(gemm_args $kind $m $n $k) --check "2=$r:$tol" > $OUTDIR/c.log 2>&1; then
            echo "ok $kind $v $s"
          else
            echo "FAIL $kind $v $s"; tail -3 $OUTDIR/c.log; fails=1
          fi
        done
      done
    done
    echo "== compute-sanitizer, generic entry"
    for c in sk:300x1504x648 sk:1000x1500x777 sk:136x4104x1048 sm80:1000x1500x777; do
      v=${c%%:*} s=${c#*:}; IFS=x read -r m n k <<< "$s"; bn=256; [ $v = sm80 ] && bn=128
      for tool in memcheck racecheck synccheck; do
        if compute-sanitizer --tool $tool --error-exitcode 9 $TR $D/f16.$v.tpkg --target cuda \
          --entry generic --grid $(gemm_grid $m $n $bn) $(gemm_args f16 $m $n $k) > $OUTDIR/san.log 2>&1; then
          echo "ok $tool $v $s"
        else
          echo "FAIL $tool $v $s"; grep -m5 -E "Error|Race|SUMMARY|Invalid" $OUTDIR/san.log; fails=1
        fi
      done
    done
  fi
  echo "== timing, generic entry (medians of 30 after 5, us)"
  SIZES=${SIZES:-4097x4097x4097 4095x4095x4095 4096x4096x4100 4096x4096x4096 1000x1500x777}
  for round in 1 2; do
    for s in $SIZES; do
      IFS=x read -r m n k <<< "$s"
      for p in $D/f16.*.tpkg; do
        v=$(basename $p .tpkg); v=${v#f16.}; bn=256; case $v in sm80*) bn=128;; esac
        echo "round $round $s $v: $($TR $p --target cuda --entry generic --grid $(gemm_grid $m $n $bn) \
          $(gemm_args f16 $m $n $k) --bench --warmup 5 --iters 30 2>&1 | grep -o 'median [0-9.]* us\|error.*')"
      done
    done
  done
  python3 bench/cublas_kernels.py $SIZES 2>&1 | grep -v "Warn\|warn_once"
  exit $fails ;;
*) sed -n 2,16p "$0"; exit 2 ;;
esac
