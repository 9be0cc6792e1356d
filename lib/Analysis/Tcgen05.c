/* tcgen05 instruction selection; see Tcgen05.h. */
#include "lib/Analysis/Tcgen05.h"

#include <string.h>

#include "lib/Analysis/Mma.h"
#include "lib/Analysis/SmemLayout.h"
#include "lib/IR/IR.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

bool tileChipHasTcgen05(const char *chip) {
  return chip && strcmp(chip, "sm_100a") == 0;
}

bool tileTcgen05For(MlirOperation dot, const char *chip, int numWarps, int *n,
                    const char **why) {
  TileMmaInstr in;
  *why = NULL;
  if (!tileChipHasTcgen05(chip)) {
    *why = "tcgen05 needs chip=sm_100a";
    return false;
  }
  if (!tileMmaAsyncInstrFor(dot, &in,
                            "tcgen05 is used for f16, bf16, tf32 and fp8 "
                            "inputs with f32 accumulators",
                            why))
    return false;
  bool fp8 = in.wgmmaOnly, tf32 = in.input == MMA_TF32;
  int64_t M, N, K;
  tileMmaDotShape(dot, &M, &N, &K);
  if (M % 128 != 0 || numWarps % 4 != 0) {
    *why = "tcgen05 (cta_group::1) needs M a multiple of 128 and warps in "
           "groups of 4 (one accumulator row per tensor-memory lane)";
    return false;
  }
  bool bTransposed = !mlirOperationIsNull(tileMmaTransposedB(dot));
  if ((fp8 || tf32) && !bTransposed) {
    *why = "tf32 and fp8 dots read B only K-major here: store B as [N][K] "
           "and tile.trans it";
    return false;
  }
  if (!tileMmaDescriptorOperands(M, N, K, &in, bTransposed)) {
    *why = "the operands' rows are not a width the shared-memory "
           "descriptors' swizzles describe";
    return false;
  }
  int instrN = tileMmaInstrWidth(N, 16);
  /* M = 128: N a multiple of 16 from 16 to 256 (PTX ISA, tcgen05 "Matrix
   * shape"); each warp column block of the accumulator whole columns. */
  if (instrN <= 0 || N % 16 != 0 || N % (numWarps / 4) != 0) {
    *why = "N has no tcgen05 instruction width (a multiple of 16)";
    return false;
  }
  *n = instrN;
  return true;
}

int64_t tileTcgen05AccumulatorColumns(MlirOperation dot) {
  int64_t M, N, K;
  tileMmaDotShape(dot, &M, &N, &K);
  return M / 128 * N;
}

int64_t tileTcgen05AllocColumns(int64_t columns) {
  int64_t c = 32;
  while (c < columns)
    c *= 2;
  return c;
}

/* ---- CTA pairs ---------------------------------------------------------- */

typedef struct {
  int dots;
  MlirOperation dot;
} DotsWalk;

static MlirWalkResult findDots(MlirOperation op, void *userData) {
  DotsWalk *w = userData;
  if (tileOpIsNamed(op, "tile.dot")) {
    ++w->dots;
    w->dot = op;
  }
  return MlirWalkResultAdvance;
}

/* Whether scalar `v` may differ between programs 2i and 2i + 1: it is, or
 * is computed from, tile.program_id along axis 0, or from a block
 * argument other than the kernel's arguments and `iv` (a loop's carried
 * values: not followed). */
static bool dependsOnAxis0(MlirValue v, MlirOperation kernel, MlirValue iv,
                           int depth) {
  if (depth > 64)
    return true;
  if (mlirValueIsABlockArgument(v))
    return !mlirValueEqual(v, iv) &&
           !mlirOperationEqual(
               mlirBlockGetParentOperation(mlirBlockArgumentGetOwner(v)),
               kernel);
  MlirOperation def = mlirOpResultGetOwner(v);
  int64_t axis = 0;
  if (tileOpIsNamed(def, "tile.program_id"))
    return !tileOpIntAttr(def, "axis", &axis) || axis == 0;
  if (mlirOperationGetNumRegions(def) > 0)
    return true;
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(def); ++i)
    if (dependsOnAxis0(mlirOperationGetOperand(def, i), kernel, iv, depth + 1))
      return true;
  return false;
}

static bool isTmaLoadIn(MlirValue v, MlirBlock body) {
  MlirOperation def = tileDefiningOp(v);
  return !mlirOperationIsNull(def) && tileOpIsNamed(def, "tile.load") &&
         mlirBlockEqual(mlirOperationGetBlock(def), body) &&
         !mlirAttributeIsNull(tileOpAttr(def, "tile.tma"));
}

bool tileTcgen05CtaPairsFor(MlirOperation kernel, const char *chip,
                            int numWarps, const char **why) {
  DotsWalk w = {0, {NULL}};
  int n = 0;
  *why = NULL;
  mlirOperationWalk(kernel, findDots, &w, MlirWalkPreOrder);
  if (w.dots != 1) {
    *why = "CTA pairs take a kernel with one tile.dot";
    return false;
  }
  MlirOperation dot = w.dot;
  if (!tileTcgen05For(dot, chip, numWarps, &n, why))
    return false;
  MlirOperation loop = mlirOperationGetParentOperation(dot);
  int64_t stages = 0;
  if (!tileOpIsNamed(loop, "scf.for") ||
      !mlirOperationEqual(mlirOperationGetParentOperation(loop), kernel) ||
      !tileOpIntAttr(loop, "tile.num_stages", &stages) || stages < 3) {
    *why = "the dot is not in a loop of the kernel's body pipelined with 3 "
           "or more stages";
    return false;
  }
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(loop, 0));
  MlirValue iv = mlirBlockGetArgument(body, 0);
  if (!isTmaLoadIn(mlirOperationGetOperand(dot, 0), body) ||
      !isTmaLoadIn(mlirOperationGetOperand(dot, 1), body)) {
    *why = "A and B are not the loop's TMA loads (B stored [K][N], not "
           "through a tile.trans)";
    return false;
  }
  MlirValue acc = mlirOperationGetOperand(dot, 2);
  MlirOpOperand use = tileOnlyUse(mlirOperationGetResult(dot, 0));
  if (!mlirValueIsABlockArgument(acc) ||
      !mlirBlockEqual(mlirBlockArgumentGetOwner(acc), body) ||
      mlirOpOperandIsNull(tileOnlyUse(acc)) || mlirOpOperandIsNull(use) ||
      !mlirOperationEqual(mlirOpOperandGetOwner(use),
                          mlirBlockGetTerminator(body)) ||
      (intptr_t)mlirOpOperandGetOperandNumber(use) + 1 !=
          mlirBlockArgumentGetArgNumber(acc)) {
    *why = "the loop does not keep the accumulator (an iter_arg only the "
           "dot reads, its result only yielded)";
    return false;
  }
  MlirOperation loadB = tileDefiningOp(mlirOperationGetOperand(dot, 1));
  MlirOperation d;
  int operand;
  TileSmemLayout sb;
  int64_t M, N, K;
  tileMmaDotShape(dot, &M, &N, &K);
  if (tileMmaLoadDots(loadB, &d, 1, &operand, &sb) != 1 || sb.blockElems == 0 ||
      sb.transposed || M != 128 || n != N || N % (2 * sb.blockElems) != 0) {
    *why = "a pair's MMA needs M = 128 per CTA and N, at most 256, a "
           "multiple of twice B's column block";
    return false;
  }
  for (intptr_t i = 1; i < mlirOperationGetNumOperands(loadB); ++i)
    if (dependsOnAxis0(mlirOperationGetOperand(loadB, i), kernel, iv, 0)) {
      *why = "B's offsets depend on tile.program_id along axis 0: the two "
             "programs of a pair would read different B";
      return false;
    }
  for (intptr_t i = 0; i < 3; ++i)
    if (dependsOnAxis0(mlirOperationGetOperand(loop, i), kernel, iv, 0)) {
      *why = "the loop's bounds depend on tile.program_id along axis 0: the "
             "two programs of a pair would run different K loops";
      return false;
    }
  MlirAttribute ws = tileOpAttr(kernel, "tile.producer_warps");
  MlirAttribute persistent = tileOpAttr(kernel, "tile.persistent");
  if ((!mlirAttributeIsNull(ws) && mlirAttributeIsAInteger(ws) &&
       mlirIntegerAttrGetValueInt(ws) > 0) ||
      (!mlirAttributeIsNull(persistent) && mlirAttributeIsABool(persistent) &&
       mlirBoolAttrGetValue(persistent))) {
    *why = "CTA pairs are not combined with warp specialization or "
           "persistence";
    return false;
  }
  return true;
}

bool tileKernelCtaPairs(MlirOperation kernel) {
  MlirAttribute a = tileOpAttr(kernel, "tile.cta_pairs");
  return !mlirAttributeIsNull(a) && mlirAttributeIsABool(a) &&
         mlirBoolAttrGetValue(a);
}
