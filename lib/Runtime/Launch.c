/* Running a package on the GPU; see Launch.h. */
#define _GNU_SOURCE /* memmem */
#include "lib/Runtime/Launch.h"


#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/Runtime/Clock.h"
#include "lib/Runtime/Error.h"
#include "lib/Runtime/Fp8.h"
#include "lib/Runtime/Half.h"

/* Parameters per argument: a memref of rank 3 takes 1 + 3 + 3. */
#define MAX_PARAMS (TILE_PACKAGE_MAX_ARGS * 7 + TILE_PACKAGE_MAX_TENSOR_MAPS)
#define MAX_BENCH_ITERS 1000000

/* The MLIR spelling of an element type, where it is not the dtype's name. */
static const char *mlirElementName(TileDType d) {
  switch (d) {
  case TILE_DTYPE_BOOL:
    return "i1";
  case TILE_DTYPE_F8E4M3:
    return "f8E4M3FN";
  case TILE_DTYPE_F8E5M2:
    return "f8E5M2";
  default:
    return tileDTypeName(d);
  }
}

void tileLaunchArgType(const TilePackageArg *a, char *buf, size_t size) {
  if (!a->isMemref) {
    snprintf(buf, size, "%s", a->isIndex ? "index" : mlirElementName(a->dtype));
    return;
  }
  size_t n = (size_t)snprintf(buf, size, "memref<");
  for (int d = 0; d < a->rank && n < size; ++d) {
    if (a->shape[d] < 0)
      n += (size_t)snprintf(buf + n, size - n, "?x");
    else
      n += (size_t)snprintf(buf + n, size - n, "%lldx",
                            (long long)a->shape[d]);
  }
  if (n < size)
    snprintf(buf + n, size - n, "%s>", mlirElementName(a->dtype));
}

int tileLaunchValidate(const TilePackage *p, const TileLaunchArg *args,
                       int numArgs, char *err, size_t errSize) {
  if (numArgs != p->numArgs)
    return tileFail(err, errSize, "kernel @%s takes %d argument%s, got %d",
                 p->kernelName, p->numArgs, p->numArgs == 1 ? "" : "s",
                 numArgs);
  for (int i = 0; i < numArgs; ++i) {
    const TilePackageArg *a = &p->args[i];
    const TileHostArray *v = args[i].array;
    char type[96], shape[128];
    tileLaunchArgType(a, type, sizeof type);
    if (!a->isMemref) {
      if (v)
        return tileFail(err, errSize,
                     "argument #%d (%s): got an array for a scalar", i, type);
      continue;
    }
    if (!v)
      return tileFail(err, errSize, "argument #%d (%s): got a scalar for a memref",
                   i, type);
    if (tileHostArrayCheckMemref(v, i, type, "array", a->dtype, a->rank,
                                 a->shape, err, errSize))
      return 1;
    /* The GPU lowering computes element offsets in 32 bits. */
    size_t elems = 0, bytes = 0;
    if (tileShapeNumElements(v->rank, v->shape, 0, &elems, &bytes) ||
        elems > (size_t)INT32_MAX) {
      tileShapeFormat(v->rank, v->shape, shape, sizeof shape);
      return tileFail(err, errSize,
                   "argument #%d (%s): array has shape %s, more than 2^31-1 "
                   "elements, which the GPU lowering cannot index",
                   i, type, shape);
    }
  }
  return 0;
}

/* Device buffers and packed parameters of one run. */
typedef struct {
  TileDevicePtr buffers[TILE_PACKAGE_MAX_ARGS];
  uint64_t slots[MAX_PARAMS]; /* each parameter's bytes, at the slot start */
  void *params[MAX_PARAMS];
  int numParams;
  /* The aligned entry's tensor maps (CUtensorMap: 128 bytes, 64-aligned). */
  _Alignas(64) unsigned char tensorMaps[TILE_PACKAGE_MAX_TENSOR_MAPS][128];
} Params;

static void pushBytes(Params *ps, const void *bytes, size_t n) {
  uint64_t *slot = &ps->slots[ps->numParams];
  *slot = 0;
  memcpy(slot, bytes, n);
  ps->params[ps->numParams++] = slot;
}

static void pushI64(Params *ps, int64_t v) { pushBytes(ps, &v, sizeof v); }

/* A scalar at its own width (Package.h). */
static void pushScalar(Params *ps, const TilePackageArg *a,
                       const TileLaunchArg *v) {
  switch (a->dtype) {
  case TILE_DTYPE_BOOL: {
    uint8_t b = v->i != 0;
    pushBytes(ps, &b, 1);
    return;
  }
  case TILE_DTYPE_I8: {
    int8_t x = (int8_t)v->i;
    pushBytes(ps, &x, 1);
    return;
  }
  case TILE_DTYPE_I16: {
    int16_t x = (int16_t)v->i;
    pushBytes(ps, &x, 2);
    return;
  }
  case TILE_DTYPE_I32: {
    int32_t x = (int32_t)v->i;
    pushBytes(ps, &x, 4);
    return;
  }
  case TILE_DTYPE_F16: {
    uint16_t h = tileF32ToF16((float)v->f);
    pushBytes(ps, &h, 2);
    return;
  }
  case TILE_DTYPE_BF16: {
    uint16_t h = tileF32ToBF16((float)v->f);
    pushBytes(ps, &h, 2);
    return;
  }
  case TILE_DTYPE_F8E4M3: {
    uint8_t b = tileF32ToF8E4M3((float)v->f);
    pushBytes(ps, &b, 1);
    return;
  }
  case TILE_DTYPE_F8E5M2: {
    uint8_t b = tileF32ToF8E5M2((float)v->f);
    pushBytes(ps, &b, 1);
    return;
  }
  case TILE_DTYPE_F32: {
    float x = (float)v->f;
    pushBytes(ps, &x, 4);
    return;
  }
  case TILE_DTYPE_F64:
    pushBytes(ps, &v->f, 8);
    return;
  default: /* I64 and index */
    pushI64(ps, v->i);
    return;
  }
}

static void freeBuffers(TileCuda *cu, Params *ps) {
  for (int i = 0; i < TILE_PACKAGE_MAX_ARGS; ++i)
    tileCudaFree(cu, ps->buffers[i]);
}

/* Allocates and uploads the memrefs and packs every parameter. */
static int prepareParams(TileCuda *cu, const TilePackage *p,
                         const TileLaunchArg *args, bool aligned, Params *ps,
                         char *err, size_t errSize) {
  char inner[512];
  for (int i = 0; i < p->numArgs; ++i) {
    const TilePackageArg *a = &p->args[i];
    if (!a->isMemref) {
      pushScalar(ps, a, &args[i]);
      continue;
    }
    const TileHostArray *v = args[i].array;
    if (tileCudaMalloc(cu, v->bytes, &ps->buffers[i], inner, sizeof inner) ||
        tileCudaCopyToDevice(cu, ps->buffers[i], v->data, v->bytes, inner,
                             sizeof inner))
      return tileFail(err, errSize, "argument #%d (%zu bytes): %s", i, v->bytes,
                   inner);
    uint64_t ptr = ps->buffers[i];
    pushBytes(ps, &ptr, sizeof ptr);
    for (int d = 0; d < a->rank; ++d)
      pushI64(ps, v->shape[d]);
    int64_t strides[3];
    strides[a->rank - 1] = 1;
    for (int d = a->rank - 2; d >= 0; --d)
      strides[d] = strides[d + 1] * v->shape[d + 1];
    for (int d = 0; d < a->rank; ++d)
      pushI64(ps, strides[d]);
  }
  /* The aligned entry's tensor maps come last (Package.h). */
  for (int i = 0; aligned && i < p->numTensorMaps; ++i) {
    const TilePackageTensorMap *t = &p->tensorMaps[i];
    const TileHostArray *v = args[t->arg].array;
    if (tileCudaEncodeTensorMap(cu, ps->tensorMaps[i], ps->buffers[t->arg],
                                (int)tileDTypeSize(v->dtype),
                                p->args[t->arg].rank, v->shape, t->boxRows,
                                t->boxCols, t->swizzleBytes, inner,
                                sizeof inner))
      return tileFail(err, errSize, "argument #%d's tensor map: %s", t->arg,
                      inner);
    ps->params[ps->numParams++] = ps->tensorMaps[i];
  }
  return 0;
}

static int cmpDouble(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* Launches `iters` times after `warmup`, with an event between launches so
 * the GPU never waits for the host, and fills the timing fields. */
static int bench(TileCuda *cu, TileCudaKernel *k, const int64_t grid[3],
                 int block, Params *ps, const TileBenchOptions *opt,
                 TileLaunchResult *out, char *err, size_t errSize) {
  if (opt->iters > MAX_BENCH_ITERS || opt->warmup < 0 ||
      opt->warmup > MAX_BENCH_ITERS)
    return tileFail(err, errSize, "bench: at most %d warmup launches and "
                 "iterations", MAX_BENCH_ITERS);
  for (int i = 0; i < opt->warmup; ++i)
    if (tileCudaLaunch(cu, k, grid, block, ps->params, err, errSize))
      return 1;
  int n = opt->iters;
  TileCudaEvent **events = calloc((size_t)n + 1, sizeof *events);
  double *us = calloc((size_t)n, sizeof *us);
  int failed = !events || !us;
  if (failed)
    tileFail(err, errSize, "out of memory");
  for (int i = 0; !failed && i <= n; ++i)
    failed = tileCudaEventCreate(cu, &events[i], err, errSize);
  failed = failed || tileCudaEventRecord(events[0], err, errSize);
  for (int i = 0; !failed && i < n; ++i)
    failed = tileCudaLaunch(cu, k, grid, block, ps->params, err, errSize) ||
             tileCudaEventRecord(events[i + 1], err, errSize);
  for (int i = 0; !failed && i < n; ++i) {
    float ms;
    failed = tileCudaEventElapsed(events[i], events[i + 1], &ms, err, errSize);
    us[i] = 1e3 * ms;
  }
  if (!failed) {
    qsort(us, (size_t)n, sizeof *us, cmpDouble);
    out->iters = n;
    out->minUs = us[0];
    out->maxUs = us[n - 1];
    out->medianUs = n % 2 ? us[n / 2] : 0.5 * (us[n / 2 - 1] + us[n / 2]);
    double seconds = out->medianUs * 1e-6;
    if (seconds > 0) {
      out->gbPerSecond = out->bytes / seconds * 1e-9;
      out->tflopPerSecond = out->flops / seconds * 1e-12;
    }
  }
  for (int i = 0; events && i <= n; ++i)
    tileCudaEventDestroy(events[i]);
  free(events);
  free(us);
  return failed;
}

static int runLoaded(TileCuda *cu, const TilePackage *p, TileCudaKernel *k,
                     const TileLaunchArg *args, const int64_t grid[3],
                     const TileBenchOptions *opt, Params *ps,
                     TileLaunchResult *out, char *err, size_t errSize) {
  if (prepareParams(cu, p, args, out->aligned, ps, err, errSize))
    return 1;
  int block = 32 * (p->numWarps + p->producerWarps);
  TileCudaEvent *start = NULL, *end = NULL;
  float ms = 0;
  int failed = tileCudaEventCreate(cu, &start, err, errSize) ||
               tileCudaEventCreate(cu, &end, err, errSize) ||
               tileCudaEventRecord(start, err, errSize) ||
               tileCudaLaunch(cu, k, grid, block, ps->params, err, errSize) ||
               tileCudaEventRecord(end, err, errSize) ||
               tileCudaSynchronize(cu, err, errSize) ||
               tileCudaEventElapsed(start, end, &ms, err, errSize);
  tileCudaEventDestroy(start);
  tileCudaEventDestroy(end);
  if (failed) {
    /* Which kernel, and how it was launched: a fault (an illegal address)
     * surfaces at the synchronization after it. */
    char why[512];
    snprintf(why, sizeof why, "%s", err);
    return tileFail(err, errSize,
                    "kernel '%s' (grid %lldx%lldx%lld, block %d) failed: %s",
                    p->kernelName, (long long)grid[0], (long long)grid[1],
                    (long long)grid[2], block, why);
  }
  out->launchUs = 1e3 * ms;
  char inner[512];
  for (int i = 0; i < p->numArgs; ++i) {
    TileHostArray *v = args[i].array;
    if (p->args[i].isMemref &&
        tileCudaCopyToHost(cu, v->data, ps->buffers[i], v->bytes, inner,
                           sizeof inner))
      return tileFail(err, errSize, "argument #%d: copying back: %s", i, inner);
  }
  if (opt && opt->iters > 0)
    return bench(cu, k, grid, block, ps, opt, out, err, errSize) ||
           tileCudaSynchronize(cu, err, errSize);
  return 0;
}

/* Whether the image names entry `name` (a cubin's string table holds it
 * NUL-terminated, PTX as ".entry NAME("): hand-written packages have no
 * aligned entry, and asking the driver for a missing one is an API error
 * that compute-sanitizer reports. */
static bool imageNames(const TilePackage *p, const char *name) {
  size_t n = strlen(name);
  const char *at = p->image, *end = at + p->imageSize;
  while (at && (size_t)(end - at) > n) {
    at = memmem(at, (size_t)(end - at), name, n);
    if (at && at + n < end && (at[n] == '\0' || at[n] == '('))
      return true;
    if (at)
      ++at;
  }
  return false;
}

static int argsAligned16(const TilePackage *p, const TileLaunchArg *args) {
  for (int i = 0; i < p->numArgs; ++i) {
    if (!p->args[i].isMemref)
      continue;
    const TileHostArray *a = args[i].array;
    int64_t inner = a->rank > 0 ? a->shape[a->rank - 1] : 1;
    if ((inner * (int64_t)tileDTypeSize(a->dtype)) % 16 != 0)
      return 0;
  }
  return 1;
}

int tileLaunchRun(TileCuda *cu, const TilePackage *p,
                  const TileLaunchArg *args, int numArgs,
                  const int64_t grid[3], const TileBenchOptions *bench,
                  TileLaunchResult *out, char *err, size_t errSize) {
  memset(out, 0, sizeof *out);
  if (tileLaunchValidate(p, args, numArgs, err, errSize) ||
      tileCudaCheckChip(cu, p->chip, p->imageKind, err, errSize))
    return 1;
  for (int i = 0; i < numArgs; ++i)
    if (p->args[i].isMemref)
      out->bytes += (double)args[i].array->bytes;
  out->flops = (double)p->flopsPerProgram * (double)grid[0] *
               (double)grid[1] * (double)grid[2];

  /* The aligned entry when every memref qualifies (device buffers from
   * cuMemAlloc are 256-byte aligned; C order makes every outer stride a
   * multiple of the innermost size) and the image has it. Otherwise the
   * generic entry: from the image, or compiled by the driver from the
   * package's own PTX for it (Package.h). */
  TileCudaKernel *k = NULL;
  char name[sizeof p->kernelName + sizeof TILE_ALIGNED_ENTRY_SUFFIX];
  snprintf(name, sizeof name, "%s%s", p->kernelName,
           TILE_ALIGNED_ENTRY_SUFFIX);
  if (argsAligned16(p, args) && imageNames(p, name)) {
    char ignored[512];
    out->aligned = tileCudaKernelLoad(cu, p->image, name, p->sharedBytes, &k,
                                      ignored, sizeof ignored) == 0;
  }
  out->genericFromPtx = !out->aligned && p->genericPtx;
  double loadStart = tileNowMs();
  if (!out->aligned &&
      tileCudaKernelLoad(cu, out->genericFromPtx ? p->genericPtx : p->image,
                         p->kernelName, p->sharedBytes, &k, err, errSize))
    return 1;
  if (out->genericFromPtx)
    out->jitMs = tileNowMs() - loadStart;
  tileCudaKernelInfo(k, &out->numRegs, &out->staticShared,
                     &out->dynamicShared);
  /* 64-byte aligned for the tensor maps (malloc promises 16). */
  size_t psBytes = (sizeof(Params) + 63) / 64 * 64;
  Params *ps = aligned_alloc(64, psBytes);
  if (ps)
    memset(ps, 0, psBytes);
  int failed = !ps ? tileFail(err, errSize, "out of memory")
                   : runLoaded(cu, p, k, args, grid, bench, ps, out, err,
                               errSize);
  if (ps)
    freeBuffers(cu, ps);
  free(ps);
  tileCudaKernelDestroy(k);
  return failed;
}
