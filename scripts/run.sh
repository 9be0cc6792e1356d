#!/bin/sh
# The main job: install what is missing, build, compile an example kernel
# (examples/softmax.mlir) through tile's pipeline, and run it, checking the
# result against NumPy: on the GPU when there is one (compiled to a cubin,
# launched through the CUDA driver), on the CPU otherwise (JIT-compiled
# in-process).
set -eu
cd "$(dirname "$0")/.."
scripts/deps.sh
scripts/build.sh
BUILD="${TILE_BUILD_DIR:-build}"
WORK="${TILE_WORK_DIR:-$BUILD/main-job}"
mkdir -p "$WORK"
ROWS=1000 COLS=777

echo "== tile-opt examples/softmax.mlir (tile-verify, tile-canonicalize, canonicalize, cse)"
"$BUILD/tile-opt" examples/softmax.mlir --mlir-timing \
  --pass-pipeline='builtin.module(tile-verify,func.func(tile-canonicalize),canonicalize,cse)' \
  -o "$WORK/softmax.opt.mlir"
echo "(output in $WORK/softmax.opt.mlir)"

echo "== NumPy: input x (${ROWS}x${COLS} f32) and the reference row softmax"
/usr/bin/python3 - "$WORK" "$ROWS" "$COLS" <<'PY'
import sys, numpy as np
d, r, c = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
x = np.random.default_rng(1).standard_normal((r, c)).astype(np.float32) * 3
e = np.exp(x.astype(np.float64) - x.max(axis=1, keepdims=True))
np.save(d + "/x.npy", x)
np.save(d + "/y0.npy", np.zeros((r, c), np.float32))
np.save(d + "/ref.npy", (e / e.sum(axis=1, keepdims=True)).astype(np.float32))
PY

echo "== tile-opt --tile-compile: the same kernel as PTX for sm_90a"
"$BUILD/tile-opt" examples/softmax.mlir --tile-compile="chip=sm_90a" --kernel=softmax \
  --emit=ptx -o "$WORK/softmax.ptx"
echo "(PTX in $WORK/softmax.ptx: $(grep -c 'ld.global.v4' "$WORK/softmax.ptx") 16-byte loads)"

TARGET=cpu
if command -v nvidia-smi >/dev/null 2>&1 && nvidia-smi -L >/dev/null 2>&1; then
  TARGET=cuda
fi
echo "== tile-run --target $TARGET, checked against NumPy"
"$BUILD/tile-run" examples/softmax.mlir --kernel softmax --target "$TARGET" \
  --grid "cdiv($ROWS,4)" --arg "npy:$WORK/x.npy" --arg "npy:$WORK/y0.npy" \
  --out "1=$WORK/y.npy" --check "1=$WORK/ref.npy:1e-5"

if [ -f "$BUILD/python/tile/_runtime.abi3.so" ]; then
  echo "== the Python package: examples/python/vecadd.py (the GPU with torch if there is one, else the CPU)"
  PYTHONPATH="$BUILD/python" /usr/bin/python3 examples/python/vecadd.py
fi
