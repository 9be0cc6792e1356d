/* TileToGPU's value map and per-thread helpers; see GpuValues.h. */
#include "lib/Conversion/TileToGPU/GpuValues.h"

#include <stdlib.h>
#include <string.h>

#include "lib/IR/DType.h"
#include "lib/IR/IR.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/LLVM.h"

/* ---- the map ----------------------------------------------------------- */

void gpuMapInit(GpuValueMap *m) {
  m->cap = 256;
  m->size = 0;
  m->keys = calloc(m->cap, sizeof *m->keys);
  m->values = calloc(m->cap, sizeof *m->values);
}

void gpuMapFree(GpuValueMap *m) {
  for (size_t i = 0; i < m->cap; ++i)
    if (m->keys[i] && m->values[i].kind == GPU_TILE)
      free(m->values[i].tile.regs);
  free(m->keys);
  free(m->values);
  memset(m, 0, sizeof *m);
}

static size_t slot(const GpuValueMap *m, const void *key) {
  size_t h = ((uintptr_t)key >> 4) * 0x9E3779B97F4A7C15ull;
  size_t i = h & (m->cap - 1);
  while (m->keys[i] && m->keys[i] != key)
    i = (i + 1) & (m->cap - 1);
  return i;
}

void gpuMapPut(GpuValueMap *m, MlirValue key, GpuValue value) {
  if (2 * (m->size + 1) > m->cap) {
    GpuValueMap bigger = {calloc(2 * m->cap, sizeof *m->keys),
                          calloc(2 * m->cap, sizeof *m->values), 2 * m->cap,
                          0};
    for (size_t i = 0; i < m->cap; ++i)
      if (m->keys[i]) {
        size_t j = slot(&bigger, m->keys[i]);
        bigger.keys[j] = m->keys[i];
        bigger.values[j] = m->values[i];
        ++bigger.size;
      }
    free(m->keys);
    free(m->values);
    *m = bigger;
  }
  size_t i = slot(m, key.ptr);
  if (!m->keys[i])
    ++m->size;
  else if (m->values[i].kind == GPU_TILE)
    free(m->values[i].tile.regs);
  m->keys[i] = key.ptr;
  m->values[i] = value;
}

GpuValue *gpuMapGet(GpuValueMap *m, MlirValue key) {
  size_t i = slot(m, key.ptr);
  return m->keys[i] ? &m->values[i] : NULL;
}

/* ---- tiles ------------------------------------------------------------- */

static void describe(GpuTile *t, MlirType tensorType) {
  t->rank = (int)mlirShapedTypeGetRank(tensorType);
  for (int d = 0; d < t->rank; ++d)
    t->shape[d] = mlirShapedTypeGetDimSize(tensorType, d);
  t->elem = mlirShapedTypeGetElementType(tensorType);
}

GpuTile gpuTileAlloc(const TileLayout *l, MlirType tensorType) {
  GpuTile t;
  memset(&t, 0, sizeof t);
  describe(&t, tensorType);
  t.layout = *l;
  t.numRegs = tileLayoutNumRegs(l, t.shape);
  t.regs = calloc((size_t)t.numRegs, sizeof *t.regs);
  return t;
}

GpuTile gpuTileUniform(MlirType tensorType, MlirValue scalar) {
  GpuTile t;
  memset(&t, 0, sizeof t);
  describe(&t, tensorType);
  t.uniform = true;
  t.scalar = scalar;
  tileTypeLayout(tensorType, &t.layout);
  return t;
}

MlirValue gpuTileReg(const GpuTile *t, int i) {
  return t->uniform ? t->scalar : t->regs[i];
}

GpuTile gpuTileMaterialize(const GpuTile *t, const TileLayout *l) {
  GpuTile r = *t;
  r.uniform = false;
  r.layout = *l;
  r.numRegs = tileLayoutNumRegs(l, t->shape);
  r.regs = calloc((size_t)r.numRegs, sizeof *r.regs);
  for (int i = 0; i < r.numRegs; ++i)
    r.regs[i] = t->scalar;
  return r;
}

/* ---- thread coordinates ------------------------------------------------ */

/* (v / stride) % count, as index arithmetic. */
static MlirValue digit(TileBuilder *b, MlirValue v, int stride, int count) {
  MlirValue q = stride == 1 ? v
                            : bBinary(b, "arith.divui", v,
                                      bConstIndex(b, stride));
  return bBinary(b, "arith.remui", q, bConstIndex(b, count));
}

static bool sameTerms(const TileThreadTerm *x, const TileThreadTerm *y) {
  for (int t = 0; t < 2; ++t)
    if (x[t].warp != y[t].warp || x[t].stride != y[t].stride ||
        x[t].count != y[t].count || x[t].scale != y[t].scale)
      return false;
  return true;
}

/* sum over terms of digit(lane or warp) * scale, or a null value when
 * neither term varies. Built right after g->warp in the entry block, so it
 * dominates every use, and kept for the next tile with the same terms:
 * before, each register computed its own divisions, which MLIR converted
 * and LLVM merged again, op by op. */
static MlirValue threadPart(GpuLowering *g, const TileThreadTerm terms[2]) {
  if (terms[0].count == 1 && terms[1].count == 1)
    return (MlirValue){NULL};
  for (int i = 0; i < g->numThreadParts; ++i)
    if (sameTerms(g->threadParts[i].terms, terms))
      return g->threadParts[i].value;
  MlirOperation warpDef = mlirOpResultGetOwner(g->warp);
  TileBuilder b = tileBuilderBefore(mlirOperationGetNextInBlock(warpDef));
  b.cache = &g->cache;
  MlirValue sum = {NULL};
  for (int t = 0; t < 2; ++t) {
    if (terms[t].count == 1)
      continue;
    MlirValue id = digit(&b, terms[t].warp ? g->warp : g->lane,
                         terms[t].stride, terms[t].count);
    MlirValue term = bMuli(&b, id, bConstIndex(&b, terms[t].scale));
    sum = mlirValueIsNull(sum) ? term : bAddi(&b, sum, term);
  }
  if (g->numThreadParts <
      (int)(sizeof g->threadParts / sizeof g->threadParts[0])) {
    g->threadParts[g->numThreadParts].terms[0] = terms[0];
    g->threadParts[g->numThreadParts].terms[1] = terms[1];
    g->threadParts[g->numThreadParts++].value = sum;
  }
  return sum;
}

/* This thread's part of each tile dimension's coordinate in layout `l`
 * (a null value where it is 0), and whether that dimension wraps (a
 * replicated layout, wider than the tile). Returns the tile's rank (a
 * slice drops one of the layout's dimensions). */
static int threadParts(GpuLowering *g, const TileLayout *l,
                       const int64_t *shape, MlirValue *part, bool *wraps) {
  int k = 0;
  for (int d = 0; d < l->blocked.rank; ++d) {
    if (l->kind == LAYOUT_SLICE && d == l->sliceDim)
      continue;
    TileThreadTerm terms[2];
    tileLayoutThreadTerms(l, d, terms);
    part[k] = threadPart(g, terms);
    wraps[k] = tileLayoutCoverage(l, d) > shape[k];
    ++k;
  }
  return k;
}

void gpuRegCoords(TileBuilder *b, GpuLowering *g, const TileLayout *l,
                  int rank, const int64_t *shape, int reg, MlirValue *out) {
  int64_t regCoords[TILE_MAX_LAYOUT_RANK];
  MlirValue part[TILE_MAX_LAYOUT_RANK];
  bool wraps[TILE_MAX_LAYOUT_RANK];
  tileLayoutRegCoords(l, shape, reg, regCoords);
  int n = threadParts(g, l, shape, part, wraps);
  for (int k = 0; k < n; ++k) {
    MlirValue c = bConstIndex(b, regCoords[k]);
    if (!mlirValueIsNull(part[k]))
      c = bAddi(b, part[k], c);
    if (wraps[k])
      c = bAndi(b, c, bConstIndex(b, shape[k] - 1));
    out[k] = c;
  }
  (void)rank;
}

bool gpuThreadCoords(GpuLowering *g, const TileLayout *l, const int64_t *shape,
                     MlirValue *part) {
  bool wraps[TILE_MAX_LAYOUT_RANK];
  int n = threadParts(g, l, shape, part, wraps);
  for (int k = 0; k < n; ++k)
    if (wraps[k])
      return false;
  return true;
}

MlirValue gpuOwnsRegister(TileBuilder *b, GpuLowering *g, const TileLayout *l,
                          const int64_t *shape, int reg) {
  int64_t regCoords[TILE_MAX_LAYOUT_RANK];
  tileLayoutRegCoords(l, shape, reg, regCoords);
  MlirValue owns = {NULL};
  for (int d = 0, k = 0; d < l->blocked.rank; ++d) {
    TileThreadTerm terms[2];
    tileLayoutThreadTerms(l, d, terms);
    MlirValue part = threadPart(g, terms);
    MlirValue test = {NULL};
    if (l->kind == LAYOUT_SLICE && d == l->sliceDim) {
      /* Every thread along the sliced dimension holds the element: the
       * first counts. */
      if (!mlirValueIsNull(part))
        test = bCmpi(b, ARITH_EQ, part, bConstIndex(b, 0));
    } else {
      /* Wider than the tile: coordinates past its extent wrap around to
       * copies; the unwrapped one counts. */
      if (tileLayoutCoverage(l, d) > shape[k] && !mlirValueIsNull(part))
        test = bCmpi(b, ARITH_ULT,
                     bAddi(b, part, bConstIndex(b, regCoords[k])),
                     bConstIndex(b, shape[k]));
      ++k;
    }
    if (!mlirValueIsNull(test))
      owns = mlirValueIsNull(owns) ? test : bAndi(b, owns, test);
  }
  return owns;
}

/* ---- shared memory, memory access ------------------------------------- */

MlirValue gpuDynamicSharedBase(TileBuilder *b, GpuLowering *g) {
  MlirType ptr3 = mlirLLVMPointerTypeGet(b->ctx, 3);
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

MlirType gpuStorageType(MlirType elem) {
  if ((mlirTypeIsAInteger(elem) && mlirIntegerTypeGetWidth(elem) == 1) ||
      tileTypeIsF8(elem))
    return mlirIntegerTypeGet(mlirTypeGetContext(elem), 8);
  return elem;
}

MlirValue gpuToStorage(TileBuilder *b, MlirValue v) {
  MlirType t = mlirValueGetType(v);
  MlirType s = gpuStorageType(t);
  if (mlirTypeEqual(s, t))
    return v;
  return bCast(b, tileTypeIsF8(t) ? "arith.bitcast" : "arith.extui", v, s);
}

MlirValue gpuFromStorage(TileBuilder *b, MlirValue v, MlirType elem) {
  if (mlirTypeEqual(mlirValueGetType(v), elem))
    return v;
  if (tileTypeIsF8(elem))
    return bCast(b, "arith.bitcast", v, elem);
  /* i8 -> i1: any nonzero byte is true. */
  return bCmpi(b, ARITH_NE, v, bConstInt(b, mlirValueGetType(v), 0));
}

MlirValue gpuExtractElement(TileBuilder *b, MlirValue vec, int e,
                            MlirType type) {
  MlirValue operands[] = {vec,
                          bConstInt(b, mlirIntegerTypeGet(b->ctx, 32), e)};
  return bInsert(b, tileOpCreate(b->loc, "llvm.extractelement", 2, operands,
                                 1, &type, 0, NULL));
}

MlirValue gpuInsertElement(TileBuilder *b, MlirValue vec, MlirValue v, int e) {
  MlirValue operands[] = {vec, v,
                          bConstInt(b, mlirIntegerTypeGet(b->ctx, 32), e)};
  MlirType type = mlirValueGetType(vec);
  return bInsert(b, tileOpCreate(b->loc, "llvm.insertelement", 3, operands, 1,
                                 &type, 0, NULL));
}

MlirValue gpuIndexToI64(TileBuilder *b, MlirValue v) {
  return bCast(b, "arith.index_cast", v, mlirIntegerTypeGet(b->ctx, 64));
}

MlirValue gpuGep(TileBuilder *b, MlirValue base, MlirValue index,
                 MlirType elem) {
  MlirValue operands[] = {base, gpuIndexToI64(b, index)};
  MlirType ptr = mlirValueGetType(base);
  int32_t dynamic = INT32_MIN;
  TileNamedAttr attrs[] = {
      {"elem_type", mlirTypeAttrGet(gpuStorageType(elem))},
      {"rawConstantIndices", mlirDenseI32ArrayGet(b->ctx, 1, &dynamic)}};
  return bInsert(b, tileOpCreate(b->loc, "llvm.getelementptr", 2, operands, 1,
                                 &ptr, 2, attrs));
}

void gpuInlinePtx(TileBuilder *b, const char *text, const char *constraints,
                  intptr_t nOperands, const MlirValue *operands, int nResults,
                  MlirType resultType, bool sideEffects, MlirValue *results) {
  enum { MAX_RESULTS = 16 };
  MlirType fields[MAX_RESULTS];
  if (nResults > MAX_RESULTS)
    nResults = MAX_RESULTS; /* callers use at most 4 */
  for (int i = 0; i < nResults; ++i)
    fields[i] = resultType;
  MlirType type = nResults > 1
                      ? mlirLLVMStructTypeLiteralGet(b->ctx, nResults, fields,
                                                     false)
                      : resultType;
  TileNamedAttr attrs[] = {
      {"asm_string", mlirStringAttrGet(b->ctx, tileStr(text))},
      {"constraints", mlirStringAttrGet(b->ctx, tileStr(constraints))},
      {"has_side_effects", mlirUnitAttrGet(b->ctx)}};
  MlirValue r = bInsert(b, tileOpCreate(b->loc, "llvm.inline_asm", nOperands,
                                        operands, nResults > 0 ? 1 : 0, &type,
                                        sideEffects ? 3 : 2, attrs));
  if (nResults == 1)
    results[0] = r;
  for (int i = 0; nResults > 1 && i < nResults; ++i) {
    int64_t position = i;
    TileNamedAttr pos[] = {
        {"position", mlirDenseI64ArrayGet(b->ctx, 1, &position)}};
    results[i] = bInsert(b, tileOpCreate(b->loc, "llvm.extractvalue", 1, &r,
                                         1, &resultType, 1, pos));
  }
}

static MlirAttribute i64Attr(MlirContext ctx, int64_t v) {
  return mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), v);
}

MlirValue gpuLoadPtr(TileBuilder *b, MlirValue ptr, MlirType type,
                     int alignment) {
  TileNamedAttr attrs[] = {{"alignment", i64Attr(b->ctx, alignment)}};
  return bInsert(b, tileOpCreate(b->loc, "llvm.load", 1, &ptr, 1, &type, 1,
                                 attrs));
}

void gpuStorePtr(TileBuilder *b, MlirValue value, MlirValue ptr,
                 int alignment) {
  MlirValue operands[] = {value, ptr};
  TileNamedAttr attrs[] = {{"alignment", i64Attr(b->ctx, alignment)}};
  bInsert(b, tileOpCreate(b->loc, "llvm.store", 2, operands, 0, NULL, 1,
                          attrs));
}

/* ---- operand access ---------------------------------------------------- */

GpuTile *gpuOperandTile(GpuLowering *g, MlirOperation op, intptr_t i) {
  GpuValue *v = gpuMapGet(&g->values, mlirOperationGetOperand(op, i));
  if (!v || v->kind != GPU_TILE) {
    tileEmitOpError(op, "operand #%ld has no GPU lowering", (long)i);
    g->failed = true;
    return NULL;
  }
  return &v->tile;
}

MlirValue gpuOperandScalar(GpuLowering *g, MlirOperation op, intptr_t i) {
  GpuValue *v = gpuMapGet(&g->values, mlirOperationGetOperand(op, i));
  if (!v || v->kind != GPU_SCALAR) {
    tileEmitOpError(op, "operand #%ld has no GPU lowering", (long)i);
    g->failed = true;
    return (MlirValue){NULL};
  }
  return v->tile.scalar;
}

void gpuSetTile(GpuLowering *g, MlirValue v, GpuTile t) {
  GpuValue value;
  memset(&value, 0, sizeof value);
  value.kind = GPU_TILE;
  value.tile = t;
  gpuMapPut(&g->values, v, value);
}

void gpuSetScalar(GpuLowering *g, MlirValue v, MlirValue scalar) {
  GpuValue value;
  memset(&value, 0, sizeof value);
  value.kind = GPU_SCALAR;
  value.tile.scalar = scalar;
  gpuMapPut(&g->values, v, value);
}

bool gpuResultLayout(MlirOperation op, intptr_t i, TileLayout *out) {
  if (tileTypeLayout(mlirValueGetType(mlirOperationGetResult(op, i)), out))
    return true;
  tileEmitOpError(op, "result #%ld has no layout (run tile-assign-layouts)",
                  (long)i);
  return false;
}

MlirValue gpuFlatIndex(TileBuilder *b, int rank, const int64_t *shape,
                       const MlirValue *coords) {
  MlirValue flat = coords[0];
  for (int d = 1; d < rank; ++d)
    flat = bAddi(b, bMuli(b, flat, bConstIndex(b, shape[d])), coords[d]);
  return flat;
}

bool gpuIsTensor(MlirValue v) {
  return mlirTypeIsARankedTensor(mlirValueGetType(v));
}
