/* tile's public C API: running compiled kernels (the runtime library,
 * tile::runtime; C and the CUDA driver only, no MLIR).
 *
 * A package is the compiler's output (tile-opt --emit=package,
 * tileCompileKernel's TILE_COMPILE_PACKAGE): one kernel's GPU image plus
 * what launching it needs. The runtime reads one from a file or from
 * memory, says what the kernel takes and uses, loads it on a GPU and
 * launches it on the caller's stream with the caller's device pointers
 * and scalars, packing the kernel's parameters (docs/embedding.md):
 *
 *   TileRuntimePackage *pkg;  TileRuntimeDevice *dev;  TileRuntimeKernel *k;
 *   TileStatus st;
 *   if (tileRuntimePackageLoadFile("vecadd.tpkg", &pkg, &st) ||
 *       tileRuntimeDeviceCreate(0, &dev, &st) ||
 *       tileRuntimeKernelCreate(dev, pkg, &k, &st))
 *     fprintf(stderr, "%s\n", st.message);
 *   TileRuntimeArg args[3] = {tileRuntimeArgMemref1(x, n),
 *                             tileRuntimeArgMemref1(y, n),
 *                             tileRuntimeArgMemref1(out, n)};
 *   TileRuntimeLaunchConfig cfg = {{(n + 1023) / 1024, 1, 1}, stream, 0};
 *   tileRuntimeKernelLaunch(k, args, 3, &cfg, NULL, &st);
 *
 * Errors: every fallible call returns a TileStatusCode (TILE_STATUS_OK is
 * 0) and, when `status` is not NULL, fills it with the code and a one-line
 * message naming the input ("vecadd.tpkg: truncated package: ...",
 * "argument #1 (memref<?xf32>): got a scalar for a memref"). Nothing here
 * prints or exits.
 *
 * The CUDA driver (libcuda.so.1, or $TILE_CUDA_LIBRARY) is loaded with
 * dlopen when the first device is created: a program linked with the
 * runtime runs on machines without CUDA, and only device calls fail there
 * (TILE_STATUS_NO_DRIVER). Device calls run in the device's primary
 * context (the one the CUDA runtime uses), made current for the call and
 * restored after it. */
#ifndef TILE_C_RUNTIME_H
#define TILE_C_RUNTIME_H

#include <stddef.h>
#include <stdint.h>

#include "tile-c/Version.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The newest package format this runtime reads; it reads every older one
 * too. A package of a newer format is TILE_STATUS_PACKAGE_VERSION. */
#define TILE_PACKAGE_FORMAT_VERSION 9

/* The runtime library's version, e.g. "0.1.0" (TILE_VERSION_STRING of
 * the headers it was built with). */
const char *tileRuntimeVersion(void);

/* ---- Errors ---- */

/* Code that tile-opt --emit=c-driver generates defines these same two
 * types without this header; the guard lets a program include both. */
#ifndef TILE_C_STATUS_DEFINED
#define TILE_C_STATUS_DEFINED
typedef enum {
  TILE_STATUS_OK = 0,
  TILE_STATUS_INVALID_ARGUMENT = 1, /* a NULL handle, an index out of range,
                                       a bad grid: the caller's mistake */
  TILE_STATUS_IO = 2,               /* the package file cannot be read */
  TILE_STATUS_BAD_PACKAGE = 3,      /* not a package, truncated, damaged */
  TILE_STATUS_PACKAGE_VERSION = 4,  /* a newer format than this runtime's */
  TILE_STATUS_ARGUMENT_MISMATCH = 5,/* launch arguments that do not fit the
                                       kernel: count, kind, rank, sizes */
  TILE_STATUS_NO_DRIVER = 6,        /* no usable CUDA driver library */
  TILE_STATUS_NO_DEVICE = 7,        /* no GPU, or not that one */
  TILE_STATUS_WRONG_CHIP = 8,       /* the package is for another GPU */
  TILE_STATUS_CUDA = 9,             /* a driver call failed (a kernel that
                                       faulted, a module that failed to
                                       load, out of device memory) */
  TILE_STATUS_OUT_OF_MEMORY = 10,   /* host memory */
  TILE_STATUS_COMPILE = 11,         /* a kernel did not compile
                                       (tile-c/CpuRun.h; the context's
                                       diagnostics say where) */
  TILE_STATUS_ASSERT = 12,          /* a tile.assert failed: the kernel
                                       stopped. On the GPU the device
                                       printed its message, location and
                                       program on stdout, and the context
                                       is unusable after it (CUDA's rule:
                                       later calls are TILE_STATUS_CUDA);
                                       on the CPU (tile-c/CpuRun.h) the
                                       status message holds them */
} TileStatusCode;

typedef struct {
  TileStatusCode code;
  char message[1024]; /* one line, no newline; "" when code is OK */
} TileStatus;
#endif

/* "ok", "invalid argument", "bad package", ... (never NULL). */
const char *tileStatusCodeName(TileStatusCode code);

/* ---- Packages ---- */

typedef struct TileRuntimePackage TileRuntimePackage;

/* Reads and validates a package (magic, format version, checksum, every
 * field, the image's headers): a damaged one is an error, never a crash. */
TileStatusCode tileRuntimePackageLoadFile(const char *path,
                                          TileRuntimePackage **out,
                                          TileStatus *status);
/* The same from `size` bytes at `bytes` (copied: the buffer may go away).
 * `name` (NULL: "package") names it in messages. */
TileStatusCode tileRuntimePackageLoadMemory(const void *bytes, size_t size,
                                            const char *name,
                                            TileRuntimePackage **out,
                                            TileStatus *status);
void tileRuntimePackageDestroy(TileRuntimePackage *package);

/* The kernel's name (its entry symbol), e.g. "vecadd". */
const char *tileRuntimePackageKernelName(const TileRuntimePackage *package);
/* The chip it was built for: "sm_90a", "sm_80", ... */
const char *tileRuntimePackageChip(const TileRuntimePackage *package);
/* The format version of the package as read (1..TILE_PACKAGE_FORMAT_VERSION). */
int tileRuntimePackageFormatVersion(const TileRuntimePackage *package);

typedef enum {
  TILE_RUNTIME_ARG_MEMREF = 0, /* a device buffer plus its sizes */
  TILE_RUNTIME_ARG_INT = 1,    /* an integer or index scalar (i1..i64) */
  TILE_RUNTIME_ARG_FLOAT = 2,  /* a float scalar (f8..f64) */
} TileRuntimeArgKind;

/* Element types (codes are stable). */
typedef enum {
  TILE_RUNTIME_I1 = 0,
  TILE_RUNTIME_I8 = 1,
  TILE_RUNTIME_I16 = 2,
  TILE_RUNTIME_I32 = 3,
  TILE_RUNTIME_I64 = 4,
  TILE_RUNTIME_F16 = 6,
  TILE_RUNTIME_BF16 = 7,
  TILE_RUNTIME_F32 = 8,
  TILE_RUNTIME_F64 = 9,
  TILE_RUNTIME_F8E4M3FN = 10,
  TILE_RUNTIME_F8E5M2 = 11,
} TileRuntimeElementType;

typedef struct {
  TileRuntimeArgKind kind;
  TileRuntimeElementType elementType; /* a memref's, or the scalar's */
  int isIndex;                        /* a scalar of type index (as i64) */
  int rank;                           /* memrefs: 1..3; scalars: 0 */
  int64_t shape[3];                   /* static sizes, -1 where dynamic */
  int elementBytes;                   /* 1, 2, 4 or 8 (i1: 1) */
  char type[96];                      /* as MLIR writes it:
                                         "memref<?x64xf32>", "index" */
} TileRuntimeArgInfo;

int tileRuntimePackageNumArgs(const TileRuntimePackage *package);
TileStatusCode tileRuntimePackageArg(const TileRuntimePackage *package,
                                     int index, TileRuntimeArgInfo *out,
                                     TileStatus *status);

/* What a launch uses, as far as the package knows it (registers are known
 * once a device loads it: tileRuntimeKernelResources). */
typedef struct {
  int numWarps;        /* the warps the kernel's layouts use */
  int producerWarps;   /* 0, or 4 more that only feed them */
  int blockThreads;    /* 32 * (numWarps + producerWarps) */
  int sharedBytes;     /* shared memory per block, static and dynamic */
  int64_t flopsPerProgram; /* of its dots; 0 when unknown */
  int hasAlignedEntry; /* an entry for 16-byte-aligned memrefs (below) */
  int numTensorMaps;   /* tensor maps the aligned entry takes */
  int genericFromPtx;  /* the generic entry is PTX the driver compiles on
                          first use */
  int persistent;      /* each block runs several programs: a launch starts
                          at most as many blocks as the GPU holds at once,
                          and the grid must be one-dimensional; 2: stream-K
                          (tile.stream_k), a one-dimensional grid whose
                          last wave, when small, runs split into parts on
                          blocks of their own */
  int indexBits;       /* 32: memrefs of 2^31 elements or more are refused
                          (an element offset would overflow); 64: any size
                          (compiled with index-bits=64) */
  int ctaPairs;        /* the aligned entry runs in clusters of two blocks
                          along x (tile.cta_pairs or tile.multicast): it
                          is taken only for a grid whose x is even */
} TileRuntimeResources;

void tileRuntimePackageResources(const TileRuntimePackage *package,
                                 TileRuntimeResources *out);

/* ---- Devices ---- */

typedef struct TileRuntimeDevice TileRuntimeDevice;

/* Loads the driver and opens GPU `ordinal` (0-based, as the driver counts
 * them after CUDA_VISIBLE_DEVICES) through its primary context. */
TileStatusCode tileRuntimeDeviceCreate(int ordinal, TileRuntimeDevice **out,
                                       TileStatus *status);
void tileRuntimeDeviceDestroy(TileRuntimeDevice *device);
/* "NVIDIA H100 80GB HBM3". */
const char *tileRuntimeDeviceName(const TileRuntimeDevice *device);
/* Compute capability as major * 10 + minor: 90 for sm_90. */
int tileRuntimeDeviceCapability(const TileRuntimeDevice *device);
/* The driver's CUDA version as the driver states it (13000 for 13.0); 0
 * when it does not say. Tuning results are kept per driver. */
int tileRuntimeDeviceDriverVersion(const TileRuntimeDevice *device);

/* The calling thread's current context, as the CUDA runtime sees it
 * (what launches in the caller's contexts, below, run in). *ordinal is
 * the GPU whose context is current, or -1 when none is. */
TileStatusCode tileRuntimeCurrentDevice(int *ordinal, TileStatus *status);
/* Makes GPU `ordinal`'s primary context current on the calling thread,
 * retained for the rest of the process, as cudaSetDevice does: the
 * context the CUDA runtime (and PyTorch) use on that GPU. */
TileStatusCode tileRuntimeSetCurrentDevice(int ordinal, TileStatus *status);
/* GPU `ordinal`'s compute capability (major * 10 + minor: 90 for
 * sm_90) and name (`name` may be NULL), asked of the driver without
 * opening a context: what picking a chip to compile for needs. */
TileStatusCode tileRuntimeDeviceQuery(int ordinal, int *capability,
                                      char *name, size_t nameSize,
                                      TileStatus *status);

/* Device memory for callers that have no CUDA of their own (tools,
 * examples); pointers from cudaMalloc or cuMemAlloc work the same. */
TileStatusCode tileRuntimeDeviceAlloc(TileRuntimeDevice *device, size_t bytes,
                                      void **out, TileStatus *status);
void tileRuntimeDeviceFree(TileRuntimeDevice *device, void *pointer);
TileStatusCode tileRuntimeCopyToDevice(TileRuntimeDevice *device, void *dst,
                                       const void *src, size_t bytes,
                                       TileStatus *status);
TileStatusCode tileRuntimeCopyToHost(TileRuntimeDevice *device, void *dst,
                                     const void *src, size_t bytes,
                                     TileStatus *status);
/* Waits for all work on the device (a fault in a kernel shows here). */
TileStatusCode tileRuntimeDeviceSynchronize(TileRuntimeDevice *device,
                                            TileStatus *status);

/* ---- Kernels: a package loaded on a device ---- */

typedef struct TileRuntimeKernel TileRuntimeKernel;

/* Checks that the package runs on the device's chip and loads its image.
 * The package must outlive the kernel. */
TileStatusCode tileRuntimeKernelCreate(TileRuntimeDevice *device,
                                       const TileRuntimePackage *package,
                                       TileRuntimeKernel **out,
                                       TileStatus *status);
void tileRuntimeKernelDestroy(TileRuntimeKernel *kernel);

/* One argument of a launch. Memrefs: `data` is a device pointer (a
 * CUdeviceptr cast to void *); `shape` its sizes; `strides` in elements,
 * or all 0 for a dense C-order (row-major) array. Outer strides may pad
 * rows (a window of a larger array); the innermost stride must be 1. Scalars: `i` for
 * integer and index scalars, `f` for float ones (rounded to the scalar's
 * type). */
typedef struct {
  TileRuntimeArgKind kind;
  void *data;
  int rank;
  int64_t shape[3];
  int64_t strides[3];
  int64_t i;
  double f;
} TileRuntimeArg;

static inline TileRuntimeArg tileRuntimeArgMemref(void *data, int rank,
                                                  const int64_t *shape) {
  TileRuntimeArg a = {TILE_RUNTIME_ARG_MEMREF, data, rank, {0, 0, 0},
                      {0, 0, 0}, 0, 0.0};
  for (int d = 0; d < rank && d < 3; ++d)
    a.shape[d] = shape[d];
  return a;
}
static inline TileRuntimeArg tileRuntimeArgMemref1(void *data, int64_t n) {
  return tileRuntimeArgMemref(data, 1, &n);
}
static inline TileRuntimeArg tileRuntimeArgInt(int64_t value) {
  TileRuntimeArg a = {TILE_RUNTIME_ARG_INT, NULL, 0, {0, 0, 0}, {0, 0, 0},
                      value, 0.0};
  return a;
}
static inline TileRuntimeArg tileRuntimeArgFloat(double value) {
  TileRuntimeArg a = {TILE_RUNTIME_ARG_FLOAT, NULL, 0, {0, 0, 0}, {0, 0, 0},
                      0, value};
  return a;
}

/* The index width a launch with these arguments needs: 64 when some
 * memref has 2^31 elements or more (or an extent, a stride or its last
 * element's offset reaches 2^31), else 32. A package compiled with
 * index-bits=32 refuses the first kind (TILE_STATUS_ARGUMENT_MISMATCH);
 * an embedder that compiles per launch can ask first and compile with
 * TileCompileOptions.indexBits = 64 only where it is needed. */
int tileRuntimeArgsIndexBits(const TileRuntimeArg *args, int numArgs);

/* Which of the package's entries a launch runs. AUTO picks the aligned
 * entry when the package has one and every memref is 16-byte aligned, has
 * an innermost size of a multiple of 16 bytes and rows in C order whose
 * outer strides (padded or not) are multiples of 16 bytes (the entry's
 * tensor maps are then encoded for the caller), else the generic entry,
 * which takes any padding. */
typedef enum {
  TILE_RUNTIME_ENTRY_AUTO = 0,
  TILE_RUNTIME_ENTRY_GENERIC = 1,
  TILE_RUNTIME_ENTRY_ALIGNED = 2, /* an error where it does not apply */
} TileRuntimeEntry;

typedef struct {
  int64_t grid[3];        /* programs in x, y, z (each >= 1) */
  void *stream;           /* a CUstream; NULL: the default stream */
  TileRuntimeEntry entry;
  /* Non-zero: wait for the kernel and measure it (info->gpuMs); a fault
   * is then this launch's error, naming the kernel. 0: asynchronous. */
  int synchronize;
} TileRuntimeLaunchConfig;

typedef struct {
  int aligned;        /* ran the aligned entry */
  int genericFromPtx; /* ran the generic entry the driver compiled from
                         the package's PTX */
  double loadMs;      /* this launch loaded an entry (the driver's JIT on
                         first use): how long that took; else 0 */
  double gpuMs;       /* synchronize: the kernel's time on the GPU */
  int blockThreads;
  int64_t blocks;     /* blocks started: the grid's, or for a persistent
                         kernel as many as the GPU holds at once (fewer
                         when the grid has fewer programs), or for a
                         stream-K one more than the grid's where it
                         splits programs into parts */
} TileRuntimeLaunchInfo;

/* Checks the arguments against the package (count, kind, rank, static
 * sizes, no more than 2^31-1 elements per memref), packs the kernel's
 * parameters (pointer, sizes and strides per memref; scalars at their
 * width; the aligned entry's tensor maps) and launches the grid on the
 * stream. `info` may be NULL. A kernel may be launched from one thread at
 * a time. */
TileStatusCode tileRuntimeKernelLaunch(TileRuntimeKernel *kernel,
                                       const TileRuntimeArg *args,
                                       int numArgs,
                                       const TileRuntimeLaunchConfig *config,
                                       TileRuntimeLaunchInfo *info,
                                       TileStatus *status);

/* Registers and shared memory of an entry as the driver loaded it
 * (loading it if no launch has yet). */
typedef struct {
  int numRegs;
  int staticShared, dynamicShared;
} TileRuntimeKernelResources;

TileStatusCode tileRuntimeKernelResources(TileRuntimeKernel *kernel,
                                          TileRuntimeEntry entry,
                                          TileRuntimeKernelResources *out,
                                          TileStatus *status);

/* Times `iters` launches after `warmup` with CUDA events on the config's
 * stream (the results of these launches are whatever the kernel leaves).
 * Times in microseconds. */
typedef struct {
  int iters;
  double medianUs, minUs, maxUs;
} TileRuntimeBenchmark;

TileStatusCode tileRuntimeKernelBenchmark(
    TileRuntimeKernel *kernel, const TileRuntimeArg *args, int numArgs,
    const TileRuntimeLaunchConfig *config, int warmup, int iters,
    TileRuntimeBenchmark *out, TileStatus *status);

/* How tileRuntimeKernelBenchmarkWith times. */
typedef struct {
  int warmup, iters;
  /* Non-zero: before each timed launch, outside the events that time it,
   * write a device buffer of twice the GPU's L2 size, so every launch
   * starts with its inputs out of L2, as a launch between other work
   * does. (Back-to-back launches of a kernel that fits its inputs in L2
   * would otherwise time a warm cache.) */
  int flushL2;
} TileRuntimeBenchmarkOptions;

/* Like tileRuntimeKernelBenchmark; each timed launch has its own pair of
 * events. An L2 flush that the driver cannot do (it lacks
 * cuMemsetD8Async, or does not give the L2's size) is an error. */
TileStatusCode tileRuntimeKernelBenchmarkWith(
    TileRuntimeKernel *kernel, const TileRuntimeArg *args, int numArgs,
    const TileRuntimeLaunchConfig *config,
    const TileRuntimeBenchmarkOptions *options, TileRuntimeBenchmark *out,
    TileStatus *status);

/* ---- Kernels in the caller's CUDA contexts ---- */

/* A kernel launched in whatever CUDA context is current on the calling
 * thread (the caller's own from cuCtxCreate, or the primary context the
 * CUDA runtime made current), not a device the runtime opened: what code
 * from `tile-opt --emit=c` launches through. It holds one kernel's
 * packages for one or more chips; in each context it picks, on the first
 * launch there, the package that fits that context's GPU best (an
 * sm_NNa package for exactly its capability, else a cubin for its major
 * version, newest first, else PTX, newest first) and loads it, once: a
 * later launch in that context reuses the module. Contexts are told
 * apart by the driver's context id (CUDA 12+; older drivers: the
 * context's address), so a context made after another was destroyed
 * gets a module of its own. Launches may come from any threads at once:
 * a lock guards the table of contexts and each launch (launches are
 * asynchronous, so it is held for microseconds, but a first launch in a
 * context holds it while the module loads). Modules stay loaded until
 * tileRuntimeContextKernelDestroy, which must run while their contexts
 * are alive, or not at all (a process may leave them to the driver). */
typedef struct TileRuntimeContextKernel TileRuntimeContextKernel;

/* `packages`: `count` (1..64) packages of one kernel (one name, one
 * argument list), borrowed: they must outlive the kernel. Nothing touches
 * the driver until the first launch. */
TileStatusCode tileRuntimeContextKernelCreate(
    const TileRuntimePackage *const *packages, int count,
    TileRuntimeContextKernel **out, TileStatus *status);
void tileRuntimeContextKernelDestroy(TileRuntimeContextKernel *kernel);

/* Launches in the current context as tileRuntimeKernelLaunch does (the
 * same argument checks, parameter packing, entries and `config`). No
 * current context is TILE_STATUS_NO_DEVICE; no package for the context's
 * GPU is TILE_STATUS_WRONG_CHIP naming the chips there are. */
TileStatusCode tileRuntimeContextKernelLaunch(
    TileRuntimeContextKernel *kernel, const TileRuntimeArg *args,
    int numArgs, const TileRuntimeLaunchConfig *config,
    TileRuntimeLaunchInfo *info, TileStatus *status);

/* Launches as tileRuntimeContextKernelLaunch does, on GPU `device`: in
 * the current context when it is that GPU's, else in the GPU's primary
 * context (the CUDA runtime's and PyTorch's), made current for the launch
 * and the caller's context made current again after, as a device guard
 * does. `device` -1: the current context's GPU, or GPU 0 when no context
 * is current. A thread that had no current context is left with the
 * GPU's primary context current, as after the CUDA runtime's first call.
 * The driver is asked which context is current once per launch: what a
 * launcher that knows where its arrays live (tile's Python package) calls
 * instead of asking, switching and launching in three calls. */
TileStatusCode tileRuntimeContextKernelLaunchOn(
    TileRuntimeContextKernel *kernel, int device, const TileRuntimeArg *args,
    int numArgs, const TileRuntimeLaunchConfig *config,
    TileRuntimeLaunchInfo *info, TileStatus *status);

/* Times launches in the current context as tileRuntimeKernelBenchmarkWith
 * does (CUDA events around each launch on the config's stream, L2
 * flushed outside them when asked; it waits for the whole context at
 * the end): what a tuner that runs in the caller's context times
 * candidates with. */
TileStatusCode tileRuntimeContextKernelBenchmark(
    TileRuntimeContextKernel *kernel, const TileRuntimeArg *args,
    int numArgs, const TileRuntimeLaunchConfig *config,
    const TileRuntimeBenchmarkOptions *options, TileRuntimeBenchmark *out,
    TileStatus *status);

/* Times launches as tileRuntimeContextKernelBenchmark does, on GPU
 * `device` as tileRuntimeContextKernelLaunchOn picks and switches. */
TileStatusCode tileRuntimeContextKernelBenchmarkOn(
    TileRuntimeContextKernel *kernel, int device, const TileRuntimeArg *args,
    int numArgs, const TileRuntimeLaunchConfig *config,
    const TileRuntimeBenchmarkOptions *options, TileRuntimeBenchmark *out,
    TileStatus *status);

/* The CUDA driver's version (13000 for 13.0; 0 when it does not say):
 * tuning results are kept per driver. */
TileStatusCode tileRuntimeDriverVersion(int *version, TileStatus *status);

/* How many contexts the kernel has loaded a module in (for tests and
 * diagnostics). */
int tileRuntimeContextKernelNumContexts(TileRuntimeContextKernel *kernel);

/* ---- Variants ---- */

/* A variant file (lib/Runtime/Variants.h; `tile-run --save-variant`
 * writes one): packages of one kernel, each tuned for the launch shapes
 * it names (every memref argument's element type and shape, every
 * scalar's value) with the grid it was tuned with, and at most one
 * default for other shapes. A program picks the variant for its
 * arguments and launches its package, so it gets the tuned speed without
 * tuning:
 *
 *   int i;
 *   if (tileRuntimeVariantsPick(vars, args, 3, &i, &st) == TILE_STATUS_OK) {
 *     tileRuntimeVariantsGrid(vars, i, cfg.grid); // 0 0 0: the default's,
 *     ...                                         // which takes yours
 *     tileRuntimeKernelCreate(dev, tileRuntimeVariantsPackage(vars, i), ...)
 */
typedef struct TileRuntimeVariants TileRuntimeVariants;

/* Reads and validates a variant file (its checksum, each package as a
 * package file is read, one kernel and one argument list throughout). */
TileStatusCode tileRuntimeVariantsLoadFile(const char *path,
                                           TileRuntimeVariants **out,
                                           TileStatus *status);
TileStatusCode tileRuntimeVariantsLoadMemory(const void *bytes, size_t size,
                                             const char *name,
                                             TileRuntimeVariants **out,
                                             TileStatus *status);
void tileRuntimeVariantsDestroy(TileRuntimeVariants *variants);
int tileRuntimeVariantsCount(const TileRuntimeVariants *variants);
/* Variant `index`'s package (owned by the variants), its shape key
 * ("f16 4096x4096; f16 4096x4096; f16 4096x4096"; "" for the default)
 * and the grid it was tuned with (0 0 0 for the default); NULL / zeros
 * for an index out of range. */
const TileRuntimePackage *tileRuntimeVariantsPackage(
    const TileRuntimeVariants *variants, int index);
const char *tileRuntimeVariantsKey(const TileRuntimeVariants *variants,
                                   int index);
void tileRuntimeVariantsGrid(const TileRuntimeVariants *variants, int index,
                             int64_t grid[3]);
/* The variant for a launch with these arguments: the one tuned for
 * exactly their shapes (the most specific), else the default. None:
 * TILE_STATUS_ARGUMENT_MISMATCH naming the arguments' shapes and the
 * variants'. */
TileStatusCode tileRuntimeVariantsPick(const TileRuntimeVariants *variants,
                                       const TileRuntimeArg *args,
                                       int numArgs, int *index,
                                       TileStatus *status);

#ifdef __cplusplus
}
#endif

#endif
