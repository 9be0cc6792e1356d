#!/usr/bin/env python3
"""Damages a tile package for tests: patches its bytes and, with --reseal,
recomputes the version-4 checksum (64-bit FNV-1a of everything before the
last 8 bytes) so the change reaches the field's own check.

  package-patch.py IN OUT [--body-cut N] [--append-body BYTES]
                          [--set OFFSET=BYTE ...] [--set-from-end K=BYTE ...]
                          [--reseal]

Offsets count from the start; --set-from-end counts back from the end of
the body (the bytes before the checksum): 1 is its last byte.
"""
import argparse


def fnv1a64(data):
    h = 0xcbf29ce484222325
    for b in data:
        h = ((h ^ b) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return h


p = argparse.ArgumentParser()
p.add_argument("src")
p.add_argument("dst")
p.add_argument("--body-cut", type=int)
p.add_argument("--append-body", default="")
p.add_argument("--set", action="append", default=[])
p.add_argument("--set-from-end", action="append", default=[])
p.add_argument("--reseal", action="store_true")
a = p.parse_args()
data = open(a.src, "rb").read()
body, checksum = bytearray(data[:-8]), data[-8:]
if a.body_cut is not None:
    body = body[:a.body_cut]
body += a.append_body.encode()
for s in a.set:
    off, val = s.split("=")
    body[int(off, 0)] = int(val, 0)
for s in a.set_from_end:
    off, val = s.split("=")
    body[len(body) - int(off, 0)] = int(val, 0)
if a.reseal:
    checksum = fnv1a64(body).to_bytes(8, "little")
open(a.dst, "wb").write(bytes(body) + checksum)
