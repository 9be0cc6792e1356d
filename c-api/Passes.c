/* Tile passes as MlirPasses: each row of tilePassTable becomes an external
 * pass whose run callback transforms the op and then runs the tile verifier,
 * so broken IR never reaches the next pass. Pass state (the options) is
 * copied per clone because the pass manager runs clones in parallel. */
#include "tile-c/Passes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/IR/IR.h"
#include "lib/Support/StrBuf.h"
#include "lib/Passes/PassDef.h"
#include "dialect/Dialect.h"

typedef struct {
  const TilePassDef *def;
  TileOptions options;
} PassInstance;

/* One TypeID per pass row: the address of the row is unique and aligned. */
static MlirTypeID passTypeID(const TilePassDef *def) {
  return mlirTypeIDCreate(def);
}

static void construct(void *userData) { (void)userData; }

static void destruct(void *userData) { free(userData); }

static MlirLogicalResult initialize(MlirContext ctx, void *userData) {
  (void)ctx;
  (void)userData;
  return mlirLogicalResultSuccess();
}

static void *clonePass(void *userData) {
  PassInstance *copy = malloc(sizeof *copy);
  if (copy)
    *copy = *(PassInstance *)userData;
  return copy;
}

static void runPass(MlirOperation op, MlirExternalPass pass, void *userData) {
  PassInstance *self = userData;
  MlirLogicalResult result = self->def->run(op, &self->options);
  /* Verify what the pass produced (tile-verify itself has just done so). */
  if (mlirLogicalResultIsSuccess(result) &&
      strcmp(self->def->name, "tile-verify") != 0)
    result = tileVerifyOp(op);
  if (mlirLogicalResultIsFailure(result))
    mlirExternalPassSignalFailure(pass);
}

static MlirPass createPass(const TilePassDef *def,
                           const TileOptions *options) {
  PassInstance *self = calloc(1, sizeof *self);
  if (!self)
    return (MlirPass){NULL};
  self->def = def;
  if (options)
    self->options = *options;
  MlirExternalPassCallbacks callbacks = {construct, destruct, initialize,
                                         clonePass, runPass};
  /* An empty op name makes a generic pass: it nests under any op. */
  return mlirCreateExternalPass(passTypeID(def), tileStr(def->name),
                                tileStr(def->name), tileStr(def->description),
                                tileStr(""), 0, NULL, callbacks, self);
}

static const TilePassDef *findPass(MlirStringRef name) {
  for (const TilePassDef *d = tilePassTable; d->name; ++d)
    if (strlen(d->name) == name.length &&
        memcmp(d->name, name.data, name.length) == 0)
      return d;
  return NULL;
}

MlirPass tileCreateVerifyPass(void) {
  return createPass(findPass(tileStr("tile-verify")), NULL);
}

MlirPass tileCreateCanonicalizePass(void) {
  return createPass(findPass(tileStr("tile-canonicalize")), NULL);
}

static void report(MlirStringCallback cb, void *userData, const char *msg) {
  if (cb)
    cb(tileStr(msg), userData);
}

/* Parses "key=value key2=value2" into `out`, taking only the keys `def`
 * reads (Options.h's table says what each means). */
static bool parseOptions(const TilePassDef *def, MlirStringRef text,
                         TileOptions *out, MlirStringCallback cb,
                         void *userData) {
  char why[400];
  if (!tileOptionsParse(out, text.data, text.length, def->optionKeys, why,
                        sizeof why))
    return true;
  TileStrBuf err = tileStrBufInit();
  tileStrBufPrintf(&err, "pass '%s': %s", def->name, why);
  report(cb, userData, tileStrBufCStr(&err));
  tileStrBufFree(&err);
  return false;
}

MlirPass tileCreatePassByName(MlirStringRef name, MlirStringRef options,
                              MlirStringCallback errorCallback,
                              void *userData) {
  const TilePassDef *def = findPass(name);
  if (!def) {
    TileStrBuf err = tileStrBufInit();
    tileStrBufPrintf(&err, "unknown tile pass '%.*s'; tile passes are:",
                     (int)name.length, name.data);
    for (const TilePassDef *d = tilePassTable; d->name; ++d)
      tileStrBufPrintf(&err, " %s", d->name);
    report(errorCallback, userData, tileStrBufCStr(&err));
    tileStrBufFree(&err);
    return (MlirPass){NULL};
  }
  TileOptions parsed;
  tileOptionsInit(&parsed);
  if (!parseOptions(def, options, &parsed, errorCallback, userData))
    return (MlirPass){NULL};
  return createPass(def, &parsed);
}

void tileForEachPass(void (*callback)(const char *, const char *, void *),
                     void *userData) {
  for (const TilePassDef *d = tilePassTable; d->name; ++d)
    callback(d->name, d->description, userData);
}

void tileAddDefaultPipeline(MlirOpPassManager pm) {
  mlirOpPassManagerAddOwnedPass(pm, tileCreateVerifyPass());
  MlirOpPassManager funcs =
      mlirOpPassManagerGetNestedUnder(pm, tileStr("func.func"));
  mlirOpPassManagerAddOwnedPass(funcs, tileCreateCanonicalizePass());
}
