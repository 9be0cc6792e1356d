/* The driver's own cost of a launch, the floor under every launcher's
 * (docs/performance.md, "Python launches"): host time per cuLaunchKernel
 * in a C loop (10,000 launches, median of 7) of a 9-parameter PTX kernel
 * and of tile's vecadd cubin (argv[1], from
 *   tile-opt examples/vecadd.mlir --tile-compile --emit=cubin -o F),
 * its aligned and generic entries, with the parameters a launch of three
 * 1-element arrays gives them. Build: cc -O2 -I/usr/local/cuda/include
 * bench/driver_launch.c -o driver_launch -lcuda */
#include <cuda.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <time.h>
#define CK(x) do { CUresult r_ = (x); if (r_) { const char *s; cuGetErrorString(r_, &s); printf("%s: %s\n", #x, s); exit(1);} } while (0)
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec * 1e6 + t.tv_nsec / 1e3; }
static const char *ptx =
  ".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k9(.param .u64 a0, .param .u64 a1, .param .u64 a2, .param .u64 a3, .param .u64 a4, .param .u64 a5, .param .u64 a6, .param .u64 a7, .param .u64 a8)\n"
  "{\n.reg .pred %p<2>;\n.reg .u64 r<3>;\nld.param.u64 r1, [a1];\nsetp.eq.u64 %p1, r1, 12345;\n@%p1 st.global.u64 [r1], r1;\nret;\n}\n";
static double timeIt(CUfunction f, int block, void **params) {
  double med[7];
  for (int rep = 0; rep < 7; ++rep) {
    CK(cuCtxSynchronize());
    double t0 = now();
    for (int i = 0; i < 10000; ++i) cuLaunchKernel(f, 1, 1, 1, block, 1, 1, 0, 0, params, NULL);
    med[rep] = (now() - t0) / 10000;
    CK(cuCtxSynchronize());
  }
  for (int i = 0; i < 7; ++i) for (int j = i + 1; j < 7; ++j) if (med[j] < med[i]) { double t = med[i]; med[i] = med[j]; med[j] = t; }
  return med[3];
}
int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: %s VECADD.cubin\n", argv[0]);
    return 2;
  }
  CK(cuInit(0)); CUdevice d; CK(cuDeviceGet(&d, 0)); CUcontext c; CK(cuDevicePrimaryCtxRetain(&c, d)); CK(cuCtxSetCurrent(c));
  CUmodule mp, mc; CUfunction fp, fa, fg;
  CK(cuModuleLoadData(&mp, ptx)); CK(cuModuleGetFunction(&fp, mp, "k9"));
  CK(cuModuleLoad(&mc, argv[1]));
  CK(cuModuleGetFunction(&fa, mc, "vecadd__aligned16")); CK(cuModuleGetFunction(&fg, mc, "vecadd"));
  CUdeviceptr buf[3]; for (int i = 0; i < 3; ++i) CK(cuMemAlloc(&buf[i], 4096));
  uint64_t v[9]; void *params[9];
  for (int i = 0; i < 3; ++i) { v[3 * i] = buf[i]; v[3 * i + 1] = 1; v[3 * i + 2] = 1; }
  for (int i = 0; i < 9; ++i) params[i] = &v[i];
  int regs; cuFuncGetAttribute(&regs, CU_FUNC_ATTRIBUTE_NUM_REGS, fa);
  printf("tile aligned entry: %d registers\n", regs);
  for (int round = 0; round < 3; ++round)
    printf("round %d: ptx k9 block 32 %.2f, block 128 %.2f; tile aligned %.2f, generic %.2f us\n", round,
           timeIt(fp, 32, params), timeIt(fp, 128, params), timeIt(fa, 128, params), timeIt(fg, 128, params));
  return 0;
}
