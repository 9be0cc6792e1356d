/* Rules of the debugging ops: tile.print prints one tile or scalar after
 * its `prefix`; tile.assert checks an i1 or a tile of i1 and reports its
 * `message` when an element is false. Both strings are required (they are
 * what the user reads), and may be empty. */
#include "dialect/Verify.h"

#include "lib/IR/IR.h"
#include "mlir-c/BuiltinTypes.h"

bool tileVerifyPrint(MlirOperation op) {
  char ts[TILE_TYPE_STR];
  MlirStringRef prefix;
  bool ok = tileVerifyStringAttr(op, "prefix", true, &prefix);
  if (!tileVerifyArity(op, 1, 0))
    return false;
  MlirType t = mlirValueGetType(mlirOperationGetOperand(op, 0));
  if (mlirTypeIsATensor(t) || mlirTypeIsAInteger(t) || mlirTypeIsAFloat(t) ||
      mlirTypeIsAIndex(t))
    return ok; /* a tensor is checked as a value */
  tileEmitOpError(op,
                  "value type %s must be a tile or a scalar (integer, "
                  "float, index)",
                  tileTypeStr(t, ts, sizeof ts));
  return false;
}

bool tileVerifyAssert(MlirOperation op) {
  char ts[TILE_TYPE_STR];
  MlirStringRef message;
  bool ok = tileVerifyStringAttr(op, "message", true, &message);
  if (!tileVerifyArity(op, 1, 0))
    return false;
  MlirType t = mlirValueGetType(mlirOperationGetOperand(op, 0));
  if (tileIsSignlessInt(t, 1))
    return ok;
  if (mlirTypeIsATensor(t) && !tileIsTileType(t))
    return ok; /* reported as a value */
  if (tileIsTileType(t) &&
      tileIsSignlessInt(mlirShapedTypeGetElementType(t), 1))
    return ok;
  tileEmitOpError(op, "condition type %s must be i1 or a tile of i1",
                  tileTypeStr(t, ts, sizeof ts));
  return false;
}
