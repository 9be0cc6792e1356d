#!/bin/bash
# Plain attention at the lengths users meet, beside SDPA in the same call:
# examples/flash_attention_plain.mlir at its defaults (128 x 128 blocks, 8
# warps; d = 64 and 128, full and causal) with the number of programs held
# at 1024 of 128 queries (256 heads x 512 tokens, 64 x 2048, 16 x 8192)
# and one head of 16384, and examples/gqa_attention.mlir (32 query heads
# on 8 K/V heads x 4096, d = 128) against SDPA with enable_gqa. Short
# sequences show what a program costs outside its loop
# (docs/performance.md, 2026-12-01).
#   Here:   bench/gpu-attention-lengths.sh prepare [BUILD] [DIR]   (default build, .gpu-len)
#   There:  bench/gpu-attention-lengths.sh run [DIR]               (carry DIR)
# prepare compiles the packages and NumPy references at ragged lengths;
# run checks every package against its reference (and, unless
# TILE_GPU_SANITIZE=0, under compute-sanitizer), then times each case
# (tile-run --bench, medians of 30 after 5, two rounds) and SDPA
# (bench/peers_attention_lengths.py).
set -u
cd "$(dirname "$0")/.."
case "${1:-}" in
prepare)
  B=${2:-build} D=${3:-.gpu-len}
  rm -rf "$D" && mkdir -p "$D" || exit 1
  . bench/gpu-common.sh
  exclude_from_git "$D"
  : > "$D/list.txt"
  for c in "plain 64 full" "plain 64 causal" "plain 128 full" "plain 128 causal" \
           "gqa 128 full" "gqa 128 causal"; do
    set -- $c
    ex=$1 d=$2 mask=$3 s=""; [ $mask = causal ] && s=_causal
    n=${ex}_d${d}_$mask
    mkdir -p "$D/$n"
    if [ $ex = gqa ]; then
      src=examples/gqa_attention.mlir k=gqa_attention$s h=8 hkv=2
      /usr/bin/python3 test/Run/Inputs/examples_ref.py gqa_attention "$D/$n" $h $hkv 300 300 $d $mask || exit 1
    else
      src=examples/flash_attention_plain.mlir k=attention_plain$s h=3
      /usr/bin/python3 test/Run/Inputs/examples_ref.py flash_attention "$D/$n" $h 300 300 $d f16 $mask || exit 1
    fi
    sed -e "s/\${D}/$d/g; s/\${BM}/128/g; s/\${BN}/128/g; /tile.tune/d" $src > "$D/$n/kernels.mlir"
    "$B/tile-opt" "$D/$n/kernels.mlir" --tile-compile --kernel=$k --emit=package -o "$D/$n.tpkg" 2> "$D/$n.log" ||
      { cat "$D/$n.log"; exit 1; }
    echo "$n|cdiv(300,128),$h|--arg npy:$D/$n/q.npy --arg npy:$D/$n/k.npy --arg npy:$D/$n/v.npy --arg zeros:${h}x300x${d}xf16 --check 3=$D/$n/ref.npy:1e-2||" >> "$D/list.txt"
  done
  du -sh "$D" ;;
run)
  D=${2:-.gpu-len}
  . bench/gpu-common.sh
  rc=0
  check_packages "$D" "${OUT:-/tmp/tile-len}" || rc=1
  r() { # NAME CASE GRID HEADS KVHEADS L D
    local a="--arg randn:$4x$6x$7xf16:seed=1 --arg randn:$5x$6x$7xf16:seed=2 --arg randn:$5x$6x$7xf16:seed=3 --arg zeros:$4x$6x$7xf16"
    echo "{\"case\": \"$2\", \"impl\": \"tile\", \"round\": $round, $(build-gpu/tile-run "$D/$1.tpkg" --target cuda --grid "$3" $a --bench --warmup 5 --iters 30 2>&1 |
      grep -o 'median [0-9.]*' | sed 's/median /"median_us": /')}"
  }
  cases=""
  for round in 1 2; do
    for d in 64 128; do
      for mask in full causal; do
        for hl in 256x512 64x2048 16x8192 1x16384; do
          IFS=x read -r h l <<< "$hl"
          r plain_d${d}_$mask $d:$mask:$hl "$((l / 128)),$h" $h $h $l $d
          [ $round = 1 ] && cases="$cases $d:$mask:$hl"
        done
      done
    done
    for mask in full causal; do
      r gqa_d128_$mask 128:$mask:32/8x4096 32,32 32 8 4096 128
      [ $round = 1 ] && cases="$cases 128:$mask:32/8x4096"
    done
  done
  (cd bench && python3 peers_attention_lengths.py $cases) || rc=1
  exit $rc ;;
*)
  sed -n 2,16p "$0"; exit 2 ;;
esac
