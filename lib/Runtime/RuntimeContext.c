/* The public runtime API's kernels in the caller's CUDA contexts
 * (tile-c/Runtime.h, "Kernels in the caller's CUDA contexts"): a table
 * of the contexts a kernel was launched in, each with a device over that
 * context (borrowed, lib/Runtime/Cuda.c's tileCudaCreateCurrent) and the
 * package chosen for its GPU loaded there. Launches then go through
 * RuntimeLaunch.c as any kernel's do, in the context found current (not
 * pushed again): a launch asks the driver which context is current once,
 * and otherwise only launches. */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/Runtime/RuntimeApi.h"
#include "lib/Support/Error.h"

#define MAX_PACKAGES 64

/* One context the kernel has run in. */
typedef struct {
  uint64_t key; /* tileCudaContextKey */
  TileRuntimeDevice *device;
  TileRuntimeKernel *kernel;
} Loaded;

struct TileRuntimeContextKernel {
  const TileRuntimePackage *packages[MAX_PACKAGES];
  int numPackages;
  pthread_mutex_t lock; /* guards everything below, and each launch */
  Loaded *loaded;
  int numLoaded, capLoaded;
};

TileStatusCode tileRuntimeContextKernelCreate(
    const TileRuntimePackage *const *packages, int count,
    TileRuntimeContextKernel **out, TileStatus *status) {
  if (!out || !packages)
    return runtimeStatus(status, TILE_STATUS_INVALID_ARGUMENT,
                         "tileRuntimeContextKernelCreate: %s is NULL",
                         out ? "packages" : "out");
  *out = NULL;
  if (count < 1 || count > MAX_PACKAGES)
    return runtimeStatus(status, TILE_STATUS_INVALID_ARGUMENT,
                         "tileRuntimeContextKernelCreate: %d packages "
                         "(1 to %d)",
                         count, MAX_PACKAGES);
  const TilePackage *first = packages[0] ? &packages[0]->p : NULL;
  for (int i = 0; i < count; ++i) {
    if (!packages[i])
      return runtimeStatus(status, TILE_STATUS_INVALID_ARGUMENT,
                           "tileRuntimeContextKernelCreate: package %d is "
                           "NULL",
                           i);
    /* One kernel: a launch checks its arguments against whichever
     * package the context gets, so all must take the same ones. */
    const TilePackage *p = &packages[i]->p;
    if (strcmp(p->kernelName, first->kernelName) != 0 ||
        p->numArgs != first->numArgs ||
        memcmp(p->args, first->args, sizeof p->args[0] * (size_t)p->numArgs))
      return runtimeStatus(status, TILE_STATUS_INVALID_ARGUMENT,
                           "package %d (@%s for %s) is not of the kernel of "
                           "package 0 (@%s for %s): the name or arguments "
                           "differ",
                           i, p->kernelName, p->chip, first->kernelName,
                           first->chip);
  }
  TileRuntimeContextKernel *k = calloc(1, sizeof *k);
  if (!k)
    return runtimeStatus(status, TILE_STATUS_OUT_OF_MEMORY, "out of memory");
  memcpy(k->packages, packages, sizeof *packages * (size_t)count);
  k->numPackages = count;
  pthread_mutex_init(&k->lock, NULL);
  *out = k;
  return runtimeStatus(status, TILE_STATUS_OK, "%s", "");
}

void tileRuntimeContextKernelDestroy(TileRuntimeContextKernel *kernel) {
  if (!kernel)
    return;
  for (int i = 0; i < kernel->numLoaded; ++i) {
    tileRuntimeKernelDestroy(kernel->loaded[i].kernel);
    tileRuntimeDeviceDestroy(kernel->loaded[i].device);
  }
  free(kernel->loaded);
  pthread_mutex_destroy(&kernel->lock);
  free(kernel);
}

int tileRuntimeContextKernelNumContexts(TileRuntimeContextKernel *kernel) {
  if (!kernel)
    return 0;
  pthread_mutex_lock(&kernel->lock);
  int n = kernel->numLoaded;
  pthread_mutex_unlock(&kernel->lock);
  return n;
}

/* How well a package fits a GPU it runs on: an image for exactly this
 * chip (sm_NNa) first, then SASS for its major version, then PTX the
 * driver compiles; the newest chip first within each. */
static int fitScore(const TilePackage *p) {
  int chip = atoi(p->chip + 3);
  bool archSpecific = p->chip[strlen(p->chip) - 1] == 'a';
  int tier = archSpecific ? 3 : p->imageKind == TILE_IMAGE_CUBIN ? 2 : 1;
  return tier * 10000 + chip;
}

/* The package for `cu`'s GPU, or WRONG_CHIP naming the chips there are. */
static int pickPackage(const TileRuntimeContextKernel *k, TileCuda *cu,
                       const TileRuntimePackage **out, char *err,
                       size_t errSize) {
  int best = -1, bestScore = -1;
  char chips[512] = "", ignored[512];
  size_t used = 0;
  for (int i = 0; i < k->numPackages; ++i) {
    const TilePackage *p = &k->packages[i]->p;
    if (used < sizeof chips)
      used += (size_t)snprintf(chips + used, sizeof chips - used, "%s%s",
                               i ? ", " : "", p->chip);
    if (tileCudaCheckChip(cu, p->chip, p->imageKind, ignored, sizeof ignored))
      continue;
    if (fitScore(p) > bestScore) {
      best = i;
      bestScore = fitScore(p);
    }
  }
  if (best < 0)
    return tileFailCode(TILE_STATUS_WRONG_CHIP, err, errSize,
                        "kernel @%s has no package for the GPU (%s, sm_%d); "
                        "it has %s",
                        k->packages[0]->p.kernelName, tileCudaDeviceName(cu),
                        tileCudaCapability(cu), chips);
  *out = k->packages[best];
  return 0;
}

/* Opens the current context, picks and loads the package there, and adds
 * it to the table. The lock is held. */
static TileStatusCode loadHere(TileRuntimeContextKernel *k, Loaded **out,
                               TileStatus *status) {
  char err[1024];
  TileCuda *cu = NULL;
  int rc = tileCudaCreateCurrent(&cu, err, sizeof err);
  if (rc)
    return runtimeStatusFrom(status, rc, TILE_STATUS_CUDA, err);
  const TileRuntimePackage *package = NULL;
  rc = pickPackage(k, cu, &package, err, sizeof err);
  if (rc) {
    tileCudaDestroy(cu);
    return runtimeStatusFrom(status, rc, TILE_STATUS_WRONG_CHIP, err);
  }
  if (k->numLoaded == k->capLoaded) {
    int cap = k->capLoaded ? 2 * k->capLoaded : 4;
    Loaded *grown = realloc(k->loaded, sizeof *grown * (size_t)cap);
    if (!grown) {
      tileCudaDestroy(cu);
      return runtimeStatus(status, TILE_STATUS_OUT_OF_MEMORY, "out of memory");
    }
    k->loaded = grown;
    k->capLoaded = cap;
  }
  TileRuntimeDevice *device = calloc(1, sizeof *device);
  if (!device) {
    tileCudaDestroy(cu);
    return runtimeStatus(status, TILE_STATUS_OUT_OF_MEMORY, "out of memory");
  }
  device->cu = cu;
  TileRuntimeKernel *kernel = NULL;
  TileStatusCode code = tileRuntimeKernelCreate(device, package, &kernel,
                                                status);
  if (code) {
    tileRuntimeDeviceDestroy(device);
    return code;
  }
  Loaded *l = &k->loaded[k->numLoaded++];
  l->key = tileCudaContextKey(cu);
  l->device = device;
  l->kernel = kernel;
  *out = l;
  return TILE_STATUS_OK;
}

/* The entry of the context of key `key`, or NULL. The lock is held. */
static Loaded *find(TileRuntimeContextKernel *k, uint64_t key) {
  for (int i = 0; i < k->numLoaded; ++i)
    if (k->loaded[i].key == key)
      return &k->loaded[i];
  return NULL;
}

/* The entry of the current context `cur` (tileCudaCurrentContext's; one
 * is current), loading the kernel there on the first launch. The lock is
 * held. */
static TileStatusCode here(TileRuntimeContextKernel *k,
                           const TileCudaCurrent *cur, Loaded **out,
                           TileStatus *status) {
  *out = find(k, cur->key);
  return *out ? TILE_STATUS_OK : loadHere(k, out, status);
}

/* The current context, one required. */
static TileStatusCode current(TileCudaCurrent *cur, TileStatus *status) {
  char err[1024];
  int rc = tileCudaCurrentContext(cur, true, err, sizeof err);
  return runtimeStatusFrom(status, rc, TILE_STATUS_CUDA, err);
}

TileStatusCode tileRuntimeContextKernelLaunch(
    TileRuntimeContextKernel *kernel, const TileRuntimeArg *args,
    int numArgs, const TileRuntimeLaunchConfig *config,
    TileRuntimeLaunchInfo *info, TileStatus *status) {
  if (!kernel)
    return runtimeStatus(status, TILE_STATUS_INVALID_ARGUMENT,
                         "launching: kernel is NULL");
  TileCudaCurrent cur;
  TileStatusCode code = current(&cur, status);
  if (code)
    return code;
  pthread_mutex_lock(&kernel->lock);
  Loaded *l = NULL;
  code = here(kernel, &cur, &l, status);
  if (!code)
    code = runtimeKernelLaunchHere(l->kernel, args, numArgs, config, info,
                                   status);
  pthread_mutex_unlock(&kernel->lock);
  return code;
}

/* Where a launch on a given GPU runs: the caller's context, or that
 * GPU's primary context made current in its place until leaveOn. */
typedef struct {
  TileCudaCurrent caller;
  bool switched;
} Place;

/* The entry for a launch on GPU `device` (-1: the current context's GPU,
 * else GPU 0), making the GPU's primary context current when the current
 * context is not on it (tile-c/Runtime.h's ...LaunchOn). The lock is
 * held; leaveOn follows, whatever the result. */
static TileStatusCode enterOn(TileRuntimeContextKernel *k, int device,
                              Place *p, Loaded **out, TileStatus *status) {
  char err[1024];
  p->switched = false;
  int rc = tileCudaCurrentContext(&p->caller, false, err, sizeof err);
  if (rc)
    return runtimeStatusFrom(status, rc, TILE_STATUS_CUDA, err);
  /* The caller's context's GPU is its entry's, once the kernel has run
   * there: the driver is asked only about a context new to the kernel. */
  TileCudaCurrent cur = p->caller;
  Loaded *l = cur.ctx ? find(k, cur.key) : NULL;
  int at = -1;
  if (l)
    at = tileCudaOrdinal(l->device->cu);
  else if (cur.ctx)
    rc = tileCudaCurrentDevice(&at, err, sizeof err);
  int want = device >= 0 ? device : at >= 0 ? at : 0;
  if (!rc && want != at) {
    p->switched = true;
    l = NULL;
    rc = tileCudaUseDevice(want, err, sizeof err);
    if (!rc)
      rc = tileCudaCurrentContext(&cur, true, err, sizeof err);
  }
  if (rc)
    return runtimeStatusFrom(status, rc, TILE_STATUS_CUDA, err);
  *out = l;
  return l ? runtimeStatus(status, TILE_STATUS_OK, "%s", "")
           : here(k, &cur, out, status);
}

/* The caller's context back; a thread that had none keeps the GPU's
 * primary context, as after the CUDA runtime's first call. */
static void leaveOn(const Place *p) {
  char ignored[256];
  if (p->switched && p->caller.ctx)
    tileCudaRestoreContext(p->caller.ctx, ignored, sizeof ignored);
}

TileStatusCode tileRuntimeContextKernelLaunchOn(
    TileRuntimeContextKernel *kernel, int device, const TileRuntimeArg *args,
    int numArgs, const TileRuntimeLaunchConfig *config,
    TileRuntimeLaunchInfo *info, TileStatus *status) {
  if (!kernel)
    return runtimeStatus(status, TILE_STATUS_INVALID_ARGUMENT,
                         "launching: kernel is NULL");
  pthread_mutex_lock(&kernel->lock);
  Place place;
  Loaded *l = NULL;
  TileStatusCode code = enterOn(kernel, device, &place, &l, status);
  if (!code)
    code = runtimeKernelLaunchHere(l->kernel, args, numArgs, config, info,
                                   status);
  leaveOn(&place);
  pthread_mutex_unlock(&kernel->lock);
  return code;
}

TileStatusCode tileRuntimeContextKernelBenchmark(
    TileRuntimeContextKernel *kernel, const TileRuntimeArg *args,
    int numArgs, const TileRuntimeLaunchConfig *config,
    const TileRuntimeBenchmarkOptions *options, TileRuntimeBenchmark *out,
    TileStatus *status) {
  if (!kernel)
    return runtimeStatus(status, TILE_STATUS_INVALID_ARGUMENT,
                         "benchmark: kernel is NULL");
  TileCudaCurrent cur;
  TileStatusCode code = current(&cur, status);
  if (code)
    return code;
  pthread_mutex_lock(&kernel->lock);
  Loaded *l = NULL;
  code = here(kernel, &cur, &l, status);
  if (!code)
    code = tileRuntimeKernelBenchmarkWith(l->kernel, args, numArgs, config,
                                          options, out, status);
  pthread_mutex_unlock(&kernel->lock);
  return code;
}

TileStatusCode tileRuntimeContextKernelBenchmarkOn(
    TileRuntimeContextKernel *kernel, int device, const TileRuntimeArg *args,
    int numArgs, const TileRuntimeLaunchConfig *config,
    const TileRuntimeBenchmarkOptions *options, TileRuntimeBenchmark *out,
    TileStatus *status) {
  if (!kernel)
    return runtimeStatus(status, TILE_STATUS_INVALID_ARGUMENT,
                         "benchmark: kernel is NULL");
  pthread_mutex_lock(&kernel->lock);
  Place place;
  Loaded *l = NULL;
  TileStatusCode code = enterOn(kernel, device, &place, &l, status);
  if (!code)
    code = tileRuntimeKernelBenchmarkWith(l->kernel, args, numArgs, config,
                                          options, out, status);
  leaveOn(&place);
  pthread_mutex_unlock(&kernel->lock);
  return code;
}
