/* Compiles kernels through the public C API alone (tile-c/Compile.h): a
 * tensor-core matmul to sm_80 PTX, the same to a package, a dot that stays
 * off the tensor cores (its remark reaches the callback), and bad options
 * (a one-line error, no output), asserts "off" (no device assert left),
 * and tileSetProcessLlvmOptions (run last:
 * it changes the process), after which the same kernel's PTX changes.
 *
 * REQUIRES: ptxas
 * RUN: tile-capi-compile_kernel 2>&1 | FileCheck %s
 */
#define _GNU_SOURCE /* memmem */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mlir-c/IR.h"
#include "tile-c/Compile.h"
#include "tile-c/Dialect.h"

static const char *kMatmul =
    "func.func @mm(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: "
    "memref<?x?xf32>) attributes {tile.kernel, tile.num_warps = 4 : i32} {\n"
    "  %c0 = arith.constant 0 : index\n"
    "  %c1 = arith.constant 1 : index\n"
    "  %c32 = arith.constant 32 : index\n"
    "  %k = memref.dim %a, %c1 : memref<?x?xf16>\n"
    "  %z = arith.constant dense<0.0> : tensor<64x64xf32>\n"
    "  %s = scf.for %k0 = %c0 to %k step %c32 iter_args(%acc = %z) -> "
    "(tensor<64x64xf32>) {\n"
    "    %ta = \"tile.load\"(%a, %c0, %k0) : (memref<?x?xf16>, index, index) "
    "-> tensor<64x32xf16>\n"
    "    %tb = \"tile.load\"(%b, %k0, %c0) : (memref<?x?xf16>, index, index) "
    "-> tensor<32x64xf16>\n"
    "    %d = \"tile.dot\"(%ta, %tb, %acc) : (tensor<64x32xf16>, "
    "tensor<32x64xf16>, tensor<64x64xf32>) -> tensor<64x64xf32>\n"
    "    scf.yield %d : tensor<64x64xf32>\n"
    "  }\n"
    "  \"tile.store\"(%s, %c, %c0, %c0) : (tensor<64x64xf32>, "
    "memref<?x?xf32>, index, index) -> ()\n"
    "  return\n"
    "}\n";

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

static const char *kChecked =
    "func.func @checked(%x: memref<?xi32>, %limit: i32) attributes "
    "{tile.kernel} {\n"
    "  %c0 = arith.constant 0 : index\n"
    "  %t = \"tile.load\"(%x, %c0) : (memref<?xi32>, index) -> "
    "tensor<128xi32>\n"
    "  %l = \"tile.splat\"(%limit) : (i32) -> tensor<128xi32>\n"
    "  %ok = arith.cmpi slt, %t, %l : tensor<128xi32>\n"
    "  \"tile.assert\"(%ok) {message = \"x < limit\"} : (tensor<128xi1>) -> "
    "()\n"
    "  return\n"
    "}\n";

static MlirModule parse(MlirContext ctx, const char *text) {
  return mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(text));
}

static void onRemark(void *userData, MlirLocation loc, const char *message) {
  (void)loc;
  ++*(int *)userData;
  printf("remark: %s\n", message);
}

int main(void) {
  MlirContext ctx = tileContextCreate();
  char err[512];
  void *bytes;
  size_t size;

  /* sm_80 PTX with the pipeline and tensor cores. */
  TileCompileOptions o = {0};
  o.chip = "sm_80";
  o.numStages = 3;
  MlirModule m = parse(ctx, kMatmul);
  if (tileCompileKernel(m, NULL, &o, TILE_COMPILE_PTX, &bytes, &size, err,
                        sizeof err)) {
    printf("FAILED: %s\n", err);
    return 1;
  }
  const char *ptx = bytes;
  // CHECK: ptx: target sm_80 1, mma.sync 1, cp.async 1, NUL-terminated 1
  printf("ptx: target sm_80 %d, mma.sync %d, cp.async %d, NUL-terminated %d\n",
         strstr(ptx, ".target sm_80") != NULL,
         strstr(ptx, "mma.sync.aligned.m16n8k16") != NULL,
         strstr(ptx, "cp.async.cg.shared.global") != NULL,
         ptx[size] == '\0' && strlen(ptx) == size);
  free(bytes);
  mlirModuleDestroy(m);

  /* A package: the bytes of a .tpkg file. */
  m = parse(ctx, kMatmul);
  if (tileCompileKernel(m, "mm", &o, TILE_COMPILE_PACKAGE, &bytes, &size, err,
                        sizeof err)) {
    printf("FAILED: %s\n", err);
    return 1;
  }
  // CHECK: package: 1
  printf("package: %d\n", size > 64);
  free(bytes);
  mlirModuleDestroy(m);

  /* Blackwell: the same kernel with 128x128 tiles (a dot tcgen05 takes:
   * 128 rows, one per tensor-memory lane) compiles for sm_100a, with the
   * accumulator in tensor memory. Checked by compiling only. */
  char big[2048];
  size_t n = 0;
  for (const char *p = kMatmul; *p && n + 4 < sizeof big;) {
    if (strncmp(p, "64", 2) == 0) {
      memcpy(big + n, "128", 3);
      n += 3;
      p += 2;
    } else {
      big[n++] = *p++;
    }
  }
  big[n] = '\0';
  TileCompileOptions bw = {0};
  bw.chip = "sm_100a";
  m = parse(ctx, big);
  if (tileCompileKernel(m, NULL, &bw, TILE_COMPILE_PTX, &bytes, &size, err,
                        sizeof err)) {
    printf("FAILED: %s\n", err);
    return 1;
  }
  ptx = bytes;
  // CHECK: sm_100a: target 1, tcgen05.alloc 1, tcgen05.mma 1, tcgen05.ld 1
  printf("sm_100a: target %d, tcgen05.alloc %d, tcgen05.mma %d, tcgen05.ld %d\n",
         strstr(ptx, ".target sm_100a") != NULL,
         strstr(ptx, "tcgen05.alloc.cta_group::1") != NULL,
         strstr(ptx, "tcgen05.mma.cta_group::1.kind::f16") != NULL,
         strstr(ptx, "tcgen05.ld.sync.aligned.32x32b") != NULL);
  free(bytes);
  mlirModuleDestroy(m);

  /* Its generic entry is PTX in the package unless eagerGeneric asks for
   * it in the cubin (sm_90a: a cubin, so PTX text is the generic entry's). */
  for (int eager = 0; eager < 2; ++eager) {
    TileCompileOptions g = {0};
    g.eagerGeneric = eager;
    m = parse(ctx, kMatmul);
    if (tileCompileKernel(m, "mm", &g, TILE_COMPILE_PACKAGE, &bytes, &size,
                          err, sizeof err)) {
      printf("FAILED: %s\n", err);
      return 1;
    }
    // CHECK: eager 0: generic PTX 1
    // CHECK: eager 1: generic PTX 0
    printf("eager %d: generic PTX %d\n", eager,
           memmem(bytes, size, ".entry mm(", 10) != NULL);
    free(bytes);
    mlirModuleDestroy(m);
  }

  /* The FMA fallback says so through the callback. */
  int remarks = 0;
  TileCompileOptions r = {0};
  r.remark = onRemark;
  r.remarkUserData = &remarks;
  m = parse(ctx, kIeee);
  int rc = tileCompileKernel(m, NULL, &r, TILE_COMPILE_PTX, &bytes, &size, err,
                             sizeof err);
  // CHECK: remark: tile.dot runs as an FMA loop, not on tensor cores: precision = "ieee" has no tensor-core instruction
  // CHECK: ieee: rc 0, remarks 1
  printf("ieee: rc %d, remarks %d\n", rc, remarks);
  if (rc == 0)
    free(bytes);
  mlirModuleDestroy(m);

  /* Bad options: an error, nothing allocated. */
  TileCompileOptions bad = {0};
  bad.chip = "sm_9x";
  m = parse(ctx, kMatmul);
  rc = tileCompileKernel(m, NULL, &bad, TILE_COMPILE_PTX, &bytes, &size, err,
                         sizeof err);
  // CHECK: bad chip: rc 1, bytes 0: chip 'sm_9x' is not of the form sm_90a / sm_80
  printf("bad chip: rc %d, bytes %d: %s\n", rc, bytes != NULL, err);
  bad.chip = "sm_99";
  rc = tileCompileKernel(m, NULL, &bad, TILE_COMPILE_PTX, &bytes, &size, err,
                         sizeof err);
  // CHECK: unknown chip: rc 1, bytes 0: chip 'sm_99' is not one LLVM's NVPTX back end knows
  printf("unknown chip: rc %d, bytes %d: %s\n", rc, bytes != NULL, err);
  bad.chip = NULL;
  bad.numStages = 9;
  rc = tileCompileKernel(m, NULL, &bad, TILE_COMPILE_PTX, &bytes, &size, err,
                         sizeof err);
  // CHECK: bad stages: rc 1: num-stages wants auto or an integer from 1 to 8, got '9'
  printf("bad stages: rc %d: %s\n", rc, err);
  bad.numStages = 0;
  bad.warpSpecialize = "maybe";
  rc = tileCompileKernel(m, NULL, &bad, TILE_COMPILE_PTX, &bytes, &size, err,
                         sizeof err);
  // CHECK: bad warp specialization: rc 1: warp-specialize wants auto, true or false, got 'maybe'
  printf("bad warp specialization: rc %d: %s\n", rc, err);
  bad.warpSpecialize = NULL;
  bad.indexBits = 48;
  rc = tileCompileKernel(m, NULL, &bad, TILE_COMPILE_PTX, &bytes, &size, err,
                         sizeof err);
  // CHECK: bad index bits: rc 1: index-bits wants 32 or 64, got '48'
  printf("bad index bits: rc %d: %s\n", rc, err);
  /* 64-bit indexing: the sizes are read as 64-bit parameters. */
  bad.indexBits = 64;
  rc = tileCompileKernel(m, NULL, &bad, TILE_COMPILE_PTX, &bytes, &size, err,
                         sizeof err);
  // CHECK: index bits 64: rc 0, 64-bit sizes 1
  printf("index bits 64: rc %d, 64-bit sizes %d\n", rc,
         rc == 0 && strstr((const char *)bytes, "ld.param.b64") &&
             !strstr((const char *)bytes, "ld.param.b32"));
  free(bytes);
  bad.indexBits = 0;
  /* Options by key: an unknown one, a bad value, and one after a field.
   * (The module is the one compiled above: these fail before a compile.) */
  bad.options = "num-stages=3 no-such=1";
  rc = tileCompileKernel(m, NULL, &bad, TILE_COMPILE_PTX, &bytes, &size, err,
                         sizeof err);
  // CHECK: unknown keyed option: rc 1: unknown option 'no-such'
  printf("unknown keyed option: rc %d: %s\n", rc, err);
  bad.options = "mma=sometimes";
  rc = tileCompileKernel(m, NULL, &bad, TILE_COMPILE_PTX, &bytes, &size, err,
                         sizeof err);
  // CHECK: bad keyed option: rc 1: mma wants auto, sync or wgmma, got 'sometimes'
  printf("bad keyed option: rc %d: %s\n", rc, err);
  /* Applied after the fields: the field's 3 is valid, the string's 9 not. */
  bad.numStages = 3;
  bad.options = "num-stages=9";
  rc = tileCompileKernel(m, NULL, &bad, TILE_COMPILE_PTX, &bytes, &size, err,
                         sizeof err);
  // CHECK: keyed option after the field: rc 1: num-stages wants auto or an integer from 1 to 8, got '9'
  printf("keyed option after the field: rc %d: %s\n", rc, err);
  bad.numStages = 0;
  bad.indexBits = 0;
  bad.options = NULL;
  bad.asserts = "maybe";
  rc = tileCompileKernel(m, NULL, &bad, TILE_COMPILE_PTX, &bytes, &size, err,
                         sizeof err);
  // CHECK: bad asserts: rc 1: asserts wants on or off, got 'maybe'
  printf("bad asserts: rc %d: %s\n", rc, err);
  mlirModuleDestroy(m);

  /* asserts: "off" leaves no device assert in the PTX; NULL and "on" do. */
  const char *assertsValues[] = {NULL, "on", "off"};
  for (int i = 0; i < 3; ++i) {
    TileCompileOptions a = {0};
    a.chip = "sm_80";
    a.asserts = assertsValues[i];
    m = parse(ctx, kChecked);
    rc = tileCompileKernel(m, NULL, &a, TILE_COMPILE_PTX, &bytes, &size, err,
                           sizeof err);
    // CHECK: asserts (null): rc 0, __assertfail 1
    // CHECK: asserts on: rc 0, __assertfail 1
    // CHECK: asserts off: rc 0, __assertfail 0
    printf("asserts %s: rc %d, __assertfail %d\n",
           assertsValues[i] ? assertsValues[i] : "(null)", rc,
           rc == 0 && strstr(bytes, "__assertfail") != NULL);
    if (rc == 0)
      free(bytes);
    mlirModuleDestroy(m);
  }

  /* The tools' process options: LLVM's straight-line strength reduction
   * off. The matmul's stores then address each group on its own instead
   * of from a neighbour's address, so the PTX differs; a second call
   * changes nothing more. */
  char *with[2] = {NULL, NULL};
  for (int i = 0; i < 3; ++i) {
    if (i > 0)
      tileSetProcessLlvmOptions();
    m = parse(ctx, kMatmul);
    if (tileCompileKernel(m, NULL, &o, TILE_COMPILE_PTX, &bytes, &size, err,
                          sizeof err)) {
      printf("FAILED: %s\n", err);
      return 1;
    }
    mlirModuleDestroy(m);
    if (i < 2)
      with[i] = bytes;
    else {
      // CHECK: process options: PTX changed 1, again the same 1
      printf("process options: PTX changed %d, again the same %d\n",
             strcmp(with[0], with[1]) != 0, strcmp(with[1], bytes) == 0);
      free(bytes);
    }
  }
  free(with[0]);
  free(with[1]);
  mlirContextDestroy(ctx);
  return 0;
}
