#!/bin/bash
# FP8 attention (examples/flash_attention_fp8.mlir) and the plain kernel at
# head dim 256 (examples/flash_attention_plain.mlir, 128 x 64 blocks) on
# the lent GPU. Here, from a build with the Python package:
#   bench/gpu-attention-fp8.sh prepare BUILD DIR
#       compiles each kernel at its default blocks for sm_90a (FP8: d = 64,
#       128; d = 256 f16; full and causal) into DIR as packages, with NumPy
#       inputs and references at ragged lengths (examples_ref.py
#       flash_attention_fp8, flash_attention), and the Python package
# There, with DIR carried:
#   bench/gpu-attention-fp8.sh run DIR
#       builds the runtime-only tile-run; checks every package against
#       NumPy and runs it under compute-sanitizer memcheck, racecheck and
#       synccheck (bench/gpu-sanitize.sh); then, through the package, times
#       FP8 against SDPA in f16 and the same algorithm in Triton
#       (bench/peers_attention_fp8.py) and d = 256 against SDPA and Triton
#       (bench/peers_attention.py).
set -u
cd "$(dirname "$0")/.."
case "${1:-}" in
prepare)
  B=$2 D=$3
  rm -rf "$D" && mkdir -p "$D" || exit 1
  bench/gpu-python.sh prepare "$B" "$D/py" > /dev/null || exit 1
  : > "$D/list.txt"
  # name example heads lq lk d mask
  for c in "f8_64 fp8 2 300 333 64 full" "f8_64c fp8 2 300 300 64 causal" \
           "f8_128 fp8 2 200 333 128 full" "f8_128c fp8 2 333 333 128 causal" \
           "d256 plain 2 200 333 256 full" "d256c plain 2 333 333 256 causal"; do
    set -- $c
    n=$1 ex=$2 h=$3 lq=$4 lk=$5 d=$6 mask=$7
    mkdir -p "$D/$n"
    s=""; [ "$mask" = causal ] && s=_causal
    if [ "$ex" = fp8 ]; then
      /usr/bin/python3 test/Run/Inputs/examples_ref.py flash_attention_fp8 "$D/$n" "$h" "$lq" "$lk" "$d" "$mask" || exit 1
      src=examples/flash_attention_fp8.mlir k=attention_fp8$s bn=128
      # The scales examples_ref.py quantized with; the tolerance is
      # test/Run/flash-attention-fp8.test's.
      args="--arg npy:$D/$n/q.npy --arg npy:$D/$n/k.npy --arg npy:$D/$n/vt.npy --arg zeros:${h}x${lq}x${d}xf16 --arg 0.5 --arg 0.25 --arg 2.0 --check 3=$D/$n/ref.npy:4e-2"
    else
      /usr/bin/python3 test/Run/Inputs/examples_ref.py flash_attention "$D/$n" "$h" "$lq" "$lk" "$d" f16 "$mask" || exit 1
      src=examples/flash_attention_plain.mlir k=attention_plain$s bn=64
      args="--arg npy:$D/$n/q.npy --arg npy:$D/$n/k.npy --arg npy:$D/$n/v.npy --arg zeros:${h}x${lq}x${d}xf16 --check 3=$D/$n/ref.npy:1e-2"
    fi
    sed -e "s/\${D}/$d/g; s/\${BM}/128/g; s/\${BN}/$bn/g; /tile.tune/d" "$src" > "$D/$n/kernels.mlir"
    "$B/tile-opt" "$D/$n/kernels.mlir" --tile-compile --kernel="$k" --emit=package -o "$D/$n.tpkg" 2> "$D/$n.log" ||
      { cat "$D/$n.log"; exit 1; }
    echo "$n|cdiv($lq,128),$h|$args||" >> "$D/list.txt"
  done
  du -sh "$D" ;;
run)
  D=$2
  . bench/gpu-common.sh
  rc=0
  check_packages "$D" "${LOGS:-/tmp/tile-bench}" || rc=1  # (the device tool sets OUT for what comes back)
  use_python_package "$D/py" || exit 1
  echo "== FP8: tile, SDPA f16, Triton FP8"
  (cd bench && python3 peers_attention_fp8.py ${FP8_CASES:+--cases $FP8_CASES}) || rc=1
  echo "== d = 256: tile plain, SDPA, Triton"
  (cd bench && python3 peers_attention.py --cases ${D256_CASES:-256:full:16x8192 256:causal:16x8192}) || rc=1
  exit $rc ;;
*)
  echo "usage: $0 prepare BUILD DIR | run DIR" >&2; exit 2 ;;
esac
