#!/bin/bash
# Where a bulk tensor copy (TMA) may start, asked of the GPU: the plain
# attention kernel (examples/flash_attention_plain.mlir, d = 128, 128 x
# 128 blocks) with its Q tile, which the producer warpgroup copies by TMA,
# moved to column -8, +8 or +1, or to row -1 (2 heads x 300 tokens: the
# box hangs over the array's edges). Each package's output is checked
# against tile's CPU path on the same kernel (computed here), then run
# under compute-sanitizer memcheck. A box at column +1 faulted with an
# illegal instruction (difftest, 2026-12-02); tile-pipeline now keeps
# such loads off TMA (lib/Analysis/IndexFacts.h).
#   Here:   bench/gpu-tma-offsets.sh prepare DIR   (carry DIR)
#   There:  bench/gpu-tma-offsets.sh run DIR
set -u
cd "$(dirname "$0")/.."
ARGS="--arg randn:2x300x128xf16:seed=1 --arg randn:2x300x128xf16:seed=2 --arg randn:2x300x128xf16:seed=3 --arg zeros:2x300x128xf16"
case "${1:-}" in
prepare)
  D=$2
  rm -rf "$D" && mkdir -p "$D" || exit 1
  . bench/gpu-common.sh
  exclude_from_git "$D"
  base="s/\${D}/128/g; s/\${BM}/128/g; s/\${BN}/128/g; /tile.tune/d"
  q='"tile.load"(%q, %bh, %m0, %c0)'
  for p in col-8 col8 col1 row-1; do
    case $p in
    col-8) edit="s/$q/\"tile.load\"(%q, %bh, %m0, %qcol)/; s/  %c1 = arith.constant 1 : index/&\n  %qcol = arith.constant -8 : index/" ;;
    col8) edit="s/$q/\"tile.load\"(%q, %bh, %m0, %qcol)/; s/  %c1 = arith.constant 1 : index/&\n  %qcol = arith.constant 8 : index/" ;;
    col1) edit="s/$q/\"tile.load\"(%q, %bh, %m0, %c1)/" ;;
    row-1) edit="s/$q/\"tile.load\"(%q, %bh, %qrow, %c0)/; s/  %m0 = arith.muli %pm, %bm : index/&\n  %qrow = arith.subi %m0, %c1 : index/" ;;
    esac
    sed -e "$base" -e "$edit" examples/flash_attention_plain.mlir > "$D/$p.mlir"
    build/tile-opt "$D/$p.mlir" --kernel=attention_plain --tile-compile --emit=package \
      -o "$D/$p.tpkg" 2> "$D/$p.log" || { tail -3 "$D/$p.log"; exit 1; }
    echo "$p: $(grep -c 'prologue load' "$D/$p.log") prologue load(s) by TMA"
    build/tile-run "$D/$p.mlir" --kernel attention_plain --grid 3,2 $ARGS \
      --out "3=$D/$p.expected.npy" > /dev/null || exit 1
  done ;;
run)
  D=$2
  . bench/gpu-common.sh
  gpu_tile_run "${OUT:-/tmp/tma-offsets}" || exit 1
  for p in col-8 col8 col1 row-1; do
    timeout 60 $TR "$D/$p.tpkg" --target cuda --grid 3,2 $ARGS \
      --check "3=$D/$p.expected.npy" > "$D.$p.log" 2>&1
    echo "$p: rc $? $(tail -1 "$D.$p.log" | cut -c1-160)"
    timeout 120 compute-sanitizer --tool memcheck --error-exitcode 9 $TR "$D/$p.tpkg" \
      --target cuda --grid 3,2 $ARGS > "$D.$p.memcheck.log" 2>&1
    rc=$?
    echo "  memcheck: rc $rc"
    [ $rc = 0 ] || grep -m4 -E "Illegal|at 0x|at .*\+0x|SUMMARY" "$D.$p.memcheck.log" | sed 's/^/    /'
  done ;;
*) sed -n 2,13p "$0"; exit 2 ;;
esac
