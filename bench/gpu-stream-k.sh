#!/bin/bash
# Stream-K (stream-k, docs/gpu.md) on the lent GPU: the f16 128x256x64
# GEMM and the FP8 e4m3 128x256x128 A·Bᵀ GEMM of bench/kernels/matmul.mlir
# at default options (stream-k=auto: on) and with stream-k=false.
#   Here:   bench/gpu-stream-k.sh prepare [BUILD]   (carry .gpu-sk)
#   There:  bench/gpu-stream-k.sh run
# prepare compiles the packages and computes reference outputs (the
# reference interpreter, scripts/reference.sh) at ragged sizes whose last
# wave splits into 2 to 5 parts of uneven lengths, one that does not split,
# and one in the generic entry (rows off 16 bytes). run checks both
# packages against them, checks that two runs of the stream-K
# package give the same bits (the parts' sums are added in a fixed order),
# runs it under compute-sanitizer memcheck, racecheck and synccheck, then
# times every package (tile-run --bench, medians of 30 after 5, two rounds
# alternating) and torch.matmul (cuBLAS, CUDA-graph replays, the same
# events) at $SIZES. Exit 1 on any failed check. TIMING_ONLY=1 skips the
# checks.
set -u
cd "$(dirname "$0")/.."
D=.gpu-sk
F16=matmul_f16_128x256x64
FP8=matmul_bt_e4m3_128x256x128
CHECKS_F16="1000x1504x776 300x1504x648 200x2056x2048 136x4104x1048 2048x2048x1024 2100x4000x520 1000x1500x777"
CHECKS_FP8="1000x1504x1024 256x1024x4096 300x520x1000"
. bench/gpu-common.sh
case "${1:-}" in
prepare)
  B=${2:-build}
  . scripts/reference.sh
  . bench/gpu-common.sh
  exclude_from_git "$D"
  rm -rf "$D" && mkdir -p "$D" || exit 1
  for kind in f16 fp8; do
    K=$F16; [ $kind = fp8 ] && K=$FP8
    for v in base:"stream-k=false" sk:; do
      TILE_NO_CACHE=1 "$B/tile-opt" bench/kernels/matmul.mlir --kernel=$K \
        --tile-compile="${v#*:}" --emit=package \
        -o "$D/$kind.${v%%:*}.tpkg" 2> "$D/$kind.${v%%:*}.remarks" || exit 1
    done
    grep -h "stream-k" "$D/$kind.sk.remarks" | head -1
    checks=$CHECKS_F16; [ $kind = fp8 ] && checks=$CHECKS_FP8
    for s in $checks; do
      IFS=x read -r m n k <<< "$s"
      reference bench/kernels/matmul.mlir $K "$(gemm_grid $m $n)" 2 2e-2 \
        "$D/$kind.$s.ref.npy" $(gemm_args $kind $m $n $k) > /dev/null || exit 1
    done
  done
  ls "$D" | wc -l ;;
run)
  OUTDIR=${OUT:-/tmp/tile-sk}
  gpu_tile_run "$OUTDIR" || exit 1
  failed=0
  SIZES=${SIZES:-3000x3000x3000 4096x4096x4096 8192x8192x8192 4096x11008x4096 512x2048x8192 128x4096x4096 64x8192x8192 1000x1500x777}
  if [ "${TIMING_ONLY:-0}" != 1 ]; then
    echo "== checks (against the reference interpreter; stream-K twice, same bits)"
    for kind in f16 fp8; do
      checks=$CHECKS_F16; [ $kind = fp8 ] && checks=$CHECKS_FP8
      # FP8: wgmma's sums of e4m3 products round differently from the
      # interpreter's; an element near zero may be off by 0.03 either way.
      tol=2e-2:2e-2; [ $kind = fp8 ] && tol=2e-2:5e-2
      for s in $checks; do
        IFS=x read -r m n k <<< "$s"
        for v in base sk sk2; do
          pkg=${v%2}
          if $TR $D/$kind.$pkg.tpkg --target cuda --grid "$(gemm_grid $m $n)" \
            $(gemm_args $kind $m $n $k) --check "2=$D/$kind.$s.ref.npy:$tol" \
            --out 2=$OUTDIR/$kind.$v.$s.npy > $OUTDIR/$kind.$v.$s.log 2>&1; then
            echo "ok $kind $v $s: $(grep -o '\(aligned\|generic\) entry[^,]*' $OUTDIR/$kind.$v.$s.log | head -1)"
          else
            echo "FAIL $kind $v $s: $(tail -3 $OUTDIR/$kind.$v.$s.log)"; failed=1
          fi
        done
        if cmp -s $OUTDIR/$kind.sk.$s.npy $OUTDIR/$kind.sk2.$s.npy; then
          echo "ok $kind $s: two stream-K runs give the same bits"
        else
          echo "FAIL $kind $s: two stream-K runs differ"; failed=1
        fi
      done
    done
    echo "== compute-sanitizer (stream-K packages)"
    for c in f16:200x2056x2048 f16:2100x4000x520 f16:1000x1500x777 fp8:256x1024x4096; do
      kind=${c%%:*} s=${c#*:}
      IFS=x read -r m n k <<< "$s"
      sanitize "$kind $s" $OUTDIR/san.$kind.$s $D/$kind.sk.tpkg --target cuda \
        --grid "$(gemm_grid $m $n)" $(gemm_args $kind $m $n $k) || failed=1
    done
  fi
  echo "== timing (medians of 30 after 5, us)"
  for round in 1 2; do
    for kind in f16 fp8; do
      for s in $SIZES; do
        IFS=x read -r m n k <<< "$s"
        [ $kind = fp8 ] && [ $((k % 16)) != 0 ] && continue
        for v in base sk; do
          line=$($TR $D/$kind.$v.tpkg --target cuda --grid "$(gemm_grid $m $n)" \
            $(gemm_args $kind $m $n $k) --bench --warmup 5 --iters 30 2>&1 |
            grep -o 'median [0-9.]* us')
          echo "round $round $kind $v $s: ${line:-failed}"
        done
      done
    done
  done
  echo "== cuBLAS (torch.matmul f16 / torch._scaled_mm e4m3 by bench/peers.py timeit: CUDA-graph replays, medians of 30 after 5, us)"
  python3 - $SIZES <<'PY'
import sys, torch
sys.path.insert(0, "bench")
from peers import timeit
def median(fn):
    return timeit(fn, 5, 30)[0]
for s in sys.argv[1:]:
    m, n, k = map(int, s.split("x"))
    a = torch.randn(m, k, dtype=torch.float16, device="cuda")
    b = torch.randn(k, n, dtype=torch.float16, device="cuda")
    c = torch.empty(m, n, dtype=torch.float16, device="cuda")
    print(f"cublas f16 {s}: median {median(lambda: torch.matmul(a, b, out=c)):.2f} us")
    if k % 16:
        continue
    a8 = a.to(torch.float8_e4m3fn)
    b8 = torch.randn(n, k, device="cuda").to(torch.float8_e4m3fn)
    one = torch.ones((), device="cuda")
    try:
        t = median(lambda: torch._scaled_mm(a8, b8.t(), scale_a=one, scale_b=one,
                                            out_dtype=torch.bfloat16))
        print(f"cublas fp8 {s}: median {t:.2f} us")
    except Exception as e:
        print(f"cublas fp8 {s}: {e}")
PY
  exit $failed ;;
*) sed -n 2,18p "$0"; exit 2 ;;
esac
