/* The table of tile passes: pipeline names, descriptions, entry points. */
#include "lib/Transforms/PassDef.h"

#include "lib/Transforms/Canonicalize.h"
#include "tile-c/Dialect.h"

static MlirLogicalResult runVerify(MlirOperation op,
                                   const TilePassOptions *options) {
  (void)options;
  return tileVerify(op);
}

static MlirLogicalResult runCanonicalize(MlirOperation op,
                                         const TilePassOptions *options) {
  (void)options;
  return tileCanonicalize(op);
}

const TilePassDef tilePassTable[] = {
    {"tile-verify",
     "check the tile dialect rules IRDL cannot state (shapes, types, ranks)",
     "", runVerify},
    {"tile-canonicalize",
     "fold tile shape ops and splats, drop unused side-effect-free tile ops",
     "", runCanonicalize},
    {0, 0, 0, 0},
};
