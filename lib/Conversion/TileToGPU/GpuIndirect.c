/* Memory addressed through data, for TileToGPU (docs/dialect.md, "v2"):
 * tile.gather and tile.scatter, and memref.load / memref.store of one
 * element of a kernel argument.
 *
 * Gather and scatter work register by register in the layout their tiles
 * share (tile-assign-layouts): element e's address is the memref's pointer
 * plus the sum of its indices times the strides, and it is accessed only
 * when every index lies in [0, size) (one unsigned compare per dimension,
 * in the index's own type, so an i64 index past 2^32 is not truncated
 * into range). Each access is GpuMemory.c's predicated ld/st.global: an
 * element out of bounds never touches memory and costs no branch.
 *
 * Contiguous index patterns coalesce as tile.load does: when the layout
 * gives a thread V consecutive elements along its fastest dimension and
 * the index arithmetic shows (lib/Analysis/Contiguity.h) that the
 * innermost index rises by one along that dimension while the others stay
 * constant, the V elements are one vector access (up to 16 bytes) when
 * all are in bounds and the address is aligned, and element by element
 * otherwise. An embedding lookup's `row[t] * D + range(D)` reads 16 bytes
 * per thread this way. Where the analysis cannot tell (indices loaded
 * from memory), each element is its own access; the lanes of a warp
 * still touch neighbouring addresses when the indices are neighbours, so
 * the hardware coalesces them into few transactions.
 *
 * memref.load / memref.store (the scalar form) read or write one element
 * through a plain load or store: every thread of the program does the
 * same, as scalars are uniform. */
#include "lib/Conversion/TileToGPU/GpuIndirect.h"

#include "lib/Analysis/Contiguity.h"
#include "lib/Conversion/Pipeline/GpuPipeline.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lib/IR/IR.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/LLVM.h"

/* ---- element addresses ------------------------------------------------- */

/* The group width: V consecutive registers along the layout's fastest
 * dimension whose addresses are consecutive (see the file comment). */
static int groupWidth(const GpuIndirect *a, MlirOperation op, intptr_t first) {
  const TileBlocked *bl = &a->layout.blocked;
  int inner = bl->order[0];
  int m = a->mem->rank;
  if (a->layout.kind == LAYOUT_SLICE || !a->mem->unitInnerStride)
    return 1;
  if (!tileContiguousAlong(mlirOperationGetOperand(op, first + m - 1), inner))
    return 1;
  for (int d = 0; d < m - 1; ++d)
    if (!tileConstantAlong(mlirOperationGetOperand(op, first + d), inner))
      return 1;
  int v = bl->sizePerThread[inner];
  if (v > a->shape[inner])
    v = (int)a->shape[inner];
  while (v > 1 && v * tileElemBytes(a->elem) > 16)
    v /= 2;
  return v;
}

static bool insideLoop(MlirOperation op) {
  for (MlirOperation p = mlirOperationGetParentOperation(op);
       !mlirOperationIsNull(p) && !tileOpIsNamed(p, "func.func");
       p = mlirOperationGetParentOperation(p))
    if (tileOpIsNamed(p, "scf.for") || tileOpIsNamed(p, "scf.while"))
      return true;
  return false;
}

/* Sets a->affine and a->offset when every index tile is an affine form of
 * its element's coordinates in a layout that does not wrap. An i32 index
 * needs offsets in [0, 2^31): then register r's index, base + offset
 * computed in i32, is past the bounds whenever that sum wraps, so the
 * address from base's sign extension plus the offset is exact for every
 * element accessed. (An i64 index wraps as the address does.) */
static void findAffine(GpuLowering *g, MlirOperation op, intptr_t first,
                       GpuIndirect *a) {
  MlirValue part[TILE_MAX_LAYOUT_RANK];
  if (a->rank > TILE_MAX_LAYOUT_RANK ||
      !gpuThreadCoords(g, &a->layout, a->shape, part))
    return;
  int numRegs = tileLayoutNumRegs(&a->layout, a->shape);
  int64_t coef[TILE_MAX_LAYOUT_RANK][TILE_MAX_COORD_RANK];
  for (int d = 0; d < a->mem->rank; ++d)
    if (!tileAffineInCoords(mlirOperationGetOperand(op, first + d), coef[d]))
      return;
  int64_t c0[TILE_MAX_LAYOUT_RANK], c[TILE_MAX_LAYOUT_RANK];
  tileLayoutRegCoords(&a->layout, a->shape, 0, c0);
  for (int d = 0; d < a->mem->rank; ++d) {
    bool narrow = mlirIntegerTypeGetWidth(a->index[d].elem) < 64;
    a->offset[d] = malloc(sizeof(int64_t) * (size_t)numRegs);
    for (int r = 0; r < numRegs; ++r) {
      tileLayoutRegCoords(&a->layout, a->shape, r, c);
      int64_t k = 0;
      for (int t = 0; t < a->rank; ++t)
        k += coef[d][t] * (c[t] - c0[t]);
      if (narrow && (k < 0 || k > INT32_MAX))
        return; /* gpuIndirectTearDown frees the offsets */
      a->offset[d][r] = k;
    }
  }
  a->affine = true;
  a->inLoop = insideLoop(op);
}

bool gpuIndirectSetUp(GpuLowering *g, MlirOperation op, intptr_t memOperand,
                      MlirType tileType, GpuIndirect *a) {
  memset(a, 0, sizeof *a);
  GpuValue *m = gpuMapGet(&g->values, mlirOperationGetOperand(op, memOperand));
  if (!m || m->kind != GPU_MEMREF) {
    tileEmitOpError(op, "needs a kernel memref argument on the GPU");
    return false;
  }
  a->mem = &m->memref;
  if (!tileTypeLayout(tileType, &a->layout)) {
    tileEmitOpError(op, "has no layout (run tile-assign-layouts)");
    return false;
  }
  a->rank = (int)mlirShapedTypeGetRank(tileType);
  for (int d = 0; d < a->rank; ++d)
    a->shape[d] = mlirShapedTypeGetDimSize(tileType, d);
  a->elem = mlirShapedTypeGetElementType(tileType);
  intptr_t first = memOperand + 1;
  for (int d = 0; d < a->mem->rank; ++d) {
    GpuTile *t = gpuOperandTile(g, op, first + d);
    if (!t)
      return false;
    a->freeIndex[d] = t->uniform;
    a->index[d] = t->uniform ? gpuTileMaterialize(t, &a->layout) : *t;
  }
  a->vector = groupWidth(a, op, first);
  findAffine(g, op, first, a);
  return true;
}

void gpuIndirectTearDown(GpuIndirect *a) {
  for (int d = 0; d < a->mem->rank; ++d) {
    if (a->freeIndex[d])
      free(a->index[d].regs);
    free(a->offset[d]);
  }
}

static bool varies(const int64_t *offset, int numRegs) {
  for (int r = 0; r < numRegs; ++r)
    if (offset[r] != 0)
      return true;
  return false;
}

void gpuIndirectBounds(TileBuilder *b, GpuIndirect *a) {
  MlirType index = mlirIndexTypeGet(b->ctx);
  a->linear0 = bConstIndex(b, 0);
  for (int d = 0; d < a->mem->rank; ++d) {
    a->bound[d] = bCast(b, "arith.index_cast", a->mem->sizes[d],
                        a->index[d].elem);
    if (!a->affine)
      continue;
    /* In a loop the base is opaque to LLVM, which would otherwise hoist
     * each register's loop-invariant base + offset out of it: one live
     * register per element across the loop (attention's backward spilled
     * them). */
    a->base[d] = a->inLoop ? gpuOpaque(b, a->index[d].regs[0])
                           : a->index[d].regs[0];
    /* A stride from the kernel's parameters too, where registers are
     * offset along it: each offset times it would be hoisted as well. */
    int64_t c;
    a->stride[d] = a->mem->strides[d];
    if (a->inLoop && !tileConstantInt(a->stride[d], &c) &&
        varies(a->offset[d], tileLayoutNumRegs(&a->layout, a->shape)))
      a->stride[d] = gpuOpaque(b, a->stride[d]);
    a->linear0 = bAddi(
        b, a->linear0,
        bMuli(b, bCast(b, "arith.index_cast", a->base[d], index),
              a->mem->strides[d]));
  }
  if (a->affine)
    a->ptr0 = gpuGep(b, a->mem->ptr, a->linear0, a->elem);
}

/* Register `reg`'s offset from register 0's element, in elements (a
 * constant where the strides are). */
static MlirValue affineOffset(TileBuilder *b, const GpuIndirect *a, int reg) {
  MlirValue sum = bConstIndex(b, 0);
  for (int d = 0; d < a->mem->rank; ++d)
    if (a->offset[d][reg] != 0)
      sum = bAddi(b, sum, bMuli(b, bConstIndex(b, a->offset[d][reg]),
                                a->stride[d]));
  return sum;
}

/* Whether index `d` at `offset` from register 0's is in bounds. */
static MlirValue affineIndexInside(TileBuilder *b, const GpuIndirect *a,
                                   int d, int64_t offset) {
  MlirValue i = a->base[d];
  if (offset != 0)
    i = bAddi(b, i, bConstInt(b, a->index[d].elem, offset));
  return bCmpi(b, ARITH_ULT, i, a->bound[d]);
}

static MlirValue andOf(TileBuilder *b, MlirValue all, MlirValue ok) {
  return mlirValueIsNull(all) ? ok : bAndi(b, all, ok);
}

/* Whether every index of register `reg` is in bounds, from the bases. */
static MlirValue affineInside(TileBuilder *b, const GpuIndirect *a, int reg) {
  MlirValue inside = {NULL};
  for (int d = 0; d < a->mem->rank; ++d)
    inside = andOf(b, inside, affineIndexInside(b, a, d, a->offset[d][reg]));
  return inside;
}

MlirValue gpuIndirectAllInside(TileBuilder *b, const GpuIndirect *a) {
  if (!a->affine)
    return (MlirValue){NULL};
  int numRegs = tileLayoutNumRegs(&a->layout, a->shape);
  MlirValue inside = {NULL};
  for (int d = 0; d < a->mem->rank; ++d) {
    /* The offsets are in [0, 2^31) for an i32 index (findAffine): where
     * base + lo and base + hi are both in [0, bound), no sum between them
     * wrapped, so every one is in bounds too. (An i64 index may fall, lo
     * below 0; it wraps as the address does.) */
    int64_t lo = a->offset[d][0], hi = lo;
    for (int r = 1; r < numRegs; ++r) {
      lo = a->offset[d][r] < lo ? a->offset[d][r] : lo;
      hi = a->offset[d][r] > hi ? a->offset[d][r] : hi;
    }
    inside = andOf(b, inside, affineIndexInside(b, a, d, lo));
    if (hi != lo)
      inside = andOf(b, inside, affineIndexInside(b, a, d, hi));
  }
  return inside;
}

MlirValue gpuIndirectLinear(TileBuilder *b, const GpuIndirect *a, int reg,
                            MlirValue *linear) {
  if (a->affine) {
    *linear = bAddi(b, a->linear0, affineOffset(b, a, reg));
    return affineInside(b, a, reg);
  }
  MlirType index = mlirIndexTypeGet(b->ctx);
  MlirValue inside = {NULL};
  *linear = (MlirValue){NULL};
  for (int d = 0; d < a->mem->rank; ++d) {
    MlirValue i = a->index[d].regs[reg];
    MlirValue ok = bCmpi(b, ARITH_ULT, i, a->bound[d]);
    inside = mlirValueIsNull(inside) ? ok : bAndi(b, inside, ok);
    MlirValue term = bMuli(b, bCast(b, "arith.index_cast", i, index),
                           a->mem->strides[d]);
    *linear = mlirValueIsNull(*linear) ? term : bAddi(b, *linear, term);
  }
  return inside;
}

MlirValue gpuIndirectAddress(TileBuilder *b, const GpuIndirect *a, int reg,
                             MlirValue *ptr) {
  if (a->affine) {
    *ptr = gpuGep(b, a->ptr0, affineOffset(b, a, reg), a->elem);
    return affineInside(b, a, reg);
  }
  MlirValue linear;
  MlirValue inside = gpuIndirectLinear(b, a, reg, &linear);
  *ptr = gpuGep(b, a->mem->ptr, linear, a->elem);
  return inside;
}

/* The group of V > 1 registers at `reg` (groupWidth: the innermost
 * index rises by one along it, the other indices are the same): `line`,
 * whether element 0's indices but the innermost are in bounds (then the
 * group's are); the return value, whether the whole group is one aligned
 * vector access (the line, the first and the last innermost index in
 * bounds, the address a multiple of the group's bytes); *ptr, element
 * 0's address (element e's is *ptr + e). One address per group, not V:
 * a gathered row of 16-byte groups costs a multiply-add per group. */
static MlirValue locateGroup(TileBuilder *b, const GpuIndirect *a, int reg,
                             MlirValue *line, MlirValue *ptr) {
  MlirType index = mlirIndexTypeGet(b->ctx);
  int inner = a->mem->rank - 1;
  *line = bConstInt(b, mlirIntegerTypeGet(b->ctx, 1), 1);
  MlirValue linear = bConstIndex(b, 0);
  for (int d = 0; d <= inner; ++d) {
    MlirValue i = a->index[d].regs[reg];
    if (d < inner)
      *line = bAndi(b, *line, bCmpi(b, ARITH_ULT, i, a->bound[d]));
    linear = bAddi(b, linear, bMuli(b, bCast(b, "arith.index_cast", i, index),
                                    a->mem->strides[d]));
  }
  *ptr = gpuGep(b, a->mem->ptr, linear, a->elem);
  MlirValue first = a->index[inner].regs[reg];
  MlirValue last = a->index[inner].regs[reg + a->vector - 1];
  MlirValue fast =
      bAndi(b, *line,
            bAndi(b, bCmpi(b, ARITH_ULT, first, a->bound[inner]),
                  bCmpi(b, ARITH_ULT, last, a->bound[inner])));
  MlirType i64 = mlirIntegerTypeGet(b->ctx, 64);
  MlirValue addr = bCast(b, "llvm.ptrtoint", *ptr, i64);
  int64_t bytes = (int64_t)a->vector * tileElemBytes(a->elem);
  MlirValue misaligned = bAndi(b, addr, bConstInt(b, i64, bytes - 1));
  return bAndi(b, fast,
               bCmpi(b, ARITH_EQ, misaligned, bConstInt(b, i64, 0)));
}

/* Element e of a group that is not one vector access (at the end of a
 * line, or misaligned) whose line is in bounds: whether its innermost
 * index is, and its address. */
static MlirValue groupElement(TileBuilder *b, const GpuIndirect *a, int reg,
                              int e, MlirValue ptr0, MlirValue *ptr) {
  int inner = a->mem->rank - 1;
  *ptr = gpuGep(b, ptr0, bConstIndex(b, e), a->elem);
  return bCmpi(b, ARITH_ULT, a->index[inner].regs[reg + e], a->bound[inner]);
}

/* ---- gathers staged through shared memory (GpuPipeline.h) ------------ */

/* The 16-byte slot of the thread's group `group` in a staged gather's
 * buffer: groups are the outer index, threads the inner, so a warp's
 * copies and reads touch 512 consecutive bytes (no bank conflicts). */
static MlirValue stagedSlot(TileBuilder *b, GpuLowering *g, MlirValue buffer,
                            int group) {
  MlirValue thread =
      bAddi(b, bMuli(b, g->warp, bConstIndex(b, 32)), g->lane);
  MlirValue slot = bAddi(b, bConstIndex(b, (int64_t)group * 32 * g->numWarps),
                         thread);
  return gpuGep(b, buffer, bMuli(b, slot, bConstIndex(b, 16)),
                mlirIntegerTypeGet(b->ctx, 8));
}

/* Whether the gather's groups are 16 bytes, as staging needs (tile-pipeline
 * marks only such gathers; a located error otherwise). */
static bool stagedGroups(MlirOperation op, const GpuIndirect *a) {
  if (a->vector * tileElemBytes(a->elem) == 16)
    return true;
  tileEmitOpError(op, "internal error: a staged gather needs 16-byte groups");
  return false;
}

int64_t gpuGatherStageBytes(const GpuLowering *g, MlirOperation op) {
  return tileTypeThreadBytes(mlirValueGetType(mlirOperationGetResult(op, 0))) *
         32 * g->numWarps;
}

bool gpuGatherCopies(GpuLowering *g, TileBuilder *b, MlirOperation op,
                     MlirValue buffer) {
  GpuIndirect a;
  if (!gpuIndirectSetUp(g, op, 0,
                        mlirValueGetType(mlirOperationGetResult(op, 0)), &a))
    return false;
  bool ok = stagedGroups(op, &a);
  gpuIndirectBounds(b, &a);
  int numRegs = tileLayoutNumRegs(&a.layout, a.shape);
  MlirType i32 = mlirIntegerTypeGet(b->ctx, 32);
  for (int reg = 0; ok && reg < numRegs; reg += a.vector) {
    MlirValue line, ptr;
    MlirValue fast = locateGroup(b, &a, reg, &line, &ptr);
    /* A group that is not one aligned vector copies nothing (zeros); its
     * reader loads it element by element from global memory. */
    gpuCpAsync16(b, stagedSlot(b, g, buffer, reg / a.vector),
                 gpuGlobalPtr(b, ptr),
                 bSelect(b, fast, bConstInt(b, i32, 16), bConstInt(b, i32, 0)));
  }
  gpuIndirectTearDown(&a);
  return ok;
}

bool gpuLowerGather(GpuLowering *g, TileBuilder *b, MlirOperation op) {
  MlirValue result = mlirOperationGetResult(op, 0);
  /* Staged (its loop mapped it to this iteration's buffer): the groups
   * are read from shared memory. */
  GpuValue *mapped = gpuMapGet(&g->values, result);
  MlirValue staged = mapped && mapped->kind == GPU_TILE ? mapped->tile.smem
                                                        : (MlirValue){NULL};
  GpuIndirect a;
  if (!gpuIndirectSetUp(g, op, 0, mlirValueGetType(result), &a))
    return false;
  if (!mlirValueIsNull(staged) && !stagedGroups(op, &a)) {
    gpuIndirectTearDown(&a);
    return false;
  }
  gpuIndirectBounds(b, &a);
  GpuTile t = gpuTileAlloc(&a.layout, mlirValueGetType(result));
  MlirValue pad = gpuToStorage(b, gpuPaddingValue(b, op, a.elem));
  MlirType storage = gpuStorageType(a.elem);
  int V = a.vector;
  for (int reg = 0; reg < t.numRegs; reg += V) {
    MlirValue lanes[16], ptr;
    for (int e = 0; e < V; ++e)
      lanes[e] = pad;
    if (V == 1) {
      MlirValue inside = gpuIndirectAddress(b, &a, reg, &ptr);
      gpuPredicatedLoad(b, inside, ptr, storage, 1, lanes, lanes);
    } else {
      MlirValue line;
      MlirValue fast = locateGroup(b, &a, reg, &line, &ptr);
      if (mlirValueIsNull(staged)) {
        gpuPredicatedLoad(b, fast, ptr, storage, V, lanes, lanes);
      } else {
        /* Zeros (the padding) where the group copied nothing. */
        MlirValue v = gpuLoadPtr(b, stagedSlot(b, g, staged, reg / V),
                                 mlirVectorTypeGet(1, (int64_t[]){V}, storage),
                                 16);
        for (int e = 0; e < V; ++e)
          lanes[e] = gpuExtractElement(b, v, e, storage);
      }
      /* The rest element by element, in a branch that the warps whose
       * groups are all whole vectors (nearly all) jump over. */
      MlirType types[16];
      for (int e = 0; e < V; ++e)
        types[e] = storage;
      TileBuilder slow, whole;
      MlirOperation branch =
          bIf(b, bAndi(b, bNot(b, fast), line), V, types, true, &slow, &whole);
      MlirValue got[16];
      for (int e = 0; e < V; ++e) {
        MlirValue p, inside = groupElement(&slow, &a, reg, e, ptr, &p);
        got[e] = lanes[e];
        gpuPredicatedLoad(&slow, inside, p, storage, 1, &got[e], &got[e]);
      }
      bYield(&slow, "scf.yield", V, got);
      bYield(&whole, "scf.yield", V, lanes);
      for (int e = 0; e < V; ++e)
        lanes[e] = mlirOperationGetResult(branch, e);
    }
    for (int e = 0; e < V; ++e)
      t.regs[reg + e] = gpuFromStorage(b, lanes[e], a.elem);
  }
  gpuIndirectTearDown(&a);
  gpuSetTile(g, result, t);
  return true;
}

bool gpuIndirectSetUpValue(GpuLowering *g, TileBuilder *b, MlirOperation op,
                           GpuIndirect *a, GpuTile *v, bool *owned) {
  MlirValue value = mlirOperationGetOperand(op, 0);
  if (!gpuIndirectSetUp(g, op, 1, mlirValueGetType(value), a))
    return false;
  GpuTile *vp = gpuOperandTile(g, op, 0);
  if (!vp) {
    gpuIndirectTearDown(a);
    return false;
  }
  *owned = vp->uniform;
  *v = vp->uniform ? gpuTileMaterialize(vp, &a->layout) : *vp;
  gpuIndirectBounds(b, a);
  return true;
}

bool gpuLowerScatter(GpuLowering *g, TileBuilder *b, MlirOperation op) {
  GpuIndirect a;
  GpuTile v;
  bool owned;
  if (!gpuIndirectSetUpValue(g, b, op, &a, &v, &owned))
    return false;
  MlirType storage = gpuStorageType(a.elem);
  int V = a.vector;
  for (int reg = 0; reg < v.numRegs; reg += V) {
    MlirValue lanes[16], ptr;
    for (int e = 0; e < V; ++e)
      lanes[e] = gpuToStorage(b, v.regs[reg + e]);
    if (V == 1) {
      MlirValue inside = gpuIndirectAddress(b, &a, reg, &ptr);
      gpuPredicatedStore(b, inside, ptr, storage, 1, lanes);
      continue;
    }
    MlirValue line;
    MlirValue fast = locateGroup(b, &a, reg, &line, &ptr);
    gpuPredicatedStore(b, fast, ptr, storage, V, lanes);
    TileBuilder slow;
    bIf(b, bAndi(b, bNot(b, fast), line), 0, NULL, false, &slow, NULL);
    for (int e = 0; e < V; ++e) {
      MlirValue p, inside = groupElement(&slow, &a, reg, e, ptr, &p);
      gpuPredicatedStore(&slow, inside, p, storage, 1, &lanes[e]);
    }
    bYield(&slow, "scf.yield", 0, NULL);
  }
  if (owned)
    free(v.regs);
  gpuIndirectTearDown(&a);
  return true;
}

/* memref.load %m[%i, ...] and memref.store %v, %m[%i, ...]: one element
 * at the sum of the indices times the strides. */
bool gpuLowerScalarMemory(GpuLowering *g, TileBuilder *b, MlirOperation op) {
  bool isStore = tileOpIsNamed(op, "memref.store");
  intptr_t memOperand = isStore ? 1 : 0;
  GpuValue *m = gpuMapGet(&g->values, mlirOperationGetOperand(op, memOperand));
  if (!m || m->kind != GPU_MEMREF) {
    tileEmitOpError(op, "needs a kernel memref argument on the GPU");
    return false;
  }
  GpuMemref *mem = &m->memref;
  MlirValue linear = bConstIndex(b, 0);
  for (int d = 0; d < mem->rank; ++d) {
    MlirValue i = gpuOperandScalar(g, op, memOperand + 1 + d);
    if (mlirValueIsNull(i))
      return false;
    linear = bAddi(b, linear, bMuli(b, i, mem->strides[d]));
  }
  MlirValue ptr = gpuGep(b, mem->ptr, linear, mem->elem);
  int bytes = tileElemBytes(mem->elem);
  if (isStore) {
    MlirValue v = gpuOperandScalar(g, op, 0);
    if (mlirValueIsNull(v))
      return false;
    gpuStorePtr(b, gpuToStorage(b, v), ptr, bytes);
    return true;
  }
  MlirValue v = gpuLoadPtr(b, ptr, gpuStorageType(mem->elem), bytes);
  gpuSetScalar(g, mlirOperationGetResult(op, 0),
               gpuFromStorage(b, v, mem->elem));
  return true;
}
