/* An outside program that embeds tile (docs/embedding.md): it builds a
 * kernel with the C API, without parsing any text,
 *
 *   out[i] = a * x[i] + y[i]   (1024 elements per program)
 *
 * runs it on the CPU in process (tile-c/CpuRun.h) and checks the result
 * against plain C in double precision, then compiles it for the GPU in
 * process (tile-c/Compile.h) into a package and, where there is a GPU,
 * runs that through the runtime API (tile-c/Runtime.h) and checks it the
 * same way. Without a GPU or CUDA toolkit those steps say why they are
 * skipped. Exit 0 when every check held.
 *
 *   saxpy [n]      (default 3000: the last program hangs over the end) */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/IR.h"
#include "tile-c/Compile.h"
#include "tile-c/CpuRun.h"
#include "tile-c/Dialect.h"
#include "tile-c/Ops.h"
#include "tile-c/Runtime.h"
#include "tile-c/Version.h"

#define BLOCK 1024

static MlirStringRef str(const char *s) {
  return mlirStringRefCreateFromCString(s);
}

/* Appends `op` to `block` and returns its first result. */
static MlirValue append(MlirBlock block, MlirOperation op) {
  mlirBlockAppendOwnedOperation(block, op);
  return mlirOperationGetNumResults(op) ? mlirOperationGetResult(op, 0)
                                        : (MlirValue){NULL};
}

/* An upstream op of one result from its name and operands. */
static MlirValue binary(MlirBlock block, MlirLocation loc, const char *name,
                        MlirValue lhs, MlirValue rhs, MlirType type) {
  MlirOperationState s = mlirOperationStateGet(str(name), loc);
  MlirValue operands[] = {lhs, rhs};
  mlirOperationStateAddOperands(&s, 2, operands);
  mlirOperationStateAddResults(&s, 1, &type);
  return append(block, mlirOperationCreate(&s));
}

static MlirValue indexConstant(MlirBlock block, MlirLocation loc,
                               MlirContext ctx, int64_t value) {
  MlirType index = mlirIndexTypeGet(ctx);
  MlirOperationState s = mlirOperationStateGet(str("arith.constant"), loc);
  MlirNamedAttribute attr = mlirNamedAttributeGet(
      mlirIdentifierGet(ctx, str("value")), mlirIntegerAttrGet(index, value));
  mlirOperationStateAddAttributes(&s, 1, &attr);
  mlirOperationStateAddResults(&s, 1, &index);
  return append(block, mlirOperationCreate(&s));
}

/* func.func @saxpy(%a: f32, %x: memref<?xf32>, %y: memref<?xf32>,
 *                  %out: memref<?xf32>) {tile.kernel} */
static MlirModule buildSaxpy(MlirContext ctx) {
  MlirLocation loc = mlirLocationFileLineColGet(ctx, str("saxpy.c"), 1, 1);
  MlirModule module = mlirModuleCreateEmpty(loc);
  MlirType f32 = mlirF32TypeGet(ctx);
  int64_t dyn = mlirShapedTypeGetDynamicSize(), block = BLOCK;
  MlirType mem =
      mlirMemRefTypeContiguousGet(f32, 1, &dyn, mlirAttributeGetNull());
  MlirType tile = mlirRankedTensorTypeGet(1, &block, f32,
                                          mlirAttributeGetNull());
  MlirType args[] = {f32, mem, mem, mem};
  MlirOperation kernel = tileKernelCreate(loc, str("saxpy"), 4, args, 4);
  mlirBlockAppendOwnedOperation(mlirModuleGetBody(module), kernel);
  MlirBlock body = tileKernelGetBody(kernel);
  MlirValue a = mlirBlockGetArgument(body, 0);
  MlirValue x = mlirBlockGetArgument(body, 1);
  MlirValue y = mlirBlockGetArgument(body, 2);
  MlirValue out = mlirBlockGetArgument(body, 3);

  MlirValue pid = append(body, tileProgramIdOpCreate(loc, 0));
  MlirValue offset =
      binary(body, loc, "arith.muli", pid,
             indexConstant(body, loc, ctx, BLOCK), mlirIndexTypeGet(ctx));
  /* Loads past the end read zeros; stores past it write nothing. */
  MlirValue tx = append(body, tileLoadOpCreate(loc, x, 1, &offset, tile,
                                               mlirAttributeGetNull()));
  MlirValue ty = append(body, tileLoadOpCreate(loc, y, 1, &offset, tile,
                                               mlirAttributeGetNull()));
  MlirValue ta = append(body, tileSplatOpCreate(loc, a, tile));
  MlirValue ax = binary(body, loc, "arith.mulf", ta, tx, tile);
  MlirValue sum = binary(body, loc, "arith.addf", ax, ty, tile);
  append(body, tileStoreOpCreate(loc, sum, out, 1, &offset));
  append(body, tileReturnOpCreate(loc));
  return module;
}

/* Uniform in [-1, 1) from a fixed seed: the same inputs every run. */
static float nextRandom(uint64_t *state) {
  *state = *state * 6364136223846793005ull + 1442695040888963407ull;
  return (float)((double)(*state >> 40) / (double)(1ull << 24) * 2.0 - 1.0);
}

/* Compares with a*x+y computed in double; the float result may differ by
 * the roundings of one multiply and one add. */
static int check(const char *where, const float *got, float a,
                 const float *x, const float *y, int64_t n) {
  int64_t bad = 0;
  double worst = 0;
  for (int64_t i = 0; i < n; ++i) {
    double ref = (double)a * x[i] + y[i];
    double err = fabs(got[i] - ref);
    double tol = 2e-7 * (fabs((double)a * x[i]) + fabs((double)y[i])) + 1e-30;
    if (err > tol && bad++ < 3)
      fprintf(stderr, "%s: out[%lld] = %.9g, expected %.9g\n", where,
              (long long)i, got[i], ref);
    worst = err > worst ? err : worst;
  }
  printf("%s: %lld of %lld elements outside tolerance (largest error %.3g)\n",
         where, (long long)bad, (long long)n, worst);
  return bad != 0;
}

static int runOnCpu(MlirModule module, float a, const float *x,
                    const float *y, float *out, int64_t n) {
  TileCpuKernel *k;
  TileStatus st;
  if (tileCpuKernelCreateFromModule(module, "saxpy", &k, &st)) {
    fprintf(stderr, "cpu: %s\n", st.message);
    return 1;
  }
  TileRuntimeArg args[4] = {
      tileRuntimeArgFloat(a), tileRuntimeArgMemref1((void *)x, n),
      tileRuntimeArgMemref1((void *)y, n), tileRuntimeArgMemref1(out, n)};
  int64_t grid[3] = {(n + BLOCK - 1) / BLOCK, 1, 1};
  int failed = tileCpuKernelRunArgs(k, args, 4, grid, &st) != TILE_STATUS_OK;
  if (failed)
    fprintf(stderr, "cpu: %s\n", st.message);
  tileCpuKernelDestroy(k);
  return failed;
}

/* Whether tileCompileKernel will find ptxas (Compile.h: toolkit NULL). */
static int haveToolkit(void) {
  const char *roots[] = {getenv("CUDA_HOME"), getenv("CUDA_PATH"),
                         "/usr/local/cuda"};
  for (int i = 0; i < 3; ++i) {
    char path[4096];
    if (roots[i] && *roots[i] &&
        snprintf(path, sizeof path, "%s/bin/ptxas", roots[i]) <
            (int)sizeof path &&
        access(path, X_OK) == 0)
      return 1;
  }
  return 0;
}

/* Uploads, launches, waits, downloads. Returns 0 or 1 with a message. */
static int launch(TileRuntimeDevice *dev, TileRuntimeKernel *k, float a,
                  const float *x, const float *y, float *out, int64_t n,
                  TileStatus *st) {
  size_t bytes = (size_t)n * sizeof(float);
  void *dx = NULL, *dy = NULL, *dout = NULL;
  TileRuntimeLaunchConfig config = {{(n + BLOCK - 1) / BLOCK, 1, 1},
                                    NULL /* the default stream */,
                                    TILE_RUNTIME_ENTRY_AUTO, 0};
  int failed =
      tileRuntimeDeviceAlloc(dev, bytes, &dx, st) ||
      tileRuntimeDeviceAlloc(dev, bytes, &dy, st) ||
      tileRuntimeDeviceAlloc(dev, bytes, &dout, st) ||
      tileRuntimeCopyToDevice(dev, dx, x, bytes, st) ||
      tileRuntimeCopyToDevice(dev, dy, y, bytes, st);
  if (!failed) {
    TileRuntimeArg args[4] = {
        tileRuntimeArgFloat(a), tileRuntimeArgMemref1(dx, n),
        tileRuntimeArgMemref1(dy, n), tileRuntimeArgMemref1(dout, n)};
    failed = tileRuntimeKernelLaunch(k, args, 4, &config, NULL, st) ||
             tileRuntimeDeviceSynchronize(dev, st) ||
             tileRuntimeCopyToHost(dev, out, dout, bytes, st);
  }
  tileRuntimeDeviceFree(dev, dx);
  tileRuntimeDeviceFree(dev, dy);
  tileRuntimeDeviceFree(dev, dout);
  return failed;
}

/* Compiles to a package in process, describes it and, with a GPU, runs
 * it. Returns 0 when nothing failed (skipping is not failing). */
static int runOnGpu(MlirModule module, float a, const float *x,
                    const float *y, float *out, int64_t n) {
  if (!haveToolkit()) {
    printf("gpu: skipped (no CUDA toolkit: ptxas not found)\n");
    return 0;
  }
  TileCompileOptions options;
  memset(&options, 0, sizeof options); /* sm_90a, the kernel's warps */
  void *bytes;
  size_t size;
  char err[1024];
  if (tileCompileKernel(module, "saxpy", &options, TILE_COMPILE_PACKAGE,
                        &bytes, &size, err, sizeof err)) {
    fprintf(stderr, "gpu: compiling: %s\n", err);
    return 1;
  }
  TileStatus st;
  TileRuntimePackage *pkg;
  int failed = tileRuntimePackageLoadMemory(bytes, size, "saxpy", &pkg, &st);
  free(bytes);
  if (failed) {
    fprintf(stderr, "gpu: %s\n", st.message);
    return 1;
  }
  TileRuntimeResources res;
  tileRuntimePackageResources(pkg, &res);
  printf("package: @%s for %s, %d arguments, %d threads per block, %zu "
         "bytes\n",
         tileRuntimePackageKernelName(pkg), tileRuntimePackageChip(pkg),
         tileRuntimePackageNumArgs(pkg), res.blockThreads, size);

  TileRuntimeDevice *dev = NULL;
  TileRuntimeKernel *k = NULL;
  TileStatusCode code = tileRuntimeDeviceCreate(0, &dev, &st);
  if (code == TILE_STATUS_NO_DRIVER || code == TILE_STATUS_NO_DEVICE) {
    printf("gpu: skipped (%s)\n", st.message);
    tileRuntimePackageDestroy(pkg);
    return 0;
  }
  failed = code != TILE_STATUS_OK;
  if (!failed) {
    code = tileRuntimeKernelCreate(dev, pkg, &k, &st);
    if (code == TILE_STATUS_WRONG_CHIP) {
      printf("gpu: skipped (%s)\n", st.message);
      tileRuntimeDeviceDestroy(dev);
      tileRuntimePackageDestroy(pkg);
      return 0;
    }
    failed = code != TILE_STATUS_OK ||
             launch(dev, k, a, x, y, out, n, &st);
  }
  if (failed)
    fprintf(stderr, "gpu: %s\n", st.message);
  else
    failed = check("gpu", out, a, x, y, n);
  tileRuntimeKernelDestroy(k);
  tileRuntimeDeviceDestroy(dev);
  tileRuntimePackageDestroy(pkg);
  return failed;
}

int main(int argc, char **argv) {
  int64_t n = argc > 1 ? atoll(argv[1]) : 3000;
  if (n < 1) {
    fprintf(stderr, "usage: saxpy [n >= 1]\n");
    return 2;
  }
  printf("tile %s (headers %s), runtime %s\n", tileVersion(),
         TILE_VERSION_STRING, tileRuntimeVersion());
  float *x = malloc((size_t)n * sizeof *x), *y = malloc((size_t)n * sizeof *y);
  float *out = malloc((size_t)n * sizeof *out);
  uint64_t seed = 17;
  for (int64_t i = 0; i < n; ++i) {
    x[i] = nextRandom(&seed);
    y[i] = nextRandom(&seed);
  }
  float a = 1.75f;

  MlirContext ctx = tileContextCreate();
  MlirModule module = buildSaxpy(ctx);
  if (mlirLogicalResultIsFailure(tileVerify(mlirModuleGetOperation(module)))) {
    fprintf(stderr, "the kernel does not verify\n");
    return 1;
  }
  /* NaN everywhere first, so an element the kernel skips cannot pass. */
  for (int64_t i = 0; i < n; ++i)
    out[i] = NAN;
  int failed = runOnCpu(module, a, x, y, out, n) ||
               check("cpu", out, a, x, y, n);
  for (int64_t i = 0; i < n; ++i)
    out[i] = NAN;
  failed = runOnGpu(module, a, x, y, out, n) || failed;
  mlirModuleDestroy(module);
  mlirContextDestroy(ctx);
  free(x);
  free(y);
  free(out);
  printf("%s\n", failed ? "FAILED" : "ok");
  return failed;
}
