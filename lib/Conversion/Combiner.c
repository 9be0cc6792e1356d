/* Reduce combiners; see Combiner.h. */
#include "lib/Conversion/Combiner.h"

#include <stdbool.h>

#include "lib/IR/IR.h"
#include "mlir-c/BuiltinTypes.h"

const char *tileReduceCombiner(MlirStringRef kind, MlirType elem) {
  bool isFloat = !mlirTypeIsAInteger(elem);
  bool isBool = !isFloat && mlirIntegerTypeGetWidth(elem) == 1;
  static const struct {
    const char *kind, *floatOp, *intOp, *boolOp;
  } table[] = {
      {"add", "arith.addf", "arith.addi", "arith.addi"},
      {"mul", "arith.mulf", "arith.muli", "arith.muli"},
      {"max", "arith.maximumf", "arith.maxsi", "arith.maxui"},
      {"min", "arith.minimumf", "arith.minsi", "arith.minui"},
      {"maxnum", "arith.maxnumf", "arith.maxsi", "arith.maxui"},
      {"minnum", "arith.minnumf", "arith.minsi", "arith.minui"},
      {"and", NULL, "arith.andi", "arith.andi"},
      {"or", NULL, "arith.ori", "arith.ori"},
      {"xor", NULL, "arith.xori", "arith.xori"},
  };
  for (size_t i = 0; i < sizeof table / sizeof table[0]; ++i)
    if (mlirStringRefEqual(kind, tileStr(table[i].kind)))
      return isFloat ? table[i].floatOp
                     : isBool ? table[i].boolOp : table[i].intOp;
  return NULL;
}

bool tileReduceAccumulatesWide(MlirStringRef kind, MlirType elem) {
  return (mlirTypeIsAF16(elem) || mlirTypeIsABF16(elem)) &&
         (mlirStringRefEqual(kind, tileStr("add")) ||
          mlirStringRefEqual(kind, tileStr("mul")));
}
