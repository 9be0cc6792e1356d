#!/bin/bash
# On the GPU machine, after bench/prepare.sh ran here: flash attention
# (examples/flash_attention.mlir) in one run: checks its packages against
# NumPy (O and the log-sum-exp, ragged lengths), runs them under
# compute-sanitizer (TILE_GPU_SANITIZE=0 skips it), times tile at 16 heads
# x 8192 tokens and 1 x 16384 (d = 64, 128; full, causal; f16) next to
# torch SDPA and the same algorithm in Triton (bench/peers_attention.py),
# and prints a table of TFLOP/s and ratios. Logs go to $OUT if set.
#   bench/gpu-attention.sh
set -u
cd "$(dirname "$0")/.."
D=${PKGS:-.gpu-pkgs}
OUTDIR=${OUT:-/tmp/tile-bench}
mkdir -p "$OUTDIR"
if [ ! -x build-gpu/tile-run ]; then
  bench/build-runtime.sh build-gpu "$OUTDIR" || exit 1
fi
TR=build-gpu/tile-run
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader

echo "== correctness: flash attention vs NumPy"
OUT=$OUTDIR bench/gpu-check.sh "^bench_(flash|attention_plain)"
[ "${TILE_GPU_SANITIZE:-1}" != 0 ] && bench/gpu-sanitize.sh "(flash.*|attention_plain.*_default_.*)_o3"

echo "== timing: tile"
: > "$OUTDIR/tile_attention.jsonl"
while IFS='|' read -r kernel grid args case flops; do
  line=$($TR "$D/bench_$kernel.tpkg" --target cuda --grid "$grid" $args --bench --warmup 10 --iters 50 2>&1 | grep '^bench:')
  echo "$case ($kernel): $line"
  python3 - "$case" "$flops" "$line" >> "$OUTDIR/tile_attention.jsonl" <<'PY'
import json, re, sys
case, flops, line = sys.argv[1], float(sys.argv[2]), sys.argv[3]
m = re.search(r"median ([0-9.]+) us, min ([0-9.]+) us, max ([0-9.]+) us", line)
if m:
    med = float(m.group(1))
    print(json.dumps({"case": case, "impl": "tile", "median_us": med, "min_us": float(m.group(2)),
                      "max_us": float(m.group(3)), "tflops": flops / med / 1e6}))
PY
done < "$D/attention.txt"

echo "== timing: peers (torch SDPA, Triton)"
(cd bench && python3 peers_attention.py) > "$OUTDIR/peers_attention.jsonl" 2> "$OUTDIR/peers_attention.err" || tail -5 "$OUTDIR/peers_attention.err"
python3 - "$OUTDIR/tile_attention.jsonl" "$OUTDIR/peers_attention.jsonl" <<'PY'
import json, sys
rows = [json.loads(l) for f in sys.argv[1:] for l in open(f) if l.strip()]
for r in rows:
    if "error" in r:
        print("%s %s: %s" % (r["case"], r["impl"], r["error"]))
by = {(r["case"], r["impl"]): r for r in rows if "tflops" in r}
print("\n| case | tile us | tile TFLOP/s | SDPA | Triton (same algorithm) | Triton (autotuned) | tile/SDPA | tile/Triton | tile/Triton tuned |")
print("|---|---|---|---|---|---|---|---|---|")
for r in rows:
    if r["impl"] != "tile":
        continue
    c = r["case"]
    # A variant (case+nows) is compared with the peers of its case.
    # The plain kernel's same algorithm in Triton is triton_plain.
    same = "triton_plain" if "+plain" in c else "triton"
    p = [by.get((c.split("+")[0], i)) for i in ("sdpa", same, "triton_tuned")]
    f = lambda x: "%.0f" % x["tflops"] if x else "-"
    g = lambda x: "%.2f" % (r["tflops"] / x["tflops"]) if x else "-"
    print("| %s | %.0f | %.0f | %s | %s | %s | %s | %s | %s |" % (
        c, r["median_us"], r["tflops"], f(p[0]), f(p[1]), f(p[2]), g(p[0]), g(p[1]), g(p[2])))
print("(TFLOP/s: 4 B H L^2 d, halved for causal; ratios > 1: tile is faster)")
PY
