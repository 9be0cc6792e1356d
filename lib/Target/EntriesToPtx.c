/* Entries to PTX, ptxas started early; see EntriesToPtx.h. */
#include "lib/Target/EntriesToPtx.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/Target/NvvmToPtx.h"
#include "lib/Support/Clock.h"
#include "lib/IR/IR.h"
#include "mlir-c/Pass.h"

/* What the hook pass, which runs on each entry's module on that entry's
 * thread once it is lowered to NVVM, shares with the caller. Each run
 * writes only its own entry's slots, and the pass manager joins its
 * threads before tileEntriesToPtx reads them. */
typedef struct {
  const MlirOperation *entries;
  int n, startEntry;
  const char *toolkit, *chip;
  bool fatbin;
  TileEntriesPtx *out;
  double loweredAt[TILE_MAX_ENTRIES];
  int failed[TILE_MAX_ENTRIES];
  char err[TILE_MAX_ENTRIES][1024];
} Hook;

/* The gpu.module inside an entry's builtin.module `m`. */
static MlirOperation entryGpuModule(MlirOperation m) {
  return tileFirstChildNamed(m, "gpu.module");
}

/* Notes when the entry was lowered, translates it to PTX (NvvmToPtx.h)
 * and may start ptxas on it. */
static void runHook(MlirOperation op, MlirExternalPass pass, void *userData) {
  (void)pass; /* failures are reported through Hook, with their message */
  Hook *h = userData;
  int i = 0;
  while (i < h->n && !mlirOperationEqual(op, h->entries[i]))
    ++i;
  if (i == h->n)
    return; /* not an entry's module */
  h->loweredAt[i] = tileNowMs();
  MlirOperation gpuModule = entryGpuModule(op);
  if (mlirOperationIsNull(gpuModule)) {
    h->failed[i] = 1;
    snprintf(h->err[i], sizeof h->err[i],
             "internal error: entry %d has no gpu.module", i);
    return;
  }
  char *ptx;
  if ((h->failed[i] = tileNvvmToPtx(gpuModule, h->chip, h->toolkit, &ptx,
                                    h->err[i], sizeof h->err[i])))
    return;
  h->out->ptx[i] = ptx;
  if (i == h->startEntry)
    h->failed[i] =
        tilePtxToBinaryStart(h->toolkit, h->chip, ptx, h->fatbin,
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

static MlirPass createHook(Hook *h) {
  /* The pass's TypeID: a unique, 8-byte aligned address. */
  static const _Alignas(8) char kHookId = 0;
  MlirExternalPassCallbacks callbacks = {noop, noop, initializeHook,
                                         cloneHook, runHook};
  return mlirCreateExternalPass(
      mlirTypeIDCreate(&kHookId), tileStr("tile-collect-ptx"),
      tileStr("tile-collect-ptx"),
      tileStr("translates an entry to PTX and may start ptxas on it"),
      tileStr(""), 0, NULL, callbacks, h);
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
  MlirContext ctx = mlirModuleGetContext(module);
  MlirPassManager pm =
      mlirPassManagerCreateOnOperation(ctx, tileStr("builtin.module"));
  /* The IR was verified once after TileToGPU (see GpuCompile.c). */
  mlirPassManagerEnableVerifier(pm, false);
  /* Each entry runs the whole chain on its own thread: no entry waits for
   * the other between the lowering and the translation. */
  MlirOpPassManager perEntry =
      mlirPassManagerGetNestedUnder(pm, tileStr("builtin.module"));
  char message[512] = "";
  int rc = 0;
  if (mlirLogicalResultIsFailure(mlirOpPassManagerAddPipeline(
          perEntry, tileStr(lowering), appendMessage, message))) {
    snprintf(err, errSize, "internal error: bad lowering pipeline: %s",
             message);
    rc = 1;
  } else {
    mlirOpPassManagerAddOwnedPass(perEntry, createHook(&h));
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
