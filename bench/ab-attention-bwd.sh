#!/bin/bash
# A list for bench/gpu-ab.sh: attention's backward kernels at 16 heads x
# 8192 tokens, d = 64 and 128, full and causal, with the blocks and warps
# examples/python/attention_training.py runs (BLOCKS) and the one-pass
# kernel at dK/dV's blocks. Random inputs (uniform lse and delta rows).
#   bench/ab-attention-bwd.sh DIR       writes DIR/d64.mlir, DIR/d128.mlir
#                                       and DIR/list.txt
# then, for instance:
#   bench/gpu-ab.sh prepare BASE/tile-opt build/tile-opt DIR/list.txt .gpu-ab
set -u
cd "$(dirname "$0")/.."
[ $# = 1 ] || { sed -n 2,9p "$0"; exit 2; }
D=$(mkdir -p "$1" && cd "$1" && pwd) || exit 1
E=examples/flash_attention_backward.mlir
: > "$D/list.txt"
for d in 64 128; do
  # dK/dV (and the one-pass kernel): keys x queries; dQ: queries x keys.
  if [ $d = 64 ]; then kv="128 128 8" q="64 128 4"; else kv="128 64 8" q="128 64 8"; fi
  set -- $kv; kvbn=$1 kvbm=$2 kvw=$3
  set -- $q; qbm=$1 qbn=$2 qw=$3
  sed -e "s/\${D}/$d/g; s/\${BM}/$kvbm/g; s/\${BN}/$kvbn/g" $E > "$D/d${d}_kv.mlir"
  sed -e "s/\${D}/$d/g; s/\${BM}/$qbm/g; s/\${BN}/$qbn/g" $E > "$D/d${d}_q.mlir"
  h=16 l=8192
  x="randn:${h}x${l}x${d}xf16"
  grads="--arg $x:seed=1 --arg $x:seed=2 --arg $x:seed=3 --arg $x:seed=4"
  grads="$grads --arg rand:${h}x${l}xf32:seed=5 --arg rand:${h}x${l}xf32:seed=6"
  out="--arg zeros:${h}x${l}x${d}xf16"
  for s in "" _causal; do
    echo "d${d}_dkdv$s|$D/d${d}_kv.mlir|attention_bwd_dkdv$s|num-warps=$kvw|$((l / kvbn)),$h|$grads $out $out" >> "$D/list.txt"
    echo "d${d}_dq$s|$D/d${d}_q.mlir|attention_bwd_dq$s|num-warps=$qw|$((l / qbm)),$h|$grads $out" >> "$D/list.txt"
    echo "d${d}_onepass$s|$D/d${d}_kv.mlir|attention_bwd_dkdvdq$s|num-warps=$kvw|$((l / kvbn)),$h|$grads $out $out --arg zeros:${h}x${l}x${d}xf32" >> "$D/list.txt"
  done
done
wc -l < "$D/list.txt"
