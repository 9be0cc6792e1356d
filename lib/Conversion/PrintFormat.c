/* tile.print's text; see PrintFormat.h. */
#include "lib/Conversion/PrintFormat.h"

#include "mlir-c/BuiltinTypes.h"

int tilePrintFloatDigits(MlirType t) {
  if (mlirTypeIsAF64(t))
    return 17;
  if (mlirTypeIsAF32(t))
    return 9;
  if (mlirTypeIsAF16(t))
    return 5;
  if (mlirTypeIsABF16(t))
    return 4;
  return 3; /* f8 */
}
