/* The public dialect API (include/tile-c/Dialect.h) over dialect/Dialect.h. */
#include "tile-c/Dialect.h"

#include "dialect/Dialect.h"

_Static_assert(TILE_PARSE_MAX_DEPTH == TILE_DIALECT_MAX_PARSE_DEPTH,
               "the public header states the parser's depth limit");

MlirStringRef tileDialectIRDLSource(void) { return tileDialectSource(); }

const char *tileVersion(void) { return TILE_VERSION; }

MlirLogicalResult tileContextLoadDialects(MlirContext ctx) {
  return tileDialectLoad(ctx);
}

void tileContextRegisterUpstream(MlirContext ctx) {
  tileDialectRegisterUpstream(ctx);
}

MlirContext tileContextCreate(void) {
  MlirContext ctx = mlirContextCreate();
  if (mlirLogicalResultIsFailure(tileDialectLoad(ctx))) {
    mlirContextDestroy(ctx);
    return (MlirContext){NULL};
  }
  return ctx;
}

bool tileIsKernel(MlirOperation op) { return tileOpIsKernel(op); }

MlirLogicalResult tileVerify(MlirOperation op) { return tileVerifyOp(op); }

MlirModule tileParseModule(MlirContext ctx, MlirStringRef text,
                           MlirStringRef sourceName) {
  return tileDialectParse(ctx, text, sourceName);
}
