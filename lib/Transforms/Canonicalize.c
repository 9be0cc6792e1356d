/* tile-canonicalize: rewrite patterns for tile ops, applied with MLIR's
 * greedy driver (which also folds arith/math and erases their dead ops).
 * IRDL ops have no folders and no side-effect interface, so everything that
 * upstream would do for a C++ dialect (splat folding, shape-op chains, DCE)
 * is spelled out here. A replaced value always keeps its exact result type,
 * encoding included. */
#include "lib/Transforms/Canonicalize.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/IR/IR.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

/* Tile ranks are 1..3; anything larger is left alone. */
enum { kMaxRank = 8 };

static MlirValue sourceOf(MlirOperation op) {
  return mlirOperationGetOperand(op, 0);
}

static MlirType resultTypeOf(MlirOperation op) {
  return mlirValueGetType(mlirOperationGetResult(op, 0));
}

/* The op defining `v` if it is named `name`, else a null op. */
static MlirOperation definedBy(MlirValue v, const char *name) {
  MlirOperation def = tileDefiningOp(v);
  if (mlirOperationIsNull(def) || !tileOpIsNamed(def, name))
    return (MlirOperation){NULL};
  return def;
}

/* The scalar a splat-valued arith.constant (dense<v> : tensor<...>) holds. */
static bool splatConstantValue(MlirOperation constant, MlirAttribute *out) {
  MlirAttribute value = tileOpAttr(constant, "value");
  if (mlirAttributeIsNull(value) || !mlirAttributeIsADenseElements(value) ||
      !mlirDenseElementsAttrIsSplat(value))
    return false;
  *out = mlirDenseElementsAttrGetSplatValue(value);
  return true;
}

/* Whether `type` can carry a dense constant of `elem` values. */
static bool isStaticTensorOf(MlirType type, MlirType elem) {
  return mlirTypeIsARankedTensor(type) && mlirShapedTypeHasStaticShape(type) &&
         mlirTypeEqual(mlirShapedTypeGetElementType(type), elem);
}

/* Inserts the detached `newOp` before `op` and replaces `op` with it. */
static void replaceWithNewOp(MlirPatternRewriter rewriter, MlirOperation op,
                             MlirOperation newOp) {
  MlirRewriterBase rw = mlirPatternRewriterAsBase(rewriter);
  mlirRewriterBaseSetInsertionPointBefore(rw, op);
  mlirRewriterBaseInsert(rw, newOp);
  mlirRewriterBaseReplaceOpWithOperation(rw, op, newOp);
}

static void replaceWithValue(MlirPatternRewriter rewriter, MlirOperation op,
                             MlirValue value) {
  mlirRewriterBaseReplaceOpWithValues(mlirPatternRewriterAsBase(rewriter), op,
                                      1, &value);
}

static MlirOperation createSplatConstant(MlirLocation loc, MlirType type,
                                         MlirAttribute scalar) {
  TileNamedAttr value = {"value", mlirDenseElementsAttrSplatGet(type, scalar)};
  return tileOpCreate(loc, "arith.constant", 0, NULL, 1, &type, 1, &value);
}

static MlirOperation createSplat(MlirLocation loc, MlirType type,
                                 MlirValue scalar) {
  return tileOpCreate(loc, "tile.splat", 1, &scalar, 1, &type, 0, NULL);
}

/* Reads `permutation` (array<i32: ...> or array<i64: ...>); -1 if absent. */
static intptr_t readPermutation(MlirOperation trans, int64_t perm[kMaxRank]) {
  MlirAttribute a = tileOpAttr(trans, "permutation");
  if (mlirAttributeIsNull(a))
    return -1;
  bool is32 = mlirAttributeIsADenseI32Array(a);
  if (!is32 && !mlirAttributeIsADenseI64Array(a))
    return -1;
  intptr_t n = mlirDenseArrayGetNumElements(a);
  if (n > kMaxRank)
    return -1;
  for (intptr_t i = 0; i < n; ++i)
    perm[i] = is32 ? mlirDenseI32ArrayGetElement(a, i)
                   : mlirDenseI64ArrayGetElement(a, i);
  return n;
}

static bool isIdentityPermutation(const int64_t *perm, intptr_t n) {
  for (intptr_t i = 0; i < n; ++i)
    if (perm[i] != i)
      return false;
  return true;
}

/* ---- Patterns ---------------------------------------------------------- */

/* splat(arith.constant s) -> arith.constant dense<s>. */
static MlirLogicalResult foldSplatOfConstant(MlirOperation op,
                                             MlirPatternRewriter rewriter) {
  MlirOperation constant = definedBy(sourceOf(op), "arith.constant");
  if (mlirOperationIsNull(constant))
    return mlirLogicalResultFailure();
  MlirAttribute scalar = tileOpAttr(constant, "value");
  if (mlirAttributeIsNull(scalar) ||
      !(mlirAttributeIsAInteger(scalar) || mlirAttributeIsAFloat(scalar)))
    return mlirLogicalResultFailure();
  MlirType type = resultTypeOf(op);
  if (!isStaticTensorOf(type, mlirAttributeGetType(scalar)))
    return mlirLogicalResultFailure();
  replaceWithNewOp(
      rewriter, op,
      createSplatConstant(mlirOperationGetLocation(op), type, scalar));
  return mlirLogicalResultSuccess();
}

/* broadcast/reshape/expand_dims/trans of a uniform tile is the same uniform
 * tile in the new shape: of splat(s) -> splat(s); of a splat constant -> a
 * constant of the new type. */
static MlirLogicalResult foldShapeOpOfSplat(MlirOperation op,
                                            MlirPatternRewriter rewriter) {
  MlirValue source = sourceOf(op);
  MlirType type = resultTypeOf(op);
  MlirLocation loc = mlirOperationGetLocation(op);
  if (!mlirTypeIsARankedTensor(type) ||
      !mlirTypeEqual(mlirShapedTypeGetElementType(type),
                     mlirShapedTypeGetElementType(mlirValueGetType(source))))
    return mlirLogicalResultFailure();

  MlirOperation splat = definedBy(source, "tile.splat");
  if (!mlirOperationIsNull(splat)) {
    replaceWithNewOp(rewriter, op, createSplat(loc, type, sourceOf(splat)));
    return mlirLogicalResultSuccess();
  }
  MlirOperation constant = definedBy(source, "arith.constant");
  MlirAttribute scalar;
  if (!mlirOperationIsNull(constant) && splatConstantValue(constant, &scalar) &&
      isStaticTensorOf(type, mlirAttributeGetType(scalar))) {
    replaceWithNewOp(rewriter, op, createSplatConstant(loc, type, scalar));
    return mlirLogicalResultSuccess();
  }
  return mlirLogicalResultFailure();
}

/* trans(trans(x, p1), p2) -> trans(x, q) with q[i] = p1[p2[i]]; just x when
 * q is the identity and x already has the result type. */
static MlirLogicalResult foldTransOfTrans(MlirOperation op,
                                          MlirPatternRewriter rewriter) {
  MlirOperation inner = definedBy(sourceOf(op), "tile.trans");
  if (mlirOperationIsNull(inner))
    return mlirLogicalResultFailure();
  int64_t outerPerm[kMaxRank], innerPerm[kMaxRank];
  intptr_t n = readPermutation(op, outerPerm);
  if (n < 0 || readPermutation(inner, innerPerm) != n)
    return mlirLogicalResultFailure();
  int32_t composed[kMaxRank];
  int64_t composed64[kMaxRank];
  for (intptr_t i = 0; i < n; ++i) {
    if (outerPerm[i] < 0 || outerPerm[i] >= n)
      return mlirLogicalResultFailure();
    composed64[i] = innerPerm[outerPerm[i]];
    composed[i] = (int32_t)composed64[i];
  }

  MlirValue x = sourceOf(inner);
  MlirType type = resultTypeOf(op);
  if (isIdentityPermutation(composed64, n) &&
      mlirTypeEqual(mlirValueGetType(x), type)) {
    replaceWithValue(rewriter, op, x);
    return mlirLogicalResultSuccess();
  }
  MlirContext ctx = mlirOperationGetContext(op);
  TileNamedAttr perm = {"permutation", mlirDenseI32ArrayGet(ctx, n, composed)};
  replaceWithNewOp(rewriter, op,
                   tileOpCreate(mlirOperationGetLocation(op), "tile.trans", 1,
                                &x, 1, &type, 1, &perm));
  return mlirLogicalResultSuccess();
}

/* op(op(x)) -> op(x), or x when it already has the result type: for
 * reshape (row-major order composes) and convert_layout (a layout only says
 * where elements live). */
static MlirLogicalResult foldChainOfSameOp(MlirOperation op,
                                           MlirPatternRewriter rewriter) {
  char name[64];
  tileOpName(op, name, sizeof name);
  MlirOperation inner = definedBy(sourceOf(op), name);
  if (mlirOperationIsNull(inner))
    return mlirLogicalResultFailure();
  MlirValue x = sourceOf(inner);
  MlirType type = resultTypeOf(op);
  if (mlirTypeEqual(mlirValueGetType(x), type)) {
    replaceWithValue(rewriter, op, x);
    return mlirLogicalResultSuccess();
  }
  replaceWithNewOp(rewriter, op,
                   tileOpCreate(mlirOperationGetLocation(op), name, 1, &x, 1,
                                &type, 0, NULL));
  return mlirLogicalResultSuccess();
}

/* broadcast/reshape to the source's own type is the source. */
static MlirLogicalResult foldIdentityShapeOp(MlirOperation op,
                                             MlirPatternRewriter rewriter) {
  MlirValue source = sourceOf(op);
  if (!mlirTypeEqual(mlirValueGetType(source), resultTypeOf(op)))
    return mlirLogicalResultFailure();
  replaceWithValue(rewriter, op, source);
  return mlirLogicalResultSuccess();
}

/* Equal types are not enough for trans: a 64x64 transpose keeps its type. */
static MlirLogicalResult foldIdentityTrans(MlirOperation op,
                                           MlirPatternRewriter rewriter) {
  int64_t perm[kMaxRank];
  intptr_t n = readPermutation(op, perm);
  if (n < 0 || !isIdentityPermutation(perm, n))
    return mlirLogicalResultFailure();
  return foldIdentityShapeOp(op, rewriter);
}

/* Upstream DCE cannot see that IRDL ops are free of side effects. */
static MlirLogicalResult eraseUnused(MlirOperation op,
                                     MlirPatternRewriter rewriter) {
  if (mlirOperationGetNumResults(op) == 0 || !tileOpResultsUnused(op))
    return mlirLogicalResultFailure();
  mlirRewriterBaseEraseOp(mlirPatternRewriterAsBase(rewriter), op);
  return mlirLogicalResultSuccess();
}

/* A tile.trans in a loop of a tile the loop does not change, read only as
 * tensor-core dot operands (a backward attention's K^T for dQ^T = K^T
 * dS^T), moves before the loop: the dot's operand then comes from before
 * the loop and is staged in shared memory once (tile-pipeline), where in
 * the loop it was transposed and staged again every iteration. */
static MlirLogicalResult hoistInvariantTrans(MlirOperation op,
                                             MlirPatternRewriter rewriter) {
  MlirOperation loop = mlirOperationGetParentOperation(op);
  if (mlirOperationIsNull(loop) || !tileOpIsNamed(loop, "scf.for") ||
      tileValueDefinedIn(sourceOf(op), loop))
    return mlirLogicalResultFailure();
  MlirValue result = mlirOperationGetResult(op, 0);
  MlirOpOperand use = mlirValueGetFirstUse(result);
  if (mlirOpOperandIsNull(use))
    return mlirLogicalResultFailure();
  for (; !mlirOpOperandIsNull(use); use = mlirOpOperandGetNextUse(use))
    if (!tileOpIsNamed(mlirOpOperandGetOwner(use), "tile.dot") ||
        mlirOpOperandGetOperandNumber(use) > 1)
      return mlirLogicalResultFailure();
  mlirRewriterBaseMoveOpBefore(mlirPatternRewriterAsBase(rewriter), op, loop);
  return mlirLogicalResultSuccess();
}

/* ---- Registration ------------------------------------------------------ */

typedef MlirLogicalResult (*RewriteFn)(MlirOperation, MlirPatternRewriter);

/* A function pointer cannot travel as void *; a struct holding one can. */
typedef struct {
  RewriteFn fn;
} PatternFn;

static MlirLogicalResult dispatch(MlirRewritePattern pattern, MlirOperation op,
                                  MlirPatternRewriter rewriter,
                                  void *userData) {
  (void)pattern;
  return ((const PatternFn *)userData)->fn(op, rewriter);
}

static const PatternFn kEraseUnused = {eraseUnused};
static const PatternFn kShapeOpOfSplat = {foldShapeOpOfSplat};
static const PatternFn kSplatOfConstant = {foldSplatOfConstant};
static const PatternFn kTransOfTrans = {foldTransOfTrans};
static const PatternFn kIdentityTrans = {foldIdentityTrans};
static const PatternFn kChainOfSameOp = {foldChainOfSameOp};
static const PatternFn kIdentityShapeOp = {foldIdentityShapeOp};
static const PatternFn kHoistInvariantTrans = {hoistInvariantTrans};

static void addPattern(MlirContext ctx, MlirRewritePatternSet set,
                       const char *root, unsigned benefit,
                       const PatternFn *pattern) {
  MlirRewritePatternCallbacks callbacks = {NULL, NULL, dispatch};
  mlirRewritePatternSetAdd(
      set, mlirOpRewritePatternCreate(tileStr(root), benefit, ctx, callbacks,
                                      (void *)pattern, 0, NULL));
}

/* Ops whose only effect is their result (loads and gathers read, never
 * write). */
static const char *const kRemovableOps[] = {
    "tile.program_id", "tile.num_programs", "tile.range",   "tile.splat",
    "tile.broadcast",  "tile.expand_dims",  "tile.reshape", "tile.trans",
    "tile.load",       "tile.load_masked",  "tile.dot",     "tile.reduce",
    "tile.gather",     "tile.scan",         "tile.rand",    "tile.randint",
    "tile.convert_layout",
};

bool tileCanonicalizeErasesUnused(MlirOperation op) {
  for (size_t i = 0; i < sizeof kRemovableOps / sizeof *kRemovableOps; ++i)
    if (tileOpIsNamed(op, kRemovableOps[i]))
      return true;
  return false;
}

static const char *const kShapeOps[] = {"tile.broadcast", "tile.reshape",
                                        "tile.expand_dims", "tile.trans"};

void tilePopulateCanonicalizePatterns(MlirContext ctx,
                                      MlirRewritePatternSet set) {
  /* Erasing a dead op beats rewriting it. */
  for (size_t i = 0; i < sizeof kRemovableOps / sizeof *kRemovableOps; ++i)
    addPattern(ctx, set, kRemovableOps[i], 2, &kEraseUnused);
  for (size_t i = 0; i < sizeof kShapeOps / sizeof *kShapeOps; ++i)
    addPattern(ctx, set, kShapeOps[i], 1, &kShapeOpOfSplat);
  addPattern(ctx, set, "tile.splat", 1, &kSplatOfConstant);
  addPattern(ctx, set, "tile.trans", 1, &kTransOfTrans);
  addPattern(ctx, set, "tile.trans", 1, &kIdentityTrans);
  addPattern(ctx, set, "tile.trans", 1, &kHoistInvariantTrans);
  addPattern(ctx, set, "tile.reshape", 1, &kChainOfSameOp);
  addPattern(ctx, set, "tile.reshape", 1, &kIdentityShapeOp);
  addPattern(ctx, set, "tile.broadcast", 1, &kIdentityShapeOp);
  addPattern(ctx, set, "tile.convert_layout", 1, &kIdentityShapeOp);
  addPattern(ctx, set, "tile.convert_layout", 1, &kChainOfSameOp);
}

MlirLogicalResult tileCanonicalize(MlirOperation op) {
  MlirContext ctx = mlirOperationGetContext(op);
  MlirRewritePatternSet set = mlirRewritePatternSetCreate(ctx);
  tilePopulateCanonicalizePatterns(ctx, set);
  MlirFrozenRewritePatternSet frozen = mlirFreezeRewritePattern(set);
  /* MLIR 22's freeze moves the patterns out but never deletes the set
   * object itself (LeakSanitizer shows it); the emptied set is safe to
   * destroy. */
  mlirRewritePatternSetDestroy(set);
  MlirGreedyRewriteDriverConfig config = mlirGreedyRewriteDriverConfigCreate();
  MlirLogicalResult result =
      mlirApplyPatternsAndFoldGreedilyWithOp(op, frozen, config);
  mlirGreedyRewriteDriverConfigDestroy(config);
  mlirFrozenRewritePatternSetDestroy(frozen);
  return result;
}
