/* tile-assign-layouts; see AssignLayouts.h. Types change
 * in program order, so the IR between two ops being updated is briefly
 * inconsistent; each pass leaves it consistent (MLIR verifies after it). */
#include "lib/Transforms/AssignLayouts.h"

#include <stdlib.h>
#include <string.h>

#include "lib/Analysis/Contiguity.h"
#include "lib/Analysis/Layout.h"
#include "lib/Analysis/Mma.h"
#include "lib/Analysis/Tcgen05.h"
#include "lib/IR/DType.h"
#include "lib/IR/IR.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "dialect/Dialect.h"

int tileKernelNumWarps(MlirOperation kernel, int fallback) {
  int64_t n = 0;
  if (tileOpIntAttr(kernel, "tile.num_warps", &n) && n > 0)
    return (int)n;
  return fallback > 0 ? fallback : 4;
}

int tileEnclosingNumWarps(MlirOperation op, int fallback) {
  while (!mlirOperationIsNull(op) && !tileOpIsNamed(op, "func.func"))
    op = mlirOperationGetParentOperation(op);
  return mlirOperationIsNull(op) ? (fallback > 0 ? fallback : 4)
                                 : tileKernelNumWarps(op, fallback);
}

static bool isTensor(MlirValue v) {
  return mlirTypeIsARankedTensor(mlirValueGetType(v));
}

bool tileValueIsUniform(MlirValue v) {
  MlirOperation def = tileDefiningOp(v);
  if (mlirOperationIsNull(def))
    return false;
  if (tileOpIsNamed(def, "tile.splat"))
    return true;
  if (!tileOpIsNamed(def, "arith.constant"))
    return false;
  MlirAttribute value = tileOpAttr(def, "value");
  return !mlirAttributeIsNull(value) && mlirAttributeIsADenseElements(value) &&
         mlirDenseElementsAttrIsSplat(value);
}

static void shapeOf(MlirType t, int *rank, int64_t *shape) {
  *rank = (int)mlirShapedTypeGetRank(t);
  for (int d = 0; d < *rank; ++d)
    shape[d] = mlirShapedTypeGetDimSize(t, d);
}

/* The default layout: 16 bytes per thread along the innermost dim. */
static TileLayout defaultFor(MlirType t, int numWarps) {
  return tileLayoutDefaultFor(t, 0, numWarps);
}

static void setLayout(MlirValue v, const TileLayout *l) {
  mlirValueSetType(v, tileTypeWithLayout(mlirValueGetType(v), l));
}

static bool layoutOf(MlirValue v, TileLayout *out) {
  return tileTypeLayout(mlirValueGetType(v), out);
}

typedef struct {
  int numWarps;
  bool ok;
  const char *chip;
} WalkState;

/* ---- tile-assign-layouts ----------------------------------------------- */

/* Per kernel: the warps, and per rank the layout of the first load of that
 * rank (the anchor). Blocked layouts fit any shape, so values created
 * without a layout of their own (expand_dims results, ranges, dot results,
 * iter_args) take the anchor: then they meet the loaded tiles without a
 * conversion. When the kernel has a dot on tensor cores, values shaped
 * like its result (or like a row or column of it) take the dot's mma
 * layout instead: the accumulator's init and the epilogue's bias then
 * meet the dot result without a conversion. */
enum { TILE_MAX_CHAIN_DOTS = 8, TILE_MAX_SLICE_HINTS = 32 };

typedef struct {
  int numWarps;
  const char *chip; /* "" or NULL: mma.sync only */
  bool hasAnchor[TILE_MAX_LAYOUT_RANK + 1];
  TileLayout anchor[TILE_MAX_LAYOUT_RANK + 1];
  bool hasMma;
  TileLayout mma;
  int64_t mmaShape[2];
  /* Dots of a chain (one's result, through elementwise ops, is the next
   * one's A): their warps all go along M, so each warp holds whole rows of
   * the first result, which are then its A fragments (GpuMma.c). */
  int numRowDots;
  MlirOperation rowDots[TILE_MAX_CHAIN_DOTS];
  /* Ranges, and gathers of uniform indices, whose values reach a
   * tile.expand_dims (findSliceHints): they are made in its slice
   * layout. */
  int numSliceHints;
  MlirOperation sliceHint[TILE_MAX_SLICE_HINTS];
  TileLayout sliceHintLayout[TILE_MAX_SLICE_HINTS];
} Assign;

static bool isRowDot(const Assign *a, MlirOperation dot) {
  for (int i = 0; i < a->numRowDots; ++i)
    if (mlirOperationEqual(a->rowDots[i], dot))
      return true;
  return false;
}

/* The mma layout of `dot`, or false when it has no instruction. */
static bool dotMmaLayout(MlirOperation dot, const Assign *a, TileLayout *out) {
  TileMmaInstr instr;
  const char *why;
  MlirType t = mlirValueGetType(mlirOperationGetResult(dot, 0));
  int64_t m = mlirShapedTypeGetDimSize(t, 0), n = mlirShapedTypeGetDimSize(t, 1);
  if (!tileMmaInstrFor(dot, &instr, &why))
    return false;
  /* Hopper's wgmma where the chip has it: its accumulator is the mma
   * layout with warps {numWarps, 1}, what a chain's dots need too (the
   * second reads its A from the first's registers). */
  int wgmmaN = 0;
  /* Blackwell's tcgen05: the accumulator is read from tensor memory by
   * tcgen05.ld 32x32b, one row per thread (Layout.h). A chain's second
   * dot reads its A through shared memory there (tcgen05 has no register
   * A): in a loop, next to the pipeline's stages, that costs a staging
   * buffer and a round trip per iteration, so a chain in a loop (flash
   * attention) keeps mma.sync, which reads A from registers. */
  bool chainInLoop =
      isRowDot(a, dot) &&
      tileOpIsNamed(mlirOperationGetParentOperation(dot), "scf.for");
  if (!chainInLoop &&
      tileTcgen05For(dot, a->chip, a->numWarps, &wgmmaN, &why)) {
    *out = tileLayoutTcgen05(a->numWarps, (int)n);
    return true;
  }
  if (tileWgmmaFor(dot, a->chip, a->numWarps, &wgmmaN, &why)) {
    *out = tileLayoutWgmma(a->numWarps, wgmmaN);
    return true;
  }
  if (instr.wgmmaOnly)
    return false; /* fp8 not on wgmma: tile-widen-f8-dots' job */
  if (isRowDot(a, dot) && m % (16 * a->numWarps) == 0) {
    *out = tileLayoutMma(a->numWarps, 1);
    return true;
  }
  return tileMmaLayoutFor(m, n, a->numWarps, out);
}

/* The dot whose result `v` is, through elementwise arith/math ops and
 * scf.for results (the yielded value), or a null op. */
static MlirOperation producingDot(MlirValue v, int depth) {
  MlirOperation def = tileDefiningOp(v);
  if (mlirOperationIsNull(def) || depth > 16)
    return (MlirOperation){NULL};
  if (tileOpIsNamed(def, "tile.dot"))
    return def;
  if (tileOpIsNamed(def, "scf.for")) {
    MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(def, 0));
    MlirOperation yield = mlirBlockGetTerminator(body);
    return producingDot(
        mlirOperationGetOperand(yield, mlirOpResultGetResultNumber(v)),
        depth + 1);
  }
  if (!tileOpIsArithOrMath(def))
    return (MlirOperation){NULL};
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(def); ++i) {
    MlirValue x = mlirOperationGetOperand(def, i);
    MlirOperation dot = isTensor(x) && !tileValueIsUniform(x)
                            ? producingDot(x, depth + 1)
                            : (MlirOperation){NULL};
    if (!mlirOperationIsNull(dot))
      return dot;
  }
  return (MlirOperation){NULL};
}

/* A dot whose A operand another tensor-core dot produces (16-bit inputs:
 * the accumulator's pairs are A's pairs): both become row dots. */
static MlirWalkResult findChains(MlirOperation op, void *userData) {
  Assign *a = userData;
  TileMmaInstr instr, first;
  const char *why;
  if (!tileOpIsNamed(op, "tile.dot") || !tileMmaInstrFor(op, &instr, &why) ||
      instr.inputBytes != 2)
    return MlirWalkResultAdvance;
  MlirOperation producer = producingDot(mlirOperationGetOperand(op, 0), 0);
  if (mlirOperationIsNull(producer) ||
      !tileMmaInstrFor(producer, &first, &why) ||
      a->numRowDots + 2 > TILE_MAX_CHAIN_DOTS)
    return MlirWalkResultAdvance;
  if (!isRowDot(a, producer))
    a->rowDots[a->numRowDots++] = producer;
  if (!isRowDot(a, op))
    a->rowDots[a->numRowDots++] = op;
  return MlirWalkResultAdvance;
}

/* Whether a tile of type `t` is shaped like the mma dot's result: each
 * dimension the same, or 1 (a row or column broadcast over it). */
static bool shapedLikeMma(const Assign *a, MlirType t) {
  if (!a->hasMma || mlirShapedTypeGetRank(t) != 2)
    return false;
  for (int d = 0; d < 2; ++d) {
    int64_t n = mlirShapedTypeGetDimSize(t, d);
    if (n != a->mmaShape[d] && n != 1)
      return false;
  }
  return true;
}

/* Elements a thread may hold in the anchor's layout where the default
 * would hold fewer: a norm's row and column tiles (a few per thread) stay
 * in their load's layout, where the default cost layernorm 14 barriers. */
#define TILE_ANCHOR_SPARE_REGS 64

/* The anchor of t's rank, else the default: blocked. An anchor shaped for
 * another tile of the rank replicates a tile narrower than it over the
 * threads it spans: a 32x32 load's layout holds a 2x1024 tile as 512
 * elements a thread, where the default holds 16 (difftest seed 701416: 55k
 * lines of PTX, 20 s of ptxas), and a 64x64 load's a 2048x2 tile as 2048,
 * past what compiles (seed 502938). Then the default, unless the anchor
 * holds no more than it or at most TILE_ANCHOR_SPARE_REGS. */
static TileLayout freshBlocked(const Assign *a, MlirType t) {
  int rank = (int)mlirShapedTypeGetRank(t);
  TileLayout fallback = defaultFor(t, a->numWarps);
  if (rank <= TILE_MAX_LAYOUT_RANK && a->hasAnchor[rank]) {
    int64_t shape[TILE_MAX_LAYOUT_RANK];
    shapeOf(t, &rank, shape);
    int64_t held = tileLayoutNumRegs(&a->anchor[rank], shape);
    if (held <= TILE_ANCHOR_SPARE_REGS ||
        held <= tileLayoutNumRegs(&fallback, shape))
      return a->anchor[rank];
  }
  return fallback;
}

static TileLayout freshLayout(const Assign *a, MlirType t) {
  if (shapedLikeMma(a, t))
    return a->mma;
  return freshBlocked(a, t);
}

static MlirWalkResult findAnchor(MlirOperation op, void *userData) {
  Assign *a = userData;
  if (tileOpIsNamed(op, "tile.dot") && !a->hasMma &&
      dotMmaLayout(op, a, &a->mma)) {
    MlirType t = mlirValueGetType(mlirOperationGetResult(op, 0));
    a->hasMma = true;
    a->mmaShape[0] = mlirShapedTypeGetDimSize(t, 0);
    a->mmaShape[1] = mlirShapedTypeGetDimSize(t, 1);
    return MlirWalkResultAdvance;
  }
  if (!tileOpIsNamed(op, "tile.load") && !tileOpIsNamed(op, "tile.load_masked"))
    return MlirWalkResultAdvance;
  MlirType t = mlirValueGetType(mlirOperationGetResult(op, 0));
  int rank = (int)mlirShapedTypeGetRank(t);
  if (rank > TILE_MAX_LAYOUT_RANK || a->hasAnchor[rank])
    return MlirWalkResultAdvance;
  if (!tileLayoutFromAttr(tileOpAttr(op, "tile.layout"), &a->anchor[rank]))
    a->anchor[rank] = defaultFor(t, a->numWarps);
  a->hasAnchor[rank] = true;
  return MlirWalkResultAdvance;
}

static MlirValue contiguousData(MlirOperation op);

/* The layout an expand_dims result will be wanted in: where it is
 * broadcast into the index of a contiguous gather or scatter (an
 * embedding's or a paged cache's rows), that access's data layout
 * (assignV2 rebuilds the broadcast there); else a fresh one. */
static TileLayout expandedLayout(const Assign *a, MlirOperation expand) {
  MlirValue result = mlirOperationGetResult(expand, 0);
  MlirOpOperand use = tileOnlyUse(result);
  MlirOperation user = mlirOpOperandIsNull(use) ? (MlirOperation){NULL}
                                                : mlirOpOperandGetOwner(use);
  if (!mlirOperationIsNull(user) && tileOpIsNamed(user, "tile.broadcast"))
    for (MlirOpOperand u =
             mlirValueGetFirstUse(mlirOperationGetResult(user, 0));
         !mlirOpOperandIsNull(u); u = mlirOpOperandGetNextUse(u)) {
      MlirValue data = contiguousData(mlirOpOperandGetOwner(u));
      if (!mlirValueIsNull(data))
        return defaultFor(mlirValueGetType(data), a->numWarps);
    }
  return freshLayout(a, mlirValueGetType(result));
}

/* A load whose only user is tile.expand_dims is loaded straight into the
 * slice layout that op needs (no conversion); false otherwise. */
static bool loadIntoSlice(const Assign *a, MlirValue result, TileLayout *out) {
  MlirOpOperand use = tileOnlyUse(result);
  if (mlirOpOperandIsNull(use))
    return false;
  MlirOperation user = mlirOpOperandGetOwner(use);
  int64_t axis = 0;
  if (!tileOpIsNamed(user, "tile.expand_dims") ||
      !tileOpIntAttr(user, "axis", &axis))
    return false;
  TileLayout parent = expandedLayout(a, user);
  *out = tileLayoutSlice(&parent, (int)axis);
  return true;
}

/* A row or column loaded to be broadcast over an mma-shaped tile (a
 * backward attention's lse and delta, one per query, over the scores):
 * its only use, through elementwise ops each used once, a tile.broadcast.
 * It is loaded straight into the mma layout, as an expand_dims result
 * lies in it (each thread reads its own columns), so the broadcast needs
 * no conversion of the whole broadcast tile through shared memory. */
static bool loadIntoBroadcast(const Assign *a, MlirValue result,
                              TileLayout *out) {
  MlirType t = mlirValueGetType(result);
  if (!shapedLikeMma(a, t) || (mlirShapedTypeGetDimSize(t, 0) != 1 &&
                               mlirShapedTypeGetDimSize(t, 1) != 1))
    return false;
  MlirValue v = result;
  for (int depth = 0; depth < 4; ++depth) {
    MlirOpOperand use = tileOnlyUse(v);
    if (mlirOpOperandIsNull(use))
      return false;
    MlirOperation user = mlirOpOperandGetOwner(use);
    if (tileOpIsNamed(user, "tile.broadcast")) {
      *out = a->mma;
      return true;
    }
    if (tileOpIsTile(user) || mlirOperationGetNumResults(user) != 1 ||
        !isTensor(mlirOperationGetResult(user, 0)) ||
        !mlirTypeEqual(mlirValueGetType(mlirOperationGetResult(user, 0)), t))
      return false;
    v = mlirOperationGetResult(user, 0);
  }
  return false;
}

/* Makes operand `i` of `user` have layout `want`, inserting a
 * tile.convert_layout before `user` when it has another. */
/* A copy of uniform `v`'s definition before `user`, in layout `want`:
 * cheaper than a conversion, and every user gets the type it needs. */
static MlirValue rematerialize(MlirValue v, MlirOperation user,
                               const TileLayout *want) {
  MlirOperation def = tileDefiningOp(v);
  MlirType type = tileTypeWithLayout(mlirValueGetType(v), want);
  MlirOperation copy;
  if (tileOpIsNamed(def, "tile.splat")) {
    MlirValue scalar = mlirOperationGetOperand(def, 0);
    copy = tileOpCreate(mlirOperationGetLocation(def), "tile.splat", 1,
                        &scalar, 1, &type, 0, NULL);
  } else {
    MlirAttribute value = mlirDenseElementsAttrGetSplatValue(
        tileOpAttr(def, "value"));
    TileNamedAttr attrs[] = {{"value",
                              mlirDenseElementsAttrSplatGet(type, value)}};
    copy = tileOpCreate(mlirOperationGetLocation(def), "arith.constant", 0,
                        NULL, 1, &type, 1, attrs);
  }
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(user), user, copy);
  return mlirOperationGetResult(copy, 0);
}

/* Integer index math a thread recomputes for free: what masks are made of
 * (a tile.range compared with a bound, shifted, combined). */
static const char *const kCheapOps[] = {
    "arith.addi",  "arith.subi",   "arith.muli",   "arith.andi",
    "arith.ori",   "arith.xori",   "arith.cmpi",   "arith.select",
    "arith.extsi", "arith.extui",  "arith.trunci", "arith.index_cast",
    "arith.maxsi", "arith.minsi",  "arith.shli",   "arith.shrsi",
    "arith.shrui",
};

static bool isCheapOp(MlirOperation op) {
  for (size_t i = 0; i < sizeof kCheapOps / sizeof kCheapOps[0]; ++i)
    if (tileOpIsNamed(op, kCheapOps[i]))
      return true;
  return false;
}

/* Whether `v` is computed from tile.range and uniform tiles by at most
 * `depth` levels of cheap ops, each with one result. */
static bool isCheapChain(MlirValue v, int depth) {
  if (tileValueIsUniform(v))
    return true;
  MlirOperation def = tileDefiningOp(v);
  if (mlirOperationIsNull(def) || mlirOperationGetNumResults(def) != 1)
    return false;
  if (tileOpIsNamed(def, "tile.range"))
    return true;
  if (depth == 0 || !isCheapOp(def))
    return false;
  intptr_t n = mlirOperationGetNumOperands(def);
  for (intptr_t i = 0; i < n; ++i) {
    MlirValue x = mlirOperationGetOperand(def, i);
    if (isTensor(x) && !isCheapChain(x, depth - 1))
      return false;
  }
  return true;
}

/* A copy of cheap chain `v` (isCheapChain) computing it in layout `want`,
 * each op copied right after its original (so it dominates all that the
 * original does): recomputing a mask's index math in the layout its user
 * needs costs a few integer ops per register, a conversion a round trip
 * through shared memory and two barriers. */
static MlirValue rematerializeChain(MlirValue v, const TileLayout *want) {
  MlirOperation def = tileDefiningOp(v);
  MlirOperation after = mlirOperationGetNextInBlock(def);
  if (tileValueIsUniform(v))
    return rematerialize(v, after, want);
  MlirOperation copy = mlirOperationClone(def);
  intptr_t n = mlirOperationGetNumOperands(def);
  for (intptr_t i = 0; i < n; ++i) {
    MlirValue x = mlirOperationGetOperand(def, i);
    if (isTensor(x)) {
      TileLayout l = *want;
      mlirOperationSetOperand(copy, i, rematerializeChain(x, &l));
    }
  }
  MlirValue result = mlirOperationGetResult(copy, 0);
  mlirValueSetType(result, tileTypeWithLayout(mlirValueGetType(v), want));
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(def), after, copy);
  return result;
}

static void requireLayout(MlirOperation user, intptr_t i,
                          const TileLayout *want) {
  MlirValue v = mlirOperationGetOperand(user, i);
  TileLayout have;
  if (layoutOf(v, &have) && tileLayoutEqual(&have, want))
    return;
  if (tileValueIsUniform(v)) {
    mlirOperationSetOperand(user, i, rematerialize(v, user, want));
    return;
  }
  if (isCheapChain(v, 4)) {
    mlirOperationSetOperand(user, i, rematerializeChain(v, want));
    return;
  }
  MlirType type = tileTypeWithLayout(mlirValueGetType(v), want);
  MlirOperation convert = tileOpCreate(mlirOperationGetLocation(user),
                                       "tile.convert_layout", 1, &v, 1, &type,
                                       0, NULL);
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(user), user,
                                      convert);
  mlirOperationSetOperand(user, i, mlirOperationGetResult(convert, 0));
}

/* The layout of the first operand that is a non-uniform tile with one. */
static bool firstOperandLayout(MlirOperation op, TileLayout *out) {
  intptr_t n = mlirOperationGetNumOperands(op);
  for (intptr_t i = 0; i < n; ++i) {
    MlirValue v = mlirOperationGetOperand(op, i);
    if (isTensor(v) && !tileValueIsUniform(v) && layoutOf(v, out))
      return true;
  }
  return false;
}

/* The layout an elementwise op runs in: that of its first operand that
 * would cost a conversion to move (not a uniform tile or a cheap chain,
 * which requireLayout recomputes in any layout for a few integer ops),
 * else the first operand's. A mask made from a range meeting a
 * reduction's scores (select(pos < len, scores, -inf)) then runs in the
 * scores' slice layout, and the mask is recomputed there. */
static bool elementwiseLayout(MlirOperation op, TileLayout *out) {
  intptr_t n = mlirOperationGetNumOperands(op);
  for (intptr_t i = 0; i < n; ++i) {
    MlirValue v = mlirOperationGetOperand(op, i);
    if (isTensor(v) && !tileValueIsUniform(v) && !isCheapChain(v, 4) &&
        layoutOf(v, out))
      return true;
  }
  return firstOperandLayout(op, out);
}

static void requireAllTensorOperands(MlirOperation op, const TileLayout *l) {
  intptr_t n = mlirOperationGetNumOperands(op);
  for (intptr_t i = 0; i < n; ++i)
    if (isTensor(mlirOperationGetOperand(op, i)))
      requireLayout(op, i, l);
}

/* A blocked layout for operand `i`: its own if blocked (or mma, when
 * `orMma`), else the default. */
static TileLayout requireBlockedOr(MlirOperation op, intptr_t i, Assign *a,
                                   bool orMma) {
  MlirValue v = mlirOperationGetOperand(op, i);
  TileLayout l;
  if (!layoutOf(v, &l) ||
      !(l.kind == LAYOUT_BLOCKED || (orMma && l.kind == LAYOUT_MMA))) {
    l = orMma ? freshLayout(a, mlirValueGetType(v))
              : freshBlocked(a, mlirValueGetType(v));
    requireLayout(op, i, &l);
  }
  return l;
}

/* A broadcast keeps its source's layout (blocked, or mma), so the source
 * moves nothing, unless that layout, made for the source's few elements,
 * would put more of the result's on each thread than the result's own
 * layout does: a [1, 1] tile's layout replicates its element over every
 * thread, and kept for a [1, 2048] broadcast it puts all 2048 on each
 * (gen2's kernels 100197, 101696, 101731). Then the source is converted
 * to the result's layout, which costs only its own few elements. */
static TileLayout broadcastLayout(MlirOperation op, Assign *a) {
  MlirValue source = mlirOperationGetOperand(op, 0);
  MlirType resultType = mlirValueGetType(mlirOperationGetResult(op, 0));
  TileLayout kept;
  if (layoutOf(source, &kept) &&
      (kept.kind == LAYOUT_BLOCKED || kept.kind == LAYOUT_MMA)) {
    int rank;
    int64_t shape[TILE_MAX_LAYOUT_RANK];
    shapeOf(resultType, &rank, shape);
    TileLayout own = freshLayout(a, resultType);
    if (rank > TILE_MAX_LAYOUT_RANK ||
        tileLayoutNumRegs(&kept, shape) <= tileLayoutNumRegs(&own, shape))
      return kept;
    requireLayout(op, 0, &own);
    return own;
  }
  return requireBlockedOr(op, 0, a, true);
}

/* Yielded tiles take the layout of what they become: the scf.for
 * iter_arg, or the scf.if result (which the first yield seen decides). */
static void assignYield(MlirOperation op, Assign *a) {
  MlirOperation parent = mlirOperationGetParentOperation(op);
  bool isFor = tileOpIsNamed(parent, "scf.for");
  intptr_t n = mlirOperationGetNumOperands(op);
  for (intptr_t i = 0; i < n; ++i) {
    MlirValue target =
        isFor ? mlirBlockGetArgument(mlirOperationGetBlock(op), 1 + i)
              : mlirOperationGetResult(parent, i);
    if (!isTensor(target))
      continue;
    TileLayout l;
    if (!layoutOf(target, &l)) {
      MlirValue v = mlirOperationGetOperand(op, i);
      if (tileValueIsUniform(v) || !layoutOf(v, &l))
        l = defaultFor(mlirValueGetType(v), a->numWarps);
      setLayout(target, &l);
    }
    requireLayout(op, i, &l);
  }
}

/* A reshape that only adds or drops unit dimensions of a blocked tile
 * (a batch element's [1][M][K] box as [M][K], and back) keeps every
 * element where it is: its result gets that layout, and it moves
 * nothing. */
static bool reshapeInPlace(MlirOperation op, TileLayout *out) {
  MlirValue src = mlirOperationGetOperand(op, 0);
  MlirType st = mlirValueGetType(src);
  MlirType rt = mlirValueGetType(mlirOperationGetResult(op, 0));
  int sr, rr;
  int64_t ss[TILE_MAX_LAYOUT_RANK], rs[TILE_MAX_LAYOUT_RANK];
  TileLayout l;
  if (tileValueIsUniform(src) || !layoutOf(src, &l) ||
      mlirShapedTypeGetRank(rt) > TILE_MAX_LAYOUT_RANK)
    return false;
  shapeOf(st, &sr, ss);
  shapeOf(rt, &rr, rs);
  return tileLayoutReshapeUnitDims(&l, sr, ss, rr, rs, out);
}

/* Makes operand `i` of `user` have blocked layout `want`. A broadcast or
 * expand_dims there (an index tile built from a row of ids: a gather's
 * rows) is rebuilt in `want` from its source converted instead, which
 * moves the source's few elements through shared memory rather than the
 * whole broadcast tile. */
static void requireShapeOpLayout(MlirOperation user, intptr_t i,
                                 const TileLayout *want, int depth) {
  MlirValue v = mlirOperationGetOperand(user, i);
  MlirOperation def = tileDefiningOp(v);
  TileLayout have;
  bool reshape = !mlirOperationIsNull(def) &&
                 (tileOpIsNamed(def, "tile.broadcast") ||
                  tileOpIsNamed(def, "tile.expand_dims"));
  if (!reshape || depth > 4 || want->kind != LAYOUT_BLOCKED ||
      tileValueIsUniform(v) ||
      (layoutOf(v, &have) && tileLayoutEqual(&have, want))) {
    requireLayout(user, i, want);
    return;
  }
  MlirOperation copy = mlirOperationClone(def);
  MlirValue result = mlirOperationGetResult(copy, 0);
  mlirValueSetType(result, tileTypeWithLayout(mlirValueGetType(v), want));
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(user), user, copy);
  mlirOperationSetOperand(user, i, result);
  int64_t axis = 0;
  if (tileOpIsNamed(def, "tile.expand_dims") &&
      tileOpIntAttr(def, "axis", &axis)) {
    TileLayout slice = tileLayoutSlice(want, (int)axis);
    requireLayout(copy, 0, &slice);
    return;
  }
  requireShapeOpLayout(copy, 0, want, depth + 1);
}

/* The gather's or scatter's data tile when its innermost index tile rises
 * by one along the innermost dimension (an embedding row, a contiguous
 * scatter): it then runs in the default layout of the data, 16 bytes per
 * thread along that dimension, so its accesses coalesce into vectors
 * (GpuIndirect.c). Null otherwise. Atomics access element by element, so
 * they keep their value's layout (a split-K dot's accumulator, say). */
static MlirValue contiguousData(MlirOperation op) {
  intptr_t mem = tileOpIsNamed(op, "tile.gather")    ? 0
                 : tileOpIsNamed(op, "tile.scatter") ? 1
                                                     : -1;
  if (mem < 0)
    return (MlirValue){NULL};
  MlirValue data = mem == 0 ? mlirOperationGetResult(op, 0)
                            : mlirOperationGetOperand(op, mem - 1);
  intptr_t n = mlirOperationGetNumOperands(op);
  int inner = (int)mlirShapedTypeGetRank(mlirValueGetType(data)) - 1;
  if (n <= mem + 1 ||
      !tileMemrefInnerContiguous(
          mlirValueGetType(mlirOperationGetOperand(op, mem))) ||
      !tileContiguousAlong(mlirOperationGetOperand(op, n - 1), inner))
    return (MlirValue){NULL};
  return data;
}

/* ---- slice hints ---- */

static bool sliceHinted(const Assign *a, MlirOperation range, TileLayout *out) {
  for (int i = 0; i < a->numSliceHints; ++i)
    if (mlirOperationEqual(a->sliceHint[i], range)) {
      if (out)
        *out = a->sliceHintLayout[i];
      return true;
    }
  return false;
}

static void addSliceHint(Assign *a, MlirOperation op, const TileLayout *slice) {
  if (!sliceHinted(a, op, NULL) && a->numSliceHints < TILE_MAX_SLICE_HINTS) {
    a->sliceHint[a->numSliceHints] = op;
    a->sliceHintLayout[a->numSliceHints++] = *slice;
  }
}

/* Walks back from `v`, which a tile.expand_dims wants in `slice`, through
 * elementwise ops and the indices of gathers that are not contiguous
 * (those run in their operands' layout, assignV2) to the ranges they
 * start from, and hints each such range (and each such gather, which
 * takes a fresh layout where its indices are uniform: a page id looked
 * up by the step's number) to take `slice`: the chain is then computed in
 * it, and the expand_dims needs no conversion. An op is hinted once (the
 * first expand_dims in program order wins; another user recomputes its
 * cheap chain or converts, as without the hint). */
static void hintSlices(Assign *a, MlirValue v, const TileLayout *slice,
                       int *budget) {
  MlirOperation def = tileDefiningOp(v);
  /* The budget bounds the definitions visited from one expand_dims: a
   * value used twice is visited twice, and a chain of such would
   * otherwise take exponential time. */
  if (--*budget < 0 || mlirOperationIsNull(def) || tileValueIsUniform(v))
    return;
  if (tileOpIsNamed(def, "tile.range")) {
    addSliceHint(a, def, slice);
    return;
  }
  bool elementwise =
      tileOpIsArithOrMath(def) && mlirOperationGetNumResults(def) == 1;
  bool gather = tileOpIsNamed(def, "tile.gather") &&
                mlirValueIsNull(contiguousData(def));
  if (!elementwise && !gather)
    return;
  if (gather)
    addSliceHint(a, def, slice);
  for (intptr_t i = gather ? 1 : 0; i < mlirOperationGetNumOperands(def); ++i) {
    MlirValue x = mlirOperationGetOperand(def, i);
    if (isTensor(x))
      hintSlices(a, x, slice, budget);
  }
}

static MlirWalkResult findSliceHints(MlirOperation op, void *userData) {
  Assign *a = userData;
  int64_t axis = 0;
  if (!tileOpIsNamed(op, "tile.expand_dims") ||
      !tileOpIntAttr(op, "axis", &axis))
    return MlirWalkResultAdvance;
  TileLayout parent = expandedLayout(a, op);
  TileLayout slice = tileLayoutSlice(&parent, (int)axis);
  int budget = 64;
  hintSlices(a, mlirOperationGetOperand(op, 0), &slice, &budget);
  return MlirWalkResultAdvance;
}

/* The v2 ops (docs/dialect.md, "v2"). Those that work element by element
 * (gather, scatter, the atomics, rand, randint, print, assert) run in one
 * layout that all their tile operands and the result share: element e of
 * every tile is in the same register of the same thread, so TileToGPU
 * needs no coordinates. That layout is the data's default for a
 * contiguous access (contiguousData), else that of the first non-uniform
 * tile operand. A scan runs in a blocked layout (its own, else the
 * default), whose registers, lanes and warps along the axis it walks in
 * order. */
static bool assignV2(MlirOperation op, Assign *a) {
  static const char *const perElement[] = {
      "tile.gather", "tile.scatter",   "tile.atomic_rmw", "tile.atomic_cas",
      "tile.rand",   "tile.randint",   "tile.print",      "tile.assert"};
  TileLayout l;
  intptr_t nResults = mlirOperationGetNumResults(op);
  if (tileOpIsNamed(op, "tile.scan")) {
    l = requireBlockedOr(op, 0, a, false);
    setLayout(mlirOperationGetResult(op, 0), &l);
    return true;
  }
  for (size_t i = 0; i < sizeof perElement / sizeof perElement[0]; ++i) {
    if (!tileOpIsNamed(op, perElement[i]))
      continue;
    MlirValue shaped = nResults == 1 ? mlirOperationGetResult(op, 0)
                                     : mlirOperationGetOperand(op, 0);
    if (!isTensor(shaped)) /* a scalar print or assert */
      return true;
    MlirValue data = contiguousData(op);
    if (!mlirValueIsNull(data))
      l = defaultFor(mlirValueGetType(data), a->numWarps);
    else if (!firstOperandLayout(op, &l) && !sliceHinted(a, op, &l))
      l = freshLayout(a, mlirValueGetType(shaped));
    for (intptr_t k = 0, n = mlirOperationGetNumOperands(op); k < n; ++k)
      if (isTensor(mlirOperationGetOperand(op, k)))
        requireShapeOpLayout(op, k, &l, 0);
    if (nResults == 1)
      setLayout(mlirOperationGetResult(op, 0), &l);
    return true;
  }
  return false;
}

static void assignOp(MlirOperation op, Assign *a) {
  intptr_t nResults = mlirOperationGetNumResults(op);
  bool tensorResult = nResults == 1 && isTensor(mlirOperationGetResult(op, 0));
  MlirValue result = tensorResult ? mlirOperationGetResult(op, 0)
                                  : (MlirValue){NULL};
  TileLayout l;
  if (tileOpIsNamed(op, "tile.load") || tileOpIsNamed(op, "tile.load_masked")) {
    /* Into its user's slice or broadcast, else tile-coalesce's choice,
     * else (when tile-coalesce did not run) the default. */
    if (!loadIntoSlice(a, result, &l) && !loadIntoBroadcast(a, result, &l) &&
        !tileLayoutFromAttr(tileOpAttr(op, "tile.layout"), &l))
      l = defaultFor(mlirValueGetType(result), a->numWarps);
    mlirOperationRemoveAttributeByName(op, tileStr("tile.layout"));
    setLayout(result, &l);
    if (tileOpIsNamed(op, "tile.load_masked"))
      requireLayout(op, 1, &l);
    return;
  }
  /* Stores write any layout (a reduction's slice included) as it is. */
  if (tileOpIsNamed(op, "tile.store") ||
      tileOpIsNamed(op, "tile.store_masked")) {
    MlirValue v = mlirOperationGetOperand(op, 0);
    if (tileValueIsUniform(v) || !layoutOf(v, &l)) {
      l = freshLayout(a, mlirValueGetType(v));
      requireLayout(op, 0, &l);
    }
    if (tileOpIsNamed(op, "tile.store_masked"))
      requireLayout(op, 2, &l);
    return;
  }
  if (tileOpIsNamed(op, "tile.reduce")) {
    int64_t axis = 0;
    tileOpIntAttr(op, "axis", &axis);
    /* mma: reduced in place; a rank-1 slice too (to a scalar: GpuReduce.c
     * reduces it as its parent). */
    MlirValue x = mlirOperationGetOperand(op, 0);
    if (tensorResult || tileValueIsUniform(x) || !layoutOf(x, &l) ||
        l.kind != LAYOUT_SLICE)
      l = requireBlockedOr(op, 0, a, true);
    if (tensorResult) {
      TileLayout s = tileLayoutSlice(&l, (int)axis);
      setLayout(result, &s);
    }
    return;
  }
  if (tileOpIsNamed(op, "tile.expand_dims")) {
    int64_t axis = 0;
    tileOpIntAttr(op, "axis", &axis);
    MlirValue source = mlirOperationGetOperand(op, 0);
    TileLayout s;
    if (layoutOf(source, &s) && s.kind == LAYOUT_SLICE &&
        s.sliceDim == axis && !tileValueIsUniform(source)) {
      l = s;
      l.kind = s.parentKind;
    } else {
      l = freshLayout(a, mlirValueGetType(result));
      TileLayout want = tileLayoutSlice(&l, (int)axis);
      requireLayout(op, 0, &want);
    }
    setLayout(result, &l);
    return;
  }
  if (tileOpIsNamed(op, "tile.broadcast")) {
    l = broadcastLayout(op, a);
    setLayout(result, &l);
    return;
  }
  if (tileOpIsNamed(op, "tile.dot")) {
    /* Tensor cores when there is an instruction (the mma layout), else the
     * FMA loop (a blocked layout). */
    if (!dotMmaLayout(op, a, &l) &&
        (!layoutOf(mlirOperationGetOperand(op, 2), &l) ||
         l.kind != LAYOUT_BLOCKED))
      l = freshLayout(a, mlirValueGetType(result));
    requireLayout(op, 2, &l);
    setLayout(result, &l);
    return;
  }
  if (assignV2(op, a))
    return;
  if (tileOpIsNamed(op, "tile.convert_layout"))
    return;
  if (tileOpIsNamed(op, "scf.yield")) {
    assignYield(op, a);
    return;
  }
  if (tileOpIsNamed(op, "scf.if"))
    return; /* its results got their layouts from the yields */
  if (!tensorResult)
    return;
  if (tileOpIsNamed(op, "arith.constant")) {
    /* A splat constant's value carries its type: both change together.
     * Other constants keep no layout (TileToGPU rejects them). */
    if (!tileValueIsUniform(result))
      return;
    l = freshLayout(a, mlirValueGetType(result));
    setLayout(result, &l);
    MlirAttribute value = tileOpAttr(op, "value");
    mlirOperationSetAttributeByName(
        op, tileStr("value"),
        mlirDenseElementsAttrSplatGet(mlirValueGetType(result),
                                      mlirDenseElementsAttrGetSplatValue(value)));
    return;
  }
  if (tileOpIsNamed(op, "tile.reshape") && reshapeInPlace(op, &l)) {
    setLayout(result, &l);
    return;
  }
  /* Elementwise (arith/math), splats, constants, range, trans, reshape. */
  bool elementwise = !tileOpIsTile(op) && !tileOpIsNamed(op, "arith.constant");
  if (elementwise && elementwiseLayout(op, &l)) {
    requireAllTensorOperands(op, &l);
  } else if (!tileOpIsNamed(op, "tile.range") || !sliceHinted(a, op, &l)) {
    l = freshLayout(a, mlirValueGetType(result));
  }
  setLayout(result, &l);
}

static void assignRegion(MlirRegion region, Assign *a);

/* The layout the value yielded for a loop's iter_arg will have, as far
 * as it can be told before the body is assigned: a tensor-core dot's mma
 * layout, a contiguous gather's default, a reduction's slice of its
 * input's (paged attention's P V sum over the gathered V rows), through
 * elementwise ops
 * (their first operand that tells) and the yields of inner loops; false
 * when nothing tells (block arguments, loads, other ops). */
static bool predictLayout(MlirValue v, const Assign *a, int depth,
                          TileLayout *out) {
  MlirOperation def = tileDefiningOp(v);
  if (mlirOperationIsNull(def) || depth > 16 || tileValueIsUniform(v))
    return false;
  if (tileOpIsNamed(def, "tile.dot"))
    return dotMmaLayout(def, a, out);
  if (tileOpIsNamed(def, "tile.gather") &&
      !mlirValueIsNull(contiguousData(def))) {
    *out = defaultFor(mlirValueGetType(v), a->numWarps); /* assignV2's */
    return true;
  }
  if (tileOpIsNamed(def, "tile.reduce")) {
    int64_t axis = 0;
    TileLayout in;
    if (!tileOpIntAttr(def, "axis", &axis) ||
        !predictLayout(mlirOperationGetOperand(def, 0), a, depth + 1, &in) ||
        in.kind == LAYOUT_SLICE)
      return false;
    *out = tileLayoutSlice(&in, (int)axis);
    return true;
  }
  if (tileOpIsNamed(def, "scf.for")) {
    MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(def, 0));
    return predictLayout(
        mlirOperationGetOperand(mlirBlockGetTerminator(body),
                                mlirOpResultGetResultNumber(v)),
        a, depth + 1, out);
  }
  /* An scf.if's result: what either branch yields for it (a running
   * maximum whose row an if picks: without this its iter_arg took a
   * blocked layout, and each iteration moved the row through shared
   * memory, barriers in the loop; test/Transforms/assign-layouts.mlir). */
  if (tileOpIsNamed(def, "scf.if")) {
    intptr_t i = mlirOpResultGetResultNumber(v);
    for (intptr_t r = 0; r < mlirOperationGetNumRegions(def); ++r) {
      MlirBlock branch =
          mlirRegionGetFirstBlock(mlirOperationGetRegion(def, r));
      if (!mlirBlockIsNull(branch) &&
          predictLayout(
              mlirOperationGetOperand(mlirBlockGetTerminator(branch), i), a,
              depth + 1, out))
        return true;
    }
    return false;
  }
  if (!tileOpIsArithOrMath(def))
    return false;
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(def); ++i) {
    MlirValue x = mlirOperationGetOperand(def, i);
    if (isTensor(x) && predictLayout(x, a, depth + 1, out))
      return true;
  }
  return false;
}

/* scf.for: iter_args take their init's layout, results the iter_args'. A
 * uniform init (a zero accumulator, a running maximum's -inf) takes the
 * layout of what the body yields for it where that can be told
 * (predictLayout): a flash-attention loop's accumulator and row
 * statistics then stay in the dots' layouts from one iteration to the
 * next, with no conversion in the loop. */
static void assignFor(MlirOperation op, Assign *a) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  MlirOperation yield = mlirBlockGetTerminator(body);
  intptr_t nIter = mlirOperationGetNumResults(op);
  for (intptr_t i = 0; i < nIter; ++i) {
    MlirValue init = mlirOperationGetOperand(op, 3 + i);
    if (!isTensor(init))
      continue;
    TileLayout l;
    if (tileValueIsUniform(init) || !layoutOf(init, &l)) {
      if (!predictLayout(mlirOperationGetOperand(yield, i), a, 0, &l))
        l = freshLayout(a, mlirValueGetType(init));
    }
    requireLayout(op, 3 + i, &l);
    setLayout(mlirBlockGetArgument(body, 1 + i), &l);
    setLayout(mlirOperationGetResult(op, i), &l);
  }
  assignRegion(mlirOperationGetRegion(op, 0), a);
}

static void assignBlock(MlirBlock block, Assign *a) {
  for (MlirOperation op = mlirBlockGetFirstOperation(block);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    if (tileOpIsNamed(op, "scf.for")) {
      assignFor(op, a);
      continue;
    }
    intptr_t nRegions = mlirOperationGetNumRegions(op);
    for (intptr_t r = 0; r < nRegions; ++r)
      assignRegion(mlirOperationGetRegion(op, r), a);
    assignOp(op, a);
  }
}

static void assignRegion(MlirRegion region, Assign *a) {
  for (MlirBlock b = mlirRegionGetFirstBlock(region); !mlirBlockIsNull(b);
       b = mlirBlockGetNextInRegion(b))
    assignBlock(b, a);
}

static MlirWalkResult assignKernel(MlirOperation op, void *userData) {
  WalkState *st = userData;
  if (!tileOpIsKernel(op))
    return MlirWalkResultAdvance;
  Assign a;
  memset(&a, 0, sizeof a);
  a.numWarps = tileKernelNumWarps(op, st->numWarps);
  a.chip = st->chip;
  mlirOperationWalk(op, findChains, &a, MlirWalkPreOrder);
  mlirOperationWalk(op, findAnchor, &a, MlirWalkPreOrder);
  mlirOperationWalk(op, findSliceHints, &a, MlirWalkPreOrder);
  assignRegion(mlirOperationGetRegion(op, 0), &a);
  return MlirWalkResultSkip;
}

/* Refuses, at the first op whose tile has them, layouts that put more
 * than TILE_MAX_REGS_PER_THREAD elements on a thread: the code grows with
 * them, and ptxas took six minutes on a 2^20-element tile over 4 warps
 * (8192 per thread) where 1024 per thread take four seconds. */
static MlirWalkResult checkRegisters(MlirOperation op, void *userData) {
  bool *ok = userData;
  for (intptr_t i = 0, n = mlirOperationGetNumResults(op); i < n && *ok;
       ++i) {
    MlirType t = mlirValueGetType(mlirOperationGetResult(op, i));
    TileLayout l;
    if (!mlirTypeIsARankedTensor(t) || !tileTypeLayout(t, &l))
      continue;
    int64_t shape[TILE_MAX_LAYOUT_RANK];
    intptr_t rank = mlirShapedTypeGetRank(t);
    int64_t elements = 1;
    for (intptr_t d = 0; d < rank && d < TILE_MAX_LAYOUT_RANK; ++d)
      elements *= shape[d] = mlirShapedTypeGetDimSize(t, d);
    int regs = tileLayoutNumRegs(&l, shape);
    if (regs <= TILE_MAX_REGS_PER_THREAD)
      continue;
    tileEmitOpError(op,
                    "a tile of %lld elements puts %d on each thread; at most "
                    "%d compile in reasonable time (use more warps, "
                    "tile.num_warps, or a smaller tile)",
                    (long long)elements, regs, TILE_MAX_REGS_PER_THREAD);
    *ok = false;
  }
  return *ok ? MlirWalkResultAdvance : MlirWalkResultInterrupt;
}

MlirLogicalResult tileAssignLayouts(MlirOperation op, int numWarps,
                                    const char *chip) {
  WalkState st = {numWarps, true, chip};
  mlirOperationWalk(op, assignKernel, &st, MlirWalkPreOrder);
  bool ok = true;
  mlirOperationWalk(op, checkRegisters, &ok, MlirWalkPreOrder);
  return ok ? mlirLogicalResultSuccess() : mlirLogicalResultFailure();
}
