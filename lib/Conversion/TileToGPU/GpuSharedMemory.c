/* Shared memory and barriers: the dynamic shared memory's base, the
 * scratch buffer after or over the pipeline buffers and its size,
 * reductions' own regions, the entry's shared globals, and bar.sync over
 * the kernel's warps. Declared in GpuValues.h. */
#include "lib/Conversion/TileToGPU/GpuValues.h"

#include <stdio.h>
#include <stdlib.h>

#include "lib/IR/IR.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/LLVM.h"

MlirValue gpuDynamicSharedBase(TileBuilder *b, GpuLowering *g) {
  MlirType ptr3 = mlirLLVMPointerTypeGet(b->ctx, 3);
  /* In a persistent kernel's pipelined loop, the address comes from an
   * asm LLVM keeps in the loop. LLVM hoists the plain one out of the
   * program loop too, and ptxas, given the address in a register live
   * across every program, built the loop's wgmma descriptors in ordinary
   * registers with an R2UR before each HGMMA (81 instructions a k-step of
   * a 128x256x64 GEMM, 57 with one program a block); from the asm it
   * keeps them in uniform registers as there (docs/performance.md,
   * 2026-12-02). */
  if (g->persistent && g->inPipelinedLoop > 0) {
    char text[256];
    snprintf(text, sizeof text, "mov.b64 $0, %s;", g->smemName);
    MlirType i64 = tileI64Type(b->ctx);
    MlirValue address;
    gpuInlinePtx(b, text, "=l", 0, NULL, 1, i64, true, &address);
    return bInsert(b, tileOpCreate(b->loc, "llvm.inttoptr", 1, &address, 1,
                                   &ptr3, 0, NULL));
  }
  TileNamedAttr attrs[] = {
      {"global_name", mlirFlatSymbolRefAttrGet(b->ctx, tileStr(g->smemName))}};
  return bInsert(b, tileOpCreate(b->loc, "llvm.mlir.addressof", 0, NULL, 1,
                                 &ptr3, 1, attrs));
}

/* Whether the scratch buffer lies after the pipeline buffers at this
 * point: inside a pipelined loop, and anywhere in a persistent kernel,
 * whose producer refills the stages while the code after the loop runs. */
static bool scratchAfterPipeline(const GpuLowering *g) {
  return g->inPipelinedLoop > 0 || g->persistent;
}

MlirValue gpuSharedBase(TileBuilder *b, GpuLowering *g) {
  MlirValue base = gpuDynamicSharedBase(b, g);
  if (!scratchAfterPipeline(g) || g->pipeBytes == 0)
    return base;
  return gpuGep(b, base, bConstIndex(b, g->pipeBytes),
                mlirIntegerTypeGet(b->ctx, 8));
}

MlirValue gpuReduceScratch(TileBuilder *b, GpuLowering *g, int64_t bytes,
                           bool *inLoop) {
  *inLoop = false;
  for (MlirOperation p = mlirBlockGetParentOperation(b->block);
       !mlirOperationIsNull(p) && !tileOpIsNamed(p, "llvm.func");
       p = mlirOperationGetParentOperation(p))
    if (tileOpIsNamed(p, "scf.for"))
      *inLoop = true;
  int64_t offset = (g->reduceBytes + 15) / 16 * 16;
  g->reduceBytes = offset + bytes;
  return gpuGep(b, gpuSharedGlobal(b, g->reduceName), bConstIndex(b, offset),
                mlirIntegerTypeGet(b->ctx, 8));
}

MlirValue gpuSharedGlobal(TileBuilder *b, const char *name) {
  MlirType ptr3 = mlirLLVMPointerTypeGet(b->ctx, 3);
  TileNamedAttr attrs[] = {
      {"global_name", mlirFlatSymbolRefAttrGet(b->ctx, tileStr(name))}};
  return bInsert(b, tileOpCreate(b->loc, "llvm.mlir.addressof", 0, NULL, 1,
                                 &ptr3, 1, attrs));
}

void gpuNeedShared(GpuLowering *g, int64_t bytes) {
  int64_t end = (scratchAfterPipeline(g) ? g->pipeBytes : 0) + bytes;
  if (end > g->smemBytes)
    g->smemBytes = end;
}

MlirValue gpuBarrier(const GpuLowering *g, TileBuilder *b) {
  if (g->producerWarps == 0)
    return bInsert(b, tileOpCreate(b->loc, "nvvm.barrier0", 0, NULL, 0, NULL,
                                   0, NULL));
  /* The producer warpgroup does not take part: its own barrier over the
   * kernel's warps. */
  return gpuNamedBarrier(b, GPU_BARRIER_CONSUMERS, 32 * g->numWarps);
}

MlirValue gpuNamedBarrier(TileBuilder *b, int id, int threads) {
  MlirType i32 = mlirIntegerTypeGet(b->ctx, 32);
  MlirValue operands[] = {bConstInt(b, i32, id), bConstInt(b, i32, threads)};
  int32_t segments[] = {1, 1, 0};
  TileNamedAttr attrs[] = {
      {"operandSegmentSizes", mlirDenseI32ArrayGet(b->ctx, 3, segments)}};
  return bInsert(b, tileOpCreate(b->loc, "nvvm.barrier", 2, operands, 0, NULL,
                                 1, attrs));
}

typedef struct {
  const char *from;
  MlirOperation *found;
  int count, cap;
  bool failed; /* out of memory */
} AddressOfs;

static MlirWalkResult findAddressOf(MlirOperation op, void *userData) {
  AddressOfs *a = userData;
  if (!tileOpIsNamed(op, "llvm.mlir.addressof"))
    return MlirWalkResultAdvance;
  MlirAttribute sym = tileOpAttr(op, "global_name");
  if (mlirAttributeIsNull(sym) ||
      !mlirStringRefEqual(mlirFlatSymbolRefAttrGetValue(sym),
                          mlirStringRefCreateFromCString(a->from)))
    return MlirWalkResultAdvance;
  if (a->count == a->cap) {
    int cap = a->cap ? 2 * a->cap : 16;
    MlirOperation *grown = realloc(a->found, sizeof *grown * (size_t)cap);
    if (!grown) {
      a->failed = true;
      return MlirWalkResultInterrupt;
    }
    a->found = grown;
    a->cap = cap;
  }
  a->found[a->count++] = op;
  return MlirWalkResultAdvance;
}

bool gpuSharedMoveBuffer(MlirOperation func, const char *from, const char *to,
                         int64_t offset) {
  AddressOfs a = {from, NULL, 0, 0, false};
  mlirOperationWalk(func, findAddressOf, &a, MlirWalkPreOrder);
  for (int i = 0; i < a.count && !a.failed; ++i) {
    MlirOperation op = a.found[i];
    MlirContext ctx = mlirOperationGetContext(op);
    mlirOperationSetAttributeByName(
        op, tileStr("global_name"), mlirFlatSymbolRefAttrGet(ctx, tileStr(to)));
    TileBuilder b = tileBuilderBefore(mlirOperationGetNextInBlock(op));
    b.loc = mlirOperationGetLocation(op);
    MlirValue base = mlirOperationGetResult(op, 0);
    MlirValue moved = gpuGep(&b, base, bConstIndex(&b, offset),
                             mlirIntegerTypeGet(ctx, 8));
    MlirOperation gep = mlirOpResultGetOwner(moved);
    mlirValueReplaceAllUsesExcept(base, moved, 1, &gep);
  }
  free(a.found);
  return !a.failed;
}
