#!/bin/bash
# On the GPU machine, after build-gpu/tile-run is built: runs the packages
# of .gpu-pkgs/list.txt whose lines match REGEX (grep -E) and checks each
# result against its reference; prints one line per package and a count.
# Logs go to $OUT if set. Exit status 1 if any failed. $PKGS names
# another folder of packages made the same way (default .gpu-pkgs);
# $ENTRY=aligned|generic runs that entry (tile-run --entry) instead of
# the one the arguments pick.
#   bench/gpu-check.sh REGEX
set -u
RE=$1
cd "$(dirname "$0")/.."
D=${PKGS:-.gpu-pkgs}
OUTDIR=${OUT:-/tmp/tile-bench}
TR=build-gpu/tile-run
pass=0; fail=0
while IFS='|' read -r name grid args out rtol; do
  if $TR "$D/$name.tpkg" --target cuda --grid "$grid" ${ENTRY:+--entry $ENTRY} $args --check "$out=$D/$name.ref.npy:$rtol" > "$OUTDIR/$name.check.log" 2>&1; then
    pass=$((pass+1)); echo "ok   $name ($(grep -o 'aligned entry\|generic entry.*' "$OUTDIR/$name.check.log" | head -1))"
  else
    fail=$((fail+1)); echo "FAIL $name"; tail -3 "$OUTDIR/$name.check.log"
  fi
done < <(grep -E "$RE" "$D/list.txt")
echo "correctness: $pass passed, $fail failed"
[ $fail = 0 ]
