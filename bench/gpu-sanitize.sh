#!/bin/bash
# On the GPU machine, after bench/gpu-run.sh built build-gpu/tile-run: runs
# the checked packages of .gpu-pkgs/list.txt under compute-sanitizer's
# memcheck (no out-of-bounds or misaligned access), racecheck (no race on
# shared memory) and synccheck (barriers and warp-synchronous instructions
# used legally), and prints each failure; exit 1 if any run failed or
# compute-sanitizer is missing. $PKGS names another folder of
# packages made the same way (default .gpu-pkgs).
#   bench/gpu-sanitize.sh [PATTERN]   PATTERN (grep -E): only matching packages
set -u
PAT=${1:-.}
cd "$(dirname "$0")/.."
D=${PKGS:-.gpu-pkgs}
OUTDIR=${OUT:-/tmp/tile-bench}
TR=build-gpu/tile-run
command -v compute-sanitizer > /dev/null ||
  { echo "compute-sanitizer: not found (TILE_GPU_SANITIZE=0 skips these checks)"; exit 1; }
echo "== compute-sanitizer (memcheck, racecheck, synccheck)"
runs=0; failed=0
while IFS='|' read -r name grid args out rtol; do
  for tool in memcheck racecheck synccheck; do
    runs=$((runs+1))
    if ! compute-sanitizer --tool $tool --error-exitcode 9 $TR "$D/$name.tpkg" --target cuda --grid "$grid" $args > "$OUTDIR/$name.$tool.log" 2>&1; then
      failed=$((failed+1)); echo "$tool FAIL $name"; grep -m3 -i "error\|hazard" "$OUTDIR/$name.$tool.log"
    fi
  done
done < <(grep -E "^[^|]*($PAT)" "$D/list.txt")
echo "compute-sanitizer: $runs runs, $failed failed"
[ $failed = 0 ]
