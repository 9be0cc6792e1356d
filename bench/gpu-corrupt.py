#!/usr/bin/env python3
"""On the GPU machine: runs damaged copies of one package and counts how
each ended. Every copy changes 1 to 8 random bytes (fixed seed) of
.gpu-pkgs/vecadd.tpkg. Before package checksums, one in 50 crashed inside
the driver, one hung, and two ran and wrote wrong results silently. Now
each must be refused with a one-line error, before the driver sees it.

  bench/gpu-corrupt.py [COUNT]
"""
import os
import random
import subprocess
import sys
import tempfile

count = int(sys.argv[1]) if len(sys.argv) > 1 else 100
root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
good = open(os.path.join(root, ".gpu-pkgs/vecadd.tpkg"), "rb").read()
tile_run = os.path.join(root, "build-gpu/tile-run")
args = ["--target", "cuda", "--grid", "cdiv(5000,1024)",
        "--arg", "randn:5000xf32:seed=1", "--arg", "randn:5000xf32:seed=2",
        "--arg", "zeros:5000xf32"]
rng = random.Random(20)
outcomes = {"refused": 0, "ran": 0, "crashed": 0, "hung": 0}
messages = {}
with tempfile.TemporaryDirectory() as d:
    for i in range(count):
        data = bytearray(good)
        for _ in range(rng.randint(1, 8)):
            pos = rng.randrange(len(data))
            data[pos] = rng.randrange(256)
        if data == good:
            continue
        path = os.path.join(d, f"c{i}.tpkg")
        open(path, "wb").write(data)
        try:
            r = subprocess.run([tile_run, path] + args, capture_output=True,
                               text=True, timeout=60)
        except subprocess.TimeoutExpired:
            outcomes["hung"] += 1
            continue
        if r.returncode < 0:
            outcomes["crashed"] += 1
        elif r.returncode == 0:
            outcomes["ran"] += 1
        else:
            outcomes["refused"] += 1
            msg = r.stderr.strip().split(": ", 2)[-1][:60]
            messages[msg] = messages.get(msg, 0) + 1
print("damaged packages: " + ", ".join(f"{k} {v}" for k, v in outcomes.items()))
for m, n in sorted(messages.items(), key=lambda kv: -kv[1])[:5]:
    print(f"  {n} x {m}")
sys.exit(0 if outcomes["refused"] == sum(outcomes.values()) else 1)
