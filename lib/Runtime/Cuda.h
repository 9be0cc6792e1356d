/* The CUDA Driver API, reached through dlopen("libcuda.so.1"): the few calls
 * the runtime needs (device, primary context, memory, module load with the
 * JIT log, launch, events), each wrapped so a failure is a one-line message
 * that names the call and the driver's error name and text, and returns a
 * TileStatusCode (Error.h). Needs no CUDA headers
 * or libraries at build time; a machine without the driver gets a plain
 * "no CUDA driver" message. TILE_CUDA_LIBRARY overrides the library path
 * (tests use it to simulate a missing or broken driver). */
#ifndef TILE_RUNTIME_CUDA_H
#define TILE_RUNTIME_CUDA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/Runtime/Package.h"

typedef uint64_t TileDevicePtr;
typedef struct TileCuda TileCuda;             /* driver + device 0 + context */
typedef struct TileCudaKernel TileCudaKernel; /* a loaded module's entry */
typedef struct TileCudaEvent TileCudaEvent;

/* Loads the driver, initialises it and retains device 0's primary
 * context. Every other call here expects that context current: bracket
 * them with tileCudaEnter and tileCudaLeave. */
int tileCudaCreate(TileCuda **out, char *err, size_t errSize);
/* The same for GPU `device` (an index among those the driver sees, after
 * CUDA_VISIBLE_DEVICES); one that does not exist is an error saying how
 * many there are. */
int tileCudaCreateOn(TileCuda **out, int device, char *err, size_t errSize);
/* The same over the context current on the calling thread (the caller's
 * own, or the primary one the CUDA runtime made current), which is
 * borrowed, not retained: the caller keeps it alive while `cu` lives. No
 * current context is TILE_STATUS_NO_DEVICE. */
int tileCudaCreateCurrent(TileCuda **out, char *err, size_t errSize);
/* The context current on the calling thread: its handle (NULL when none
 * is) and a key that tells contexts apart (the driver's context id where
 * it has cuCtxGetId, else the context's address), asked of the driver
 * loaded once for the process. Two driver calls: what every launch in
 * the caller's context asks, once. `required`: none current is
 * NO_DEVICE, saying how to make one. tileCudaContextKey is the key of
 * `cu`'s own context, and tileCudaOrdinal its GPU. */
typedef struct {
  void *ctx;
  uint64_t key;
} TileCudaCurrent;
int tileCudaCurrentContext(TileCudaCurrent *out, bool required, char *err,
                           size_t errSize);
uint64_t tileCudaContextKey(const TileCuda *cu);
int tileCudaOrdinal(const TileCuda *cu);
/* Makes `ctx` (a TileCudaCurrent's handle) current on the calling thread
 * again, after tileCudaUseDevice made another current. */
int tileCudaRestoreContext(void *ctx, char *err, size_t errSize);
/* The GPU whose context is current on the calling thread, -1 when none
 * is (the driver loaded and initialised once for the process). */
int tileCudaCurrentDevice(int *ordinal, char *err, size_t errSize);
/* Makes GPU `ordinal`'s primary context current on the calling thread,
 * retained for the rest of the process: what the CUDA runtime's
 * cudaSetDevice does, and the context it uses. */
int tileCudaUseDevice(int ordinal, char *err, size_t errSize);
/* The driver's CUDA version (13000 for 13.0; 0 when it does not say). */
int tileCudaProcessDriverVersion(int *version, char *err, size_t errSize);
/* GPU `ordinal`'s compute capability (major * 10 + minor) and name,
 * without a context. */
int tileCudaQueryDevice(int ordinal, int *capability, char *name,
                        size_t nameSize, char *err, size_t errSize);
void tileCudaDestroy(TileCuda *cu);
/* Makes the device's primary context current on this thread (pushed over
 * the caller's), and restores the caller's. */
int tileCudaEnter(TileCuda *cu, char *err, size_t errSize);
void tileCudaLeave(TileCuda *cu);
/* "NVIDIA H100 80GB HBM3". */
const char *tileCudaDeviceName(const TileCuda *cu);
/* Compute capability as major*10 + minor (90 for sm_90). */
int tileCudaCapability(const TileCuda *cu);

/* Whether an image built for `chip` runs here: "sm_NNa" needs exactly
 * capability N.N; a cubin for "sm_NN" needs the same major and at least
 * the minor; PTX for "sm_NN" runs on any capability >= NN (the driver
 * JIT-compiles it). */
int tileCudaCheckChip(const TileCuda *cu, const char *chip,
                      TileImageKind kind, char *err, size_t errSize);

int tileCudaMalloc(TileCuda *cu, size_t bytes, TileDevicePtr *out, char *err,
                   size_t errSize);
void tileCudaFree(TileCuda *cu, TileDevicePtr p);
int tileCudaCopyToDevice(TileCuda *cu, TileDevicePtr dst, const void *src,
                         size_t bytes, char *err, size_t errSize);
int tileCudaCopyToHost(TileCuda *cu, void *dst, TileDevicePtr src,
                       size_t bytes, char *err, size_t errSize);

/* Loads `image` (cubin, fatbin or NUL-terminated PTX) and finds `entry`.
 * A failed load includes the driver's JIT error log. `sharedBytes` is the
 * kernel's total shared memory: what the image does not declare statically
 * is passed as dynamic shared memory at launch, opting in above 48 KiB. */
int tileCudaKernelLoad(TileCuda *cu, const void *image, const char *entry,
                       int sharedBytes, TileCudaKernel **out, char *err,
                       size_t errSize);
void tileCudaKernelDestroy(TileCudaKernel *k);
/* The kernel's registers per thread and static shared bytes. */
void tileCudaKernelInfo(const TileCudaKernel *k, int *numRegs,
                        int *staticShared, int *dynamicShared);

/* Encodes a CUtensorMap (128 bytes at `map`, 64-byte aligned) for a
 * row-major array of rank 2 or 3, `shape` and `strides` (in elements, the
 * innermost 1; the outer ones multiples of 16 bytes) at `base`: boxes of
 * boxRows x boxCols elements in the last two dimensions (one element deep in
 * the first of three), swizzled in 32-, 64- or 128-byte rows, zeros for what
 * lies outside the array (Package.h); `float32`: its elements are f32
 * (a bulk reduction adds them as such; copies move bits of elemBytes). */
int tileCudaEncodeTensorMap(TileCuda *cu, void *map, TileDevicePtr base,
                            int elemBytes, bool float32, int rank,
                            const int64_t *shape, const int64_t *strides,
                            int boxRows, int boxCols, int swizzleBytes,
                            char *err, size_t errSize);

/* How many blocks of `k` (blockThreads threads, its dynamic shared
 * memory) the whole GPU holds at once: occupancy x multiprocessors, at
 * least 1 per multiprocessor. A persistent kernel's grid. */
int tileCudaResidentBlocks(TileCuda *cu, TileCudaKernel *k, int blockThreads,
                           int64_t *out, char *err, size_t errSize);

/* Launches on `stream` (a CUstream; NULL: the default stream),
 * asynchronously. */
int tileCudaLaunch(TileCuda *cu, TileCudaKernel *k, const int64_t grid[3],
                   int blockThreads, void *stream, void **params, char *err,
                   size_t errSize);
int tileCudaSynchronize(TileCuda *cu, char *err, size_t errSize);
/* The GPU's L2 cache in bytes, and the driver's CUDA version (13000 for
 * 13.0); 0 where the driver does not say. */
int tileCudaL2Bytes(const TileCuda *cu);
int tileCudaDriverVersion(const TileCuda *cu);
/* Whether the driver has cuMemsetD8Async, which tileCudaMemsetAsync
 * needs (timing flushes L2 with it). */
bool tileCudaCanMemset(const TileCuda *cu);
int tileCudaMemsetAsync(TileCuda *cu, TileDevicePtr p, unsigned char value,
                        size_t bytes, void *stream, char *err,
                        size_t errSize);

int tileCudaEventCreate(TileCuda *cu, TileCudaEvent **out, char *err,
                        size_t errSize);
void tileCudaEventDestroy(TileCudaEvent *e);
int tileCudaEventRecord(TileCudaEvent *e, void *stream, char *err,
                        size_t errSize);
/* Milliseconds between two recorded events (waits for `end`). */
/* Work on `stream` after this point waits for the event's last record. */
int tileCudaStreamWaitEvent(TileCudaEvent *e, void *stream, char *err,
                            size_t errSize);
int tileCudaEventElapsed(TileCudaEvent *start, TileCudaEvent *end, float *ms,
                         char *err, size_t errSize);

#endif
