/* The compiled package: one kernel's GPU image (cubin or PTX) plus the
 * facts needed to launch it (arguments and their ABI, warps, shared
 * memory, the chip it was built for). Written by the compiler
 * (tile-opt --emit=package), read by tile-run, including the runtime-only
 * build that has no MLIR. The file format is versioned and everything read
 * from a file is validated: a corrupt or mismatched package is an error
 * message, never a crash.
 *
 * Kernel parameter ABI (what cuLaunchKernel receives, in order), per kernel
 * argument:
 *   memref of rank r: device pointer (8 bytes), then r sizes and r strides
 *                     (8-byte signed integers, in elements)
 *   scalar: its own width: i1 and i8 1 byte, i16/f16/bf16 2, i32/f32 4,
 *           i64/index/f64 8
 * The program id is blockIdx and the grid is gridDim; a block has
 * 32 * (numWarps + producerWarps) threads.
 *
 * An image may also hold the entry kernelName + TILE_ALIGNED_ENTRY_SUFFIX,
 * compiled for memrefs whose base is 16-byte aligned and whose innermost
 * size (and so every outer stride, in C order) is a multiple of 16 bytes;
 * the launcher runs it instead when every memref argument qualifies.
 *
 * The generic entry may instead come as PTX of its own (genericPtx, from
 * version 2): the compiler then runs ptxas on the aligned entry only, and
 * the launcher has the driver compile the generic entry on the first launch
 * that needs it (the driver keeps the result in its compute cache).
 *
 * The aligned entry may also read memrefs with Hopper's bulk tensor copies
 * (TMA, from version 3): it then takes one more parameter per tensor map,
 * after all the others, in the order of tensorMaps: a 128-byte CUtensorMap
 * passed by value (__grid_constant__), which the launcher encodes
 * (cuTensorMapEncodeTiled) for the argument's rank-2 memref: its base, its
 * sizes and row stride, a box of boxRows x boxCols elements, that swizzle,
 * zeros for what lies outside the memref. The generic entry takes none.
 *
 * From version 4 a package ends with a checksum of everything before it,
 * checked before anything else is read, and a cubin image must be a
 * well-formed 64-bit CUDA ELF file (its headers and sections inside the
 * image): a damaged package is refused the same way with or without a
 * GPU, before the driver sees it.
 *
 * From version 5 a package may launch a producer warpgroup beside its
 * warps (producerWarps = 4, tile-pipeline's warp specialization): a block
 * then has 32 * (numWarps + producerWarps) threads, in both entries.
 *
 * From version 6 a package may be persistent (tile-pipeline's persistent):
 * its entries run programs in a loop, block b running programs b, b +
 * blocks, ..., and take the number of programs (the grid's, an i32) as
 * their last parameter, after the tensor maps. The launcher starts at most
 * as many blocks as the GPU holds at once (occupancy x multiprocessors).
 * Its grid must be one-dimensional.
 *
 * From version 7 a package says how wide its index arithmetic is
 * (indexBits, tile-compile's index-bits): 32, and the launcher refuses
 * memrefs whose elements reach 2^31 (an element offset would overflow), or
 * 64, which indexes any memref; the parameters are the same.
 *
 * From version 8 a package may pair its blocks (ctaPairs: tile-pipeline's
 * cta-pairs on chip=sm_100a, or its multicast on sm_90a, which need no
 * other change to the format): its aligned entry runs in clusters of two
 * blocks along x, fixed in the image (.reqnctapercluster 2, 1, 1), so a
 * plain launch starts them but needs an even grid x; the launcher takes
 * the generic entry, which does not pair, for an odd one.
 *
 * From version 9 the persistent flag may be 2: a stream-K kernel
 * (tile-pipeline's stream-k; lib/Conversion/TileToGPU/GpuStreamK.c),
 * which runs one program, or a part of one, per block. Its grid must be
 * one-dimensional; of its P programs, the launcher runs the last wave's
 * R = P % C (C: the blocks the GPU holds at once), when R <= C / 2, in
 * s = min(C / R, 8) parts each: it starts D + R s blocks, D = P - R, and
 * passes P, D and s (i32 each) as the entries' last parameters (s = 1,
 * D = P, P blocks otherwise). */
#ifndef TILE_RUNTIME_PACKAGE_H
#define TILE_RUNTIME_PACKAGE_H

#include <stddef.h>
#include <stdint.h>

#include "lib/Support/HostArray.h"
#include "lib/Support/KernelArg.h"
#include "tile-c/Runtime.h"

#define TILE_PACKAGE_VERSION TILE_PACKAGE_FORMAT_VERSION
#define TILE_PACKAGE_MAX_ARGS 64
#define TILE_PACKAGE_MAX_TENSOR_MAPS 8
#define TILE_ALIGNED_ENTRY_SUFFIX "__aligned16"

/* cubin: SASS for the package's chip (runs on that major, same minor or
 * newer); ptx: compiled by the driver at load (that chip or newer); fatbin:
 * the cubin plus its PTX, so newer majors run it too (through the JIT). */
typedef enum {
  TILE_IMAGE_CUBIN = 0,
  TILE_IMAGE_PTX = 1,
  TILE_IMAGE_FATBIN = 2
} TileImageKind;

typedef struct {
  int isMemref;        /* 1: memref, 0: scalar */
  int isIndex;         /* scalar of type index (dtype is I64) */
  TileDType dtype;     /* memref element type, or the scalar's type */
  int rank;            /* memrefs: 1..3; scalars: 0 */
  int64_t shape[3];    /* memrefs: static sizes, -1 where dynamic */
} TilePackageArg;

/* How a package describes a kernel argument of a signature (what launches
 * are checked against, lib/Runtime/RuntimeApi.h). */
TilePackageArg tilePackageArgOf(const TileKernelArg *a);

/* A tensor map the aligned entry takes (version 3). */
typedef struct {
  int arg;          /* the kernel argument: a memref of rank 2 or 3 (then
                     * the box is one element deep in dimension 0) */
  int boxRows;      /* 1..256 */
  int boxCols;      /* 1..256 elements, at most swizzleBytes of them */
  int swizzleBytes; /* 32, 64 or 128 */
} TilePackageTensorMap;

typedef struct {
  int version;           /* read: the file's format version; always
                          * written as TILE_PACKAGE_VERSION */
  char kernelName[128];  /* the entry symbol in the image */
  char chip[16];         /* e.g. "sm_90a", "sm_80" */
  TileImageKind imageKind;
  int numWarps;          /* 1..32: the warps the kernel's layouts use */
  int producerWarps;     /* 0, or 4 more that only feed them (version 5) */
  int persistent;        /* 0 or 1 (version 6), or 2: stream-K, one
                          * program or part of one a block (version 9) */
  int indexBits;         /* 32 or 64 (version 7; 32 before) */
  int ctaPairs;          /* 0 or 1 (version 8) */
  int sharedBytes;       /* static shared memory of the kernel */
  int flopsPerProgram;   /* 2*M*N*K of the dots one program runs, for
                          * TFLOP/s; 0 when not known at compile time */
  int numArgs;
  TilePackageArg args[TILE_PACKAGE_MAX_ARGS];
  void *image;           /* owned; imageSize bytes (PTX: NUL-terminated) */
  size_t imageSize;
  /* NULL, or the generic entry (kernelName) as NUL-terminated PTX, owned,
   * when the image holds only the aligned entry. */
  char *genericPtx;
  size_t genericPtxSize; /* with the NUL */
  int numTensorMaps;     /* the aligned entry's tensor maps (version 3) */
  uint64_t checksum;     /* read: the stored checksum (version 4), which
                          * held; 0 before version 4 */
  TilePackageTensorMap tensorMaps[TILE_PACKAGE_MAX_TENSOR_MAPS];
} TilePackage;

/* Serializes to a file / to a malloc'ed buffer. Return 0 on success. */
int tilePackageWrite(const char *path, const TilePackage *p, char *err,
                     size_t errSize);
int tilePackageWriteMemory(const TilePackage *p, void **outBuf,
                           size_t *outSize, char *err, size_t errSize);
/* Reads and validates (magic, version, every field's range, sizes that
 * match the file). `name` is used in messages. A package of a newer
 * format returns TILE_STATUS_PACKAGE_VERSION, other failures 1. */
int tilePackageRead(const char *path, TilePackage *out, char *err,
                    size_t errSize);
int tilePackageReadMemory(const char *name, const void *buf, size_t size,
                          TilePackage *out, char *err, size_t errSize);
/* Whether a file starts with the package magic (so tools can tell a
 * package from a .mlir file). */
int tilePackageFileIsPackage(const char *path);
/* The checksum a version-4 package stores after its other bytes: 64-bit
 * FNV-1a of them. */
uint64_t tilePackageChecksum(const void *buf, size_t size);
/* Frees the images; safe on an empty package. */
void tilePackageFree(TilePackage *p);

#endif
