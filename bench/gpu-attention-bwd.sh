#!/bin/bash
# Attention's backward pass (examples/flash_attention_backward.mlir) on the
# lent GPU. Here, from a build with the Python package:
#   bench/gpu-attention-bwd.sh prepare BUILD DIR
#       compiles each kernel at its default blocks for sm_90a (d = 64, 128;
#       full, causal) into DIR as packages, with NumPy inputs and references
#       at ragged lengths (examples_ref.py flash_attention_bwd), and the
#       Python package (bench/gpu-python.sh prepare)
# There, with DIR carried:
#   bench/gpu-attention-bwd.sh run DIR
#       builds the runtime-only tile-run; checks every package against
#       NumPy and runs it under compute-sanitizer memcheck, racecheck and
#       synccheck (bench/gpu-sanitize.sh); then, through the package, the
#       GPU tests against SDPA's autograd, examples/python/
#       attention_training.py and bench/peers_attention_bwd.py (tile
#       against SDPA's backward and the same kernels in Triton).
set -u
cd "$(dirname "$0")/.."
E=examples/flash_attention_backward.mlir
case "${1:-}" in
prepare)
  B=$2 D=$3
  rm -rf "$D" && mkdir -p "$D" || exit 1
  bench/gpu-python.sh prepare "$B" "$D/py" > /dev/null || exit 1
  : > "$D/list.txt"
  # name heads lq lk d mask
  for c in "f64 2 300 333 64 full" "c64 2 300 300 64 causal" \
           "f128 2 200 333 128 full" "c128 2 333 333 128 causal"; do
    set -- $c
    n=$1 h=$2 lq=$3 lk=$4 d=$5 mask=$6
    mkdir -p "$D/$n"
    /usr/bin/python3 test/Run/Inputs/examples_ref.py flash_attention_bwd "$D/$n" "$h" "$lq" "$lk" "$d" "$mask" || exit 1
    s=""; [ "$mask" = causal ] && s=_causal
    ins="--arg npy:$D/$n/q.npy --arg npy:$D/$n/k.npy --arg npy:$D/$n/v.npy"
    grads="$ins --arg npy:$D/$n/do.npy --arg npy:$D/$n/lse.npy --arg npy:$D/$n/delta.npy"
    # kernel|grid|args
    # The blocks and warps examples/python/attention_training.py runs
    # (BLOCKS): forward 128x128, 8 warps; at d = 128 dK/dV 128 keys by 64
    # queries and dQ 128 queries by 64 keys, 8 warps; at d = 64 dK/dV
    # 128 x 128 on 8 warps, dQ 64 x 128 on 4; delta and the cast 128 rows.
    # A kernel name ending in +bulk compiles with bulk-reduce=true (the
    # one-pass dQ added by bulk tensor reductions; docs/gpu.md), as
    # NAME_bulk.
    while IFS='|' read -r k grid args; do
      w=8 extra="" pkg=$k
      case $k in *+bulk) k=${k%+bulk} extra=" bulk-reduce=true" pkg=${k}_bulk ;; esac
      case $k in
        *dq_cast|*delta) bm=128 bn=128 w=4 ;;
        *dkdv*) if [ "$d" = 64 ]; then bn=128 bm=128; else bn=128 bm=64; fi ;;
        *dq*) if [ "$d" = 64 ]; then bm=64 bn=128 w=4; else bm=128 bn=64; fi ;;
        *) bm=128 bn=128 ;;
      esac
      case $k in *dkdv*) grid="cdiv($lk,$bn),$h" ;; *_dq|*_dq_causal) grid="cdiv($lq,$bm),$h" ;; esac
      sed -e "s/\${D}/$d/g; s/\${BM}/$bm/g; s/\${BN}/$bn/g" "$E" > "$D/$n/kernels.mlir"
      "$B/tile-opt" "$D/$n/kernels.mlir" --tile-compile="num-warps=$w$extra" --kernel="$k" --emit=package -o "$D/${n}_$pkg.tpkg" 2> "$D/${n}_$pkg.log" ||
        { cat "$D/${n}_$pkg.log"; exit 1; }
      echo "${n}_$pkg|$grid|$args||" >> "$D/list.txt"
    done <<EOF
attention_fwd$s|cdiv($lq,128),$h|$ins --arg zeros:${h}x${lq}x${d}xf16 --arg zeros:${h}x${lq}xf32 --check 3=$D/$n/o.npy:1e-2 --check 4=$D/$n/lse.npy:1e-3
attention_bwd_delta|cdiv($lq,128),$h|--arg npy:$D/$n/o.npy --arg npy:$D/$n/do.npy --arg zeros:${h}x${lq}xf32 --check 2=$D/$n/delta.npy:1e-4
attention_bwd_dkdv$s|cdiv($lk,128),$h|$grads --arg zeros:${h}x${lk}x${d}xf16 --arg zeros:${h}x${lk}x${d}xf16 --check 6=$D/$n/dk.npy:1e-2 --check 7=$D/$n/dv.npy:1e-2
attention_bwd_dq$s|cdiv($lq,128),$h|$grads --arg zeros:${h}x${lq}x${d}xf16 --check 6=$D/$n/dq.npy:1e-2
attention_bwd_dkdvdq$s|cdiv($lk,128),$h|$grads --arg zeros:${h}x${lk}x${d}xf16 --arg zeros:${h}x${lk}x${d}xf16 --arg zeros:${h}x${lq}x${d}xf32 --check 6=$D/$n/dk.npy:1e-2 --check 7=$D/$n/dv.npy:1e-2 --check 8=$D/$n/dq32.npy:1e-2
attention_bwd_dq_cast|cdiv($lq,128),$h|--arg npy:$D/$n/dq32.npy --arg zeros:${h}x${lq}x${d}xf16 --check 1=$D/$n/dq.npy:1e-3
attention_bwd_dkdvdq$s+bulk|cdiv($lk,128),$h|$grads --arg zeros:${h}x${lk}x${d}xf16 --arg zeros:${h}x${lk}x${d}xf16 --arg zeros:${h}x${lq}x${d}xf32 --check 6=$D/$n/dk.npy:1e-2 --check 7=$D/$n/dv.npy:1e-2 --check 8=$D/$n/dq32.npy:1e-2
EOF
  done
  du -sh "$D" ;;
run)
  D=$2
  . bench/gpu-common.sh
  rc=0
  check_packages "$D" "${LOGS:-/tmp/tile-bench}" || rc=1  # (the device tool sets OUT for what comes back)
  use_python_package "$D/py" || exit 1
  python3 -m pytest -q -p no:cacheprovider python/tests/test_gpu.py -k "attention_backward" || rc=1
  python3 examples/python/attention_training.py || rc=1
  (cd bench && python3 peers_attention_bwd.py ${CASES:+--cases $CASES} ${VARIANTS:+--variants}) || rc=1
  exit $rc ;;
*)
  echo "usage: $0 prepare BUILD DIR | run DIR" >&2; exit 2 ;;
esac
