#!/bin/bash
# A few difftest seeds replayed one launch each on the lent GPU, for
# triage: a campaign's hang, or an error that took down every later kernel
# of its process (a CUDA error is sticky), names seeds but not which one
# faulted. Each seed's kernel (test/difftest/gen.py) is compiled here for
# sm_90a into a package, and into a second with the seed's option
# variation (the campaign's third build, test/difftest/gpu.py), its inputs
# made as compare.py makes them (.npy); there each runs alone under a time
# limit (30 s, which counts a generic entry's JIT: one-warp builds took
# 25-84 s), the first also (unless it hung) under compute-sanitizer
# memcheck (which names a faulting instruction) and synccheck.
#   Here:   bench/gpu-difftest-seeds.sh prepare DIR SEED...   (carry DIR)
#   There:  bench/gpu-difftest-seeds.sh run DIR
set -u
cd "$(dirname "$0")/.."
case "${1:-}" in
prepare)
  [ $# -ge 3 ] || { sed -n 2,11p "$0"; exit 2; }
  D=$2; shift 2
  rm -rf "$D" && mkdir -p "$D" || exit 1
  . bench/gpu-common.sh
  exclude_from_git "$D"
  : > "$D/list.txt"
  for s in "$@"; do
    k="$D/k$s"
    line=$(/usr/bin/python3 test/difftest/gen.py "$s" -o "$k.mlir" 2>&1) || exit 1
    grid=$(echo "$line" | sed -n 's/.*--grid \([^ ]*\).*/\1/p')
    specs=$(echo "$line" | sed 's/.*--grid [^ ]* //')
    TILE_NO_CACHE=1 build/tile-opt "$k.mlir" --tile-compile --emit=package \
      -o "$k.tpkg" 2> "$k.log" || { echo "seed $s does not compile"; tail -3 "$k.log"; continue; }
    # The campaign's third package: the seed's option variation.
    opts=$(cd test/difftest && /usr/bin/python3 -c "import gpu; print(gpu.option_variation($s))")
    TILE_NO_CACHE=1 build/tile-opt "$k.mlir" --tile-compile="$opts" --emit=package \
      -o "$k.opt.tpkg" 2> "$k.opt.log" \
      || { echo "seed $s with $opts does not compile"; tail -3 "$k.opt.log"; }
    args=$(/usr/bin/python3 test/difftest/compare.py "$k.mlir" --kernel "k$s" \
      --grid "$grid" $specs --write-args "$k") || exit 1
    echo "$s|$grid|$args" >> "$D/list.txt"
  done
  du -sh "$D" ;;
run)
  D=$2
  . bench/gpu-common.sh
  gpu_tile_run "${OUT:-/tmp/seeds}" || exit 1
  while IFS='|' read -r s grid args; do
    if [ -f "$D/k$s.opt.tpkg" ]; then
      timeout 30 $TR "$D/k$s.opt.tpkg" --target cuda --grid "$grid" $args > "$D.$s.opt.log" 2>&1
      rc=$?
      echo "seed $s (option variation): rc $rc $(tail -1 "$D.$s.opt.log" | cut -c1-160)"
    fi
    timeout 30 $TR "$D/k$s.tpkg" --target cuda --grid "$grid" $args > "$D.$s.log" 2>&1
    rc=$?
    echo "seed $s: rc $rc$([ $rc = 124 ] && echo ' (hung: no result after 30 s)') $(tail -1 "$D.$s.log" | cut -c1-160)"
    # (A hang would hang there too.)
    [ $rc = 124 ] && continue
    for tool in memcheck synccheck; do
      timeout 90 compute-sanitizer --tool $tool --error-exitcode 9 $TR "$D/k$s.tpkg" \
        --target cuda --grid "$grid" $args > "$D.$s.$tool.log" 2>&1
      rc=$?
      echo "  $tool: rc $rc"
      [ $rc = 0 ] || grep -m8 -E "Error|error|Invalid|Illegal|at 0x|SUMMARY" "$D.$s.$tool.log" | sed 's/^/    /'
    done
  done < "$D/list.txt" ;;
*) sed -n 2,11p "$0"; exit 2 ;;
esac
