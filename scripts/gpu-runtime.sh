#!/bin/bash
# Checks the GPU runtime on a machine with a CUDA driver and no MLIR: builds
# the runtime-only configuration, wraps the hand-written PTX kernels of
# test/tile-run/Inputs/ptx into packages (and one sm_90a cubin when ptxas is
# there), runs them with tile-run --target cuda against NumPy references,
# exercises the error paths, benches vecadd next to torch, and prints a
# PASS/FAIL table. Exit 1 if anything failed.
#   scripts/gpu-runtime.sh [WORKDIR]     (default /tmp/tile-gpu)
set -u
cd "$(dirname "$0")/.."
SRC=$PWD
W=${1:-/tmp/tile-gpu}
B=$W/build
PTX=$SRC/test/tile-run/Inputs/ptx
rm -rf "$W" && mkdir -p "$W"
PY=${PYTHON:-python3}
results=()
fails=0

record() { # NAME OK
  if [ "$2" = 0 ]; then results+=("PASS  $1"); else results+=("FAIL  $1"); fails=$((fails + 1)); fi
}

# expect NAME WANT_RC PATTERN -- COMMAND...: runs, prints, checks rc and output.
expect() {
  local name=$1 want=$2 pattern=$3
  shift 4
  echo "== $name"
  echo "\$ $*" | sed "s|$SRC/||g; s|$W/||g"
  local out rc
  out=$("$@" 2>&1)
  rc=$?
  echo "$out"
  echo "(exit $rc)"
  if [ "$rc" = "$want" ] && grep -qE -- "$pattern" <<<"$(tr "\n" " " <<<"$out")"; then record "$name" 0; else record "$name" 1; fi
}

echo "== build (runtime only, no MLIR)"
nvidia-smi -L
cmake -G Ninja -S "$SRC" -B "$B" -DTILE_ENABLE_COMPILER=OFF -DCMAKE_BUILD_TYPE=Release >"$W/cmake.log" 2>&1 &&
  ninja -C "$B" >"$W/ninja.log" 2>&1
rc=$?
cat "$W/ninja.log" | tail -3
! grep -q "warning" "$W/ninja.log"
record "runtime-only build without warnings" $((rc + $?))
export PATH=$B:$PATH

gcc -std=c11 -O1 -Wall -Wextra -I"$SRC" "$SRC"/test/Runtime/package_test.c "$SRC"/lib/Runtime/*.c "$SRC"/lib/Support/*.c -lm -ldl -o "$W/package-test" &&
  expect "package format test" 0 "all [0-9]+ package checks passed" -- "$W/package-test" "$W/pt.tpkg"

echo "== references (numpy)"
$PY - "$W" <<'EOF'
import sys, numpy as np
d = sys.argv[1]
rng = np.random.default_rng(7)
def save(n, a): np.save(f"{d}/{n}.npy", a)
x = rng.standard_normal(100000).astype(np.float32); y = rng.standard_normal(100000).astype(np.float32)
save("x", x); save("y", y); save("add", x + y)
a = np.float32(0.5); n = 1000
ax = rng.standard_normal(1024).astype(np.float32); ay = rng.standard_normal(1024).astype(np.float32)
ref = ay.copy(); ref[:n] = a * ax[:n] + ay[:n]
save("ax", ax); save("ay", ay); save("axpy", ref)
h = rng.standard_normal((3, 64)).astype(np.float16)
save("h", h); save("scaled", h.astype(np.float32) * np.float32(np.float16(1.5)))
save("scalars", np.array([-5, -300, 100000, 1, np.array(2.5).view(np.int64)], dtype=np.int64))
save("twice", 2 * x[:1000])
N = 1 << 26
save("big2", np.full(N, 2, dtype=np.float32))
print("ok")
EOF

P() { tile-package "$@" || echo "tile-package failed: $*"; }
P --ptx $PTX/vecadd.ptx --kernel vecadd --chip sm_80 --flops 128 --arg memref:f32:1 --arg memref:f32:1 --arg memref:f32:1 -o $W/vecadd.tpkg
P --ptx $PTX/axpy.ptx --kernel axpy --chip sm_80 --arg f32 --arg memref:f32:1 --arg memref:f32:1 --arg index -o $W/axpy.tpkg
P --ptx $PTX/scale2d.ptx --kernel scale2d --chip sm_80 --arg 'memref<?x64xf16>' --arg f16 --arg 'memref<?x?xf32>' -o $W/scale2d.tpkg
P --ptx $PTX/scalars.ptx --kernel scalars --chip sm_80 --warps 1 --arg memref:i64:1 --arg i8 --arg i16 --arg i32 --arg i1 --arg f64 -o $W/scalars.tpkg
P --ptx $PTX/bigsmem.ptx --kernel bigsmem --chip sm_80 --shared 100000 --arg memref:f32:1 --arg memref:f32:1 -o $W/bigsmem.tpkg
P --ptx $PTX/vecadd.ptx --kernel vecadd --chip sm_100a --arg memref:f32:1 --arg memref:f32:1 --arg memref:f32:1 -o $W/wrongchip.tpkg
P --ptx $PTX/vecadd.ptx --kernel nosuch --chip sm_80 --arg memref:f32:1 --arg memref:f32:1 --arg memref:f32:1 -o $W/noentry.tpkg
P --ptx $PTX/fault.ptx --kernel fault --chip sm_80 --arg memref:f32:1 -o $W/fault.tpkg
sed 's/add.rn.f32 %f3, %f1, %f2;/add.rn.f32 %f3, %f1, %f9;/' $PTX/vecadd.ptx >$W/broken.ptx
P --ptx $W/broken.ptx --kernel vecadd --chip sm_80 --arg memref:f32:1 --arg memref:f32:1 --arg memref:f32:1 -o $W/broken.tpkg
if command -v ptxas >/dev/null || [ -x /usr/local/cuda/bin/ptxas ]; then
  PTXAS=$(command -v ptxas || echo /usr/local/cuda/bin/ptxas)
  sed 's/.target sm_80/.target sm_90a/' $PTX/vecadd.ptx >$W/vecadd90a.ptx
  $PTXAS -arch=sm_90a $W/vecadd90a.ptx -o $W/vecadd90a.cubin
  P --cubin $W/vecadd90a.cubin --kernel vecadd --chip sm_90a --arg memref:f32:1 --arg memref:f32:1 --arg memref:f32:1 -o $W/vecadd90a.tpkg
  $PTXAS -arch=sm_80 $PTX/vecadd.ptx -o $W/vecadd80.cubin
  P --cubin $W/vecadd80.cubin --kernel vecadd --chip sm_80 --arg memref:f32:1 --arg memref:f32:1 --arg memref:f32:1 -o $W/vecadd80.tpkg
fi

V="--arg npy:$W/x.npy --arg npy:$W/y.npy --arg zeros:100000xf32"
expect "vecadd ptx (ragged 100000)" 0 "check .*add.npy ok" -- \
  tile-run $W/vecadd.tpkg --target cuda --grid 'cdiv(N,128)' -D N=100000 $V --check 2=$W/add.npy --out 2=$W/z.npy
expect "vecadd sm_90a cubin" 0 "check .*add.npy ok" -- \
  tile-run $W/vecadd90a.tpkg --target cuda --kernel vecadd --chip sm_90a --grid 782 $V --check 2=$W/add.npy
expect "axpy: f32 and index scalars" 0 "check .*axpy.npy ok" -- \
  tile-run $W/axpy.tpkg --target cuda --grid 8 --arg 0.5 --arg npy:$W/ax.npy --arg npy:$W/ay.npy --arg 1000 --check 2=$W/axpy.npy
expect "scale2d: rank 2, f16 scalar" 0 "check .*scaled.npy ok" -- \
  tile-run $W/scale2d.tpkg --target cuda --grid 1,3 --arg npy:$W/h.npy --arg 1.5 --arg zeros:3x64xf32 --check 2=$W/scaled.npy
expect "scalars: i8 i16 i32 i1 f64 widths" 0 "check .*scalars.npy ok \(exact" -- \
  tile-run $W/scalars.tpkg --target cuda --grid 1 --arg zeros:5xi64 --arg -5 --arg -300 --arg 100000 --arg true --arg 2.5 --check 0=$W/scalars.npy
expect "100000 B dynamic shared memory (opt-in)" 0 "check .*twice.npy ok" -- \
  tile-run $W/bigsmem.tpkg --target cuda --grid 8 --arg npy:$W/x.npy --arg zeros:1000xf32 --check 1=$W/twice.npy --bench --warmup 2 --iters 5
expect "failed check exits 1" 1 "elements differ" -- \
  tile-run $W/vecadd.tpkg --target cuda --grid 1 $V --check 2=$W/add.npy
expect "chip mismatch" 1 "built for sm_100a but the GPU .* is sm_90" -- \
  tile-run $W/wrongchip.tpkg --target cuda --grid 1 $V
expect "sm_80 cubin on sm_90" 1 "a cubin runs only on its major" -- \
  tile-run $W/vecadd80.tpkg --target cuda --grid 1 $V
expect "missing entry" 1 "kernel 'nosuch' not found in the image: cuModuleGetFunction failed: CUDA_ERROR_NOT_FOUND" -- \
  tile-run $W/noentry.tpkg --target cuda --grid 1 $V
expect "bad PTX shows the JIT log" 1 "cuModuleLoadDataEx failed: CUDA_ERROR_INVALID_PTX.*JIT log: .*f9" -- \
  tile-run $W/broken.tpkg --target cuda --grid 1 $V
expect "a kernel that faults" 1 "kernel 'fault' \(grid 2x1x1, block 128\) failed: .*CUDA_ERROR_ILLEGAL_ADDRESS" -- \
  tile-run $W/fault.tpkg --target cuda --grid 2 --arg zeros:8xf32
expect "a GPU that does not exist" 1 "there is no GPU 64: the CUDA driver sees" -- \
  tile-run $W/vecadd.tpkg --target cuda --device 64 --grid 1 $V
expect "grid y over 65535" 1 "grid dimension y is 70000; CUDA allows 1 to 65535" -- \
  tile-run $W/vecadd.tpkg --target cuda --grid 1,70000 $V
if command -v compute-sanitizer >/dev/null; then
  expect "compute-sanitizer memcheck (ragged grid)" 0 "ERROR SUMMARY: 0 errors" -- \
    compute-sanitizer --tool memcheck tile-run $W/vecadd.tpkg --target cuda --grid 'cdiv(100000,128)' $V --check 2=$W/add.npy
fi

# Kernels compiled by tile's own compiler (scripts/gpu-packages.sh), against
# the CPU backend's results on the same generated inputs.
PK=${TILE_GPU_PACKAGES:-$SRC/.gpu-pkgs}
if [ -f "$PK/list.txt" ]; then
  while IFS='|' read -r name grid args out rtol; do
    # shellcheck disable=SC2086
    expect "compiled $name vs cpu" 0 "check .*$name.ref.npy ok" -- \
      tile-run "$PK/$name.tpkg" --target cuda --grid "$grid" $args --check "$out=$PK/$name.ref.npy:$rtol" --bench --warmup 5 --iters 20
  done <"$PK/list.txt"
fi

echo "== bench: vecadd of 2^26 f32 (768 MiB moved per launch)"
expect "vecadd bench 2^26" 0 "bench: median .* GB/s.*check .*big2.npy ok" -- \
  tile-run $W/vecadd.tpkg --target cuda --grid 'cdiv(N,128)' -D N=67108864 --arg ones:67108864xf32 --arg ones:67108864xf32 --arg zeros:67108864xf32 --bench --warmup 10 --iters 100 --check 2=$W/big2.npy
$PY - <<'EOF'
import torch
n = 1 << 26
x = torch.ones(n, device="cuda"); y = torch.ones(n, device="cuda"); z = torch.empty_like(x)
for _ in range(10): torch.add(x, y, out=z)
ts = []
for _ in range(100):
    s = torch.cuda.Event(enable_timing=True); e = torch.cuda.Event(enable_timing=True)
    s.record(); torch.add(x, y, out=z); e.record(); e.synchronize(); ts.append(s.elapsed_time(e) * 1e3)
ts.sort(); med = (ts[49] + ts[50]) / 2
print(f"torch.add 2^26 f32: median {med:.2f} us, {3 * 4 * n / med / 1e3:.1f} GB/s")
EOF

echo
echo "== summary"
printf '%s\n' "${results[@]}"
echo "$fails failed"
[ "$fails" = 0 ]
