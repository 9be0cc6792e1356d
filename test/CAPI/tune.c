/* Tuning through the public C API alone (tile-c/Tune.h), on the stand-in
 * driver (test/Runtime/fake_cuda.c), whose launches take 1 us per block:
 * the candidate with the fewest programs is the fastest, and since it
 * runs nothing, every candidate computes the same.
 *
 * A kernel file's space is tuned with its grid from a callback and the
 * tuning cache on: the fastest is chosen and loaded, and the buffers hold
 * their inputs again. Tuning it again times nothing, in this process and
 * in the next one (entries are keyed on the build of the code that
 * compiles, as the compile cache's are: this program's, not tile-run's,
 * docs/tile-opt.md "Compile cache"). A compile option or definition the
 * caller gives leaves the space (the grid callback still sees a fixed
 * BLOCK). A check callback that rejects the fastest: that one is wrong
 * and never chosen. Candidates that do not compile are refused with their first
 * error. References every candidate fails, and launches that fault: no
 * candidate is chosen, with the table saying why. Bad input is a status
 * with a message.
 *
 * RUN: rm -rf %t && mkdir -p %t
 * DEFINE: %{tune} = env TILE_CUDA_LIBRARY=%fake_cuda TILE_NO_CACHE=0 tile-capi-tune %S/../tile-run/Inputs/tune_scale.mlir %t/cache
 * RUN: %{tune} 2>&1 | FileCheck %s
 * RUN: %{tune} 2>&1 | FileCheck %s --check-prefix=AGAIN
 * AGAIN: file: 6 candidates: 0 timed, 6 cached, 0 same code, 0 refused, 0 failed, 0 wrong
 * RUN: env FAKE_CUDA_FAULT=1 %{tune} fault 2>&1 | FileCheck %s --check-prefix=FAULT
 * FAULT: fault: status 11: @scale: no candidate compiled, ran and checked (of 6: 0 refused, 6 failed to run, 0 wrong; the table says why)
 * FAULT: failed  BLOCK=256 num-warps=4: does not run: {{.*}}CUDA_ERROR_ILLEGAL_ADDRESS
 * FAULT: fault: chosen none, kernel 0, package 0
 *
 * A GPU whose clocks drop mid-tuning (the stand-in's FAKE_CUDA_SLOW: from
 * the fourth candidate's first launch on, 4% slower; 4-warp blocks 2%
 * slower throughout), and a check that rejects BLOCK=1024 on 8 warps.
 * That one timed slower than 4 warps at first (after the drop), so it was
 * never checked; side by side in the final it is faster, so it is checked
 * before it can be picked, found wrong, and 4 warps is chosen.
 * RUN: env FAKE_CUDA_BLOCK_US=128:1.02 FAKE_CUDA_SLOW=336:1.04 %{tune} drift 2>&1 | FileCheck %s --check-prefix=DRIFT
 * DRIFT: drift: progress: tune [3/6] BLOCK=1024 num-warps=4: 4.08 us
 * DRIFT-NEXT: drift: progress: tune [4/6] BLOCK=1024 num-warps=8: 4.16 us
 * DRIFT: drift: progress: tune: the 2 within 10% of the fastest, again in 3 rounds side by side: BLOCK=1024 num-warps=4 4.24 us (first 4.08), BLOCK=1024 num-warps=8 4.16 us (first 4.16)
 * DRIFT: drift: status 0
 * DRIFT: wrong  BLOCK=1024 num-warps=8: rejected
 * DRIFT: drift: chosen BLOCK=1024 num-warps=4, kernel 1, package 1
 * DRIFT-NEXT: drift: checked 1024 x 8 warps once
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tile-c/Tune.h"

#define N 4096

/* tune_scale.mlir's kernel with a block size that does not compile (3:
 * not a power of two) added to its space. */
static const char *kScale =
    "// tile.tune @scale: BLOCK=256,1024,512,3\n"
    "// tile.tune @scale: num-warps=4,8\n"
    "func.func @scale(%x: memref<?xf32>, %y: memref<?xf32>) attributes "
    "{tile.kernel} {\n"
    "  %pid = \"tile.program_id\"() {axis = 0 : i32} : () -> index\n"
    "  %b = arith.constant ${BLOCK} : index\n"
    "  %off = arith.muli %pid, %b : index\n"
    "  %t = \"tile.load\"(%x, %off) : (memref<?xf32>, index) -> "
    "tensor<${BLOCK}xf32>\n"
    "  %two = arith.constant dense<2.0> : tensor<${BLOCK}xf32>\n"
    "  %r = arith.mulf %t, %two : tensor<${BLOCK}xf32>\n"
    "  \"tile.store\"(%r, %y, %off) : (tensor<${BLOCK}xf32>, memref<?xf32>, "
    "index) -> ()\n"
    "  return\n"
    "}\n";

static const char *kStatus[] = {"timed",  "cached", "same code",
                                "refused", "failed", "wrong"};

/* cdiv(N, BLOCK), from the candidate's settings. */
static int gridOf(void *userData, const TileTuneSetting *settings,
                  int numSettings, int64_t grid[3], char *err,
                  size_t errSize) {
  const char *block = tileTuneSettingValue(settings, numSettings, "BLOCK");
  if (!block) {
    snprintf(err, errSize, "no BLOCK");
    return 1;
  }
  int64_t b = atoll(block);
  grid[0] = (N + b - 1) / b;
  grid[1] = grid[2] = 1;
  return 0;
}

/* Rejects the fastest candidate, as if it computed something wrong; every
 * other's outputs (the inputs: the stand-in runs nothing) pass. */
static int rejectFastest(void *userData, const TileTuneSetting *settings,
                         int numSettings, const void *const *outputs,
                         char *why, size_t whySize) {
  ++*(int *)userData;
  const char *block = tileTuneSettingValue(settings, numSettings, "BLOCK");
  const char *warps =
      tileTuneSettingValue(settings, numSettings, "num-warps");
  if (strcmp(block, "1024") == 0 && strcmp(warps, "4") == 0) {
    const float *y = outputs[1];
    snprintf(why, whySize, "y[0] is %g, not 2x", y[0]);
    return 1;
  }
  return outputs[0] && outputs[1] ? 0 : 1;
}

/* Rejects BLOCK=1024 on 8 warps, counting the calls for it. */
static int rejectEight(void *userData, const TileTuneSetting *settings,
                       int numSettings, const void *const *outputs, char *why,
                       size_t whySize) {
  (void)outputs;
  const char *block = tileTuneSettingValue(settings, numSettings, "BLOCK");
  const char *warps = tileTuneSettingValue(settings, numSettings, "num-warps");
  if (strcmp(block, "1024") != 0 || strcmp(warps, "8") != 0)
    return 0;
  ++*(int *)userData;
  snprintf(why, whySize, "rejected");
  return 1;
}

static void printProgress(void *userData, const char *line) {
  printf("%s: progress: %s\n", (const char *)userData, line);
}

/* The table, fastest first as the tuner found them (here: in order). */
static void printTable(const char *what, const TileTuning *t) {
  int n = tileTuningNumCandidates(t), count[6] = {0};
  for (int i = 0; i < n; ++i)
    ++count[tileTuningCandidate(t, i)->status];
  printf("%s: %d candidates: %d timed, %d cached, %d same code, %d refused, "
         "%d failed, %d wrong\n",
         what, n, count[0], count[1], count[2], count[3], count[4],
         count[5]);
  for (int i = 0; i < n; ++i) {
    const TileTuneRow *r = tileTuningCandidate(t, i);
    if (r->status >= TILE_TUNE_REFUSED)
      printf("  %12s  %s: %s\n", kStatus[r->status], r->label, r->note);
    else
      printf("  %12.2f  %s (%s) grid %lld%s%s\n", r->medianUs, r->label,
             kStatus[r->status], (long long)r->grid[0], r->note[0] ? ": " : "",
             r->note);
  }
  int chosen = tileTuningChosen(t);
  size_t size = 0;
  tileTuningPackageBytes(t, &size);
  printf("%s: chosen %s, kernel %d, package %d\n", what,
         chosen >= 0 ? tileTuningCandidate(t, chosen)->label : "none",
         tileTuningKernel(t) != NULL, size > 0);
}

/* Every case but the fault's, from `o` set up for the kernel file with
 * the cache on; `host` is x's contents. */
static int tuneCases(TileTuneOptions o, const float *host) {
  const char *file = o.path;
  TileRuntimeDevice *dev = o.device;
  const TileRuntimeArg *args = o.args;
  TileStatus st;
  TileTuning *t;
  /* The file's space, through the tuning cache. */
  o.progress = printProgress;
  o.progressUserData = "file";
  TileStatusCode code = tileTuningCreate(&o, &t, &st);
  // CHECK: file: progress: tune: compiling 6 candidates
  // CHECK: file: progress: tune [3/6] BLOCK=1024 num-warps=4: 4.00 us
  // CHECK: file: status 0
  printf("file: status %d%s%s\n", code, code ? ": " : "", st.message);
  if (code)
    return 1;
  // CHECK-NEXT: file: 6 candidates: 6 timed, 0 cached, 0 same code, 0 refused, 0 failed, 0 wrong
  // CHECK-NEXT:  16.00  BLOCK=256 num-warps=4 (timed) grid 16
  // CHECK-NEXT:  16.00  BLOCK=256 num-warps=8 (timed) grid 16
  // CHECK-NEXT:   4.00  BLOCK=1024 num-warps=4 (timed) grid 4
  // CHECK-NEXT:   4.00  BLOCK=1024 num-warps=8 (timed) grid 4
  // CHECK-NEXT:   8.00  BLOCK=512 num-warps=4 (timed) grid 8
  // CHECK-NEXT:   8.00  BLOCK=512 num-warps=8 (timed) grid 8
  // CHECK-NEXT: file: chosen BLOCK=1024 num-warps=4, kernel 1, package 1
  printTable("file", t);
  /* The chosen kernel launches as any runtime kernel does. */
  const TileTuneRow *best = tileTuningCandidate(t, tileTuningChosen(t));
  TileRuntimeLaunchConfig cfg = {
      {best->grid[0], best->grid[1], best->grid[2]}, NULL,
      TILE_RUNTIME_ENTRY_AUTO, 1};
  code = tileRuntimeKernelLaunch(tileTuningKernel(t), args, 2, &cfg, NULL,
                                 &st);
  // CHECK-NEXT: launch: status 0, @scale
  printf("launch: status %d, @%s\n", code,
         tileRuntimePackageKernelName(tileTuningPackage(t)));
  tileTuningDestroy(t);
  /* The buffers hold their inputs again. */
  float *back = malloc(N * sizeof *back);
  tileRuntimeCopyToHost(dev, back, args[0].data, N * sizeof(float), &st);
  // CHECK-NEXT: inputs kept: 1
  printf("inputs kept: %d\n", memcmp(back, host, N * sizeof(float)) == 0);

  /* Again: every candidate from the cache, nothing compiled but the
   * chosen one (to load it). */
  o.progressUserData = "again";
  code = tileTuningCreate(&o, &t, &st);
  // CHECK-NOT: again: progress
  // CHECK: again: 6 candidates: 0 timed, 6 cached, 0 same code, 0 refused, 0 failed, 0 wrong
  // CHECK: 4.00  BLOCK=1024 num-warps=4 (cached) grid 4
  // CHECK: again: chosen BLOCK=1024 num-warps=4, kernel 1, package 1
  printTable("again", t);
  tileTuningDestroy(t);

  /* A compile option given (a field, or a key of `options`) and a
   * definition fix their names: the space keeps the others. */
  TileCompileOptions fixed = {0};
  fixed.numWarps = 8;
  o.compile = &fixed;
  o.progress = NULL;
  code = tileTuningCreate(&o, &t, &st);
  // CHECK: num-warps field: 3 candidates: 3 timed
  // CHECK: num-warps field: chosen BLOCK=1024, kernel 1, package 1
  printTable("num-warps field", t);
  tileTuningDestroy(t);
  fixed.numWarps = 0;
  fixed.options = "fast-math=true,num-warps=8";
  TileTuneSetting block = {"BLOCK", "512"};
  o.defines = &block;
  o.numDefines = 1;
  code = tileTuningCreate(&o, &t, &st);
  // CHECK: num-warps key and BLOCK: status 0
  // CHECK-NEXT: num-warps key and BLOCK: 1 candidates: 1 timed
  // CHECK-NEXT: 8.00  (timed) grid 8
  printf("num-warps key and BLOCK: status %d%s%s\n", code, code ? ": " : "",
         st.message);
  printTable("num-warps key and BLOCK", t);
  tileTuningDestroy(t);
  o.defines = NULL;
  o.numDefines = 0;
  fixed.options = "num-stages=9";
  code = tileTuningCreate(&o, &t, &st);
  // CHECK: bad option: 1: num-stages wants auto or an integer from 1 to 8, got '9'
  printf("bad option: %d: %s\n", code, st.message);
  o.progress = printProgress;

  /* From text, a check that rejects the fastest, and candidates that do
   * not compile; the cache off. */
  int checked = 0;
  o.path = NULL;
  o.source = kScale;
  o.sourceName = "scale.mlir";
  o.compile = NULL;
  o.check = rejectFastest;
  o.checkUserData = &checked;
  o.progressUserData = "check";
  code = tileTuningCreate(&o, &t, &st);
  // CHECK: check: progress: tune: compiled 8 candidates in {{.*}}; some do not compile (below)
  // CHECK: check: status 0
  printf("check: status %d%s%s\n", code, code ? ": " : "", st.message);
  // CHECK-NEXT: check: 8 candidates: 5 timed, 0 cached, 0 same code, 2 refused, 0 failed, 1 wrong
  // CHECK:      wrong  BLOCK=1024 num-warps=4: y[0] is 0, not 2x
  // CHECK:    refused  BLOCK=3 num-warps=4: does not compile: scale.mlir:{{[0-9]+}}:{{[0-9]+}}: error:
  // CHECK: check: chosen BLOCK=1024 num-warps=8, kernel 1, package 1
  printTable("check", t);
  // CHECK-NEXT: check: called 3 times
  printf("check: called %d times\n", checked);
  tileTuningDestroy(t);

  /* References every candidate fails: none is chosen, and the table says
   * why. (The stand-in leaves y as it was: zeros, not ones.) */
  float *ones = malloc(N * sizeof *ones);
  for (int i = 0; i < N; ++i)
    ones[i] = 1;
  TileTuneReference ref = {1, ones, 0};
  o.check = NULL;
  o.references = &ref;
  o.numReferences = 1;
  o.progress = NULL;
  code = tileTuningCreate(&o, &t, &st);
  // CHECK: reference: status 11: @scale: no candidate compiled, ran and checked (of 8: 2 refused, 0 failed to run, 6 wrong; the table says why)
  printf("reference: status %d: %s\n", code, st.message);
  // CHECK: wrong  BLOCK=256 num-warps=4: fails the reference of argument #1: 4096 of 4096 elements differ
  // CHECK: reference: chosen none, kernel 0, package 0
  printTable("reference", t);
  tileTuningDestroy(t);
  o.references = NULL;
  o.numReferences = 0;

  /* Bad input: a status and a message, no tuning. */
  TileTuneOptions bad = o;
  t = (TileTuning *)&bad; /* set to NULL by every call */
  code = tileTuningCreate(NULL, &t, &st);
  // CHECK: NULL options: 1 (tuning 0): tileTuningCreate: options is NULL
  printf("NULL options: %d (tuning %d): %s\n", code, t != NULL, st.message);
  code = tileTuningCreate(&o, NULL, &st);
  // CHECK: NULL out: 1: tileTuningCreate: out is NULL
  printf("NULL out: %d: %s\n", code, st.message);
  bad.path = file;
  code = tileTuningCreate(&bad, &t, &st);
  // CHECK: source and path: 1: tileTuningCreate: give the kernel file as `source` or as `path`, one of the two
  printf("source and path: %d: %s\n", code, st.message);
  bad = o;
  bad.device = NULL;
  code = tileTuningCreate(&bad, &t, &st);
  // CHECK: no device: 1: tileTuningCreate: device is NULL
  printf("no device: %d: %s\n", code, st.message);
  bad = o;
  bad.gridFn = NULL;
  code = tileTuningCreate(&bad, &t, &st);
  // CHECK: no grid: 1: tileTuningCreate: no grid: give `grid` (each dimension >= 1) or `gridFn`
  printf("no grid: %d: %s\n", code, st.message);
  bad = o;
  bad.kernel = "nosuch";
  code = tileTuningCreate(&bad, &t, &st);
  // CHECK: unknown kernel: 1 (tuning 0): no kernel named 'nosuch'; the module's kernels: @scale
  printf("unknown kernel: %d (tuning %d): %s\n", code, t != NULL, st.message);
  bad = o;
  bad.numArgs = 1;
  code = tileTuningCreate(&bad, &t, &st);
  // CHECK: one argument: 5: kernel @scale takes 2 arguments, got 1
  printf("one argument: %d: %s\n", code, st.message);
  bad = o;
  bad.source = "// tile.tune @scale: BLOCK=256 num-stages=9\n"
               "func.func @scale(%x: memref<?xf32>) attributes {tile.kernel}"
               " {\n  %b = arith.constant ${BLOCK} : index\n  return\n}\n";
  code = tileTuningCreate(&bad, &t, &st);
  // CHECK: malformed space: 11: scale.mlir:1: tile.tune: num-stages wants
  printf("malformed space: %d: %s\n", code, st.message);
  bad.source = "func.func @scale(%x: memref<?xf32>) attributes {tile.kernel}"
               " {\n  %b = arith.constant ${BLOCK} : index\n  return\n}\n";
  code = tileTuningCreate(&bad, &t, &st);
  // CHECK: undefined: 11: scale.mlir:2: '${BLOCK}' is not defined
  printf("undefined: %d: %s\n", code, st.message);
  bad = o;
  bad.gridFn = NULL;
  bad.grid[0] = bad.grid[1] = bad.grid[2] = 1;
  bad.source = "func.func @scale(%x: memref<?xf32>) attributes {tile.kernel}"
               " {\n  %b = \"tile.nosuch\"() : () -> index\n  return\n}\n";
  code = tileTuningCreate(&bad, &t, &st);
  // CHECK: does not parse: 11: scale.mlir:2:8: error: unregistered operation 'tile.nosuch' found in dialect ('tile') that does not allow unknown operations{{$}}
  printf("does not parse: %d: %s\n", code, st.message);
  free(ones);
  free(back);
  return 0;
}

int main(int argc, char **argv) {
  const char *file = argv[1], *cacheDir = argv[2];
  const char *mode = argc > 3 ? argv[3] : "";
  TileStatus st;
  TileRuntimeDevice *dev;
  if (tileRuntimeDeviceCreate(0, &dev, &st)) {
    printf("no device: %s\n", st.message);
    return 1;
  }
  float *host = malloc(N * sizeof *host), *zeros = calloc(N, sizeof *zeros);
  for (int i = 0; i < N; ++i)
    host[i] = (float)i;
  void *x, *y;
  if (tileRuntimeDeviceAlloc(dev, N * sizeof(float), &x, &st) ||
      tileRuntimeDeviceAlloc(dev, N * sizeof(float), &y, &st) ||
      tileRuntimeCopyToDevice(dev, x, host, N * sizeof(float), &st) ||
      tileRuntimeCopyToDevice(dev, y, zeros, N * sizeof(float), &st)) {
    printf("device: %s\n", st.message);
    return 1;
  }
  TileRuntimeArg args[2] = {tileRuntimeArgMemref1(x, N),
                            tileRuntimeArgMemref1(y, N)};
  TileCompileOptions cached = {0};
  cached.cache = 1;
  cached.cacheDir = cacheDir;

  TileTuneOptions o = {0};
  o.path = file;
  o.compile = &cached;
  o.device = dev;
  o.args = args;
  o.numArgs = 2;
  o.gridFn = gridOf;
  int rc = 0;
  if (strcmp(mode, "drift") == 0) {
    TileTuning *t;
    int checked = 0;
    o.compile = NULL; /* nothing kept */
    o.check = rejectEight;
    o.checkUserData = &checked;
    o.progress = printProgress;
    o.progressUserData = "drift";
    TileStatusCode code = tileTuningCreate(&o, &t, &st);
    printf("drift: status %d%s%s\n", code, code ? ": " : "", st.message);
    printTable("drift", t);
    printf("drift: checked 1024 x 8 warps %s\n",
           checked == 1 ? "once" : "not once");
    tileTuningDestroy(t);
  } else if (strcmp(mode, "fault") == 0) {
    TileTuning *t;
    o.compile = NULL; /* nothing kept */
    TileStatusCode code = tileTuningCreate(&o, &t, &st);
    printf("fault: status %d: %s\n", code, st.message);
    printTable("fault", t);
    tileTuningDestroy(t);
  } else {
    rc = tuneCases(o, host);
  }
  free(zeros);
  free(host);
  tileRuntimeDeviceFree(dev, x);
  tileRuntimeDeviceFree(dev, y);
  tileRuntimeDeviceDestroy(dev);
  return rc;
}
