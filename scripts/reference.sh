# Sourced by scripts/gpu-packages.sh and bench/prepare.sh (with B, the
# build, set): a GPU check's reference output.
#   reference FILE KERNEL GRID OUT RTOL REF.npy ARGS...
# writes REF.npy, memref argument OUT after KERNEL runs on tile-run's
# inputs ARGS (--arg SPEC ...), from the reference interpreter
# (test/difftest/reference.py; tile's CPU path must agree within RTOL), or
# from tile's CPU path where the interpreter lacks an op; prints which.
# Non-zero when they disagree or a run fails.
PY=/usr/bin/python3; [ -x "$PY" ] || PY=python3
MLIR_OPT=${MLIR_OPT:-/usr/lib/llvm-22/bin/mlir-opt}
reference() {
  local file=$1 kernel=$2 grid=$3 out=$4 rtol=$5 ref=$6
  shift 6
  "$PY" test/difftest/reference.py "$file" --kernel "$kernel" --grid "$grid" \
    "$@" --out "$out=$ref" --rtol "$rtol" --tile-run "$B/tile-run" \
    --mlir-opt "$MLIR_OPT"
}
