/* Tile passes as MlirPasses: each row of tilePassTable becomes an external
 * pass whose run callback transforms the op and then runs the tile verifier,
 * so broken IR never reaches the next pass. Pass state (the options) is
 * copied per clone because the pass manager runs clones in parallel. */
#include "tile-c/Passes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/Support/IR.h"
#include "lib/Support/StrBuf.h"
#include "lib/Transforms/PassDef.h"
#include "lib/Transforms/StripAsserts.h"
#include "tile-c/Dialect.h"

typedef struct {
  const TilePassDef *def;
  TilePassOptions options;
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
    result = tileVerify(op);
  if (mlirLogicalResultIsFailure(result))
    mlirExternalPassSignalFailure(pass);
}

static MlirPass createPass(const TilePassDef *def,
                           const TilePassOptions *options) {
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

/* Whether `key` is one of the space-separated words in `keys`. */
static bool keyAccepted(const char *keys, const char *key) {
  size_t n = strlen(key);
  for (const char *p = keys; *p;) {
    while (*p == ' ')
      ++p;
    const char *end = p;
    while (*end && *end != ' ')
      ++end;
    if ((size_t)(end - p) == n && n && memcmp(p, key, n) == 0)
      return true;
    p = end;
  }
  return false;
}

/* Parses "key=value key2=value2" into `out`, checking keys against `def`. */
static bool parseOptions(const TilePassDef *def, MlirStringRef text,
                         TilePassOptions *out, MlirStringCallback cb,
                         void *userData) {
  TileStrBuf err = tileStrBufInit();
  size_t i = 0;
  bool ok = true;
  while (ok && i < text.length) {
    while (i < text.length && (text.data[i] == ' ' || text.data[i] == ','))
      ++i;
    if (i >= text.length)
      break;
    size_t k0 = i;
    while (i < text.length && text.data[i] != '=' && text.data[i] != ' ')
      ++i;
    char key[64] = {0}, value[64] = {0};
    snprintf(key, sizeof key, "%.*s", (int)(i - k0), text.data + k0);
    if (i >= text.length || text.data[i] != '=') {
      tileStrBufPrintf(&err, "pass '%s': option '%s' needs a value (%s=...)",
                       def->name, key, key);
      ok = false;
      break;
    }
    size_t v0 = ++i;
    while (i < text.length && text.data[i] != ' ')
      ++i;
    snprintf(value, sizeof value, "%.*s", (int)(i - v0), text.data + v0);
    if (!keyAccepted(def->optionKeys, key)) {
      tileStrBufPrintf(&err, "pass '%s' has no option '%s'%s%s", def->name,
                       key, *def->optionKeys ? "; it accepts: " : "",
                       def->optionKeys);
      ok = false;
    } else if (strcmp(key, "chip") == 0) {
      snprintf(out->chip, sizeof out->chip, "%s", value);
    } else if (strcmp(key, "fast-math") == 0) {
      if (strcmp(value, "true") != 0 && strcmp(value, "false") != 0) {
        tileStrBufPrintf(&err,
                         "pass '%s': option 'fast-math' wants true or false, "
                         "got '%s'",
                         def->name, value);
        ok = false;
      }
      out->fastMath = value[0] == 't';
    } else if (strcmp(key, "asserts") == 0) {
      if (!tileAssertsParse(value, &out->assertsOff)) {
        tileStrBufPrintf(&err,
                         "pass '%s': option 'asserts' wants on or off, got "
                         "'%s'",
                         def->name, value);
        ok = false;
      }
    } else if (strcmp(key, "warp-specialize") == 0 ||
               strcmp(key, "persistent") == 0 ||
               strcmp(key, "cta-pairs") == 0) {
      TileChoice *to = key[0] == 'w'   ? &out->warpSpecialize
                       : key[0] == 'p' ? &out->persistent
                                       : &out->ctaPairs;
      if (!tileChoiceParse(value, to)) {
        tileStrBufPrintf(&err,
                         "pass '%s': option '%s' wants auto, true or false, "
                         "got '%s'",
                         def->name, key, value);
        ok = false;
      }
    } else {
      /* The ranges --tile-compile takes (lib/Target/GpuCompile.c), so an
       * option means the same in a pipeline and in a compile. */
      char *end = NULL;
      long v = strtol(value, &end, 10);
      bool warps = strcmp(key, "num-warps") == 0;
      if (!*value || *end || v < 1 || v > (warps ? 32 : 8) ||
          (warps && (v & (v - 1)))) {
        tileStrBufPrintf(&err, "pass '%s': option '%s' wants %s, got '%s'",
                         def->name, key,
                         warps ? "a power of two from 1 to 32"
                               : "an integer from 1 to 8",
                         value);
        ok = false;
      } else if (warps) {
        out->numWarps = (int)v;
      } else if (strcmp(key, "num-stages") == 0) {
        out->numStages = (int)v;
      }
    }
  }
  if (!ok)
    report(cb, userData, tileStrBufCStr(&err));
  tileStrBufFree(&err);
  return ok;
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
  TilePassOptions parsed;
  memset(&parsed, 0, sizeof parsed);
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
