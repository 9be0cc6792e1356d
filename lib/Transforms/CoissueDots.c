/* tile-overlap-softmax's co-issued dots; see CoissueDots.h. */
#include "lib/Transforms/CoissueDots.h"

#include <stdio.h>
#include <string.h>

#include "lib/IR/DType.h"
#include "lib/IR/IR.h"
#include "lib/IR/OpList.h"
#include "lib/Transforms/AssignLayouts.h"
#include "lib/Transforms/OverlapSoftmax.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

/* auto's bound on the registers a thread the loop's carried tiles, the two
 * dots' results and the largest dot operand computed in registers take.
 * Measured on an H200 (docs/performance.md, 2026-12-01): attention's
 * dK/dV at d = 128 (128 keys x 64 queries, 8 warps: 128 + 32 + 32 + 16)
 * ran 13-15% faster full and 4% causal; at d = 64 (128 x 128: 64 + 64 + 64
 * + 32 = 224) ptxas spilled in the loop and it ran 27% slower. */
enum { FIT_REGS = 208, MAX_BODY = 256 };

static MlirBlock bodyOf(MlirOperation loop) {
  return mlirRegionGetFirstBlock(mlirOperationGetRegion(loop, 0));
}

/* The body's ops in order (the terminator last); false if more than fit. */
typedef struct {
  MlirOperation ops[MAX_BODY];
  int count;
} Body;

static bool listBody(MlirOperation loop, Body *b) {
  b->count = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(bodyOf(loop));
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    if (b->count == MAX_BODY)
      return false;
    b->ops[b->count++] = op;
  }
  return true;
}

/* `op`'s position in the body, or -1 outside it. */
static int positionOf(const Body *b, MlirOperation op) {
  for (int i = 0; !mlirOperationIsNull(op) && i < b->count; ++i)
    if (mlirOperationEqual(b->ops[i], op))
      return i;
  return -1;
}

/* Ops that only compute values from their operands (a load reads memory
 * the loop does not write: the body holds no write). */
static bool isPure(MlirOperation op) {
  char name[64];
  tileOpName(op, name, sizeof name);
  if (mlirOperationGetNumRegions(op) > 0)
    return false;
  static const char *const kTile[] = {
      "tile.load",   "tile.load_masked", "tile.reshape",     "tile.trans",
      "tile.splat",  "tile.broadcast",   "tile.expand_dims", "tile.range",
      "tile.reduce", "tile.dot"};
  for (size_t i = 0; i < sizeof kTile / sizeof kTile[0]; ++i)
    if (strcmp(name, kTile[i]) == 0)
      return true;
  return tileOpIsArithOrMath(op);
}

/* Marks in `slice` (indexed by body position) the ops after position
 * `after` (the first dot's) that `v` is computed from; false where `v`
 * reads a dot from there on. */
static bool markSlice(const Body *b, int after, MlirValue v, bool *slice,
                      int depth) {
  MlirOperation def = tileDefiningOp(v);
  int at = positionOf(b, def);
  if (at < after || (at > after && slice[at]))
    return true;
  /* The first dot (at `after`) or a later one. */
  if (depth > 64 || tileOpIsNamed(def, "tile.dot"))
    return false;
  slice[at] = true;
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(def); ++i)
    if (!markSlice(b, after, mlirOperationGetOperand(def, i), slice, depth + 1))
      return false;
  return true;
}

static int64_t regsOf(MlirValue v, int numWarps) {
  MlirType t = mlirValueGetType(v);
  if (!mlirTypeIsARankedTensor(t))
    return 0;
  return tileTypeBytes(t) / 4 / (32 * numWarps);
}

/* Whether only the loop's yield reads the dot's result. */
static bool onlyCarried(MlirOperation dot, MlirOperation yield) {
  MlirOpOperand use = mlirValueGetFirstUse(mlirOperationGetResult(dot, 0));
  return !mlirOpOperandIsNull(use) &&
         mlirOpOperandIsNull(mlirOpOperandGetNextUse(use)) &&
         mlirOperationEqual(mlirOpOperandGetOwner(use), yield);
}

/* The registers a thread the loop holds with `first` and `second` in
 * flight together: its carried tiles, both results, and the largest dot
 * operand of the body computed in registers (attention's P). */
static int64_t heldRegs(MlirOperation loop, const Body *b, MlirOperation first,
                        MlirOperation second, int numWarps) {
  int64_t regs = regsOf(mlirOperationGetResult(first, 0), numWarps) +
                 regsOf(mlirOperationGetResult(second, 0), numWarps);
  for (intptr_t i = 0; i < mlirOperationGetNumResults(loop); ++i)
    regs += regsOf(mlirOperationGetResult(loop, i), numWarps);
  int64_t operand = 0;
  for (int i = 0; i < b->count; ++i) {
    if (!tileOpIsNamed(b->ops[i], "tile.dot"))
      continue;
    MlirValue a = mlirOperationGetOperand(b->ops[i], 0);
    char name[64];
    MlirOperation def = tileDefiningOp(a);
    if (positionOf(b, def) >= 0 &&
        strncmp(tileOpName(def, name, sizeof name), "arith.", 6) == 0 &&
        regsOf(a, numWarps) > operand)
      operand = regsOf(a, numWarps);
  }
  return regs + operand;
}

static int coissue(MlirOperation loop, TileChoice enable, const char *chip,
                   int numWarps) {
  Body b;
  if (!listBody(loop, &b))
    return 0;
  MlirOperation dots[MAX_BODY];
  int numDots = 0;
  for (int i = 0; i + 1 < b.count; ++i) {
    if (!isPure(b.ops[i]))
      return 0;
    if (tileOpIsNamed(b.ops[i], "tile.dot"))
      dots[numDots++] = b.ops[i];
  }
  if (numDots < 3)
    return 0;
  /* The first dot after the loop's first that reads no dot's result. */
  MlirOperation first = dots[0], second = {NULL};
  int firstAt = positionOf(&b, first);
  bool slice[MAX_BODY];
  for (int d = 1; d < numDots && mlirOperationIsNull(second); ++d) {
    memset(slice, 0, sizeof slice);
    bool free = true;
    for (intptr_t i = 0; free && i < mlirOperationGetNumOperands(dots[d]); ++i)
      free =
          markSlice(&b, firstAt, mlirOperationGetOperand(dots[d], i), slice, 0);
    if (free)
      second = dots[d];
  }
  /* Only across a dot: where the next dot after the first is already
   * independent of it (dQ's dP = dO V^T after S = Q K^T), issuing the
   * two together ran 0.4-2.6% slower on an H200; across dK/dV's dV (the
   * second independent dot third) 4-15% faster. */
  if (mlirOperationIsNull(second) || mlirOperationEqual(second, dots[1]))
    return 0;
  if (enable == TILE_CHOICE_AUTO) {
    for (int d = 0; d < numDots; ++d)
      if (!tileOverlapOnWgmma(dots[d], chip, numWarps))
        return 0;
    int64_t regs = heldRegs(loop, &b, first, second, numWarps);
    if (regs > FIT_REGS) {
      char why[320];
      snprintf(why, sizeof why,
               "overlap-softmax=auto: its first two independent dots not "
               "issued together: with both in flight the loop would hold "
               "%lld registers a thread, more than %d (measured to spill "
               "and run slower)",
               (long long)regs, FIT_REGS);
      tileOverlapWhy(loop, why);
      return 0;
    }
  }
  /* The second dot and the ops it reads, in their order, right after the
   * first. */
  MlirOperation cursor = first;
  int secondAt = positionOf(&b, second);
  for (int i = firstAt + 1; i < secondAt; ++i)
    if (slice[i]) {
      mlirOperationMoveAfter(b.ops[i], cursor);
      cursor = b.ops[i];
    }
  mlirOperationMoveAfter(second, cursor);
  tileOverlapDefer(first);
  tileOverlapDefer(second);
  MlirOperation yield = mlirBlockGetTerminator(bodyOf(loop));
  for (int d = 0; d < numDots; ++d)
    if (onlyCarried(dots[d], yield))
      tileOverlapDefer(dots[d]);
  tileOverlapWhy(loop,
                 "overlap-softmax: the loop's first two independent dots are "
                 "issued together, and the dots whose results it only "
                 "carries wait at the step's end");
  return 1;
}

int tileCoissueDots(MlirOperation op, TileChoice enable, const char *chip,
                    int numWarps) {
  if (enable == TILE_CHOICE_OFF)
    return 0;
  TileOpList loops = {0};
  tileOpListCollect(&loops, op, MlirWalkPostOrder, tileOverlapCandidate);
  int changed = 0;
  for (int i = 0; i < loops.count; ++i)
    changed += coissue(loops.ops[i], enable, chip,
                       tileEnclosingNumWarps(loops.ops[i], numWarps));
  tileOpListFree(&loops);
  return changed;
}
