#!/bin/bash
# The plain attention kernel (examples/flash_attention_plain.mlir, d =
# 128, 128 x 128 blocks: warp specialized, 2 stages, the producer's
# prologue Q and trailing V) at key lengths of 1 to 5 blocks, ragged and
# whole, 2 heads: each launch checked against tile's CPU path on the same
# kernel (computed here) under a time limit (a hang says so), then under
# compute-sanitizer synccheck. For the GPU difftest's hangs of warp-
# specialized kernels with trailing loads (2026-12-02).
#   Here:   bench/gpu-attention-blocks.sh prepare DIR   (carry DIR)
#   There:  bench/gpu-attention-blocks.sh run DIR
set -u
cd "$(dirname "$0")/.."
LENGTHS="100 128 136 200 256 300 512 600"
args() { # L: q, k, v, o
  echo "--arg randn:2x$1x128xf16:seed=1 --arg randn:2x$1x128xf16:seed=2 --arg randn:2x$1x128xf16:seed=3 --arg zeros:2x$1x128xf16"
}
case "${1:-}" in
prepare)
  D=$2
  rm -rf "$D" && mkdir -p "$D" || exit 1
  . bench/gpu-common.sh
  exclude_from_git "$D"
  sed -e "s/\${D}/128/g; s/\${BM}/128/g; s/\${BN}/128/g; /tile.tune/d" \
    examples/flash_attention_plain.mlir > "$D/plain.mlir"
  for k in attention_plain attention_plain_causal; do
    build/tile-opt "$D/plain.mlir" --kernel=$k --tile-compile --emit=package \
      -o "$D/$k.tpkg" 2> "$D/$k.log" || { tail -3 "$D/$k.log"; exit 1; }
    for l in $LENGTHS; do
      build/tile-run "$D/plain.mlir" --kernel $k --grid "$(( (l + 127) / 128 )),2" \
        $(args $l) --out "3=$D/$k.$l.npy" > /dev/null || exit 1
    done
  done
  du -sh "$D" ;;
run)
  D=$2
  . bench/gpu-common.sh
  gpu_tile_run "${OUT:-/tmp/attention-blocks}" || exit 1
  for k in attention_plain attention_plain_causal; do
    for l in $LENGTHS; do
      g="$(( (l + 127) / 128 )),2"
      timeout 30 $TR "$D/$k.tpkg" --target cuda --grid $g $(args $l) \
        --check "3=$D/$k.$l.npy" > "$D.$k.$l.log" 2>&1
      rc=$?
      echo "$k L=$l: rc $rc$([ $rc = 124 ] && echo ' (hung)') $(tail -1 "$D.$k.$l.log" | grep -o 'check.*' | cut -c1-90)"
      [ $rc = 124 ] && continue
      timeout 60 compute-sanitizer --tool synccheck --error-exitcode 9 $TR "$D/$k.tpkg" \
        --target cuda --grid $g $(args $l) > "$D.$k.$l.sync.log" 2>&1 ||
        { echo "  synccheck: rc $?"; grep -m3 -E "Error|error" "$D.$k.$l.sync.log"; }
    done
  done ;;
*) sed -n 2,10p "$0"; exit 2 ;;
esac
