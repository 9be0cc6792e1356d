#!/bin/bash
# Plain attention as `tile-run --tune` picks it from its file's space
# (examples/flash_attention_plain.mlir: block shapes, warps,
# warp-specialize and blocks-per-sm), beside SDPA in the same call: the
# issue's bar for the plain kernel ("block sizes chosen by the
# autotuner"). For each case a fresh tuning, then a run that takes the
# tuned variant from the tuning cache (`--bench`, medians of 30 after 5),
# then SDPA at every case (bench/peers_attention_lengths.py, CUDA-graph
# replays).
# The GPU machine has no LLVM, so the compiler travels: bench/gpu-tune.sh
# prepare's static tile-run.
#   Here:   bench/gpu-tune.sh prepare [BUILD]          (carry .gpu-tune)
#   There:  bench/gpu-attention-tuned.sh [CASE ...]
# CASE: D:MASK:HxL (default: d = 64 and 128, full and causal, at 256 x
# 512, 64 x 2048 and 16 x 8192). Each tuning's log lies in $OUT (or
# /tmp/tile-tuned); the output shows the choice and the five fastest
# candidates.
set -u
cd "$(dirname "$0")/.."
T=/tmp/tile-tuned-run
LOGS=${OUT:-/tmp/tile-tuned}
[ -f .gpu-tune/tile-run.xz ] ||
  { echo "no .gpu-tune/tile-run.xz: run bench/gpu-tune.sh prepare first (carry .gpu-tune)"; exit 1; }
mkdir -p $T "$LOGS" && xz -dc .gpu-tune/tile-run.xz > $T/tile-run && chmod +x $T/tile-run || exit 1
export TILE_CACHE_DIR=$T/cache
cases="$*"
if [ -z "$cases" ]; then
  for d in 64 128; do for m in full causal; do for hl in 256x512 64x2048 16x8192; do
    cases="$cases $d:$m:$hl"
  done; done; done
fi
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
rc=0
for c in $cases; do
  IFS=: read -r d mask hl <<< "$c"
  IFS=x read -r h l <<< "$hl"
  k=attention_plain; [ "$mask" = causal ] && k=attention_plain_causal
  x="randn:${h}x${l}x${d}xf16"
  a="--arg $x:seed=1 --arg $x:seed=2 --arg $x:seed=3 --arg zeros:${h}x${l}x${d}xf16"
  run() {
    $T/tile-run examples/flash_attention_plain.mlir --kernel $k -D D=$d --target cuda \
      --grid "cdiv($l,BM),$h" $a "$@"
  }
  log="$LOGS/$d.$mask.$hl.tune.log"
  echo "== $c"
  if ! run --tune > "$log" 2>&1; then
    echo "tuning failed:"; tail -3 "$log"; rc=1; continue
  fi
  grep -E "^tune @|^tune: chose" "$log"
  grep -E "tune \[" "$log" | sort -t: -k3 -n | head -5
  run --bench --warmup 5 --iters 30 2>&1 | grep -E "^bench|^tune:"
done
echo "== SDPA"
(cd bench && python3 peers_attention_lengths.py $cases) || rc=1
exit $rc
