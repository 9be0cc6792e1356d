/* The public runtime API's packages: reading one (lib/Runtime/Package.c
 * validates it) and asking what its kernel takes and uses; see
 * tile-c/Runtime.h. */
#define _GNU_SOURCE /* memmem */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/Support/File.h"
#include "lib/Runtime/Launch.h"
#include "lib/Runtime/RuntimeApi.h"

/* The public element types are TileDType's codes. */
_Static_assert((int)TILE_RUNTIME_I1 == TILE_DTYPE_BOOL &&
                   (int)TILE_RUNTIME_I64 == TILE_DTYPE_I64 &&
                   (int)TILE_RUNTIME_F16 == TILE_DTYPE_F16 &&
                   (int)TILE_RUNTIME_F64 == TILE_DTYPE_F64 &&
                   (int)TILE_RUNTIME_F8E4M3FN == TILE_DTYPE_F8E4M3 &&
                   (int)TILE_RUNTIME_F8E5M2 == TILE_DTYPE_F8E5M2,
               "TileRuntimeElementType follows TileDType");

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

TileStatusCode tileRuntimePackageLoadMemory(const void *bytes, size_t size,
                                            const char *name,
                                            TileRuntimePackage **out,
                                            TileStatus *status) {
  if (!out || (!bytes && size))
    return runtimeStatus(status, TILE_STATUS_INVALID_ARGUMENT,
                         "tileRuntimePackageLoadMemory: %s is NULL",
                         out ? "bytes" : "out");
  *out = NULL;
  TileRuntimePackage *pkg = calloc(1, sizeof *pkg);
  if (!pkg)
    return runtimeStatus(status, TILE_STATUS_OUT_OF_MEMORY, "out of memory");
  char err[1024];
  int rc = tilePackageReadMemory(name ? name : "package", bytes ? bytes : "",
                                 size, &pkg->p, err, sizeof err);
  if (rc) {
    free(pkg);
    return runtimeStatusFrom(status, rc, TILE_STATUS_BAD_PACKAGE, err);
  }
  char aligned[sizeof pkg->p.kernelName + sizeof TILE_ALIGNED_ENTRY_SUFFIX];
  snprintf(aligned, sizeof aligned, "%s%s", pkg->p.kernelName,
           TILE_ALIGNED_ENTRY_SUFFIX);
  pkg->hasAlignedEntry = imageNames(&pkg->p, aligned);
  *out = pkg;
  return runtimeStatus(status, TILE_STATUS_OK, "%s", "");
}

TileStatusCode tileRuntimePackageLoadFile(const char *path,
                                          TileRuntimePackage **out,
                                          TileStatus *status) {
  if (!path || !out)
    return runtimeStatus(status, TILE_STATUS_INVALID_ARGUMENT,
                         "tileRuntimePackageLoadFile: %s is NULL",
                         path ? "out" : "path");
  *out = NULL;
  char err[1024], *buf;
  size_t size;
  if (tileReadFile(path, "package", &buf, &size, err, sizeof err))
    return runtimeStatus(status, TILE_STATUS_IO, "%s", err);
  TileStatusCode code =
      tileRuntimePackageLoadMemory(buf, size, path, out, status);
  free(buf);
  return code;
}

void tileRuntimePackageDestroy(TileRuntimePackage *package) {
  if (!package)
    return;
  tilePackageFree(&package->p);
  free(package);
}

const char *tileRuntimePackageKernelName(const TileRuntimePackage *package) {
  return package->p.kernelName;
}

const char *tileRuntimePackageChip(const TileRuntimePackage *package) {
  return package->p.chip;
}

int tileRuntimePackageFormatVersion(const TileRuntimePackage *package) {
  return package->p.version;
}

int tileRuntimePackageNumArgs(const TileRuntimePackage *package) {
  return package->p.numArgs;
}

TileStatusCode tileRuntimePackageArg(const TileRuntimePackage *package,
                                     int index, TileRuntimeArgInfo *out,
                                     TileStatus *status) {
  if (!package || !out || index < 0 || index >= package->p.numArgs)
    return runtimeStatus(status, TILE_STATUS_INVALID_ARGUMENT,
                         "tileRuntimePackageArg: no argument #%d (the kernel "
                         "takes %d)",
                         index, package ? package->p.numArgs : 0);
  const TilePackageArg *a = &package->p.args[index];
  memset(out, 0, sizeof *out);
  out->kind = a->isMemref                 ? TILE_RUNTIME_ARG_MEMREF
              : a->isIndex                ? TILE_RUNTIME_ARG_INT
              : tileDTypeIsFloat(a->dtype) ? TILE_RUNTIME_ARG_FLOAT
                                          : TILE_RUNTIME_ARG_INT;
  out->elementType = (TileRuntimeElementType)a->dtype;
  out->isIndex = a->isIndex;
  out->rank = a->rank;
  memcpy(out->shape, a->shape, sizeof out->shape);
  out->elementBytes = (int)tileDTypeSize(a->dtype);
  tileLaunchArgType(a, out->type, sizeof out->type);
  return runtimeStatus(status, TILE_STATUS_OK, "%s", "");
}

void tileRuntimePackageResources(const TileRuntimePackage *package,
                                 TileRuntimeResources *out) {
  const TilePackage *p = &package->p;
  memset(out, 0, sizeof *out);
  out->numWarps = p->numWarps;
  out->producerWarps = p->producerWarps;
  out->persistent = p->persistent;
  out->indexBits = p->indexBits;
  out->ctaPairs = p->ctaPairs;
  out->blockThreads = 32 * (p->numWarps + p->producerWarps);
  out->sharedBytes = p->sharedBytes;
  out->flopsPerProgram = p->flopsPerProgram;
  out->hasAlignedEntry = package->hasAlignedEntry;
  out->numTensorMaps = p->numTensorMaps;
  out->genericFromPtx = p->genericPtx != NULL;
}
