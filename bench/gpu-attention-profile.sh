#!/bin/bash
# Where attention's warps wait, per SASS instruction: ncu's stall sampling
# (--set full, clocks left as the GPU sets them) on packages of
# examples/flash_attention_plain.mlir and flash_attention_fp8.mlir at
# their default blocks, then bench/ncu_stalls.py on each report's source
# page; and the kernels torch's SDPA launches at the same shapes (their
# names, grids and times, from torch.profiler).
#   Here:   bench/gpu-attention-profile.sh prepare [TILE_OPT] [DIR]
#           (default build/tile-opt and .gpu-prof; carry DIR)
#   There:  bench/gpu-attention-profile.sh run [DIR]
# The reports, source CSVs and SASS go to $OUT (or /tmp/tile-prof).
set -u
cd "$(dirname "$0")/.."
cases() { # NAME|SOURCE|KERNEL|D|HEADS|TOKENS|KIND
  for m in "" _causal; do
    echo "plain_d128$m.256x512|flash_attention_plain|attention_plain$m|128|256|512|f16"
    echo "plain_d128$m.16x8192|flash_attention_plain|attention_plain$m|128|16|8192|f16"
  done
  echo "fp8_d128.16x4096|flash_attention_fp8|attention_fp8|128|16|4096|fp8"
}
args() { # HEADS TOKENS D KIND
  if [ "$4" = f16 ]; then
    local x="randn:$1x$2x$3xf16"
    echo "--arg $x:seed=1 --arg $x:seed=2 --arg $x:seed=3 --arg zeros:$1x$2x$3xf16"
  else
    local x="randn:$1x$2x$3xf8e4m3"
    echo "--arg $x:seed=1 --arg $x:seed=2 --arg randn:$1x$3x$2xf8e4m3:seed=3" \
      "--arg zeros:$1x$2x$3xf16 --arg 0.5 --arg 0.25 --arg 2.0"
  fi
}
case "${1:-}" in
prepare)
  T=${2:-build/tile-opt} D=${3:-.gpu-prof}
  rm -rf "$D" && mkdir -p "$D" || exit 1
  . bench/gpu-common.sh
  exclude_from_git "$D"
  cases | while IFS='|' read -r name src kernel d h l kind; do
    sed -e "s/\${D}/$d/g; s/\${BM}/128/g; s/\${BN}/128/g; /tile.tune/d" \
      examples/$src.mlir > "$D/$src.$d.mlir"
    TILE_NO_CACHE=1 "$T" "$D/$src.$d.mlir" --tile-compile --kernel=$kernel \
      --emit=package -o "$D/$name.tpkg" 2> "$D/$name.log" || { tail -3 "$D/$name.log"; exit 1; }
  done
  ls "$D"/*.tpkg | wc -l ;;
run)
  D=${2:-.gpu-prof} O=${OUT:-/tmp/tile-prof}
  . bench/gpu-common.sh
  gpu_tile_run "$O" || exit 1
  cases | while IFS='|' read -r name src kernel d h l kind; do
    echo "== $name"
    a=$(args $h $l $d $kind)
    $TR "$D/$name.tpkg" --target cuda --grid "$((l / 128)),$h" $a --bench 2>&1 | grep -E "median|us" | head -2
    ncu --clock-control none --set full --import-source no -k regex:attention -c 1 \
      -f -o "$O/$name" $TR "$D/$name.tpkg" --target cuda --grid "$((l / 128)),$h" $a > "$O/$name.ncu.log" 2>&1 ||
      { tail -5 "$O/$name.ncu.log"; continue; }
    ncu --import "$O/$name.ncu-rep" --page source --csv --print-source sass > "$O/$name.csv" 2> /dev/null
    ncu --import "$O/$name.ncu-rep" --page details > "$O/$name.details.txt" 2> /dev/null
    grep -E "Duration|Registers Per|Achieved Occupancy|Dynamic Shared|Compute \(SM\) Throughput|Memory Throughput|DRAM Throughput|L2 Hit" "$O/$name.details.txt" | head -12
    python3 bench/ncu_stalls.py "$O/$name.csv" --top 12 | head -40
  done
  echo "== SDPA's kernels"
  python3 - << 'EOF'
import torch, torch.nn.functional as F
from torch.profiler import profile, ProfilerActivity
for h, l, causal in [(256, 512, False), (256, 512, True), (16, 8192, False)]:
    q, k, v = (torch.randn(1, h, l, 128, dtype=torch.float16, device="cuda") for _ in range(3))
    for _ in range(3):
        F.scaled_dot_product_attention(q, k, v, is_causal=causal)
    torch.cuda.synchronize()
    with profile(activities=[ProfilerActivity.CUDA]) as p:
        for _ in range(5):
            F.scaled_dot_product_attention(q, k, v, is_causal=causal)
        torch.cuda.synchronize()
    for e in p.key_averages():
        if e.device_time_total > 0:
            print(f"{h}x{l} causal={causal}: {e.key[:110]}  {e.device_time_total / e.count:.1f} us")
EOF
  ;;
*) sed -n 2,11p "$0"; exit 2 ;;
esac
