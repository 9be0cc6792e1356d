/* Loads and stores for TileToGPU. A thread's registers come in groups of V
 * elements that are consecutive along the memref's contiguous dimension
 * (V = the layout's size per thread there, chosen by tile-coalesce for 16
 * bytes). Each group takes a fast path, one V-wide vector access, when it
 * is wholly inside the memref, fully enabled by the mask and aligned to
 * its size; otherwise each element is guarded on its own. Nothing outside
 * the memref or masked off is ever accessed (docs/dialect.md). In the aligned
 * variant (GpuValues.h) an unmasked access whose innermost offset is a
 * provable multiple of V needs no element path: its groups are wholly
 * inside or wholly outside. Every access is a predicated ld/st.global in
 * inline PTX (as Triton does), not a branch: the code stays straight-line,
 * which LLVM and ptxas compile much faster. */
#include "lib/Conversion/TileToGPU/GpuOps.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/Analysis/IndexFacts.h"
#include "lib/Analysis/Tma.h"
#include "lib/IR/IR.h"
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
      tileIndexMultipleOf(mlirOperationGetOperand(op, first + a->rank - 1),
                          a->vector);
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

/* a && x, where a null `a` is true. */
static MlirValue andAlso(TileBuilder *b, MlirValue a, MlirValue x) {
  return mlirValueIsNull(a) ? x : bAndi(b, a, x);
}

/* 0 <= i < size as one unsigned compare: a negative i wraps above every
 * size (sizes stay below 2^31). Fewer i1 ops in the bounds tests make
 * LLVM's InstCombine (isImpliedCondition) much cheaper. */
static MlirValue inRange(TileBuilder *b, MlirValue i, MlirValue size) {
  return bCmpi(b, ARITH_ULT, i, size);
}

static Group locate(GpuLowering *g, TileBuilder *b, const Access *a, int reg) {
  Group grp;
  MlirValue c[TILE_MAX_LAYOUT_RANK];
  gpuRegCoords(b, g, &a->layout, a->rank, a->shape, reg, c);
  MlirValue inside = {NULL};
  MlirValue linear = bConstIndex(b, 0);
  int last = a->rank - 1;
  for (int d = 0; d < a->rank; ++d) {
    grp.g[d] = bAddi(b, a->offsets[d], c[d]);
    if (d == last)
      grp.rowInside = inside;
    if (d == last && a->vector > 1) {
      MlirValue end = bAddi(b, grp.g[d], bConstIndex(b, a->vector));
      inside = andAlso(b, inside,
                       bCmpi(b, ARITH_SGE, grp.g[d], bConstIndex(b, 0)));
      inside = bAndi(b, inside, bCmpi(b, ARITH_SLE, end, a->mem->sizes[d]));
    } else {
      inside = andAlso(b, inside, inRange(b, grp.g[d], a->mem->sizes[d]));
    }
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
  MlirValue ok =
      andAlso(b, grp->rowInside, inRange(b, ge, a->mem->sizes[last]));
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

/* How a group of 1-16 bytes travels through PTX registers in inline
 * assembly: 32-bit words ("r") from 4 bytes up, else one 16-bit register
 * ("h"; a single byte is loaded zero-extended into it). */
typedef struct {
  int words;
  MlirType word;
  const char *reg;  /* constraint letter */
  const char *type; /* PTX type of the access */
} Packing;

static Packing packingOf(MlirContext ctx, int bytes) {
  if (bytes >= 4)
    return (Packing){bytes / 4, mlirIntegerTypeGet(ctx, 32), "r", "b32"};
  return (Packing){1, mlirIntegerTypeGet(ctx, 16), "h",
                   bytes == 2 ? "b16" : "u8"};
}

/* `count` storage values as the packing's words, and back. */
static void pack(TileBuilder *b, const MlirValue *vals, int count,
                 MlirType storage, Packing pk, MlirValue *words) {
  if (count * tileElemBytes(storage) == 1) {
    MlirType i8 = mlirIntegerTypeGet(b->ctx, 8);
    MlirValue v = mlirTypeIsAInteger(storage)
                      ? vals[0]
                      : bCast(b, "llvm.bitcast", vals[0], i8);
    words[0] = bCast(b, "arith.extui", v, pk.word);
    return;
  }
  if (count == 1 && pk.words == 1) { /* one 16- or 32-bit element */
    words[0] = mlirTypeEqual(storage, pk.word)
                   ? vals[0]
                   : bCast(b, "llvm.bitcast", vals[0], pk.word);
    return;
  }
  MlirType vt = vectorType(storage, count);
  MlirValue v = bInsert(b, tileOpCreate(b->loc, "llvm.mlir.poison", 0, NULL,
                                        1, &vt, 0, NULL));
  for (int e = 0; e < count; ++e)
    v = gpuInsertElement(b, v, vals[e], e);
  v = bCast(b, "llvm.bitcast", v, vectorType(pk.word, pk.words));
  for (int w = 0; w < pk.words; ++w)
    words[w] = gpuExtractElement(b, v, w, pk.word);
}

static void unpack(TileBuilder *b, const MlirValue *words, int count,
                   MlirType storage, Packing pk, MlirValue *vals) {
  if (count * tileElemBytes(storage) == 1) {
    MlirType i8 = mlirIntegerTypeGet(b->ctx, 8);
    MlirValue v = bCast(b, "arith.trunci", words[0], i8);
    vals[0] =
        mlirTypeIsAInteger(storage) ? v : bCast(b, "llvm.bitcast", v, storage);
    return;
  }
  if (count == 1 && pk.words == 1) {
    vals[0] = mlirTypeEqual(storage, pk.word)
                  ? words[0]
                  : bCast(b, "llvm.bitcast", words[0], storage);
    return;
  }
  MlirType wt = vectorType(pk.word, pk.words);
  MlirValue v = bInsert(b, tileOpCreate(b->loc, "llvm.mlir.poison", 0, NULL,
                                        1, &wt, 0, NULL));
  for (int w = 0; w < pk.words; ++w)
    v = gpuInsertElement(b, v, words[w], w);
  v = bCast(b, "llvm.bitcast", v, vectorType(storage, count));
  for (int e = 0; e < count; ++e)
    vals[e] = gpuExtractElement(b, v, e, storage);
}

/* The global-space view of a kernel pointer, for ld.global / st.global. */
MlirValue gpuGlobalPtr(TileBuilder *b, MlirValue ptr) {
  MlirType global = mlirLLVMPointerTypeGet(b->ctx, 1);
  return bCast(b, "llvm.addrspacecast", ptr, global);
}

/* The PTX vector suffix of an access of `words` registers. */
static const char *vectorSuffix(int words) {
  return words == 4 ? ".v4" : words == 2 ? ".v2" : "";
}

/* "{$first, $first+1, ...}" (or "$first" for one) into buf. */
static void regList(char *buf, size_t size, int first, int n) {
  size_t len = (size_t)snprintf(buf, size, n > 1 ? "{" : "");
  for (int i = 0; i < n && len < size; ++i)
    len += (size_t)snprintf(buf + len, size - len, "%s$%d", i ? ", " : "",
                            first + i);
  if (n > 1 && len < size)
    snprintf(buf + len, size - len, "}");
}

/* `count` elements of `storage` at `ptr`, loaded where `pred` holds and
 * dflt[e] elsewhere, into vals. One predicated ld.global in inline PTX:
 * straight-line code instead of a branch around each load, which LLVM
 * (GVN's memory dependences) and ptxas compile many times more slowly. */
void gpuPredicatedLoad(TileBuilder *b, MlirValue pred, MlirValue ptr,
                           MlirType storage, int count, const MlirValue *dflt,
                           MlirValue *vals) {
  Packing pk = packingOf(b->ctx, count * tileElemBytes(storage));
  int n = pk.words;
  MlirValue operands[2 + 4], words[4];
  operands[0] = pred;
  pack(b, dflt, count, storage, pk, operands + 1);
  operands[1 + n] = gpuGlobalPtr(b, ptr);
  /* $0..$n-1 results, $n the predicate, then the defaults, the address. */
  char text[256], regs[64], constraints[64];
  size_t len = 0;
  for (int w = 0; w < n; ++w)
    len += (size_t)snprintf(text + len, sizeof text - len,
                            "mov.b%d $%d, $%d;\n", pk.reg[0] == 'h' ? 16 : 32,
                            w, n + 1 + w);
  regList(regs, sizeof regs, 0, n);
  snprintf(text + len, sizeof text - len, "@$%d ld.global%s.%s %s, [$%d];", n,
           vectorSuffix(n), pk.type, regs, 2 * n + 1);
  len = 0;
  for (int w = 0; w < n; ++w)
    len += (size_t)snprintf(constraints + len, sizeof constraints - len,
                            "=%s,", pk.reg);
  len += (size_t)snprintf(constraints + len, sizeof constraints - len, "b");
  for (int w = 0; w < n; ++w)
    len += (size_t)snprintf(constraints + len, sizeof constraints - len,
                            ",%s", pk.reg);
  snprintf(constraints + len, sizeof constraints - len, ",l");
  gpuInlinePtx(b, text, constraints, 2 + n, operands, n, pk.word, false,
               words);
  unpack(b, words, count, storage, pk, vals);
}

/* vals[0..count) stored at `ptr` where `pred` holds: one predicated
 * st.global in inline PTX (see gpuPredicatedLoad). */
void gpuPredicatedStore(TileBuilder *b, MlirValue pred, MlirValue ptr,
                            MlirType storage, int count,
                            const MlirValue *vals) {
  Packing pk = packingOf(b->ctx, count * tileElemBytes(storage));
  int n = pk.words;
  MlirValue operands[2 + 4];
  operands[0] = pred;
  operands[1] = gpuGlobalPtr(b, ptr);
  pack(b, vals, count, storage, pk, operands + 2);
  char text[128], regs[64], constraints[64];
  regList(regs, sizeof regs, 2, n);
  snprintf(text, sizeof text, "@$0 st.global%s.%s [$1], %s;",
           vectorSuffix(n),
           pk.type[0] == 'u' ? "b8" : pk.type, regs);
  size_t len = (size_t)snprintf(constraints, sizeof constraints, "b,l");
  for (int w = 0; w < n; ++w)
    len += (size_t)snprintf(constraints + len, sizeof constraints - len,
                            ",%s", pk.reg);
  gpuInlinePtx(b, text, constraints, 2 + n, operands, 0, (MlirType){NULL},
               true, NULL);
}

MlirValue gpuPaddingValue(TileBuilder *b, MlirOperation op, MlirType elem) {
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
  MlirValue pad = gpuToStorage(b, gpuPaddingValue(b, op, a.elem));
  MlirType storage = gpuStorageType(a.elem);
  int V = a.vector;
  for (int reg = 0; reg < t.numRegs; reg += V) {
    Group grp = locate(g, b, &a, reg);
    MlirValue lanes[16];
    for (int e = 0; e < V; ++e)
      lanes[e] = pad;
    if (V == 1) {
      gpuPredicatedLoad(b, elementEnabled(b, &a, &grp, reg, 0), grp.ptr,
                        storage, 1, lanes, lanes);
    } else {
      /* The group in one access; where that cannot be, element by element
       * (a whole group outside the memref reads the padding). */
      MlirValue fast =
          a.wholeGroups ? grp.allInside : fastPath(b, &a, &grp, reg);
      MlirValue whole[16];
      gpuPredicatedLoad(b, fast, grp.ptr, storage, V, lanes, whole);
      memcpy(lanes, whole, sizeof *whole * (size_t)V);
      if (!a.wholeGroups && g->assumeAligned16) {
        MlirValue slow = bNot(b, fast);
        for (int e = 0; e < V; ++e)
          gpuPredicatedLoad(
              b, bAndi(b, slow, elementEnabled(b, &a, &grp, reg, e)),
              elementPtr(b, &a, &grp, e), storage, 1, &lanes[e], &lanes[e]);
      } else if (!a.wholeGroups) {
        /* The generic entry, where most groups may take either path: the
         * elements' loads start from the padding, not from the group's
         * result, and one select of the whole group picks, so its words
         * reach their user as they were loaded. With the group's
         * registers as their defaults, each group's elements waited for
         * its load and a thread's groups loaded one after another (an
         * f16 GEMM through the generic entry 1.35-1.5x slower). The
         * aligned entry keeps that form: its fallbacks are rare (masks,
         * edges) and cost no selects. */
        MlirValue slow = bNot(b, fast);
        for (int e = 0; e < V; ++e)
          gpuPredicatedLoad(
              b, bAndi(b, slow, elementEnabled(b, &a, &grp, reg, e)),
              elementPtr(b, &a, &grp, e), storage, 1, &pad, &lanes[e]);
        MlirType vt = vectorType(storage, V);
        MlirValue vw = gpuUndef(b, vt), vs = gpuUndef(b, vt);
        for (int e = 0; e < V; ++e) {
          vw = gpuInsertElement(b, vw, whole[e], e);
          vs = gpuInsertElement(b, vs, lanes[e], e);
        }
        MlirValue v = bSelect(b, fast, vw, vs);
        for (int e = 0; e < V; ++e)
          lanes[e] = gpuExtractElement(b, v, e, storage);
      }
    }
    for (int e = 0; e < V; ++e)
      t.regs[reg + e] = gpuFromStorage(b, lanes[e], a.elem);
  }
  gpuSetTile(g, result, t);
  return true;
}

/* A store element by element (16-byte groups where they fit). */
static bool plainStore(GpuLowering *g, TileBuilder *b, MlirOperation op) {
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
    MlirValue lanes[16];
    for (int e = 0; e < V; ++e)
      lanes[e] = gpuToStorage(b, t.regs[reg + e]);
    if (V == 1) {
      gpuPredicatedStore(b, elementEnabled(b, &a, &grp, reg, 0), grp.ptr,
                         storage, 1, lanes);
      continue;
    }
    MlirValue fast = a.wholeGroups ? grp.allInside : fastPath(b, &a, &grp, reg);
    gpuPredicatedStore(b, fast, grp.ptr, storage, V, lanes);
    if (a.wholeGroups) /* a whole group outside is not written at all */
      continue;
    MlirValue slow = bNot(b, fast);
    for (int e = 0; e < V; ++e)
      gpuPredicatedStore(b, bAndi(b, slow, elementEnabled(b, &a, &grp, reg, e)),
                         elementPtr(b, &a, &grp, e), storage, 1, &lanes[e]);
  }
  if (value->uniform)
    free(t.regs);
  return true;
}

/* Whether a bulk tensor store may take the box at (row0, col0), tested
 * at run time where the offsets do not show it: its
 * innermost coordinate not negative and 16-byte aligned, its row not
 * negative. A cp.async.bulk.tensor store outside that faults with an
 * illegal instruction on an H200 (found by random kernels: a box at
 * column -1, -8 or +1 of a bf16 memref; rows past the end are fine). */
static MlirValue tmaStoreFits(GpuLowering *g, TileBuilder *b,
                              MlirOperation op) {
  MlirType tt = mlirValueGetType(mlirOperationGetOperand(op, 0));
  int64_t perChunk = 16 / tileElemBytes(mlirShapedTypeGetElementType(tt));
  MlirValue row0 = gpuOperandScalar(g, op, 2);
  MlirValue col0 = gpuOperandScalar(g, op, 3);
  MlirValue zero = bConstIndex(b, 0);
  MlirValue aligned =
      bCmpi(b, ARITH_EQ,
            bBinary(b, "arith.remsi", col0, bConstIndex(b, perChunk)), zero);
  return bAndi(b, bAndi(b, bCmpi(b, ARITH_SGE, col0, zero), aligned),
               bCmpi(b, ARITH_SGE, row0, zero));
}

/* How an accumulator's store went out (the epilogue), said once: by the
 * aligned entry, the one that can take a TMA store. */
static void epilogueRemark(GpuLowering *g, MlirOperation op, const char *why) {
  if (g->assumeAligned16 && g->remarks.fn)
    g->remarks.fn(g->remarks.userData, mlirOperationGetLocation(op), why);
}

int gpuTmaStoreMap(GpuLowering *g, MlirOperation op, bool *proven) {
  *proven = false;
  int map = mlirAttributeIsNull(tileOpAttr(op, "tile.tma"))
                ? -1
                : tileTmaMapOf(g->kernel, op);
  if (map < 0 || map >= g->numTmaMaps)
    return -1;
  /* The box's row and column: the last two indices. */
  intptr_t n = mlirOperationGetNumOperands(op);
  MlirType tt = mlirValueGetType(mlirOperationGetOperand(op, 0));
  int64_t perChunk = 16 / tileElemBytes(mlirShapedTypeGetElementType(tt));
  *proven =
      tileIndexNonNegativeMultiple(mlirOperationGetOperand(op, n - 2), 1) &&
      tileIndexNonNegativeMultiple(mlirOperationGetOperand(op, n - 1),
                                   perChunk) &&
      (n == 4 ||
       tileIndexNonNegativeMultiple(mlirOperationGetOperand(op, 2), 1));
  /* A rank-3 store (a reshaped tile) has no run-time test: its tile is
   * the reshape's source, whose registers an element-wise store could
   * not take (gpuReshapeForTmaStore). */
  return n == 4 || *proven ? map : -1;
}

bool gpuReshapeForTmaStore(GpuLowering *g, MlirOperation reshape) {
  MlirValue r = mlirOperationGetResult(reshape, 0);
  MlirOpOperand use = tileOnlyUse(r);
  if (mlirOpOperandIsNull(use) || mlirOpOperandGetOperandNumber(use) != 0 ||
      mlirShapedTypeGetRank(mlirValueGetType(r)) != 3)
    return false;
  MlirOperation store = mlirOpOperandGetOwner(use);
  bool proven;
  if (!tileOpIsNamed(store, "tile.store") ||
      gpuTmaStoreMap(g, store, &proven) < 0)
    return false;
  GpuTile *src = gpuOperandTile(g, reshape, 0);
  if (!src || !mlirValueIsNull(src->smem) || src->tmem)
    return false;
  GpuTile t = *src;
  if (t.regs) {
    t.regs = malloc(sizeof *t.regs * (size_t)t.numRegs);
    memcpy(t.regs, src->regs, sizeof *t.regs * (size_t)t.numRegs);
  }
  gpuSetTile(g, r, t);
  return true;
}

bool gpuLowerStore(GpuLowering *g, TileBuilder *b, MlirOperation op) {
  /* The aligned entry has the tensor map of a store marked tile.tma; a
   * box the bulk store cannot take is stored element by element. */
  bool proven;
  int map = gpuTmaStoreMap(g, op, &proven);
  /* A rank-3 store takes the bulk path only with the reshape's source
   * registers (gpuReshapeForTmaStore); a converted [1][R][C] tile goes
   * element by element. */
  GpuTile *value = gpuOperandTile(g, op, 0);
  if (!value)
    return false;
  if (mlirOperationGetNumOperands(op) == 5 && value->rank != 2)
    map = -1;
  if (map < 0) {
    if (g->assumeAligned16)
      gpuRemarkFromAttr(g, op, "tile.store_why");
    return plainStore(g, b, op);
  }
  if (proven) {
    epilogueRemark(g, op,
                   "epilogue: a TMA store (the accumulator goes out through "
                   "shared memory by a bulk tensor copy; the offsets prove "
                   "each box starts inside the array, at a 16-byte column)");
    return gpuLowerTmaStore(g, b, op, map);
  }
  epilogueRemark(g, op,
                 "epilogue: a TMA store where a run-time test finds the "
                 "box's start inside the array at a 16-byte column, element "
                 "by element elsewhere (the offsets do not prove it: a "
                 "program id times the block size does)");
  TileBuilder bulk, plain;
  bIf(b, tmaStoreFits(g, b, op), 0, NULL, true, &bulk, &plain);
  bool ok = gpuLowerTmaStore(g, &bulk, op, map) && plainStore(g, &plain, op);
  bYield(&bulk, "scf.yield", 0, NULL);
  bYield(&plain, "scf.yield", 0, NULL);
  return ok;
}
