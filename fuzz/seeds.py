#!/usr/bin/env python3
"""Builds the seed corpora of tile's fuzz harnesses from the repository:

  OUT/mlir/     every .mlir file of examples/ and test/, split at the
                `// -----` lines of --split-input-file tests (one case a
                file); for fuzz_parse_verify, fuzz_cpu_pipeline and
                fuzz_gpu_pipeline
  OUT/package/  packages: examples compiled by tile-opt --emit=package
                (sm_90a and sm_80) and test/tile-run/Inputs/ptx wrapped by
                tile-package; for fuzz_package
  OUT/npy/      .npy files of every dtype and format tile reads, made with
                NumPy; for fuzz_npy

  fuzz/seeds.py OUT [--tools BUILD_DIR]

--tools names the build with tile-opt and tile-package; without them (or
without NumPy) that corpus is left with what fuzz/corpus/ holds.
"""
import argparse
import glob
import hashlib
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MAX_TEXT = 64 * 1024  # fuzz/Harness.h: TILE_FUZZ_MAX_TEXT


def put(directory, data, suffix):
    """Stores `data` under its hash (equal cases are kept once)."""
    name = hashlib.sha1(data).hexdigest()[:16] + suffix
    with open(os.path.join(directory, name), "wb") as f:
        f.write(data)


def mlir_seeds(out):
    files = sorted(glob.glob(os.path.join(ROOT, "examples", "*.mlir")) +
                   glob.glob(os.path.join(ROOT, "test", "**", "*.mlir"),
                             recursive=True))
    count = 0
    for path in files:
        text = open(path, "rb").read()
        cases = [text]
        if b"\n// -----" in text:
            cases, case = [], []
            for line in text.split(b"\n"):
                if line.startswith(b"// -----"):
                    cases.append(b"\n".join(case))
                    case = []
                else:
                    case.append(line)
            cases.append(b"\n".join(case))
        for case in cases:
            if case.strip() and len(case) <= MAX_TEXT:
                put(out, case, ".mlir")
                count += 1
    return count


def package_seeds(out, tools):
    tile_opt = os.path.join(tools, "tile-opt")
    tile_package = os.path.join(tools, "tile-package")
    count = 0
    if os.access(tile_opt, os.X_OK):
        for example, kernel in (("vecadd", "vecadd"), ("softmax", "softmax"),
                                ("matmul", "matmul"), ("rowsum", "rowsum")):
            for chip in ("sm_90a", "sm_80"):
                target = os.path.join(out, "%s-%s.tpkg" % (example, chip))
                cmd = [tile_opt, os.path.join(ROOT, "examples", example + ".mlir"),
                       "--tile-compile=chip=" + chip, "--emit=package", "-o", target]
                if kernel:
                    cmd.append("--kernel=" + kernel)
                if subprocess.run(cmd, capture_output=True).returncode == 0:
                    count += 1
                elif os.path.exists(target):
                    os.remove(target)
    if os.access(tile_package, os.X_OK):
        ptx = os.path.join(ROOT, "test", "tile-run", "Inputs", "ptx")
        for name, args in (
                ("vecadd", ["--chip", "sm_80", "--arg", "memref<?xf32>",
                            "--arg", "memref:f32:1", "--arg", "memref<?xf32>"]),
                ("scalars", ["--chip", "sm_90a", "--warps", "1", "--shared", "100000",
                             "--arg", "memref<2x?x4xi1>", "--arg", "i8", "--arg", "i16",
                             "--arg", "i32", "--arg", "i1", "--arg", "f64",
                             "--arg", "bf16", "--arg", "index"]),
                ("axpy", ["--arg", "f32", "--arg", "memref<?xf32>",
                          "--arg", "memref<?xf32>", "--arg", "index",
                          "--generic-ptx", os.path.join(ptx, "axpy.ptx")])):
            target = os.path.join(out, "ptx-%s.tpkg" % name)
            cmd = [tile_package, "--ptx", os.path.join(ptx, name + ".ptx"),
                   "--kernel", name, "-o", target] + args
            if subprocess.run(cmd, capture_output=True).returncode == 0:
                count += 1
    return count


def fnv1a(data):
    """tilePackageChecksum: 64-bit FNV-1a."""
    h = 0xcbf29ce484222325
    for b in data:
        h = ((h ^ b) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return h


def variant_file(package):
    """A variant file (lib/Runtime/Variants.h) of `package` twice: tuned
    for 1024-element memrefs with grid 8x1x1, and the default."""
    import struct
    body = b"TILEVARS" + struct.pack("<II", 1, 2)
    for key, grid in ((b"f32 1024; f32 1024; f32 1024", (8, 1, 1)),
                      (b"", (0, 0, 0))):
        body += struct.pack("<I", len(key)) + key + struct.pack("<qqq", *grid)
        body += struct.pack("<Q", len(package)) + package
    return body + struct.pack("<Q", fnv1a(body))


def variant_seeds(out):
    source = os.path.join(out, "ptx-vecadd.tpkg")
    if not os.path.exists(source):
        return 0
    with open(os.path.join(out, "variants-vecadd.tvar"), "wb") as f:
        f.write(variant_file(open(source, "rb").read()))
    return 1


def npy_seeds(out):
    try:
        import numpy as np
    except ImportError:
        return 0
    import io
    rng = np.random.default_rng(1)
    arrays = [
        np.array(True), np.array([True, False, True]),
        rng.integers(-100, 100, (3, 4), dtype=np.int8),
        rng.integers(-1000, 1000, (5,), dtype=np.int16),
        rng.integers(-10**6, 10**6, (2, 3, 4), dtype=np.int32),
        rng.integers(-10**12, 10**12, (4, 2), dtype=np.int64),
        rng.integers(0, 256, (16,), dtype=np.uint8),       # u8, or f8 bits
        rng.integers(0, 65536, (2, 8), dtype=np.uint16),   # bf16 bits
        rng.standard_normal((4, 4)).astype(np.float16),
        rng.standard_normal((3, 5)).astype(np.float32),
        rng.standard_normal((7,)).astype(np.float64),
        np.zeros((0, 4), np.float32), np.float32(2.5),
        np.array([np.nan, np.inf, -0.0], np.float32),
    ]
    count = 0
    for i, a in enumerate(arrays):
        for version in ((1, 0), (2, 0)):
            buf = io.BytesIO()
            np.lib.format.write_array(buf, np.ascontiguousarray(a), version=version)
            put(out, buf.getvalue(), ".npy")
            count += 1
    # What the reader refuses: big-endian, Fortran order, other dtypes.
    for a in (np.arange(6, dtype=">f4"), np.asfortranarray(np.ones((2, 3), np.float32)),
              np.ones(3, np.complex64), np.ones(2, np.uint32)):
        buf = io.BytesIO()
        np.lib.format.write_array(buf, a, version=(1, 0))
        put(out, buf.getvalue(), ".npy")
        count += 1
    return count


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--tools")
    a = ap.parse_args()
    dirs = {k: os.path.join(a.out, k) for k in ("mlir", "package", "npy")}
    for d in dirs.values():
        os.makedirs(d, exist_ok=True)
    n_mlir = mlir_seeds(dirs["mlir"])
    n_pkg = package_seeds(dirs["package"], a.tools) if a.tools else 0
    n_pkg += variant_seeds(dirs["package"])
    n_npy = npy_seeds(dirs["npy"])
    print("fuzz seeds: %d .mlir cases, %d packages, %d .npy files in %s"
          % (n_mlir, n_pkg, n_npy, a.out))


if __name__ == "__main__":
    sys.exit(main())
