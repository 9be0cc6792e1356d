#!/bin/bash
# On the GPU machine, after bench/gpu-run.sh built build-gpu/tile-run: times
# the same benchmark cases from two package folders made by bench/prepare.sh
# (say, this compiler's .gpu-pkgs and an older one's), alternating the two
# case by case so both see the same GPU state, and prints one table of
# medians. A case missing from either folder is skipped.
#   bench/gpu-compare.sh BEFORE_DIR AFTER_DIR
set -u
cd "$(dirname "$0")/.."
A=$1 B=$2
TR=build-gpu/tile-run
median() { # package grid args iters -> median in us, or '-'
  local m
  m=$($TR "$1" --target cuda --grid "$2" $3 --bench --warmup 10 --iters "$4" 2>&1 |
      grep -o 'median [0-9.]* us' | grep -o '[0-9.]*')
  echo "${m:--}"
}
echo "| case | before us | after us | after/before |"
echo "|---|---|---|---|"
for list in bench.txt matmul.txt; do
  iters=100; [ $list = matmul.txt ] && iters=50
  while IFS='|' read -r name grid args size; do
    [ -f "$A/bench_$name.tpkg" ] && [ -f "$B/bench_$name.tpkg" ] || continue
    before=$(median "$A/bench_$name.tpkg" "$grid" "$args" $iters)
    after=$(median "$B/bench_$name.tpkg" "$grid" "$args" $iters)
    ratio=$(python3 -c "import sys; a,b=sys.argv[1:]; print('%.3f' % (float(b)/float(a)))" "$before" "$after" 2>/dev/null || echo -)
    echo "| $name${size:+ $size} | $before | $after | $ratio |"
  done < "$B/$list"
done
