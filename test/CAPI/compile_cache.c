/* The compile cache through the public C API (tile-c/Compile.h): off
 * unless `cache` asks for it; then a second compile of the same kernel
 * comes from the cache (cacheHit), byte for byte, with its remarks given
 * again at the same place; other options miss; TILE_NO_CACHE wins; and
 * the process-wide LLVM options (which change the PTX) are part of the
 * key.
 *
 * RUN: rm -rf %t && mkdir -p %t
 * RUN: env TILE_NO_CACHE=0 tile-capi-compile_cache %t 2>&1 | FileCheck %s
 */
#define _POSIX_C_SOURCE 200809L /* setenv */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mlir-c/IR.h"
#include "tile-c/Compile.h"
#include "tile-c/Dialect.h"

static const char *kIeee =
    "func.func @ieee(%x: memref<?x?xf32>, %y: memref<?x?xf32>) attributes "
    "{tile.kernel} {\n"
    "  %c0 = arith.constant 0 : index\n"
    "  %z = arith.constant dense<0.0> : tensor<32x32xf32>\n"
    "  %a = \"tile.load\"(%x, %c0, %c0) : (memref<?x?xf32>, index, index) -> "
    "tensor<32x32xf32>\n"
    "  %d = \"tile.dot\"(%a, %a, %z) {precision = \"ieee\"} : "
    "(tensor<32x32xf32>, tensor<32x32xf32>, tensor<32x32xf32>) -> "
    "tensor<32x32xf32>\n"
    "  \"tile.store\"(%d, %y, %c0, %c0) : (tensor<32x32xf32>, "
    "memref<?x?xf32>, index, index) -> ()\n"
    "  return\n"
    "}\n";

/* Entries in `dir` (files ending in .tce). */
static int entries(const char *dir) {
  DIR *d = opendir(dir);
  int n = 0;
  if (!d)
    return 0;
  for (struct dirent *e; (e = readdir(d));) {
    size_t len = strlen(e->d_name);
    n += len > 4 && strcmp(e->d_name + len - 4, ".tce") == 0;
  }
  closedir(d);
  return n;
}

static void printLoc(MlirStringRef s, void *userData) {
  (void)userData;
  fwrite(s.data, 1, s.length, stdout);
}

static void onRemark(void *userData, MlirLocation loc, const char *message) {
  (void)userData;
  printf("remark at ");
  mlirLocationPrint(loc, printLoc, NULL);
  printf(": %.40s\n", message);
}

/* Compiles kIeee with `o` to PTX; returns the bytes (malloc'ed) and
 * prints whether they came from the cache. */
static char *compile(MlirContext ctx, TileCompileOptions *o,
                     const char *what) {
  MlirModule m = mlirModuleCreateParse(
      ctx, mlirStringRefCreateFromCString(kIeee));
  int hit = -1;
  o->cacheHit = &hit;
  void *bytes = NULL;
  size_t size;
  char err[512];
  if (tileCompileKernel(m, NULL, o, TILE_COMPILE_PTX, &bytes, &size, err,
                        sizeof err)) {
    printf("%s: FAILED: %s\n", what, err);
    exit(1);
  }
  printf("%s: hit %d\n", what, hit);
  mlirModuleDestroy(m);
  return bytes;
}

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  char dir[600], envDir[600];
  snprintf(dir, sizeof dir, "%s/cache", argv[1]);
  snprintf(envDir, sizeof envDir, "%s/from-env", argv[1]);
  MlirContext ctx = tileContextCreate();

  /* Off by default: nothing read, nothing written. */
  TileCompileOptions o = {0};
  o.chip = "sm_80";
  o.cacheDir = dir;
  o.remark = onRemark;
  // CHECK: remark at loc("-":5:8): tile.dot runs as an FMA loop, not on
  // CHECK-NEXT: default: hit 0
  char *first = compile(ctx, &o, "default");
  // CHECK-NEXT: entries 0
  printf("entries %d\n", entries(dir));

  /* On: a miss that writes, then a hit with the same bytes and the same
   * remark at the same place. */
  o.cache = 1;
  // CHECK-NEXT: remark at loc("-":5:8): tile.dot runs as an FMA loop, not on
  // CHECK-NEXT: cache: hit 0
  char *second = compile(ctx, &o, "cache");
  // CHECK-NEXT: remark at loc("-":5:8): tile.dot runs as an FMA loop, not on
  // CHECK-NEXT: cache again: hit 1
  char *third = compile(ctx, &o, "cache again");
  // CHECK-NEXT: entries 1, same bytes 1 1
  printf("entries %d, same bytes %d %d\n", entries(dir),
         strcmp(first, second) == 0, strcmp(second, third) == 0);
  free(first);
  free(second);
  free(third);

  /* Another option is another entry. */
  o.numWarps = 8;
  // CHECK: num-warps 8: hit 0
  free(compile(ctx, &o, "num-warps 8"));
  // CHECK: num-warps 8 again: hit 1
  free(compile(ctx, &o, "num-warps 8 again"));
  o.numWarps = 0;

  /* TILE_NO_CACHE=1 turns the cache off whatever the call asks. */
  setenv("TILE_NO_CACHE", "1", 1);
  // CHECK: TILE_NO_CACHE: hit 0
  free(compile(ctx, &o, "TILE_NO_CACHE"));
  setenv("TILE_NO_CACHE", "0", 1);

  /* No cacheDir: $TILE_CACHE_DIR. */
  o.cacheDir = NULL;
  setenv("TILE_CACHE_DIR", envDir, 1);
  // CHECK: env dir: hit 0
  free(compile(ctx, &o, "env dir"));
  // CHECK-NEXT: entries in it 1
  printf("entries in it %d\n", entries(envDir));
  o.cacheDir = dir;

  /* The process-wide LLVM options change the PTX: what was cached
   * without them is not read with them. */
  tileSetProcessLlvmOptions();
  // CHECK: LLVM options: hit 0
  free(compile(ctx, &o, "LLVM options"));
  // CHECK: LLVM options again: hit 1
  free(compile(ctx, &o, "LLVM options again"));

  mlirContextDestroy(ctx);
  return 0;
}
