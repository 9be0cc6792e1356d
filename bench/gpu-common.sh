# Sourced by the GPU-side scripts that carry packages made here (bench/
# gpu-attention-bwd.sh, gpu-attention-fp8.sh, gpu-python.sh, and the GEMM
# ones: gpu-stream-k.sh, gpu-generic.sh, gpu-multicast.sh,
# gpu-gemm-probe.sh).
#   check_packages DIR LOGDIR
#       builds the runtime-only tile-run (build-gpu/) if missing, runs each
#       package of DIR/list.txt (name|grid|args|...) with its --check
#       arguments against NumPy, then under compute-sanitizer memcheck,
#       racecheck and synccheck (bench/gpu-sanitize.sh; TILE_GPU_SANITIZE=0
#       skips it); non-zero if any failed
#   use_python_package DIR
#       unpacks the Python package bench/gpu-python.sh prepare wrote to DIR
#       (its compiler module xz-compressed) into /tmp/tile-py and points
#       PYTHONPATH at it, with a compile cache of its own
#   gpu_tile_run OUTDIR
#       builds the runtime-only tile-run (build-gpu/, its log in OUTDIR),
#       sets TR to it and prints the GPU and its driver
#   gemm_args KIND M N K
#       the --arg specs of bench/kernels/matmul.mlir's GEMMs at M x N x K:
#       f16 (A [M][K], B [K][N], C f16) or fp8 (e4m3 A [M][K] and B [N][K],
#       C bf16), random inputs of fixed seeds
#   gemm_grid M N [BN]
#       their programs: 128-row blocks of BN (default 256) columns
#   exclude_from_git DIR
#       keeps DIR (a relative path: a prepare step's carry directory) out of
#       git status, in the repository's info/exclude (the common one in a
#       worktree, where .git is a file)
#   sanitize LABEL LOGBASE ARGS...
#       tile-run ($TR) ARGS under compute-sanitizer memcheck, racecheck and
#       synccheck: "ok TOOL LABEL", or "FAIL TOOL LABEL" and the log's
#       first error lines (the logs: LOGBASE.TOOL.log); non-zero if any
#       failed
check_packages() {
  local D=$1 LOGDIR=$2 rc=0 name grid args _
  mkdir -p "$LOGDIR"
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
  [ -x build-gpu/tile-run ] || bench/build-runtime.sh build-gpu "$LOGDIR" || return 1
  echo "== correctness on the GPU against NumPy"
  while IFS='|' read -r name grid args _; do
    if build-gpu/tile-run "$D/$name.tpkg" --target cuda --grid "$grid" $args > "$LOGDIR/$name.check.log" 2>&1; then
      echo "ok   $name: $(grep -c ' ok ' "$LOGDIR/$name.check.log") outputs checked"
    else
      rc=1; echo "FAIL $name"; tail -5 "$LOGDIR/$name.check.log"
    fi
  done < "$D/list.txt"
  if [ "${TILE_GPU_SANITIZE:-1}" != 0 ]; then
    PKGS=$D OUT=$LOGDIR bench/gpu-sanitize.sh || rc=1
  fi
  return $rc
}

use_python_package() {
  local P=/tmp/tile-py
  rm -rf $P && mkdir -p $P && cp -r "$1/tile" $P/ &&
    xz -d $P/tile/_compiler.abi3.so.xz || return 1
  export PYTHONPATH=$P TILE_CACHE_DIR=/tmp/tile-cache PYTHONUNBUFFERED=1
}

gpu_tile_run() {
  mkdir -p "$1" && bench/build-runtime.sh build-gpu "$1" > /dev/null || return 1
  TR=build-gpu/tile-run
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
}

gemm_args() {
  if [ "$1" = f16 ]; then
    echo "--arg randn:${2}x${4}xf16:seed=1 --arg randn:${4}x${3}xf16:seed=2" \
      "--arg zeros:${2}x${3}xf16"
  else
    echo "--arg randn:${2}x${4}xf8e4m3:seed=1 --arg randn:${3}x${4}xf8e4m3:seed=2" \
      "--arg zeros:${2}x${3}xbf16"
  fi
}

gemm_grid() { echo "$(( ($1 + 127) / 128 * (($2 + ${3:-256} - 1) / ${3:-256}) ))"; }

sanitize() {
  local label=$1 log=$2 tool rc=0
  shift 2
  for tool in memcheck racecheck synccheck; do
    if compute-sanitizer --tool $tool --error-exitcode 9 $TR "$@" > "$log.$tool.log" 2>&1; then
      echo "ok $tool $label"
    else
      echo "FAIL $tool $label"
      grep -m10 -E "Error|Warning|Race|access|SUMMARY" "$log.$tool.log"
      rc=1
    fi
  done
  return $rc
}

exclude_from_git() {
  local x
  x=$(git rev-parse --git-path info/exclude 2>/dev/null) || return 0
  grep -qx "$1/" "$x" 2>/dev/null || echo "$1/" >> "$x"
}
