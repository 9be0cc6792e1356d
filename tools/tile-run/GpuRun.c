/* --target cuda; see GpuRun.h. */
#include "tools/tile-run/GpuRun.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/Runtime/Cuda.h"
#include "lib/Runtime/Launch.h"

int gpuCheckPackage(const Options *o, const TilePackage *p) {
  char err[512];
  if (o->kernel && strcmp(o->kernel, p->kernelName) != 0) {
    snprintf(err, sizeof err, "kernel @%s not found in %s; it holds @%s",
             o->kernel, o->input, p->kernelName);
    return sessionFail(err);
  }
  if (o->chipGiven && strcmp(o->chip, p->chip) != 0) {
    snprintf(err, sizeof err, "--chip %s: the package %s is built for %s",
             o->chip, o->input, p->chip);
    return sessionFail(err);
  }
  if (o->numWarpsGiven && o->numWarps != p->numWarps) {
    snprintf(err, sizeof err, "--num-warps %d: the package %s is built for %d",
             o->numWarps, o->input, p->numWarps);
    return sessionFail(err);
  }
  return 0;
}

int gpuRun(Session *s, const Options *o, const TilePackage *p) {
  char err[4096];
  TileCuda *cu;
  if (tileCudaCreateOn(&cu, o->device, err, sizeof err))
    return sessionFail(err);
  TileLaunchArg *args = calloc((size_t)s->numSig + 1, sizeof *args);
  for (int i = 0; i < s->numSig; ++i)
    args[i] = (TileLaunchArg){s->sig[i].kind == TILE_ARG_MEMREF
                                  ? &s->values[i].array
                                  : NULL,
                              s->values[i].i, s->values[i].f};
  TileBenchOptions bench = {o->warmup, o->bench ? o->iters : 0};
  TileLaunchResult r;
  int failed = tileLaunchRun(cu, p, args, s->numSig, s->grid, &bench, &r, err,
                             sizeof err);
  free(args);
  if (failed) {
    char msg[sizeof err + 256];
    snprintf(msg, sizeof msg, "@%s on cuda: %s", p->kernelName, err);
    tileCudaDestroy(cu);
    return sessionFail(msg);
  }
  int cap = tileCudaCapability(cu);
  char entry[96] = "";
  if (r.aligned)
    snprintf(entry, sizeof entry, ", aligned entry");
  else if (r.genericFromPtx)
    snprintf(entry, sizeof entry,
             ", generic entry (from PTX: %.1f ms to load)", r.jitMs);
  printf("@%s on cuda (%s, sm_%d): grid %lldx%lldx%lld, block %d, %.3f ms%s\n",
         p->kernelName, tileCudaDeviceName(cu), cap, (long long)s->grid[0],
         (long long)s->grid[1], (long long)s->grid[2],
         32 * (p->numWarps + p->producerWarps),
         r.launchUs * 1e-3, entry);
  if (o->bench) {
    printf("bench: median %.2f us, min %.2f us, max %.2f us (%d iterations "
           "after %d warmup), %.1f GB/s",
           r.medianUs, r.minUs, r.maxUs, r.iters, o->warmup, r.gbPerSecond);
    if (r.flops > 0)
      printf(", %.2f TFLOP/s", r.tflopPerSecond);
    printf(" (%d registers, %d+%d bytes of shared memory)\n", r.numRegs,
           r.staticShared, r.dynamicShared);
  }
  tileCudaDestroy(cu);
  return 0;
}
