/* Software pipelining without TMA: each stage's tiles copied by cp.async,
 * 16 bytes per copy (in the generic entry, whose rows may have any
 * alignment, 8 or 4 where a group's address allows no more, the rest
 * through registers), one commit group per iteration (PipelineParts.h). */
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

/* The generic entry's copies of a tile not wholly inside its memref or
 * whose rows are not all 16-byte aligned. Each 16-byte group wholly
 * inside (or wholly outside: zeros) goes by the widest copies its address
 * allows: one cp.async of 16 bytes, two of 8 or four of 4 (shared
 * memory's group is 16-byte aligned, so a copy needs its source aligned
 * as far as its size). What remains (a group 2 bytes past a 4-byte
 * boundary, as an f16 row of odd length has, one the memref's end cuts,
 * 1-byte elements) goes through registers: every load of the tile first,
 * then the stores, so the loads wait once. Every copy reads whole
 * elements inside the memref (compute-sanitizer's memcheck counts a
 * cp.async's whole size). */
static void copiesAnywhere(GpuLowering *g, TileBuilder *b, const TileCopy *t) {
  MlirContext ctx = b->ctx;
  MlirType i32 = mlirIntegerTypeGet(ctx, 32), i64 = mlirIntegerTypeGet(ctx, 64);
  int eb = tileElemBytes(t->elem), V = t->vector;
  MlirType storage = gpuStorageType(t->elem);
  MlirValue zero = bConstIndex(b, 0);
  /* What a register-path element outside the memref reads (the copies
   * zero-fill theirs): 0 in the storage type, an integer or a float. */
  MlirValue pad = mlirTypeIsAInteger(storage) ? bConstInt(b, storage, 0)
                                              : bConstFloat(b, storage, 0.0);
  MlirValue *vals = malloc(sizeof *vals * (size_t)t->numRegs);
  MlirValue *preds = malloc(sizeof *preds * (size_t)t->numRegs);
  MlirValue *dsts = malloc(sizeof *dsts * (size_t)(t->numRegs / V + 1));
  for (int r = 0; r < t->numRegs; r += V) {
    MlirValue c[2], gc[2];
    gpuRegCoords(b, g, &t->layout, 2, t->shape, r, c);
    for (int d = 0; d < 2; ++d)
      gc[d] = bAddi(b, t->off[d], c[d]);
    MlirValue rowInside = bAndi(b, t->batchInside,
                                bAndi(b, bCmpi(b, ARITH_SGE, gc[0], zero),
                                      bCmpi(b, ARITH_SLT, gc[0], t->sizes[0])));
    rowInside = bAndi(b, rowInside, bCmpi(b, ARITH_SGE, gc[1], zero));
    /* Elements of the group inside the memref (0 to V). */
    MlirValue left = bBinary(b, "arith.subi", t->sizes[1], gc[1]);
    left = bSelect(b, rowInside, left, zero);
    MlirValue full = bCmpi(b, ARITH_SGE, left, bConstIndex(b, V));
    MlirValue none = bCmpi(b, ARITH_SLE, left, zero);
    MlirValue whole = bBinary(b, "arith.ori", full, none);
    MlirValue linear = bAddi(b, bMuli(b, gc[0], t->rowStride), gc[1]);
    /* A group outside reads nothing: its address need only be aligned. */
    MlirValue src =
        globalPtr(b, t, t->base, bSelect(b, rowInside, linear, zero));
    MlirValue dst = gpuSmemAddr(b, &t->smem, c[0], c[1]);
    MlirValue mis = bAndi(b, bCast(b, "llvm.ptrtoint", src, i64),
                          bConstInt(b, i64, CHUNK - 1));
    MlirValue aligned[3]; /* to 16, 8, 4 bytes */
    for (int k = 0; k < 3; ++k)
      aligned[k] =
          bCmpi(b, ARITH_EQ, bAndi(b, mis, bConstInt(b, i64, (CHUNK >> k) - 1)),
                bConstInt(b, i64, 0));
    MlirValue p16 = bAndi(b, whole, aligned[0]);
    MlirValue p8 = bAndi(b, bAndi(b, whole, aligned[1]), bNot(b, p16));
    MlirValue p4 = bAndi(b, bAndi(b, whole, aligned[2]),
                         bNot(b, bBinary(b, "arith.ori", p16, p8)));
    MlirValue rest =
        bNot(b, bBinary(b, "arith.ori", bBinary(b, "arith.ori", p16, p8), p4));
    MlirValue dst32 = bCast(b, "llvm.ptrtoint", dst, i32);
    MlirValue sz = bSelect(b, full, bConstInt(b, i32, 1), bConstInt(b, i32, 0));
    MlirValue n[3]; /* 16, 8, 4 bytes, or 0 for a group outside */
    for (int k = 0; k < 3; ++k)
      n[k] = bMuli(b, sz, bConstInt(b, i32, CHUNK >> k));
    /* $0-$2 the predicates; $3 dst; $4 src; $5 $6 $7: 16, 8, 4 bytes or 0. */
    MlirValue ops[] = {p16, p8, p4, dst32, src, n[0], n[1], n[2]};
    gpuInlinePtx(b,
                 "@$0 cp.async.cg.shared.global [$3], [$4], 16, $5;\n"
                 "@$1 cp.async.ca.shared.global [$3], [$4], 8, $6;\n"
                 "@$1 cp.async.ca.shared.global [$3+8], [$4+8], 8, $6;\n"
                 "@$2 cp.async.ca.shared.global [$3], [$4], 4, $7;\n"
                 "@$2 cp.async.ca.shared.global [$3+4], [$4+4], 4, $7;\n"
                 "@$2 cp.async.ca.shared.global [$3+8], [$4+8], 4, $7;\n"
                 "@$2 cp.async.ca.shared.global [$3+12], [$4+12], 4, $7;",
                 "b,b,b,r,l,r,r,r", 8, ops, 0, (MlirType){NULL}, true, NULL);
    dsts[r / V] = dst32;
    /* Through registers: the group's remaining elements (0 outside). */
    for (int e = 0; e < V; ++e) {
      preds[r + e] = rest;
      MlirValue in =
          bAndi(b, rest, bCmpi(b, ARITH_SGT, left, bConstIndex(b, e)));
      gpuPredicatedLoad(b, in, gpuGep(b, src, bConstIndex(b, e), t->elem),
                        storage, 1, &pad, &vals[r + e]);
    }
  }
  for (int r = 0; r < t->numRegs; r += V)
    for (int e = 0; e < V; ++e) {
      char text[64];
      const char *reg = eb >= 8 ? "l" : eb == 4 ? "r" : "h";
      snprintf(text, sizeof text, "@$0 st.shared.b%d [$1+%d], $2;", 8 * eb,
               e * eb);
      MlirValue v = vals[r + e];
      if (eb == 1)
        v = bCast(b, "arith.extui", v, mlirIntegerTypeGet(ctx, 16));
      char constraints[16];
      snprintf(constraints, sizeof constraints, "b,r,%s", reg);
      MlirValue sops[] = {preds[r + e], dsts[r / V], v};
      gpuInlinePtx(b, text, constraints, 3, sops, 0, (MlirType){NULL}, true,
                   NULL);
    }
  free(vals);
  free(preds);
  free(dsts);
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
  /* The generic entry: the uniform path also needs every row 16-byte
   * aligned (the column offset is a multiple of the group, Plan.c). */
  bool generic = !g->assumeAligned16;
  if (generic) {
    MlirType i64 = mlirIntegerTypeGet(b->ctx, 64);
    MlirValue bits =
        bBinary(b, "arith.ori", bCast(b, "llvm.ptrtoint", t.base, i64),
                gpuIndexToI64(b, bMuli(b, t.rowStride, bConstIndex(b, eb))));
    whole =
        bAndi(b, whole,
              bCmpi(b, ARITH_EQ, bAndi(b, bits, bConstInt(b, i64, CHUNK - 1)),
                    bConstInt(b, i64, 0)));
  }
  TileBuilder inside, edge;
  bIf(b, whole, 0, NULL, true, &inside, &edge);
  copiesInside(g, &inside, &t);
  bYield(&inside, "scf.yield", 0, NULL);
  if (generic)
    copiesAnywhere(g, &edge, &t);
  else
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
