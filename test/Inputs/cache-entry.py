#!/usr/bin/env python3
"""Damages the compile cache's entries for tests (lib/Support/DiskCache.c
has the layout: magic 8, format 4, version length 4, key 32, payload
length 8, payload SHA-256 32, version, payload).

  cache-entry.py DIR --truncate N      keep the first N bytes
  cache-entry.py DIR --flip OFFSET     invert one byte (negative: from the end)
  cache-entry.py DIR --version TEXT    another writer's version string
                                       (lengths fixed up, payload intact)
  cache-entry.py DIR --format N        another format version
  cache-entry.py DIR --payload-flip N  invert payload byte N and store the
                                       payload's new checksum (a writer's
                                       bug, not damage)
  cache-entry.py DIR --count           print the number of entries

DIR must hold exactly one entry (*.tce) for the damaging commands.
"""
import glob
import hashlib
import os
import struct
import sys


def entries(folder):
    return sorted(glob.glob(os.path.join(folder, "*.tce")))


def main():
    folder, command = sys.argv[1], sys.argv[2]
    found = entries(folder)
    if command == "--count":
        print(len(found))
        return
    if len(found) != 1:
        sys.exit("cache-entry.py: %s holds %d entries, not 1" % (folder, len(found)))
    path = found[0]
    data = bytearray(open(path, "rb").read())
    arg = sys.argv[3]
    if command == "--truncate":
        data = data[:int(arg)]
    elif command == "--flip":
        data[int(arg)] ^= 0xFF
    elif command == "--format":
        data[8:12] = struct.pack("<I", int(arg))
    elif command == "--version":
        (old,) = struct.unpack("<I", data[12:16])
        new = arg.encode()
        data = data[:12] + struct.pack("<I", len(new)) + data[16:88] + new + data[88 + old:]
    elif command == "--payload-flip":
        (version,) = struct.unpack("<I", data[12:16])
        start = 88 + version
        data[start + int(arg)] ^= 0xFF
        data[56:88] = hashlib.sha256(bytes(data[start:])).digest()
    else:
        sys.exit("cache-entry.py: unknown command " + command)
    open(path, "wb").write(bytes(data))


main()
