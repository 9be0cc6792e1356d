#!/bin/bash
# A list for bench/gpu-ab.sh: attention's forward kernels at their
# examples' default blocks, random inputs: the plain kernel
# (examples/flash_attention_plain.mlir, 128 x 128 blocks, 8 warps) at d =
# 64 and 128, full and causal, at 16 heads x 8192 tokens and 256 x 512
# (1024 programs either way), d = 256 full (128 x 64 blocks) at 16 x
# 8192, FP8 (examples/flash_attention_fp8.mlir) at d = 128 full and causal
# and d = 64 full, and GQA (examples/gqa_attention.mlir, 32 query heads on
# 8 K/V heads x 4096, full), and the plain d = 128 kernel taking its
# scale as an argument. The forward's twin of ab-attention-bwd.sh.
#   bench/ab-attention-fwd.sh DIR       writes DIR/*.mlir and DIR/list.txt
# then, for instance:
#   bench/gpu-ab.sh prepare BASE/tile-opt build/tile-opt DIR/list.txt .gpu-ab
set -u
cd "$(dirname "$0")/.."
[ $# = 1 ] || { sed -n 2,12p "$0"; exit 2; }
D=$(mkdir -p "$1" && cd "$1" && pwd) || exit 1
: > "$D/list.txt"
inst() { # SRC D BN OUT: the example at head dim D, 128 x BN blocks
  sed -e "s/\${D}/$2/g; s/\${BM}/128/g; s/\${BN}/$3/g; /tile.tune/d" "$1" > "$D/$4.mlir"
}
f16() { # HEADS KVHEADS TOKENS D: q, k, v and o
  local q="randn:$1x$3x$4xf16" kv="randn:$2x$3x$4xf16"
  echo "--arg $q:seed=1 --arg $kv:seed=2 --arg $kv:seed=3 --arg zeros:$1x$3x$4xf16"
}
for d in 64 128 256; do
  bn=128; [ $d = 256 ] && bn=64
  inst examples/flash_attention_plain.mlir $d $bn plain_d$d
  for hl in 16x8192 256x512; do
    IFS=x read -r h l <<< "$hl"
    for s in "" _causal; do
      # d = 256: the long full case only (the bar's)
      [ $d = 256 ] && { [ -n "$s" ] || [ $hl != 16x8192 ]; } && continue
      echo "plain_d$d$s.$hl|$D/plain_d$d.mlir|attention_plain$s|-|$((l / 128)),$h|$(f16 $h $h $l $d)" >> "$D/list.txt"
    done
  done
done
for d in 64 128; do
  inst examples/flash_attention_fp8.mlir $d 128 fp8_d$d
  h=16 l=8192
  x="randn:${h}x${l}x${d}xf8e4m3"
  a="--arg $x:seed=1 --arg $x:seed=2 --arg randn:${h}x${d}x${l}xf8e4m3:seed=3 --arg zeros:${h}x${l}x${d}xf16 --arg 0.5 --arg 0.25 --arg 2.0"
  for s in "" _causal; do
    [ $d = 64 ] && [ -n "$s" ] && continue
    echo "fp8_d$d$s.16x8192|$D/fp8_d$d.mlir|attention_fp8$s|-|$((l / 128)),$h|$a" >> "$D/list.txt"
  done
done
# The plain kernel taking its softmax scale as an argument (passed
# 1/sqrt(d)), as attention APIs do: a scale known only at run time
# (tile-fold-exp's versions of the loop by its sign).
inst examples/flash_attention_plain.mlir 128 128 plain_arg_d128
sed -i -e 's/%o: memref<?x?x128xf16>)/%o: memref<?x?x128xf16>, %sm_scale: f32)/' \
  -e 's/"tile.splat"(%rs) : (f32)/"tile.splat"(%sm_scale) : (f32)/' "$D/plain_arg_d128.mlir"
for s in "" _causal; do
  echo "plain_arg_d128$s.16x8192|$D/plain_arg_d128.mlir|attention_plain$s|-|64,16|$(f16 16 16 8192 128) --arg 0.08838834764831845" >> "$D/list.txt"
done
inst examples/gqa_attention.mlir 128 128 gqa_d128
echo "gqa_d128.32-8x4096|$D/gqa_d128.mlir|gqa_attention|-|32,32|$(f16 32 8 4096 128)" >> "$D/list.txt"
wc -l < "$D/list.txt"
