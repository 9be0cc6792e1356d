/* The CPU runner of the public C API (tile-c/CpuRun.h) and tile.assert: a
 * failed assert is TILE_STATUS_ASSERT with the assert's location, program
 * and message (not an invalid argument), the programs before it have run
 * and none after; the kernel created with asserts "off" runs every program
 * and computes what a C loop computes; an options value other than on/off
 * is refused.
 *
 * RUN: tile-capi-cpu_run 2>&1 | FileCheck %s
 * CHECK:      default: assert failed (code 12): k:8:3: tile.assert failed in program (2, 0, 0): x < limit
 * CHECK-NEXT: programs run before it: 2
 * CHECK-NEXT: asserts on: assert failed (code 12)
 * CHECK-NEXT: asserts off: ok, 16 elements as expected
 * CHECK-NEXT: asserts maybe: invalid argument: asserts wants on or off, got 'maybe'
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "mlir-c/IR.h"
#include "tile-c/CpuRun.h"
#include "tile-c/Dialect.h"

/* Each program doubles its 4 values after checking them against a
 * limit; the kernel's location is "k" (line 8 holds the assert). */
static const char *kKernel =
    "func.func @doubled(%x: memref<?xi32>, %y: memref<?xi32>, %limit: i32) "
    "attributes {tile.kernel} {\n"
    "  %pid = \"tile.program_id\"() {axis = 0 : i32} : () -> index\n"
    "  %c4 = arith.constant 4 : index\n"
    "  %off = arith.muli %pid, %c4 : index\n"
    "  %t = \"tile.load\"(%x, %off) : (memref<?xi32>, index) -> tensor<4xi32>\n"
    "  %l = \"tile.splat\"(%limit) : (i32) -> tensor<4xi32>\n"
    "  %ok = arith.cmpi slt, %t, %l : tensor<4xi32>\n"
    "  \"tile.assert\"(%ok) {message = \"x < limit\"} : (tensor<4xi1>) -> ()\n"
    "  %d = arith.addi %t, %t : tensor<4xi32>\n"
    "  \"tile.store\"(%d, %y, %off) : (tensor<4xi32>, memref<?xi32>, index) "
    "-> ()\n"
    "  return\n"
    "}\n";

enum { N = 16, LIMIT = 1000 };

/* Runs the kernel created with `asserts` on x (program 2 holds a value
 * past the limit) into y; returns the status code. */
static TileStatusCode run(MlirModule m, const char *asserts, int32_t *y,
                          TileStatus *st) {
  int32_t x[N];
  for (int i = 0; i < N; ++i)
    x[i] = (i * 37) % 200 - 100;
  x[9] = 5 * LIMIT;
  memset(y, 0, N * sizeof *y);
  TileCpuCompileOptions options = {asserts};
  TileCpuKernel *k;
  TileStatusCode rc =
      tileCpuKernelCreateFromModuleWithOptions(m, NULL, &options, &k, st);
  if (rc)
    return rc;
  TileRuntimeArg args[3] = {tileRuntimeArgMemref1(x, N),
                            tileRuntimeArgMemref1(y, N),
                            tileRuntimeArgInt(LIMIT)};
  int64_t grid[3] = {N / 4, 1, 1};
  rc = tileCpuKernelRunArgs(k, args, 3, grid, st);
  tileCpuKernelDestroy(k);
  /* The reference, in C: what ran must be 2x. */
  for (int i = 0; i < N; ++i)
    if (y[i] != 0 && y[i] != 2 * x[i])
      printf("FAIL: y[%d] = %d, expected %d\n", i, y[i], 2 * x[i]);
  return rc;
}

int main(void) {
  MlirContext ctx = tileContextCreate();
  /* Named "k", so the message does not depend on a path. */
  MlirModule m = tileParseModule(ctx, mlirStringRefCreateFromCString(kKernel),
                                 mlirStringRefCreateFromCString("k"));
  if (mlirModuleIsNull(m)) {
    printf("FAIL: the kernel does not parse\n");
    return 1;
  }
  int32_t y[N];
  TileStatus st;
  TileStatusCode rc = run(m, NULL, y, &st);
  printf("default: %s (code %d): %s\n", tileStatusCodeName(rc), (int)rc,
         st.message);
  int ran = 0;
  for (int p = 0; p < N / 4; ++p)
    ran += y[4 * p] != 0 || y[4 * p + 1] != 0;
  printf("programs run before it: %d\n", ran);
  rc = run(m, "on", y, &st);
  printf("asserts on: %s (code %d)\n", tileStatusCodeName(rc), (int)rc);
  rc = run(m, "off", y, &st);
  int same = 0;
  int32_t x[N];
  for (int i = 0; i < N; ++i) {
    x[i] = (i * 37) % 200 - 100;
    if (i == 9)
      x[i] = 5 * LIMIT;
    same += y[i] == 2 * x[i];
  }
  printf("asserts off: %s, %d elements as expected\n", tileStatusCodeName(rc),
         same);
  rc = run(m, "maybe", y, &st);
  printf("asserts maybe: %s: %s\n", tileStatusCodeName(rc), st.message);
  mlirModuleDestroy(m);
  mlirContextDestroy(ctx);
  return 0;
}
