/* Software pipelining without TMA: each stage's tiles copied by cp.async,
 * 16 bytes per copy, one commit group per iteration (PipelineParts.h). */
#include "lib/Conversion/Pipeline/PipelineParts.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/Analysis/Mma.h"
#include "lib/Analysis/ProgramScalars.h"
#include "lib/Analysis/Tcgen05.h"
#include "lib/Analysis/Tma.h"
#include "lib/Conversion/TileToGPU/GpuProgramScalars.h"
#include "lib/IR/IR.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/LLVM.h"

/* Kernel scalar `v` as it is in the iteration whose induction variable is
 * `iv`: the pass checked it is the induction variable, a value from
 * outside the loop (already lowered), or arith on those (cloned here). */
MlirValue pipeScalarAt(GpuLowering *g, TileBuilder *b, const GpuPipeline *p,
                       MlirValue v, MlirValue iv, const MlirValue *handed) {
  if (mlirValueEqual(v, p->iv))
    return iv;
  if (mlirValueIsAOpResult(v)) {
    MlirOperation def = mlirOpResultGetOwner(v);
    if (mlirBlockEqual(mlirOperationGetBlock(def), p->body)) {
      MlirOperation copy = mlirOperationClone(def);
      for (intptr_t i = 0; i < mlirOperationGetNumOperands(def); ++i)
        mlirOperationSetOperand(
            copy, i,
            pipeScalarAt(g, b, p, mlirOperationGetOperand(def, i), iv, handed));
      bInsert(b, copy);
      return mlirOperationGetResult(copy, mlirOpResultGetResultNumber(v));
    }
  }
  /* The producer computed its own (p->outer's order). */
  for (int k = 0; handed && k < p->numOuter; ++k)
    if (mlirValueEqual(p->outer[k], v))
      return handed[k];
  GpuValue *outer = gpuMapGet(&g->values, v);
  return outer && !handed ? outer->tile.scalar : (MlirValue){NULL};
}

MlirValue pipeByteGep(TileBuilder *b, MlirValue base, MlirValue offset) {
  return gpuGep(b, base, offset, mlirIntegerTypeGet(b->ctx, 8));
}

/* Buffer `stage` of load j. */
MlirValue pipeBufferOf(TileBuilder *b, GpuLowering *g, const GpuPipeline *p,
                       int j, MlirValue stage) {
  MlirValue off = bAddi(b, bMuli(b, stage, bConstIndex(b, p->stageBytes)),
                        bConstIndex(b, p->offset[j]));
  return pipeByteGep(b, gpuDynamicSharedBase(b, g), off);
}

void gpuCpAsync16(TileBuilder *b, MlirValue dst, MlirValue src,
                  MlirValue srcBytes) {
  MlirValue operands[] = {dst, src, srcBytes};
  TileNamedAttr attrs[] = {
      {"size", tileI32Attr(b->ctx, CHUNK)},
      {"modifier",
       tileParseAttr(b->ctx, "#nvvm<load_cache_modifier cg>")}};
  bInsert(b, tileOpCreate(b->loc, "nvvm.cp.async.shared.global",
                          mlirValueIsNull(srcBytes) ? 2 : 3, operands, 0, NULL,
                          2, attrs));
}

/* What the copies of one tile need: the memref, the tile's offsets at the
 * iteration, its layout and its buffer. The tile is a box of rows of the
 * memref's last two dimensions; a rank-3 memref's leading offset picks
 * the batch element (`base`, and whether it exists: `batchInside`). */
typedef struct {
  const GpuMemref *m;
  MlirValue base;        /* the memref's pointer at the batch element */
  MlirValue batchInside; /* i1 */
  MlirValue off[2];
  MlirValue sizes[2], rowStride; /* of the last two dimensions */
  TileLayout layout; /* of the rank-2 box */
  int64_t shape[2];
  MlirType elem;
  int vector; /* elements per 16-byte group */
  int numRegs;
  GpuSmemTile smem;
} TileCopy;


static MlirValue globalPtr(TileBuilder *b, const TileCopy *t, MlirValue base,
                           MlirValue index) {
  return bCast(b, "llvm.addrspacecast", gpuGep(b, base, index, t->elem),
               mlirLLVMPointerTypeGet(b->ctx, 1));
}

/* The whole tile is inside the memref (the common case): one pointer to the
 * tile's corner, then per group a loop-invariant offset (its row times
 * the stride plus its column), so each copy costs an add. */
static void copiesInside(GpuLowering *g, TileBuilder *b, const TileCopy *t) {
  MlirValue corner = gpuGep(b, t->base,
                            bAddi(b, bMuli(b, t->off[0], t->rowStride),
                                  t->off[1]),
                            t->elem);
  for (int r = 0; r < t->numRegs; r += t->vector) {
    MlirValue c[2];
    gpuRegCoords(b, g, &t->layout, 2, t->shape, r, c);
    MlirValue within = bAddi(b, bMuli(b, c[0], t->rowStride), c[1]);
    gpuCpAsync16(b, gpuSmemAddr(b, &t->smem, c[0], c[1]),
            globalPtr(b, t, corner, within), (MlirValue){NULL});
  }
}

/* An edge tile: each group is inside or outside (the aligned entry), and
 * one outside reads 0 bytes and fills zeros (its address is not
 * dereferenced). */
static void copiesAtEdge(GpuLowering *g, TileBuilder *b, const TileCopy *t) {
  MlirType i32 = mlirIntegerTypeGet(b->ctx, 32);
  MlirValue zero = bConstIndex(b, 0);
  for (int r = 0; r < t->numRegs; r += t->vector) {
    MlirValue c[2], gc[2];
    gpuRegCoords(b, g, &t->layout, 2, t->shape, r, c);
    MlirValue inside = t->batchInside;
    for (int d = 0; d < 2; ++d) {
      gc[d] = bAddi(b, t->off[d], c[d]);
      MlirValue end = bAddi(b, gc[d], bConstIndex(b, d == 1 ? t->vector : 1));
      inside = bAndi(b, inside, bCmpi(b, ARITH_SGE, gc[d], zero));
      inside = bAndi(b, inside, bCmpi(b, ARITH_SLE, end, t->sizes[d]));
    }
    MlirValue linear = bAddi(b, bMuli(b, gc[0], t->rowStride), gc[1]);
    MlirValue bytes = bSelect(b, inside, bConstInt(b, i32, CHUNK),
                              bConstInt(b, i32, 0));
    gpuCpAsync16(b, gpuSmemAddr(b, &t->smem, c[0], c[1]),
            globalPtr(b, t, t->base, linear), bytes);
  }
}

/* The copies of load j's tile for the iteration at `iv` into `buffer`: one
 * cp.async per 16-byte group of the load's layout, without bounds tests
 * when the whole tile is inside the memref (a uniform branch). */
bool pipeIssueCopies(GpuLowering *g, TileBuilder *b, const GpuPipeline *p,
                     int j, MlirValue iv, MlirValue buffer) {
  MlirOperation load = p->loads[j];
  GpuValue *mv = gpuMapGet(&g->values, mlirOperationGetOperand(load, 0));
  if (!mv || mv->kind != GPU_MEMREF) {
    tileEmitOpError(load, "needs a kernel memref argument on the GPU");
    return false;
  }
  TileCopy t;
  t.m = &mv->memref;
  int lead = t.m->rank - 2;
  MlirValue zero = bConstIndex(b, 0);
  MlirValue batch = zero;
  t.batchInside = bConstInt(b, mlirIntegerTypeGet(b->ctx, 1), 1);
  for (int d = 0; d < lead; ++d) {
    MlirValue o =
        pipeScalarAt(g, b, p, mlirOperationGetOperand(load, 1 + d), iv, NULL);
    batch = bAddi(b, batch, bMuli(b, o, t.m->strides[d]));
    t.batchInside = bAndi(b, t.batchInside, bCmpi(b, ARITH_SGE, o, zero));
    t.batchInside =
        bAndi(b, t.batchInside, bCmpi(b, ARITH_SLT, o, t.m->sizes[d]));
  }
  t.base = lead ? gpuGep(b, t.m->ptr, batch, t.m->elem) : t.m->ptr;
  for (int d = 0; d < 2; ++d) {
    t.off[d] = pipeScalarAt(
        g, b, p, mlirOperationGetOperand(load, 1 + lead + d), iv, NULL);
    t.sizes[d] = t.m->sizes[lead + d];
  }
  t.rowStride = t.m->strides[lead];
  MlirType type = mlirValueGetType(mlirOperationGetResult(load, 0));
  TileLayout layout;
  tileTypeLayout(type, &layout);
  int64_t shape[TILE_MAX_LAYOUT_RANK];
  for (int d = 0; d < 2 + lead; ++d)
    shape[d] = mlirShapedTypeGetDimSize(type, d);
  t.shape[0] = shape[lead];
  t.shape[1] = shape[lead + 1];
  t.layout = layout;
  if (lead && !tileLayoutReshapeUnitDims(&layout, 2 + lead, shape, 2, t.shape,
                                         &t.layout)) {
    tileEmitOpError(load, "has a layout the pipeline cannot copy by rows");
    return false;
  }
  t.elem = mlirShapedTypeGetElementType(type);
  int eb = tileElemBytes(t.elem);
  t.vector = CHUNK / eb;
  /* The layout the dot reads (tile-promote-smem's, as the loaded tile
   * lies in it: the pass pipelines only operands the copies need not
   * transpose). */
  t.smem.base = buffer;
  if (!pipeDotLayoutOf(load, &t.smem.layout))
    t.smem.layout = tileSmemLayoutFor(t.shape[0], t.shape[1], eb, false);
  t.numRegs = tileLayoutNumRegs(&t.layout, t.shape);
  MlirValue whole = t.batchInside;
  for (int d = 0; d < 2; ++d) {
    whole = bAndi(b, whole, bCmpi(b, ARITH_SGE, t.off[d], zero));
    whole = bAndi(b, whole,
                  bCmpi(b, ARITH_SLE, bAddi(b, t.off[d],
                                            bConstIndex(b, t.shape[d])),
                        t.sizes[d]));
  }
  TileBuilder inside, edge;
  bIf(b, whole, 0, NULL, true, &inside, &edge);
  copiesInside(g, &inside, &t);
  bYield(&inside, "scf.yield", 0, NULL);
  copiesAtEdge(g, &edge, &t);
  bYield(&edge, "scf.yield", 0, NULL);
  return true;
}

void pipeCommitGroup(TileBuilder *b) {
  bInsert(b, tileOpCreate(b->loc, "nvvm.cp.async.commit.group", 0, NULL, 0,
                          NULL, 0, NULL));
}

void pipeWaitGroups(TileBuilder *b, int pending) {
  TileNamedAttr attrs[] = {{"n", tileI32Attr(b->ctx, pending)}};
  bInsert(b, tileOpCreate(b->loc, "nvvm.cp.async.wait.group", 0, NULL, 0, NULL,
                          1, attrs));
}
