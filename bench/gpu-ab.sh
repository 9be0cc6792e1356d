#!/bin/bash
# A/B timing of two compilers' kernels on the lent GPU, alternating, in
# one call: what a change to a lowering does to the same kernels
# (docs/performance.md records each such table).
# Here, with a list file of lines "NAME|FILE.mlir|KERNEL|OPTIONS|GRID|ARGS"
# (OPTIONS for --tile-compile, "-" for none; GRID and ARGS as tile-run's):
#   bench/gpu-ab.sh prepare BASE_TILE_OPT NEW_TILE_OPT LIST DIR
#       compiles each line with both compilers into DIR/NAME.{base,new}.tpkg
#       (carry DIR)
# There:
#   bench/gpu-ab.sh run DIR [ROUNDS]
#       builds the runtime-only tile-run, then ROUNDS (default 2) rounds of
#       every kernel, base then new: medians of 30 after 5 (tile-run
#       --bench), a line each.
set -u
cd "$(dirname "$0")/.."
case "${1:-}" in
prepare)
  [ $# -eq 5 ] || { sed -n 5,14p "$0"; exit 2; }
  BASE=$2 NEW=$3 LIST=$4 D=$5
  mkdir -p "$D" && cp "$LIST" "$D/list.txt" || exit 1
  while IFS='|' read -r name file kernel opts _; do
    [ -n "$name" ] || continue
    [ "$opts" = - ] && opts=""
    for v in base new; do
      T=$BASE; [ $v = new ] && T=$NEW
      TILE_NO_CACHE=1 "$T" "$file" --tile-compile="$opts" --kernel="$kernel" \
        --emit=package -o "$D/$name.$v.tpkg" 2> "$D/$name.$v.log" ||
        { echo "$name ($v) does not compile:"; tail -3 "$D/$name.$v.log"; exit 1; }
    done
  done < "$LIST"
  ls "$D"/*.tpkg | wc -l ;;
run)
  D=$2 ROUNDS=${3:-2}
  bench/build-runtime.sh build-gpu /tmp/tile-ab-build > /dev/null || exit 1
  nvidia-smi --query-gpu=name --format=csv,noheader
  for round in $(seq "$ROUNDS"); do
    for v in base new; do
      while IFS='|' read -r name _ _ _ grid args; do
        [ -n "$name" ] || continue
        line=$(build-gpu/tile-run "$D/$name.$v.tpkg" --target cuda --grid "$grid" \
          $args --bench --warmup 5 --iters 30 2>&1 | grep -o 'median [0-9.]* us')
        echo "round $round $v $name: ${line:-failed}"
      done < "$D/list.txt"
    done
  done ;;
*) sed -n 5,14p "$0"; exit 2 ;;
esac
