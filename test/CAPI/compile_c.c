/* tileCompileKernelC: a kernel parsed from text becomes a header with a
 * typed launch function named after its arguments, and a source that
 * includes the header by the name given.
 * RUN: tile-capi-compile_c | FileCheck %s
 * CHECK: header: TileStatusCode vecadd_launch(struct CUstream_st *stream, const int64_t grid[3],
 * CHECK-NEXT: const float *a, int64_t a_size0,
 * CHECK-NEXT: float *out, int64_t out_size0,
 * CHECK: source includes the header: yes
 * CHECK: unknown kernel: no kernel named 'nope'; the module's kernels: @vecadd
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
  mlirContextDestroy(ctx);
  return 0;
}
