/* The CUDA Driver API through dlopen; see Cuda.h. The types, enum values and
 * versioned symbol names (cuMemAlloc_v2, ...) below are those of cuda.h
 * (CUDA 12/13); we declare them ourselves so the runtime builds without a
 * CUDA toolkit. */
#define _POSIX_C_SOURCE 200809L
#include "lib/Runtime/Cuda.h"


#include <dlfcn.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/Support/Error.h"
#include "tile-c/Runtime.h"

typedef int CUresult;
typedef int CUdevice;
typedef struct CUctx_st *CUcontext;
typedef struct CUmod_st *CUmodule;
typedef struct CUfunc_st *CUfunction;
typedef struct CUstream_st *CUstream;
typedef struct CUevent_st *CUevent;
typedef unsigned long long CUdeviceptr;

enum {
  CUDA_SUCCESS = 0,
  /* CUdevice_attribute */
  CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75,
  CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76,
  CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN = 97,
  CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT = 16,
  CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE = 38,
  /* CUfunction_attribute */
  CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES = 1,
  CU_FUNC_ATTRIBUTE_NUM_REGS = 4,
  CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8,
  /* CUjit_option */
  CU_JIT_INFO_LOG_BUFFER = 3,
  CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES = 4,
  CU_JIT_ERROR_LOG_BUFFER = 5,
  CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6,
  CU_JIT_LOG_VERBOSE = 12,
  /* cuTensorMapEncodeTiled's enums */
  CU_TENSOR_MAP_DATA_TYPE_UINT8 = 0,
  CU_TENSOR_MAP_DATA_TYPE_UINT16 = 1,
  CU_TENSOR_MAP_DATA_TYPE_UINT32 = 2,
  CU_TENSOR_MAP_DATA_TYPE_UINT64 = 4,
  CU_TENSOR_MAP_DATA_TYPE_FLOAT32 = 7,
  CU_TENSOR_MAP_INTERLEAVE_NONE = 0,
  CU_TENSOR_MAP_SWIZZLE_NONE = 0,
  CU_TENSOR_MAP_SWIZZLE_32B = 1,
  CU_TENSOR_MAP_SWIZZLE_64B = 2,
  CU_TENSOR_MAP_SWIZZLE_128B = 3,
  CU_TENSOR_MAP_L2_PROMOTION_L2_128B = 2,
  CU_TENSOR_MAP_L2_PROMOTION_L2_256B = 3,
  CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE = 0, /* zeros outside the tensor */
};

/* Shared memory a block gets without opting in. */
#define DEFAULT_SHARED_LIMIT (48 * 1024)
#define JIT_LOG_BYTES 8192

/* Every driver entry point the runtime calls, listed once: its field,
 * its parameters, and the exported names to try, the versioned one first.
 * REQUIRED ones must all be there (loadDriver fails naming the first
 * missing); OPTIONAL ones are NULL where the driver lacks them, and their
 * callers say so. The Driver struct and the loader are both made from
 * this list. */
#define TILE_CUDA_SYMBOLS(REQUIRED, OPTIONAL)                                  \
  REQUIRED(cuInit, (unsigned), "cuInit")                                       \
  REQUIRED(cuGetErrorName, (CUresult, const char **), "cuGetErrorName")        \
  REQUIRED(cuGetErrorString, (CUresult, const char **), "cuGetErrorString")    \
  REQUIRED(cuDeviceGetCount, (int *), "cuDeviceGetCount")                      \
  REQUIRED(cuDeviceGet, (CUdevice *, int), "cuDeviceGet")                      \
  REQUIRED(cuDeviceGetName, (char *, int, CUdevice), "cuDeviceGetName")        \
  REQUIRED(cuDeviceGetAttribute, (int *, int, CUdevice),                       \
           "cuDeviceGetAttribute")                                             \
  REQUIRED(cuDevicePrimaryCtxRetain, (CUcontext *, CUdevice),                  \
           "cuDevicePrimaryCtxRetain")                                         \
  REQUIRED(cuDevicePrimaryCtxRelease, (CUdevice),                              \
           "cuDevicePrimaryCtxRelease_v2", "cuDevicePrimaryCtxRelease")        \
  REQUIRED(cuCtxSetCurrent, (CUcontext), "cuCtxSetCurrent")                    \
  REQUIRED(cuCtxGetCurrent, (CUcontext *), "cuCtxGetCurrent")                  \
  REQUIRED(cuCtxGetDevice, (CUdevice *), "cuCtxGetDevice")                     \
  REQUIRED(cuCtxPushCurrent, (CUcontext), "cuCtxPushCurrent_v2",               \
           "cuCtxPushCurrent")                                                 \
  REQUIRED(cuCtxPopCurrent, (CUcontext *), "cuCtxPopCurrent_v2",               \
           "cuCtxPopCurrent")                                                  \
  REQUIRED(cuCtxSynchronize, (void), "cuCtxSynchronize")                       \
  REQUIRED(cuMemAlloc, (CUdeviceptr *, size_t), "cuMemAlloc_v2")               \
  REQUIRED(cuMemGetInfo, (size_t *, size_t *), "cuMemGetInfo_v2")              \
  REQUIRED(cuMemFree, (CUdeviceptr), "cuMemFree_v2")                           \
  REQUIRED(cuMemcpyHtoD, (CUdeviceptr, const void *, size_t),                  \
           "cuMemcpyHtoD_v2")                                                  \
  REQUIRED(cuMemcpyDtoH, (void *, CUdeviceptr, size_t), "cuMemcpyDtoH_v2")     \
  REQUIRED(cuModuleLoadDataEx,                                                 \
           (CUmodule *, const void *, unsigned, int *, void **),               \
           "cuModuleLoadDataEx")                                               \
  REQUIRED(cuModuleUnload, (CUmodule), "cuModuleUnload")                       \
  REQUIRED(cuModuleGetFunction, (CUfunction *, CUmodule, const char *),        \
           "cuModuleGetFunction")                                              \
  REQUIRED(cuFuncGetAttribute, (int *, int, CUfunction), "cuFuncGetAttribute") \
  REQUIRED(cuFuncSetAttribute, (CUfunction, int, int), "cuFuncSetAttribute")   \
  REQUIRED(cuLaunchKernel,                                                     \
           (CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned,      \
            unsigned, unsigned, CUstream, void **, void **),                   \
           "cuLaunchKernel")                                                   \
  REQUIRED(cuOccupancyMaxActiveBlocksPerMultiprocessor,                        \
           (int *, CUfunction, int, size_t),                                   \
           "cuOccupancyMaxActiveBlocksPerMultiprocessor")                      \
  REQUIRED(cuEventCreate, (CUevent *, unsigned), "cuEventCreate")              \
  REQUIRED(cuEventDestroy, (CUevent), "cuEventDestroy_v2", "cuEventDestroy")   \
  REQUIRED(cuEventRecord, (CUevent, CUstream), "cuEventRecord")                \
  REQUIRED(cuStreamWaitEvent, (CUstream, CUevent, unsigned),                   \
           "cuStreamWaitEvent")                                                \
  REQUIRED(cuEventSynchronize, (CUevent), "cuEventSynchronize")                \
  REQUIRED(cuEventElapsedTime, (float *, CUevent, CUevent),                    \
           "cuEventElapsedTime_v2", "cuEventElapsedTime")                      \
  /* CUDA 12 drivers and newer: TMA's tensor maps. */                          \
  OPTIONAL(cuTensorMapEncodeTiled,                                             \
           (void *, int, unsigned, void *, const uint64_t *, const uint64_t *, \
            const unsigned *, const unsigned *, int, int, int, int),           \
           "cuTensorMapEncodeTiled")                                           \
  /* Timing's L2 flush, and tuning's key. */                                   \
  OPTIONAL(cuMemsetD8Async, (CUdeviceptr, unsigned char, size_t, CUstream),    \
           "cuMemsetD8Async")                                                  \
  OPTIONAL(cuDriverGetVersion, (int *), "cuDriverGetVersion")                  \
  /* CUDA 12 drivers and newer: a context's id, unique in the process (a       \
   * context made after another was destroyed may have its address). */        \
  OPTIONAL(cuCtxGetId, (CUcontext, unsigned long long *), "cuCtxGetId")

#define DRIVER_FIELD(field, params, ...) CUresult(*field) params;
typedef struct {
  TILE_CUDA_SYMBOLS(DRIVER_FIELD, DRIVER_FIELD)
} Driver;
#undef DRIVER_FIELD

struct TileCuda {
  void *lib;
  Driver d;
  CUdevice device;
  CUcontext ctx;
  bool borrowed;   /* ctx is the caller's (tileCudaCreateCurrent): not ours
                      to release */
  uint64_t ctxKey; /* tileCudaCurrentContext's key for ctx */
  char name[256];
  int capability;
  int sharedOptin;
  int multiprocessors;
  int l2Bytes;
  int driverVersion; /* 13000 for CUDA 13.0; 0: unknown */
};

struct TileCudaKernel {
  TileCuda *cu;
  CUmodule module;
  CUfunction function;
  int numRegs, staticShared, dynamicShared;
};

struct TileCudaEvent {
  TileCuda *cu;
  CUevent event;
};

/* "cuMemAlloc failed: CUDA_ERROR_OUT_OF_MEMORY (out of memory)". */
static int cuFail(const TileCuda *cu, CUresult rc, const char *call,
                  char *err, size_t errSize) {
  const char *name = NULL, *text = NULL;
  if (cu->d.cuGetErrorName(rc, &name) != CUDA_SUCCESS || !name)
    name = "unknown error";
  if (cu->d.cuGetErrorString(rc, &text) != CUDA_SUCCESS || !text)
    text = "no description";
  /* A tile.assert that failed: the device printed its message, location
   * and program (block) on stdout; the context is unusable from here on. */
  if (rc == 710) /* CUDA_ERROR_ASSERT */
    return tileFailCode(TILE_STATUS_ASSERT, err, errSize,
                        "device assert failed (its message, location and "
                        "program are printed above): %s reported %s (code %d)",
                        call, name, rc);
  return tileFailCode(TILE_STATUS_CUDA, err, errSize,
                      "%s failed: %s (%s; code %d)", call, name, text, rc);
}

#define CU_CALL(cu, call, args, err, errSize)                                  \
  do {                                                                         \
    CUresult rc_ = (cu)->d.call args;                                          \
    if (rc_ != CUDA_SUCCESS)                                                   \
      return cuFail((cu), rc_, #call, (err), (errSize));                       \
  } while (0)

/* Looks up the first of `names` that the library has. */
static bool loadSymbol(void *lib, void *fn, const char *const *names) {
  for (; *names; ++names) {
    void *sym = dlsym(lib, *names);
    if (sym) {
      /* POSIX guarantees a data pointer can hold a function address. */
      memcpy(fn, &sym, sizeof sym);
      return true;
    }
  }
  return false;
}

static int loadDriver(TileCuda *cu, const char *path, char *err,
                      size_t errSize) {
  cu->lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!cu->lib) {
    const char *why = dlerror();
    return tileFailCode(TILE_STATUS_NO_DRIVER, err, errSize,
                        "no CUDA driver (%s not found): %s", path,
                        why ? why : "dlopen failed");
  }
#define REQUIRED_SYMBOL(field, params, ...)                                    \
  do {                                                                         \
    static const char *const names_[] = {__VA_ARGS__, NULL};                   \
    if (!loadSymbol(cu->lib, &cu->d.field, names_))                            \
      return tileFailCode(TILE_STATUS_NO_DRIVER, err, errSize,                 \
                          "the CUDA driver %s lacks %s (too old, or not "      \
                          "libcuda)",                                          \
                          path, names_[0]);                                    \
  } while (0);
#define OPTIONAL_SYMBOL(field, params, ...)                                    \
  do {                                                                         \
    static const char *const names_[] = {__VA_ARGS__, NULL};                   \
    loadSymbol(cu->lib, &cu->d.field, names_);                                 \
  } while (0);
  TILE_CUDA_SYMBOLS(REQUIRED_SYMBOL, OPTIONAL_SYMBOL)
#undef REQUIRED_SYMBOL
#undef OPTIONAL_SYMBOL
  return 0;
}

/* Reads the facts of cu->device the runtime uses: name, capability,
 * shared memory, multiprocessors, L2, the driver's version. */
static int describeDevice(TileCuda *cu, char *err, size_t errSize) {
  CU_CALL(cu, cuDeviceGetName, (cu->name, (int)sizeof cu->name, cu->device),
          err, errSize);
  int major, minor;
  CU_CALL(cu, cuDeviceGetAttribute,
          (&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, cu->device),
          err, errSize);
  CU_CALL(cu, cuDeviceGetAttribute,
          (&minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, cu->device),
          err, errSize);
  CU_CALL(cu, cuDeviceGetAttribute,
          (&cu->sharedOptin,
           CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN, cu->device),
          err, errSize);
  CU_CALL(cu, cuDeviceGetAttribute,
          (&cu->multiprocessors, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT,
           cu->device),
          err, errSize);
  cu->capability = major * 10 + minor;
  /* Only timing wants these; a driver that does not say leaves them 0. */
  if (cu->d.cuDeviceGetAttribute(&cu->l2Bytes,
                                 CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE,
                                 cu->device) != CUDA_SUCCESS)
    cu->l2Bytes = 0;
  if (!cu->d.cuDriverGetVersion ||
      cu->d.cuDriverGetVersion(&cu->driverVersion) != CUDA_SUCCESS)
    cu->driverVersion = 0;
  return 0;
}

static int openDevice(TileCuda *cu, int index, char *err, size_t errSize) {
  /* A driver without a GPU fails cuInit (CUDA_ERROR_NO_DEVICE). */
  CUresult rc = cu->d.cuInit(0);
  if (rc != CUDA_SUCCESS) {
    cuFail(cu, rc, "cuInit", err, errSize);
    return TILE_STATUS_NO_DEVICE;
  }
  int count = 0;
  CU_CALL(cu, cuDeviceGetCount, (&count), err, errSize);
  if (count < 1)
    return tileFailCode(TILE_STATUS_NO_DEVICE, err, errSize,
                        "the CUDA driver found no GPU");
  if (index < 0 || index >= count) {
    const char *visible = getenv("CUDA_VISIBLE_DEVICES");
    return tileFailCode(TILE_STATUS_NO_DEVICE, err, errSize,
                    "there is no GPU %d: the CUDA driver sees %d (0 to %d)%s%s",
                    index, count, count - 1,
                    visible ? ", CUDA_VISIBLE_DEVICES=" : "",
                    visible ? visible : "");
  }
  CU_CALL(cu, cuDeviceGet, (&cu->device, index), err, errSize);
  int failed = describeDevice(cu, err, errSize);
  if (failed)
    return failed;
  CU_CALL(cu, cuDevicePrimaryCtxRetain, (&cu->ctx, cu->device), err, errSize);
  return 0;
}

int tileCudaCreate(TileCuda **out, char *err, size_t errSize) {
  return tileCudaCreateOn(out, 0, err, errSize);
}

int tileCudaCreateOn(TileCuda **out, int device, char *err, size_t errSize) {
  *out = NULL;
  TileCuda *cu = calloc(1, sizeof *cu);
  if (!cu)
    return tileFail(err, errSize, "out of memory");
  const char *path = getenv("TILE_CUDA_LIBRARY");
  if (!path || !*path)
    path = "libcuda.so.1";
  int rc = loadDriver(cu, path, err, errSize);
  if (!rc)
    rc = openDevice(cu, device, err, errSize);
  if (rc) {
    tileCudaDestroy(cu);
    return rc;
  }
  *out = cu;
  return 0;
}

/* A context's key: its id where the driver gives ids, else its address. */
static uint64_t contextKey(const TileCuda *cu, CUcontext ctx) {
  unsigned long long id;
  if (cu->d.cuCtxGetId && cu->d.cuCtxGetId(ctx, &id) == CUDA_SUCCESS)
    return id;
  return (uint64_t)(uintptr_t)ctx;
}

/* The context current on this thread, or NO_DEVICE saying there is none. */
static int currentContext(TileCuda *cu, CUcontext *out, char *err,
                          size_t errSize) {
  CU_CALL(cu, cuCtxGetCurrent, (out), err, errSize);
  if (!*out)
    return tileFailCode(TILE_STATUS_NO_DEVICE, err, errSize,
                        "no CUDA context is current on this thread (make "
                        "one current first: cuCtxSetCurrent, or "
                        "cudaSetDevice and a CUDA runtime call)");
  return 0;
}

int tileCudaCreateCurrent(TileCuda **out, char *err, size_t errSize) {
  *out = NULL;
  TileCuda *cu = calloc(1, sizeof *cu);
  if (!cu)
    return tileFail(err, errSize, "out of memory");
  cu->borrowed = true;
  const char *path = getenv("TILE_CUDA_LIBRARY");
  if (!path || !*path)
    path = "libcuda.so.1";
  int rc = loadDriver(cu, path, err, errSize);
  CUresult init = rc ? CUDA_SUCCESS : cu->d.cuInit(0);
  if (!rc && init != CUDA_SUCCESS) {
    cuFail(cu, init, "cuInit", err, errSize);
    rc = TILE_STATUS_NO_DEVICE;
  }
  if (!rc)
    rc = currentContext(cu, &cu->ctx, err, errSize);
  if (!rc) {
    CUresult r = cu->d.cuCtxGetDevice(&cu->device);
    rc = r == CUDA_SUCCESS ? 0 : cuFail(cu, r, "cuCtxGetDevice", err, errSize);
  }
  if (!rc)
    rc = describeDevice(cu, err, errSize);
  if (rc) {
    tileCudaDestroy(cu);
    return rc;
  }
  cu->ctxKey = contextKey(cu, cu->ctx);
  *out = cu;
  return 0;
}

uint64_t tileCudaContextKey(const TileCuda *cu) { return cu->ctxKey; }
int tileCudaOrdinal(const TileCuda *cu) { return (int)cu->device; }

/* The driver alone, loaded and initialised once for the process, for the
 * calls about the calling thread's context below (a CUDA runtime keeps
 * the same process-wide state). A failure is remembered and given again. */
static TileCuda processDriver;
static int processRc; /* loadProcessDriver's result */
static char processErr[512];
static pthread_once_t processOnce = PTHREAD_ONCE_INIT;
/* Guards `retained`. */
static pthread_mutex_t processLock = PTHREAD_MUTEX_INITIALIZER;
/* The primary contexts this process retained through tileCudaUseDevice,
 * kept for its lifetime, as the CUDA runtime keeps its own. */
#define MAX_RETAINED 64
static CUcontext retained[MAX_RETAINED];

static void loadProcessDriver(void) {
  const char *path = getenv("TILE_CUDA_LIBRARY");
  if (!path || !*path)
    path = "libcuda.so.1";
  processRc = loadDriver(&processDriver, path, processErr, sizeof processErr);
  if (!processRc) {
    CUresult rc = processDriver.d.cuInit(0);
    if (rc != CUDA_SUCCESS) {
      cuFail(&processDriver, rc, "cuInit", processErr, sizeof processErr);
      processRc = TILE_STATUS_NO_DEVICE;
    }
  }
}

/* Every launch from Python asks for it: once loaded, pthread_once costs
 * no lock. */
static int driverForProcess(TileCuda **out, char *err, size_t errSize) {
  pthread_once(&processOnce, loadProcessDriver);
  if (processRc)
    return tileFailCode(processRc, err, errSize, "%s", processErr);
  *out = &processDriver;
  return 0;
}

/* GPU `ordinal` through the process's driver, or NO_DEVICE saying how
 * many there are. */
static int processDevice(TileCuda **cu, int ordinal, CUdevice *out,
                         char *err, size_t errSize) {
  int rc = driverForProcess(cu, err, errSize);
  if (rc)
    return rc;
  int count = 0;
  CU_CALL(*cu, cuDeviceGetCount, (&count), err, errSize);
  if (ordinal < 0 || ordinal >= count || ordinal >= MAX_RETAINED) {
    const char *visible = getenv("CUDA_VISIBLE_DEVICES");
    return tileFailCode(TILE_STATUS_NO_DEVICE, err, errSize,
                        "there is no GPU %d: the CUDA driver sees %d%s%s",
                        ordinal, count,
                        visible ? ", CUDA_VISIBLE_DEVICES=" : "",
                        visible ? visible : "");
  }
  CU_CALL(*cu, cuDeviceGet, (out, ordinal), err, errSize);
  return 0;
}

int tileCudaCurrentDevice(int *ordinal, char *err, size_t errSize) {
  TileCuda *cu;
  int rc = driverForProcess(&cu, err, errSize);
  if (rc)
    return rc;
  CUcontext ctx = NULL;
  CU_CALL(cu, cuCtxGetCurrent, (&ctx), err, errSize);
  *ordinal = -1;
  if (ctx) {
    CUdevice device;
    CU_CALL(cu, cuCtxGetDevice, (&device), err, errSize);
    *ordinal = (int)device;
  }
  return 0;
}

int tileCudaQueryDevice(int ordinal, int *capability, char *name,
                        size_t nameSize, char *err, size_t errSize) {
  TileCuda *cu;
  CUdevice device;
  int rc = processDevice(&cu, ordinal, &device, err, errSize);
  if (rc)
    return rc;
  int major, minor;
  CU_CALL(cu, cuDeviceGetAttribute,
          (&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, device), err,
          errSize);
  CU_CALL(cu, cuDeviceGetAttribute,
          (&minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, device), err,
          errSize);
  *capability = major * 10 + minor;
  if (name && nameSize)
    CU_CALL(cu, cuDeviceGetName, (name, (int)nameSize, device), err, errSize);
  return 0;
}

int tileCudaProcessDriverVersion(int *version, char *err, size_t errSize) {
  TileCuda *cu;
  int rc = driverForProcess(&cu, err, errSize);
  if (rc)
    return rc;
  if (!cu->d.cuDriverGetVersion ||
      cu->d.cuDriverGetVersion(version) != CUDA_SUCCESS)
    *version = 0;
  return 0;
}

int tileCudaUseDevice(int ordinal, char *err, size_t errSize) {
  TileCuda *cu;
  CUdevice device;
  int rc = processDevice(&cu, ordinal, &device, err, errSize);
  if (rc)
    return rc;
  pthread_mutex_lock(&processLock);
  CUresult r = CUDA_SUCCESS;
  if (!retained[ordinal])
    r = cu->d.cuDevicePrimaryCtxRetain(&retained[ordinal], device);
  CUcontext ctx = retained[ordinal];
  pthread_mutex_unlock(&processLock);
  if (r != CUDA_SUCCESS)
    return cuFail(cu, r, "cuDevicePrimaryCtxRetain", err, errSize);
  CU_CALL(cu, cuCtxSetCurrent, (ctx), err, errSize);
  return 0;
}

int tileCudaCurrentContext(TileCudaCurrent *out, bool required, char *err,
                           size_t errSize) {
  TileCuda *cu;
  int rc = driverForProcess(&cu, err, errSize);
  if (rc)
    return rc;
  CUcontext ctx = NULL;
  if (required)
    rc = currentContext(cu, &ctx, err, errSize);
  else
    CU_CALL(cu, cuCtxGetCurrent, (&ctx), err, errSize);
  if (rc)
    return rc;
  out->ctx = ctx;
  out->key = ctx ? contextKey(cu, ctx) : 0;
  return 0;
}

int tileCudaRestoreContext(void *ctx, char *err, size_t errSize) {
  TileCuda *cu;
  int rc = driverForProcess(&cu, err, errSize);
  if (rc)
    return rc;
  CU_CALL(cu, cuCtxSetCurrent, ((CUcontext)ctx), err, errSize);
  return 0;
}

int tileCudaEnter(TileCuda *cu, char *err, size_t errSize) {
  CU_CALL(cu, cuCtxPushCurrent, (cu->ctx), err, errSize);
  return 0;
}

void tileCudaLeave(TileCuda *cu) {
  CUcontext ignored;
  cu->d.cuCtxPopCurrent(&ignored);
}

void tileCudaDestroy(TileCuda *cu) {
  if (!cu)
    return;
  if (cu->ctx && !cu->borrowed)
    cu->d.cuDevicePrimaryCtxRelease(cu->device);
  /* The driver stays loaded: unloading libcuda is not supported well. */
  free(cu);
}

const char *tileCudaDeviceName(const TileCuda *cu) { return cu->name; }
int tileCudaCapability(const TileCuda *cu) { return cu->capability; }

int tileCudaCheckChip(const TileCuda *cu, const char *chip,
                      TileImageKind kind, char *err, size_t errSize) {
  int want = atoi(chip + 3); /* the package reader checked "sm_NN[a]" */
  bool archSpecific = chip[strlen(chip) - 1] == 'a';
  int have = cu->capability;
  const char *why = NULL;
  if (archSpecific && have != want)
    why = "an sm_NNa image runs only on exactly that compute capability";
  else if (!archSpecific && kind == TILE_IMAGE_CUBIN &&
           (have / 10 != want / 10 || have < want))
    why = "a cubin runs only on its major compute capability, same minor or "
          "newer";
  else if (!archSpecific && have < want)
    why = kind == TILE_IMAGE_FATBIN
              ? "a fatbin's cubin and PTX run only on its compute capability "
                "or newer"
              : "PTX runs only on its compute capability or newer";
  if (!why)
    return 0;
  return tileFailCode(TILE_STATUS_WRONG_CHIP, err, errSize,
               "the package is built for %s but the GPU (%s) is sm_%d: %s",
               chip, cu->name, have, why);
}

int tileCudaMalloc(TileCuda *cu, size_t bytes, TileDevicePtr *out, char *err,
                   size_t errSize) {
  CUdeviceptr p = 0;
  /* cuMemAlloc refuses 0 bytes; an empty array still gets a valid pointer. */
  CUresult rc = cu->d.cuMemAlloc(&p, bytes ? bytes : 1);
  if (rc == CUDA_SUCCESS) {
    *out = p;
    return 0;
  }
  char why[256];
  cuFail(cu, rc, "cuMemAlloc", why, sizeof why);
  size_t freeBytes = 0, totalBytes = 0;
  if (cu->d.cuMemGetInfo(&freeBytes, &totalBytes) != CUDA_SUCCESS)
    return tileFail(err, errSize, "%s", why);
  return tileFail(err, errSize, "%s; %.1f MiB asked, %.1f MiB of %.1f MiB free",
                  why, bytes / 1048576.0, freeBytes / 1048576.0,
                  totalBytes / 1048576.0);
}

void tileCudaFree(TileCuda *cu, TileDevicePtr p) {
  if (p)
    cu->d.cuMemFree(p);
}

int tileCudaCopyToDevice(TileCuda *cu, TileDevicePtr dst, const void *src,
                         size_t bytes, char *err, size_t errSize) {
  if (bytes)
    CU_CALL(cu, cuMemcpyHtoD, (dst, src, bytes), err, errSize);
  return 0;
}

int tileCudaCopyToHost(TileCuda *cu, void *dst, TileDevicePtr src,
                       size_t bytes, char *err, size_t errSize) {
  if (bytes)
    CU_CALL(cu, cuMemcpyDtoH, (dst, src, bytes), err, errSize);
  return 0;
}

/* Drops trailing newlines and joins lines with "; " so the log fits in a
 * one-line message. */
static void flattenLog(char *s) {
  size_t n = strlen(s);
  while (n && (s[n - 1] == '\n' || s[n - 1] == '\r'))
    s[--n] = '\0';
  for (char *c = s; *c; ++c)
    if (*c == '\n' || *c == '\r')
      *c = ' ';
}

static int loadModule(TileCuda *cu, TileCudaKernel *k, const void *image,
                      char *err, size_t errSize) {
  char *info = calloc(1, JIT_LOG_BYTES), *error = calloc(1, JIT_LOG_BYTES);
  if (!info || !error) {
    free(info);
    free(error);
    return tileFail(err, errSize, "out of memory");
  }
  int options[] = {CU_JIT_INFO_LOG_BUFFER, CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES,
                   CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
                   CU_JIT_LOG_VERBOSE};
  /* Integer options travel in the pointer slots, as the API prescribes. */
  void *values[] = {info, (void *)(uintptr_t)(JIT_LOG_BYTES - 1), error,
                    (void *)(uintptr_t)(JIT_LOG_BYTES - 1), (void *)(uintptr_t)0};
  CUresult rc = cu->d.cuModuleLoadDataEx(
      &k->module, image, sizeof options / sizeof options[0], options, values);
  int failed = 0;
  if (rc != CUDA_SUCCESS) {
    char call[128];
    cuFail(cu, rc, "cuModuleLoadDataEx", call, sizeof call);
    flattenLog(error);
    flattenLog(info);
    failed = tileFail(err, errSize, "%s; JIT log: %s", call,
                   error[0] ? error : info[0] ? info : "(empty)");
  }
  free(info);
  free(error);
  return failed;
}

int tileCudaKernelLoad(TileCuda *cu, const void *image, const char *entry,
                       int sharedBytes, TileCudaKernel **out, char *err,
                       size_t errSize) {
  *out = NULL;
  TileCudaKernel *k = calloc(1, sizeof *k);
  if (!k)
    return tileFail(err, errSize, "out of memory");
  k->cu = cu;
  char inner[1024];
  int failed = loadModule(cu, k, image, err, errSize);
  CUresult rc = CUDA_SUCCESS;
  if (!failed && (rc = cu->d.cuModuleGetFunction(&k->function, k->module,
                                                 entry)) != CUDA_SUCCESS) {
    cuFail(cu, rc, "cuModuleGetFunction", inner, sizeof inner);
    failed = tileFail(err, errSize, "kernel '%s' not found in the image: %s",
                   entry, inner);
  }
  if (!failed &&
      ((rc = cu->d.cuFuncGetAttribute(&k->numRegs, CU_FUNC_ATTRIBUTE_NUM_REGS,
                                      k->function)) != CUDA_SUCCESS ||
       (rc = cu->d.cuFuncGetAttribute(&k->staticShared,
                                      CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES,
                                      k->function)) != CUDA_SUCCESS))
    failed = cuFail(cu, rc, "cuFuncGetAttribute", err, errSize);
  if (!failed && sharedBytes > cu->sharedOptin)
    failed = tileFailCode(TILE_STATUS_WRONG_CHIP, err, errSize,
                   "kernel '%s' needs %d bytes of shared memory; the GPU (%s) "
                   "allows at most %d per block",
                   entry, sharedBytes, cu->name, cu->sharedOptin);
  if (!failed && k->staticShared > sharedBytes)
    failed = tileFail(err, errSize,
                   "kernel '%s' declares %d bytes of static shared memory but "
                   "its package says %d in all",
                   entry, k->staticShared, sharedBytes);
  if (!failed) {
    k->dynamicShared = sharedBytes - k->staticShared;
    /* Above 48 KiB a block must opt in, and only for dynamic shared
     * memory (static shared memory cannot exceed 48 KiB). */
    if (k->dynamicShared > 0 && sharedBytes > DEFAULT_SHARED_LIMIT &&
        (rc = cu->d.cuFuncSetAttribute(
             k->function, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
             k->dynamicShared)) != CUDA_SUCCESS) {
      cuFail(cu, rc, "cuFuncSetAttribute(MAX_DYNAMIC_SHARED_SIZE_BYTES)", inner,
             sizeof inner);
      failed = tileFail(err, errSize, "kernel '%s' (%d bytes of dynamic shared "
                     "memory): %s", entry, k->dynamicShared, inner);
    }
  }
  if (failed) {
    tileCudaKernelDestroy(k);
    return failed;
  }
  *out = k;
  return 0;
}

void tileCudaKernelDestroy(TileCudaKernel *k) {
  if (!k)
    return;
  if (k->module)
    k->cu->d.cuModuleUnload(k->module);
  free(k);
}

void tileCudaKernelInfo(const TileCudaKernel *k, int *numRegs,
                        int *staticShared, int *dynamicShared) {
  *numRegs = k->numRegs;
  *staticShared = k->staticShared;
  *dynamicShared = k->dynamicShared;
}

int tileCudaLaunch(TileCuda *cu, TileCudaKernel *k, const int64_t grid[3],
                   int blockThreads, void *stream, void **params, char *err,
                   size_t errSize) {
  static const int64_t kMax[3] = {2147483647, 65535, 65535};
  for (int d = 0; d < 3; ++d)
    if (grid[d] < 1 || grid[d] > kMax[d])
      return tileFailCode(TILE_FAIL_INVALID_ARGUMENT, err, errSize,
                   "grid dimension %c is %lld; CUDA allows 1 to %lld", 'x' + d,
                   (long long)grid[d], (long long)kMax[d]);
  CU_CALL(cu, cuLaunchKernel,
          (k->function, (unsigned)grid[0], (unsigned)grid[1],
           (unsigned)grid[2], (unsigned)blockThreads, 1, 1,
           (unsigned)k->dynamicShared, (CUstream)stream, params, NULL),
          err, errSize);
  return 0;
}

int tileCudaL2Bytes(const TileCuda *cu) { return cu->l2Bytes; }

int tileCudaDriverVersion(const TileCuda *cu) { return cu->driverVersion; }

bool tileCudaCanMemset(const TileCuda *cu) {
  return cu->d.cuMemsetD8Async != NULL;
}

int tileCudaMemsetAsync(TileCuda *cu, TileDevicePtr p, unsigned char value,
                        size_t bytes, void *stream, char *err,
                        size_t errSize) {
  if (!cu->d.cuMemsetD8Async)
    return tileFail(err, errSize, "the CUDA driver lacks cuMemsetD8Async");
  CU_CALL(cu, cuMemsetD8Async, ((CUdeviceptr)p, value, bytes, (CUstream)stream),
          err, errSize);
  return 0;
}

int tileCudaSynchronize(TileCuda *cu, char *err, size_t errSize) {
  CU_CALL(cu, cuCtxSynchronize, (), err, errSize);
  return 0;
}

int tileCudaEventCreate(TileCuda *cu, TileCudaEvent **out, char *err,
                        size_t errSize) {
  *out = NULL;
  TileCudaEvent *e = calloc(1, sizeof *e);
  if (!e)
    return tileFail(err, errSize, "out of memory");
  e->cu = cu;
  CUresult rc = cu->d.cuEventCreate(&e->event, 0);
  if (rc != CUDA_SUCCESS) {
    free(e);
    return cuFail(cu, rc, "cuEventCreate", err, errSize);
  }
  *out = e;
  return 0;
}

void tileCudaEventDestroy(TileCudaEvent *e) {
  if (!e)
    return;
  e->cu->d.cuEventDestroy(e->event);
  free(e);
}

int tileCudaEventRecord(TileCudaEvent *e, void *stream, char *err,
                        size_t errSize) {
  CU_CALL(e->cu, cuEventRecord, (e->event, (CUstream)stream), err, errSize);
  return 0;
}

int tileCudaStreamWaitEvent(TileCudaEvent *e, void *stream, char *err,
                            size_t errSize) {
  CU_CALL(e->cu, cuStreamWaitEvent, ((CUstream)stream, e->event, 0), err,
          errSize);
  return 0;
}

int tileCudaEventElapsed(TileCudaEvent *start, TileCudaEvent *end, float *ms,
                         char *err, size_t errSize) {
  TileCuda *cu = end->cu;
  CU_CALL(cu, cuEventSynchronize, (end->event), err, errSize);
  CU_CALL(cu, cuEventElapsedTime, (ms, start->event, end->event), err,
          errSize);
  return 0;
}

int tileCudaEncodeTensorMap(TileCuda *cu, void *map, TileDevicePtr base,
                            int elemBytes, bool float32, int rank,
                            const int64_t *shape, const int64_t *strides,
                            int boxRows, int boxCols, int swizzleBytes,
                            char *err, size_t errSize) {
  if (!cu->d.cuTensorMapEncodeTiled)
    return tileFail(err, errSize,
                    "this CUDA driver lacks cuTensorMapEncodeTiled (the "
                    "package's aligned entry uses bulk tensor copies, which "
                    "need a CUDA 12 driver or newer)");
  /* Only the element size matters to a copy; a reduction's adds take the
   * type (an f32 memref's: the bulk reductions of tile.atomic_rmw, whose
   * copies are the same bits either way). */
  int type = float32          ? CU_TENSOR_MAP_DATA_TYPE_FLOAT32
             : elemBytes == 1 ? CU_TENSOR_MAP_DATA_TYPE_UINT8
             : elemBytes == 2 ? CU_TENSOR_MAP_DATA_TYPE_UINT16
             : elemBytes == 4 ? CU_TENSOR_MAP_DATA_TYPE_UINT32
                              : CU_TENSOR_MAP_DATA_TYPE_UINT64;
  int swizzle = swizzleBytes == 128  ? CU_TENSOR_MAP_SWIZZLE_128B
                : swizzleBytes == 64 ? CU_TENSOR_MAP_SWIZZLE_64B
                : swizzleBytes == 32 ? CU_TENSOR_MAP_SWIZZLE_32B
                                     : CU_TENSOR_MAP_SWIZZLE_NONE;
  if (rank < 2 || rank > 3)
    return tileFail(err, errSize, "a tensor map of rank %d (expected 2 or 3)",
                    rank);
  /* Innermost dimension first; strides in bytes, of the outer ones. */
  uint64_t dims[3], byteStrides[2];
  unsigned box[3] = {(unsigned)boxCols, (unsigned)boxRows, 1};
  unsigned unit[3] = {1, 1, 1};
  for (int d = 0; d < rank; ++d) {
    dims[d] = (uint64_t)shape[rank - 1 - d];
    if (d > 0)
      byteStrides[d - 1] =
          (uint64_t)strides[rank - 1 - d] * (uint64_t)elemBytes;
  }
  /* L2 fills of 256 bytes where every row starts on such a boundary; of
   * 128 where rows do not (a 3000-wide f16 matrix's 6000-byte rows): a
   * box row then straddles two 256-byte blocks one time in two, and
   * filling both whole made an f16 GEMM at 3000^3 11% slower on an H200
   * (docs/performance.md, 2026-12-01); aligned rows ran the same with
   * either. */
  bool rows256 = true;
  for (int d = 0; d + 1 < rank; ++d)
    rows256 = rows256 && byteStrides[d] % 256 == 0;
  int promotion = rows256 ? CU_TENSOR_MAP_L2_PROMOTION_L2_256B
                          : CU_TENSOR_MAP_L2_PROMOTION_L2_128B;
  CUresult rc = cu->d.cuTensorMapEncodeTiled(
      map, type, (unsigned)rank, (void *)(uintptr_t)base, dims, byteStrides,
      box, unit, CU_TENSOR_MAP_INTERLEAVE_NONE, swizzle, promotion,
      CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
  return rc == CUDA_SUCCESS ? 0
                            : cuFail(cu, rc, "cuTensorMapEncodeTiled", err,
                                     errSize);
}

int tileCudaResidentBlocks(TileCuda *cu, TileCudaKernel *k, int blockThreads,
                           int64_t *out, char *err, size_t errSize) {
  int perSm = 0;
  CUresult rc = cu->d.cuOccupancyMaxActiveBlocksPerMultiprocessor(
      &perSm, k->function, blockThreads, (size_t)k->dynamicShared);
  if (rc != CUDA_SUCCESS)
    return cuFail(cu, rc, "cuOccupancyMaxActiveBlocksPerMultiprocessor", err,
                  errSize);
  int sms = cu->multiprocessors > 0 ? cu->multiprocessors : 1;
  *out = (int64_t)(perSm > 0 ? perSm : 1) * sms;
  return 0;
}
