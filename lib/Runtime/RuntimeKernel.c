/* The public runtime API's kernels: a package on a device, with its two
 * entries (Package.h) loaded when first needed; see tile-c/Runtime.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/Support/Clock.h"
#include "lib/Support/Error.h"
#include "lib/Runtime/RuntimeApi.h"

int runtimeKernelEntry(TileRuntimeKernel *k, int aligned,
                       TileCudaKernel **out, double *loadMs, char *err,
                       size_t errSize) {
  const TilePackage *p = &k->package->p;
  RuntimeEntry *e = aligned ? &k->aligned : &k->generic;
  *loadMs = 0;
  if (e->kernel) {
    *out = e->kernel;
    return 0;
  }
  if (aligned && !k->package->hasAlignedEntry)
    return tileFailCode(TILE_FAIL_INVALID_ARGUMENT, err, errSize,
                        "the package of @%s has no aligned entry",
                        p->kernelName);
  char name[sizeof p->kernelName + sizeof TILE_ALIGNED_ENTRY_SUFFIX];
  snprintf(name, sizeof name, "%s%s", p->kernelName,
           aligned ? TILE_ALIGNED_ENTRY_SUFFIX : "");
  /* The generic entry is in the image, or PTX of its own that the driver
   * compiles now (its compute cache keeps the result). */
  const void *image = !aligned && p->genericPtx ? p->genericPtx : p->image;
  double start = tileNowMs();
  int rc = tileCudaKernelLoad(k->device->cu, image, name, p->sharedBytes,
                              &e->kernel, err, errSize);
  e->failed = rc != 0;
  if (rc)
    return rc;
  *loadMs = tileNowMs() - start;
  *out = e->kernel;
  return 0;
}

TileStatusCode tileRuntimeKernelCreate(TileRuntimeDevice *device,
                                       const TileRuntimePackage *package,
                                       TileRuntimeKernel **out,
                                       TileStatus *status) {
  if (!device || !package || !out)
    return runtimeStatus(status, TILE_STATUS_INVALID_ARGUMENT,
                         "tileRuntimeKernelCreate: %s is NULL",
                         !device ? "device" : !package ? "package" : "out");
  *out = NULL;
  const TilePackage *p = &package->p;
  char err[4096];
  int rc = tileCudaCheckChip(device->cu, p->chip, p->imageKind, err,
                             sizeof err);
  if (rc)
    return runtimeStatusFrom(status, rc, TILE_STATUS_WRONG_CHIP, err);
  TileRuntimeKernel *k = calloc(1, sizeof *k);
  if (!k)
    return runtimeStatus(status, TILE_STATUS_OUT_OF_MEMORY, "out of memory");
  k->device = device;
  k->package = package;
  /* The entry most launches take is loaded now, so that a broken image
   * fails here; the other waits for a launch that needs it (the generic
   * entry from PTX costs a JIT). An aligned entry that fails to load is
   * left for the generic one, as a launch would. */
  rc = tileCudaEnter(device->cu, err, sizeof err);
  if (!rc) {
    TileCudaKernel *ignored;
    double ms;
    char alignedErr[1024];
    if (!package->hasAlignedEntry ||
        runtimeKernelEntry(k, 1, &ignored, &ms, alignedErr,
                           sizeof alignedErr))
      if (!p->genericPtx)
        rc = runtimeKernelEntry(k, 0, &ignored, &ms, err, sizeof err);
    tileCudaLeave(device->cu);
  }
  if (rc) {
    tileRuntimeKernelDestroy(k);
    return runtimeStatusFrom(status, rc, TILE_STATUS_CUDA, err);
  }
  *out = k;
  return runtimeStatus(status, TILE_STATUS_OK, "%s", "");
}

void tileRuntimeKernelDestroy(TileRuntimeKernel *kernel) {
  if (!kernel)
    return;
  char err[256];
  if (tileCudaEnter(kernel->device->cu, err, sizeof err) == 0) {
    tileCudaKernelDestroy(kernel->aligned.kernel);
    tileCudaKernelDestroy(kernel->generic.kernel);
    tileCudaEventDestroy(kernel->splitDone);
    tileCudaLeave(kernel->device->cu);
  }
  free(kernel->launchParams);
  free(kernel);
}

TileStatusCode tileRuntimeKernelResources(TileRuntimeKernel *kernel,
                                          TileRuntimeEntry entry,
                                          TileRuntimeKernelResources *out,
                                          TileStatus *status) {
  if (!kernel || !out)
    return runtimeStatus(status, TILE_STATUS_INVALID_ARGUMENT,
                         "tileRuntimeKernelResources: %s is NULL",
                         kernel ? "out" : "kernel");
  memset(out, 0, sizeof *out);
  int aligned = entry == TILE_RUNTIME_ENTRY_ALIGNED ||
                (entry == TILE_RUNTIME_ENTRY_AUTO &&
                 kernel->package->hasAlignedEntry && !kernel->aligned.failed);
  char err[4096];
  TileCudaKernel *k = NULL;
  double ms;
  int rc = tileCudaEnter(kernel->device->cu, err, sizeof err);
  if (!rc) {
    rc = runtimeKernelEntry(kernel, aligned, &k, &ms, err, sizeof err);
    tileCudaLeave(kernel->device->cu);
  }
  if (rc)
    return runtimeStatusFrom(status, rc, TILE_STATUS_CUDA, err);
  tileCudaKernelInfo(k, &out->numRegs, &out->staticShared,
                     &out->dynamicShared);
  return runtimeStatus(status, TILE_STATUS_OK, "%s", "");
}
