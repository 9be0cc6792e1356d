/* The public runtime API (tile-c/Runtime.h) as an embedder uses it, linked
 * with the runtime library alone (no MLIR): a package the compiler made,
 * read from a file and from memory and asked what it takes; damaged
 * packages (truncated, a flipped byte, a newer format version resealed
 * with a checksum this test computes itself, not a package at all); no
 * driver; and, through the stand-in driver (test/Runtime/fake_cuda.c),
 * launches whose packed parameters the driver logs: argument counts and
 * kinds that do not fit, scalars at their widths, the caller's strides
 * and stream, the choice between the aligned and the generic entry and
 * the aligned entry's tensor maps, a kernel for another chip, a fault;
 * and a stream-K kernel's launches on two streams.
 *
 * REQUIRES: ptxas
 * RUN: rm -rf %t && mkdir -p %t
 * RUN: tile-opt %tile_src/examples/vecadd.mlir --tile-compile --emit=package -o %t/vecadd.tpkg
 * RUN: tile-opt %tile_src/bench/kernels/matmul.mlir --kernel=matmul_f16_128x256x64 --tile-compile --emit=package -o %t/sk.tpkg 2>/dev/null
 * RUN: env FAKE_CUDA_LOG=%t/launches.log ./tile-runtime-api-test %t/vecadd.tpkg %fake_cuda %t/sk.tpkg > %t/out.txt
 * RUN: FileCheck %s < %t/out.txt
 * RUN: FileCheck %s --check-prefix=LOG < %t/launches.log
 */
#define _POSIX_C_SOURCE 200809L /* setenv */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tile-c/Runtime.h"
/* Only to write the hand-made packages the launches below use. */
#include "lib/Runtime/Package.h"
#include "lib/Runtime/Variants.h"

static TileStatus st;

/* "<code name>: <message>" of the last call. */
static void show(const char *what, TileStatusCode code) {
  printf("%s: %s: %s\n", what, tileStatusCodeName(code),
         code ? st.message : "");
}

static void *readAll(const char *path, size_t *size) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  fseek(f, 0, SEEK_END);
  *size = (size_t)ftell(f);
  fseek(f, 0, SEEK_SET);
  void *buf = malloc(*size);
  if (fread(buf, 1, *size, f) != *size)
    *size = 0;
  fclose(f);
  return buf;
}

/* FNV-1a, 64-bit: the checksum the format ends with (docs/internals.md). */
static uint64_t fnv1a(const unsigned char *p, size_t n) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (size_t i = 0; i < n; ++i)
    h = (h ^ p[i]) * 0x100000001b3ull;
  return h;
}

static void reseal(unsigned char *buf, size_t size) {
  uint64_t h = fnv1a(buf, size - 8);
  for (int i = 0; i < 8; ++i)
    buf[size - 8 + i] = (unsigned char)(h >> (8 * i));
}

static void describe(const TileRuntimePackage *p) {
  TileRuntimeResources r;
  tileRuntimePackageResources(p, &r);
  printf("kernel %s chip %s format %d args %d\n",
         tileRuntimePackageKernelName(p), tileRuntimePackageChip(p),
         tileRuntimePackageFormatVersion(p), tileRuntimePackageNumArgs(p));
  for (int i = 0; i < tileRuntimePackageNumArgs(p); ++i) {
    TileRuntimeArgInfo a;
    tileRuntimePackageArg(p, i, &a, &st);
    printf("  #%d %s kind %d element %d rank %d bytes %d\n", i, a.type,
           (int)a.kind, (int)a.elementType, a.rank, a.elementBytes);
  }
  printf("warps %d+%d block %d shared %d aligned entry %d generic from "
         "ptx %d tensor maps %d index bits %d\n",
         r.numWarps, r.producerWarps, r.blockThreads, r.sharedBytes,
         r.hasAlignedEntry, r.genericFromPtx, r.numTensorMaps, r.indexBits);
}

static void testPackages(const char *path) {
  // CHECK: runtime {{[0-9]+\.[0-9]+\.[0-9]+}} reads formats up to 9
  printf("runtime %s reads formats up to %d\n", tileRuntimeVersion(),
         TILE_PACKAGE_FORMAT_VERSION);
  TileRuntimePackage *p = NULL;
  show("file", tileRuntimePackageLoadFile(path, &p, &st));
  // CHECK: file: ok:
  // CHECK-NEXT: kernel vecadd chip sm_90a format 9 args 3
  // CHECK-NEXT: #0 memref<?xf32> kind 0 element 8 rank 1 bytes 4
  // CHECK-NEXT: #1 memref<?xf32>
  // CHECK-NEXT: #2 memref<?xf32>
  // CHECK-NEXT: warps 4+0 block 128 shared 0 aligned entry 1 generic from ptx 1 tensor maps 0 index bits 32
  describe(p);
  show("arg 3", tileRuntimePackageArg(p, 3, &(TileRuntimeArgInfo){0}, &st));
  // CHECK-NEXT: arg 3: invalid argument: tileRuntimePackageArg: no argument #3 (the kernel takes 3)
  tileRuntimePackageDestroy(p);

  size_t size = 0;
  unsigned char *bytes = readAll(path, &size);
  show("memory", tileRuntimePackageLoadMemory(bytes, size, "mem.tpkg", &p, &st));
  // CHECK: memory: ok:
  // CHECK-NEXT: kernel vecadd chip sm_90a format 9 args 3
  describe(p);
  tileRuntimePackageDestroy(p);

  /* Every way a package can be bad: an error with its kind, no handle. */
  p = (TileRuntimePackage *)1;
  show("missing", tileRuntimePackageLoadFile("/nonexistent/k.tpkg", &p, &st));
  // CHECK: missing: i/o error: {{.*}}/nonexistent/k.tpkg{{.*}}
  printf("handle after failure: %s\n", p ? "set" : "NULL");
  // CHECK-NEXT: handle after failure: NULL
  show("truncated", tileRuntimePackageLoadMemory(bytes, size / 2, "half.tpkg", &p, &st));
  // CHECK-NEXT: truncated: bad package: half.tpkg: damaged package: checksum mismatch
  show("header only", tileRuntimePackageLoadMemory(bytes, 14, "short.tpkg", &p, &st));
  // CHECK-NEXT: header only: bad package: short.tpkg: damaged package: too short for its checksum
  bytes[size / 3] ^= 0x40;
  show("flipped", tileRuntimePackageLoadMemory(bytes, size, "flip.tpkg", &p, &st));
  // CHECK-NEXT: flipped: bad package: flip.tpkg: damaged package: checksum mismatch
  bytes[size / 3] ^= 0x40;
  bytes[8] = 99; /* the format version, resealed */
  reseal(bytes, size);
  show("newer", tileRuntimePackageLoadMemory(bytes, size, "new.tpkg", &p, &st));
  // CHECK-NEXT: newer: package version: new.tpkg: package version 99 is newer than this reader (version 9); rebuild the package or update tile
  bytes[8] = 0;
  reseal(bytes, size);
  show("version 0", tileRuntimePackageLoadMemory(bytes, size, "zero.tpkg", &p, &st));
  // CHECK-NEXT: version 0: bad package: zero.tpkg: unknown package version 0
  show("text", tileRuntimePackageLoadMemory("func.func @k()", 14, "k.mlir", &p, &st));
  // CHECK-NEXT: text: bad package: k.mlir: not a tile package (no TILEPKG magic)
  show("null", tileRuntimePackageLoadMemory(NULL, 4, NULL, &p, &st));
  // CHECK-NEXT: null: invalid argument: tileRuntimePackageLoadMemory: bytes is NULL
  free(bytes);
}

/* PTX whose entries have the parameter lists of the ABI (Package.h); the
 * stand-in driver reads them to log each parameter's bytes. */
static const char kScalePtx[] =
    ".version 8.0\n.target sm_80\n.address_size 64\n"
    ".visible .entry scale(\n"
    "  .param .u64 a, .param .u64 a_n0, .param .u64 a_n1, .param .u64 a_s0,"
    " .param .u64 a_s1,\n"
    "  .param .b16 h, .param .u64 idx, .param .u32 i, .param .u8 flag,\n"
    "  .param .u64 o, .param .u64 o_n0, .param .u64 o_n1, .param .u64 o_s0,"
    " .param .u64 o_s1)\n{\n  ret;\n}\n";

static const char kCopyPtx[] =
    ".version 8.0\n.target sm_90a\n.address_size 64\n"
    ".visible .entry copy(\n"
    "  .param .u64 x, .param .u64 x_n0, .param .u64 x_n1, .param .u64 x_s0,"
    " .param .u64 x_s1,\n"
    "  .param .u64 y, .param .u64 y_n0, .param .u64 y_n1, .param .u64 y_s0,"
    " .param .u64 y_s1)\n{\n  ret;\n}\n"
    ".visible .entry copy__aligned16(\n"
    "  .param .u64 x, .param .u64 x_n0, .param .u64 x_n1, .param .u64 x_s0,"
    " .param .u64 x_s1,\n"
    "  .param .u64 y, .param .u64 y_n0, .param .u64 y_n1, .param .u64 y_s0,"
    " .param .u64 y_s1,\n"
    "  .param .align 64 .b8 x_map[128])\n{\n  ret;\n}\n";

static TileRuntimePackage *makePackage(const char *name, const char *chip,
                                       const char *ptx, int numArgs,
                                       const TilePackageArg *args,
                                       int tensorMap, int indexBits) {
  TilePackage p;
  memset(&p, 0, sizeof p);
  snprintf(p.kernelName, sizeof p.kernelName, "%s", name);
  snprintf(p.chip, sizeof p.chip, "%s", chip);
  p.imageKind = TILE_IMAGE_PTX;
  p.numWarps = 4;
  p.indexBits = indexBits;
  p.numArgs = numArgs;
  memcpy(p.args, args, (size_t)numArgs * sizeof *args);
  p.image = (void *)ptx;
  p.imageSize = strlen(ptx) + 1;
  if (tensorMap) { /* 2: f32 elements, 32 to a 128-byte row */
    p.numTensorMaps = 1;
    p.tensorMaps[0] = (TilePackageTensorMap){0, 64, tensorMap == 2 ? 32 : 64,
                                             128};
  }
  void *bytes;
  size_t size;
  char err[512];
  TileRuntimePackage *out = NULL;
  if (tilePackageWriteMemory(&p, &bytes, &size, err, sizeof err))
    printf("FAIL writing %s: %s\n", name, err);
  else if (tileRuntimePackageLoadMemory(bytes, size, name, &out, &st))
    printf("FAIL reading %s: %s\n", name, st.message);
  free(bytes);
  return out;
}

static void testNoDriver(void) {
  TileRuntimeDevice *d = (TileRuntimeDevice *)1;
  setenv("TILE_CUDA_LIBRARY", "/nonexistent/libcuda.so.1", 1);
  show("no driver", tileRuntimeDeviceCreate(0, &d, &st));
  // CHECK: no driver: no CUDA driver: no CUDA driver (/nonexistent/libcuda.so.1 not found): {{.*}}
  printf("device after failure: %s\n", d ? "set" : "NULL");
  // CHECK-NEXT: device after failure: NULL
  setenv("TILE_CUDA_LIBRARY", "libm.so.6", 1);
  show("not libcuda", tileRuntimeDeviceCreate(0, &d, &st));
  // CHECK-NEXT: not libcuda: no CUDA driver: the CUDA driver libm.so.6 lacks cuInit (too old, or not libcuda)
}

static void testLaunches(const char *fakeDriver) {
  TileRuntimeDevice *dev;
  setenv("TILE_CUDA_LIBRARY", fakeDriver, 1);
  setenv("FAKE_CUDA_DEVICES", "1", 1);
  show("device 1", tileRuntimeDeviceCreate(1, &dev, &st));
  // CHECK: device 1: no device: there is no GPU 1: the CUDA driver sees 1 (0 to 0)
  show("device 0", tileRuntimeDeviceCreate(0, &dev, &st));
  // CHECK-NEXT: device 0: ok:
  printf("%s sm_%d driver %d\n", tileRuntimeDeviceName(dev),
         tileRuntimeDeviceCapability(dev),
         tileRuntimeDeviceDriverVersion(dev));
  // CHECK-NEXT: Fake GPU sm_90 driver 13000

  /* scale(memref<?x64xf16>, f16, index, i32, i1, memref<?x?xf32>) */
  TilePackageArg scaleArgs[6] = {
      {1, 0, TILE_DTYPE_F16, 2, {-1, 64, 0}}, {0, 0, TILE_DTYPE_F16, 0, {0}},
      {0, 1, TILE_DTYPE_I64, 0, {0}},        {0, 0, TILE_DTYPE_I32, 0, {0}},
      {0, 0, TILE_DTYPE_BOOL, 0, {0}},       {1, 0, TILE_DTYPE_F32, 2, {-1, -1, 0}}};
  TileRuntimePackage *scale =
      makePackage("scale", "sm_80", kScalePtx, 6, scaleArgs, 0, 32);
  TileRuntimeKernel *k;
  show("kernel", tileRuntimeKernelCreate(dev, scale, &k, &st));
  // CHECK-NEXT: kernel: ok:
  void *a, *o;
  tileRuntimeDeviceAlloc(dev, 8 * 64 * 2, &a, &st);
  tileRuntimeDeviceAlloc(dev, 8 * 16 * 4, &o, &st);
  int64_t aShape[2] = {8, 64}, oShape[2] = {8, 16};
  TileRuntimeArg args[6] = {
      tileRuntimeArgMemref(a, 2, aShape), tileRuntimeArgFloat(1.5),
      tileRuntimeArgInt(7),               tileRuntimeArgInt(-1),
      tileRuntimeArgInt(1),               tileRuntimeArgMemref(o, 2, oShape)};
  TileRuntimeLaunchConfig cfg = {{3, 2, 1}, NULL, TILE_RUNTIME_ENTRY_AUTO, 0};
  TileRuntimeLaunchInfo info;
  show("launch", tileRuntimeKernelLaunch(k, args, 6, &cfg, &info, &st));
  // CHECK-NEXT: launch: ok:
  // LOG: launch scale grid 3,2,1 block 128 shared 0 stream default params 0x{{[0-9a-f]+}}(8) 0x8(8) 0x40(8) 0x40(8) 0x1(8) 0x3e00(2) 0x7(8) 0xffffffff(4) 0x1(1) 0x{{[0-9a-f]+}}(8) 0x8(8) 0x10(8) 0x10(8) 0x1(8){{$}}
  printf("aligned %d block %d\n", info.aligned, info.blockThreads);
  // CHECK-NEXT: aligned 0 block 128

  /* The caller's stream and strides (a 8x16 window of a 8x32 array). */
  args[5].strides[0] = 32;
  args[5].strides[1] = 1;
  cfg.stream = (void *)0x5150;
  show("strided", tileRuntimeKernelLaunch(k, args, 6, &cfg, NULL, &st));
  // CHECK-NEXT: strided: ok:
  // LOG-NEXT: launch scale grid 3,2,1 block 128 shared 0 stream given 0x5150 params {{.*}} 0x8(8) 0x10(8) 0x20(8) 0x1(8){{$}}
  cfg.stream = NULL;

  /* Arguments that do not fit: nothing is launched. */
  show("count", tileRuntimeKernelLaunch(k, args, 5, &cfg, NULL, &st));
  // CHECK-NEXT: count: argument mismatch: kernel @scale takes 6 arguments, got 5
  TileRuntimeArg saved = args[0];
  args[0] = tileRuntimeArgInt(3);
  show("scalar for memref", tileRuntimeKernelLaunch(k, args, 6, &cfg, NULL, &st));
  // CHECK-NEXT: scalar for memref: argument mismatch: argument #0 (memref<?x64xf16>): got an integer for a memref
  args[0] = saved;
  args[1] = tileRuntimeArgInt(1);
  show("int for float", tileRuntimeKernelLaunch(k, args, 6, &cfg, NULL, &st));
  // CHECK-NEXT: int for float: argument mismatch: argument #1 (f16): got an integer for a float scalar
  args[1] = tileRuntimeArgMemref1(a, 4);
  show("memref for scalar", tileRuntimeKernelLaunch(k, args, 6, &cfg, NULL, &st));
  // CHECK-NEXT: memref for scalar: argument mismatch: argument #1 (f16): got a memref for a float scalar
  args[1] = tileRuntimeArgFloat(1.5);
  args[2] = tileRuntimeArgFloat(7);
  show("float for index", tileRuntimeKernelLaunch(k, args, 6, &cfg, NULL, &st));
  // CHECK-NEXT: float for index: argument mismatch: argument #2 (index): got a float for an index scalar
  args[2] = tileRuntimeArgInt(7);
  args[0].rank = 1;
  show("rank", tileRuntimeKernelLaunch(k, args, 6, &cfg, NULL, &st));
  // CHECK-NEXT: rank: argument mismatch: argument #0 (memref<?x64xf16>): rank 1 (shape 8), the memref has rank 2
  args[0] = saved;
  args[0].shape[1] = 32;
  show("static size", tileRuntimeKernelLaunch(k, args, 6, &cfg, NULL, &st));
  // CHECK-NEXT: static size: argument mismatch: argument #0 (memref<?x64xf16>): shape 8x32, but dimension 1 of the memref is 64
  args[0].shape[0] = (int64_t)1 << 26;
  args[0].shape[1] = 64;
  show("too big", tileRuntimeKernelLaunch(k, args, 6, &cfg, NULL, &st));
  // CHECK-NEXT: too big: argument mismatch: argument #0 (memref<?x64xf16>): shape 67108864x64, 2^31 or more elements, which a package compiled with index-bits=32 cannot index (compile it with index-bits=64)
  /* Few elements, but the last lies 2^31 elements past the base. */
  args[0].shape[0] = 2;
  args[0].strides[0] = (int64_t)1 << 31;
  args[0].strides[1] = 1;
  show("far stride", tileRuntimeKernelLaunch(k, args, 6, &cfg, NULL, &st));
  printf("far stride needs %d bits, the rest %d\n",
         tileRuntimeArgsIndexBits(args, 6), tileRuntimeArgsIndexBits(args + 1, 5));
  // CHECK-NEXT: far stride: argument mismatch: argument #0 (memref<?x64xf16>): shape 2x64, 2^31 or more elements, which a package compiled with index-bits=32 cannot index (compile it with index-bits=64)
  // CHECK-NEXT: far stride needs 64 bits, the rest 32
  /* The same kernel compiled with index-bits=64 takes both. */
  TileRuntimePackage *wide =
      makePackage("scale", "sm_80", kScalePtx, 6, scaleArgs, 0, 64);
  TileRuntimeKernel *wideKernel;
  show("wide kernel", tileRuntimeKernelCreate(dev, wide, &wideKernel, &st));
  // CHECK-NEXT: wide kernel: ok:
  show("wide far stride", tileRuntimeKernelLaunch(wideKernel, args, 6, &cfg, NULL, &st));
  // CHECK-NEXT: wide far stride: ok:
  // LOG-NEXT: launch scale grid 3,2,1 block 128 shared 0 stream default params 0x{{[0-9a-f]+}}(8) 0x2(8) 0x40(8) 0x80000000(8) 0x1(8) {{.*}}
  args[0].shape[0] = (int64_t)1 << 26;
  args[0].strides[0] = 0;
  args[0].strides[1] = 0;
  show("wide too big", tileRuntimeKernelLaunch(wideKernel, args, 6, &cfg, NULL, &st));
  // CHECK-NEXT: wide too big: ok:
  // LOG-NEXT: launch scale grid 3,2,1 block 128 shared 0 stream default params 0x{{[0-9a-f]+}}(8) 0x4000000(8) 0x40(8) 0x40(8) 0x1(8) {{.*}}
  tileRuntimeKernelDestroy(wideKernel);
  tileRuntimePackageDestroy(wide);
  args[0] = saved;
  args[0].strides[0] = 128;
  args[0].strides[1] = 2;
  show("inner stride", tileRuntimeKernelLaunch(k, args, 6, &cfg, NULL, &st));
  // CHECK-NEXT: inner stride: argument mismatch: argument #0 (memref<?x64xf16>): innermost stride 2; the kernel reads rows contiguously (stride 1)
  args[0] = saved;
  args[0].data = NULL;
  show("null data", tileRuntimeKernelLaunch(k, args, 6, &cfg, NULL, &st));
  // CHECK-NEXT: null data: argument mismatch: argument #0 (memref<?x64xf16>): NULL data for shape 8x64
  args[0] = saved;
  cfg.grid[1] = 0;
  show("grid", tileRuntimeKernelLaunch(k, args, 6, &cfg, NULL, &st));
  // CHECK-NEXT: grid: invalid argument: grid dimension y is 0; CUDA allows 1 to 65535
  cfg.grid[1] = 2;
  show("no aligned entry", tileRuntimeKernelLaunch(k, args, 6, &(TileRuntimeLaunchConfig){{1, 1, 1}, NULL, TILE_RUNTIME_ENTRY_ALIGNED, 0}, NULL, &st));
  // CHECK-NEXT: no aligned entry: invalid argument: the package of @scale has no aligned entry
  TileRuntimeKernelResources res;
  show("resources", tileRuntimeKernelResources(k, TILE_RUNTIME_ENTRY_AUTO, &res, &st));
  printf("registers %d shared %d+%d\n", res.numRegs, res.staticShared,
         res.dynamicShared);
  // CHECK-NEXT: resources: ok:
  // CHECK-NEXT: registers 32 shared 0+0
  TileRuntimeBenchmark b;
  show("benchmark", tileRuntimeKernelBenchmark(k, args, 6, &cfg, 1, 3, &b, &st));
  printf("iterations %d median %.2f us\n", b.iters, b.medianUs);
  // CHECK-NEXT: benchmark: ok:
  // The stand-in's launches take 1 us per block: 6 blocks.
  // CHECK-NEXT: iterations 3 median 6.00 us
  // LOG-COUNT-4: launch scale grid 3,2,1
  TileRuntimeBenchmarkOptions how = {2, 5, 1};
  show("flushed benchmark",
       tileRuntimeKernelBenchmarkWith(k, args, 6, &cfg, &how, &b, &st));
  printf("iterations %d median %.2f us\n", b.iters, b.medianUs);
  // CHECK-NEXT: flushed benchmark: ok:
  // CHECK-NEXT: iterations 5 median 6.00 us
  // LOG-COUNT-7: launch scale grid 3,2,1
  show("benchmark without options",
       tileRuntimeKernelBenchmarkWith(k, args, 6, &cfg, NULL, &b, &st));
  // CHECK-NEXT: benchmark without options: invalid argument: benchmark: 1 to 1000000 iterations and 0 to 1000000 warmup launches (got 0 and 0)
  tileRuntimeKernelDestroy(k);

  /* copy(memref<?x?xf16>, memref<?x?xf16>): an aligned entry with a
   * tensor map for x, for sm_90a. */
  TilePackageArg copyArgs[2] = {{1, 0, TILE_DTYPE_F16, 2, {-1, -1, 0}},
                                {1, 0, TILE_DTYPE_F16, 2, {-1, -1, 0}}};
  TileRuntimePackage *copy =
      makePackage("copy", "sm_90a", kCopyPtx, 2, copyArgs, 1, 32);
  show("copy kernel", tileRuntimeKernelCreate(dev, copy, &k, &st));
  // CHECK-NEXT: copy kernel: ok:
  int64_t shape[2] = {8, 64};
  TileRuntimeArg cargs[2] = {tileRuntimeArgMemref(a, 2, shape),
                             tileRuntimeArgMemref(o, 2, shape)};
  show("aligned", tileRuntimeKernelLaunch(k, cargs, 2, &cfg, &info, &st));
  printf("aligned %d\n", info.aligned);
  // CHECK-NEXT: aligned: ok:
  // CHECK-NEXT: aligned 1
  // LOG-NEXT: launch copy__aligned16 grid 3,2,1 block 128 shared 0 stream default params {{.*}} 0x8(8) 0x40(8) 0x40(8) 0x1(8) {type 1 dims 64,8 strides 128 box 64,64 swizzle 3 promotion 2}{{$}}
  /* Rows of 256 bytes: L2 fills of 256 bytes; of 128 where rows do not
   * start on 256-byte boundaries (above). */
  int64_t rows256[2] = {4, 128};
  TileRuntimeArg wargs[2] = {tileRuntimeArgMemref(a, 2, rows256),
                             tileRuntimeArgMemref(o, 2, rows256)};
  show("256-byte rows", tileRuntimeKernelLaunch(k, wargs, 2, &cfg, &info, &st));
  // CHECK-NEXT: 256-byte rows: ok:
  // LOG-NEXT: launch copy__aligned16 grid 3,2,1 block 128 shared 0 stream default params {{.*}} {type 1 dims 128,4 strides 256 box 64,64 swizzle 3 promotion 3}{{$}}
  /* An innermost size of 14 bytes: the generic entry. */
  cargs[0].shape[1] = cargs[1].shape[1] = 7;
  show("odd size", tileRuntimeKernelLaunch(k, cargs, 2, &cfg, &info, &st));
  printf("aligned %d\n", info.aligned);
  // CHECK-NEXT: odd size: ok:
  // CHECK-NEXT: aligned 0
  // LOG-NEXT: launch copy grid 3,2,1 block 128 shared 0 stream default params {{.*}} 0x8(8) 0x7(8) 0x7(8) 0x1(8){{$}}
  cfg.entry = TILE_RUNTIME_ENTRY_ALIGNED;
  show("forced aligned", tileRuntimeKernelLaunch(k, cargs, 2, &cfg, &info, &st));
  // CHECK-NEXT: forced aligned: argument mismatch: the aligned entry of @copy does not apply: argument #0: its innermost size is not a multiple of 16 bytes
  cargs[0].shape[1] = cargs[1].shape[1] = 64;
  cargs[1].data = (char *)o + 2;
  show("unaligned base", tileRuntimeKernelLaunch(k, cargs, 2, &cfg, &info, &st));
  // CHECK-NEXT: unaligned base: argument mismatch: the aligned entry of @copy does not apply: argument #1: its address is not 16-byte aligned
  cargs[1].data = o;
  cargs[1].strides[0] = 68; /* rows padded to 136 bytes */
  cargs[1].strides[1] = 1;
  show("strided", tileRuntimeKernelLaunch(k, cargs, 2, &cfg, &info, &st));
  // CHECK-NEXT: strided: argument mismatch: the aligned entry of @copy does not apply: argument #1: an outer stride is not a multiple of 16 bytes
  cargs[1].strides[0] = 32; /* rows overlapping */
  show("overlapping", tileRuntimeKernelLaunch(k, cargs, 2, &cfg, &info, &st));
  // CHECK-NEXT: overlapping: argument mismatch: the aligned entry of @copy does not apply: argument #1: its strides are not those of a C-order array
  /* Rows padded to 144 bytes (a window of a wider array) take the
   * aligned entry; the tensor map has the padded stride. */
  cargs[1].strides[0] = cargs[1].strides[1] = 0;
  cargs[0].strides[0] = 72;
  cargs[0].strides[1] = 1;
  show("padded", tileRuntimeKernelLaunch(k, cargs, 2, &cfg, &info, &st));
  printf("aligned %d\n", info.aligned);
  // CHECK-NEXT: padded: ok:
  // CHECK-NEXT: aligned 1
  // LOG-NEXT: launch copy__aligned16 grid 3,2,1 block 128 shared 0 stream default params {{.*}} 0x8(8) 0x40(8) 0x48(8) 0x1(8) 0x{{[0-9a-f]+}}(8) 0x8(8) 0x40(8) 0x40(8) 0x1(8) {type 1 dims 64,8 strides 144 box 64,64 swizzle 3 promotion 2}{{$}}
  cargs[0].strides[0] = cargs[0].strides[1] = 0;
  cfg.entry = TILE_RUNTIME_ENTRY_GENERIC;
  show("forced generic", tileRuntimeKernelLaunch(k, cargs, 2, &cfg, &info, &st));
  printf("aligned %d\n", info.aligned);
  // CHECK-NEXT: forced generic: ok:
  // CHECK-NEXT: aligned 0
  // LOG-NEXT: launch copy grid 3,2,1
  cfg.entry = TILE_RUNTIME_ENTRY_AUTO;

  /* The same kernel over f32: the tensor map takes the f32 type (a bulk
   * reduction adds as its type says; a copy moves the same bits). */
  TilePackageArg copy32Args[2] = {{1, 0, TILE_DTYPE_F32, 2, {-1, -1, 0}},
                                  {1, 0, TILE_DTYPE_F32, 2, {-1, -1, 0}}};
  TileRuntimePackage *copy32 =
      makePackage("copy", "sm_90a", kCopyPtx, 2, copy32Args, 2, 32);
  TileRuntimeKernel *k32;
  show("f32 copy kernel", tileRuntimeKernelCreate(dev, copy32, &k32, &st));
  // CHECK-NEXT: f32 copy kernel: ok:
  cargs[0].shape[1] = cargs[1].shape[1] = 32;
  show("f32 aligned", tileRuntimeKernelLaunch(k32, cargs, 2, &cfg, &info, &st));
  // CHECK-NEXT: f32 aligned: ok:
  // LOG-NEXT: launch copy__aligned16 grid 3,2,1 block 128 shared 0 stream default params {{.*}} {type 7 dims 32,8 strides 128 box 32,64 swizzle 3 promotion 2}{{$}}
  cargs[0].shape[1] = cargs[1].shape[1] = 64;
  tileRuntimeKernelDestroy(k32);
  tileRuntimePackageDestroy(copy32);

  /* A fault shows at the synchronization of a synchronous launch. */
  setenv("FAKE_CUDA_FAULT", "1", 1);
  cfg.synchronize = 1;
  show("fault", tileRuntimeKernelLaunch(k, cargs, 2, &cfg, &info, &st));
  // CHECK-NEXT: fault: CUDA error: kernel 'copy' (grid 3x2x1, block 128) failed: cuCtxSynchronize failed: CUDA_ERROR_ILLEGAL_ADDRESS (an illegal memory access was encountered; code 700)
  /* A failed tile.assert is its own kind, as on the CPU (tile-c/CpuRun.h). */
  setenv("FAKE_CUDA_FAULT", "assert", 1);
  show("assert", tileRuntimeKernelLaunch(k, cargs, 2, &cfg, &info, &st));
  // CHECK-NEXT: assert: assert failed: kernel 'copy' (grid 3x2x1, block 128) failed: device assert failed (its message, location and program are printed above): cuCtxSynchronize reported CUDA_ERROR_ASSERT (code 710)
  unsetenv("FAKE_CUDA_FAULT");
  tileRuntimeKernelDestroy(k);

  /* A package for another chip. */
  TileRuntimePackage *other =
      makePackage("copy", "sm_100a", kCopyPtx, 2, copyArgs, 0, 32);
  show("other chip", tileRuntimeKernelCreate(dev, other, &k, &st));
  // CHECK-NEXT: other chip: wrong chip: the package is built for sm_100a but the GPU (Fake GPU) is sm_90: an sm_NNa image runs only on exactly that compute capability
  tileRuntimeDeviceFree(dev, a);
  tileRuntimeDeviceFree(dev, o);
  tileRuntimePackageDestroy(other);
  tileRuntimePackageDestroy(copy);
  tileRuntimePackageDestroy(scale);
  tileRuntimeDeviceDestroy(dev);
}

/* Variant files through the public API: two variants of the vecadd
 * package (one for 1024 elements with its grid, one default) picked by
 * the arguments' shapes; indices out of range; NULLs; not a variant file. */
static void testVariants(const char *pkgPath, const char *dir) {
  size_t size = 0;
  unsigned char *bytes = readAll(pkgPath, &size);
  char path[600], err[1024];
  snprintf(path, sizeof path, "%s/v.tvar", dir);
  remove(path);
  int64_t grid[3] = {8, 1, 1}, none[3] = {0, 0, 0};
  int failed = tileVariantsAdd(path, "f32 1024; f32 1024; f32 1024", grid,
                               bytes, size, err, sizeof err) ||
               tileVariantsAdd(path, "", none, bytes, size, err, sizeof err);
  printf("variants written: %s\n", failed ? err : "ok");
  // CHECK: variants written: ok
  free(bytes);
  TileRuntimeVariants *v = NULL;
  show("variants", tileRuntimeVariantsLoadFile(path, &v, &st));
  // CHECK-NEXT: variants: ok:
  printf("count %d kernel %s\n", tileRuntimeVariantsCount(v),
         tileRuntimePackageKernelName(tileRuntimeVariantsPackage(v, 0)));
  // CHECK-NEXT: count 2 kernel vecadd
  int64_t n = 1024, m = 77;
  TileRuntimeArg args[3] = {tileRuntimeArgMemref1(NULL, n),
                            tileRuntimeArgMemref1(NULL, n),
                            tileRuntimeArgMemref1(NULL, n)};
  int index = -1;
  show("pick 1024", tileRuntimeVariantsPick(v, args, 3, &index, &st));
  tileRuntimeVariantsGrid(v, index, grid);
  printf("index %d key '%s' grid %lld\n", index,
         tileRuntimeVariantsKey(v, index), (long long)grid[0]);
  // CHECK-NEXT: pick 1024: ok:
  // CHECK-NEXT: index 0 key 'f32 1024; f32 1024; f32 1024' grid 8
  for (int i = 0; i < 3; ++i)
    args[i] = tileRuntimeArgMemref1(NULL, m);
  show("pick 77", tileRuntimeVariantsPick(v, args, 3, &index, &st));
  tileRuntimeVariantsGrid(v, index, grid);
  printf("index %d key '%s' grid %lld\n", index,
         tileRuntimeVariantsKey(v, index), (long long)grid[0]);
  // CHECK-NEXT: pick 77: ok:
  // CHECK-NEXT: index 1 key '' grid 0
  printf("out of range: %s %s\n",
         tileRuntimeVariantsPackage(v, 2) ? "package" : "NULL",
         tileRuntimeVariantsKey(v, -1) ? "key" : "NULL");
  // CHECK-NEXT: out of range: NULL NULL
  show("pick NULL", tileRuntimeVariantsPick(v, NULL, 3, &index, &st));
  // CHECK-NEXT: pick NULL: invalid argument: tileRuntimeVariantsPick: args is NULL
  tileRuntimeVariantsDestroy(v);
  show("a package", tileRuntimeVariantsLoadFile(pkgPath, &v, &st));
  // CHECK-NEXT: a package: bad package: {{.*}}: not a variant file (no TILEVARS magic)
  show("no bytes", tileRuntimeVariantsLoadMemory(NULL, 4, "x", &v, &st));
  // CHECK-NEXT: no bytes: invalid argument: tileRuntimeVariantsLoadMemory: bytes is NULL
}

/* A stream-K GEMM (format 9's persistent flag 2): a launch that splits
 * its programs on another stream than the last one that did waits for it
 * (they share the module's workspace); launches that split nothing, and
 * those on the same stream, do not wait. */
static void testStreamK(const char *path) {
  TileRuntimeDevice *dev;
  TileRuntimePackage *pkg;
  TileRuntimeKernel *k;
  show("stream-K package", tileRuntimePackageLoadFile(path, &pkg, &st));
  // CHECK: stream-K package: ok:
  tileRuntimeDeviceCreate(0, &dev, &st);
  show("stream-K kernel", tileRuntimeKernelCreate(dev, pkg, &k, &st));
  // CHECK-NEXT: stream-K kernel: ok:
  /* Rows of 1001 halves: the generic entry, PTX, whose parameters the
   * stand-in logs. */
  void *a, *b, *c;
  tileRuntimeDeviceAlloc(dev, 1000 * 1001 * 2, &a, &st);
  tileRuntimeDeviceAlloc(dev, 1001 * 1001 * 2, &b, &st);
  tileRuntimeDeviceAlloc(dev, 1000 * 1001 * 2, &c, &st);
  int64_t aShape[2] = {1000, 1001}, bShape[2] = {1001, 1001};
  TileRuntimeArg args[3] = {tileRuntimeArgMemref(a, 2, aShape),
                            tileRuntimeArgMemref(b, 2, bShape),
                            tileRuntimeArgMemref(c, 2, aShape)};
  /* 32 programs on 132 blocks: 4 parts each (128 blocks); 200: a last
   * wave of 68, not split. */
  struct {
    int64_t programs;
    uintptr_t stream;
  } launches[] = {{32, 0x10}, {32, 0x20}, {32, 0x20}, {200, 0x10}, {32, 0x10}};
  for (size_t i = 0; i < sizeof launches / sizeof launches[0]; ++i) {
    TileRuntimeLaunchConfig cfg = {{launches[i].programs, 1, 1},
                                   (void *)launches[i].stream,
                                   TILE_RUNTIME_ENTRY_AUTO, 0};
    TileRuntimeLaunchInfo info;
    show("stream-K launch", tileRuntimeKernelLaunch(k, args, 3, &cfg, &info,
                                                    &st));
    printf("blocks %lld\n", (long long)info.blocks);
  }
  // CHECK-NEXT: stream-K launch: ok:
  // CHECK-NEXT: blocks 128
  // CHECK-NEXT: stream-K launch: ok:
  // CHECK-NEXT: blocks 128
  // CHECK-NEXT: stream-K launch: ok:
  // CHECK-NEXT: blocks 128
  // CHECK-NEXT: stream-K launch: ok:
  // CHECK-NEXT: blocks 200
  // CHECK-NEXT: stream-K launch: ok:
  // CHECK-NEXT: blocks 128
  // LOG: launch matmul_f16_128x256x64 grid 128,1,1 block 256 shared {{[0-9]+}} stream given 0x10 params {{.*}} 0x20(4) 0x0(4) 0x4(4){{$}}
  // LOG-NEXT: stream 0x20 waits for an event
  // LOG-NEXT: launch matmul_f16_128x256x64 grid 128,1,1 {{.*}} stream given 0x20 params
  // LOG-NEXT: launch matmul_f16_128x256x64 grid 128,1,1 {{.*}} stream given 0x20 params
  // LOG-NEXT: launch matmul_f16_128x256x64 grid 200,1,1 {{.*}} stream given 0x10 params {{.*}} 0xc8(4) 0xc8(4) 0x1(4){{$}}
  // LOG-NEXT: stream 0x10 waits for an event
  // LOG-NEXT: launch matmul_f16_128x256x64 grid 128,1,1 {{.*}} stream given 0x10 params
  tileRuntimeDeviceFree(dev, a);
  tileRuntimeDeviceFree(dev, b);
  tileRuntimeDeviceFree(dev, c);
  tileRuntimeKernelDestroy(k);
  tileRuntimeDeviceDestroy(dev);
  tileRuntimePackageDestroy(pkg);
}

int main(int argc, char **argv) {
  if (argc != 4) {
    fprintf(stderr,
            "usage: tile-runtime-api-test PACKAGE FAKE_DRIVER STREAM_K_PACKAGE\n");
    return 2;
  }
  testPackages(argv[1]);
  char dir[512];
  snprintf(dir, sizeof dir, "%s", argv[1]);
  char *slash = strrchr(dir, '/');
  if (slash)
    *slash = '\0';
  else
    snprintf(dir, sizeof dir, ".");
  testNoDriver();
  testLaunches(argv[2]);
  testVariants(argv[1], dir);
  testStreamK(argv[3]);
  printf("done\n");
  // CHECK: done
  return 0;
}
