/* CPU kernels run from several threads at once. tile-run runs a grid's
 * programs one after another, but the CPU path promises what the GPU does:
 * atomics are real atomics and every thread's failed assert is its own.
 * Eight threads run the whole grid of the same compiled kernels together:
 *   atomics  an i32 histogram (atomic add) and f32 atomic max (the C
 *            runtime's compare-and-swap loop) on memory all threads share,
 *            50 runs each: every update lands, so the bins hold 400 times
 *            the counts
 *   asserts  each thread's ids first fail in program t (its own arrays):
 *            each run stops there and reports program t, whatever the
 *            other threads do (the trap is per thread)
 *   print    (with the argument `print`) every thread prints 16 programs
 *            of 8 elements; the RUN line checks that no line is broken
 *
 * RUN: ./tile-cpu-parallel-test 2>&1 | FileCheck %s
 * CHECK-NOT: FAIL
 * CHECK: atomics: ok
 * CHECK: asserts: ok
 * RUN: ./tile-cpu-parallel-test print | python3 %S/Inputs/parallel_print_check.py 1024 | FileCheck %s --check-prefix=PRINT
 * PRINT: print: 1024 whole lines
 */
#define _POSIX_C_SOURCE 200809L /* pthread barriers */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/Execution/CpuKernel.h"
#include "mlir-c/IR.h"
#include "tile-c/Dialect.h"

enum { kThreads = 8, kRepeats = 50, kValues = 4096, kBins = 64, kBlock = 256 };

/* The threads start together, so their runs overlap. */
static pthread_barrier_t start;

static const char *kModule =
    "func.func @hist(%x: memref<?xi32>, %f: memref<?xf32>, %bins: "
    "memref<?xi32>, %fmax: memref<?xf32>) attributes {tile.kernel} {\n"
    "  %pid = \"tile.program_id\"() {axis = 0 : i32} : () -> index\n"
    "  %c = arith.constant 256 : index\n"
    "  %off = arith.muli %pid, %c : index\n"
    "  %v = \"tile.load\"(%x, %off) {padding = -1 : i32} : (memref<?xi32>, "
    "index) -> tensor<256xi32>\n"
    "  %one = arith.constant dense<1> : tensor<256xi32>\n"
    "  %o = \"tile.atomic_rmw\"(%one, %bins, %v) {kind = \"add\"} : "
    "(tensor<256xi32>, memref<?xi32>, tensor<256xi32>) -> tensor<256xi32>\n"
    "  %fv = \"tile.load\"(%f, %off) : (memref<?xf32>, index) -> "
    "tensor<256xf32>\n"
    "  %m = arith.constant dense<3> : tensor<256xi32>\n"
    "  %slot = arith.andi %v, %m : tensor<256xi32>\n"
    "  %fo = \"tile.atomic_rmw\"(%fv, %fmax, %slot) {kind = \"max\"} : "
    "(tensor<256xf32>, memref<?xf32>, tensor<256xi32>) -> tensor<256xf32>\n"
    "  return\n"
    "}\n"
    "func.func @checked(%ids: memref<?xi32>, %vocab: i32) attributes "
    "{tile.kernel} {\n"
    "  %pid = \"tile.program_id\"() {axis = 0 : i32} : () -> index\n"
    "  %c = arith.constant 4 : index\n"
    "  %off = arith.muli %pid, %c : index\n"
    "  %t = \"tile.load\"(%ids, %off) : (memref<?xi32>, index) -> "
    "tensor<4xi32>\n"
    "  %v = \"tile.splat\"(%vocab) : (i32) -> tensor<4xi32>\n"
    "  %ok = arith.cmpi ult, %t, %v : tensor<4xi32>\n"
    "  \"tile.assert\"(%ok) {message = \"token id in range\"} : "
    "(tensor<4xi1>) -> ()\n"
    "  return\n"
    "}\n"
    "func.func @show(%n: i32) attributes {tile.kernel} {\n"
    "  %r = \"tile.range\"() {start = 0 : i32, end = 8 : i32} : () -> "
    "tensor<8xi32>\n"
    "  %s = \"tile.splat\"(%n) : (i32) -> tensor<8xi32>\n"
    "  %v = arith.addi %r, %s : tensor<8xi32>\n"
    "  \"tile.print\"(%v) {prefix = \"value\"} : (tensor<8xi32>) -> ()\n"
    "  return\n"
    "}\n";

static int failures;

static void fail(const char *what) {
  printf("FAIL: %s\n", what);
  ++failures;
}

static TileCpuKernel *compile(MlirModule m, const char *name) {
  TileCpuKernel *k = NULL;
  char err[1024];
  if (tileCpuKernelCreate(m, name, &k, err, sizeof err)) {
    printf("FAIL: %s: %s\n", name, err);
    exit(1);
  }
  return k;
}

static TileHostArray array(TileDType dtype, int64_t n) {
  TileHostArray a;
  char err[256];
  if (tileHostArrayCreate(dtype, 1, &n, &a, err, sizeof err)) {
    printf("FAIL: %s\n", err);
    exit(1);
  }
  return a;
}

typedef struct {
  TileCpuKernel *hist, *checked, *show;
  TileHostArray *x, *f, *bins, *fmax;
  TileHostArray ids; /* this thread's */
  int t;
  bool printOnly;
  int histFailed;
  char assertErr[1024];
} Job;

static void *run(void *arg) {
  Job *j = arg;
  char err[1024];
  pthread_barrier_wait(&start);
  if (j->printOnly) {
    TileArgValue a[] = {{.array = NULL, .i = 100 * j->t}};
    if (tileCpuKernelRun(j->show, a, (int64_t[]){16, 1, 1}, err, sizeof err))
      fprintf(stderr, "FAIL: show: %s\n", err);
    return NULL;
  }
  TileArgValue h[] = {{.array = j->x}, {.array = j->f}, {.array = j->bins},
                      {.array = j->fmax}};
  for (int r = 0; r < kRepeats; ++r)
    j->histFailed |= tileCpuKernelRun(
        j->hist, h, (int64_t[]){kValues / kBlock, 1, 1}, err, sizeof err);
  TileArgValue c[] = {{.array = &j->ids}, {.array = NULL, .i = 50}};
  if (!tileCpuKernelRun(j->checked, c, (int64_t[]){kThreads + 1, 1, 1},
                        j->assertErr, sizeof j->assertErr))
    snprintf(j->assertErr, sizeof j->assertErr, "no assert failed");
  return NULL;
}

/* The shared memory after every thread's atomics, and each thread's
 * assert message. */
static void check(const Job *jobs, const int64_t *count, const float *want,
                  const int32_t *bs, const float *fm) {
  for (int b = 0; b < kBins; ++b)
    if (bs[b] != kThreads * kRepeats * count[b]) {
      char what[128];
      snprintf(what, sizeof what, "bin %d holds %d, not %lld", b, bs[b],
               (long long)(kThreads * kRepeats * count[b]));
      fail(what);
    }
  for (int s = 0; s < 4; ++s)
    if (fm[s] != want[s])
      fail("an atomic max was lost");
  for (int t = 0; t < kThreads; ++t)
    if (jobs[t].histFailed)
      fail("a histogram run failed");
  if (!failures)
    printf("atomics: ok\n");
  int before = failures;
  for (int t = 0; t < kThreads; ++t) {
    char message[128];
    snprintf(message, sizeof message,
             "k:21:3: tile.assert failed in program (%d, 0, 0): token id in "
             "range",
             t);
    if (strcmp(jobs[t].assertErr, message) != 0) {
      printf("FAIL: thread %d: '%s'\n", t, jobs[t].assertErr);
      ++failures;
    }
  }
  if (failures == before)
    printf("asserts: ok\n");
}

int main(int argc, char **argv) {
  bool printOnly = argc > 1 && strcmp(argv[1], "print") == 0;
  MlirContext ctx = tileContextCreate();
  MlirModule m = tileParseModule(ctx, mlirStringRefCreateFromCString(kModule), mlirStringRefCreateFromCString("k"));
  if (mlirModuleIsNull(m)) {
    printf("FAIL: parse\n");
    return 1;
  }
  TileCpuKernel *hist = compile(m, "hist"), *checked = compile(m, "checked"),
                *show = compile(m, "show");
  TileHostArray x = array(TILE_DTYPE_I32, kValues),
                f = array(TILE_DTYPE_F32, kValues),
                bins = array(TILE_DTYPE_I32, kBins),
                fmax = array(TILE_DTYPE_F32, 4);
  int32_t *xs = x.data, *bs = bins.data;
  float *fs = f.data, *fm = fmax.data;
  int64_t count[kBins] = {0};
  float want[4] = {-1e30f, -1e30f, -1e30f, -1e30f};
  srand(7);
  for (int i = 0; i < kValues; ++i) {
    xs[i] = rand() % (kBins + 8) - 4; /* some outside [0, kBins) */
    fs[i] = (float)(rand() % 100000) / 7.0f - 5000.0f;
    if (xs[i] >= 0 && xs[i] < kBins) {
      ++count[xs[i]];
      if (fs[i] > want[xs[i] & 3])
        want[xs[i] & 3] = fs[i];
    }
  }
  for (int s = 0; s < 4; ++s)
    fm[s] = -1e30f;
  pthread_barrier_init(&start, NULL, kThreads);
  Job jobs[kThreads];
  pthread_t threads[kThreads];
  for (int t = 0; t < kThreads; ++t) {
    jobs[t] = (Job){.hist = hist, .checked = checked, .show = show, .x = &x,
                    .f = &f, .bins = &bins, .fmax = &fmax, .t = t,
                    .printOnly = printOnly};
    /* Ids in range but for program t's last element. */
    jobs[t].ids = array(TILE_DTYPE_I32, 4 * (kThreads + 1));
    int32_t *ids = jobs[t].ids.data;
    for (int i = 0; i < 4 * (kThreads + 1); ++i)
      ids[i] = i % 50;
    ids[4 * t + 3] = 50 + t;
    pthread_create(&threads[t], NULL, run, &jobs[t]);
  }
  for (int t = 0; t < kThreads; ++t)
    pthread_join(threads[t], NULL);
  if (!printOnly)
    check(jobs, count, want, bs, fm);
  for (int t = 0; t < kThreads; ++t)
    tileHostArrayDestroy(&jobs[t].ids);
  tileCpuKernelDestroy(hist);
  tileCpuKernelDestroy(checked);
  tileCpuKernelDestroy(show);
  tileHostArrayDestroy(&x);
  tileHostArrayDestroy(&f);
  tileHostArrayDestroy(&bins);
  tileHostArrayDestroy(&fmax);
  mlirModuleDestroy(m);
  mlirContextDestroy(ctx);
  return failures ? 1 : 0;
}
