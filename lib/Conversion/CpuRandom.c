/* tile.randint and tile.rand on the CPU: Philox-4x32 with 10 rounds
 * (Salmon et al., "Parallel random numbers: as easy as 1, 2, 3", SC'11),
 * key (low, high word of the seed), counter (offs[e], 0, 0, 0); randint is
 * the first output word, the stream of Triton's tl.randint. rand maps it
 * as tl.rand does: as i32 x, x >= 0 ? x : -x - 1 (that is ~x), times
 * 4.6566127342e-10 in f32 (DIALECT.md, "v2"). One tensor.generate, every
 * element computed on its own in i32 (high halves of products in i64). */
#include "lib/Conversion/CpuOps.h"

#include "lib/Support/Build.h"
#include "lib/Support/IR.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

enum { kMaxRank = 3 };

/* Philox-4x32 round multipliers and Weyl key increments. */
static const uint32_t kRoundA = 0xD2511F53u, kRoundB = 0xCD9E8D57u;
static const uint32_t kKeyA = 0x9E3779B9u, kKeyB = 0xBB67AE85u;

static MlirValue u32(TileBuilder *b, uint32_t v) {
  return bConstInt(b, mlirIntegerTypeGet(b->ctx, 32), (int32_t)v);
}

/* The high and low 32 bits of the unsigned product m * x. */
static void mulHiLo(TileBuilder *b, uint32_t m, MlirValue x, MlirValue *hi,
                    MlirValue *lo) {
  MlirType i32 = mlirIntegerTypeGet(b->ctx, 32);
  MlirType i64 = mlirIntegerTypeGet(b->ctx, 64);
  MlirValue wide = bMuli(b, bCast(b, "arith.extui", x, i64),
                         bConstInt(b, i64, (int64_t)m));
  *hi = bCast(b, "arith.trunci",
              bBinary(b, "arith.shrui", wide, bConstInt(b, i64, 32)), i32);
  *lo = bMuli(b, x, u32(b, m));
}

/* Word 0 of Philox-4x32-10 at counter (c0, 0, 0, 0), key (k0, k1). */
static MlirValue philoxWord0(TileBuilder *b, MlirValue c0, MlirValue k0,
                             MlirValue k1) {
  MlirValue c[4] = {c0, u32(b, 0), u32(b, 0), u32(b, 0)};
  for (int round = 0; round < 10; ++round) {
    if (round > 0) {
      k0 = bAddi(b, k0, u32(b, kKeyA));
      k1 = bAddi(b, k1, u32(b, kKeyB));
    }
    MlirValue hiA, loA, hiB, loB;
    mulHiLo(b, kRoundA, c[0], &hiA, &loA);
    mulHiLo(b, kRoundB, c[2], &hiB, &loB);
    MlirValue n0 = bBinary(b, "arith.xori",
                           bBinary(b, "arith.xori", hiB, c[1]), k0);
    MlirValue n2 = bBinary(b, "arith.xori",
                           bBinary(b, "arith.xori", hiA, c[3]), k1);
    c[0] = n0;
    c[1] = loB;
    c[2] = n2;
    c[3] = loA;
  }
  return c[0];
}

MlirValue tileCpuLowerRandom(MlirOperation op) {
  TileBuilder b = tileBuilderBefore(op), body;
  MlirValue seed = mlirOperationGetOperand(op, 0);
  MlirValue offs = mlirOperationGetOperand(op, 1);
  MlirType type =
      tileCpuPlainTile(mlirValueGetType(mlirOperationGetResult(op, 0)));
  intptr_t rank = mlirShapedTypeGetRank(type);
  MlirType i32 = mlirIntegerTypeGet(b.ctx, 32);
  MlirType i64 = mlirIntegerTypeGet(b.ctx, 64);
  MlirValue k0 = bCast(&b, "arith.trunci", seed, i32);
  MlirValue k1 = bCast(
      &b, "arith.trunci",
      bBinary(&b, "arith.shrui", seed, bConstInt(&b, i64, 32)), i32);
  MlirOperation gen = bGenerate(&b, type, &body);
  MlirValue e[kMaxRank];
  for (intptr_t d = 0; d < rank; ++d)
    e[d] = mlirBlockGetArgument(body.block, d);
  MlirValue w = philoxWord0(&body, bExtract(&body, offs, rank, e), k0, k1);
  if (tileOpIsNamed(op, "tile.rand")) {
    MlirValue negative = bCmpi(&body, ARITH_SLT, w, u32(&body, 0));
    MlirValue flipped = bBinary(&body, "arith.xori", w, u32(&body, ~0u));
    MlirValue x = bSelect(&body, negative, flipped, w);
    MlirType f32 = mlirF32TypeGet(b.ctx);
    w = bBinary(&body, "arith.mulf", bCast(&body, "arith.sitofp", x, f32),
                bConstFloat(&body, f32, 4.6566127342e-10));
  }
  bYield(&body, "tensor.yield", 1, &w);
  return mlirOperationGetResult(gen, 0);
}
