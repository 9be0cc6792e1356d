#!/bin/bash
# Kernels whose scores are scaled by a scalar known only at run time, which
# tile-fold-exp runs in two versions of the loop by the scale's sign
# (examples/flash_attention_fp8.mlir; the plain f16 kernel taking its
# scale as an argument; test/Run/Inputs/scaled-max.mlir), on the lent GPU:
# checked against NumPy at ragged lengths with positive and negative scales
# (the same products: Q's codes negated with q_scale), FP8 under
# compute-sanitizer, then timed against a base compiler (bench/gpu-ab.sh,
# bench/ab-attention-fwd.sh's list).
#   Here:   bench/gpu-scale-sign.sh prepare BASE_TILE_OPT NEW_TILE_OPT [DIR]
#           (default DIR .gpu-ss; carry it)
#   There:  bench/gpu-scale-sign.sh run [DIR]
set -u
cd "$(dirname "$0")/.."
case "${1:-}" in
prepare)
  [ $# -ge 3 ] || { sed -n 2,12p "$0"; exit 2; }
  BASE=$2 NEW=$3 D=${4:-.gpu-ss}
  rm -rf "$D" && mkdir -p "$D/src" || exit 1
  . bench/gpu-common.sh
  exclude_from_git "$D"
  : > "$D/list.txt"
  py=/usr/bin/python3
  compile() { # NAME SOURCE KERNEL: DIR/NAME.tpkg by the new compiler
    TILE_NO_CACHE=1 "$NEW" "$2" --tile-compile --kernel=$3 --emit=package \
      -o "$D/$1.tpkg" 2> "$D/$1.log" || { tail -3 "$D/$1.log"; exit 1; }
  }
  pkg() { # NAME SOURCE KERNEL DEFINES...: compile, the ${...} substituted
    local n=$1 src=$2 k=$3; shift 3
    local s="$D/src/$n.mlir"
    cp "$src" "$s"
    for def in "$@"; do sed -i "s/\${${def%%=*}}/${def#*=}/g" "$s"; done
    sed -i -e 's/\${BM}/128/g; s/\${BN}/128/g; /tile.tune/d' "$s"
    compile "$n" "$s" "$k"
  }
  # FP8: d = 64 and 128, full and causal, ragged; each with q_scale 0.5 and
  # with Q's codes negated and q_scale -0.5.
  for c in "a 2 130 333 64 full" "b 3 200 200 64 causal" "c 2 150 270 128 full" \
           "d 2 300 300 128 causal"; do
    read -r t h lq lk d mask <<< "$c"
    r="$D/fp8_$t"; mkdir -p "$r"
    $py test/Run/Inputs/examples_ref.py flash_attention_fp8 "$r" $h $lq $lk $d $mask > /dev/null || exit 1
    $py -c "import numpy as np; q = np.load('$r/q.npy'); np.save('$r/qneg.npy', q ^ np.uint8(0x80))"
    k=attention_fp8; [ $mask = causal ] && k=attention_fp8_causal
    pkg fp8_$t examples/flash_attention_fp8.mlir $k D=$d
    for qs in 0.5 -0.5; do
      qf=q; [ $qs = -0.5 ] && qf=qneg
      echo "fp8_$t|cdiv($lq,128),$h|--arg npy:$r/$qf.npy --arg npy:$r/k.npy --arg npy:$r/vt.npy --arg zeros:${h}x${lq}x${d}xf16 --arg $qs --arg 0.25 --arg 2.0 --check 3=$r/ref.npy:4e-2||" >> "$D/list.txt"
    done
  done
  # The plain f16 kernel with its scale an argument: 1/sqrt(d), and -1/sqrt(d)
  # with Q negated.
  bench/ab-attention-fwd.sh "$D/ab-src" > /dev/null || exit 1
  for mask in full causal; do
    r="$D/f16_$mask"; mkdir -p "$r"
    $py test/Run/Inputs/examples_ref.py flash_attention "$r" 3 300 300 128 f16 $mask > /dev/null || exit 1
    $py -c "import numpy as np; q = np.load('$r/q.npy'); np.save('$r/qneg.npy', -q)"
    k=attention_plain; [ $mask = causal ] && k=attention_plain_causal
    compile plain_arg_$mask "$D/ab-src/plain_arg_d128.mlir" $k
    for sc in 0.08838834764831845 -0.08838834764831845; do
      qf=q; [ $sc != 0.08838834764831845 ] && qf=qneg
      echo "plain_arg_$mask|cdiv(300,128),3|--arg npy:$r/$qf.npy --arg npy:$r/k.npy --arg npy:$r/v.npy --arg zeros:3x300x128xf16 --arg $sc --check 3=$r/ref.npy:1e-2||" >> "$D/list.txt"
    done
  done
  # The running maximum itself, exactly, for seven scales.
  mkdir -p "$D/smax"
  $py test/Run/Inputs/scaled_max_ref.py "$D/smax" || exit 1
  compile scaled_max test/Run/Inputs/scaled-max.mlir scaled_max
  for c in "pos 1.5" "neg -1.5" "zero 0.0" "tiny 1e-45" "inf inf" "ninf -inf" "nan nan"; do
    read -r t v <<< "$c"
    echo "scaled_max|1|--arg npy:$D/smax/a.npy --arg npy:$D/smax/b.npy --arg zeros:64xf32 --arg $v --check 2=$D/smax/ref_$t.npy:0||" >> "$D/list.txt"
  done
  # The timing: the forward list (FP8 and the scale-argument kernel change).
  bench/gpu-ab.sh prepare "$BASE" "$NEW" "$D/ab-src/list.txt" "$D/ab" > /dev/null || exit 1
  du -sh "$D" ;;
run)
  D=${2:-.gpu-ss} O=${OUT:-/tmp/tile-ss}
  . bench/gpu-common.sh
  rc=0
  # check_packages runs each line's package; several lines share one.
  TILE_GPU_SANITIZE=0 check_packages "$D" "$O/checks" || rc=1
  if [ "${TILE_GPU_SANITIZE:-1}" != 0 ]; then
    TR=build-gpu/tile-run
    for n in fp8_a fp8_d; do
      l=$(grep "^$n|" "$D/list.txt" | tail -1)
      sanitize "$n.neg" "$O/san.$n" "$D/$n.tpkg" --target cuda --grid "$(echo "$l" | cut -d'|' -f2)" \
        $(echo "$l" | cut -d'|' -f3) || rc=1
    done
  fi
  bench/gpu-ab.sh run "$D/ab" 2 || rc=1
  exit $rc ;;
*) sed -n 2,12p "$0"; exit 2 ;;
esac
