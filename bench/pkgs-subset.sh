#!/bin/bash
# Copies the part of .gpu-pkgs (bench/prepare.sh) a GPU run needs into
# DIR, to stay under the device's 64 MiB carry: the checked packages of
# list.txt whose names match REGEX (grep -E) with their references and the
# .npy inputs their arguments name, and the timed lines of attention.txt
# and bench.txt whose kernels match, with their packages. Then, on the
# device: PKGS=DIR bench/gpu-attention.sh (or gpu-check.sh, gpu-sanitize.sh).
#   bench/pkgs-subset.sh REGEX DIR
set -eu
RE=$1; OUTD=$2
cd "$(dirname "$0")/.."
S=.gpu-pkgs
rm -rf "$OUTD"; mkdir -p "$OUTD"
. bench/gpu-common.sh
exclude_from_git "$OUTD"
copy() { mkdir -p "$OUTD/$(dirname "${1#$S/}")"; cp "$1" "$OUTD/${1#$S/}"; }
: > "$OUTD/list.txt"
grep -E "^[^|]*($RE)" "$S/list.txt" | while IFS='|' read -r name grid args out rtol; do
  copy "$S/$name.tpkg"; copy "$S/$name.ref.npy"
  for a in $args; do case $a in npy:$S/*) copy "${a#npy:}";; esac; done
  echo "$name|$grid|${args//$S\//$OUTD/}|$out|$rtol" >> "$OUTD/list.txt"
done
for t in attention.txt bench.txt; do
  : > "$OUTD/$t"
  [ -f "$S/$t" ] || continue
  grep -E "^($RE)" "$S/$t" | while IFS='|' read -r kernel rest; do
    copy "$S/bench_$kernel.tpkg"; echo "$kernel|$rest" >> "$OUTD/$t"
  done
done
echo "$OUTD: $(wc -l < "$OUTD/list.txt") checked, $(cat "$OUTD"/attention.txt "$OUTD"/bench.txt | wc -l) timed, $(du -sh "$OUTD" | cut -f1)"
