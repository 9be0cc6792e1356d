/* Loads and stores for TileToGPU. A thread's registers come in groups of V
 * elements that are consecutive along the memref's contiguous dimension
 * (V = the layout's size per thread there, chosen by tile-coalesce for 16
 * bytes). Each group takes a fast path, one V-wide vector access, when it
 * is wholly inside the memref, fully enabled by the mask and aligned to
 * its size; otherwise each element is guarded on its own. Nothing outside
 * the memref or masked off is ever accessed (DIALECT.md). In the aligned
 * variant (GpuValues.h) an unmasked access whose innermost offset is a
 * provable multiple of V needs no element path: its groups are wholly
 * inside or wholly outside. */
#include "lib/Conversion/GpuOps.h"

#include <stdlib.h>
#include <string.h>

#include "lib/Support/IR.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/LLVM.h"

typedef struct {
  GpuMemref *mem;
  MlirValue offsets[TILE_MAX_LAYOUT_RANK];
  /* Aligned variant, unmasked, innermost offset a multiple of V: each group
   * is wholly inside the memref or wholly outside. */
  bool wholeGroups;
  GpuTile *mask; /* NULL when unmasked */
  int rank;
  int64_t shape[TILE_MAX_LAYOUT_RANK];
  TileLayout layout;
  MlirType elem;
  int vector; /* V */
} Access;

/* The contiguous group size of a layout for a memref: the size per thread
 * along the innermost dimension when the memref's inner stride is 1 and
 * the layout runs registers along it first; 1 otherwise. */
static int vectorWidth(const TileLayout *l, const GpuMemref *m, int rank,
                       const int64_t *shape) {
  const TileBlocked *b = &l->blocked;
  /* The parent dimension of the tile's innermost one. */
  int inner = rank - 1;
  if (l->kind == LAYOUT_SLICE && inner >= l->sliceDim)
    inner += 1;
  if (!m->unitInnerStride || b->order[0] != inner)
    return 1;
  int v = b->sizePerThread[inner];
  if (v > shape[rank - 1])
    v = (int)shape[rank - 1];
  /* At most 16 bytes per access (sizes are powers of two). */
  while (v > 1 && v * tileElemBytes(m->elem) > 16)
    v /= 2;
  return v;
}

/* Whether kernel value `v` (an index) is a multiple of n, as far as its
 * definition shows: constants, sums, products, casts, and scf.for
 * induction variables with such bounds and step. */
static bool divisibleBy(MlirValue v, int64_t n, int depth);

bool gpuDivisibleBy(MlirValue v, int64_t n) { return divisibleBy(v, n, 0); }

static bool divisibleBy(MlirValue v, int64_t n, int depth) {
  if (n <= 1)
    return true;
  if (depth > 8)
    return false;
  MlirOperation def = tileDefiningOp(v);
  if (mlirOperationIsNull(def)) {
    MlirOperation loop =
        mlirBlockGetParentOperation(mlirBlockArgumentGetOwner(v));
    return !mlirOperationIsNull(loop) && tileOpIsNamed(loop, "scf.for") &&
           mlirBlockArgumentGetArgNumber(v) == 0 &&
           divisibleBy(mlirOperationGetOperand(loop, 0), n, depth + 1) &&
           divisibleBy(mlirOperationGetOperand(loop, 2), n, depth + 1);
  }
  int64_t c;
  if (tileOpIsNamed(def, "arith.constant"))
    return tileOpIntAttr(def, "value", &c) && c % n == 0;
  if (tileOpIsNamed(def, "arith.muli"))
    return divisibleBy(mlirOperationGetOperand(def, 0), n, depth + 1) ||
           divisibleBy(mlirOperationGetOperand(def, 1), n, depth + 1);
  if (tileOpIsNamed(def, "arith.addi") || tileOpIsNamed(def, "arith.subi"))
    return divisibleBy(mlirOperationGetOperand(def, 0), n, depth + 1) &&
           divisibleBy(mlirOperationGetOperand(def, 1), n, depth + 1);
  if (tileOpIsNamed(def, "arith.index_cast"))
    return divisibleBy(mlirOperationGetOperand(def, 0), n, depth + 1);
  return false;
}

static bool setupAccess(GpuLowering *g, MlirOperation op, bool isLoad,
                        Access *a) {
  memset(a, 0, sizeof *a);
  bool masked = tileOpIsNamed(op, isLoad ? "tile.load_masked"
                                         : "tile.store_masked");
  intptr_t memIndex = isLoad ? 0 : 1;
  intptr_t maskIndex = memIndex + 1;
  intptr_t first = memIndex + 1 + (masked ? 1 : 0);
  GpuValue *m = gpuMapGet(&g->values, mlirOperationGetOperand(op, memIndex));
  if (!m || m->kind != GPU_MEMREF) {
    tileEmitOpError(op, "needs a kernel memref argument on the GPU");
    return false;
  }
  a->mem = &m->memref;
  a->rank = a->mem->rank;
  for (int d = 0; d < a->rank; ++d)
    if (mlirValueIsNull(a->offsets[d] = gpuOperandScalar(g, op, first + d)))
      return false;
  if (masked && !(a->mask = gpuOperandTile(g, op, maskIndex)))
    return false;
  MlirType type = mlirValueGetType(isLoad ? mlirOperationGetResult(op, 0)
                                          : mlirOperationGetOperand(op, 0));
  if (!tileTypeLayout(type, &a->layout)) {
    tileEmitOpError(op, "has no layout (run tile-assign-layouts)");
    return false;
  }
  for (int d = 0; d < a->rank; ++d)
    a->shape[d] = mlirShapedTypeGetDimSize(type, d);
  a->elem = mlirShapedTypeGetElementType(type);
  a->vector = vectorWidth(&a->layout, a->mem, a->rank, a->shape);
  a->wholeGroups =
      g->assumeAligned16 && !masked && a->vector > 1 &&
      divisibleBy(mlirOperationGetOperand(op, first + a->rank - 1), a->vector,
                  0);
  return true;
}

/* The global coordinates of the group starting at register `reg`, whether
 * the whole group is inside the memref, and its address. */
typedef struct {
  MlirValue g[TILE_MAX_LAYOUT_RANK];
  MlirValue allInside; /* every element of the group in bounds */
  MlirValue rowInside; /* all but the innermost coordinate in bounds */
  MlirValue ptr;
} Group;

static Group locate(GpuLowering *g, TileBuilder *b, const Access *a, int reg) {
  Group grp;
  MlirValue c[TILE_MAX_LAYOUT_RANK];
  gpuRegCoords(b, g, &a->layout, a->rank, a->shape, reg, c);
  MlirValue zero = bConstIndex(b, 0);
  MlirValue inside = bConstInt(b, mlirIntegerTypeGet(g->ctx, 1), 1);
  MlirValue linear = zero;
  int last = a->rank - 1;
  for (int d = 0; d < a->rank; ++d) {
    grp.g[d] = bAddi(b, a->offsets[d], c[d]);
    if (d == last)
      grp.rowInside = inside;
    MlirValue end = d == last ? bAddi(b, grp.g[d], bConstIndex(b, a->vector))
                              : bAddi(b, grp.g[d], bConstIndex(b, 1));
    inside = bAndi(b, inside, bCmpi(b, ARITH_SGE, grp.g[d], zero));
    inside = bAndi(b, inside, bCmpi(b, ARITH_SLE, end, a->mem->sizes[d]));
    linear = bAddi(b, linear, bMuli(b, grp.g[d], a->mem->strides[d]));
  }
  grp.allInside = inside;
  grp.ptr = gpuGep(b, a->mem->ptr, linear, a->elem);
  return grp;
}

/* Element e of a group: inside the memref (and enabled by the mask). */
static MlirValue elementEnabled(TileBuilder *b, const Access *a,
                                const Group *grp, int reg, int e) {
  int last = a->rank - 1;
  MlirValue ge = bAddi(b, grp->g[last], bConstIndex(b, e));
  MlirValue ok = bAndi(b, grp->rowInside,
                       bCmpi(b, ARITH_SGE, ge, bConstIndex(b, 0)));
  ok = bAndi(b, ok, bCmpi(b, ARITH_SLT, ge, a->mem->sizes[last]));
  if (a->mask)
    ok = bAndi(b, ok, gpuTileReg(a->mask, reg + e));
  return ok;
}

/* The fast-path condition: in bounds, mask all true, address aligned. */
static MlirValue fastPath(TileBuilder *b, const Access *a, const Group *grp,
                          int reg) {
  MlirValue ok = grp->allInside;
  for (int e = 0; a->mask && e < a->vector; ++e)
    ok = bAndi(b, ok, gpuTileReg(a->mask, reg + e));
  MlirType i64 = mlirIntegerTypeGet(b->ctx, 64);
  MlirValue addr = bCast(b, "llvm.ptrtoint", grp->ptr, i64);
  int64_t bytes = (int64_t)a->vector * tileElemBytes(a->elem);
  MlirValue misaligned = bAndi(b, addr, bConstInt(b, i64, bytes - 1));
  return bAndi(b, ok, bCmpi(b, ARITH_EQ, misaligned, bConstInt(b, i64, 0)));
}

static MlirValue elementPtr(TileBuilder *b, const Access *a, const Group *grp,
                            int e) {
  return e == 0 ? grp->ptr
                : gpuGep(b, grp->ptr, bConstIndex(b, e), a->elem);
}

static MlirType vectorType(MlirType storage, int n) {
  int64_t shape[] = {n};
  return mlirVectorTypeGet(1, shape, storage);
}

/* One element, loaded if enabled, else `pad`. */
static MlirValue guardedLoad(TileBuilder *b, const Access *a, MlirValue enabled,
                             MlirValue ptr, MlirValue pad) {
  TileBuilder thenB, elseB;
  MlirType storage = gpuStorageType(a->elem);
  MlirOperation ifOp = bIf(b, enabled, 1, &storage, true, &thenB, &elseB);
  MlirValue v = gpuLoadPtr(&thenB, ptr, storage, tileElemBytes(a->elem));
  bYield(&thenB, "scf.yield", 1, &v);
  MlirValue p = gpuToStorage(&elseB, pad);
  bYield(&elseB, "scf.yield", 1, &p);
  return mlirOperationGetResult(ifOp, 0);
}

static MlirValue paddingValue(TileBuilder *b, MlirOperation op, MlirType elem) {
  MlirAttribute padding = tileOpAttr(op, "padding");
  if (!mlirAttributeIsNull(padding))
    return bConstAttr(b, padding);
  if (mlirTypeIsAInteger(elem))
    return bConstInt(b, elem, 0);
  return bConstFloat(b, elem, 0.0);
}

bool gpuLowerLoad(GpuLowering *g, TileBuilder *b, MlirOperation op) {
  Access a;
  if (!setupAccess(g, op, true, &a))
    return false;
  MlirValue result = mlirOperationGetResult(op, 0);
  GpuTile t = gpuTileAlloc(&a.layout, mlirValueGetType(result));
  MlirValue pad = paddingValue(b, op, a.elem);
  MlirType storage = gpuStorageType(a.elem);
  int V = a.vector;
  MlirType *types = malloc((size_t)V * sizeof *types);
  for (int e = 0; e < V; ++e)
    types[e] = storage;
  for (int reg = 0; reg < t.numRegs; reg += V) {
    Group grp = locate(g, b, &a, reg);
    if (V == 1) {
      MlirValue en = elementEnabled(b, &a, &grp, reg, 0);
      t.regs[reg] = gpuFromStorage(b, guardedLoad(b, &a, en, grp.ptr, pad),
                                   a.elem);
      continue;
    }
    TileBuilder fastB, slowB;
    MlirValue fast = a.wholeGroups ? grp.allInside : fastPath(b, &a, &grp, reg);
    MlirOperation ifOp = bIf(b, fast, V, types, true, &fastB, &slowB);
    MlirValue vec = gpuLoadPtr(&fastB, grp.ptr, vectorType(storage, V),
                               V * tileElemBytes(a.elem));
    MlirValue lanes[16];
    for (int e = 0; e < V; ++e)
      lanes[e] = gpuExtractElement(&fastB, vec, e, storage);
    bYield(&fastB, "scf.yield", V, lanes);
    /* A whole group outside the memref reads the padding. */
    for (int e = 0; e < V; ++e)
      lanes[e] = a.wholeGroups
                     ? gpuToStorage(&slowB, pad)
                     : guardedLoad(&slowB, &a,
                                   elementEnabled(&slowB, &a, &grp, reg, e),
                                   elementPtr(&slowB, &a, &grp, e), pad);
    bYield(&slowB, "scf.yield", V, lanes);
    for (int e = 0; e < V; ++e)
      t.regs[reg + e] = gpuFromStorage(b, mlirOperationGetResult(ifOp, e),
                                       a.elem);
  }
  free(types);
  gpuSetTile(g, result, t);
  return true;
}

static void guardedStore(TileBuilder *b, MlirValue enabled, MlirValue value,
                         MlirValue ptr, int alignment) {
  TileBuilder thenB;
  bIf(b, enabled, 0, NULL, false, &thenB, NULL);
  gpuStorePtr(&thenB, gpuToStorage(&thenB, value), ptr, alignment);
  bYield(&thenB, "scf.yield", 0, NULL);
}

bool gpuLowerStore(GpuLowering *g, TileBuilder *b, MlirOperation op) {
  Access a;
  if (!setupAccess(g, op, false, &a))
    return false;
  GpuTile *value = gpuOperandTile(g, op, 0);
  if (!value)
    return false;
  GpuTile t = value->uniform ? gpuTileMaterialize(value, &a.layout) : *value;
  int V = a.vector;
  MlirType storage = gpuStorageType(a.elem);
  for (int reg = 0; reg < t.numRegs; reg += V) {
    Group grp = locate(g, b, &a, reg);
    if (V == 1) {
      guardedStore(b, elementEnabled(b, &a, &grp, reg, 0), t.regs[reg],
                   grp.ptr, tileElemBytes(a.elem));
      continue;
    }
    TileBuilder fastB, slowB;
    MlirValue fast = a.wholeGroups ? grp.allInside : fastPath(b, &a, &grp, reg);
    bIf(b, fast, 0, NULL, !a.wholeGroups, &fastB, &slowB);
    MlirType vt = vectorType(storage, V);
    MlirValue vec = bInsert(&fastB, tileOpCreate(fastB.loc, "llvm.mlir.poison",
                                                 0, NULL, 1, &vt, 0, NULL));
    for (int e = 0; e < V; ++e)
      vec = gpuInsertElement(&fastB, vec, gpuToStorage(&fastB, t.regs[reg + e]),
                          e);
    gpuStorePtr(&fastB, vec, grp.ptr, V * tileElemBytes(a.elem));
    bYield(&fastB, "scf.yield", 0, NULL);
    if (a.wholeGroups) /* a whole group outside is not written at all */
      continue;
    for (int e = 0; e < V; ++e)
      guardedStore(&slowB, elementEnabled(&slowB, &a, &grp, reg, e),
                   t.regs[reg + e], elementPtr(&slowB, &a, &grp, e),
                   tileElemBytes(a.elem));
    bYield(&slowB, "scf.yield", 0, NULL);
  }
  if (value->uniform)
    free(t.regs);
  return true;
}
