/* The public runtime API's launches: checking the caller's arguments
 * against the package, choosing the entry, packing the kernel parameters
 * per the ABI in Package.h (pointer, sizes, strides in elements per memref;
 * scalars at their width; the aligned entry's tensor maps last) and
 * launching on the caller's stream; see tile-c/Runtime.h. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/Runtime/Index64.h"
#include "lib/Support/Error.h"
#include "lib/Support/Fp8.h"
#include "lib/Support/Half.h"
#include "lib/Runtime/Launch.h"
#include "lib/Runtime/RuntimeApi.h"

/* Parameters per argument: a memref of rank 3 takes 1 + 3 + 3. */
#define MAX_PARAMS (TILE_PACKAGE_MAX_ARGS * 7 + TILE_PACKAGE_MAX_TENSOR_MAPS)
#define MAX_BENCH_ITERS 1000000

static const char *kindName(TileRuntimeArgKind kind) {
  return kind == TILE_RUNTIME_ARG_MEMREF ? "a memref"
         : kind == TILE_RUNTIME_ARG_INT  ? "an integer"
         : kind == TILE_RUNTIME_ARG_FLOAT ? "a float"
                                          : "an argument of unknown kind";
}

static const char *kindWant(const TilePackageArg *a) {
  return a->isMemref                    ? "a memref"
         : a->isIndex                   ? "an index scalar"
         : tileDTypeIsFloat(a->dtype)   ? "a float scalar"
                                        : "an integer scalar";
}

static TileRuntimeArgKind kindOf(const TilePackageArg *a) {
  return a->isMemref                  ? TILE_RUNTIME_ARG_MEMREF
         : a->isIndex                 ? TILE_RUNTIME_ARG_INT
         : tileDTypeIsFloat(a->dtype) ? TILE_RUNTIME_ARG_FLOAT
                                      : TILE_RUNTIME_ARG_INT;
}

static void formatShape(const TileRuntimeArg *v, char *buf, size_t size) {
  tileShapeFormat(v->rank, v->shape, buf, size);
}

/* One memref argument against its package description. */
static int checkMemref(int i, const TilePackageArg *a,
                       const TileRuntimeArg *v, int indexBits, char *err,
                       size_t errSize) {
  /* The type's and shape's texts only for a message: a launch that passes
   * its checks formats nothing (a launch takes microseconds, and printf
   * was a good part of one). */
  char shape[128], type[96];
  if (v->rank != a->rank) {
    if (v->rank >= 1 && v->rank <= 3) {
      formatShape(v, shape, sizeof shape);
      tileLaunchArgType(a, type, sizeof type);
      return tileFail(err, errSize,
                      "argument #%d (%s): rank %d (shape %s), the memref has "
                      "rank %d",
                      i, type, v->rank, shape, a->rank);
    }
    tileLaunchArgType(a, type, sizeof type);
    return tileFail(err, errSize,
                    "argument #%d (%s): rank %d, the memref has rank %d", i,
                    type, v->rank, a->rank);
  }
  int64_t elems = 1;
  for (int d = 0; d < a->rank; ++d) {
    if (v->shape[d] < 0) {
      formatShape(v, shape, sizeof shape);
      tileLaunchArgType(a, type, sizeof type);
      return tileFail(err, errSize, "argument #%d (%s): negative size in shape %s",
                      i, type, shape);
    }
    if (a->shape[d] >= 0 && v->shape[d] != a->shape[d]) {
      formatShape(v, shape, sizeof shape);
      tileLaunchArgType(a, type, sizeof type);
      return tileFail(err, errSize,
                      "argument #%d (%s): shape %s, but dimension %d of the "
                      "memref is %lld",
                      i, type, shape, d, (long long)a->shape[d]);
    }
    if (v->strides[d] < 0) {
      tileLaunchArgType(a, type, sizeof type);
      return tileFail(err, errSize, "argument #%d (%s): negative stride %lld",
                      i, type, (long long)v->strides[d]);
    }
    elems = elems > INT32_MAX ? elems : elems * v->shape[d];
  }
  /* The kernel takes the outer strides from its parameters but, for the
   * memref types a package describes (identity layouts), reads each row
   * contiguously (lib/Conversion/TileToGPU/TileToGPU.c). */
  int64_t strides[3];
  runtimeArgStrides(v, strides);
  if (strides[a->rank - 1] != 1 && v->shape[a->rank - 1] > 1) {
    tileLaunchArgType(a, type, sizeof type);
    return tileFail(err, errSize,
                    "argument #%d (%s): innermost stride %lld; the kernel "
                    "reads rows contiguously (stride 1)",
                    i, type, (long long)strides[a->rank - 1]);
  }
  if (indexBits == 32 && tileArrayNeedsIndex64(a->rank, v->shape, strides)) {
    formatShape(v, shape, sizeof shape);
    tileLaunchArgType(a, type, sizeof type);
    return tileFail(err, errSize,
                    "argument #%d (%s): shape %s, " TILE_INDEX32_LIMIT_MSG, i,
                    type, shape);
  }
  if (!v->data && elems > 0) {
    formatShape(v, shape, sizeof shape);
    tileLaunchArgType(a, type, sizeof type);
    return tileFail(err, errSize, "argument #%d (%s): NULL data for shape %s",
                    i, type, shape);
  }
  return 0;
}

int runtimeCheckArgs(const char *kernelName, const TilePackageArg *want,
                     int numWant, int indexBits, const TileRuntimeArg *args,
                     int numArgs, char *err, size_t errSize) {
  if (numArgs != numWant || (numArgs > 0 && !args))
    return tileFail(err, errSize, "kernel @%s takes %d argument%s, got %d",
                    kernelName, numWant, numWant == 1 ? "" : "s",
                    args ? numArgs : 0);
  for (int i = 0; i < numArgs; ++i) {
    const TilePackageArg *a = &want[i];
    const TileRuntimeArg *v = &args[i];
    if (v->kind != kindOf(a)) {
      char type[96];
      tileLaunchArgType(a, type, sizeof type);
      return tileFail(err, errSize, "argument #%d (%s): got %s for %s", i,
                      type, kindName(v->kind), kindWant(a));
    }
    if (a->isMemref && checkMemref(i, a, v, indexBits, err, errSize))
      return 1;
  }
  return 0;
}

int tileRuntimeArgsIndexBits(const TileRuntimeArg *args, int numArgs) {
  for (int i = 0; args && i < numArgs; ++i) {
    const TileRuntimeArg *v = &args[i];
    if (v->kind != TILE_RUNTIME_ARG_MEMREF || v->rank < 1 || v->rank > 3)
      continue;
    int64_t strides[3];
    runtimeArgStrides(v, strides);
    if (tileArrayNeedsIndex64(v->rank, v->shape, strides))
      return 64;
  }
  return 32;
}

void runtimeArgStrides(const TileRuntimeArg *v, int64_t out[3]) {
  bool given = false;
  for (int d = 0; d < v->rank; ++d)
    given = given || v->strides[d] != 0;
  if (given) {
    memcpy(out, v->strides, 3 * sizeof *out);
    return;
  }
  out[v->rank - 1] = 1;
  for (int d = v->rank - 2; d >= 0; --d)
    out[d] = out[d + 1] * v->shape[d + 1];
}

/* A memref's strides as its tensor maps take them: the caller's, and
 * for a dimension of size 1 (whose stride nothing reads) the dense one. */
static void tmaStrides(const TileRuntimeArg *v, int64_t out[3]) {
  runtimeArgStrides(v, out);
  for (int d = v->rank - 2; d >= 0; --d)
    if (v->shape[d] <= 1)
      out[d] = out[d + 1] * v->shape[d + 1];
}

/* Why the aligned entry cannot take these arguments, or NULL when it
 * can: every memref's rows 16-byte aligned (its base and each outer
 * stride, which may pad rows, a multiple of 16 bytes; rows in C order,
 * none overlapping the next) and its innermost size a multiple of 16
 * bytes. */
static const char *whyNotAligned(const TilePackage *p,
                                 const TileRuntimeArg *args, int *arg) {
  for (int i = 0; i < p->numArgs; ++i) {
    const TilePackageArg *a = &p->args[i];
    if (!a->isMemref)
      continue;
    *arg = i;
    const TileRuntimeArg *v = &args[i];
    int64_t bytes = (int64_t)tileDTypeSize(a->dtype), strides[3];
    if ((uintptr_t)v->data % 16 != 0)
      return "its address is not 16-byte aligned";
    if ((v->shape[v->rank - 1] * bytes) % 16 != 0)
      return "its innermost size is not a multiple of 16 bytes";
    tmaStrides(v, strides);
    for (int d = v->rank - 2; d >= 0; --d) {
      if (strides[d] < strides[d + 1] * v->shape[d + 1])
        return "its strides are not those of a C-order array";
      if (strides[d] * bytes % 16 != 0)
        return "an outer stride is not a multiple of 16 bytes";
    }
  }
  return NULL;
}

/* The packed parameters of one launch. */
typedef struct {
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
static void pushScalar(Params *ps, TileDType dtype, const TileRuntimeArg *v) {
  switch (dtype) {
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
    uint16_t h = tileF64ToF16(v->f);
    pushBytes(ps, &h, 2);
    return;
  }
  case TILE_DTYPE_BF16: {
    uint16_t h = tileF64ToBF16(v->f);
    pushBytes(ps, &h, 2);
    return;
  }
  case TILE_DTYPE_F8E4M3: {
    uint8_t b = tileF64ToF8E4M3(v->f);
    pushBytes(ps, &b, 1);
    return;
  }
  case TILE_DTYPE_F8E5M2: {
    uint8_t b = tileF64ToF8E5M2(v->f);
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

static int packParams(TileCuda *cu, const TilePackage *p,
                      const TileRuntimeArg *args, bool aligned,
                      int64_t programs, int64_t whole, int64_t parts,
                      Params *ps, char *err, size_t errSize) {
  for (int i = 0; i < p->numArgs; ++i) {
    const TilePackageArg *a = &p->args[i];
    const TileRuntimeArg *v = &args[i];
    if (!a->isMemref) {
      pushScalar(ps, a->dtype, v);
      continue;
    }
    uint64_t ptr = (uint64_t)(uintptr_t)v->data;
    pushBytes(ps, &ptr, sizeof ptr);
    for (int d = 0; d < a->rank; ++d)
      pushI64(ps, v->shape[d]);
    int64_t strides[3];
    runtimeArgStrides(v, strides);
    for (int d = 0; d < a->rank; ++d)
      pushI64(ps, strides[d]);
  }
  for (int i = 0; aligned && i < p->numTensorMaps; ++i) {
    const TilePackageTensorMap *t = &p->tensorMaps[i];
    const TileRuntimeArg *v = &args[t->arg];
    char inner[512];
    int64_t strides[3];
    tmaStrides(v, strides);
    int rc = tileCudaEncodeTensorMap(
        cu, ps->tensorMaps[i], (TileDevicePtr)(uintptr_t)v->data,
        (int)tileDTypeSize(p->args[t->arg].dtype),
        p->args[t->arg].dtype == TILE_DTYPE_F32, p->args[t->arg].rank, v->shape,
        strides, t->boxRows, t->boxCols, t->swizzleBytes, inner, sizeof inner);
    if (rc)
      return tileFailCode(rc, err, errSize, "argument #%d's tensor map: %s",
                          t->arg, inner);
    ps->params[ps->numParams++] = ps->tensorMaps[i];
  }
  /* A persistent kernel's number of programs, last; a stream-K one's,
   * then how many of them run whole and the parts the others split into
   * (Package.h). */
  if (p->persistent) {
    int32_t n = (int32_t)programs;
    pushBytes(ps, &n, sizeof n);
  }
  if (p->persistent == 2) {
    int32_t n[] = {(int32_t)whole, (int32_t)parts};
    for (int i = 0; i < 2; ++i)
      pushBytes(ps, &n[i], sizeof n[i]);
  }
  return 0;
}

/* A launch ready to go: the entry, its packed parameters and the grid of
 * blocks it starts. */
typedef struct {
  TileCudaKernel *entry;
  Params *params; /* the kernel's (launchParams), 64-byte aligned for
                     the tensor maps */
  int block;
  int64_t grid[3];
  /* Stream-K: the programs that run whole, and the parts each of the
   * others runs in (1: none split). */
  int64_t whole, parts;
} Prepared;

/* The blocks a launch of `grid` programs starts: the grid, or for a
 * persistent kernel (a 1-D grid) as many as the GPU holds at once, each
 * running programs b, b + blocks, ..., or for a stream-K one (a 1-D grid)
 * the grid plus the blocks of the parts its last wave splits into
 * (Package.h). */
static int launchGrid(TileCuda *cu, const TilePackage *p, Prepared *pr,
                      const int64_t grid[3], char *err, size_t errSize) {
  memcpy(pr->grid, grid, sizeof pr->grid);
  if (!p->persistent)
    return 0;
  if (grid[1] != 1 || grid[2] != 1)
    return tileFailCode(
        TILE_STATUS_INVALID_ARGUMENT, err, errSize,
        "kernel @%s is %s and takes a "
        "one-dimensional grid, got %lldx%lldx%lld",
        p->kernelName, p->persistent == 2 ? "stream-K" : "persistent",
        (long long)grid[0], (long long)grid[1], (long long)grid[2]);
  if (grid[0] > INT32_MAX)
    return tileFailCode(TILE_STATUS_INVALID_ARGUMENT, err, errSize,
                        "kernel @%s is %s: %lld programs (at most "
                        "2^31-1)",
                        p->kernelName,
                        p->persistent == 2 ? "stream-K" : "persistent",
                        (long long)grid[0]);
  int64_t resident = 0;
  int rc = tileCudaResidentBlocks(cu, pr->entry, pr->block, &resident, err,
                                  errSize);
  if (rc)
    return rc;
  if (p->persistent == 2) {
    /* Stream-K (lib/Conversion/TileToGPU/GpuStreamK.c): a last wave of R
     * programs that would leave half of the blocks or more idle is split
     * into C / R parts each (C blocks fit at once, at most 8 parts), which
     * blocks of their own run. */
    int64_t programs = grid[0], last = programs % resident;
    pr->whole = programs;
    pr->parts = 1;
    if (last > 0 && 2 * last <= resident) {
      int64_t parts = resident / last;
      pr->parts = parts < 8 ? parts : 8;
      pr->whole = programs - last;
      pr->grid[0] = pr->whole + last * pr->parts;
    }
    return 0;
  }
  if (pr->grid[0] > resident)
    pr->grid[0] = resident;
  return 0;
}


/* Checks, picks and loads the entry, packs the parameters. The device's
 * context is current. */
static int prepare(TileRuntimeKernel *k, const TileRuntimeArg *args,
                   int numArgs, const TileRuntimeLaunchConfig *config,
                   TileRuntimeLaunchInfo *info, Prepared *pr, char *err,
                   size_t errSize) {
  const TilePackage *p = &k->package->p;
  memset(pr, 0, sizeof *pr);
  if (runtimeCheckArgs(p->kernelName, p->args, p->numArgs, p->indexBits, args,
                       numArgs, err, errSize))
    return TILE_STATUS_ARGUMENT_MISMATCH;
  int arg = 0;
  const char *why = whyNotAligned(p, args, &arg);
  /* A paired aligned entry starts clusters of two blocks along x. */
  bool oddPairs = p->ctaPairs && config->grid[0] % 2 != 0;
  bool aligned;
  switch (config->entry) {
  case TILE_RUNTIME_ENTRY_GENERIC:
    aligned = false;
    break;
  case TILE_RUNTIME_ENTRY_ALIGNED:
    if (!k->package->hasAlignedEntry)
      return tileFailCode(TILE_FAIL_INVALID_ARGUMENT, err, errSize,
                          "the package of @%s has no aligned entry",
                          p->kernelName);
    if (why)
      return tileFailCode(TILE_STATUS_ARGUMENT_MISMATCH, err, errSize,
                          "the aligned entry of @%s does not apply: argument "
                          "#%d: %s",
                          p->kernelName, arg, why);
    if (oddPairs)
      return tileFailCode(TILE_FAIL_INVALID_ARGUMENT, err, errSize,
                          "the aligned entry of @%s runs in clusters of two "
                          "blocks along x: grid x %lld is odd",
                          p->kernelName, (long long)config->grid[0]);
    aligned = true;
    break;
  default:
    aligned = !why && !oddPairs && k->package->hasAlignedEntry &&
              !k->aligned.failed;
    break;
  }
  double ms = 0;
  int rc = runtimeKernelEntry(k, aligned, &pr->entry, &ms, err, errSize);
  if (rc && aligned && config->entry == TILE_RUNTIME_ENTRY_AUTO) {
    aligned = false; /* as tileRuntimeKernelCreate: fall back */
    rc = runtimeKernelEntry(k, 0, &pr->entry, &ms, err, errSize);
  }
  if (rc)
    return rc;
  info->aligned = aligned;
  info->genericFromPtx = !aligned && p->genericPtx;
  info->loadMs = ms;
  pr->block = info->blockThreads = 32 * (p->numWarps + p->producerWarps);
  rc = launchGrid(k->device->cu, p, pr, config->grid, err, errSize);
  if (rc)
    return rc;
  info->blocks = pr->grid[0] * pr->grid[1] * pr->grid[2];
  if (!k->launchParams)
    k->launchParams = aligned_alloc(64, (sizeof(Params) + 63) / 64 * 64);
  pr->params = k->launchParams;
  if (!pr->params)
    return tileFailCode(TILE_STATUS_OUT_OF_MEMORY, err, errSize,
                        "out of memory");
  /* Each parameter's slot is cleared as it is filled (pushBytes), and
   * each tensor map is written whole: only the count starts at zero. */
  pr->params->numParams = 0;
  return packParams(k->device->cu, p, args, aligned, config->grid[0], pr->whole,
                    pr->parts, pr->params, err, errSize);
}

static TileStatusCode checkCall(TileRuntimeKernel *k, const TileRuntimeLaunchConfig *c,
                     TileStatus *status) {
  if (!k || !c)
    return runtimeStatus(status, TILE_STATUS_INVALID_ARGUMENT,
                         "launching: %s is NULL", k ? "config" : "kernel");
  if (c->entry != TILE_RUNTIME_ENTRY_AUTO &&
      c->entry != TILE_RUNTIME_ENTRY_GENERIC &&
      c->entry != TILE_RUNTIME_ENTRY_ALIGNED)
    return runtimeStatus(status, TILE_STATUS_INVALID_ARGUMENT,
                         "launching @%s: unknown entry %d",
                         k->package->p.kernelName, (int)c->entry);
  return TILE_STATUS_OK;
}

/* Stream-K's workspace is the module's: a launch that splits programs
 * waits, on its stream, for the last one that did on another stream
 * (before: true), and is then the one later launches wait for (before:
 * false). Launches on one stream are in order already. */
static int serializeSplits(TileRuntimeKernel *k, const Prepared *pr,
                           void *stream, bool before, char *err,
                           size_t errSize) {
  if (pr->parts <= 1)
    return 0;
  TileCuda *cu = k->device->cu;
  if (before)
    return k->splitDone && k->splitStream != stream
               ? tileCudaStreamWaitEvent(k->splitDone, stream, err, errSize)
               : 0;
  int rc =
      k->splitDone ? 0 : tileCudaEventCreate(cu, &k->splitDone, err, errSize);
  if (!rc)
    rc = tileCudaEventRecord(k->splitDone, stream, err, errSize);
  k->splitStream = stream;
  return rc;
}

/* Launches once; with `synchronize`, between two events and waiting for
 * the kernel, so that a fault is this launch's error. */
static int launchOnce(TileRuntimeKernel *k, const TileRuntimeLaunchConfig *c,
                      Prepared *pr, TileRuntimeLaunchInfo *info, char *err,
                      size_t errSize) {
  TileCuda *cu = k->device->cu;
  if (!c->synchronize)
    return tileCudaLaunch(cu, pr->entry, pr->grid, pr->block, c->stream,
                          pr->params->params, err, errSize);
  TileCudaEvent *start = NULL, *end = NULL;
  float ms = 0;
  int rc = tileCudaEventCreate(cu, &start, err, errSize);
  if (!rc)
    rc = tileCudaEventCreate(cu, &end, err, errSize);
  if (!rc)
    rc = tileCudaEventRecord(start, c->stream, err, errSize);
  if (!rc)
    rc = tileCudaLaunch(cu, pr->entry, pr->grid, pr->block, c->stream,
                        pr->params->params, err, errSize);
  if (!rc)
    rc = tileCudaEventRecord(end, c->stream, err, errSize);
  if (!rc)
    rc = tileCudaSynchronize(cu, err, errSize);
  if (!rc)
    rc = tileCudaEventElapsed(start, end, &ms, err, errSize);
  tileCudaEventDestroy(start);
  tileCudaEventDestroy(end);
  info->gpuMs = ms;
  return rc;
}

/* A launch; `enter`: with the device's context pushed around it, else in
 * the context current on the calling thread, which is the device's. */
static TileStatusCode launch(TileRuntimeKernel *kernel,
                             const TileRuntimeArg *args, int numArgs,
                             const TileRuntimeLaunchConfig *config,
                             TileRuntimeLaunchInfo *info, bool enter,
                             TileStatus *status) {
  TileRuntimeLaunchInfo ignored;
  if (!info)
    info = &ignored;
  memset(info, 0, sizeof *info);
  TileStatusCode bad = checkCall(kernel, config, status);
  if (bad)
    return bad;
  const TilePackage *p = &kernel->package->p;
  char err[4096];
  Prepared pr;
  bool launched = false;
  int rc = enter ? tileCudaEnter(kernel->device->cu, err, sizeof err) : 0;
  if (!rc) {
    rc = prepare(kernel, args, numArgs, config, info, &pr, err, sizeof err);
    if (!rc)
      rc = serializeSplits(kernel, &pr, config->stream, true, err, sizeof err);
    if (!rc) {
      launched = true;
      rc = launchOnce(kernel, config, &pr, info, err, sizeof err);
    }
    if (!rc)
      rc = serializeSplits(kernel, &pr, config->stream, false, err, sizeof err);
    if (enter)
      tileCudaLeave(kernel->device->cu);
  }
  if (launched && (rc == TILE_STATUS_CUDA || rc == TILE_STATUS_ASSERT)) {
    /* Which kernel, and how it was launched: a fault (an illegal address)
     * surfaces at the synchronization after it. */
    char why[2048];
    snprintf(why, sizeof why, "%.2047s", err);
    snprintf(err, sizeof err,
             "kernel '%s' (grid %lldx%lldx%lld, block %d) failed: %.2047s",
             p->kernelName, (long long)config->grid[0],
             (long long)config->grid[1], (long long)config->grid[2],
             32 * (p->numWarps + p->producerWarps), why);
  }
  return runtimeStatusFrom(status, rc, TILE_STATUS_CUDA, err);
}

TileStatusCode tileRuntimeKernelLaunch(TileRuntimeKernel *kernel,
                                       const TileRuntimeArg *args,
                                       int numArgs,
                                       const TileRuntimeLaunchConfig *config,
                                       TileRuntimeLaunchInfo *info,
                                       TileStatus *status) {
  return launch(kernel, args, numArgs, config, info, true, status);
}

TileStatusCode runtimeKernelLaunchHere(TileRuntimeKernel *kernel,
                                       const TileRuntimeArg *args,
                                       int numArgs,
                                       const TileRuntimeLaunchConfig *config,
                                       TileRuntimeLaunchInfo *info,
                                       TileStatus *status) {
  return launch(kernel, args, numArgs, config, info, false, status);
}

static int cmpDouble(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* Launches `iters` times after `warmup`, each launch between two events.
 * Without an L2 flush the launches go back to back, one event between
 * two launches, so the GPU never waits for the host; with one, each
 * timed launch follows a write of `flushBytes` at `flush` that its events
 * leave out. */
static int bench(TileRuntimeKernel *k, const TileRuntimeLaunchConfig *c,
                 Prepared *pr, const TileRuntimeBenchmarkOptions *how,
                 TileDevicePtr flush, size_t flushBytes,
                 TileRuntimeBenchmark *out, char *err, size_t errSize) {
  TileCuda *cu = k->device->cu;
  int rc = 0;
  for (int i = 0; !rc && i < how->warmup; ++i)
    rc = tileCudaLaunch(cu, pr->entry, pr->grid, pr->block, c->stream,
                        pr->params->params, err, errSize);
  int n = how->iters;
  /* starts[i] and ends[i] bracket launch i; back to back, starts[i + 1]
   * is ends[i]. */
  TileCudaEvent **starts = calloc((size_t)n + 1, sizeof *starts);
  TileCudaEvent **ends = calloc((size_t)n + 1, sizeof *ends);
  double *us = calloc((size_t)n, sizeof *us);
  if (!rc && (!starts || !ends || !us))
    rc = tileFailCode(TILE_STATUS_OUT_OF_MEMORY, err, errSize,
                      "out of memory");
  for (int i = 0; !rc && i < n; ++i) {
    rc = tileCudaEventCreate(cu, &ends[i], err, errSize);
    if (!rc && (flushBytes || i == 0))
      rc = tileCudaEventCreate(cu, &starts[i], err, errSize);
  }
  for (int i = 0; !rc && i < n; ++i) {
    if (flushBytes)
      rc = tileCudaMemsetAsync(cu, flush, (unsigned char)i, flushBytes,
                               c->stream, err, errSize);
    TileCudaEvent *start = starts[i] ? starts[i] : ends[i - 1];
    if (!rc && starts[i])
      rc = tileCudaEventRecord(start, c->stream, err, errSize);
    if (!rc)
      rc = tileCudaLaunch(cu, pr->entry, pr->grid, pr->block, c->stream,
                          pr->params->params, err, errSize);
    if (!rc)
      rc = tileCudaEventRecord(ends[i], c->stream, err, errSize);
  }
  for (int i = 0; !rc && i < n; ++i) {
    float ms;
    rc = tileCudaEventElapsed(starts[i] ? starts[i] : ends[i - 1], ends[i],
                              &ms, err, errSize);
    us[i] = 1e3 * ms;
  }
  if (!rc) {
    qsort(us, (size_t)n, sizeof *us, cmpDouble);
    out->iters = n;
    out->minUs = us[0];
    out->maxUs = us[n - 1];
    out->medianUs = n % 2 ? us[n / 2] : 0.5 * (us[n / 2 - 1] + us[n / 2]);
  }
  for (int i = 0; i < n; ++i) {
    if (starts)
      tileCudaEventDestroy(starts[i]);
    if (ends)
      tileCudaEventDestroy(ends[i]);
  }
  free(starts);
  free(ends);
  free(us);
  return rc;
}

/* A buffer of twice the L2 for bench's flushes, or an error saying why
 * there can be none. */
static int flushBuffer(TileCuda *cu, TileDevicePtr *out, size_t *bytes,
                       char *err, size_t errSize) {
  if (!tileCudaCanMemset(cu))
    return tileFailCode(TILE_STATUS_CUDA, err, errSize,
                        "benchmark: flushing L2 needs cuMemsetD8Async, "
                        "which the CUDA driver lacks");
  int l2 = tileCudaL2Bytes(cu);
  if (l2 <= 0)
    return tileFailCode(TILE_STATUS_CUDA, err, errSize,
                        "benchmark: the CUDA driver does not give the L2 "
                        "cache's size, so L2 cannot be flushed");
  int rc = tileCudaMalloc(cu, 2 * (size_t)l2, out, err, errSize);
  if (rc)
    return rc;
  *bytes = 2 * (size_t)l2;
  return 0;
}

TileStatusCode tileRuntimeKernelBenchmark(
    TileRuntimeKernel *kernel, const TileRuntimeArg *args, int numArgs,
    const TileRuntimeLaunchConfig *config, int warmup, int iters,
    TileRuntimeBenchmark *out, TileStatus *status) {
  TileRuntimeBenchmarkOptions how = {warmup, iters, 0};
  return tileRuntimeKernelBenchmarkWith(kernel, args, numArgs, config, &how,
                                        out, status);
}

TileStatusCode tileRuntimeKernelBenchmarkWith(
    TileRuntimeKernel *kernel, const TileRuntimeArg *args, int numArgs,
    const TileRuntimeLaunchConfig *config,
    const TileRuntimeBenchmarkOptions *how, TileRuntimeBenchmark *out,
    TileStatus *status) {
  TileStatusCode bad = checkCall(kernel, config, status);
  if (bad)
    return bad;
  if (!out || !how || how->iters < 1 || how->iters > MAX_BENCH_ITERS ||
      how->warmup < 0 || how->warmup > MAX_BENCH_ITERS)
    return runtimeStatus(status, TILE_STATUS_INVALID_ARGUMENT,
                         "benchmark: 1 to %d iterations and 0 to %d warmup "
                         "launches (got %d and %d)",
                         MAX_BENCH_ITERS, MAX_BENCH_ITERS,
                         how ? how->iters : 0, how ? how->warmup : 0);
  memset(out, 0, sizeof *out);
  char err[4096];
  Prepared pr;
  TileRuntimeLaunchInfo info;
  TileCuda *cu = kernel->device->cu;
  TileDevicePtr flush = 0;
  size_t flushBytes = 0;
  int rc = tileCudaEnter(cu, err, sizeof err);
  if (rc)
    return runtimeStatusFrom(status, rc, TILE_STATUS_CUDA, err);
  if (how->flushL2)
    rc = flushBuffer(cu, &flush, &flushBytes, err, sizeof err);
  if (!rc) {
    rc = prepare(kernel, args, numArgs, config, &info, &pr, err, sizeof err);
    if (!rc)
      rc = serializeSplits(kernel, &pr, config->stream, true, err, sizeof err);
    if (!rc)
      rc = bench(kernel, config, &pr, how, flush, flushBytes, out, err,
                 sizeof err);
    if (!rc)
      rc = serializeSplits(kernel, &pr, config->stream, false, err, sizeof err);
    if (!rc)
      rc = tileCudaSynchronize(cu, err, sizeof err);
  }
  if (flushBytes)
    tileCudaFree(cu, flush);
  tileCudaLeave(cu);
  return runtimeStatusFrom(status, rc, TILE_STATUS_CUDA, err);
}
