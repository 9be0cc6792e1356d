/* --target cuda; see GpuRun.h. */
#include "tools/tile-run/GpuRun.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int gpuCheckPackage(const Options *o, const TileRuntimePackage *p) {
  char err[512];
  const char *name = tileRuntimePackageKernelName(p);
  const char *chip = tileRuntimePackageChip(p);
  TileRuntimeResources res;
  tileRuntimePackageResources(p, &res);
  if (o->kernel && strcmp(o->kernel, name) != 0) {
    snprintf(err, sizeof err, "kernel @%s not found in %s; it holds @%s",
             o->kernel, o->input, name);
    return sessionFail(err);
  }
  if (o->chipGiven && strcmp(o->chip, chip) != 0) {
    snprintf(err, sizeof err, "--chip %s: the package %s is built for %s",
             o->chip, o->input, chip);
    return sessionFail(err);
  }
  if (o->indexBits && o->indexBits != res.indexBits) {
    snprintf(err, sizeof err,
             "--index-bits %d: the package %s is built for %d", o->indexBits,
             o->input, res.indexBits);
    return sessionFail(err);
  }
  if (o->numWarpsGiven && o->numWarps != res.numWarps) {
    snprintf(err, sizeof err, "--num-warps %d: the package %s is built for %d",
             o->numWarps, o->input, res.numWarps);
    return sessionFail(err);
  }
  return 0;
}

/* One run's device state. */
typedef struct {
  TileRuntimeDevice *device;
  TileRuntimeKernel *kernel;
  void **buffers;          /* one per argument; NULL for scalars */
  TileRuntimeArg *args;
  int numArgs;
} GpuState;

static void stateFree(GpuState *g) {
  for (int i = 0; g->buffers && i < g->numArgs; ++i)
    tileRuntimeDeviceFree(g->device, g->buffers[i]);
  free(g->buffers);
  free(g->args);
  tileRuntimeKernelDestroy(g->kernel);
  tileRuntimeDeviceDestroy(g->device);
}

/* Uploads the memrefs and fills the launch arguments: the session's
 * shapes and scalars (sessionRuntimeArgs), with the device buffers. */
static int upload(GpuState *g, Session *s, TileStatus *st) {
  g->numArgs = s->numSig;
  g->buffers = calloc((size_t)s->numSig + 1, sizeof *g->buffers);
  g->args = sessionRuntimeArgs(s);
  if (!g->buffers || !g->args) {
    snprintf(st->message, sizeof st->message, "out of memory");
    return 1;
  }
  for (int i = 0; i < s->numSig; ++i) {
    const TileHostArray *v = &s->values[i].array;
    if (s->sig[i].kind != TILE_ARG_MEMREF)
      continue;
    if (tileRuntimeDeviceAlloc(g->device, v->bytes, &g->buffers[i], st) ||
        tileRuntimeCopyToDevice(g->device, g->buffers[i], v->data, v->bytes,
                                st)) {
      char inner[sizeof st->message];
      snprintf(inner, sizeof inner, "%s", st->message);
      snprintf(st->message, sizeof st->message,
               "argument #%d (%zu bytes): %.900s",
               i, v->bytes, inner);
      return 1;
    }
    g->args[i].data = g->buffers[i];
  }
  return 0;
}

static int copyBack(GpuState *g, Session *s, TileStatus *st) {
  for (int i = 0; i < s->numSig; ++i) {
    TileHostArray *v = &s->values[i].array;
    if (s->sig[i].kind == TILE_ARG_MEMREF &&
        tileRuntimeCopyToHost(g->device, v->data, g->buffers[i], v->bytes,
                              st)) {
      char inner[sizeof st->message];
      snprintf(inner, sizeof inner, "%s", st->message);
      snprintf(st->message, sizeof st->message,
               "argument #%d: copying back: %.900s", i, inner);
      return 1;
    }
  }
  return 0;
}

/* --bench: more launches, timed; their results are not copied back. */
static int bench(GpuState *g, const Session *s, const Options *o,
                 const TileRuntimeLaunchConfig *config,
                 const TileRuntimeLaunchInfo *info,
                 const TileRuntimePackage *p, TileStatus *st) {
  TileRuntimeBenchmark b;
  TileRuntimeKernelResources regs;
  if (tileRuntimeKernelBenchmark(g->kernel, g->args, g->numArgs, config,
                                 o->warmup, o->iters, &b, st) ||
      tileRuntimeKernelResources(g->kernel,
                                 info->aligned ? TILE_RUNTIME_ENTRY_ALIGNED
                                               : TILE_RUNTIME_ENTRY_GENERIC,
                                 &regs, st))
    return 1;
  double bytes = 0;
  for (int i = 0; i < s->numSig; ++i)
    if (s->sig[i].kind == TILE_ARG_MEMREF)
      bytes += (double)s->values[i].array.bytes;
  TileRuntimeResources res;
  tileRuntimePackageResources(p, &res);
  double flops = (double)res.flopsPerProgram * (double)s->grid[0] *
                 (double)s->grid[1] * (double)s->grid[2];
  double seconds = b.medianUs * 1e-6;
  printf("bench: median %.2f us, min %.2f us, max %.2f us (%d iterations "
         "after %d warmup), %.1f GB/s",
         b.medianUs, b.minUs, b.maxUs, b.iters, o->warmup,
         seconds > 0 ? bytes / seconds * 1e-9 : 0.0);
  if (flops > 0)
    printf(", %.2f TFLOP/s", seconds > 0 ? flops / seconds * 1e-12 : 0.0);
  printf(" (%d registers, %d+%d bytes of shared memory)\n", regs.numRegs,
         regs.staticShared, regs.dynamicShared);
  return 0;
}

int gpuRun(Session *s, const Options *o, const TileRuntimePackage *p) {
  TileStatus st;
  GpuState g;
  memset(&g, 0, sizeof g);
  if (tileRuntimeDeviceCreate(o->device, &g.device, &st))
    return sessionFail(st.message);
  TileRuntimeLaunchConfig config = {{s->grid[0], s->grid[1], s->grid[2]},
                                    NULL, (TileRuntimeEntry)o->entry, 1};
  TileRuntimeLaunchInfo info;
  int failed = tileRuntimeKernelCreate(g.device, p, &g.kernel, &st) ||
               upload(&g, s, &st) ||
               tileRuntimeKernelLaunch(g.kernel, g.args, g.numArgs, &config,
                                       &info, &st) ||
               copyBack(&g, s, &st);
  const char *name = tileRuntimePackageKernelName(p);
  if (!failed) {
    char entry[96] = "";
    TileRuntimeResources res;
    tileRuntimePackageResources(p, &res);
    if (info.aligned)
      snprintf(entry, sizeof entry, ", aligned entry%s",
               res.ctaPairs ? " (clusters of 2 blocks)" : "");
    else if (info.genericFromPtx)
      snprintf(entry, sizeof entry,
               ", generic entry (from PTX: %.1f ms to load)", info.loadMs);
    /* A persistent kernel starts fewer blocks than it has programs; a
     * stream-K kernel, more where it splits some. */
    char blocks[64] = "";
    if (info.blocks != s->grid[0] * s->grid[1] * s->grid[2])
      snprintf(blocks, sizeof blocks, " in %lld %s blocks",
               (long long)info.blocks,
               info.blocks > s->grid[0] ? "stream-K" : "persistent");
    printf("@%s on cuda (%s, sm_%d): grid %lldx%lldx%lld%s, block %d, %.3f "
           "ms%s%s\n",
           name, tileRuntimeDeviceName(g.device),
           tileRuntimeDeviceCapability(g.device), (long long)s->grid[0],
           (long long)s->grid[1], (long long)s->grid[2], blocks,
           info.blockThreads, info.gpuMs, entry,
           res.indexBits == 64 ? ", 64-bit indexing" : "");
    failed = o->bench && bench(&g, s, o, &config, &info, p, &st);
  }
  stateFree(&g);
  if (failed) {
    char msg[sizeof st.message + 256];
    snprintf(msg, sizeof msg, "@%s on cuda: %s", name, st.message);
    return sessionFail(msg);
  }
  return 0;
}
