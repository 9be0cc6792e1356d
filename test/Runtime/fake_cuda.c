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
 *                         faulted does; FAKE_CUDA_FAULT=assert reports
 *                         CUDA_ERROR_ASSERT, as after a failed device
 *                         assert (tile.assert)
 *   FAKE_CUDA_CC=NN       the compute capability, major * 10 + minor
 *                         (default 90: sm_90; 100 for a Blackwell B200)
 *   FAKE_CUDA_LOAD_LOG=FILE  each module load appends "load ctx N" to
 *                         FILE, N the context it was loaded in (the
 *                         primary context is 1; cuCtxCreate makes 2, 3...)
 *   FAKE_CUDA_LOG=FILE    each launch appends a line to FILE: the entry,
 *                         grid, block, dynamic shared memory, the stream
 *                         ("given 0x..." or "default"), and every
 *                         parameter's bytes as a little-endian hex number,
 *                         or a tensor map as what was encoded into it:
 *     launch vecadd grid 1,1,1 block 128 shared 0 stream default params 0x7f..(8) 0x8(8) 0x1(8) ...
 * A PTX image's entries are read for their parameter lists (so the log
 * knows each parameter's size); an entry the PTX lacks is
 * CUDA_ERROR_NOT_FOUND, as the real driver says. Cubins are not read.
 * Time is simulated: a launch takes 1 microsecond per block of its grid
 * on a clock that events read, so timing code sees a kernel of fewer
 * programs as faster. Two knobs change it:
 *   FAKE_CUDA_BLOCK_US=T:US  a block of T threads takes US microseconds
 *   FAKE_CUDA_SLOW=N:F       from the N-th launch on (counting from 1)
 *                            every launch takes F times as long, as a
 *                            GPU whose clocks dropped while it ran
 * L2 is 50 MiB; cuMemsetD8Async (which only timing uses, to flush L2)
 * writes nothing.
 * Contexts are tracked per thread (current, pushed, popped), as the real
 * driver does: cuCtxGetCurrent is NULL until one is made current, and a
 * launch of a function whose module another context loaded fails with
 * CUDA_ERROR_INVALID_CONTEXT.
 * It is called "Fake GPU". */
#define _POSIX_C_SOURCE 200809L /* strdup */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef int CUresult;
typedef unsigned long long CUdeviceptr;

enum {
  SUCCESS = 0,
  INVALID_VALUE = 1,
  OUT_OF_MEMORY = 2,
  INVALID_DEVICE = 101,
  INVALID_CONTEXT = 201,
  NOT_FOUND = 500,
  ILLEGAL_ADDRESS = 700,
  ASSERT = 710
};

#define MAX_PARAMS 512

/* A context: its number (1, the primary context; then 2, 3, ... as
 * cuCtxCreate makes them) and device. */
typedef struct {
  int id;
  int device;
} Context;

static Context primary = {1, 0};
static int contextsMade = 1;
/* The calling thread's context stack; its top is the current context. */
#define MAX_DEPTH 16
static _Thread_local Context *stack[MAX_DEPTH];
static _Thread_local int depth;

static Context *current(void) { return depth ? stack[depth - 1] : NULL; }

typedef struct Function {
  char name[256];
  Context *context; /* its module's */
  int numParams; /* -1: unknown (a cubin) */
  int sizes[MAX_PARAMS];
  struct Function *next; /* the module's others */
} Function;

typedef struct Module {
  Context *context; /* the one it was loaded in */
  char *ptx; /* NULL for a binary image */
  Function *functions; /* freed with the module */
  struct Module *next; /* the other loaded ones */
} Module;

/* Every loaded module, as a driver holds them until its context goes: a
 * process that exits without unloading one (after a fault, say) leaves it
 * reachable, not leaked. */
static Module *loaded;

static size_t allocated;
static int launched;
static double gpuClockUs; /* the simulated GPU's clock */

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
  case INVALID_CONTEXT: *out = "CUDA_ERROR_INVALID_CONTEXT"; return SUCCESS;
  case NOT_FOUND: *out = "CUDA_ERROR_NOT_FOUND"; return SUCCESS;
  case ILLEGAL_ADDRESS: *out = "CUDA_ERROR_ILLEGAL_ADDRESS"; return SUCCESS;
  case ASSERT: *out = "CUDA_ERROR_ASSERT"; return SUCCESS;
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
  /* FAKE_CUDA_CC (default 9.0), 227 KiB of shared memory a block, 132
   * multiprocessors. */
  int cc = (int)envInt("FAKE_CUDA_CC", 90);
  *value = attribute == 75   ? cc / 10 /* compute capability major */
           : attribute == 76 ? cc % 10 /* minor */
           : attribute == 97 ? 232448
           : attribute == 16 ? 132
           : attribute == 38 ? 50 << 20 /* L2 bytes */
                             : 0;
  return SUCCESS;
}

CUresult cuDevicePrimaryCtxRetain(void **ctx, int device) {
  (void)device;
  *ctx = &primary;
  return SUCCESS;
}

CUresult cuDevicePrimaryCtxRelease_v2(int device) {
  (void)device;
  return SUCCESS;
}

CUresult cuCtxCreate_v2(void **ctx, unsigned flags, int device) {
  (void)flags;
  if (device < 0 || device >= envInt("FAKE_CUDA_DEVICES", 1))
    return INVALID_DEVICE;
  /* From a fixed pool, never freed: nothing for a leak checker to see. */
  static Context made[64];
  if (contextsMade == 64)
    return OUT_OF_MEMORY;
  Context *c = &made[contextsMade - 1];
  c->id = ++contextsMade;
  c->device = device;
  *ctx = c;
  /* As the real driver: the new context is pushed on the caller's stack. */
  if (depth < MAX_DEPTH)
    stack[depth++] = c;
  return SUCCESS;
}

/* Contexts stay in the pool: a number is never reused, which the tests of
 * per-context loading rely on. */
CUresult cuCtxDestroy_v2(void *ctx) {
  for (int i = 0; i < depth; ++i)
    if (stack[i] == ctx)
      stack[i] = NULL;
  return SUCCESS;
}

CUresult cuCtxSetCurrent(void *ctx) {
  if (depth == 0)
    depth = 1;
  stack[depth - 1] = ctx;
  return SUCCESS;
}

CUresult cuCtxGetCurrent(void **ctx) {
  *ctx = current();
  return SUCCESS;
}

CUresult cuCtxGetDevice(int *device) {
  if (!current())
    return INVALID_CONTEXT;
  *device = current()->device;
  return SUCCESS;
}

CUresult cuCtxGetId(void *ctx, unsigned long long *id) {
  if (!ctx)
    return INVALID_CONTEXT;
  *id = (unsigned long long)((Context *)ctx)->id;
  return SUCCESS;
}

CUresult cuCtxPushCurrent_v2(void *ctx) {
  if (depth == MAX_DEPTH)
    return INVALID_VALUE;
  stack[depth++] = ctx;
  return SUCCESS;
}

CUresult cuCtxPopCurrent_v2(void **ctx) {
  Context *top = depth ? stack[--depth] : NULL;
  if (ctx)
    *ctx = top;
  return SUCCESS;
}

CUresult cuCtxSynchronize(void) {
  const char *fault = getenv("FAKE_CUDA_FAULT");
  if (!launched || !fault || !*fault || strcmp(fault, "0") == 0)
    return SUCCESS;
  return strcmp(fault, "assert") == 0 ? ASSERT : ILLEGAL_ADDRESS;
}

/* Each block remembers its size in the 16 bytes in front of it, for
 * cuMemFree; what follows is 16-byte aligned, as the launcher's aligned
 * entry wants (the real driver's blocks are 256-byte aligned). */
#define HEADER 16
CUresult cuMemAlloc_v2(CUdeviceptr *out, size_t bytes) {
  if (bytes > memoryBytes() - allocated)
    return OUT_OF_MEMORY;
  unsigned char *block = aligned_alloc(16, (HEADER + bytes + 15) / 16 * 16);
  if (!block)
    return OUT_OF_MEMORY;
  memcpy(block, &bytes, sizeof bytes);
  allocated += bytes;
  *out = (CUdeviceptr)(block + HEADER);
  return SUCCESS;
}

CUresult cuMemGetInfo_v2(size_t *freeBytes, size_t *totalBytes) {
  *totalBytes = memoryBytes();
  *freeBytes = *totalBytes - allocated;
  return SUCCESS;
}

CUresult cuMemFree_v2(CUdeviceptr p) {
  unsigned char *block = (unsigned char *)p - HEADER;
  size_t bytes;
  memcpy(&bytes, block, sizeof bytes);
  allocated -= bytes;
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

/* PTX is text: every byte up to the NUL printable or white space. */
static int isPtx(const char *image) {
  const unsigned char *c = (const unsigned char *)image;
  for (int i = 0; c[i]; ++i)
    if (c[i] < 0x09 || (c[i] > 0x0d && c[i] < 0x20) || c[i] > 0x7e)
      return 0;
  return strstr(image, ".entry") != NULL;
}

CUresult cuModuleLoadDataEx(void **module, const void *image, unsigned n,
                            int *options, void **values) {
  (void)n, (void)options, (void)values;
  Module *m = calloc(1, sizeof *m);
  if (!m)
    return OUT_OF_MEMORY;
  const unsigned char *head = image;
  if (head[0] != 0x7f && isPtx(image))
    m->ptx = strdup(image);
  m->context = current();
  const char *path = getenv("FAKE_CUDA_LOAD_LOG");
  FILE *log = path && *path ? fopen(path, "a") : NULL;
  if (log) {
    fprintf(log, "load ctx %d\n", m->context ? m->context->id : 0);
    fclose(log);
  }
  m->next = loaded;
  loaded = m;
  *module = m;
  return SUCCESS;
}

CUresult cuModuleUnload(void *module) {
  Module *m = module;
  for (Module **at = &loaded; *at; at = &(*at)->next)
    if (*at == m) {
      *at = m->next;
      break;
    }
  while (m->functions) {
    Function *next = m->functions->next;
    free(m->functions);
    m->functions = next;
  }
  free(m->ptx);
  free(m);
  return SUCCESS;
}

/* The size of one ".param" of an entry's list ("... .param .align 64 .b8
 * map[128]" is 128 bytes), or 0 when it cannot be read. */
static int paramSize(const char *p, const char *end) {
  int elem = 0, count = 1;
  while (p < end && *p != ',' && *p != ')') {
    if (*p == '.' && (p[1] == 'u' || p[1] == 's' || p[1] == 'b' ||
                      p[1] == 'f') &&
        p[2] >= '0' && p[2] <= '9')
      elem = atoi(p + 2) / 8;
    if (*p == '[')
      count = atoi(p + 1);
    ++p;
  }
  return elem * count;
}

CUresult cuModuleGetFunction(void **function, void *module, const char *name) {
  Module *m = module;
  Function *f = calloc(1, sizeof *f);
  if (!f)
    return OUT_OF_MEMORY;
  snprintf(f->name, sizeof f->name, "%s", name);
  f->context = m->context;
  f->numParams = -1;
  if (m->ptx) {
    char entry[300];
    snprintf(entry, sizeof entry, ".entry %s(", name);
    const char *at = strstr(m->ptx, entry);
    if (!at) {
      free(f);
      return NOT_FOUND;
    }
    const char *p = at + strlen(entry), *end = strchr(p, ')');
    f->numParams = 0;
    while (end && p < end && f->numParams < MAX_PARAMS) {
      const char *param = strstr(p, ".param");
      if (!param || param > end)
        break;
      f->sizes[f->numParams++] = paramSize(param + 6, end);
      p = param + 6;
    }
  }
  f->next = m->functions;
  m->functions = f;
  *function = f;
  return SUCCESS;
}

/* One block per multiprocessor, as a kernel of 227 KiB would get. */
CUresult cuOccupancyMaxActiveBlocksPerMultiprocessor(int *blocks, void *function,
                                                     int blockThreads,
                                                     size_t dynamicShared) {
  (void)function;
  (void)blockThreads;
  (void)dynamicShared;
  *blocks = 1;
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

/* What one block of `threads` threads takes now, in microseconds
 * (FAKE_CUDA_BLOCK_US, FAKE_CUDA_SLOW). */
static double launchUsPerBlock(unsigned threads) {
  static long launches;
  ++launches;
  double us = 1;
  unsigned t;
  double v;
  long n;
  const char *e = getenv("FAKE_CUDA_BLOCK_US");
  if (e && sscanf(e, "%u:%lf", &t, &v) == 2 && t == threads)
    us = v;
  e = getenv("FAKE_CUDA_SLOW");
  if (e && sscanf(e, "%ld:%lf", &n, &v) == 2 && launches >= n)
    us *= v;
  return us;
}

CUresult cuLaunchKernel(void *f, unsigned gx, unsigned gy, unsigned gz,
                        unsigned bx, unsigned by, unsigned bz, unsigned shared,
                        void *stream, void **params, void **extra) {
  (void)by, (void)bz, (void)extra;
  const Function *fn = f;
  if (fn->context != current())
    return INVALID_CONTEXT;
  launched = 1;
  gpuClockUs += (double)gx * gy * gz * launchUsPerBlock(bx);
  const char *path = getenv("FAKE_CUDA_LOG");
  FILE *log = path && *path ? fopen(path, "a") : NULL;
  if (!log)
    return SUCCESS;
  fprintf(log, "launch %s grid %u,%u,%u block %u shared %u stream ", fn->name,
          gx, gy, gz, bx, shared);
  if (stream)
    fprintf(log, "given %#llx params", (unsigned long long)(uintptr_t)stream);
  else
    fprintf(log, "default params");
  for (int i = 0; i < fn->numParams; ++i) {
    const unsigned char *b = params[i];
    if (fn->sizes[i] == 128) { /* a tensor map: what encoded it */
      fprintf(log, " {%.120s}", (const char *)b);
      continue;
    }
    unsigned long long v = 0;
    for (int k = fn->sizes[i] - 1; k >= 0 && fn->sizes[i] <= 8; --k)
      v = v << 8 | b[k];
    fprintf(log, " 0x%llx(%d)", v, fn->sizes[i]);
  }
  if (fn->numParams < 0)
    fprintf(log, " (unknown: not PTX)");
  fprintf(log, "\n");
  fclose(log);
  return SUCCESS;
}

/* Writes what it was asked to encode into the map, as text the launch log
 * shows. */
CUresult cuTensorMapEncodeTiled(void *map, int type, unsigned rank,
                                void *base, const uint64_t *dims,
                                const uint64_t *strides, const unsigned *box,
                                const unsigned *unit, int interleave,
                                int swizzle, int promotion, int fill) {
  (void)unit, (void)interleave, (void)fill;
  if (rank < 2 || rank > 3 || ((uintptr_t)base & 15))
    return INVALID_VALUE;
  char *m = map;
  memset(m, 0, 128);
  int n = snprintf(m, 128, "type %d dims %llu,%llu", type,
                   (unsigned long long)dims[0], (unsigned long long)dims[1]);
  if (rank == 3)
    n += snprintf(m + n, 128 - (size_t)n, ",%llu", (unsigned long long)dims[2]);
  n += snprintf(m + n, 128 - (size_t)n, " strides %llu", (unsigned long long)strides[0]);
  if (rank == 3)
    n += snprintf(m + n, 128 - (size_t)n, ",%llu", (unsigned long long)strides[1]);
  snprintf(m + n, 128 - (size_t)n, " box %u,%u swizzle %d promotion %d",
           box[0], box[1], swizzle, promotion);
  return SUCCESS;
}

CUresult cuEventCreate(void **event, unsigned flags) {
  (void)flags;
  *event = calloc(1, sizeof(double));
  return *event ? SUCCESS : OUT_OF_MEMORY;
}

CUresult cuEventDestroy_v2(void *event) {
  free(event);
  return SUCCESS;
}

/* An event holds the simulated clock when it was recorded. */
CUresult cuEventRecord(void *event, void *stream) {
  (void)stream;
  *(double *)event = gpuClockUs;
  return SUCCESS;
}

/* Logged (FAKE_CUDA_LOG): the stream that waits. */
CUresult cuStreamWaitEvent(void *stream, void *event, unsigned flags) {
  (void)event;
  (void)flags;
  const char *path = getenv("FAKE_CUDA_LOG");
  FILE *log = path && *path ? fopen(path, "a") : NULL;
  if (log) {
    fprintf(log, "stream %#llx waits for an event\n",
            (unsigned long long)(uintptr_t)stream);
    fclose(log);
  }
  return SUCCESS;
}

CUresult cuEventSynchronize(void *event) {
  (void)event;
  return SUCCESS;
}

CUresult cuEventElapsedTime_v2(float *ms, void *start, void *end) {
  *ms = (float)((*(double *)end - *(double *)start) * 1e-3);
  return SUCCESS;
}

CUresult cuMemsetD8Async(CUdeviceptr p, unsigned char value, size_t bytes,
                         void *stream) {
  (void)stream, (void)value;
  return p && bytes ? SUCCESS : INVALID_VALUE;
}

CUresult cuDriverGetVersion(int *version) {
  *version = 13000;
  return SUCCESS;
}
