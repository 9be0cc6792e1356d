#!/bin/bash
# In the compiler build (here, no GPU): compiles the example kernels into
# packages with tile-opt --emit=package and records each one's reference
# result on deterministic generated inputs: the reference interpreter's
# (test/difftest/reference.py, written from the spec; tile's CPU path must
# agree with it), or tile's CPU path's where the interpreter lacks an op.
# A GPU machine without MLIR runs the packages and checks them against it:
#   scripts/gpu-packages.sh [BUILD] [DIR]   (default build, .gpu-pkgs)
# DIR/list.txt holds one line per kernel: NAME|GRID|ARGS|OUT-INDEX|RTOL.
# scripts/gpu-runtime.sh runs DIR/list.txt when DIR exists.
# $TILE_COMPILE adds compile options to every package, for instance
# TILE_COMPILE=index-bits=64 to check the 64-bit indexing of every example
# (bench/gpu-index64.sh).
set -u
cd "$(dirname "$0")/.."
B=${1:-build}
D=${2:-.gpu-pkgs}
mkdir -p "$D"
: >"$D/list.txt"
. scripts/reference.sh
add() { # NAME FILE KERNEL GRID OUT RTOL ARGS...
  local name=$1 file=$2 kernel=$3 grid=$4 out=$5 rtol=$6
  shift 6
  local args=""
  for a in "$@"; do args="$args --arg $a"; done
  if ! "$B/tile-opt" "$file" --tile-compile="${TILE_COMPILE:-}" --emit=package --kernel="$kernel" -o "$D/$name.tpkg" 2>"$D/$name.err"; then
    echo "skip $name: $(head -1 "$D/$name.err")"; return
  fi
  local ref
  if ! ref=$(reference "$file" "$kernel" "$grid" "$out" "$rtol" "$D/$name.ref.npy" $args); then
    echo "skip $name: $ref"; return
  fi
  echo "$name|$grid|$args|$out|$rtol" >>"$D/list.txt"
  echo "packaged $name; $ref"
}
add vecadd examples/vecadd.mlir vecadd 'cdiv(100000,1024)' 2 1e-6 randn:100000xf32:seed=1 randn:100000xf32:seed=2 zeros:100000xf32
# An odd length: the generic entry, from the package's PTX.
add vecadd_odd examples/vecadd.mlir vecadd 'cdiv(100001,1024)' 2 1e-6 randn:100001xf32:seed=1 randn:100001xf32:seed=2 zeros:100001xf32
add softmax examples/softmax.mlir softmax 'cdiv(10,4)' 1 1e-5 randn:10x1000xf32:seed=3 zeros:10x1000xf32
add softmax_odd examples/softmax.mlir softmax 'cdiv(10,4)' 1 1e-5 randn:10x1001xf32:seed=3 zeros:10x1001xf32
add softmax_f16 examples/softmax.mlir softmax_f16 'cdiv(10,4)' 1 1e-2 randn:10x1000xf16:seed=3 zeros:10x1000xf16
add layernorm examples/layernorm.mlir layernorm 'cdiv(9,4)' 3 1e-4 randn:9x700xf32:seed=4 randn:700xf32:seed=5 randn:700xf32:seed=6 zeros:9x700xf32 1e-5
add rmsnorm examples/rmsnorm.mlir rmsnorm 'cdiv(6,4)' 2 1e-4 randn:6x1024xf32:seed=7 randn:1024xf32:seed=8 zeros:6x1024xf32 1e-6
add rowsum examples/rowsum.mlir rowsum 'cdiv(37,4)' 1 1e-4 randn:37x1000xf32:seed=9 zeros:37xf32
add colsum examples/rowsum.mlir colsum 'cdiv(1000,256)' 1 1e-4 randn:37x1000xf32:seed=9 zeros:1000xf32
add transpose examples/transpose.mlir transpose 'cdiv(70,32),cdiv(45,32)' 1 0 randn:45x70xf32:seed=10 zeros:70x45xf32
add matmul examples/matmul.mlir matmul 'cdiv(150,128),cdiv(260,128)' 2 1e-3 randn:150x70xf16:seed=11 randn:70x260xf16:seed=12 zeros:150x260xf32
# Reads from negative coordinates and past the end (padding 1.0): the
# generic entry (rows of 70 f16) and the aligned one (rows of 128 f16).
add halo test/Conversion/Inputs/halo.mlir halo 'cdiv(45,32),cdiv(70,64)' 1 0 randn:45x70xf16:seed=40 zeros:45x70xf16
add halo_aligned test/Conversion/Inputs/halo.mlir halo 'cdiv(48,32),cdiv(128,64)' 1 0 randn:48x128xf16:seed=41 zeros:48x128xf16
# Sizes that are multiples of 8 take the aligned entry, where the K loop is
# pipelined (3 stages): ragged K (200), and trip counts below the stages
# (K = 40: two iterations; K = 16: one).
add matmul_pipe examples/matmul.mlir matmul 'cdiv(296,128),cdiv(264,128)' 2 1e-3 randn:296x200xf16:seed=18 randn:200x264xf16:seed=19 zeros:296x264xf32
add matmul_k40 examples/matmul.mlir matmul 'cdiv(136,128),cdiv(264,128)' 2 1e-3 randn:136x40xf16:seed=20 randn:40x264xf16:seed=21 zeros:136x264xf32
add matmul_k16 examples/matmul.mlir matmul 'cdiv(136,128),cdiv(136,128)' 2 1e-3 randn:136x16xf16:seed=22 randn:16x136xf16:seed=23 zeros:136x136xf32
# A reduction of a dot result in its mma layout; a transpose after a
# pipelined loop, reusing the pipeline's shared memory.
add matmul_rowsum test/Conversion/Inputs/matmul_rowsum.mlir matmul_rowsum 1 2 1e-3 randn:64x200xf16:seed=24 randn:200x64xf16:seed=25 zeros:64xf32
add matmul_colmax test/Conversion/Inputs/matmul_rowsum.mlir matmul_colmax 1 2 1e-3 randn:64x200xf16:seed=26 randn:200x64xf16:seed=27 zeros:64xf32
add matmul_trans test/Conversion/Inputs/matmul_trans.mlir matmul_trans 1 2 1e-3 randn:64x200xf16:seed=24 randn:200x64xf16:seed=25 zeros:64x64xf32
# B stored [N][K] and transposed in the kernel: wgmma reads it K-major. Ragged M, N, K (aligned entry) and odd K (generic entry).
add matmul_bt test/Conversion/Inputs/matmul_bt.mlir matmul_bt 'cdiv(200,128),cdiv(136,128)' 2 1e-3 randn:200x200xbf16:seed=26 randn:136x200xbf16:seed=27 zeros:200x136xf32
add matmul_bt_odd test/Conversion/Inputs/matmul_bt.mlir matmul_bt 'cdiv(70,128),cdiv(150,128)' 2 1e-3 randn:70x99xbf16:seed=28 randn:150x99xbf16:seed=29 zeros:70x150xf32
# Attention for a block of keys: reductions in the mma layout, P from registers.
mkdir -p "$D/att" && "$PY" test/Run/Inputs/examples_ref.py attention "$D/att" 300 100
add attention examples/attention.mlir attention 'cdiv(300,128)' 3 1e-2 npy:$D/att/q.npy npy:$D/att/k.npy npy:$D/att/v.npy zeros:300x64xf16
# Chained dots: the first result is the second's A, from registers.
add chained_dot test/Conversion/Inputs/chained_dot.mlir mlp 'cdiv(256,128)' 3 1e-2 randn:256x200xf16:seed=28 randn:200x64xf16:seed=29 randn:64x64xf16:seed=30 zeros:256x64xf32
# Tensor-core dots of the other instructions: i8 (exact), f16 sums.
S=test/Run/Inputs/semantics.mlir
mkdir -p "$D/dot8" "$D/dot16"
"$PY" test/Run/Inputs/semantics_ref.py dot_i8 "$D/dot8" && "$PY" test/Run/Inputs/semantics_ref.py dot_f16acc "$D/dot16"
add dot_i8 "$S" dot_i8 1 2 0 npy:$D/dot8/a.npy npy:$D/dot8/b.npy zeros:64x64xi32
add dot_f16acc "$S" dot_f16acc 1 2 5e-2 npy:$D/dot16/a.npy npy:$D/dot16/b.npy zeros:64x64xf16
add matmul_bf16 examples/matmul.mlir matmul_bf16 'cdiv(150,128),cdiv(260,128)' 2 1e-3 randn:150x70xbf16:seed=11 randn:70x260xbf16:seed=12 zeros:150x260xf32
add matmul_tf32 examples/matmul.mlir matmul_tf32 'cdiv(150,128),cdiv(260,128)' 2 1e-4 randn:150x70xf32:seed=11 randn:70x260xf32:seed=12 zeros:150x260xf32
add linear_gelu examples/linear.mlir linear_gelu 'cdiv(150,128),cdiv(260,128)' 3 1e-2 randn:150x70xf16:seed=13 randn:70x260xf16:seed=14 randn:260xf16:seed=15 zeros:150x260xf16
add bmm examples/bmm.mlir bmm 'cdiv(150,128),cdiv(130,128),3' 2 1e-3 randn:3x150x70xf16:seed=16 randn:3x70x130xf16:seed=17 zeros:3x150x130xf32
