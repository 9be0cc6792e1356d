/* TMA multicast on Hopper; see Multicast.h. */
#include "lib/Analysis/Multicast.h"

#include <string.h>

#include "lib/Analysis/Mma.h"
#include "lib/Analysis/SmemLayout.h"
#include "lib/Analysis/Tma.h"
#include "lib/IR/IR.h"
#include "mlir-c/BuiltinAttributes.h"

static bool boolAttr(MlirOperation op, const char *name) {
  MlirAttribute a = tileOpAttr(op, name);
  return !mlirAttributeIsNull(a) && mlirAttributeIsABool(a) &&
         mlirBoolAttrGetValue(a);
}

/* The B of a tile.dot directly in `body`, when it is a TMA load of the
 * body stored [K][N] in an even number of column blocks. */
static MlirOperation splittableB(MlirOperation dot, MlirBlock body) {
  MlirOperation load = tileDefiningOp(mlirOperationGetOperand(dot, 1));
  MlirOperation dots[TILE_MMA_MAX_LOAD_DOTS];
  int operand = 0;
  TileSmemLayout s;
  if (mlirOperationIsNull(load) || !tileOpIsNamed(load, "tile.load") ||
      !mlirBlockEqual(mlirOperationGetBlock(load), body) ||
      mlirAttributeIsNull(tileOpAttr(load, "tile.tma")) ||
      tileMmaLoadDots(load, dots, TILE_MMA_MAX_LOAD_DOTS, &operand, &s) == 0 ||
      operand != 1 || s.transposed || s.blockElems == 0)
    return (MlirOperation){NULL};
  int64_t blocks = s.rowElems / s.blockElems;
  return blocks >= 2 && blocks % 2 == 0 ? load : (MlirOperation){NULL};
}

bool tileMulticastFor(MlirOperation kernel, const char *chip, MlirOperation *b,
                      const char **why) {
  *b = (MlirOperation){NULL};
  if (!chip || strcmp(chip, "sm_90a") != 0) {
    *why = "TMA multicast is built for sm_90a";
    return false;
  }
  if (tileKernelProducerWarps(kernel) <= 0) {
    *why = "the kernel has no producer warpgroup (warp-specialize)";
    return false;
  }
  if (tileKernelPersistent(kernel) || boolAttr(kernel, "tile.cta_pairs")) {
    *why = "TMA multicast is not combined with persistence or CTA pairs";
    return false;
  }
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(kernel, 0));
  int loops = 0;
  MlirOperation found = {NULL};
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    if (!tileOpIsNamed(op, "scf.for") ||
        mlirAttributeIsNull(tileOpAttr(op, "tile.num_stages")))
      continue;
    ++loops;
    MlirBlock loopBody = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
    for (MlirOperation in = mlirBlockGetFirstOperation(loopBody);
         !mlirOperationIsNull(in) && mlirOperationIsNull(found);
         in = mlirOperationGetNextInBlock(in))
      if (tileOpIsNamed(in, "tile.dot"))
        found = splittableB(in, loopBody);
  }
  if (loops != 1) {
    *why = "the kernel's body has more or fewer than one pipelined loop";
    return false;
  }
  if (mlirOperationIsNull(found)) {
    *why = "no dot of the loop reads a B stored [K][N] (a TMA load of two "
           "or more column blocks, an even number) whose halves the two "
           "CTAs could copy";
    return false;
  }
  *b = found;
  return true;
}

bool tileKernelMulticast(MlirOperation kernel) {
  return boolAttr(kernel, "tile.multicast");
}

bool tileLoadMulticast(MlirOperation load) {
  return !mlirAttributeIsNull(tileOpAttr(load, "tile.multicast"));
}
