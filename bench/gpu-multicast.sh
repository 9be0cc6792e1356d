#!/bin/bash
# TMA multicast (multicast=true, docs/gpu.md) on the lent GPU: the f16
# 128x256x64 GEMM of bench/kernels/matmul.mlir (grouped 1-D grid,
# warp-specialized) with and without multicast.
#   Here:   bench/gpu-multicast.sh prepare [BUILD]   (carry .gpu-mc)
#   There:  bench/gpu-multicast.sh run
# run checks each multicast package against the same kernel without it on
# the same random inputs (bit for bit: the same wgmmas on the same tiles)
# and against NumPy (f32 sums of the f16 inputs), at ragged sizes whose
# pairs share B, whose pairs do not (a last group of odd height) and an
# odd grid (the launcher's generic entry); runs the multicast packages
# under compute-sanitizer memcheck, racecheck and synccheck; then times
# both at 3000^3, 4096^3 and 8192^3 (tile-run --bench, medians of 30,
# alternating, two rounds; $VARIANTS names other packages of .gpu-mc to
# time beside them), and torch.matmul (cuBLAS) the same way. Exit 1 on
# any failed check. $SIZES (MxNxK ...) times other shapes; TIMING_ONLY=1
# skips the checks.
set -u
cd "$(dirname "$0")/.."
D=.gpu-mc
K=matmul_f16_128x256x64
case "${1:-}" in
prepare)
  B=${2:-build}
  . bench/gpu-common.sh
  exclude_from_git "$D"
  rm -rf "$D" && mkdir -p "$D" || exit 1
  for v in ws:warp-specialize=true mc:"warp-specialize=true multicast=true"; do
    TILE_NO_CACHE=1 "$B/tile-opt" bench/kernels/matmul.mlir --kernel=$K \
      --tile-compile="${v#*:}" --emit=package -o "$D/${v%%:*}.tpkg" || exit 1
  done
  ls "$D" ;;
run)
  OUTDIR=${OUT:-/tmp/tile-mc}
  . bench/gpu-common.sh
  gpu_tile_run "$OUTDIR" || exit 1
  args() { echo "--grid $(gemm_grid $1 $2) $(gemm_args f16 $1 $2 $3)"; } # M N K
  failed=0
  SIZES=${SIZES:-3000x3000x3000 4096x4096x4096 8192x8192x8192}
  if [ "${TIMING_ONLY:-0}" != 1 ]; then
  echo "== checks (multicast against the same kernel without it, and NumPy)"
  for s in 1000x1504x776 300x1504x648 300x520x200 2048x2048x1024; do
    IFS=x read -r m n k <<< "$s"
    for v in ws mc; do
      $TR $D/$v.tpkg --target cuda $(args $m $n $k) --out 0=$OUTDIR/a.npy \
        --out 1=$OUTDIR/b.npy --out 2=$OUTDIR/$v.$s.npy > $OUTDIR/$v.$s.log 2>&1 ||
        { echo "FAIL $v $s: $(tail -2 $OUTDIR/$v.$s.log)"; failed=1; }
    done
    echo "$s, multicast package: $(grep -o '\(aligned\|generic\) entry[^,]*' $OUTDIR/mc.$s.log | head -1)"
    python3 - "$OUTDIR" "$s" <<'PY' || failed=1
import sys, numpy as np
d, s = sys.argv[1], sys.argv[2]
a, b = np.load(f"{d}/a.npy").astype(np.float32), np.load(f"{d}/b.npy").astype(np.float32)
ws, mc = np.load(f"{d}/ws.{s}.npy"), np.load(f"{d}/mc.{s}.npy")
ref = a @ b
err = np.abs(mc.astype(np.float32) - ref).max()
same = np.array_equal(ws.view(np.uint16), mc.view(np.uint16))
ok = same and np.allclose(mc.astype(np.float32), ref, rtol=1e-2, atol=1e-2)
print(f"{'ok' if ok else 'FAIL'} {s}: bit-identical to no multicast: {same}, max error vs NumPy {err:.4g}")
sys.exit(0 if ok else 1)
PY
  done
  echo "== compute-sanitizer"
  for s in 1000x1504x776 300x1504x648; do
    IFS=x read -r m n k <<< "$s"
    sanitize "$s" $OUTDIR/san.$s $D/mc.tpkg --target cuda $(args $m $n $k) || failed=1
  done
  fi
  echo "== timing (medians of 30 after 5, us)"
  for round in 1 2; do
    for s in $SIZES; do
      IFS=x read -r m n k <<< "$s"
      for v in ${VARIANTS:-ws mc}; do
        line=$($TR $D/$v.tpkg --target cuda $(args $m $n $k) --bench --warmup 5 \
          --iters 30 2>&1 | grep -o 'median [0-9.]* us')
        echo "round $round $v $s: ${line:-failed}"
      done
    done
  done
  echo "== cuBLAS (torch.matmul, f16, by bench/peers.py timeit: CUDA-graph replays, medians of 30 after 5, us)"
  python3 - $SIZES <<'PY'
import sys, torch
sys.path.insert(0, "bench")
from peers import timeit
for s in sys.argv[1:]:
    m, n, k = map(int, s.split("x"))
    a = torch.randn(m, k, dtype=torch.float16, device="cuda")
    b = torch.randn(k, n, dtype=torch.float16, device="cuda")
    c = torch.empty(m, n, dtype=torch.float16, device="cuda")
    t = timeit(lambda: torch.matmul(a, b, out=c), 5, 30)[0]
    print(f"cublas {s}: median {t:.2f} us")
PY
  exit $failed ;;
*) sed -n 2,14p "$0"; exit 2 ;;
esac
