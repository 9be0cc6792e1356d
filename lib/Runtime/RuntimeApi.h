/* What stands behind the public runtime API's handles (tile-c/Runtime.h),
 * shared by its files: RuntimePackage.c (reading and asking), RuntimeDevice.c
 * (the driver, memory), RuntimeKernel.c (loading entries) and
 * RuntimeLaunch.c (arguments, parameters, launches). Private: callers see
 * only the opaque types. */
#ifndef TILE_RUNTIME_RUNTIMEAPI_H
#define TILE_RUNTIME_RUNTIMEAPI_H

#include "lib/Runtime/Cuda.h"
#include "lib/Runtime/Package.h"
#include "tile-c/Runtime.h"

struct TileRuntimePackage {
  TilePackage p;
  int hasAlignedEntry; /* the image names kernelName__aligned16 */
};

struct TileRuntimeDevice {
  TileCuda *cu;
};

/* An entry, loaded when first needed. */
typedef struct {
  TileCudaKernel *kernel; /* NULL until loaded */
  int failed;             /* tried and failed (the aligned entry only: the
                             launch then falls back to the generic one) */
} RuntimeEntry;

struct TileRuntimeKernel {
  TileRuntimeDevice *device;
  const TileRuntimePackage *package;
  RuntimeEntry aligned, generic;
};

/* Fills `status` (when not NULL) and returns its code: TILE_STATUS_OK
 * clears the message. */
TileStatusCode runtimeStatus(TileStatus *status, TileStatusCode code,
                             const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* An internal call's result `rc` (0, 1 or a TileStatusCode, Error.h) and
 * its message as a status; 1 becomes `fallback`. */
TileStatusCode runtimeStatusFrom(TileStatus *status, int rc,
                                 TileStatusCode fallback, const char *err);

/* Loads `entry` (aligned or generic) of the kernel if it is not loaded
 * yet; *loadMs is how long that took (0 when it was loaded). The device's
 * context must be current. */
int runtimeKernelEntry(TileRuntimeKernel *k, int aligned,
                       TileCudaKernel **out, double *loadMs, char *err,
                       size_t errSize);

#endif
