/* Entries to PTX, ptxas started early; see EntriesToPtx.h. */
#include "lib/Conversion/EntriesToPtx.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/Runtime/Clock.h"
#include "lib/Support/IR.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/Dialect/GPU.h"
#include "mlir-c/Pass.h"

/* What the hook passes, which run on each entry's module on that entry's
 * thread (one after its lowering to NVVM, one after gpu-module-to-binary),
 * share with the caller. Each run writes only its own entry's slots, and
 * the pass manager joins its threads before tileEntriesToPtx reads them. */
typedef struct Hook Hook;

/* What one hook pass instance does: 0 notes when an entry is lowered to
 * NVVM, 1 collects its PTX (and may start ptxas). */
typedef struct {
  Hook *hook;
  int stage;
} HookStage;

struct Hook {
  const MlirOperation *entries;
  int n, startEntry;
  const char *toolkit, *chip;
  bool fatbin;
  TileEntriesPtx *out;
  HookStage stages[2];
  double loweredAt[TILE_MAX_ENTRIES];
  int failed[TILE_MAX_ENTRIES];
  char err[TILE_MAX_ENTRIES][1024];
};

/* The PTX text of the gpu.binary that gpu-module-to-binary left in
 * builtin.module `m`, or a null string. */
static MlirStringRef entryPtx(MlirOperation m) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(m, 0));
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    MlirAttribute objects = tileOpAttr(op, "objects");
    if (tileOpIsNamed(op, "gpu.binary") && !mlirAttributeIsNull(objects) &&
        mlirArrayAttrGetNumElements(objects) > 0)
      return mlirGPUObjectAttrGetObject(mlirArrayAttrGetElement(objects, 0));
  }
  return (MlirStringRef){NULL, 0};
}

static void runHook(MlirOperation op, MlirExternalPass pass, void *userData) {
  (void)pass; /* failures are reported through Hook, with their message */
  const HookStage *stage = userData;
  Hook *h = stage->hook;
  int i = 0;
  while (i < h->n && !mlirOperationEqual(op, h->entries[i]))
    ++i;
  if (i == h->n)
    return; /* not an entry's module */
  if (stage->stage == 0) {
    h->loweredAt[i] = tileNowMs();
    return;
  }
  MlirStringRef text = entryPtx(op);
  if (!text.data) {
    h->failed[i] = 1;
    snprintf(h->err[i], sizeof h->err[i],
             "internal error: no PTX for entry %d", i);
    return;
  }
  char *copy = malloc(text.length + 1);
  if (!copy) {
    h->failed[i] = 1;
    snprintf(h->err[i], sizeof h->err[i], "out of memory");
    return;
  }
  memcpy(copy, text.data, text.length);
  copy[text.length] = '\0';
  h->out->ptx[i] = copy;
  if (i == h->startEntry)
    h->failed[i] =
        tilePtxToBinaryStart(h->toolkit, h->chip, copy, h->fatbin,
                             &h->out->job, h->err[i], sizeof h->err[i]);
}

static void noop(void *userData) { (void)userData; }

static MlirLogicalResult initializeHook(MlirContext ctx, void *userData) {
  (void)ctx;
  (void)userData;
  return mlirLogicalResultSuccess();
}

/* Clones share the one Hook: each entry's run has its own slots. */
static void *cloneHook(void *userData) { return userData; }

static MlirPass createHook(HookStage *stage) {
  /* The pass's TypeID: a unique, 8-byte aligned address. */
  static const _Alignas(8) char kHookId = 0;
  MlirExternalPassCallbacks callbacks = {noop, noop, initializeHook,
                                         cloneHook, runHook};
  return mlirCreateExternalPass(
      mlirTypeIDCreate(&kHookId), tileStr("tile-collect-ptx"),
      tileStr("tile-collect-ptx"),
      tileStr("notes an entry's progress, keeps its PTX and may start ptxas "
              "on it"),
      tileStr(""), 0, NULL, callbacks, stage);
}

static void appendMessage(MlirStringRef s, void *userData) {
  char *buf = userData;
  size_t n = strlen(buf);
  snprintf(buf + n, 512 - n, "%.*s", (int)s.length, s.data);
}

int tileEntriesToPtx(MlirModule module, const MlirOperation *entries, int n,
                     const char *lowering, const char *toolkit,
                     const char *chip, int startEntry, bool fatbin,
                     TileEntriesPtx *out, char *err, size_t errSize) {
  memset(out, 0, sizeof *out);
  out->numEntries = n;
  Hook h = {.entries = entries, .n = n, .startEntry = startEntry,
            .toolkit = toolkit, .chip = chip, .fatbin = fatbin, .out = out};
  h.stages[0] = (HookStage){&h, 0};
  h.stages[1] = (HookStage){&h, 1};
  MlirContext ctx = mlirModuleGetContext(module);
  MlirPassManager pm =
      mlirPassManagerCreateOnOperation(ctx, tileStr("builtin.module"));
  /* The IR was verified once after TileToGPU (see GpuCompile.c). */
  mlirPassManagerEnableVerifier(pm, false);
  MlirOpPassManager perEntry =
      mlirPassManagerGetNestedUnder(pm, tileStr("builtin.module"));
  /* The toolkit, when there is one, provides libdevice for math. */
  char pipeline[1024], message[512] = "";
  snprintf(pipeline, sizeof pipeline, "gpu-module-to-binary{format=isa%s%s}",
           toolkit ? " toolkit=" : "", toolkit ? toolkit : "");
  /* Each entry runs the whole chain on its own thread: no entry waits for
   * the other between the lowering and the translation. */
  int rc = 0;
  mlirOpPassManagerAddPipeline(perEntry, tileStr(lowering), appendMessage,
                               message);
  mlirOpPassManagerAddOwnedPass(perEntry, createHook(&h.stages[0]));
  if (message[0] ||
      mlirLogicalResultIsFailure(mlirOpPassManagerAddPipeline(
          perEntry, tileStr(pipeline), appendMessage, message))) {
    snprintf(err, errSize, "internal error: bad code generation pipeline: %s",
             message);
    rc = 1;
  }
  if (rc == 0) {
    mlirOpPassManagerAddOwnedPass(perEntry, createHook(&h.stages[1]));
    if (mlirLogicalResultIsFailure(
            mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(module)))) {
      snprintf(err, errSize, "the lowering to NVVM or code generation "
                             "failed (see errors above)");
      rc = 1;
    }
  }
  mlirPassManagerDestroy(pm);
  for (int i = 0; i < n; ++i)
    if (h.loweredAt[i] > out->loweredAt)
      out->loweredAt = h.loweredAt[i];
  for (int i = 0; i < n && rc == 0; ++i) {
    if (h.failed[i]) {
      snprintf(err, errSize, "%s", h.err[i]);
      rc = 1;
    } else if (!out->ptx[i]) {
      snprintf(err, errSize, "internal error: entry %d was not translated",
               i);
      rc = 1;
    }
  }
  if (rc)
    tileEntriesPtxFree(out);
  return rc;
}

void tileEntriesPtxFree(TileEntriesPtx *p) {
  for (int i = 0; i < p->numEntries; ++i)
    free(p->ptx[i]);
  tilePtxToBinaryFinish(p->job, NULL, NULL, NULL, 0);
  memset(p, 0, sizeof *p);
}
