/* The public CPU runner (include/tile-c/CpuRun.h) over lib/Execution's
 * CPU kernel, with the runtime API's arguments and their checks
 * (lib/Runtime/RuntimeLaunch.c). */
#include "tile-c/CpuRun.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/Execution/CpuKernel.h"
#include "lib/Runtime/RuntimeApi.h"
#include "lib/IR/IR.h"
#include "lib/Transforms/StripAsserts.h"
#include "dialect/Dialect.h"

/* The name of the module's only kernel, or a message saying why there is
 * no one. */
static int onlyKernel(MlirModule module, char *name, size_t size,
                      TileStatus *status) {
  int count = 0;
  MlirBlock body = mlirModuleGetBody(module);
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    MlirStringRef sym;
    if (tileOpIsKernel(op) && tileOpStrAttr(op, "sym_name", &sym) &&
        count++ == 0)
      snprintf(name, size, "%.*s", (int)sym.length, sym.data);
  }
  if (count == 1)
    return 0;
  return runtimeStatus(status, TILE_STATUS_INVALID_ARGUMENT,
                       "the module holds %d kernels: name the one to run",
                       count);
}

TileStatusCode tileCpuKernelCreateFromModule(MlirModule module,
                                             const char *name,
                                             TileCpuKernel **out,
                                             TileStatus *status) {
  return tileCpuKernelCreateFromModuleWithOptions(module, name, NULL, out,
                                                  status);
}

TileStatusCode tileCpuKernelCreateFromModuleWithOptions(
    MlirModule module, const char *name, const TileCpuCompileOptions *options,
    TileCpuKernel **out, TileStatus *status) {
  if (mlirModuleIsNull(module) || !out)
    return runtimeStatus(status, TILE_STATUS_INVALID_ARGUMENT,
                         "creating a CPU kernel: %s is null",
                         out ? "the module" : "out");
  *out = NULL;
  TileCpuOptions o = {0};
  if (options && options->asserts &&
      !tileAssertsParse(options->asserts, &o.assertsOff))
    return runtimeStatus(status, TILE_STATUS_INVALID_ARGUMENT,
                         "asserts wants on or off, got '%.200s'",
                         options->asserts);
  char only[256];
  if (!name) {
    if (onlyKernel(module, only, sizeof only, status))
      return TILE_STATUS_INVALID_ARGUMENT;
    name = only;
  }
  char err[2048];
  if (tileCpuKernelCreateWithOptions(module, name, &o, out, err, sizeof err))
    return runtimeStatus(status, TILE_STATUS_COMPILE, "%s", err);
  return runtimeStatus(status, TILE_STATUS_OK, "%s", "");
}

TileStatusCode tileCpuKernelRunArgs(TileCpuKernel *kernel,
                                    const TileRuntimeArg *args, int numArgs,
                                    const int64_t grid[3],
                                    TileStatus *status) {
  if (!kernel || !grid)
    return runtimeStatus(status, TILE_STATUS_INVALID_ARGUMENT,
                         "tileCpuKernelRunArgs: %s is NULL",
                         kernel ? "grid" : "kernel");
  /* The kernel's signature as the runtime describes a package's. */
  int n = tileCpuKernelNumArgs(kernel);
  TilePackageArg want[TILE_PACKAGE_MAX_ARGS];
  for (int i = 0; i < n && i < TILE_PACKAGE_MAX_ARGS; ++i)
    want[i] = tilePackageArgOf(tileCpuKernelArg(kernel, i));
  char err[2048];
  /* The CPU indexes in 64 bits: no size limit here. */
  if (runtimeCheckArgs(tileCpuKernelName(kernel), want, n, 0, args, numArgs,
                       err, sizeof err))
    return runtimeStatus(status, TILE_STATUS_ARGUMENT_MISMATCH, "%s", err);
  TileHostArray arrays[TILE_PACKAGE_MAX_ARGS];
  TileArgValue values[TILE_PACKAGE_MAX_ARGS];
  memset(arrays, 0, sizeof arrays);
  for (int i = 0; i < n; ++i) {
    const TileRuntimeArg *v = &args[i];
    values[i] = (TileArgValue){NULL, v->i, v->f};
    if (!want[i].isMemref)
      continue;
    /* The CPU kernel takes dense C-order arrays: the caller's memory,
     * described in place, never copied. */
    int64_t strides[3], dense = 1;
    runtimeArgStrides(v, strides);
    for (int d = v->rank - 1; d >= 0; --d) {
      if (strides[d] != dense && v->shape[d] > 1)
        return runtimeStatus(status, TILE_STATUS_ARGUMENT_MISMATCH,
                             "argument #%d: the CPU runs dense C-order "
                             "arrays only (strides of its own given)",
                             i);
      dense *= v->shape[d];
    }
    TileHostArray *h = &arrays[i];
    h->dtype = want[i].dtype;
    h->rank = v->rank;
    memcpy(h->shape, v->shape, sizeof v->shape);
    h->data = v->data;
    h->bytes = (size_t)dense * tileDTypeSize(h->dtype);
    values[i].array = h;
  }
  /* A failed assert is the kernel's verdict on its data, not a mistake in
   * the call: TILE_STATUS_ASSERT, as the GPU runtime reports one. */
  int rc = tileCpuKernelRun(kernel, values, grid, err, sizeof err);
  return runtimeStatusFrom(status, rc, TILE_STATUS_INVALID_ARGUMENT, err);
}
