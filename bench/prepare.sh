#!/bin/bash
# Here (compiler build, no GPU): everything bench/gpu-run.sh needs on the GPU
# machine, under .gpu-pkgs/ (ignored by git):
#  - the examples as packages with reference outputs (scripts/gpu-packages.sh);
#  - the benchmark kernels (bench/kernels/memory_bound.mlir) as packages, with
#    references at a small size (64 rows) for a correctness check;
#  the references are the reference interpreter's, which tile's CPU path
#  must match (scripts/reference.sh), or the CPU path's where the
#  interpreter lacks an op (f8);
#  - bench.txt: the timed cases at 8192x4096;
#  - numerics/: the conformance suite's kernels (test/Numerics/conformance.py).
#   bench/prepare.sh [BUILD]     then run bench/gpu-run.sh on the device
set -eu
cd "$(dirname "$0")/.."
B=${1:-build}
D=.gpu-pkgs
scripts/gpu-packages.sh "$B" "$D"
. scripts/reference.sh
. bench/gpu-common.sh
exclude_from_git "$D"
K=bench/kernels/memory_bound.mlir
: > "$D/bench.txt"
R=8192; C=4096; r=64
for dt in f32 f16; do
  for k in vecadd softmax layernorm rmsnorm rowsum; do
    name=${k}_$dt
    "$B/tile-opt" "$K" --tile-compile --emit=package --kernel="$name" -o "$D/bench_$name.tpkg"
    case $k in
      vecadd)  n=$((R*C)); grid="cdiv($n,2048)"; small="randn:$((r*C))x$dt:seed=1 randn:$((r*C))x$dt:seed=2 zeros:$((r*C))x$dt"
               big="randn:${n}x$dt:seed=1 randn:${n}x$dt:seed=2 zeros:${n}x$dt"; out=2; sgrid="cdiv($((r*C)),2048)";;
      softmax) grid=$R; sgrid=$r; small="randn:${r}x${C}x$dt:seed=3 zeros:${r}x${C}x$dt"
               big="randn:${R}x${C}x$dt:seed=3 zeros:${R}x${C}x$dt"; out=1;;
      layernorm|rmsnorm) grid=$R; sgrid=$r
               small="randn:${r}x${C}x$dt:seed=4 randn:${C}x$dt:seed=5 randn:${C}x$dt:seed=6 zeros:${r}x${C}x$dt 1e-5"
               big="randn:${R}x${C}x$dt:seed=4 randn:${C}x$dt:seed=5 randn:${C}x$dt:seed=6 zeros:${R}x${C}x$dt 1e-5"; out=3;;
      rowsum)  grid=$R; sgrid=$r; small="randn:${r}x${C}x$dt:seed=7 zeros:${r}xf32"
               big="randn:${R}x${C}x$dt:seed=7 zeros:${R}xf32"; out=1;;
    esac
    args=""; for a in $small; do args="$args --arg $a"; done
    rtol=1e-4; [ $dt = f16 ] && rtol=1e-2
    reference "$K" "$name" "$sgrid" "$out" "$rtol" "$D/bench_$name.ref.npy" $args
    echo "bench_$name|$sgrid|$args|$out|$rtol" >> "$D/list.txt"
    bargs=""; for a in $big; do bargs="$bargs --arg $a"; done
    echo "$name|$grid|$bargs" >> "$D/bench.txt"
    echo "packaged bench_$name"
  done
done

# Matmuls (bench/kernels/matmul.mlir): each block shape on the mma.sync
# path (chip=sm_80) at 3 stages, and on Hopper's wgmma (chip=sm_90a, the
# default; name suffix _wgmma) at 3 and 4: checked at a ragged size against
# the CPU, timed at 4096^3 and 8192^3.
K=bench/kernels/matmul.mlir
: > "$D/matmul.txt"
matmul_case() { # CHIP SUFFIX TYPE BLOCK STAGES
  local chip=$1 suffix=$2 dt=$3 blk=$4 st=$5
  local kernel=matmul_${dt}_$blk
  local name=${kernel}_s$st$suffix bm=${blk%%x*} rest=${blk#*x}
  local bn=${rest%%x*}
  "$B/tile-opt" "$K" --tile-compile="chip=$chip num-stages=$st" --emit=package --kernel="$kernel" -o "$D/bench_$name.tpkg"
  local m=300 n=520 k=200
  local sgrid="cdiv($m,$bm)*cdiv($n,$bn)"
  local args="--arg randn:${m}x${k}x$dt:seed=21 --arg randn:${k}x${n}x$dt:seed=22 --arg zeros:${m}x${n}x$dt"
  [ -f "$D/ref_$kernel.npy" ] || reference "$K" "$kernel" "$sgrid" 2 2e-2 "$D/ref_$kernel.npy" $args
  cp "$D/ref_$kernel.npy" "$D/bench_$name.ref.npy"
  echo "bench_$name|$sgrid|$args|2|2e-2" >> "$D/list.txt"
  for s in 4096 8192; do
    echo "$name|cdiv($s,$bm)*cdiv($s,$bn)|--arg randn:${s}x${s}x$dt:seed=1 --arg randn:${s}x${s}x$dt:seed=2 --arg zeros:${s}x${s}x$dt|$s" >> "$D/matmul.txt"
  done
  echo "packaged bench_$name"
}
for c in "f16 128x128x32 3" "f16 128x128x64 3" "f16 128x256x64 3" "f16 256x128x64 3" \
         "bf16 128x256x64 3" "bf16 256x128x64 3"; do
  matmul_case sm_80 "" $c
done
for c in "f16 128x128x64 4" "f16 128x256x64 3" "f16 128x256x64 4" "f16 256x128x64 3" \
         "f16 256x128x64 4" "bf16 128x256x64 4" "bf16 256x128x64 4"; do
  matmul_case sm_90a _wgmma $c
done
# B stored [N][K] (read K-major through tile.trans), wgmma + TMA.
for dt in f16 bf16; do
  kernel=matmul_bt_${dt}_128x256x64; name=${kernel}_s4_wgmma
  "$B/tile-opt" "$K" --tile-compile="chip=sm_90a num-stages=4" --emit=package --kernel="$kernel" -o "$D/bench_$name.tpkg"
  m=300; n=520; k=200; sgrid="cdiv($m,128)*cdiv($n,256)"
  args="--arg randn:${m}x${k}x$dt:seed=23 --arg randn:${n}x${k}x$dt:seed=24 --arg zeros:${m}x${n}x$dt"
  reference "$K" "$kernel" "$sgrid" 2 2e-2 "$D/bench_$name.ref.npy" $args
  echo "bench_$name|$sgrid|$args|2|2e-2" >> "$D/list.txt"
  for s in 4096 8192; do
    echo "$name|cdiv($s,128)*cdiv($s,256)|--arg randn:${s}x${s}x$dt:seed=1 --arg randn:${s}x${s}x$dt:seed=2 --arg zeros:${s}x${s}x$dt|$s" >> "$D/matmul.txt"
  done
  echo "packaged bench_$name"
done
# Checks package bench_NAME against the CPU at each MxNxK: A [M][K] of TA
# (seed SEED), B [K][N] of TB ([N][K] when BT is 1; seed SEED+1), C
# [M][N] of TC, one copy of the package per size, within CHECK_RTOL
# (default 2e-2).
check_at() { # NAME KERNEL BM BN TA TB TC BT SEED SIZES...
  local name=$1 kernel=$2 bm=$3 bn=$4 ta=$5 tb=$6 tc=$7 bt=$8 seed=$9 mnk
  shift 9
  for mnk in "$@"; do
    local m=${mnk%%x*} r=${mnk#*x}
    local n=${r%%x*} k=${r#*x}
    local bshape=${k}x${n}; [ "$bt" = 1 ] && bshape=${n}x${k}
    local sgrid="cdiv($m,$bm)*cdiv($n,$bn)"
    local args="--arg randn:${m}x${k}x$ta:seed=$seed --arg randn:${bshape}x$tb:seed=$((seed + 1)) --arg zeros:${m}x${n}x$tc"
    cp "$D/bench_$name.tpkg" "$D/bench_${name}_$mnk.tpkg"
    reference "$K" "$kernel" "$sgrid" 2 "${CHECK_RTOL:-2e-2}" "$D/bench_${name}_$mnk.ref.npy" $args
    echo "bench_${name}_$mnk|$sgrid|$args|2|${CHECK_RTOL:-2e-2}" >> "$D/list.txt"
  done
}
# FP8 (e4m3, and e5m2 x e4m3), C = A x B^T in bf16 as torch._scaled_mm
# computes it: wgmma k32 + TMA. Checked against the CPU at ragged sizes
# (rows of 200 bytes: the generic entry; of 208: the aligned entry, TMA
# zero-filling past M, N and K), at one K block and below one block; the
# e4m3 kernels timed at 4096^3 and 8192^3 (bench/gpu-run.sh 'e4m3').
fp8_case() { # KERNEL STAGES TIMED(0/1)
  local kernel=$1 st=$2 timed=$3
  local name=${kernel}_s${st}_wgmma blk=${kernel##*_} ta=f8e4m3
  local bm=${blk%%x*} rest=${blk#*x}
  local bn=${rest%%x*}
  case $kernel in *e5m2_e4m3*) ta=f8e5m2;; esac
  "$B/tile-opt" "$K" --tile-compile="num-stages=$st" --emit=package --kernel="$kernel" -o "$D/bench_$name.tpkg"
  check_at "$name" "$kernel" "$bm" "$bn" "$ta" f8e4m3 bf16 1 41 300x520x200 304x528x208 256x512x128 48x72x24 64x80x32
  [ "$timed" = 1 ] && for s in 4096 8192; do
    echo "$name|cdiv($s,$bm)*cdiv($s,$bn)|--arg randn:${s}x${s}x$ta:seed=1 --arg randn:${s}x${s}xf8e4m3:seed=2 --arg zeros:${s}x${s}xbf16|$s" >> "$D/matmul.txt"
  done
  echo "packaged bench_$name"
}
fp8_case matmul_bt_e4m3_128x256x128 3 1
fp8_case matmul_bt_e4m3_128x256x128 4 1
fp8_case matmul_bt_e4m3_256x128x128 4 1
fp8_case matmul_bt_e5m2_e4m3_128x256x128 4 0
# tf32 (f32 inputs), C = A x B^T with B stored [N][K]: wgmma k8 + TMA on
# sm_90a, mma.sync on sm_80 (suffix _sync). Checked within 1e-4 of the CPU,
# which tf32 truncates like the tensor cores: inputs rounded to nearest
# instead would be off by about 1e-2 here, so the check also shows that
# the hardware truncates. Rows of 800 bytes take the aligned entry, of 812
# the generic one.
tf32_case() { # KERNEL STAGES CHIP SUFFIX TIMED(0/1)
  local kernel=$1 st=$2 chip=$3 suffix=$4 timed=$5
  local name=${kernel}_s$st$suffix blk=${kernel##*_}
  local bm=${blk%%x*} rest=${blk#*x}
  local bn=${rest%%x*}
  "$B/tile-opt" "$K" --tile-compile="chip=$chip num-stages=$st" --emit=package --kernel="$kernel" -o "$D/bench_$name.tpkg"
  CHECK_RTOL=1e-4 check_at "$name" "$kernel" "$bm" "$bn" f32 f32 f32 1 61 300x520x200 301x517x203 256x512x128 48x72x24 64x80x32
  [ "$timed" = 1 ] && for s in 4096 8192; do
    echo "$name|cdiv($s,$bm)*cdiv($s,$bn)|--arg randn:${s}x${s}xf32:seed=1 --arg randn:${s}x${s}xf32:seed=2 --arg zeros:${s}x${s}xf32|$s" >> "$D/matmul.txt"
  done
  echo "packaged bench_$name"
}
tf32_case matmul_bt_tf32_128x256x32 4 sm_90a _wgmma 1
tf32_case matmul_bt_tf32_128x256x32 3 sm_90a _wgmma 1
tf32_case matmul_bt_tf32_128x128x32 4 sm_90a _wgmma 1
tf32_case matmul_bt_tf32_128x128x32 3 sm_80 _sync 1
# One wgmma kernel at the sizes that stress the edges: smaller than a block
# (aligned, so pipelined; and unaligned: the generic entry, which stages its
# loads itself), K of one and two blocks, K below the stages, ragged M, N, K
# in the generic entry.
kernel=matmul_f16_128x256x64; pkg=bench_${kernel}_s4_wgmma
for mnk in 48x72x24 50x70x24 256x256x64 256x512x128 136x264x40 130x260x203; do
  m=${mnk%%x*}; rest=${mnk#*x}; n=${rest%%x*}; k=${rest#*x}
  name=${pkg}_$mnk; sgrid="cdiv($m,128)*cdiv($n,256)"
  cp "$D/$pkg.tpkg" "$D/$name.tpkg"
  args="--arg randn:${m}x${k}xf16:seed=31 --arg randn:${k}x${n}xf16:seed=32 --arg zeros:${m}x${n}xf16"
  reference "$K" "$kernel" "$sgrid" 2 2e-2 "$D/$name.ref.npy" $args
  echo "$name|$sgrid|$args|2|2e-2" >> "$D/list.txt"
  echo "packaged $name"
done
# The same kernels warp-specialized (warp-specialize=true, suffix _ws: a
# producer warpgroup issues the TMA copies; auto leaves a loop of one dot
# with one role), and also persistent (persistent=true, suffix _ws_p: each
# block runs program after program) and multicast (multicast=true, suffix
# _ws_mc: pairs of blocks copy a B they share once), checked at two ragged
# sizes and timed beside them.
ws_case() { # KERNEL STAGES TA TB TC BM BN [SUFFIX OPTIONS]
  local kernel=$1 st=$2 ta=$3 tb=$4 tc=$5 bm=$6 bn=$7 suffix=${8:-} more=${9:-}
  local name=${kernel}_s${st}_wgmma_ws$suffix
  "$B/tile-opt" "$K" --tile-compile="num-stages=$st warp-specialize=true $more" --emit=package --kernel="$kernel" -o "$D/bench_$name.tpkg"
  local bt=0; case $kernel in *_bt_*) bt=1;; esac
  # 1544x2824x520 (the persistent f16 and bf16 kernels; its references are
  # large): 156 programs, more than the blocks an H100 holds at once, so
  # persistent blocks run two, the stages going on across them.
  local big=
  [ "$suffix" = _p ] && case $kernel in matmul_f16_*|matmul_bf16_*) big=1544x2824x520;; esac
  local sizes="130x260x203 304x528x208 $big"
  # TMA multicast (suffix _mc) runs in clusters of two only for an even
  # grid and rows of whole 16-byte groups: 300x1504x648 (18 programs; in
  # the grouped order some pairs share B and some do not) and
  # 1000x1504x776 (48 programs, every pair sharing B).
  [ "$suffix" = _mc ] && sizes="300x1504x648 1000x1504x776"
  check_at "$name" "$kernel" "$bm" "$bn" "$ta" "$tb" "$tc" $bt 51 $sizes
  for s in 4096 8192; do
    echo "$name|cdiv($s,$bm)*cdiv($s,$bn)|--arg randn:${s}x${s}x$ta:seed=1 --arg randn:${s}x${s}x$tb:seed=2 --arg zeros:${s}x${s}x$tc|$s" >> "$D/matmul.txt"
  done
  echo "packaged bench_$name"
}
ws_case matmul_f16_128x256x64 4 f16 f16 f16 128 256
ws_case matmul_bf16_128x256x64 4 bf16 bf16 bf16 128 256
ws_case matmul_bt_e4m3_128x256x128 4 f8e4m3 f8e4m3 bf16 128 256
ws_case matmul_f16_128x256x64 4 f16 f16 f16 128 256 _p persistent=true
ws_case matmul_bf16_128x256x64 4 bf16 bf16 bf16 128 256 _p persistent=true
ws_case matmul_f16_128x256x64 4 f16 f16 f16 128 256 _mc multicast=true
# Flash attention (examples/flash_attention.mlir): f16 at d = 64 and 128
# (the d = 128 kernels are the bf16 ones with f16 types), full and causal,
# plus the bf16 kernels as written. Checked against NumPy (O and the
# log-sum-exp) at ragged lengths, timed at 16 heads x 8192 tokens and
# 1 x 16384 (bench/gpu-attention.sh).
A=$D/flash_attention.mlir
cp examples/flash_attention.mlir "$A"
sed -n '/^func.func @flash_attention_bf16_d128/,$p' examples/flash_attention.mlir | sed 's/bf16/f16/g' >> "$A"
: > "$D/attention.txt"
PYA=/usr/bin/python3; [ -x "$PYA" ] || PYA=python3
for c in "f16 64 full" "f16 64 causal" "f16 128 full" "f16 128 causal" "bf16 128 full" "bf16 128 causal"; do
  set -- $c; dt=$1; hd=$2; mask=$3
  bm=128; [ $hd = 64 ] && bm=64 # the example's query block per head size
  kernel=flash_attention_${dt}_d$hd; [ $mask = causal ] && kernel=flash_attention_causal_${dt}_d$hd
  "$B/tile-opt" "$A" --tile-compile --emit=package --kernel="$kernel" -o "$D/bench_$kernel.tpkg"
  # The d = 128 kernels (8 warps) are warp-specialized; the f16 ones also
  # with one role (warp-specialize=false, suffix _nows) for comparison.
  # Every f16 kernel also without tile-overlap-softmax (_nooverlap).
  variants="$kernel"
  if [ $dt = f16 ] && [ $hd = 128 ]; then
    "$B/tile-opt" "$A" --tile-compile="warp-specialize=false" --emit=package --kernel="$kernel" -o "$D/bench_${kernel}_nows.tpkg"
    variants="$variants ${kernel}_nows"
  fi
  if [ $dt = f16 ]; then
    "$B/tile-opt" "$A" --tile-compile="overlap-softmax=false" --emit=package --kernel="$kernel" -o "$D/bench_${kernel}_nooverlap.tpkg"
    variants="$variants ${kernel}_nooverlap"
  fi
  for shape in "3 300 300" "2 130 333"; do
    set -- $shape; nh=$1; lq=$2; lk=$3
    [ $mask = causal ] && [ $lq != $lk ] && continue
    r=$D/ref_${kernel}_$lq; mkdir -p "$r"
    "$PYA" test/Run/Inputs/examples_ref.py flash_attention "$r" $nh $lq $lk $hd $dt $mask
    args="--arg npy:$r/q.npy --arg npy:$r/k.npy --arg npy:$r/v.npy --arg zeros:${nh}x${lq}x${hd}x$dt --arg zeros:${nh}x${lq}xf32"
    for variant in $variants; do
      rtol=1e-2; [ $dt = bf16 ] && rtol=2e-2
      for out in 3 4; do
        name=bench_${variant}_${lq}x${lk}_o$out
        cp "$D/bench_$variant.tpkg" "$D/$name.tpkg"
        if [ $out = 3 ]; then cp "$r/ref.npy" "$D/$name.ref.npy"; else cp "$r/lse.npy" "$D/$name.ref.npy"; rtol=1e-3; fi
        echo "$name|cdiv($lq,$bm),$nh|$args|$out|$rtol" >> "$D/list.txt"
      done
    done
  done
  [ $dt = f16 ] || continue
  for shape in "16 8192" "1 16384"; do
    set -- $shape; nh=$1; L=$2
    flops=$((4 * nh * L * L * hd)); [ $mask = causal ] && flops=$((flops / 2))
    for variant in $variants; do
      label=attn_d${hd}_${mask}_${nh}x$L; [ $variant != $kernel ] && label=$label+${variant##*_}
      echo "$variant|cdiv($L,$bm),$nh|--arg randn:${nh}x${L}x${hd}xf16:seed=1 --arg randn:${nh}x${L}x${hd}xf16:seed=2 --arg randn:${nh}x${L}x${hd}xf16:seed=3 --arg zeros:${nh}x${L}x${hd}xf16 --arg zeros:${nh}x${L}xf32|$label|$flops" >> "$D/attention.txt"
    done
  done
  echo "packaged bench_$kernel"
done
# Attention written plainly (examples/flash_attention_plain.mlir: every
# key block masked, exp; issue 32): block shapes of its tuning space (the
# default 128x128, 128x64, and 64x128 with 4 warps at d = 64), and the
# default shape without
# tile-split-loops (+nosplit), without tile-overlap-softmax (+nooverlap) and, when $BASE_TILE_OPT names a compiler
# from before the split (2026-11-28), compiled by it (+before). Checked
# against NumPy at ragged lengths, timed beside the flash attention
# example and the peers (bench/gpu-attention.sh).
P=examples/flash_attention_plain.mlir
plain_variants() { # HD MASK: "BM BN WARPS OPTIONS SUFFIX" lines
  echo "128 128 8 - "
  echo "128 64 8 - +128x64"
  [ "$1" = 64 ] && echo "64 128 4 - +64x128w4"
  # The hand-split example's configuration at d = 64 (4 warps, 2 stages:
  # 3 blocks an SM where auto's 3 stages fit 2) ran 613 us where the
  # plain 64x128w4 ran 688 (H200, 2026-11-29): is it the stages?
  [ "$1" = 64 ] && echo "64 128 4 num-stages=2 +64x128w4s2"
  echo "128 128 8 split-loops=false +nosplit"
  echo "128 128 8 overlap-softmax=false +nooverlap"
  # Causal blocks in launch order, without tile-order-programs.
  [ "$2" = causal ] && echo "128 128 8 program-order=launch +launch"
  [ -n "${BASE_TILE_OPT:-}" ] && echo "128 128 8 base +before"
  return 0
}
for c in "64 full" "64 causal" "128 full" "128 causal"; do
  set -- $c; hd=$1; mask=$2
  kernel=attention_plain; [ $mask = causal ] && kernel=attention_plain_causal
  while read -r bm bn warps opts suffix; do
    tag=$(echo "${suffix:-+default}" | tr -d '+')
    variant=${kernel}_d${hd}_$tag
    compiler=$B/tile-opt; copts=""
    [ "$opts" = base ] && compiler=$BASE_TILE_OPT
    [ "$opts" != - ] && [ "$opts" != base ] && copts=$opts
    sed -e "s/\${D}/$hd/g; s/\${BM}/$bm/g; s/\${BN}/$bn/g" "$P" > "$D/plain_$variant.mlir"
    "$compiler" "$D/plain_$variant.mlir" --tile-compile="num-warps=$warps $copts" --emit=package --kernel="$kernel" -o "$D/bench_$variant.tpkg"
    for shape in "3 300 300" "2 130 333"; do
      set -- $shape; nh=$1; lq=$2; lk=$3
      [ $mask = causal ] && [ $lq != $lk ] && continue
      r=$D/ref_plain_${mask}_${hd}_$lq; mkdir -p "$r"
      [ -f "$r/ref.npy" ] || "$PYA" test/Run/Inputs/examples_ref.py flash_attention "$r" $nh $lq $lk $hd f16 $mask
      name=bench_${variant}_${lq}x${lk}_o3
      cp "$D/bench_$variant.tpkg" "$D/$name.tpkg"; cp "$r/ref.npy" "$D/$name.ref.npy"
      echo "$name|cdiv($lq,$bm),$nh|--arg npy:$r/q.npy --arg npy:$r/k.npy --arg npy:$r/v.npy --arg zeros:${nh}x${lq}x${hd}xf16|3|1e-2" >> "$D/list.txt"
    done
    for shape in "16 8192" "1 16384"; do
      set -- $shape; nh=$1; L=$2
      flops=$((4 * nh * L * L * hd)); [ $mask = causal ] && flops=$((flops / 2))
      echo "$variant|cdiv($L,$bm),$nh|--arg randn:${nh}x${L}x${hd}xf16:seed=1 --arg randn:${nh}x${L}x${hd}xf16:seed=2 --arg randn:${nh}x${L}x${hd}xf16:seed=3 --arg zeros:${nh}x${L}x${hd}xf16|attn_d${hd}_${mask}_${nh}x$L+plain$suffix|$flops" >> "$D/attention.txt"
    done
    echo "packaged bench_$variant"
  done < <(plain_variants $hd $mask)
done
# The numerics conformance suite's kernels (bench/gpu-numerics.sh).
# sm_90a converts f8 with cvt, sm_80 code (which runs on it too) in integer ops.
"$PYA" test/Numerics/conformance.py "$D/numerics-src" --packages "$D/numerics" --compile-packages "$B/tile-opt"
"$PYA" test/Numerics/conformance.py "$D/numerics-src" --packages "$D/numerics-sm80" --compile-packages "$B/tile-opt" --chip sm_80
echo "ready: $(wc -l < "$D/list.txt") checked kernels, $(wc -l < "$D/bench.txt") + $(wc -l < "$D/matmul.txt") timed cases in $D"
