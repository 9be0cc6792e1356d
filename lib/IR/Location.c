/* Reading and rewriting source locations; see Location.h. */
#include "lib/IR/Location.h"

#include <string.h>

bool tileLocationFileLineCol(MlirLocation loc, MlirStringRef *file,
                             unsigned *line, unsigned *col) {
  for (int depth = 0; depth < 16 && !mlirLocationIsNull(loc); ++depth) {
    if (mlirLocationIsAFileLineColRange(loc)) {
      *file = mlirIdentifierStr(mlirLocationFileLineColRangeGetFilename(loc));
      *line = (unsigned)mlirLocationFileLineColRangeGetStartLine(loc);
      *col = (unsigned)mlirLocationFileLineColRangeGetStartColumn(loc);
      return true;
    }
    if (mlirLocationIsAName(loc)) {
      loc = mlirLocationNameGetChildLoc(loc);
    } else if (mlirLocationIsACallSite(loc)) {
      loc = mlirLocationCallSiteGetCallee(loc);
    } else if (mlirLocationIsAFused(loc)) {
      /* The first part of a fused location stands for it. */
      MlirLocation parts[64];
      intptr_t n = mlirLocationFusedGetNumLocations(loc);
      if (n < 1 || n > 64)
        return false;
      mlirLocationFusedGetLocations(loc, parts);
      loc = parts[0];
    } else {
      return false;
    }
  }
  return false;
}

typedef struct {
  MlirStringRef from;
  MlirStringRef to;
} Rename;

static MlirLocation renamed(MlirLocation loc, const Rename *r) {
  if (!mlirLocationIsAFileLineColRange(loc))
    return loc;
  MlirStringRef file =
      mlirIdentifierStr(mlirLocationFileLineColRangeGetFilename(loc));
  if (!mlirStringRefEqual(file, r->from))
    return loc;
  return mlirLocationFileLineColRangeGet(
      mlirLocationGetContext(loc), r->to,
      (unsigned)mlirLocationFileLineColRangeGetStartLine(loc),
      (unsigned)mlirLocationFileLineColRangeGetStartColumn(loc),
      (unsigned)mlirLocationFileLineColRangeGetEndLine(loc),
      (unsigned)mlirLocationFileLineColRangeGetEndColumn(loc));
}

static MlirWalkResult renameOne(MlirOperation op, void *userData) {
  const Rename *r = userData;
  mlirOperationSetLocation(op, renamed(mlirOperationGetLocation(op), r));
  intptr_t nRegions = mlirOperationGetNumRegions(op);
  for (intptr_t i = 0; i < nRegions; ++i) {
    MlirRegion region = mlirOperationGetRegion(op, i);
    for (MlirBlock b = mlirRegionGetFirstBlock(region); !mlirBlockIsNull(b);
         b = mlirBlockGetNextInRegion(b)) {
      intptr_t nArgs = mlirBlockGetNumArguments(b);
      for (intptr_t a = 0; a < nArgs; ++a) {
        MlirValue arg = mlirBlockGetArgument(b, a);
        mlirBlockArgumentSetLocation(arg, renamed(mlirValueGetLocation(arg), r));
      }
    }
  }
  return MlirWalkResultAdvance;
}

void tileRenameLocations(MlirOperation op, MlirStringRef from,
                         MlirStringRef to) {
  Rename r = {from, to};
  mlirOperationWalk(op, renameOne, &r, MlirWalkPreOrder);
}
