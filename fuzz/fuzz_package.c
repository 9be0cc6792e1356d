/* libFuzzer harness: the package reader (lib/Runtime/Package.h), which
 * tile-run and the runtime use on .tpkg files: a damaged package must be an
 * error message, never a crash. Since version 4 a package ends with a
 * checksum, so nearly every mutation stops at its check; each input is
 * therefore also read with the checksum recomputed (resealed), which takes
 * the mutation to the fields' own checks. What reads is written back and
 * must read back the same. Variant files (lib/Runtime/Variants.h: packages
 * in a checksummed container) go through the same reader, so each input
 * is also read as one, resealed the same way. Seeds: packages made by
 * tile-opt --emit=package and tile-package, and a variant file of two
 * (fuzz/seeds.py). */
#include <stdlib.h>
#include <string.h>

#include "lib/Runtime/Package.h"
#include "lib/Runtime/Variants.h"

static void roundTrip(const TilePackage *p) {
  void *buf;
  size_t size;
  char err[512];
  if (tilePackageWriteMemory(p, &buf, &size, err, sizeof err))
    __builtin_trap(); /* what was read must be writable */
  TilePackage q;
  if (tilePackageReadMemory("again.tpkg", buf, size, &q, err, sizeof err) ||
      strcmp(q.kernelName, p->kernelName) != 0 ||
      strcmp(q.chip, p->chip) != 0 || q.imageKind != p->imageKind ||
      q.numWarps != p->numWarps || q.numArgs != p->numArgs ||
      q.imageSize != p->imageSize ||
      memcmp(q.image, p->image, p->imageSize) != 0 ||
      q.genericPtxSize != p->genericPtxSize ||
      q.numTensorMaps != p->numTensorMaps)
    __builtin_trap();
  tilePackageFree(&q);
  free(buf);
}

static void readPackage(const uint8_t *data, size_t size) {
  TilePackage p;
  char err[512];
  if (tilePackageReadMemory("fuzz.tpkg", data, size, &p, err, sizeof err))
    return;
  roundTrip(&p);
  tilePackageFree(&p);
}

static void readVariants(const uint8_t *data, size_t size) {
  TileRuntimeVariants *v;
  TileStatus st;
  if (tileRuntimeVariantsLoadMemory(data, size, "fuzz.tvar", &v, &st))
    return;
  int64_t grid[3];
  for (int i = 0; i < tileRuntimeVariantsCount(v); ++i) {
    tileRuntimeVariantsGrid(v, i, grid);
    if (!tileRuntimeVariantsPackage(v, i) || !tileRuntimeVariantsKey(v, i))
      __builtin_trap();
  }
  tileRuntimeVariantsDestroy(v);
}

/* Reads a copy of data with its last 8 bytes set to the checksum of the
 * rest, as both formats end. */
static void readResealed(const uint8_t *data, size_t size,
                         void (*read)(const uint8_t *, size_t)) {
  uint8_t *sealed = malloc(size);
  memcpy(sealed, data, size);
  uint64_t sum = tilePackageChecksum(sealed, size - 8);
  for (int i = 0; i < 8; ++i)
    sealed[size - 8 + i] = (uint8_t)(sum >> (8 * i));
  read(sealed, size);
  free(sealed);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  readPackage(data, size);
  readVariants(data, size);
  /* "TILEVARS", a version, a count, the 8-byte checksum. */
  if (size >= 24 && memcmp(data, TILE_VARIANTS_MAGIC, 8) == 0)
    readResealed(data, size, readVariants);
  /* "TILEPKG\0", a u32 version >= 4, a body, the 8-byte checksum. */
  if (size >= 20 && memcmp(data, "TILEPKG", 8) == 0 && data[8] >= 4)
    readResealed(data, size, readPackage);
  return 0;
}
