/* A stand-in for libcuda.so.1 (TILE_CUDA_LIBRARY names it), so tile-run's
 * GPU error paths run in CI without a GPU: it has the entry points
 * lib/Runtime/Cuda.c loads, keeps "device memory" in host memory, and
 * launches nothing (the results stay as uploaded). The environment picks
 * what goes wrong:
 *   FAKE_CUDA_DEVICES=N   the GPUs the driver sees (default 1)
 *   FAKE_CUDA_MEMORY=B    bytes of device memory (default 1 GiB); an
 *                         allocation past what is free fails with
 *                         CUDA_ERROR_OUT_OF_MEMORY
 *   FAKE_CUDA_FAULT=1     the synchronization after a launch reports
 *                         CUDA_ERROR_ILLEGAL_ADDRESS, as a kernel that
 *                         faulted does
 * It reports sm_90 ("Fake GPU"). */
#include <stdlib.h>
#include <string.h>

typedef int CUresult;
typedef unsigned long long CUdeviceptr;

enum {
  SUCCESS = 0,
  INVALID_VALUE = 1,
  OUT_OF_MEMORY = 2,
  INVALID_DEVICE = 101,
  ILLEGAL_ADDRESS = 700
};

static size_t allocated;
static int launched;

static long long envInt(const char *name, long long fallback) {
  const char *v = getenv(name);
  return v && *v ? atoll(v) : fallback;
}

static size_t memoryBytes(void) {
  return (size_t)envInt("FAKE_CUDA_MEMORY", 1LL << 30);
}

CUresult cuInit(unsigned flags) {
  (void)flags;
  return SUCCESS;
}

CUresult cuGetErrorName(CUresult rc, const char **out) {
  switch (rc) {
  case SUCCESS: *out = "CUDA_SUCCESS"; return SUCCESS;
  case OUT_OF_MEMORY: *out = "CUDA_ERROR_OUT_OF_MEMORY"; return SUCCESS;
  case INVALID_DEVICE: *out = "CUDA_ERROR_INVALID_DEVICE"; return SUCCESS;
  case ILLEGAL_ADDRESS: *out = "CUDA_ERROR_ILLEGAL_ADDRESS"; return SUCCESS;
  default: *out = "CUDA_ERROR_INVALID_VALUE"; return SUCCESS;
  }
}

CUresult cuGetErrorString(CUresult rc, const char **out) {
  switch (rc) {
  case OUT_OF_MEMORY: *out = "out of memory"; return SUCCESS;
  case ILLEGAL_ADDRESS:
    *out = "an illegal memory access was encountered";
    return SUCCESS;
  default: *out = "fake driver error"; return SUCCESS;
  }
}

CUresult cuDeviceGetCount(int *count) {
  *count = (int)envInt("FAKE_CUDA_DEVICES", 1);
  return SUCCESS;
}

CUresult cuDeviceGet(int *device, int index) {
  if (index < 0 || index >= envInt("FAKE_CUDA_DEVICES", 1))
    return INVALID_DEVICE;
  *device = index;
  return SUCCESS;
}

CUresult cuDeviceGetName(char *name, int size, int device) {
  (void)device;
  strncpy(name, "Fake GPU", (size_t)size);
  return SUCCESS;
}

CUresult cuDeviceGetAttribute(int *value, int attribute, int device) {
  (void)device;
  *value = attribute == 75 ? 9 : attribute == 97 ? 232448 : 0;
  return SUCCESS;
}

CUresult cuDevicePrimaryCtxRetain(void **ctx, int device) {
  (void)device;
  static int context;
  *ctx = &context;
  return SUCCESS;
}

CUresult cuDevicePrimaryCtxRelease_v2(int device) {
  (void)device;
  return SUCCESS;
}

CUresult cuCtxSetCurrent(void *ctx) {
  (void)ctx;
  return SUCCESS;
}

CUresult cuCtxSynchronize(void) {
  return launched && envInt("FAKE_CUDA_FAULT", 0) ? ILLEGAL_ADDRESS : SUCCESS;
}

/* Each block remembers its size in front of it, for cuMemFree. */
CUresult cuMemAlloc_v2(CUdeviceptr *out, size_t bytes) {
  if (bytes > memoryBytes() - allocated)
    return OUT_OF_MEMORY;
  size_t *block = malloc(sizeof(size_t) + bytes);
  if (!block)
    return OUT_OF_MEMORY;
  *block = bytes;
  allocated += bytes;
  *out = (CUdeviceptr)(block + 1);
  return SUCCESS;
}

CUresult cuMemGetInfo_v2(size_t *freeBytes, size_t *totalBytes) {
  *totalBytes = memoryBytes();
  *freeBytes = *totalBytes - allocated;
  return SUCCESS;
}

CUresult cuMemFree_v2(CUdeviceptr p) {
  size_t *block = (size_t *)p - 1;
  allocated -= *block;
  free(block);
  return SUCCESS;
}

CUresult cuMemcpyHtoD_v2(CUdeviceptr dst, const void *src, size_t bytes) {
  memcpy((void *)dst, src, bytes);
  return SUCCESS;
}

CUresult cuMemcpyDtoH_v2(void *dst, CUdeviceptr src, size_t bytes) {
  memcpy(dst, (const void *)src, bytes);
  return SUCCESS;
}

CUresult cuModuleLoadDataEx(void **module, const void *image, unsigned n,
                            int *options, void **values) {
  (void)image, (void)n, (void)options, (void)values;
  static int loaded;
  *module = &loaded;
  return SUCCESS;
}

CUresult cuModuleUnload(void *module) {
  (void)module;
  return SUCCESS;
}

CUresult cuModuleGetFunction(void **function, void *module, const char *name) {
  (void)module, (void)name;
  static int kernel;
  *function = &kernel;
  return SUCCESS;
}

CUresult cuFuncGetAttribute(int *value, int attribute, void *function) {
  (void)function;
  *value = attribute == 4 ? 32 : 0; /* 32 registers, no shared memory */
  return SUCCESS;
}

CUresult cuFuncSetAttribute(void *function, int attribute, int value) {
  (void)function, (void)attribute, (void)value;
  return SUCCESS;
}

CUresult cuLaunchKernel(void *f, unsigned gx, unsigned gy, unsigned gz,
                        unsigned bx, unsigned by, unsigned bz, unsigned shared,
                        void *stream, void **params, void **extra) {
  (void)f, (void)gx, (void)gy, (void)gz, (void)bx, (void)by, (void)bz;
  (void)shared, (void)stream, (void)params, (void)extra;
  launched = 1;
  return SUCCESS;
}

CUresult cuEventCreate(void **event, unsigned flags) {
  (void)flags;
  static int events;
  *event = &events;
  return SUCCESS;
}

CUresult cuEventDestroy_v2(void *event) {
  (void)event;
  return SUCCESS;
}

CUresult cuEventRecord(void *event, void *stream) {
  (void)event, (void)stream;
  return SUCCESS;
}

CUresult cuEventSynchronize(void *event) {
  (void)event;
  return SUCCESS;
}

CUresult cuEventElapsedTime_v2(float *ms, void *start, void *end) {
  (void)start, (void)end;
  *ms = 0.001f;
  return SUCCESS;
}
