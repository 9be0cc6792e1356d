#!/bin/bash
# Persistence (persistent=true, docs/gpu.md) against one program a block,
# on the lent GPU: the warp-specialized f16 128x256x64 GEMM and FP8
# 128x256x128 A·Bᵀ GEMM of bench/kernels/matmul.mlir (stream-k=false in
# both), and the one-loop 1-D attention kernel of
# test/Conversion/Inputs/attention-1d.mlir (split-loops=false), each
# compiled with persistent=false (base) and persistent=true (p).
#   Here:   bench/gpu-persistent.sh prepare [BUILD]   (carry .gpu-ps)
#   There:  bench/gpu-persistent.sh run
# prepare compiles the packages and the references: the reference
# interpreter for the GEMMs at ragged sizes (blocks that run one program,
# and 2000 x 2000 x 512, where 132 blocks run up to two), NumPy's
# attention (test/Run/Inputs/examples_ref.py) for 3 heads of 512 tokens.
# run checks both variants against them and the persistent ones under
# compute-sanitizer memcheck, racecheck and synccheck, then times both
# (tile-run --bench, medians of 30 after 5, two rounds alternating) at
# $SIZES (GEMMs) and $LENGTHS (attention, heads x tokens). Exit 1 on any
# failed check; TIMING_ONLY=1 skips the checks.
set -u
cd "$(dirname "$0")/.."
D=.gpu-ps
F16=matmul_f16_128x256x64
FP8=matmul_bt_e4m3_128x256x128
CHECKS="1000x1504x776 2000x2000x512"
ATT=test/Conversion/Inputs/attention-1d.mlir
. bench/gpu-common.sh
att_args() { # HEADS TOKENS
  echo "--arg randn:$1x$2x128xf16:seed=1 --arg randn:$1x$2x128xf16:seed=2" \
    "--arg randn:$1x$2x128xf16:seed=3 --arg zeros:$1x$2x128xf16"
}
case "${1:-}" in
prepare)
  B=${2:-build}
  . scripts/reference.sh
  exclude_from_git "$D"
  rm -rf "$D" && mkdir -p "$D" || exit 1
  for v in base:false p:true; do
    for kind in f16 fp8; do
      K=$F16; [ $kind = fp8 ] && K=$FP8
      TILE_NO_CACHE=1 "$B/tile-opt" bench/kernels/matmul.mlir --kernel=$K \
        --tile-compile="warp-specialize=true stream-k=false persistent=${v#*:}" \
        --emit=package -o "$D/$kind.${v%%:*}.tpkg" 2> "$D/$kind.${v%%:*}.remarks" || exit 1
    done
    TILE_NO_CACHE=1 "$B/tile-opt" $ATT \
      --tile-compile="split-loops=false persistent=${v#*:}" \
      --emit=package -o "$D/att.${v%%:*}.tpkg" 2> "$D/att.${v%%:*}.remarks" || exit 1
  done
  tile_dump() { "$B/tile-package" --dump "$1" | grep -c "^persistent"; }
  [ "$(tile_dump $D/f16.p.tpkg)" = 1 ] && [ "$(tile_dump $D/att.p.tpkg)" = 1 ] &&
    [ "$(tile_dump $D/f16.base.tpkg)" = 0 ] || { echo "persistence not as asked"; exit 1; }
  for kind in f16 fp8; do
    K=$F16; [ $kind = fp8 ] && K=$FP8
    for s in $CHECKS; do
      IFS=x read -r m n k <<< "$s"
      reference bench/kernels/matmul.mlir $K "$(gemm_grid $m $n)" 2 2e-2 \
        "$D/$kind.$s.ref.npy" $(gemm_args $kind $m $n $k) > /dev/null || exit 1
    done
  done
  mkdir -p "$D/att" &&
    /usr/bin/python3 test/Run/Inputs/examples_ref.py flash_attention "$D/att" 3 512 512 128 f16 full || exit 1
  ls "$D" | wc -l ;;
run)
  OUTDIR=${OUT:-/tmp/tile-ps}
  gpu_tile_run "$OUTDIR" || exit 1
  failed=0
  SIZES=${SIZES:-3000x3000x3000 4096x4096x4096 8192x8192x8192 4096x11008x4096}
  LENGTHS=${LENGTHS:-256x512 64x2048 16x8192}
  if [ "${TIMING_ONLY:-0}" != 1 ]; then
    echo "== checks (GEMMs against the reference interpreter, attention against NumPy)"
    for kind in f16 fp8; do
      tol=2e-2:2e-2; [ $kind = fp8 ] && tol=2e-2:5e-2
      for s in $CHECKS; do
        IFS=x read -r m n k <<< "$s"
        for v in base p; do
          if $TR $D/$kind.$v.tpkg --target cuda --grid "$(gemm_grid $m $n)" \
            $(gemm_args $kind $m $n $k) --check "2=$D/$kind.$s.ref.npy:$tol" \
            > $OUTDIR/$kind.$v.$s.log 2>&1; then
            echo "ok $kind $v $s: $(head -1 $OUTDIR/$kind.$v.$s.log)"
          else
            echo "FAIL $kind $v $s: $(tail -3 $OUTDIR/$kind.$v.$s.log)"; failed=1
          fi
        done
      done
    done
    A="--arg npy:$D/att/q.npy --arg npy:$D/att/k.npy --arg npy:$D/att/v.npy --arg zeros:3x512x128xf16"
    for v in base p; do
      if $TR $D/att.$v.tpkg --target cuda --grid 12 $A --check "3=$D/att/ref.npy:1e-2" \
        > $OUTDIR/att.$v.log 2>&1; then
        echo "ok att $v: $(head -1 $OUTDIR/att.$v.log)"
      else
        echo "FAIL att $v: $(tail -3 $OUTDIR/att.$v.log)"; failed=1
      fi
    done
    echo "== compute-sanitizer (persistent packages)"
    for c in f16:2000x2000x512 fp8:1000x1504x776; do
      kind=${c%%:*} s=${c#*:}
      IFS=x read -r m n k <<< "$s"
      sanitize "$c" $OUTDIR/san.$kind $D/$kind.p.tpkg --target cuda \
        --grid $(gemm_grid $m $n) $(gemm_args $kind $m $n $k) || failed=1
    done
    sanitize att $OUTDIR/san.att $D/att.p.tpkg --target cuda --grid 12 $A || failed=1
  fi
  echo "== timing (medians of 30 after 5, us)"
  for round in 1 2; do
    for kind in f16 fp8; do
      for s in $SIZES; do
        IFS=x read -r m n k <<< "$s"
        for v in base p; do
          line=$($TR $D/$kind.$v.tpkg --target cuda --grid "$(gemm_grid $m $n)" \
            $(gemm_args $kind $m $n $k) --bench --warmup 5 --iters 30 2>&1 |
            grep -o 'median [0-9.]* us')
          echo "round $round $kind $v $s: ${line:-failed}"
        done
      done
    done
    for hl in $LENGTHS; do
      IFS=x read -r h l <<< "$hl"
      for v in base p; do
        line=$($TR $D/att.$v.tpkg --target cuda --grid $((h * l / 128)) \
          $(att_args $h $l) --bench --warmup 5 --iters 30 2>&1 |
          grep -o 'median [0-9.]* us')
        echo "round $round att $v $hl: ${line:-failed}"
      done
    done
  done
  exit $failed ;;
*) sed -n 2,18p "$0"; exit 2 ;;
esac
