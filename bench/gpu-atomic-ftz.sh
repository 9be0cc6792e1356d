#!/bin/bash
# What a GPU's f32 atomic add does with subnormals (docs/numerics.md): one
# 64 x 64 box of adds around f32's smallest normal, compiled element by
# element and as one bulk tensor reduction (bulk-reduce=true), each
# compared bit for bit with the exact f32 sum.
# Here:   bench/gpu-atomic-ftz.sh prepare BUILD DIR   (carry DIR)
# There:  bench/gpu-atomic-ftz.sh run DIR             (once build-gpu/tile-run
#         exists: bench/build-runtime.sh build-gpu DIR2)
set -u
cd "$(dirname "$0")/.."
K=bench/kernels/atomic_box_add.mlir
case "${1:-}" in
prepare)
  B=$2 D=$3
  mkdir -p "$D" || exit 1
  for o in true false; do
    TILE_NO_CACHE=1 "$B/tile-opt" $K --tile-compile="chip=sm_90a bulk-reduce=$o" \
      --kernel=add_box --emit=package -o "$D/bulk_$o.tpkg" 2> /dev/null || exit 1
  done
  /usr/bin/python3 - "$D" <<'PY'
import sys
import numpy as np
d = sys.argv[1]
rng = np.random.default_rng(7)
tiny = np.finfo(np.float32).tiny
def near_tiny(ks):
    return rng.uniform(-2, 2, (64, 64)) * tiny * rng.choice(ks, (64, 64))
np.save(d + "/v.npy", near_tiny([1e-3, 0.1, 0.6, 1.0, 1e3]).astype(np.float32))
np.save(d + "/acc.npy", near_tiny([1e-3, 0.1, 0.6, 1.0]).astype(np.float32))
PY
  ;;
run)
  D=$2
  for o in true false; do
    build-gpu/tile-run "$D/bulk_$o.tpkg" --target cuda --grid 1 --arg "npy:$D/v.npy" \
      --arg "npy:$D/acc.npy" --out "1=$D/out_$o.npy" > /dev/null || exit 1
  done
  python3 - "$D" <<'PY'
import sys
import numpy as np
d = sys.argv[1]
v, acc = np.load(d + "/v.npy"), np.load(d + "/acc.npy")
exact = (acc + v).astype(np.float32)
sub = np.abs(exact) < np.finfo(np.float32).tiny
for o in ("true", "false"):
    out = np.load("%s/out_%s.npy" % (d, o))
    same = out.view(np.uint32) == exact.view(np.uint32)
    print("bulk-reduce=%s: exact %d/%d, subnormal sums kept %d/%d, "
          "zero where the sum is not %d"
          % (o, same.sum(), same.size, (same & sub).sum(), sub.sum(),
             ((out == 0) & (exact != 0)).sum()))
PY
  ;;
*) sed -n 2,8p "$0"; exit 2 ;;
esac
