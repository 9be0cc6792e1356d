/* tileCompileKernelC: a kernel parsed from text becomes a header with a
 * typed launch function named after its arguments, and a source that
 * includes the header by the name given.
 * RUN: tile-capi-compile_c | FileCheck %s
 * CHECK: header: TileStatusCode vecadd_launch(struct CUstream_st *stream, const int64_t grid[3],
 * CHECK-NEXT: const float *a, int64_t a_size0,
 * CHECK-NEXT: float *out, int64_t out_size0,
 * CHECK: source includes the header: yes
 * CHECK: unknown kernel: no kernel named 'nope'; the module's kernels: @vecadd
 *
 * tileCompileKernelsC: two kernels in one pair, the shared code once,
 * named after the header; none named of two, or one named twice, is an
 * error.
 * CHECK: pair: vecadd_launch copy_launch copy_launch_strided
 * CHECK-NEXT: pair_fail defined 1 time(s)
 * CHECK-NEXT: none named: the module has 2 kernels (@vecadd, @copy): name one or more
 * CHECK-NEXT: named twice: kernel 'copy' is named twice
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tile-c/Compile.h"
#include "tile-c/Dialect.h"

static const char *kText =
    "func.func @vecadd(%a: memref<?xf32>, %out: memref<?xf32>)\n"
    "    attributes {tile.kernel, tile.num_warps = 4 : i32} {\n"
    "  %pid = \"tile.program_id\"() {axis = 0 : i32} : () -> index\n"
    "  %c = arith.constant 1024 : index\n"
    "  %o = arith.muli %pid, %c : index\n"
    "  %t = \"tile.load\"(%a, %o) : (memref<?xf32>, index) -> tensor<1024xf32>\n"
    "  \"tile.store\"(%t, %out, %o) : (tensor<1024xf32>, memref<?xf32>, index) -> ()\n"
    "  return\n}\n";

static const char *kPairText =
    "func.func @vecadd(%a: memref<?xf32>, %out: memref<?xf32>)\n"
    "    attributes {tile.kernel, tile.num_warps = 4 : i32} {\n"
    "  %pid = \"tile.program_id\"() {axis = 0 : i32} : () -> index\n"
    "  %t = \"tile.load\"(%a, %pid) : (memref<?xf32>, index) -> tensor<128xf32>\n"
    "  %s = arith.addf %t, %t : tensor<128xf32>\n"
    "  \"tile.store\"(%s, %out, %pid) : (tensor<128xf32>, memref<?xf32>, index) -> ()\n"
    "  return\n}\n"
    "func.func @copy(%a: memref<?xf32>, %out: memref<?xf32>)\n"
    "    attributes {tile.kernel, tile.num_warps = 4 : i32} {\n"
    "  %pid = \"tile.program_id\"() {axis = 0 : i32} : () -> index\n"
    "  %t = \"tile.load\"(%a, %pid) : (memref<?xf32>, index) -> tensor<128xf32>\n"
    "  \"tile.store\"(%t, %out, %pid) : (tensor<128xf32>, memref<?xf32>, index) -> ()\n"
    "  return\n}\n";

/* Two kernels of one module in one pair. */
static void pair(MlirContext ctx) {
  MlirModule m = tileParseModule(ctx, mlirStringRefCreateFromCString(kPairText),
                                 mlirStringRefCreateFromCString("pair.mlir"));
  TileCompileCOptions c = {0, "pair.h", "pair.mlir", kPairText,
                           NULL, 0, NULL, 0};
  const char *names[] = {"vecadd", "copy"};
  char *header = NULL, *source = NULL, err[512];
  if (tileCompileKernelsC(m, names, 2, NULL, &c, &header, &source, err,
                          sizeof err)) {
    printf("pair: error: %s\n", err);
  } else {
    printf("pair: %s %s %s\n",
           strstr(header, "vecadd_launch(") ? "vecadd_launch" : "-",
           strstr(header, "copy_launch(") ? "copy_launch" : "-",
           strstr(header, "copy_launch_strided(") ? "copy_launch_strided"
                                                  : "-");
    int defined = 0;
    for (const char *at = source;
         (at = strstr(at, "static TileStatusCode pair_fail(")); ++at)
      ++defined;
    printf("pair_fail defined %d time(s)\n", defined);
  }
  free(header);
  free(source);
  if (tileCompileKernelsC(m, NULL, 0, NULL, &c, &header, &source, err,
                          sizeof err))
    printf("none named: %s\n", err);
  const char *twice[] = {"copy", "copy"};
  if (tileCompileKernelsC(m, twice, 2, NULL, &c, &header, &source, err,
                          sizeof err))
    printf("named twice: %s\n", err);
  mlirModuleDestroy(m);
}

int main(void) {
  MlirContext ctx = tileContextCreate();
  MlirModule m = tileParseModule(ctx, mlirStringRefCreateFromCString(kText),
                                 mlirStringRefCreateFromCString("vecadd.mlir"));
  TileCompileCOptions c = {0, "vecadd.h", "vecadd.mlir", kText,
                           NULL, 0, NULL, 0};
  char *header = NULL, *source = NULL, err[512];
  if (tileCompileKernelC(m, NULL, NULL, &c, &header, &source, err,
                         sizeof err)) {
    printf("error: %s\n", err);
    return 1;
  }
  printf("header: %s\n", strstr(header, "TileStatusCode vecadd_launch("));
  printf("source includes the header: %s\n",
         strstr(source, "#include \"vecadd.h\"") ? "yes" : "no");
  free(header);
  free(source);
  if (tileCompileKernelC(m, "nope", NULL, &c, &header, &source, err,
                         sizeof err))
    printf("unknown kernel: %s\n", err);
  mlirModuleDestroy(m);
  pair(ctx);
  mlirContextDestroy(ctx);
  return 0;
}
