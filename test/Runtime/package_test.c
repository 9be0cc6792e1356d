/* Checks the package format (lib/Runtime/Package.h): a round trip through
 * memory and a file, then corruptions of a known package (truncation at
 * every length, trailing bytes, bad magic, future version, each field out
 * of range, bad images, a bad generic entry, tensor maps that do not
 * match the arguments, damaged cubins, random byte flips, which the
 * checksum catches), each a one-line error naming the problem, never a
 * crash; field changes are resealed with a new checksum to reach the
 * field's own check. Producer warps (version 5) round trip and are
 * refused beside too many warps. Versions 1 to 4 (no generic entry, no
 * tensor maps, no checksum, no producer warps) are still read, with no
 * producer warps. Also the launch-side argument checks
 * and the missing-driver message, which need no GPU. Exits 1 on any failed
 * check.
 *
 * RUN: ./tile-package-test %t.tpkg 2>&1 | FileCheck %s
 * CHECK-NOT: FAIL
 * CHECK: all {{[0-9]+}} package checks passed
 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/Runtime/Cuda.h"
#include "lib/Runtime/Launch.h"
#include "lib/Runtime/Package.h"
#include "test/Runtime/TestCheck.h"

static char err[1024];

static void expectError(int rc, const char *want, int line) {
  ++checks;
  if (rc == 0 || !strstr(err, want) || strchr(err, '\n')) {
    ++failures;
    printf("FAIL line %d: expected a one-line error containing \"%s\", got rc=%d \"%s\"\n",
           line, want, rc, rc ? err : "");
  }
}
#define EXPECT_ERROR(call, want) (err[0] = '\0', expectError((call), (want), __LINE__))

static const char kPtx[] = ".version 8.0\n.target sm_80\n.address_size 64\n";
static const char kGenericPtx[] =
    ".version 8.0\n.target sm_80\n.address_size 64\n"
    ".visible .entry vecadd(\n.param .u64 vecadd_param_0\n)\n{\n\tret;\n}\n";

/* kernelName "vecadd", chip "sm_90a": the byte offsets below follow. */
enum {
  OFF_VERSION = 8,
  OFF_NAME_LEN = 12,
  OFF_NAME = 16,
  OFF_CHIP_LEN = 22,
  OFF_CHIP = 26,
  OFF_KIND = 32,
  OFF_WARPS = 36,
  OFF_SHARED = 40,
  OFF_FLOPS = 44,
  OFF_NUM_ARGS = 48,
  OFF_ARGS = 52,
  ARG_BYTES = 28,
};

static void makePackage(TilePackage *p) {
  memset(p, 0, sizeof *p);
  strcpy(p->kernelName, "vecadd");
  strcpy(p->chip, "sm_90a");
  p->imageKind = TILE_IMAGE_PTX;
  p->numWarps = 4;
  p->sharedBytes = 65536;
  p->flopsPerProgram = 128;
  p->indexBits = 32;
  p->numArgs = 3;
  p->args[0] = (TilePackageArg){1, 0, TILE_DTYPE_F32, 2, {-1, 64, 0}};
  p->args[1] = (TilePackageArg){0, 0, TILE_DTYPE_F16, 0, {0, 0, 0}};
  p->args[2] = (TilePackageArg){0, 1, TILE_DTYPE_I64, 0, {0, 0, 0}};
  p->imageSize = sizeof kPtx;
  p->image = malloc(sizeof kPtx);
  memcpy(p->image, kPtx, sizeof kPtx);
}

static int samePackage(const TilePackage *a, const TilePackage *b) {
  if (strcmp(a->kernelName, b->kernelName) || strcmp(a->chip, b->chip) ||
      a->imageKind != b->imageKind || a->numWarps != b->numWarps ||
      a->producerWarps != b->producerWarps ||
      a->indexBits != b->indexBits || a->persistent != b->persistent ||
      a->ctaPairs != b->ctaPairs ||
      a->sharedBytes != b->sharedBytes ||
      a->flopsPerProgram != b->flopsPerProgram || a->numArgs != b->numArgs ||
      a->imageSize != b->imageSize ||
      memcmp(a->image, b->image, a->imageSize) != 0 ||
      a->genericPtxSize != b->genericPtxSize || !a->genericPtx != !b->genericPtx ||
      (a->genericPtx && memcmp(a->genericPtx, b->genericPtx, a->genericPtxSize)) ||
      a->numTensorMaps != b->numTensorMaps ||
      memcmp(a->tensorMaps, b->tensorMaps,
             (size_t)a->numTensorMaps * sizeof a->tensorMaps[0]) != 0)
    return 0;
  for (int i = 0; i < a->numArgs; ++i)
    if (memcmp(&a->args[i], &b->args[i], sizeof a->args[i]) != 0)
      return 0;
  return 1;
}

static void put32(unsigned char *buf, size_t off, uint32_t v) {
  for (int i = 0; i < 4; ++i)
    buf[off + (size_t)i] = (unsigned char)(v >> (8 * i));
}

/* The little-endian u32 at buf + off. */
static uint32_t get32(const unsigned char *buf, size_t off) {
  uint32_t v = 0;
  for (int i = 3; i >= 0; --i)
    v = v << 8 | buf[off + (size_t)i];
  return v;
}

/* Recomputes a version-4 or -5 package's checksum (its last 8 bytes), so that a
 * change to a field reaches the field's own check. */
static void reseal(unsigned char *buf, size_t size) {
  uint64_t c = tilePackageChecksum(buf, size - 8);
  for (int i = 0; i < 8; ++i)
    buf[size - 8 + (size_t)i] = (unsigned char)(c >> (8 * i));
}

/* Reads a copy of `good` with one u32 replaced; expects `want`. */
static void expectFieldError(const unsigned char *good, size_t size,
                             size_t off, uint32_t v, const char *want,
                             int line) {
  unsigned char *buf = malloc(size);
  memcpy(buf, good, size);
  put32(buf, off, v);
  reseal(buf, size);
  TilePackage p;
  err[0] = '\0';
  expectError(tilePackageReadMemory("k.tpkg", buf, size, &p, err, sizeof err),
              want, line);
  free(buf);
}
#define EXPECT_FIELD(off, v, want) expectFieldError(good, size, (off), (v), (want), __LINE__)

static void expectByteError(const unsigned char *good, size_t size,
                            size_t off, unsigned char v, const char *want,
                            int line) {
  unsigned char *buf = malloc(size);
  memcpy(buf, good, size);
  buf[off] = v;
  reseal(buf, size);
  TilePackage p;
  err[0] = '\0';
  expectError(tilePackageReadMemory("k.tpkg", buf, size, &p, err, sizeof err),
              want, line);
  free(buf);
}
#define EXPECT_BYTE(off, v, want) expectByteError(good, size, (off), (v), (want), __LINE__)

static void testRoundTrip(const char *path) {
  TilePackage p, q;
  makePackage(&p);
  void *buf;
  size_t size;
  CHECK(tilePackageWriteMemory(&p, &buf, &size, err, sizeof err) == 0, "%s", err);
  CHECK(size == OFF_ARGS + 3 * ARG_BYTES + 8 + sizeof kPtx + 8 + 4 + 4 + 4 + 4 + 4 + 8, "size %zu", size);
  CHECK(tilePackageReadMemory("mem", buf, size, &q, err, sizeof err) == 0, "%s", err);
  CHECK(samePackage(&p, &q), "memory round trip differs");
  tilePackageFree(&q);
  free(buf);

  CHECK(tilePackageWrite(path, &p, err, sizeof err) == 0, "%s", err);
  CHECK(tilePackageFileIsPackage(path), "written file is a package");
  CHECK(tilePackageRead(path, &q, err, sizeof err) == 0, "%s", err);
  CHECK(samePackage(&p, &q), "file round trip differs");
  tilePackageFree(&q);
  tilePackageFree(&q); /* safe twice */

  /* A cubin image: a 64-bit CUDA ELF file whose headers and sections lie
   * inside it (here: the ELF header and one null section header). */
  tilePackageFree(&p);
  makePackage(&p);
  unsigned char elf[128] = {0x7f, 'E', 'L', 'F', 2, 1, 1};
  elf[18] = 190;            /* e_machine: EM_CUDA */
  elf[0x28] = 64;           /* e_shoff */
  elf[0x3A] = 64;           /* e_shentsize */
  elf[0x3C] = 1;            /* e_shnum */
  free(p.image);
  p.image = malloc(sizeof elf);
  memcpy(p.image, elf, sizeof elf);
  p.imageSize = sizeof elf;
  p.imageKind = TILE_IMAGE_CUBIN;
  p.numArgs = 0;
  CHECK(tilePackageWriteMemory(&p, &buf, &size, err, sizeof err) == 0, "%s", err);
  CHECK(tilePackageReadMemory("mem", buf, size, &q, err, sizeof err) == 0, "%s", err);
  CHECK(samePackage(&p, &q), "cubin round trip differs");
  tilePackageFree(&q);
  free(buf);
  unsigned char *img = p.image;
  img[18] = 62; /* an x86-64 ELF file */
  EXPECT_ERROR(tilePackageWriteMemory(&p, &buf, &size, err, sizeof err),
               "damaged package: the cubin is not a 64-bit little-endian CUDA ELF file");
  img[18] = 190;
  img[0x28] = 100; /* the section headers run past the end */
  EXPECT_ERROR(tilePackageWriteMemory(&p, &buf, &size, err, sizeof err),
               "damaged package: the cubin's ELF headers point outside its 128 bytes");
  img[0x28] = 64;
  img[64 + 4] = 1;        /* section 0: PROGBITS ... */
  img[64 + 0x18 + 1] = 1; /* ... at offset 256 */
  img[64 + 0x20] = 16;
  EXPECT_ERROR(tilePackageWriteMemory(&p, &buf, &size, err, sizeof err),
               "damaged package: the cubin's section 0 lies outside its 128 bytes");
  tilePackageFree(&p);

  /* f8 memrefs and scalars: their dtype codes come after the first
   * version's, and read back as written. */
  makePackage(&p);
  p.args[0].dtype = TILE_DTYPE_F8E4M3;
  p.args[1].dtype = TILE_DTYPE_F8E5M2;
  CHECK(tilePackageWriteMemory(&p, &buf, &size, err, sizeof err) == 0, "%s",
        err);
  CHECK(((unsigned char *)buf)[OFF_ARGS + 2] == 10 &&
            ((unsigned char *)buf)[OFF_ARGS + ARG_BYTES + 2] == 11,
        "f8 dtype codes 10 and 11");
  CHECK(tilePackageReadMemory("mem", buf, size, &q, err, sizeof err) == 0, "%s",
        err);
  CHECK(samePackage(&p, &q), "f8 round trip differs");
  tilePackageFree(&q);
  free(buf);
  tilePackageFree(&p);

  /* The generic entry as PTX of its own beside a cubin. */
  makePackage(&p);
  p.genericPtx = strdup(kGenericPtx);
  p.genericPtxSize = sizeof kGenericPtx;
  CHECK(tilePackageWriteMemory(&p, &buf, &size, err, sizeof err) == 0, "%s", err);
  CHECK(tilePackageReadMemory("mem", buf, size, &q, err, sizeof err) == 0, "%s", err);
  CHECK(samePackage(&p, &q) && q.genericPtx, "generic PTX round trip differs");
  tilePackageFree(&q);
  free(buf);
  tilePackageFree(&p);

  /* A producer warpgroup beside the warps (version 5), the persistent
   * flag (version 6), the index width (version 7) and the CTA-pairs flag
   * (version 8): their u32s come right before the checksum and read back
   * as written. */
  makePackage(&p);
  p.producerWarps = 4;
  p.persistent = 1;
  p.indexBits = 64;
  p.ctaPairs = 1;
  CHECK(tilePackageWriteMemory(&p, &buf, &size, err, sizeof err) == 0, "%s", err);
  CHECK(get32(buf, size - 24) == 4, "producerWarps field holds %u",
        get32(buf, size - 24));
  CHECK(get32(buf, size - 20) == 1, "persistent field holds %u",
        get32(buf, size - 20));
  CHECK(get32(buf, size - 16) == 64, "indexBits field holds %u",
        get32(buf, size - 16));
  CHECK(get32(buf, size - 12) == 1, "ctaPairs field holds %u",
        get32(buf, size - 12));
  CHECK(tilePackageReadMemory("mem", buf, size, &q, err, sizeof err) == 0, "%s", err);
  CHECK(samePackage(&p, &q) && q.producerWarps == 4 && q.persistent == 1 &&
            q.indexBits == 64 && q.ctaPairs == 1 && q.version == 9,
        "producer warps / persistent / index bits / cta pairs round trip "
        "differs: %d %d %d %d",
        q.producerWarps, q.persistent, q.indexBits, q.ctaPairs);
  tilePackageFree(&q);
  /* Only 0 and 1 are CTA-pairs flags. */
  put32(buf, size - 12, 2);
  reseal(buf, size);
  EXPECT_ERROR(tilePackageReadMemory("pairs.tpkg", buf, size, &q, err, sizeof err),
               "pairs.tpkg: at offset");
  put32(buf, size - 12, 1);
  /* Only 32 and 64 are index widths. */
  put32(buf, size - 16, 65);
  reseal(buf, size);
  EXPECT_ERROR(tilePackageReadMemory("bits.tpkg", buf, size, &q, err, sizeof err),
               "bits.tpkg: at offset");
  put32(buf, size - 16, 33);
  reseal(buf, size);
  EXPECT_ERROR(tilePackageReadMemory("bits.tpkg", buf, size, &q, err, sizeof err),
               "bits.tpkg: index width 33 (expected 32 or 64)");
  free(buf);
  tilePackageFree(&p);

  /* Tensor maps for the aligned entry (version 3): a swizzled box, and a
   * plain one (a row of 64 elements, no swizzle). */
  makePackage(&p);
  p.numTensorMaps = 2;
  p.tensorMaps[0] = (TilePackageTensorMap){0, 128, 32, 128};
  p.tensorMaps[1] = (TilePackageTensorMap){0, 1, 64, 0};
  CHECK(tilePackageWriteMemory(&p, &buf, &size, err, sizeof err) == 0, "%s", err);
  CHECK(size == OFF_ARGS + 3 * ARG_BYTES + 8 + sizeof kPtx + 8 + 4 + 2 * 16 + 4 + 4 + 4 + 4 + 8,
        "size %zu", size);
  CHECK(tilePackageReadMemory("mem", buf, size, &q, err, sizeof err) == 0, "%s", err);
  CHECK(samePackage(&p, &q) && q.numTensorMaps == 2, "tensor maps round trip differs");
  tilePackageFree(&q);
  /* A package whose tensor map names a scalar argument is refused (the
   * last map's argument: before its three other fields, producerWarps,
   * the persistent flag, the index width, the CTA-pairs flag and the
   * checksum). */
  put32(buf, size - 40, 2);
  reseal(buf, size);
  EXPECT_ERROR(tilePackageReadMemory("maps.tpkg", buf, size, &q, err, sizeof err),
               "maps.tpkg: tensor map #1 names argument #2, which is not a memref of rank 2");
  free(buf);
  tilePackageFree(&p);

  CHECK(!tilePackageFileIsPackage("/nonexistent/k.tpkg"), "missing file");
  CHECK(!tilePackageFileIsPackage(__FILE__), "a C file is no package");
  EXPECT_ERROR(tilePackageRead("/nonexistent/k.tpkg", &q, err, sizeof err),
               "cannot open package '/nonexistent/k.tpkg'");
}

static void testWriterValidates(void) {
  TilePackage p;
  void *buf;
  size_t size;
  makePackage(&p);
  p.numWarps = 3;
  EXPECT_ERROR(tilePackageWriteMemory(&p, &buf, &size, err, sizeof err),
               "3 warps (expected a power of two from 1 to 32)");
  p.numWarps = 4;
  strcpy(p.chip, "sm_90x");
  EXPECT_ERROR(tilePackageWriteMemory(&p, &buf, &size, err, sizeof err),
               "package: bad chip 'sm_90x'");
  strcpy(p.chip, "sm_100a");
  CHECK(tilePackageWriteMemory(&p, &buf, &size, err, sizeof err) == 0, "%s", err);
  free(buf);
  strcpy(p.chip, "sm_90a");
  ((char *)p.image)[p.imageSize - 1] = '\n';
  EXPECT_ERROR(tilePackageWriteMemory(&p, &buf, &size, err, sizeof err),
               "the PTX image is not NUL-terminated");
  tilePackageFree(&p);

  makePackage(&p);
  p.genericPtx = strdup(kGenericPtx);
  p.genericPtxSize = sizeof kGenericPtx - 1;
  EXPECT_ERROR(tilePackageWriteMemory(&p, &buf, &size, err, sizeof err),
               "the generic entry's PTX is not one NUL-terminated text");
  p.genericPtxSize = sizeof kGenericPtx;
  p.genericPtx[20] = '\0';
  EXPECT_ERROR(tilePackageWriteMemory(&p, &buf, &size, err, sizeof err),
               "the generic entry's PTX is not one NUL-terminated text");
  free(p.genericPtx);
  p.genericPtx = strdup(kPtx);
  p.genericPtxSize = sizeof kPtx;
  EXPECT_ERROR(tilePackageWriteMemory(&p, &buf, &size, err, sizeof err),
               "the generic entry's PTX does not define .entry vecadd");
  tilePackageFree(&p);

  /* A tensor map must describe a rank-2 memref argument as the launcher
   * can encode it. */
  makePackage(&p);
  p.numTensorMaps = 1;
  p.tensorMaps[0] = (TilePackageTensorMap){1, 64, 32, 128};
  EXPECT_ERROR(tilePackageWriteMemory(&p, &buf, &size, err, sizeof err),
               "tensor map #0 names argument #1, which is not a memref of rank 2");
  p.tensorMaps[0] = (TilePackageTensorMap){3, 64, 32, 128};
  EXPECT_ERROR(tilePackageWriteMemory(&p, &buf, &size, err, sizeof err),
               "tensor map #0 names argument #3");
  p.tensorMaps[0] = (TilePackageTensorMap){0, 64, 32, 96};
  EXPECT_ERROR(tilePackageWriteMemory(&p, &buf, &size, err, sizeof err),
               "tensor map #0: swizzle of 96 bytes (expected 0, 32, 64 or 128)");
  p.tensorMaps[0] = (TilePackageTensorMap){0, 64, 64, 128};
  EXPECT_ERROR(tilePackageWriteMemory(&p, &buf, &size, err, sizeof err),
               "tensor map #0: a box of 64x64 elements of 4 bytes");
  /* Without a swizzle (a plain box) a row is whole 16-byte units. */
  p.tensorMaps[0] = (TilePackageTensorMap){0, 1, 3, 0};
  EXPECT_ERROR(tilePackageWriteMemory(&p, &buf, &size, err, sizeof err),
               "tensor map #0: a box of 1x3 elements of 4 bytes");
  p.tensorMaps[0] = (TilePackageTensorMap){0, 512, 32, 128};
  EXPECT_ERROR(tilePackageWriteMemory(&p, &buf, &size, err, sizeof err),
               "a box of 512x32");
  p.numTensorMaps = 9;
  EXPECT_ERROR(tilePackageWriteMemory(&p, &buf, &size, err, sizeof err),
               "9 tensor maps (expected 0 to 8)");
  tilePackageFree(&p);

  /* Producer warps: none, or one warpgroup of 4 beside at most 28 more. */
  makePackage(&p);
  p.producerWarps = 3;
  EXPECT_ERROR(tilePackageWriteMemory(&p, &buf, &size, err, sizeof err),
               "package: 3 producer warps beside 4 (expected 0, or 4 with at most 28 others)");
  p.producerWarps = 4;
  p.numWarps = 32;
  EXPECT_ERROR(tilePackageWriteMemory(&p, &buf, &size, err, sizeof err),
               "package: 4 producer warps beside 32 (expected 0, or 4 with at most 28 others)");
  p.numWarps = 16;
  CHECK(tilePackageWriteMemory(&p, &buf, &size, err, sizeof err) == 0, "%s", err);
  free(buf);
  tilePackageFree(&p);
}

/* Version 1 had no generic entry: the image was the last field; version 2
 * had no tensor maps: the generic entry was; version 3 had no checksum;
 * version 4 had no producer warps, which read as none; version 5 had no
 * persistent flag, which reads as 0; version 6 had no index width, which
 * reads as 32; version 7 had no CTA-pairs flag, which reads as 0;
 * version 8 had no stream-K (persistent 2). Each is a version-9 package,
 * written with a producer warpgroup, persistent, 64-bit indexing and CTA
 * pairs, cut back to its fields. */
static void testOldVersions(void) {
  TilePackage p, q;
  makePackage(&p);
  p.producerWarps = 4;
  p.persistent = 2;
  p.indexBits = 64;
  p.ctaPairs = 1;
  unsigned char *buf;
  size_t size;
  CHECK(tilePackageWriteMemory(&p, (void **)&buf, &size, err, sizeof err) == 0, "%s", err);
  CHECK(tilePackageReadMemory("v9", buf, size, &q, err, sizeof err) == 0, "%s", err);
  CHECK(samePackage(&p, &q) && q.persistent == 2, "stream-K round trip differs (persistent %d)", q.persistent);
  tilePackageFree(&q);

  /* Version 8 has the same fields, its persistent flag 0 or 1. */
  put32(buf, OFF_VERSION, 8);
  reseal(buf, size);
  EXPECT_ERROR(tilePackageReadMemory("v8", buf, size, &q, err, sizeof err),
               "the persistent flag is 2 (at most 1)");
  free(buf);
  p.persistent = 1;
  CHECK(tilePackageWriteMemory(&p, (void **)&buf, &size, err, sizeof err) == 0, "%s", err);

  /* Version 7 ends with the index width, then the checksum. */
  p.ctaPairs = 0;
  put32(buf, OFF_VERSION, 7);
  reseal(buf, size);
  EXPECT_ERROR(tilePackageReadMemory("v7", buf, size, &q, err, sizeof err),
               "v7: 4 trailing bytes after the last field");
  memmove(buf + size - 12, buf + size - 8, 8);
  size -= 4;
  reseal(buf, size);
  CHECK(tilePackageReadMemory("v7", buf, size, &q, err, sizeof err) == 0, "%s", err);
  CHECK(samePackage(&p, &q) && q.version == 7 && q.indexBits == 64 &&
            q.ctaPairs == 0,
        "version 7 package differs (cta pairs %d)", q.ctaPairs);
  tilePackageFree(&q);

  /* Version 6 ends with the persistent flag, then the checksum. */
  p.indexBits = 32; /* what every older version reads */
  put32(buf, OFF_VERSION, 6);
  reseal(buf, size);
  EXPECT_ERROR(tilePackageReadMemory("v6", buf, size, &q, err, sizeof err),
               "v6: 4 trailing bytes after the last field");
  memmove(buf + size - 12, buf + size - 8, 8);
  size -= 4;
  reseal(buf, size);
  CHECK(tilePackageReadMemory("v6", buf, size, &q, err, sizeof err) == 0, "%s", err);
  CHECK(samePackage(&p, &q) && q.version == 6 && q.persistent == 1 &&
            q.indexBits == 32,
        "version 6 package differs (index bits %d)", q.indexBits);
  tilePackageFree(&q);

  /* Version 5 ends with the producer warps, then the checksum. */
  p.persistent = 0;
  put32(buf, OFF_VERSION, 5);
  reseal(buf, size);
  EXPECT_ERROR(tilePackageReadMemory("v5", buf, size, &q, err, sizeof err),
               "v5: 4 trailing bytes after the last field");
  memmove(buf + size - 12, buf + size - 8, 8);
  size -= 4;
  reseal(buf, size);
  CHECK(tilePackageReadMemory("v5", buf, size, &q, err, sizeof err) == 0, "%s", err);
  CHECK(samePackage(&p, &q) && q.version == 5 && q.producerWarps == 4 &&
            q.persistent == 0,
        "version 5 package differs (persistent %d)", q.persistent);
  tilePackageFree(&q);
  p.producerWarps = 0; /* what every older version reads */

  /* Version 4 ends with the tensor maps, then the checksum: the field
   * must not be read, and without it the package is p. */
  put32(buf, OFF_VERSION, 4);
  reseal(buf, size);
  EXPECT_ERROR(tilePackageReadMemory("v4", buf, size, &q, err, sizeof err),
               "v4: 4 trailing bytes after the last field");
  size -= 4;
  reseal(buf, size);
  CHECK(tilePackageReadMemory("v4", buf, size, &q, err, sizeof err) == 0, "%s", err);
  CHECK(samePackage(&p, &q) && q.version == 4 && q.producerWarps == 0 &&
            q.checksum != 0,
        "version 4 package differs (producer warps %d)", q.producerWarps);
  tilePackageFree(&q);

  size -= 8; /* the checksum */
  put32(buf, OFF_VERSION, 3);
  CHECK(tilePackageReadMemory("v3", buf, size, &q, err, sizeof err) == 0, "%s", err);
  CHECK(samePackage(&p, &q) && q.checksum == 0, "version 3 package differs");
  tilePackageFree(&q);
  put32(buf, OFF_VERSION, 1);
  CHECK(tilePackageReadMemory("v1", buf, size - 12, &q, err, sizeof err) == 0, "%s", err);
  CHECK(samePackage(&p, &q) && !q.genericPtx, "version 1 package differs");
  tilePackageFree(&q);
  EXPECT_ERROR(tilePackageReadMemory("v1", buf, size, &q, err, sizeof err),
               "v1: 12 trailing bytes after the last field");
  put32(buf, OFF_VERSION, 2);
  CHECK(tilePackageReadMemory("v2", buf, size - 4, &q, err, sizeof err) == 0, "%s", err);
  CHECK(samePackage(&p, &q) && q.numTensorMaps == 0, "version 2 package differs");
  tilePackageFree(&q);
  EXPECT_ERROR(tilePackageReadMemory("v2", buf, size, &q, err, sizeof err),
               "v2: 4 trailing bytes after the last field");
  free(buf);
  tilePackageFree(&p);
}

static void testCorruptions(void) {
  TilePackage p, q;
  makePackage(&p);
  unsigned char *good;
  size_t size;
  CHECK(tilePackageWriteMemory(&p, (void **)&good, &size, err, sizeof err) == 0, "%s", err);
  tilePackageFree(&p);

  /* Every truncation, in a buffer of exactly that size (ASan sees
   * overreads): refused as it is (the checksum no longer holds), and
   * resealed with a checksum of what is left, by the field it cuts. */
  for (size_t n = 0; n < size; ++n) {
    unsigned char *buf = malloc(n + 8);
    memcpy(buf, good, n);
    err[0] = '\0';
    int rc = tilePackageReadMemory("k.tpkg", buf, n, &q, err, sizeof err);
    CHECK(rc != 0, "truncation to %zu bytes was accepted", n);
    CHECK(strstr(err, n < 8    ? "not a tile package"
                      : n < 12 ? "truncated package"
                               : "damaged package"),
          "truncation to %zu: '%s'", n, err);
    if (n >= 12 && n < size - 8) {
      reseal(buf, n + 8);
      rc = tilePackageReadMemory("k.tpkg", buf, n + 8, &q, err, sizeof err);
      CHECK(rc != 0 && strstr(err, "truncated package"),
            "resealed truncation to %zu: '%s'", n, err);
    }
    free(buf);
  }
  unsigned char *cut = malloc(38);
  memcpy(cut, good, 30);
  reseal(cut, 38);
  EXPECT_ERROR(tilePackageReadMemory("k.tpkg", cut, 38, &q, err, sizeof err),
               "k.tpkg: truncated package: chip needs 6 bytes at offset 26, 4 left");
  free(cut);

  unsigned char *longer = malloc(size + 3);
  memcpy(longer, good, size - 8);
  memset(longer + size - 8, 0, 3);
  reseal(longer, size + 3);
  EXPECT_ERROR(tilePackageReadMemory("k.tpkg", longer, size + 3, &q, err, sizeof err),
               "k.tpkg: 3 trailing bytes after the last field");
  free(longer);

  /* Damage anywhere past the version is a checksum mismatch. */
  unsigned char *damaged = malloc(size);
  memcpy(damaged, good, size);
  damaged[OFF_ARGS + 5] ^= 0x10;
  EXPECT_ERROR(tilePackageReadMemory("k.tpkg", damaged, size, &q, err, sizeof err),
               "k.tpkg: damaged package: checksum mismatch (stored ");
  free(damaged);

  EXPECT_BYTE(0, 'X', "k.tpkg: not a tile package (no TILEPKG magic)");
  EXPECT_BYTE(7, '1', "not a tile package");
  EXPECT_FIELD(OFF_VERSION, 10, "package version 10 is newer than this reader (version 9)");
  EXPECT_FIELD(OFF_VERSION, 0xffffffffu, "package version 4294967295 is newer");
  EXPECT_FIELD(OFF_VERSION, 0, "unknown package version 0");
  EXPECT_FIELD(OFF_NAME_LEN, 0, "at offset 12: the kernel name is 0 bytes long (expected 1 to 127)");
  EXPECT_FIELD(OFF_NAME_LEN, 128, "the kernel name is 128 bytes long");
  EXPECT_FIELD(OFF_NAME_LEN, 0xffffffffu, "the kernel name is 4294967295 bytes long");
  EXPECT_FIELD(OFF_NAME_LEN, 1000, "the kernel name is 1000 bytes long");
  EXPECT_BYTE(OFF_NAME + 2, 0, "the kernel name contains a NUL byte");
  EXPECT_BYTE(OFF_NAME + 2, '\n', "the kernel name has a character that is not printable");
  EXPECT_BYTE(OFF_NAME + 2, 0xc3, "not printable");
  EXPECT_FIELD(OFF_CHIP_LEN, 16, "the chip is 16 bytes long (expected 1 to 15)");
  EXPECT_BYTE(OFF_CHIP, 'x', "at offset 26: bad chip 'xm_90a' (expected sm_NN or sm_NNN, optionally with 'a': sm_90a, sm_100a)");
  EXPECT_BYTE(OFF_CHIP + 5, 'b', "chip 'sm_90b'");
  EXPECT_BYTE(OFF_CHIP + 3, '0', "chip 'sm_00a'");
  good[OFF_CHIP + 5] = '0'; /* "sm_900": three digits are fine */
  reseal(good, size);
  CHECK(tilePackageReadMemory("k.tpkg", good, size, &q, err, sizeof err) == 0, "%s", err);
  CHECK(strcmp(q.chip, "sm_900") == 0, "%s", q.chip);
  tilePackageFree(&q);
  good[OFF_CHIP + 5] = 'a';
  reseal(good, size);
  EXPECT_BYTE(OFF_CHIP + 4, 'a', "bad chip 'sm_9aa'");
  EXPECT_FIELD(OFF_KIND, 3, "at offset 32: the image kind is 3 (at most 2)");
  EXPECT_FIELD(OFF_KIND, TILE_IMAGE_FATBIN, "the fatbin image has no fatbin magic");
  EXPECT_FIELD(OFF_KIND, TILE_IMAGE_CUBIN, "the cubin image is neither an ELF file nor a fatbin");
  EXPECT_FIELD(OFF_WARPS, 0, "0 warps (expected a power of two from 1 to 32)");
  EXPECT_FIELD(OFF_WARPS, 6, "6 warps");
  EXPECT_FIELD(OFF_WARPS, 64, "the number of warps is 64 (at most 32)");
  EXPECT_FIELD(OFF_SHARED, 232449, "the shared memory size is 232449 (at most 232448)");
  EXPECT_FIELD(OFF_SHARED, 0x80000000u, "the shared memory size is 2147483648");
  EXPECT_FIELD(OFF_FLOPS, 0x80000000u, "flops per program is 2147483648");
  EXPECT_FIELD(OFF_NUM_ARGS, 65, "the number of arguments is 65 (at most 64)");
  /* Too few arguments: arg #2's record is read as the image size. */
  EXPECT_FIELD(OFF_NUM_ARGS, 2, "truncated package: the image needs 262400 bytes");
  /* Too many: the image size and image are read as arg #3. */
  EXPECT_FIELD(OFF_NUM_ARGS, 4, "at offset 136: argument #3: bad kind 45");
  EXPECT_BYTE(OFF_ARGS + 0, 2, "at offset 52: argument #0: bad kind 2");
  EXPECT_BYTE(OFF_ARGS + 1, 1, "argument #0: a memref cannot be index");
  EXPECT_BYTE(OFF_ARGS + 2, 99, "argument #0: bad dtype 99");
  EXPECT_BYTE(OFF_ARGS + 2, TILE_DTYPE_U8, "argument #0: bad dtype");
  EXPECT_BYTE(OFF_ARGS + 2, TILE_DTYPE_COUNT, "argument #0: bad dtype 12");
  EXPECT_BYTE(OFF_ARGS + 3, 4, "argument #0: memref rank 4 (expected 1 to 3)");
  EXPECT_BYTE(OFF_ARGS + 3, 0, "argument #0: memref rank 0");
  EXPECT_BYTE(OFF_ARGS + 3, 1, "argument #0: bad size 64 in dimension 1 (rank 1)");
  EXPECT_BYTE(OFF_ARGS + 4, 0xfe, "argument #0: bad size -2 in dimension 0");
  EXPECT_BYTE(OFF_ARGS + ARG_BYTES + 3, 1, "argument #1: scalar with rank 1");
  EXPECT_BYTE(OFF_ARGS + ARG_BYTES + 1, 2, "argument #1: bad index flag 2");
  EXPECT_BYTE(OFF_ARGS + ARG_BYTES + 1, 1, "argument #1: an index scalar must be i64");

  size_t offImage = OFF_ARGS + 3 * ARG_BYTES;
  EXPECT_FIELD(offImage, 0, "empty image");
  EXPECT_FIELD(offImage + 4, 1, "truncated package: the image needs");
  EXPECT_FIELD(offImage, (uint32_t)sizeof kPtx - 1,
               "the index width is 8192 (at most 64)");
  EXPECT_BYTE(size - 37, 'x', "the PTX image is not NUL-terminated");
  size_t offGeneric = size - 36;
  /* 20 bytes follow the size: the tensor maps' and producer warps' counts,
   * the persistent flag, the index width and the CTA-pairs flag. */
  EXPECT_FIELD(offGeneric, 21, "truncated package: the generic entry's PTX needs 21 bytes at offset 197, 20 left");
  EXPECT_FIELD(offGeneric + 4, 1, "the generic entry's PTX needs 4294967296 bytes");
  size_t offMaps = size - 28;
  EXPECT_FIELD(offMaps, 9, "the number of tensor maps is 9 (at most 8)");
  /* One map: producerWarps, persistent, the index width and the CTA-pairs
   * flag are read as its four fields, then the producer warps are
   * missing. */
  EXPECT_FIELD(offMaps, 1, "truncated package: the number of producer warps needs 4 bytes");
  EXPECT_FIELD(size - 20, 3, "the persistent flag is 3 (at most 2)");
  EXPECT_FIELD(size - 16, 48, "k.tpkg: index width 48 (expected 32 or 64)");
  EXPECT_FIELD(size - 12, 2, "the CTA-pairs flag is 2 (at most 1)");
  size_t offProducer = size - 24;
  EXPECT_FIELD(offProducer, 5, "the number of producer warps is 5 (at most 4)");
  EXPECT_FIELD(offProducer, 3, "k.tpkg: 3 producer warps beside 4 (expected 0, or 4 with at most 28 others)");
  /* A warpgroup of 4 beside 4 warps reads; beside 32 it is refused. */
  unsigned char *producer = malloc(size);
  memcpy(producer, good, size);
  put32(producer, offProducer, 4);
  reseal(producer, size);
  CHECK(tilePackageReadMemory("k.tpkg", producer, size, &q, err, sizeof err) == 0,
        "%s", err);
  CHECK(q.producerWarps == 4 && q.numWarps == 4, "producer warps %d beside %d",
        q.producerWarps, q.numWarps);
  tilePackageFree(&q);
  put32(producer, OFF_WARPS, 32);
  reseal(producer, size);
  EXPECT_ERROR(tilePackageReadMemory("k.tpkg", producer, size, &q, err, sizeof err),
               "k.tpkg: 4 producer warps beside 32 (expected 0, or 4 with at most 28 others)");
  free(producer);

  /* Random byte flips: each is refused (the checksum, or a version field
   * that no longer matches the rest), and nothing may crash. */
  uint64_t s = 0x9e3779b97f4a7c15ull;
  unsigned char *buf = malloc(size);
  int accepted = 0;
  for (int iter = 0; iter < 20000; ++iter) {
    memcpy(buf, good, size);
    for (int k = 0; k < 1 + iter % 4; ++k) {
      s ^= s << 13, s ^= s >> 7, s ^= s << 17;
      buf[(s >> 8) % size] = (unsigned char)s;
    }
    if (memcmp(buf, good, size) == 0)
      continue; /* the flips wrote the bytes that were there */
    if (tilePackageReadMemory("fuzz", buf, size, &q, err, sizeof err) == 0) {
      ++accepted;
      CHECK(q.imageSize > 0 && q.image, "accepted package has an image");
      tilePackageFree(&q);
    } else {
      CHECK(strncmp(err, "fuzz: ", 6) == 0 && !strchr(err, '\n'), "'%s'", err);
    }
  }
  CHECK(accepted == 0, "%d damaged packages were accepted", accepted);
  free(buf);
  free(good);
}

static void testLaunchChecks(void) {
  TilePackage p;
  makePackage(&p);
  char type[96];
  tileLaunchArgType(&p.args[0], type, sizeof type);
  CHECK(strcmp(type, "memref<?x64xf32>") == 0, "%s", type);
  tileLaunchArgType(&p.args[1], type, sizeof type);
  CHECK(strcmp(type, "f16") == 0, "%s", type);
  tileLaunchArgType(&p.args[2], type, sizeof type);
  CHECK(strcmp(type, "index") == 0, "%s", type);
  TilePackageArg b = {1, 0, TILE_DTYPE_BOOL, 3, {2, -1, 4}};
  tileLaunchArgType(&b, type, sizeof type);
  CHECK(strcmp(type, "memref<2x?x4xi1>") == 0, "%s", type);
  /* f8 by its MLIR name, as the kernel's signature spells it. */
  b.dtype = TILE_DTYPE_F8E4M3;
  tileLaunchArgType(&b, type, sizeof type);
  CHECK(strcmp(type, "memref<2x?x4xf8E4M3FN>") == 0, "%s", type);
  TilePackageArg f8 = {0, 0, TILE_DTYPE_F8E5M2, 0, {0, 0, 0}};
  tileLaunchArgType(&f8, type, sizeof type);
  CHECK(strcmp(type, "f8E5M2") == 0, "%s", type);

  TileHostArray a, h;
  int64_t shape[2] = {8, 64};
  CHECK(tileHostArrayCreate(TILE_DTYPE_F32, 2, shape, &a, err, sizeof err) == 0, "%s", err);
  CHECK(tileHostArrayCreate(TILE_DTYPE_F16, 2, shape, &h, err, sizeof err) == 0, "%s", err);
  TileLaunchArg args[3] = {{&a, 0, 0}, {NULL, 0, 1.5}, {NULL, 7, 0}};
  CHECK(tileLaunchValidate(&p, args, 3, err, sizeof err) == 0, "%s", err);
  EXPECT_ERROR(tileLaunchValidate(&p, args, 2, err, sizeof err),
               "kernel @vecadd takes 3 arguments, got 2");
  args[0].array = &h;
  EXPECT_ERROR(tileLaunchValidate(&p, args, 3, err, sizeof err),
               "argument #0 (memref<?x64xf32>): array has dtype f16, the memref needs f32");
  args[0].array = NULL;
  EXPECT_ERROR(tileLaunchValidate(&p, args, 3, err, sizeof err),
               "argument #0 (memref<?x64xf32>): got a scalar for a memref");
  args[0].array = &a;
  args[1].array = &a;
  EXPECT_ERROR(tileLaunchValidate(&p, args, 3, err, sizeof err),
               "argument #1 (f16): got an array for a scalar");
  args[1].array = NULL;
  a.shape[1] = 32;
  EXPECT_ERROR(tileLaunchValidate(&p, args, 3, err, sizeof err),
               "argument #0 (memref<?x64xf32>): array has shape 8x32, but dimension 1 of the memref is 64");
  a.shape[1] = 64;
  a.rank = 1;
  EXPECT_ERROR(tileLaunchValidate(&p, args, 3, err, sizeof err),
               "array has rank 1 (shape 8), the memref has rank 2");
  a.rank = 2;
  tileHostArrayDestroy(&a);
  tileHostArrayDestroy(&h);
  tilePackageFree(&p);

  /* No driver: a plain message, not a crash. */
  TileCuda *cu = (TileCuda *)&p;
  setenv("TILE_CUDA_LIBRARY", "/nonexistent/libcuda.so.1", 1);
  EXPECT_ERROR(tileCudaCreate(&cu, err, sizeof err),
               "no CUDA driver (/nonexistent/libcuda.so.1 not found): ");
  CHECK(cu == NULL, "no context on failure");
  setenv("TILE_CUDA_LIBRARY", "libm.so.6", 1);
  EXPECT_ERROR(tileCudaCreate(&cu, err, sizeof err),
               "the CUDA driver libm.so.6 lacks cuInit");
  unsetenv("TILE_CUDA_LIBRARY");
}

int main(int argc, char **argv) {
  testRoundTrip(argc > 1 ? argv[1] : "package_test.tpkg");
  testWriterValidates();
  testOldVersions();
  testCorruptions();
  testLaunchChecks();
  return testReport("package");
}
