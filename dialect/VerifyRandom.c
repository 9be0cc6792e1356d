/* Rules of the Philox random-number ops, tile.rand and tile.randint: an
 * i64 seed (the Philox key is its low and high 32-bit halves), an i32 tile
 * of offsets (the first counter word, as Triton's tl.randint takes it), and
 * a result of the offsets' shape: f32 for rand, i32 for randint. */
#include "dialect/Verify.h"

#include "lib/IR/IR.h"
#include "mlir-c/BuiltinTypes.h"

bool tileVerifyRandom(MlirOperation op) {
  char ts[TILE_TYPE_STR], os[TILE_TYPE_STR];
  if (!tileVerifyArity(op, 2, 1))
    return false;
  bool isInt = tileOpIsNamed(op, "tile.randint");
  MlirType seed = mlirValueGetType(mlirOperationGetOperand(op, 0));
  MlirType offs = mlirValueGetType(mlirOperationGetOperand(op, 1));
  MlirType result = mlirValueGetType(mlirOperationGetResult(op, 0));
  bool ok = true;
  if (!tileIsSignlessInt(seed, 64)) {
    tileEmitOpError(op, "seed type %s must be i64",
                    tileTypeStr(seed, ts, sizeof ts));
    ok = false;
  }
  if (!mlirTypeIsATensor(offs)) {
    tileEmitOpError(op, "offsets type %s must be an i32 tile",
                    tileTypeStr(offs, os, sizeof os));
    ok = false;
  } else if (tileIsTileType(offs) &&
             !tileIsSignlessInt(mlirShapedTypeGetElementType(offs), 32)) {
    tileEmitOpError(
        op, "offsets element type %s must be i32",
        tileTypeStr(mlirShapedTypeGetElementType(offs), os, sizeof os));
    ok = false;
  }
  if (!tileIsTileType(result))
    return ok; /* reported as a value */
  MlirType elem = mlirShapedTypeGetElementType(result);
  if (isInt ? !tileIsSignlessInt(elem, 32) : !mlirTypeIsAF32(elem)) {
    tileEmitOpError(op, "result element type %s must be %s",
                    tileTypeStr(elem, ts, sizeof ts), isInt ? "i32" : "f32");
    ok = false;
  }
  if (tileIsTileType(offs) && !tileSameShape(result, offs)) {
    tileEmitOpError(op, "result shape %s does not match offsets shape %s",
                    tileShapeStr(result, ts, sizeof ts),
                    tileShapeStr(offs, os, sizeof os));
    ok = false;
  }
  return ok;
}
