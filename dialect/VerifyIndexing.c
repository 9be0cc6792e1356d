/* Rules of the ops that say which elements a program works on:
 * tile.program_id and tile.num_programs (grid axis 0..2, as CUDA grids have
 * three dimensions) and tile.range (a power-of-two run of i32 indices). */
#include "dialect/Verify.h"

#include "lib/IR/IR.h"
#include "mlir-c/BuiltinTypes.h"

bool tileVerifyProgramAxisOp(MlirOperation op) {
  int64_t axis;
  bool arity = tileVerifyArity(op, 0, 1);
  if (!tileVerifyI32Attr(op, "axis", &axis))
    return false;
  if (axis >= 0 && axis <= 2)
    return arity;
  tileEmitOpError(op, "axis %lld is out of range (expected 0 to 2)",
                  (long long)axis);
  return false;
}

bool tileVerifyRange(MlirOperation op) {
  int64_t start = 0, end = 0;
  bool ok = tileVerifyI32Attr(op, "start", &start);
  ok &= tileVerifyI32Attr(op, "end", &end);
  if (!ok || !tileVerifyArity(op, 0, 1))
    return false;
  if (end <= start) {
    tileEmitOpError(op, "end (%lld) must be greater than start (%lld)",
                    (long long)end, (long long)start);
    return false;
  }
  int64_t count = end - start;
  if ((count & (count - 1)) != 0) {
    tileEmitOpError(op, "end - start (%lld) must be a power of two",
                    (long long)count);
    return false;
  }
  MlirType t = mlirValueGetType(mlirOperationGetResult(op, 0));
  if (!tileIsTileType(t))
    return true; /* reported as a value */
  if (mlirShapedTypeGetRank(t) != 1 || mlirShapedTypeGetDimSize(t, 0) != count ||
      !tileIsSignlessInt(mlirShapedTypeGetElementType(t), 32)) {
    char ts[TILE_TYPE_STR];
    tileEmitOpError(op,
                    "result type %s does not match tensor<%lldxi32> "
                    "(end - start elements of i32)",
                    tileTypeStr(t, ts, sizeof ts), (long long)count);
    return false;
  }
  return true;
}
