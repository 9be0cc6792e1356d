#!/bin/bash
# Plain attention written for 4 warps (examples/flash_attention_plain.mlir
# at 64x64, 64x128, 128x64 and 128x128 blocks, d = 64 and 128, full and
# causal) compiled at default options by two compilers, on the lent GPU:
# what warp-specialize=auto's rule for one warpgroup (a producer, and two
# or three blocks an SM) does against one role; with examples/
# flash_attention.mlir's d = 64 kernels and the backward's dQ at d = 64,
# the other 4-warp kernels it changes.
#   Here:   bench/gpu-attention-w4.sh prepare BASE_TILE_OPT NEW_TILE_OPT [DIR]
#           (default DIR .gpu-w4; carry it)
#   There:  bench/gpu-attention-w4.sh run [DIR]
# prepare writes the NEW compiler's packages with NumPy references at 3
# heads x 300 tokens (the generic entry), and bench/gpu-ab.sh's list and
# packages of both compilers at 256 x 512, 64 x 2048 and 16 x 8192
# (one package a line: about 56 MB in all). run
# checks the new packages against NumPy, runs two of them under
# compute-sanitizer (TILE_GPU_SANITIZE=0 skips), then the A/B timing.
set -u
cd "$(dirname "$0")/.."
# Block shapes a 4-warp kernel suits (128 x 128 at d = 128 holds more
# than a warpgroup's registers: 0.5x the 8-warp default, 2026-11-30).
configs() { [ "$1" = 64 ] && echo "64x64 64x128 128x128" || echo "64x64 64x128 128x64"; }
case "${1:-}" in
prepare)
  [ $# -ge 3 ] || { sed -n 2,14p "$0"; exit 2; }
  BASE=$2 NEW=$3 D=${4:-.gpu-w4}
  rm -rf "$D" && mkdir -p "$D/src" || exit 1
  . bench/gpu-common.sh
  exclude_from_git "$D"
  : > "$D/list.txt"
  : > "$D/ab.txt"
  for d in 64 128; do
    for mask in full causal; do
      s=""; [ $mask = causal ] && s=_causal
      mkdir -p "$D/ref_d${d}_$mask"
      /usr/bin/python3 test/Run/Inputs/examples_ref.py flash_attention "$D/ref_d${d}_$mask" 3 300 300 $d f16 $mask > /dev/null || exit 1
    done
    for c in $(configs $d); do
      IFS=x read -r bm bn <<< "$c"
      src="$D/src/d${d}_$c.mlir"
      sed -e "s/\${D}/$d/g; s/\${BM}/$bm/g; s/\${BN}/$bn/g; /tile.tune/d" examples/flash_attention_plain.mlir > "$src"
      for mask in full causal; do
        s=""; [ $mask = causal ] && s=_causal
        n=d${d}_${c}_$mask r="$D/ref_d${d}_$mask"
        TILE_NO_CACHE=1 "$NEW" "$src" --tile-compile=num-warps=4 --kernel=attention_plain$s \
          --emit=package -o "$D/$n.tpkg" 2> "$D/$n.log" || { tail -3 "$D/$n.log"; exit 1; }
        echo "$n|cdiv(300,$bm),3|--arg npy:$r/q.npy --arg npy:$r/k.npy --arg npy:$r/v.npy --arg zeros:3x300x${d}xf16 --check 3=$r/ref.npy:1e-2||" >> "$D/list.txt"
        for hl in 256x512 64x2048 16x8192; do
          IFS=x read -r h l <<< "$hl"
          x="randn:${h}x${l}x${d}xf16"
          echo "$n.$hl|$src|attention_plain$s|num-warps=4|$((l / bm)),$h|--arg $x:seed=1 --arg $x:seed=2 --arg $x:seed=3 --arg zeros:${h}x${l}x${d}xf16" >> "$D/ab.txt"
        done
      done
    done
  done
  # The other 4-warp kernels auto now specializes: examples/
  # flash_attention.mlir's d = 64 pair (64 x 128 blocks, 2 stages of its
  # own) and the backward's dQ at d = 64 (bench/ab-attention-bwd.sh; its
  # checks: bench/gpu-attention-bwd.sh prepare with the new build).
  for s in "" causal_; do
    k=flash_attention_${s}f16_d64 mask=full; [ -n "$s" ] && mask=causal
    r="$D/ref_d64_$mask"
    TILE_NO_CACHE=1 "$NEW" examples/flash_attention.mlir --tile-compile --kernel=$k \
      --emit=package -o "$D/$k.tpkg" 2> "$D/$k.log" || { tail -3 "$D/$k.log"; exit 1; }
    echo "$k|cdiv(300,64),3|--arg npy:$r/q.npy --arg npy:$r/k.npy --arg npy:$r/v.npy --arg zeros:3x300x64xf16 --arg zeros:3x300xf32 --check 3=$r/ref.npy:1e-2||" >> "$D/list.txt"
    for hl in 256x512 16x8192; do
      IFS=x read -r h l <<< "$hl"
      x="randn:${h}x${l}x64xf16"
      echo "$k.$hl|examples/flash_attention.mlir|$k|-|$((l / 64)),$h|--arg $x:seed=1 --arg $x:seed=2 --arg $x:seed=3 --arg zeros:${h}x${l}x64xf16 --arg zeros:${h}x${l}xf32" >> "$D/ab.txt"
    done
  done
  bench/ab-attention-bwd.sh "$D/bwd" > /dev/null || exit 1
  grep -E '^d64_dq(_causal)?\|' "$D/bwd/list.txt" >> "$D/ab.txt"
  bench/gpu-ab.sh prepare "$BASE" "$NEW" "$D/ab.txt" "$D/ab" > /dev/null || exit 1
  du -sh "$D" ;;
run)
  D=${2:-.gpu-w4}
  . bench/gpu-common.sh
  rc=0
  TILE_GPU_SANITIZE=0 check_packages "$D" "${OUT:-/tmp/tile-w4}/checks" || rc=1
  if [ "${TILE_GPU_SANITIZE:-1}" != 0 ]; then
    TR=build-gpu/tile-run
    for n in d64_64x64_causal d128_64x128_full; do
      sanitize $n "${OUT:-/tmp/tile-w4}/san.$n" "$D/$n.tpkg" --target cuda \
        $(grep "^$n|" "$D/list.txt" | cut -d'|' -f2 | sed 's/^/--grid /') \
        $(grep "^$n|" "$D/list.txt" | cut -d'|' -f3) || rc=1
    done
  fi
  bench/gpu-ab.sh run "$D/ab" 2 || rc=1
  exit $rc ;;
*) sed -n 2,14p "$0"; exit 2 ;;
esac
