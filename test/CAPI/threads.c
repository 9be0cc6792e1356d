/* The public C API from 16 threads at once: each thread has its own
 * MlirContext, parses its own kernel (elementwise ops, row reductions,
 * softmax, tensor-core matmuls on mma.sync and on wgmma) and compiles it
 * to PTX with tileCompileKernel (no ptxas needed). Then every kernel is
 * compiled again, one at a time, and its PTX must be the same bytes. The
 * test also runs under ThreadSanitizer (scripts/test.sh, build-tsan;
 * docs/fuzzing.md), which reports any data race in tile's code.
 *
 * REQUIRES: ptxas
 * RUN: tile-capi-threads 2>&1 | FileCheck %s
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mlir-c/IR.h"
#include "tile-c/Compile.h"
#include "tile-c/Dialect.h"

enum { kThreads = 16 };

/* %1$d: the kernel's number; the rest as each family says. */
static const char *kElementwise = /* %2$s op, %3$d tile size */
    "func.func @k%1$d(%%x: memref<?xf32>, %%y: memref<?xf32>, %%z: "
    "memref<?xf32>) attributes {tile.kernel} {\n"
    "  %%pid = \"tile.program_id\"() {axis = 0 : i32} : () -> index\n"
    "  %%n = arith.constant %3$d : index\n"
    "  %%o = arith.muli %%pid, %%n : index\n"
    "  %%a = \"tile.load\"(%%x, %%o) : (memref<?xf32>, index) -> "
    "tensor<%3$dxf32>\n"
    "  %%b = \"tile.load\"(%%y, %%o) : (memref<?xf32>, index) -> "
    "tensor<%3$dxf32>\n"
    "  %%c = arith.%2$s %%a, %%b : tensor<%3$dxf32>\n"
    "  \"tile.store\"(%%c, %%z, %%o) : (tensor<%3$dxf32>, memref<?xf32>, "
    "index) -> ()\n"
    "  return\n"
    "}\n";

static const char *kReduce = /* %2$s kind, %3$d rows, %4$d columns */
    "func.func @k%1$d(%%x: memref<?x?xf32>, %%y: memref<?xf32>) attributes "
    "{tile.kernel} {\n"
    "  %%pid = \"tile.program_id\"() {axis = 0 : i32} : () -> index\n"
    "  %%c0 = arith.constant 0 : index\n"
    "  %%r = arith.constant %3$d : index\n"
    "  %%row = arith.muli %%pid, %%r : index\n"
    "  %%t = \"tile.load\"(%%x, %%row, %%c0) : (memref<?x?xf32>, index, "
    "index) -> tensor<%3$dx%4$dxf32>\n"
    "  %%s = \"tile.reduce\"(%%t) {axis = 1 : i32, kind = \"%2$s\"} : "
    "(tensor<%3$dx%4$dxf32>) -> tensor<%3$dxf32>\n"
    "  \"tile.store\"(%%s, %%y, %%row) : (tensor<%3$dxf32>, memref<?xf32>, "
    "index) -> ()\n"
    "  return\n"
    "}\n";

static const char *kSoftmax = /* %2$d warps, %3$d rows, %4$d columns */
    "func.func @k%1$d(%%x: memref<?x?xf32>, %%y: memref<?x?xf32>) "
    "attributes {tile.kernel, tile.num_warps = %2$d : i32} {\n"
    "  %%pid = \"tile.program_id\"() {axis = 0 : i32} : () -> index\n"
    "  %%c0 = arith.constant 0 : index\n"
    "  %%r = arith.constant %3$d : index\n"
    "  %%row = arith.muli %%pid, %%r : index\n"
    "  %%t = \"tile.load\"(%%x, %%row, %%c0) {padding = 0xFF800000 : f32} : "
    "(memref<?x?xf32>, index, index) -> tensor<%3$dx%4$dxf32>\n"
    "  %%m = \"tile.reduce\"(%%t) {axis = 1 : i32, kind = \"max\"} : "
    "(tensor<%3$dx%4$dxf32>) -> tensor<%3$dxf32>\n"
    "  %%m1 = \"tile.expand_dims\"(%%m) {axis = 1 : i32} : "
    "(tensor<%3$dxf32>) -> tensor<%3$dx1xf32>\n"
    "  %%mb = \"tile.broadcast\"(%%m1) : (tensor<%3$dx1xf32>) -> "
    "tensor<%3$dx%4$dxf32>\n"
    "  %%d = arith.subf %%t, %%mb : tensor<%3$dx%4$dxf32>\n"
    "  %%e = math.exp %%d : tensor<%3$dx%4$dxf32>\n"
    "  %%s = \"tile.reduce\"(%%e) {axis = 1 : i32, kind = \"add\"} : "
    "(tensor<%3$dx%4$dxf32>) -> tensor<%3$dxf32>\n"
    "  %%s1 = \"tile.expand_dims\"(%%s) {axis = 1 : i32} : "
    "(tensor<%3$dxf32>) -> tensor<%3$dx1xf32>\n"
    "  %%sb = \"tile.broadcast\"(%%s1) : (tensor<%3$dx1xf32>) -> "
    "tensor<%3$dx%4$dxf32>\n"
    "  %%p = arith.divf %%e, %%sb : tensor<%3$dx%4$dxf32>\n"
    "  \"tile.store\"(%%p, %%y, %%row, %%c0) : (tensor<%3$dx%4$dxf32>, "
    "memref<?x?xf32>, index, index) -> ()\n"
    "  return\n"
    "}\n";

static const char *kMatmul = /* %2$d M, %3$d N, %4$d K (f16, f32 acc) */
    "func.func @k%1$d(%%a: memref<?x?xf16>, %%b: memref<?x?xf16>, %%c: "
    "memref<?x?xf32>) attributes {tile.kernel} {\n"
    "  %%c0 = arith.constant 0 : index\n"
    "  %%c1 = arith.constant 1 : index\n"
    "  %%ck = arith.constant %4$d : index\n"
    "  %%k = memref.dim %%a, %%c1 : memref<?x?xf16>\n"
    "  %%z = arith.constant dense<0.0> : tensor<%2$dx%3$dxf32>\n"
    "  %%s = scf.for %%k0 = %%c0 to %%k step %%ck iter_args(%%acc = %%z) -> "
    "(tensor<%2$dx%3$dxf32>) {\n"
    "    %%ta = \"tile.load\"(%%a, %%c0, %%k0) : (memref<?x?xf16>, index, "
    "index) -> tensor<%2$dx%4$dxf16>\n"
    "    %%tb = \"tile.load\"(%%b, %%k0, %%c0) : (memref<?x?xf16>, index, "
    "index) -> tensor<%4$dx%3$dxf16>\n"
    "    %%d = \"tile.dot\"(%%ta, %%tb, %%acc) : (tensor<%2$dx%4$dxf16>, "
    "tensor<%4$dx%3$dxf16>, tensor<%2$dx%3$dxf32>) -> "
    "tensor<%2$dx%3$dxf32>\n"
    "    scf.yield %%d : tensor<%2$dx%3$dxf32>\n"
    "  }\n"
    "  \"tile.store\"(%%s, %%c, %%c0, %%c0) : (tensor<%2$dx%3$dxf32>, "
    "memref<?x?xf32>, index, index) -> ()\n"
    "  return\n"
    "}\n";

typedef struct {
  int index;
  char text[4096];
  const char *chip;
  const char *mark; /* an instruction its PTX must hold */
  char *ptx;        /* the result (malloc'ed), or NULL */
  size_t size;
  char err[512];
} Job;

/* Kernel i: family i % 4, variant i / 4. */
static void makeJob(Job *j, int i) {
  static const char *ops[] = {"addf", "mulf", "subf", "maximumf"};
  static const int sizes[] = {256, 512, 1024, 2048};
  static const char *kinds[] = {"add", "max", "min", "mul"};
  static const int rows[] = {1, 2, 4, 8};
  int v = i / 4;
  memset(j, 0, sizeof *j);
  j->index = i;
  j->chip = v % 2 ? "sm_80" : "sm_90a";
  j->mark = "ld.global";
  switch (i % 4) {
  case 0:
    snprintf(j->text, sizeof j->text, kElementwise, i, ops[v], sizes[v]);
    break;
  case 1:
    snprintf(j->text, sizeof j->text, kReduce, i, kinds[v], rows[v],
             sizes[3 - v]);
    j->mark = "shfl.sync";
    break;
  case 2:
    snprintf(j->text, sizeof j->text, kSoftmax, i, v < 2 ? 4 : 8, rows[v],
             v % 2 ? 512 : 1024);
    j->mark = "ex2.approx";
    break;
  default:
    /* Hopper's wgmma on sm_90a, mma.sync on sm_80. */
    snprintf(j->text, sizeof j->text, kMatmul, i, v < 2 ? 64 : 128,
             v % 2 ? 64 : 128, 32);
    j->mark = v % 2 ? "mma.sync.aligned" : "wgmma.mma_async";
    break;
  }
}

/* What each thread does, and the one-at-a-time run too. */
static void compile(Job *j) {
  MlirContext ctx = tileContextCreate();
  char name[16];
  snprintf(name, sizeof name, "k%d", j->index);
  MlirModule m = tileParseModule(ctx, mlirStringRefCreateFromCString(j->text),
                                 mlirStringRefCreateFromCString(name));
  TileCompileOptions o = {0};
  o.chip = j->chip;
  void *bytes = NULL;
  if (mlirModuleIsNull(m))
    snprintf(j->err, sizeof j->err, "does not parse");
  else if (tileCompileKernel(m, name, &o, TILE_COMPILE_PTX, &bytes, &j->size,
                             j->err, sizeof j->err) == 0)
    j->ptx = bytes;
  if (!mlirModuleIsNull(m))
    mlirModuleDestroy(m);
  mlirContextDestroy(ctx);
}

static void *run(void *job) {
  compile(job);
  return NULL;
}

int main(void) {
  static Job jobs[kThreads], again[kThreads];
  pthread_t threads[kThreads];
  for (int i = 0; i < kThreads; ++i) {
    makeJob(&jobs[i], i);
    if (pthread_create(&threads[i], NULL, run, &jobs[i])) {
      printf("FAILED: pthread_create\n");
      return 1;
    }
  }
  for (int i = 0; i < kThreads; ++i)
    pthread_join(threads[i], NULL);

  int compiled = 0, same = 0;
  for (int i = 0; i < kThreads; ++i) {
    Job *j = &jobs[i];
    char entry[32];
    snprintf(entry, sizeof entry, ".entry k%d(", i);
    if (!j->ptx) {
      printf("k%d (%s): FAILED: %s\n", i, j->chip, j->err);
      continue;
    }
    int ok = strstr(j->ptx, entry) && strstr(j->ptx, j->mark);
    compiled += ok;
    if (!ok)
      printf("k%d (%s): PTX without '%s' or '%s'\n", i, j->chip, entry,
             j->mark);
    makeJob(&again[i], i);
    compile(&again[i]);
    same += again[i].ptx && again[i].size == j->size &&
            memcmp(again[i].ptx, j->ptx, j->size) == 0;
    free(again[i].ptx);
    free(j->ptx);
  }
  // CHECK-NOT: FAILED
  // CHECK: 16 threads: 16 kernels compiled, 16 the same as one at a time
  printf("%d threads: %d kernels compiled, %d the same as one at a time\n",
         kThreads, compiled, same);
  return compiled == kThreads && same == kThreads ? 0 : 1;
}
