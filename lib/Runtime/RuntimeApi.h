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
  /* RuntimeLaunch.c's parameter block, made on the first launch and
   * reused (a kernel is launched from one thread at a time): a launch
   * then allocates nothing. */
  void *launchParams;
  /* Stream-K (Package.h): a launch that splits programs uses the
   * module's workspace, so one on another stream than the last such
   * launch waits for it (splitDone, recorded after each on
   * splitStream). */
  struct TileCudaEvent *splitDone;
  void *splitStream;
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

/* Checks a launch's arguments against the kernel's (count, kind, rank,
 * static sizes, what `indexBits` indexes (32: tileArrayNeedsIndex64 must
 * not hold; 0 or 64: anything), data for every non-empty memref):
 * "argument #1 (f16): got an integer for a float scalar". The CPU runner
 * (tile-c/CpuRun.h) checks its arguments with it too. */
int runtimeCheckArgs(const char *kernelName, const TilePackageArg *want,
                     int numWant, int indexBits, const TileRuntimeArg *args,
                     int numArgs, char *err, size_t errSize);

/* A memref argument's strides in elements: the caller's, or C order's
 * when the caller gave none (all 0). */
void runtimeArgStrides(const TileRuntimeArg *v, int64_t out[3]);

/* tileRuntimeKernelLaunch in the context current on the calling thread,
 * which must be the kernel's device's (RuntimeContext.c found it so): no
 * push and pop of the context around the launch, two driver calls fewer
 * per launch. */
TileStatusCode runtimeKernelLaunchHere(TileRuntimeKernel *kernel,
                                       const TileRuntimeArg *args,
                                       int numArgs,
                                       const TileRuntimeLaunchConfig *config,
                                       TileRuntimeLaunchInfo *info,
                                       TileStatus *status);

/* Loads `entry` (aligned or generic) of the kernel if it is not loaded
 * yet; *loadMs is how long that took (0 when it was loaded). The device's
 * context must be current. */
int runtimeKernelEntry(TileRuntimeKernel *k, int aligned,
                       TileCudaKernel **out, double *loadMs, char *err,
                       size_t errSize);

#endif
