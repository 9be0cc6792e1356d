/* tile-overlap-softmax; see OverlapSoftmax.h. */
#include "lib/Transforms/OverlapSoftmax.h"

#include <stdio.h>
#include <string.h>

#include "lib/Analysis/Mma.h"
#include "lib/IR/Build.h"
#include "lib/IR/DType.h"
#include "lib/IR/IR.h"
#include "lib/IR/OpList.h"
#include "lib/Transforms/AssignLayouts.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

enum { MAX_CLONED = 32 };

/* The values cloned for another iteration: `from` inside the body maps
 * to `to`. */
typedef struct {
  MlirValue from[MAX_CLONED], to[MAX_CLONED];
  int count;
} ValueMap;

static MlirBlock bodyOf(MlirOperation loop) {
  return mlirRegionGetFirstBlock(mlirOperationGetRegion(loop, 0));
}

static bool inBody(MlirOperation loop, MlirOperation op) {
  return !mlirOperationIsNull(op) &&
         mlirBlockEqual(mlirOperationGetBlock(op), bodyOf(loop));
}

static bool isElementwise(MlirOperation op) {
  char name[64];
  tileOpName(op, name, sizeof name);
  return mlirOperationGetNumResults(op) == 1 &&
         (tileOpIsArithOrMath(op) || strcmp(name, "tile.broadcast") == 0 ||
          strcmp(name, "tile.expand_dims") == 0);
}

/* The dot of `loop`'s body other than `not` that `v` is computed from by
 * elementwise ops of the body (the softmax between S and P), or a null
 * op. */
static MlirOperation scoresDot(MlirOperation loop, MlirValue v,
                               MlirOperation not, int depth) {
  MlirOperation def = tileDefiningOp(v);
  if (!inBody(loop, def) || depth > 64 || mlirOperationEqual(def, not))
    return (MlirOperation){NULL};
  if (tileOpIsNamed(def, "tile.dot"))
    return def;
  if (!isElementwise(def))
    return (MlirOperation){NULL};
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(def); ++i) {
    MlirOperation dot =
        scoresDot(loop, mlirOperationGetOperand(def, i), not, depth + 1);
    if (!mlirOperationIsNull(dot))
      return dot;
  }
  return (MlirOperation){NULL};
}

/* Whether `v` can be computed again for another iteration: the
 * induction variable, a value from outside the loop, or a scalar arith
 * op of the body over such values. */
static bool offsetOfIv(MlirOperation loop, MlirValue v, int depth) {
  MlirBlock body = bodyOf(loop);
  if (mlirValueEqual(v, mlirBlockGetArgument(body, 0)) ||
      !tileValueDefinedIn(v, loop))
    return true;
  MlirOperation def = tileDefiningOp(v);
  char name[64];
  if (!inBody(loop, def) || depth > 16 ||
      strncmp(tileOpName(def, name, sizeof name), "arith.", 6) != 0 ||
      mlirTypeIsARankedTensor(mlirValueGetType(v)))
    return false;
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(def); ++i)
    if (!offsetOfIv(loop, mlirOperationGetOperand(def, i), depth + 1))
      return false;
  return true;
}

/* Whether `v`, the product's B, is a tile.load of the body (through a
 * tile.reshape and a tile.trans, each used once) at offsets of the
 * induction variable. */
static bool loadOfIv(MlirOperation loop, MlirValue v) {
  MlirOperation def = tileDefiningOp(v);
  for (int step = 0; step < 2 && inBody(loop, def) &&
                     (tileOpIsNamed(def, "tile.trans") ||
                      tileOpIsNamed(def, "tile.reshape"));
       ++step) {
    if (mlirOpOperandIsNull(tileOnlyUse(mlirOperationGetResult(def, 0))))
      return false;
    def = tileDefiningOp(mlirOperationGetOperand(def, 0));
  }
  if (!inBody(loop, def) || !tileOpIsNamed(def, "tile.load") ||
      mlirOpOperandIsNull(tileOnlyUse(mlirOperationGetResult(def, 0))) ||
      tileValueDefinedIn(mlirOperationGetOperand(def, 0), loop))
    return false;
  for (intptr_t i = 1; i < mlirOperationGetNumOperands(def); ++i)
    if (!offsetOfIv(loop, mlirOperationGetOperand(def, i), 0))
      return false;
  return true;
}

/* `v` (loadOfIv's chain, or an offset) computed again before `b`'s point
 * with the induction variable replaced by `iv`: ops of the body are
 * cloned, once each. */
static MlirValue cloneAt(TileBuilder *b, MlirOperation loop, MlirValue v,
                         MlirValue iv, ValueMap *m) {
  MlirBlock body = bodyOf(loop);
  if (mlirValueEqual(v, mlirBlockGetArgument(body, 0)))
    return iv;
  if (!tileValueDefinedIn(v, loop))
    return v;
  for (int i = 0; i < m->count; ++i)
    if (mlirValueEqual(m->from[i], v))
      return m->to[i];
  MlirOperation def = tileDefiningOp(v);
  MlirOperation copy = mlirOperationClone(def);
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(def); ++i)
    mlirOperationSetOperand(
        copy, i, cloneAt(b, loop, mlirOperationGetOperand(def, i), iv, m));
  MlirValue r = bInsert(b, copy);
  if (m->count < MAX_CLONED) {
    m->from[m->count] = v;
    m->to[m->count++] = r;
  }
  return r;
}

/* The op of `loop`'s body that holds `op` (itself, or an ancestor). */
static MlirOperation bodyAncestor(MlirOperation loop, MlirOperation op) {
  while (!mlirOperationIsNull(op) && !inBody(loop, op))
    op = mlirOperationGetParentOperation(op);
  return op;
}

/* Whether every use of `v` in `loop`'s body comes after `op`, so that a
 * value computed right after `op` can replace it. */
static bool usedOnlyAfter(MlirOperation loop, MlirValue v, MlirOperation op) {
  for (MlirOpOperand use = mlirValueGetFirstUse(v); !mlirOpOperandIsNull(use);
       use = mlirOpOperandGetNextUse(use)) {
    MlirOperation user = bodyAncestor(loop, mlirOpOperandGetOwner(use));
    for (MlirOperation o = mlirBlockGetFirstOperation(bodyOf(loop));
         !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o)) {
      if (mlirOperationEqual(o, user))
        return false;
      if (mlirOperationEqual(o, op))
        break;
    }
  }
  return true;
}

/* The dot whose rotation `loop` allows (the product whose only use is
 * the yield, of a P computed from another dot of the body, of a B loaded
 * at the induction variable), with that other dot, and the yield operand
 * it feeds; or false. */
static bool findProduct(MlirOperation loop, MlirOperation *product,
                        MlirOperation *scores, intptr_t *yielded) {
  MlirBlock body = bodyOf(loop);
  MlirOperation yield = mlirBlockGetTerminator(body);
  for (intptr_t k = 0; k < mlirOperationGetNumOperands(yield); ++k) {
    MlirValue y = mlirOperationGetOperand(yield, k);
    MlirOperation dot = tileDefiningOp(y);
    if (!inBody(loop, dot) || !tileOpIsNamed(dot, "tile.dot") ||
        mlirOpOperandIsNull(tileOnlyUse(y)) ||
        !loadOfIv(loop, mlirOperationGetOperand(dot, 1)))
      continue;
    MlirOperation s =
        scoresDot(loop, mlirOperationGetOperand(dot, 0), dot, 0);
    /* The product of the previous iteration goes right after S: what
     * reads the accumulator must come after it. */
    if (mlirOperationIsNull(s) ||
        !usedOnlyAfter(loop, mlirBlockGetArgument(body, 1 + k), s))
      continue;
    *product = dot;
    *scores = s;
    *yielded = k;
    return true;
  }
  return false;
}

/* `loop` (63 operands at most) with one more iter_arg, `init`, whose
 * block argument is appended to the body's (the body and the loop's
 * attributes move over; the old loop is erased once its results' uses
 * moved to the new one's). */
static MlirOperation addIterArg(MlirOperation loop, MlirValue init) {
  intptr_t nOperands = mlirOperationGetNumOperands(loop);
  intptr_t nResults = mlirOperationGetNumResults(loop);
  MlirValue operands[64]; /* rotate checked the count */
  MlirType results[64];
  for (intptr_t i = 0; i < nOperands; ++i)
    operands[i] = mlirOperationGetOperand(loop, i);
  operands[nOperands] = init;
  for (intptr_t i = 0; i < nResults; ++i)
    results[i] = mlirValueGetType(mlirOperationGetResult(loop, i));
  results[nResults] = mlirValueGetType(init);
  MlirLocation loc = mlirOperationGetLocation(loop);
  MlirOperationState state = mlirOperationStateGet(tileStr("scf.for"), loc);
  mlirOperationStateAddOperands(&state, nOperands + 1, operands);
  mlirOperationStateAddResults(&state, nResults + 1, results);
  MlirRegion region = mlirRegionCreate();
  mlirOperationStateAddOwnedRegions(&state, 1, &region);
  MlirOperation next = mlirOperationCreate(&state);
  /* The loop's own marks (a kernel author's tile.num_stages) stay. */
  for (intptr_t i = 0; i < mlirOperationGetNumDiscardableAttributes(loop);
       ++i) {
    MlirNamedAttribute a = mlirOperationGetDiscardableAttribute(loop, i);
    mlirOperationSetDiscardableAttributeByName(
        next, mlirIdentifierStr(a.name), a.attribute);
  }
  mlirRegionTakeBody(mlirOperationGetRegion(next, 0),
                     mlirOperationGetRegion(loop, 0));
  mlirBlockAddArgument(bodyOf(next), mlirValueGetType(init), loc);
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(loop), loop, next);
  for (intptr_t i = 0; i < nResults; ++i)
    mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(loop, i),
                                  mlirOperationGetResult(next, i));
  mlirOperationDestroy(loop);
  return next;
}

void tileOverlapWhy(MlirOperation loop, const char *why) {
  tileOpSetStrAttr(loop, "tile.overlap_softmax_why", why);
}

void tileOverlapDefer(MlirOperation dot) {
  mlirOperationSetDiscardableAttributeByName(
      dot, tileStr("tile.defer_wait"),
      mlirUnitAttrGet(mlirOperationGetContext(dot)));
}

static bool rotate(MlirOperation loop, MlirOperation product,
                   MlirOperation scores, intptr_t k) {
  MlirContext ctx = mlirOperationGetContext(loop);
  MlirValue p = mlirOperationGetOperand(product, 0);
  MlirValue bv = mlirOperationGetOperand(product, 1);
  MlirValue accS = mlirOperationGetOperand(product, 2);
  MlirType pType = mlirValueGetType(p);

  if (mlirOperationGetNumOperands(loop) + 1 > 64)
    return false;
  /* P_prev starts as zeros: the first iteration's product adds nothing. */
  TileBuilder before = tileBuilderBefore(loop);
  MlirValue zeros = mlirTypeIsAFloat(mlirShapedTypeGetElementType(pType))
                        ? bSplatFloat(&before, pType, 0)
                        : bSplatInt(&before, pType, 0);
  MlirValue lb = mlirOperationGetOperand(loop, 0);
  MlirValue ub = mlirOperationGetOperand(loop, 1);
  MlirValue step = mlirOperationGetOperand(loop, 2);
  MlirOperation oldProduct = product;
  loop = addIterArg(loop, zeros);
  MlirBlock body = bodyOf(loop);
  intptr_t nArgs = mlirBlockGetNumArguments(body);
  MlirValue iv = mlirBlockGetArgument(body, 0);
  MlirValue pPrev = mlirBlockGetArgument(body, nArgs - 1);
  MlirValue accPrev = mlirBlockGetArgument(body, 1 + k);

  /* Right after S_j: the previous iteration's product, on V at j - step. */
  MlirOperation next = mlirOperationGetNextInBlock(scores);
  TileBuilder at = tileBuilderBefore(next);
  ValueMap m = {0};
  MlirValue prevIv = bBinary(&at, "arith.subi", iv, step);
  MlirValue prevB = cloneAt(&at, loop, bv, prevIv, &m);
  MlirOperation prev = mlirOperationClone(oldProduct);
  mlirOperationSetOperand(prev, 0, pPrev);
  mlirOperationSetOperand(prev, 1, prevB);
  mlirOperationSetOperand(prev, 2, accPrev);
  MlirValue acc = bInsert(&at, prev);
  MlirOperation except[] = {prev};
  mlirValueReplaceAllUsesExcept(accPrev, acc, 1, except);
  tileOverlapDefer(scores);
  tileOverlapDefer(prev);

  /* The yield carries acc_s where it carried the product, and P. */
  MlirOperation yield = mlirBlockGetTerminator(body);
  intptr_t n = mlirOperationGetNumOperands(yield);
  MlirValue yielded[64];
  for (intptr_t i = 0; i < n; ++i)
    yielded[i] = mlirOperationGetOperand(yield, i);
  /* A product that accumulates onto the carried value itself (no
   * rescale between: acc' = dot(P, V_j, acc)) had accS = accPrev, whose
   * uses in the body now read acc: the yield must carry acc too, or the
   * loop would drop every product but the last. */
  yielded[k] = mlirValueEqual(accS, accPrev) ? acc : accS;
  yielded[n] = p;
  mlirOperationSetOperands(yield, n + 1, yielded);

  /* The old product and its B (load, reshape, trans), now unused. */
  MlirValue v = bv;
  mlirOperationDestroy(oldProduct);
  for (;;) {
    MlirOperation def = tileDefiningOp(v);
    if (!inBody(loop, def) || !tileOpResultsUnused(def))
      break;
    bool isLoad = tileOpIsNamed(def, "tile.load");
    v = isLoad ? (MlirValue){NULL} : mlirOperationGetOperand(def, 0);
    mlirOperationDestroy(def);
    if (isLoad)
      break;
  }

  /* After the loop: the last iteration's product, at lb + (n - 1) step
   * for n = ceil((ub - lb) / step) iterations; the inits when n <= 0
   * (P is then zeros, but V there may hold anything). */
  MlirOperation after = mlirOperationGetNextInBlock(loop);
  TileBuilder post = tileBuilderBefore(after);
  MlirValue trips = bBinary(&post, "arith.ceildivsi",
                            bBinary(&post, "arith.subi", ub, lb), step);
  MlirValue lastIv = bAddi(
      &post, lb,
      bMuli(&post, bBinary(&post, "arith.subi", trips, bConstIndex(&post, 1)),
            step));
  /* B as the loop's first op computes it for j - step, at the last j. */
  ValueMap mm = {{prevIv}, {lastIv}, 1};
  MlirValue lastB = cloneAt(&post, loop, prevB, lastIv, &mm);
  MlirValue accOut = mlirOperationGetResult(loop, k);
  MlirOperation last = mlirOperationClone(prev);
  mlirOperationRemoveDiscardableAttributeByName(last,
                                                tileStr("tile.defer_wait"));
  mlirOperationSetOperand(last, 0,
                          mlirOperationGetResult(loop, nArgs - 2));
  mlirOperationSetOperand(last, 1, lastB);
  mlirOperationSetOperand(last, 2, accOut);
  MlirValue final = bInsert(&post, last);
  MlirType accType = mlirValueGetType(accOut);
  MlirValue ran = bCmpi(&post, ARITH_SGT, trips, bConstIndex(&post, 0));
  MlirValue ranTile = bInsert(
      &post, tileOpCreate(post.loc, "tile.splat", 1, &ran, 1,
                          (MlirType[]){tileShapedLike(
                              accType, mlirIntegerTypeGet(ctx, 1))},
                          0, NULL));
  MlirValue result = bSelect(&post, ranTile, final, accOut);
  MlirOperation exceptLast[] = {last, tileDefiningOp(result)};
  mlirValueReplaceAllUsesExcept(accOut, result, 2, exceptLast);
  mlirOperationSetDiscardableAttributeByName(loop,
                                             tileStr("tile.overlap_softmax"),
                                             mlirUnitAttrGet(ctx));
  tileOverlapWhy(loop,
                 "overlap-softmax: each iteration issues the previous one's "
                 "product beside its scores' dot, so the softmax between them "
                 "runs while the tensor cores do both");
  return true;
}

bool tileOverlapCandidate(MlirOperation op) {
  return tileOpIsNamed(op, "scf.for") &&
         mlirAttributeIsNull(tileOpAttr(op, "tile.overlap_softmax"));
}

bool tileOverlapOnWgmma(MlirOperation dot, const char *chip, int numWarps) {
  int n;
  const char *why;
  return chip && tileWgmmaFor(dot, chip, numWarps, &n, &why);
}

/* auto's choice, from what was measured on an H200 (docs/performance.md,
 * 16 heads x 8192): the rotation made the plain f16 kernel 5-15% faster
 * at d = 64 and 128 (128 x 128 blocks, 8 warps), but 6x slower at d = 256
 * (128 x 64 blocks), where the loop's tiles no longer fit in registers
 * and spill. FP8, whose P the loop carries four bytes to a register
 * (GpuControlFlow.c), ran 2-6% faster rotated (within 1% either way
 * causal at d = 64 and over one head at d = 128); before that packing,
 * a byte a register, 6% slower. So both dots on wgmma and the loop's
 * accumulator, scores and P (4, 4 and 2 or 1 bytes an element) at most
 * 160 registers a thread (the 8-warp d = 128 f16 kernel's; setmaxnreg
 * gives the consumers 232, the rest holding row statistics, addresses
 * and temporaries). */
static int checkWorthIt(MlirOperation product, MlirOperation scores,
                        const char *chip, int numWarps, char *why,
                        size_t size) {
  MlirValue p = mlirOperationGetOperand(product, 0);
  int64_t bytes =
      tileTypeBytes(mlirValueGetType(mlirOperationGetResult(product, 0))) +
      tileTypeBytes(mlirValueGetType(mlirOperationGetResult(scores, 0))) +
      tileTypeBytes(mlirValueGetType(p));
  int64_t regs = bytes / 4 / (32 * numWarps);
  const char *no = "overlap-softmax=auto: not rotated";
  if (!tileOverlapOnWgmma(product, chip, numWarps) ||
      !tileOverlapOnWgmma(scores, chip, numWarps))
    snprintf(why, size, "%s: its dots do not both run on wgmma", no);
  else if (regs > 160)
    snprintf(why, size,
             "%s: its accumulator, scores and P would take %lld registers a "
             "thread, more than 160 (measured to spill and run slower)",
             no, (long long)regs);
  else
    return 0;
  return 1;
}

int tileOverlapSoftmax(MlirOperation op, TileChoice enable, const char *chip,
                       int numWarps) {
  if (enable == TILE_CHOICE_OFF)
    return 0;
  TileOpList loops = {0};
  tileOpListCollect(&loops, op, MlirWalkPostOrder, tileOverlapCandidate);
  int rotated = 0;
  for (int i = 0; i < loops.count; ++i) {
    MlirOperation product, scores;
    intptr_t k;
    if (!findProduct(loops.ops[i], &product, &scores, &k))
      continue;
    int warps = tileEnclosingNumWarps(loops.ops[i], numWarps);
    char why[256];
    if (enable == TILE_CHOICE_AUTO &&
        checkWorthIt(product, scores, chip, warps, why, sizeof why)) {
      /* Said where tensor cores were asked for; the CPU's auto is off. */
      if (chip && chip[0])
        tileOverlapWhy(loops.ops[i], why);
      continue;
    }
    rotated += rotate(loops.ops[i], product, scores, k);
  }
  tileOpListFree(&loops);
  return rotated;
}
