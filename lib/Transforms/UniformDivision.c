/* Division by a uniform divisor as multiplication; see UniformDivision.h. */
#include "lib/Transforms/UniformDivision.h"

#include "lib/IR/IR.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

/* A 64-bit division (the reciprocal) costs about what 5-8 software
 * divisions of 32 bits save. */
enum { kMaxDepth = 8, kElementsPerThread = 8 };

/* Ops whose result is uniform when every operand is. */
static const char *const kUniformKeeping[] = {
    "arith.addi",   "arith.subi",      "arith.muli",       "arith.andi",
    "arith.ori",    "arith.xori",      "arith.maxsi",      "arith.minsi",
    "arith.maxui",  "arith.minui",     "arith.extsi",      "arith.extui",
    "arith.trunci", "arith.select",    "tile.broadcast",   "tile.expand_dims",
    "tile.reshape", "tile.trans",      NULL};

static bool isUniform(MlirValue v, int depth) {
  MlirOperation def = tileDefiningOp(v);
  if (mlirOperationIsNull(def) || depth > kMaxDepth)
    return false;
  if (tileOpIsNamed(def, "tile.splat"))
    return true;
  if (tileOpIsNamed(def, "arith.constant")) {
    MlirAttribute value = tileOpAttr(def, "value");
    return !mlirAttributeIsNull(value) && mlirAttributeIsADenseElements(value) &&
           mlirDenseElementsAttrIsSplat(value);
  }
  bool keeps = false;
  for (const char *const *n = kUniformKeeping; *n && !keeps; ++n)
    keeps = tileOpIsNamed(def, *n);
  if (!keeps)
    return false;
  intptr_t n = mlirOperationGetNumOperands(def);
  for (intptr_t i = 0; i < n; ++i) {
    MlirValue operand = mlirOperationGetOperand(def, i);
    /* a select's condition may be a scalar i1: uniform as it is */
    if (mlirTypeIsARankedTensor(mlirValueGetType(operand)) &&
        !isUniform(operand, depth + 1))
      return false;
  }
  return true;
}

/* Threads a program of op's kernel runs: its tile.num_warps, else 4. */
static int64_t kernelThreads(MlirOperation op) {
  for (MlirOperation at = op; !mlirOperationIsNull(at);
       at = mlirOperationGetParentOperation(at)) {
    int64_t warps;
    if (tileOpIsNamed(at, "func.func"))
      return 32 * (tileOpIntAttr(at, "tile.num_warps", &warps) && warps > 0
                       ? warps
                       : 4);
  }
  return 128;
}

bool tileDividesByUniform(MlirOperation op) {
  MlirType t = mlirValueGetType(mlirOperationGetOperand(op, 0));
  if (!mlirTypeIsARankedTensor(t) || !mlirShapedTypeHasStaticShape(t))
    return false;
  MlirType elem = mlirShapedTypeGetElementType(t);
  if (!mlirTypeIsAInteger(elem) || mlirIntegerTypeGetWidth(elem) > 32 ||
      mlirIntegerTypeGetWidth(elem) < 8) /* i1: nothing to divide */
    return false;
  int64_t elements = 1;
  for (intptr_t d = 0; d < mlirShapedTypeGetRank(t); ++d)
    elements *= mlirShapedTypeGetDimSize(t, d);
  return elements >= kElementsPerThread * kernelThreads(op) &&
         isUniform(mlirOperationGetOperand(op, 1), 0);
}

/* --- The arithmetic, on tiles of x's shape ------------------------------ */

static MlirType intTile(MlirValue x, unsigned width) {
  MlirType t = mlirValueGetType(x);
  return tileShapedLike(t, mlirIntegerTypeGet(mlirTypeGetContext(t), width));
}

/* A splat constant tile of x's shape, `width` bits, v modulo 2^width. */
static MlirValue splat(TileBuilder *b, MlirValue x, unsigned width, int64_t v) {
  return bSplatInt(b, intTile(x, width), v);
}

/* x extended (by `ext`) or truncated to `width` bits. */
static MlirValue toWidth(TileBuilder *b, const char *ext, MlirValue x,
                         unsigned width) {
  unsigned w = mlirIntegerTypeGetWidth(
      mlirShapedTypeGetElementType(mlirValueGetType(x)));
  if (w == width)
    return x;
  return bCast(b, w < width ? ext : "arith.trunci", x, intTile(x, width));
}

static MlirValue low32(TileBuilder *b, MlirValue x) {
  return bCast(b, "arith.trunci", x, intTile(x, 32));
}

/* |x| of an i32 tile as its unsigned bits (MIN gives 2^31). */
static MlirValue magnitude(TileBuilder *b, MlirValue x) {
  MlirValue sign = bBinary(b, "arith.shrsi", x, splat(b, x, 32, 31));
  return bBinary(b, "arith.subi", bBinary(b, "arith.xori", x, sign), sign);
}

/* floor(n / d) for i32 tiles read as unsigned, d uniform and >= 1. */
static MlirValue unsignedQuotient(TileBuilder *b, MlirValue n, MlirValue d) {
  /* c = ceil(2^64 / d) = floor((2^64 - 1) / d) + 1, once (d is uniform);
   * it wraps to 0 for d = 1, answered by the select at the end. */
  MlirValue c = bBinary(
      b, "arith.addi",
      bBinary(b, "arith.divui", splat(b, n, 64, -1),
              toWidth(b, "arith.extui", d, 64)),
      splat(b, n, 64, 1));
  MlirValue c32 = splat(b, n, 64, 32);
  /* c's halves, so each product fits in 64 bits (LLVM makes the
   * extension of a truncation a mask, so they are mul.lo.u64 in the PTX,
   * not mul.wide.u32: a few integer multiplies an element either way) */
  MlirValue cLo = toWidth(b, "arith.extui", low32(b, c), 64);
  MlirValue cHi = toWidth(b, "arith.extui",
                          low32(b, bBinary(b, "arith.shrui", c, c32)), 64);
  MlirValue n64 = toWidth(b, "arith.extui", n, 64);
  /* the high 64 bits of n * c: n * cHi + (n * cLo >> 32), which fits */
  MlirValue low = bBinary(b, "arith.shrui", bMuli(b, n64, cLo), c32);
  MlirValue high = bAddi(b, bMuli(b, n64, cHi), low);
  MlirValue q = low32(b, bBinary(b, "arith.shrui", high, c32));
  MlirValue byOne = bCmpi(b, ARITH_EQ, d, splat(b, d, 32, 1));
  return bSelect(b, byOne, n, q);
}

void tileDivideByUniform(TileBuilder *b, bool isSigned, MlirValue x,
                         MlirValue d, MlirValue *q, MlirValue *r) {
  unsigned width = mlirIntegerTypeGetWidth(
      mlirShapedTypeGetElementType(mlirValueGetType(x)));
  const char *ext = isSigned ? "arith.extsi" : "arith.extui";
  MlirValue x32 = toWidth(b, ext, x, 32), d32 = toWidth(b, ext, d, 32);
  MlirValue q32;
  if (isSigned) {
    /* truncation toward zero: the magnitudes' quotient, negated where
     * the signs differ */
    MlirValue qa =
        unsignedQuotient(b, magnitude(b, x32), magnitude(b, d32));
    MlirValue differ = bCmpi(b, ARITH_SLT, bBinary(b, "arith.xori", x32, d32),
                             splat(b, x32, 32, 0));
    q32 = bSelect(b, differ,
                  bBinary(b, "arith.subi", splat(b, x32, 32, 0), qa), qa);
  } else {
    q32 = unsignedQuotient(b, x32, d32);
  }
  MlirValue r32 = bBinary(b, "arith.subi", x32, bMuli(b, q32, d32));
  *q = toWidth(b, ext, q32, width);
  *r = toWidth(b, ext, r32, width);
}
