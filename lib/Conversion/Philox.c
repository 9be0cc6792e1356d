/* Philox-4x32-10 from arith ops; see Philox.h. */
#include "lib/Conversion/Philox.h"

#include "mlir-c/BuiltinTypes.h"

/* Round multipliers and Weyl key increments. */
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

void tilePhiloxKey(TileBuilder *b, MlirValue seed, MlirValue *k0,
                   MlirValue *k1) {
  MlirType i32 = mlirIntegerTypeGet(b->ctx, 32);
  MlirType i64 = mlirIntegerTypeGet(b->ctx, 64);
  *k0 = bCast(b, "arith.trunci", seed, i32);
  *k1 = bCast(b, "arith.trunci",
              bBinary(b, "arith.shrui", seed, bConstInt(b, i64, 32)), i32);
}

MlirValue tilePhiloxWord0(TileBuilder *b, MlirValue c0, MlirValue k0,
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

MlirValue tilePhiloxUniform(TileBuilder *b, MlirValue w) {
  MlirValue negative = bCmpi(b, ARITH_SLT, w, u32(b, 0));
  MlirValue flipped = bBinary(b, "arith.xori", w, u32(b, ~0u));
  MlirValue x = bSelect(b, negative, flipped, w);
  MlirType f32 = mlirF32TypeGet(b->ctx);
  return bBinary(b, "arith.mulf", bCast(b, "arith.sitofp", x, f32),
                 bConstFloat(b, f32, 4.6566127342e-10));
}
