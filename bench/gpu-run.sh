#!/bin/bash
# On the GPU machine (no MLIR there), after bench/prepare.sh ran here: builds
# the runtime-only tile-run, checks every package in .gpu-pkgs/list.txt
# against its CPU reference, times the memory-bound kernels at 8192x4096
# next to torch and Triton (bench/peers.py) and the copy bandwidth, in one
# run, and prints a table of medians and ratios. Logs go to $OUT if set.
#   bench/gpu-run.sh [PATTERN]   PATTERN (grep -E): only the matching cases
set -u
PAT=${1:-.}
cd "$(dirname "$0")/.."
D=.gpu-pkgs
OUTDIR=${OUT:-/tmp/tile-bench}
mkdir -p "$OUTDIR"
bench/build-runtime.sh build-gpu "$OUTDIR" || exit 1
TR=build-gpu/tile-run
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader

echo "== correctness: packages vs CPU reference"
OUT=$OUTDIR bench/gpu-check.sh "^[^|]*($PAT)"

# The same small cases under compute-sanitizer (bench/gpu-sanitize.sh; skip
# with TILE_GPU_SANITIZE=0).
[ "${TILE_GPU_SANITIZE:-1}" != 0 ] && bench/gpu-sanitize.sh "$PAT"

echo "== timing: tile"
: > "$OUTDIR/tile.jsonl"
while IFS='|' read -r name grid args; do
  line=$($TR "$D/bench_$name.tpkg" --target cuda --grid "$grid" $args --bench --warmup 10 --iters 100 2>&1 | grep '^bench:')
  echo "$name: $line"
  python3 - "$name" "$line" >> "$OUTDIR/tile.jsonl" <<'PY'
import json, re, sys
name, line = sys.argv[1], sys.argv[2]
m = re.search(r"median ([0-9.]+) us, min ([0-9.]+) us, max ([0-9.]+) us.*?([0-9.]+) GB/s", line)
if m:
    print(json.dumps({"case": name, "impl": "tile", "median_us": float(m.group(1)),
                      "min_us": float(m.group(2)), "max_us": float(m.group(3)),
                      "gbps": float(m.group(4))}))
PY
done < <(grep -E "^[^|]*($PAT)" "$D/bench.txt")

echo "== timing: tile matmuls (mma.sync: chip=sm_80 code; _wgmma: sm_90a)"
: > "$OUTDIR/tile_matmul.jsonl"
while IFS='|' read -r name grid args size; do
  line=$($TR "$D/bench_$name.tpkg" --target cuda --grid "$grid" $args --bench --warmup 10 --iters 50 2>&1 | grep '^bench:')
  echo "$name $size: $line"
  python3 - "$name" "$size" "$line" >> "$OUTDIR/tile_matmul.jsonl" <<'PY'
import json, re, sys
name, size, line = sys.argv[1], int(sys.argv[2]), sys.argv[3]
m = re.search(r"median ([0-9.]+) us, min ([0-9.]+) us, max ([0-9.]+) us", line)
if m:
    med = float(m.group(1))
    print(json.dumps({"case": name, "size": size, "impl": "tile", "median_us": med,
                      "min_us": float(m.group(2)), "max_us": float(m.group(3)),
                      "tflops": 2.0 * size ** 3 / med / 1e6}))
PY
done < <(grep -E "^[^|]*($PAT)" "$D/matmul.txt")

echo "== mma.sync ceiling (bench/mma-peak: registers only, no memory)"
if [ -s "$OUTDIR/tile_matmul.jsonl" ]; then
  # 8 warps x 8 chains x 1024 iterations x 4096 flops per mma.sync.
  build-gpu/tile-package --ptx bench/mma-peak/mma_peak.ptx --kernel mma_peak --chip sm_80 \
    --warps 8 --flops 268435456 --arg memref:f32:1 --arg i32 -o "$OUTDIR/mma_peak.tpkg" &&
    $TR "$OUTDIR/mma_peak.tpkg" --target cuda --grid 1056 --arg zeros:270336xf32 --arg 1024 \
      --bench --warmup 5 --iters 20 2>&1 | grep '^bench:'
fi

echo "== timing: peers (torch, Triton, copy)"
: > "$OUTDIR/peers.jsonl"
if [ -s "$OUTDIR/tile.jsonl" ]; then
  python3 bench/peers.py > "$OUTDIR/peers.jsonl" 2> "$OUTDIR/peers.err" || tail -5 "$OUTDIR/peers.err"
fi

python3 - "$OUTDIR/tile.jsonl" "$OUTDIR/peers.jsonl" <<'PY'
import json, sys
rows = [json.loads(l) for f in sys.argv[1:] for l in open(f) if l.strip()]
by = {(r["case"], r["impl"]): r for r in rows}
print("\n| case | tile us | tile GB/s | torch us | triton us | tile/torch | tile/triton | % of copy BW |")
print("|---|---|---|---|---|---|---|---|")
for r in rows:
    if r["impl"] != "tile":
        continue
    c = r["case"]; dt = c.split("_")[-1]
    t = by.get((c, "torch")); tr = by.get((c, "triton")); cp = by.get(("copy_" + dt, "torch"))
    f = lambda x: "%.1f" % x
    print("| %s | %s | %s | %s | %s | %s | %s | %s |" % (
        c, f(r["median_us"]), f(r["gbps"]),
        f(t["median_us"]) if t else "-", f(tr["median_us"]) if tr else "-",
        "%.2f" % (t["median_us"] / r["median_us"]) if t else "-",
        "%.2f" % (tr["median_us"] / r["median_us"]) if tr else "-",
        "%.0f%%" % (100 * r["gbps"] / cp["gbps"]) if cp else "-"))
for dt in ("f32", "f16"):
    cp = by.get(("copy_" + dt, "torch"))
    if cp:
        print("copy %s: %.1f us, %.0f GB/s (read+write)" % (dt, cp["median_us"], cp["gbps"]))
print("(ratios > 1: tile is faster)")
PY

echo "== timing: matmul peers (cuBLAS via torch.matmul and torch._scaled_mm, Triton)"
: > "$OUTDIR/peers_matmul.jsonl"
if [ -s "$OUTDIR/tile_matmul.jsonl" ]; then
  (cd bench && python3 peers_matmul.py) > "$OUTDIR/peers_matmul.jsonl" 2> "$OUTDIR/peers_matmul.err" || tail -5 "$OUTDIR/peers_matmul.err"
fi
python3 - "$OUTDIR/tile_matmul.jsonl" "$OUTDIR/peers_matmul.jsonl" <<'PY'
import json, sys
rows = [json.loads(l) for f in sys.argv[1:] for l in open(f) if l.strip()]
peers = {(r["case"], r["impl"]): r for r in rows if r["impl"] != "tile"}
print("\n| kernel | size | tile us | tile TFLOP/s | cuBLAS TFLOP/s | Triton TFLOP/s | tile/cuBLAS | tile/Triton |")
print("|---|---|---|---|---|---|---|---|")
for r in rows:
    if r["impl"] != "tile":
        continue
    dt = next(p for p in r["case"].split("_") if p in ("f16", "bf16", "tf32", "f32", "e4m3"))
    key = "matmul_%s_%d" % (dt, r["size"])
    cb, tr = peers.get((key, "cublas")), peers.get((key, "triton"))
    print("| %s | %d | %.1f | %.0f | %s | %s | %s | %s |" % (
        r["case"], r["size"], r["median_us"], r["tflops"],
        "%.0f" % cb["tflops"] if cb else "-", "%.0f" % tr["tflops"] if tr else "-",
        "%.2f" % (r["tflops"] / cb["tflops"]) if cb else "-",
        "%.2f" % (r["tflops"] / tr["tflops"]) if tr else "-"))
print("(ratios > 1: tile is faster)")
PY
