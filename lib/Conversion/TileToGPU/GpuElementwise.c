/* Elementwise and scalar ops for TileToGPU (GpuOps.h): arith and math on
 * tiles once per register (once when every operand is uniform), scalar ops
 * as they are, splat constants as uniform tiles, tile.range from the
 * thread's coordinates, and expand_dims / broadcast, which keep their
 * operand's registers. Math follows the fastmath flags (docs/numerics.md):
 * math.sqrt is sqrt.rn (sqrt.approx with afn), f32 exp and exp2 with afn
 * are ex2.approx, and the rest of math goes through libdevice, whose
 * __nv_fast_* functions afn picks. */
#include "lib/Conversion/TileToGPU/GpuOps.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/IR/IR.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/LLVM.h"

/* A copy of `op` with `operands` and `results`, keeping its attributes. */
static MlirOperation cloneWith(MlirLocation loc, MlirOperation op,
                               intptr_t nOperands, const MlirValue *operands,
                               intptr_t nResults, const MlirType *results) {
  char name[128];
  MlirOperationState state =
      mlirOperationStateGet(tileStr(tileOpName(op, name, sizeof name)), loc);
  mlirOperationStateAddOperands(&state, nOperands, operands);
  mlirOperationStateAddResults(&state, nResults, results);
  intptr_t nAttrs = mlirOperationGetNumAttributes(op);
  for (intptr_t i = 0; i < nAttrs; ++i) {
    MlirNamedAttribute a = mlirOperationGetAttribute(op, i);
    mlirOperationStateAddAttributes(&state, 1, &a);
  }
  return mlirOperationCreate(&state);
}

/* A call of the LLVM intrinsic `name` on one f32. */
static MlirValue intrinsic(TileBuilder *b, const char *name, MlirValue x) {
  MlirType f32 = mlirF32TypeGet(b->ctx);
  int32_t segments[] = {1, 0};
  TileNamedAttr attrs[] = {
      {"intrin", mlirStringAttrGet(b->ctx, tileStr(name))},
      {"op_bundle_sizes", mlirDenseI32ArrayGet(b->ctx, 0, NULL)},
      {"operandSegmentSizes", mlirDenseI32ArrayGet(b->ctx, 2, segments)}};
  return bInsert(b, tileOpCreate(b->loc, "llvm.call_intrinsic", 1, &x, 1,
                                 &f32, 3, attrs));
}

/* math.sqrt as sqrt.rn.f32 (correctly rounded; f16 and bf16 through f32,
 * which rounds once more exactly), or with afn sqrt.approx.f32, through
 * the NVVM intrinsics. libdevice's __nv_sqrtf would be the approximation
 * unless __CUDA_PREC_SQRT were reflected, and convert-gpu-to-nvvm turns
 * LLVM's own sqrt into it. */
static MlirValue sqrtOf(TileBuilder *b, MlirOperation op, MlirValue x) {
  MlirType t = mlirValueGetType(x);
  MlirType f32 = mlirF32TypeGet(b->ctx);
  if (!mlirTypeIsAF32(t))
    return bCast(b, "arith.truncf",
                 sqrtOf(b, op, bCast(b, "arith.extf", x, f32)), t);
  return intrinsic(b, gpuAllowsApproximation(op) ? "llvm.nvvm.sqrt.approx.f"
                                                 : "llvm.nvvm.sqrt.rn.f",
                   x);
}

/* The hardware's ex2 as afn allows it: ex2.approx.ftz, which flushes
 * denormal arguments and results (docs/numerics.md: with afn the
 * approximations may). Without .ftz, ptxas wraps each MUFU.EX2 in a
 * compare and two predicated multiplies to keep denormal results: in an
 * attention loop, one FSETP and one or two FMUL per score, 18% of the
 * instructions executed (ncu on an H200, 2026-11-29), where
 * FlashAttention's kernels use the .ftz form. */
#define APPROX_EX2 "llvm.nvvm.ex2.approx.ftz.f32"

/* math.exp on f32 with afn as the hardware's ex2 (relative error about
 * 2^-22 of the scaled argument), exp(x) = 2^(x * log2 e), as Triton does;
 * without afn, libdevice's expf (2 ulp). */
static MlirValue fastExp(TileBuilder *b, MlirValue x) {
  MlirType f32 = mlirF32TypeGet(b->ctx);
  MlirValue scaled =
      bBinary(b, "arith.mulf", x, bConstFloat(b, f32, 1.4426950408889634));
  return intrinsic(b, APPROX_EX2, scaled);
}

/* With afn, f32 exp and exp2 are the hardware's ex2. */
static bool isApproxF32(MlirOperation op, MlirType elem) {
  return (tileOpIsNamed(op, "math.exp") || tileOpIsNamed(op, "math.exp2")) &&
         mlirTypeIsAF32(elem) && gpuAllowsApproximation(op);
}

static MlirValue approxF32(TileBuilder *b, MlirOperation op, MlirValue x) {
  if (tileOpIsNamed(op, "math.exp"))
    return fastExp(b, x);
  return intrinsic(b, APPROX_EX2, x);
}

static bool isSqrt(MlirOperation op, MlirType elem) {
  return tileOpIsNamed(op, "math.sqrt") &&
         (mlirTypeIsAF32(elem) || mlirTypeIsAF16(elem) ||
          mlirTypeIsABF16(elem));
}

/* `op` on one register of each operand. */
static MlirValue elementOp(GpuLowering *g, TileBuilder *b, MlirOperation op,
                           bool approx, bool sqrt, const char *libdevice,
                           const MlirValue *scalars, MlirType elem) {
  intptr_t n = mlirOperationGetNumOperands(op);
  if (approx)
    return approxF32(b, op, scalars[0]);
  if (sqrt)
    return sqrtOf(b, op, scalars[0]);
  if (libdevice)
    return gpuLibdeviceCall(g, b, libdevice, n, scalars);
  return bInsert(b, cloneWith(b->loc, op, n, scalars, 1, &elem));
}

/* |x|, its sign bit cleared. Not math.absf, which the GPU pipeline
 * would send to libdevice (a kernel that divides must not need the
 * toolkit's libdevice for it), nor LLVM's fabs intrinsic, which
 * convert-gpu-to-nvvm refuses where a kernel's other math needs that pass
 * (difftest seed 4300043: a divf beside such an op failed to compile). */
static MlirValue absBits(TileBuilder *b, MlirValue x) {
  MlirType i32 = mlirIntegerTypeGet(b->ctx, 32);
  MlirValue bits = bCast(b, "arith.bitcast", x, i32);
  return bCast(b, "arith.bitcast",
               bAndi(b, bits, bConstInt(b, i32, 0x7fffffff)),
               mlirF32TypeGet(b->ctx));
}

/* |x| strictly between 2^-60 and 2^60 (false for NaN). LLVM's fma
 * intrinsic, not math.fma, for the same reason as absBits. */
static MlirValue inSafeRange(TileBuilder *b, MlirValue x) {
  MlirType f32 = mlirF32TypeGet(b->ctx);
  MlirValue a = absBits(b, x);
  return bAndi(b, bCmpf(b, ARITH_F_OLT, a, bConstFloat(b, f32, 0x1p60)),
               bCmpf(b, ARITH_F_OGT, a, bConstFloat(b, f32, 0x1p-60)));
}

/* `values[0..n)` folded pairwise by `name` (a tree, not a chain: the
 * folds of one level are independent); overwrites `values`. */
static MlirValue foldPairwise(TileBuilder *b, const char *name,
                              MlirValue *values, int n) {
  for (; n > 1; n = (n + 1) / 2) {
    for (int i = 0; i < n / 2; ++i)
      values[i] = bBinary(b, name, values[2 * i], values[2 * i + 1]);
    if (n % 2) /* the odd one moves down a level as it is */
      values[n / 2] = values[n - 1];
  }
  return values[0];
}

static MlirValue fma32(TileBuilder *b, MlirValue x, MlirValue y, MlirValue z) {
  MlirType f32 = mlirF32TypeGet(b->ctx);
  MlirValue operands[] = {x, y, z};
  return bInsert(
      b, tileOpCreate(b->loc, "llvm.intr.fma", 3, operands, 1, &f32, 0, NULL));
}

enum { MAX_DIVISORS = 64 };

/* An f32 tile divided exactly (arith.divf without afn), with no branch
 * per element. PTX's div.rn.f32 becomes, in ptxas's SASS, a reciprocal,
 * a Newton step, the quotient and two corrections (fused multiply-adds),
 * then FCHK and a branch to a slow path for operands where that sequence
 * could under- or overflow. Each branch closes ptxas's scheduling window,
 * so a tile's divisions run one after another at the chain's full
 * latency: dividing attention's output by its row sums (64 a thread) was
 * 18% of the plain kernel's stall samples at 512 tokens (ncu, H200). Here
 * the same sequence, rcp.approx.ftz and the same five fused operations,
 * is computed for every element (the reciprocal and Newton step once per
 * distinct divisor register: a broadcast row's repeat), where FCHK
 * passes: divisor and dividend within 2^-60..2^60 in magnitude (or a zero
 * dividend, whose quotient q0 = a * y carries the right sign), far inside
 * where that sequence is the correctly rounded quotient. One vote per
 * warp sends the tile to div.rn.f32, element by element, when any element
 * is outside (zeros as divisors, infinities, NaN, tiny or huge values):
 * the results are div.rn.f32's bit for bit either way
 * (test/tile-run/cuda-divf-exact.test checks that on the GPU). */
static bool lowerExactDivision(GpuLowering *g, TileBuilder *b, MlirOperation op,
                               GpuTile *const *tiles, MlirType elem) {
  /* (The caller lowered a tile of two uniform operands already.) */
  if (!tileOpIsNamed(op, "arith.divf") || !mlirTypeIsAF32(elem) ||
      gpuAllowsApproximation(op))
    return false;
  TileLayout l;
  if (!gpuResultLayout(op, 0, &l))
    return false;
  MlirValue result = mlirOperationGetResult(op, 0);
  GpuTile out = gpuTileAlloc(&l, mlirValueGetType(result));
  /* The distinct divisors and their reciprocals, -b, and range tests. */
  MlirValue divisor[MAX_DIVISORS], recip[MAX_DIVISORS], negated[MAX_DIVISORS];
  int numDivisors = 0;
  MlirValue ok = {NULL};
  MlirType f32 = elem;
  MlirValue one = bConstFloat(b, f32, 1.0), zero = bConstFloat(b, f32, 0.0);
  MlirValue *fast = malloc(sizeof *fast * (size_t)out.numRegs);
  /* The dividends' magnitudes (least: zeros as +inf), folded after the
   * loop: two min/max per element, where a range test per element held
   * 64 predicates live (ptxas moved them through registers, P2R) and
   * took about 7% of the plain attention kernel's stall samples at 512
   * tokens (ncu, H200). */
  MlirValue *least = malloc(sizeof *least * (size_t)out.numRegs);
  MlirValue *most = malloc(sizeof *most * (size_t)out.numRegs);
  MlirValue inf = bConstFloat(b, f32, INFINITY);
  for (int r = 0; r < out.numRegs; ++r) {
    MlirValue x = gpuTileReg(tiles[0], r), d = gpuTileReg(tiles[1], r);
    int k = 0;
    while (k < numDivisors && !mlirValueEqual(divisor[k], d))
      ++k;
    if (k == numDivisors) {
      if (numDivisors == MAX_DIVISORS) /* start over: only a cache */
        k = numDivisors = 0;
      divisor[k] = d;
      MlirValue y0 = intrinsic(b, "llvm.nvvm.rcp.approx.ftz.f", d);
      negated[k] = bInsert(
          b, tileOpCreate(b->loc, "arith.negf", 1, &d, 1, &f32, 0, NULL));
      recip[k] = fma32(b, y0, fma32(b, negated[k], y0, one), y0);
      MlirValue dOk = inSafeRange(b, d);
      ok = mlirValueIsNull(ok) ? dOk : bAndi(b, ok, dOk);
      numDivisors = k + 1;
    }
    MlirValue y = recip[k], nb = negated[k];
    MlirValue q0 = bBinary(b, "arith.mulf", x, y);
    MlirValue q1 = fma32(b, y, fma32(b, nb, q0, x), q0);
    MlirValue q2 = fma32(b, y, fma32(b, nb, q1, x), q1);
    MlirValue isZero = bCmpf(b, ARITH_F_OEQ, x, zero);
    fast[r] = bSelect(b, isZero, q0, q2);
    most[r] = absBits(b, x);
    least[r] = bSelect(b, isZero, inf, most[r]);
  }
  /* minimumf and maximumf keep a NaN, which then fails both tests. */
  MlirValue lo = foldPairwise(b, "arith.minimumf", least, out.numRegs);
  MlirValue hi = foldPairwise(b, "arith.maximumf", most, out.numRegs);
  ok = bAndi(b, ok,
             bAndi(b, bCmpf(b, ARITH_F_OLT, hi, bConstFloat(b, f32, 0x1p60)),
                   bCmpf(b, ARITH_F_OGT, lo, bConstFloat(b, f32, 0x1p-60))));
  free(least);
  free(most);
  MlirType i1 = mlirIntegerTypeGet(b->ctx, 1);
  MlirValue vote[] = {bConstInt(b, mlirIntegerTypeGet(b->ctx, 32), -1),
                      bNot(b, ok)};
  TileNamedAttr kind[] = {
      {"kind",
       mlirAttributeParseGet(b->ctx, tileStr("#nvvm<vote_sync_kind any>"))}};
  MlirValue slow = bInsert(
      b, tileOpCreate(b->loc, "nvvm.vote.sync", 2, vote, 1, &i1, 1, kind));
  MlirType *types = malloc(sizeof *types * (size_t)out.numRegs);
  for (int r = 0; r < out.numRegs; ++r)
    types[r] = f32;
  TileBuilder exact, quick;
  MlirOperation sel = bIf(b, slow, out.numRegs, types, true, &exact, &quick);
  MlirValue *regs = malloc(sizeof *regs * (size_t)out.numRegs);
  for (int r = 0; r < out.numRegs; ++r)
    regs[r] = bBinary(&exact, "arith.divf", gpuTileReg(tiles[0], r),
                      gpuTileReg(tiles[1], r));
  bYield(&exact, "scf.yield", out.numRegs, regs);
  bYield(&quick, "scf.yield", out.numRegs, fast);
  for (int r = 0; r < out.numRegs; ++r)
    out.regs[r] = mlirOperationGetResult(sel, r);
  free(types);
  free(regs);
  free(fast);
  gpuSetTile(g, result, out);
  return true;
}

/* Elementwise arith/math on tiles: the op once per register (once if every
 * operand is uniform). */
bool gpuLowerElementwise(GpuLowering *g, TileBuilder *b,
                         MlirOperation op) {
  intptr_t n = mlirOperationGetNumOperands(op);
  MlirValue result = mlirOperationGetResult(op, 0);
  MlirType elem = mlirShapedTypeGetElementType(mlirValueGetType(result));
  GpuTile *tiles[8];
  if (n > 8) {
    tileEmitOpError(op, "has too many operands for the GPU lowering");
    return false;
  }
  bool allUniform = true;
  for (intptr_t i = 0; i < n; ++i) {
    if (!(tiles[i] = gpuOperandTile(g, op, i)))
      return false;
    allUniform = allUniform && tiles[i]->uniform;
  }
  MlirValue scalars[8];
  const char *libdevice = gpuLibdeviceFunction(op, elem);
  bool approx = isApproxF32(op, elem), sqrt = isSqrt(op, elem);
  if (allUniform) {
    for (intptr_t i = 0; i < n; ++i)
      scalars[i] = tiles[i]->scalar;
    MlirValue v = elementOp(g, b, op, approx, sqrt, libdevice, scalars, elem);
    gpuSetTile(g, result, gpuTileUniform(mlirValueGetType(result), v));
    return true;
  }
  if (lowerExactDivision(g, b, op, tiles, elem))
    return true;
  TileLayout l;
  if (!gpuResultLayout(op, 0, &l))
    return false;
  GpuTile out = gpuTileAlloc(&l, mlirValueGetType(result));
  for (int r = 0; r < out.numRegs; ++r) {
    for (intptr_t i = 0; i < n; ++i)
      scalars[i] = gpuTileReg(tiles[i], r);
    out.regs[r] = elementOp(g, b, op, approx, sqrt, libdevice, scalars, elem);
  }
  gpuSetTile(g, result, out);
  return true;
}

void gpuScalarOpOn(GpuLowering *g, TileBuilder *b, MlirOperation op,
                   const MlirValue *operands, MlirValue *out) {
  intptr_t n = mlirOperationGetNumOperands(op);
  intptr_t nr = mlirOperationGetNumResults(op);
  MlirType results[8];
  for (intptr_t i = 0; i < nr; ++i)
    results[i] = mlirValueGetType(mlirOperationGetResult(op, i));
  /* Scalar math has the tiles' precision rules. */
  const char *libdevice = nr == 1 ? gpuLibdeviceFunction(op, results[0]) : NULL;
  bool approx = nr == 1 && isApproxF32(op, results[0]),
       sqrt = nr == 1 && isSqrt(op, results[0]);
  if (libdevice || approx || sqrt) {
    out[0] = elementOp(g, b, op, approx, sqrt, libdevice, operands, results[0]);
    return;
  }
  MlirOperation copy = cloneWith(b->loc, op, n, operands, nr, results);
  bInsert(b, copy);
  for (intptr_t i = 0; i < nr; ++i)
    out[i] = mlirOperationGetResult(copy, i);
}

/* Scalar ops (index math, scalar arith/math): cloned with mapped operands. */
bool gpuLowerScalarOp(GpuLowering *g, TileBuilder *b, MlirOperation op) {
  intptr_t n = mlirOperationGetNumOperands(op);
  intptr_t nr = mlirOperationGetNumResults(op);
  if (n > 8 || nr > 8 || mlirOperationGetNumRegions(op) > 0) {
    tileEmitOpError(op, "is not supported by the GPU lowering");
    return false;
  }
  MlirValue operands[8], results[8];
  for (intptr_t i = 0; i < n; ++i)
    if (mlirValueIsNull(operands[i] = gpuOperandScalar(g, op, i)))
      return false;
  gpuScalarOpOn(g, b, op, operands, results);
  for (intptr_t i = 0; i < nr; ++i)
    gpuSetScalar(g, mlirOperationGetResult(op, i), results[i]);
  return true;
}

bool gpuLowerConstant(GpuLowering *g, TileBuilder *b, MlirOperation op) {
  MlirValue result = mlirOperationGetResult(op, 0);
  if (!gpuIsTensor(result))
    return gpuLowerScalarOp(g, b, op);
  MlirAttribute value = tileOpAttr(op, "value");
  if (!mlirAttributeIsADenseElements(value) ||
      !mlirDenseElementsAttrIsSplat(value)) {
    tileEmitOpError(op, "only splat tensor constants are supported on the "
                        "GPU");
    return false;
  }
  MlirValue scalar = bConstAttr(b, mlirDenseElementsAttrGetSplatValue(value));
  gpuSetTile(g, result, gpuTileUniform(mlirValueGetType(result), scalar));
  return true;
}

bool gpuLowerRange(GpuLowering *g, TileBuilder *b, MlirOperation op) {
  TileLayout l;
  if (!gpuResultLayout(op, 0, &l))
    return false;
  MlirValue result = mlirOperationGetResult(op, 0);
  int64_t start = 0;
  tileOpIntAttr(op, "start", &start);
  GpuTile t = gpuTileAlloc(&l, mlirValueGetType(result));
  MlirType i32 = mlirIntegerTypeGet(g->ctx, 32);
  for (int r = 0; r < t.numRegs; ++r) {
    MlirValue c;
    gpuRegCoords(b, g, &l, 1, t.shape, r, &c);
    t.regs[r] = bAddi(b, bCast(b, "arith.index_cast", c, i32),
                      bConstInt(b, i32, start));
  }
  gpuSetTile(g, result, t);
  return true;
}

/* Result register -> operand register for ops that keep data in place:
 * the operand register whose static coordinates equal the result's with
 * `drop` removed (expand_dims) or with size-1 operand dims zeroed
 * (broadcast). */
bool gpuLowerInPlace(GpuLowering *g, TileBuilder *b, MlirOperation op,
                     int drop) {
  (void)b;
  GpuTile *src = gpuOperandTile(g, op, 0);
  if (!src)
    return false;
  MlirValue result = mlirOperationGetResult(op, 0);
  MlirType type = mlirValueGetType(result);
  if (src->uniform) {
    gpuSetTile(g, result, gpuTileUniform(type, src->scalar));
    return true;
  }
  TileLayout l;
  if (!gpuResultLayout(op, 0, &l))
    return false;
  GpuTile t = gpuTileAlloc(&l, type);
  int64_t want[TILE_MAX_LAYOUT_RANK], have[TILE_MAX_LAYOUT_RANK];
  for (int r = 0; r < t.numRegs; ++r) {
    int64_t c[TILE_MAX_LAYOUT_RANK];
    tileLayoutRegCoords(&l, t.shape, r, c);
    for (int d = 0, k = 0; d < t.rank; ++d) {
      if (d == drop)
        continue;
      want[k] = src->shape[k] == 1 ? 0 : c[d];
      ++k;
    }
    int found = -1;
    for (int s = 0; s < src->numRegs && found < 0; ++s) {
      tileLayoutRegCoords(&src->layout, src->shape, s, have);
      if (memcmp(have, want, sizeof(int64_t) * (size_t)src->rank) == 0)
        found = s;
    }
    if (found < 0) {
      tileEmitOpError(op, "internal error: register %d of the result has no "
                          "source register (layouts do not match)",
                      r);
      free(t.regs);
      return false;
    }
    t.regs[r] = src->regs[found];
  }
  gpuSetTile(g, result, t);
  return true;
}
