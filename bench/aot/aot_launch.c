/* The host cost of ahead-of-time C launches (issue 34; docs/performance.md
 * "Ahead-of-time C"): a program that makes its own CUDA context, as an
 * embedder does, and calls the function tile-opt --emit=c (or
 * --emit=c-driver) generated for examples/vecadd.mlir:
 *   - the first call (its module loaded into the context), in ms;
 *   - 10,000 calls back to back, launching 1 program on 1 element, then
 *     one synchronisation: the wall time per call, in us;
 *   - the same 10,000 launches of the same kernel through cuLaunchKernel
 *     on a module this program loads itself from the generated file's
 *     cubin (it cannot see it: from vecadd.cubin beside it): the floor.
 * Built by bench/aot/run.sh on the GPU machine against the CUDA driver
 * (-lcuda) and, for --emit=c, libtile_runtime. */
#include <cuda.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "vecadd.h"

static double nowMs(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

#define CHECK(call)                                                            \
  do {                                                                         \
    CUresult rc_ = (call);                                                     \
    if (rc_ != CUDA_SUCCESS) {                                                 \
      fprintf(stderr, "%s failed: %d\n", #call, (int)rc_);                     \
      return 1;                                                                \
    }                                                                          \
  } while (0)

int main(int argc, char **argv) {
  const char *cubin = argc > 1 ? argv[1] : NULL;
  const int calls = 10000;
  CUdevice dev;
  CUcontext ctx;
  CHECK(cuInit(0));
  CHECK(cuDeviceGet(&dev, 0));
  CHECK(cuDevicePrimaryCtxRetain(&ctx, dev));
  CHECK(cuCtxSetCurrent(ctx));
  CUdeviceptr x, y, z;
  CHECK(cuMemAlloc(&x, 4096));
  CHECK(cuMemAlloc(&y, 4096));
  CHECK(cuMemAlloc(&z, 4096));
  int64_t grid[3] = {1, 1, 1};
  TileStatus st;
  double t0 = nowMs();
  if (vecadd_launch(NULL, grid, (const float *)x, 1, (const float *)y, 1,
                    (float *)z, 1, &st)) {
    fprintf(stderr, "vecadd_launch: %s\n", st.message);
    return 1;
  }
  CHECK(cuCtxSynchronize());
  double first = nowMs() - t0;
  for (int i = 0; i < 200; ++i)
    vecadd_launch(NULL, grid, (const float *)x, 1, (const float *)y, 1,
                  (float *)z, 1, &st);
  CHECK(cuCtxSynchronize());
  t0 = nowMs();
  for (int i = 0; i < calls; ++i)
    if (vecadd_launch(NULL, grid, (const float *)x, 1, (const float *)y, 1,
                      (float *)z, 1, &st)) {
      fprintf(stderr, "vecadd_launch: %s\n", st.message);
      return 1;
    }
  CHECK(cuCtxSynchronize());
  double per = (nowMs() - t0) * 1e3 / calls;
  printf("{\"what\": \"%s\", \"first_call_ms\": %.2f, \"us_per_call\": %.2f}\n",
         TILE_AOT_MODE, first, per);
  if (!cubin)
    return 0;
  /* The floor: cuLaunchKernel of the generic entry's parameters (pointer,
   * size, stride per memref), on a module loaded here. */
  CUmodule mod;
  CUfunction fn;
  CHECK(cuModuleLoad(&mod, cubin));
  CHECK(cuModuleGetFunction(&fn, mod, "vecadd"));
  long long one = 1;
  void *params[] = {&x, &one, &one, &y, &one, &one, &z, &one, &one};
  for (int i = 0; i < 200; ++i)
    CHECK(cuLaunchKernel(fn, 1, 1, 1, 128, 1, 1, 0, NULL, params, NULL));
  CHECK(cuCtxSynchronize());
  t0 = nowMs();
  for (int i = 0; i < calls; ++i)
    CHECK(cuLaunchKernel(fn, 1, 1, 1, 128, 1, 1, 0, NULL, params, NULL));
  CHECK(cuCtxSynchronize());
  printf("{\"what\": \"cuLaunchKernel\", \"us_per_call\": %.2f}\n",
         (nowMs() - t0) * 1e3 / calls);
  return 0;
}
