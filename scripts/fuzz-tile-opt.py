#!/usr/bin/env python3
"""Mutation fuzzing of tile-opt: mutates the shipped .mlir files (deletions,
tile-ish tokens, odd numbers) and runs tile-opt on each mutant in four
modes (plain, with a pipeline, --verify-diagnostics, the GPU lowering). Any exit other than
0/1, or any sanitizer/LLVM report, is a crash: the input is kept.

  scripts/fuzz-tile-opt.py [--tile-opt build-asan/tile-opt] [--seed N] [--iters N] [--out DIR]

Use an ASan+UBSan build (TILE_ENABLE_SANITIZERS=ON) to catch memory errors.
"""
import argparse, random, subprocess, glob, sys, os
root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ap = argparse.ArgumentParser()
ap.add_argument("--tile-opt", default=os.path.join(root, "build-asan", "tile-opt"))
ap.add_argument("--seed", type=int, default=1)
ap.add_argument("--iters", type=int, default=300)
ap.add_argument("--out", default="/tmp/tile-fuzz")
args_ = ap.parse_args()
os.makedirs(args_.out, exist_ok=True)
random.seed(args_.seed)
files = glob.glob(os.path.join(root, 'test', '**', '*.mlir'), recursive=True) + glob.glob(os.path.join(root, 'examples', '*.mlir'))
seeds = [open(f,'rb').read() for f in files]
toks = [b'tensor<', b'xf32>', b'index', b'memref<?x', b'"tile.dot"', b'"tile.reduce"', b'{axis = 7 : i32}', b'array<i32: 1>', b'0x7FC00000', b'(', b')', b'%0', b'i1', b'?', b'-1', b'x0x', b'tensor<*xf32>', b'{kind = 1 : i32}', b'f8E4M3FN', b'strided<[?, 1]>', b'"tile.trans"', b'{permutation = array<i64: 1, 0>}',
        b'tile.layout = "mma"', b'warps_per_cta = array<i32: 3, 5>', b'instr_shape = array<i32: 16, 8>',
        b'tile.num_stages = 9 : i32', b'tile.num_stages = 2 : i32', b'{tile.async_copy}',
        b'{tile.smem_a = {row_elems = 0 : i64}}', b'parent = "mma"', b'{precision = "ieee"}',
        b'xbf16>', b'xi8>', b'tensor<16x16xf16>']
crashes = 0
for it in range(args_.iters):
    s = bytearray(random.choice(seeds))
    for _ in range(random.randint(1, 6)):
        r = random.random(); pos = random.randrange(len(s)+1)
        if r < 0.3 and len(s) > 10:
            end = min(len(s), pos + random.randint(1, 40)); del s[pos:end]
        elif r < 0.7:
            s[pos:pos] = random.choice(toks)
        else:
            # replace a number
            s[pos:pos+1] = str(random.choice([0,1,2,3,16,64,100,-1,2**40])).encode()
    path = os.path.join(args_.out, 'case.mlir')
    open(path,'wb').write(s)
    for args in (['--split-input-file'], ['--split-input-file', '--pass-pipeline=builtin.module(func.func(tile-canonicalize),canonicalize,cse)'], ['--split-input-file', '--verify-diagnostics'], ['--split-input-file', '--tile-compile', '--emit=mlir']):
        p = subprocess.run([args_.tile_opt, path] + args, capture_output=True)
        err = p.stderr.decode('utf-8', 'replace')
        if p.returncode not in (0, 1) or 'Sanitizer' in err or 'runtime error' in err or 'LLVM ERROR' in err or 'Assertion' in err:
            crashes += 1
            out = os.path.join(args_.out, 'crash%d.mlir' % crashes)
            open(out, 'wb').write(s)
            print('CRASH rc=%d %s %s\n%s' % (p.returncode, args, out, err[-1500:]))
            break
print('done, crashes:', crashes)
sys.exit(1 if crashes else 0)
