/* The GPU compile driver (the stages in order, through the compile cache),
 * the kernel lookup, and running a pass pipeline with its messages and IR
 * dumps; see GpuCompile.h. The options are in GpuOptions.c, the entries'
 * split and lowering in GpuEntries.c, the package's description of the
 * kernel in PackageDescription.c. */
#include "lib/Target/GpuCompile.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/Support/Error.h"
#include "lib/Target/CompileCache.h"
#include "lib/Target/EntriesToPtx.h"
#include "lib/Target/GpuEntries.h"
#include "lib/Target/GpuOptions.h"
#include "lib/Target/PackageDescription.h"
#include "lib/Target/PtxToBinary.h"
#include "lib/Conversion/TileToGPU/TileToGPU.h"
#include "lib/Support/Clock.h"
#include "lib/IR/IR.h"
#include "lib/Transforms/AssignLayouts.h"
#include "lib/Passes/PassDef.h"
#include "lib/Transforms/Pipeline.h"
#include "mlir-c/Pass.h"
#include "dialect/Dialect.h"

/* Room for one entry's lowering pipeline (GpuEntries.c's formatLowering). */
enum { LOWERING_SIZE = 512 };

int tileGpuFindKernel(MlirModule module, const char *name, MlirOperation *out,
                      char *err, size_t errSize) {
  MlirOperation found = {NULL};
  int count = 0;
  TileStrBuf names = tileStrBufInit();
  MlirBlock body = mlirModuleGetBody(module);
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    MlirStringRef sym;
    if (!tileOpIsKernel(op) || !tileOpStrAttr(op, "sym_name", &sym))
      continue;
    ++count;
    tileStrBufPrintf(&names, "%s@%.*s", count > 1 ? ", " : "",
                     (int)sym.length, sym.data);
    if (!name || mlirStringRefEqual(sym, tileStr(name)))
      found = op;
  }
  *out = (MlirOperation){NULL};
  int rc = 0;
  if (!name && count > 1)
    rc = tileFail(err, errSize, "the module has %d kernels (%s): name one",
                  count, tileStrBufCStr(&names));
  else if (mlirOperationIsNull(found) && name && count > 0)
    rc = tileFail(err, errSize, "no kernel named '%s'; the module's kernels: %s",
                  name, tileStrBufCStr(&names));
  else if (mlirOperationIsNull(found))
    rc = tileFail(err, errSize, name ? "no kernel named '%s'" : "no kernel%s",
                  name ? name : " in the module");
  else
    *out = found;
  tileStrBufFree(&names);
  return rc;
}

static void appendMessage(MlirStringRef s, void *userData) {
  char *buf = userData;
  size_t n = strlen(buf);
  snprintf(buf + n, 512 - n, "%.*s", (int)s.length, s.data);
}

/* Runs `pipeline` on `op` (a builtin.module: the top one, or an entry's),
 * printing the IR around each pass as `o` asks. */
static int runPipeline(MlirOperation op, const char *pipeline,
                       const TileGpuOptions *o, char *err, size_t errSize,
                       const char *stage) {
  MlirContext ctx = mlirOperationGetContext(op);
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  /* Upstream passes on IR that was verified once after TileToGPU: checking
   * it again after each pass cost ~9% of the compile. */
  mlirPassManagerEnableVerifier(pm, false);
  if (o->printIrBefore || o->printIrAfter) {
    MlirOpPrintingFlags flags = mlirOpPrintingFlagsCreate();
    mlirPassManagerEnableIRPrinting(pm, o->printIrBefore, o->printIrAfter,
                                    false, false, false, flags, tileStr(""));
    mlirOpPrintingFlagsDestroy(flags); /* the pass manager keeps a copy */
  }
  char message[512] = "";
  int rc = 0;
  if (mlirLogicalResultIsFailure(mlirParsePassPipeline(
          mlirPassManagerGetAsOpPassManager(pm), tileStr(pipeline),
          appendMessage, message)))
    rc = tileFail(err, errSize, "internal error: bad %s pipeline: %s", stage,
                  message);
  else if (mlirLogicalResultIsFailure(mlirPassManagerRunOnOp(pm, op)))
    rc = tileFail(err, errSize, "%s failed (see errors above)", stage);
  mlirPassManagerDestroy(pm);
  return rc;
}

/* The entries' upstream lowering to NVVM (`lowering`, a pipeline over the
 * nested module of each entry) on this thread's pass manager. */
static int lowerEntriesToNvvm(MlirOperation moduleOp, const char *lowering,
                              const TileGpuOptions *o, char *err,
                              size_t errSize) {
  char pipeline[LOWERING_SIZE + 64];
  snprintf(pipeline, sizeof pipeline, "builtin.module(builtin.module(%s))",
           lowering);
  return runPipeline(moduleOp, pipeline, o, err, errSize,
                     "the lowering to NVVM");
}

static void printToStderr(MlirStringRef s, void *userData) {
  (void)userData;
  fwrite(s.data, 1, s.length, stderr);
}

/* One dump of --mlir-print-ir-before/after-all for a stage that is not an
 * MLIR pass, headed as MLIR heads a pass's ("IR Dump After <name>
 * (<argument>)"): a tile pass prints the same under tile-opt -p. */
static void dumpIr(MlirOperation op, const char *when, const char *pass) {
  fprintf(stderr, "// -----// IR Dump %s %s (%s) //----- //\n", when, pass,
          pass);
  mlirOperationPrint(op, printToStderr, NULL);
  fprintf(stderr, "\n\n");
}

/* An option given (non-zero) replaces the kernel's i32 attribute `name`. */
static void overrideKernelI32(MlirOperation kernel, const char *name,
                              int value) {
  if (value)
    mlirOperationSetAttributeByName(
        kernel, tileStr(name),
        tileI32Attr(mlirOperationGetContext(kernel), value));
}

/* tileGpuCompile without the cache. */
static int compile(MlirModule module, const char *name,
                   const TileGpuOptions *o, TileEmit emit, void **outBytes,
                   size_t *outSize, TilePackage *outPackage, char *err,
                   size_t errSize) {
  tileDialectRegisterUpstream(mlirModuleGetContext(module));
  TileGpuTiming *timing = o->timing;
  double start = tileNowMs(), mark = start;
  if (timing)
    *timing = (TileGpuTiming){-1, -1, -1, -1, -1, -1};
#define STAGE_DONE(field)                                                      \
  do {                                                                         \
    double t = tileNowMs();                                                    \
    if (timing) {                                                              \
      timing->field = t - mark;                                                \
      timing->total = t - start;                                               \
    }                                                                          \
    mark = t;                                                                  \
  } while (0)

  MlirOperation kernel;
  if (tileGpuFindKernel(module, name, &kernel, err, errSize))
    return 1;
  MlirStringRef sym;
  tileOpStrAttr(kernel, "sym_name", &sym);
  char kernelName[128];
  snprintf(kernelName, sizeof kernelName, "%.*s", (int)sym.length, sym.data);
  /* num-warps=, num-stages= and blocks-per-sm= override the kernel's
   * attributes, everywhere: the passes read the attributes. */
  overrideKernelI32(kernel, "tile.num_warps", o->options.numWarps);
  int numWarps = tileKernelNumWarps(kernel, o->options.numWarps);
  overrideKernelI32(kernel, "tile.num_stages", o->options.numStages);
  overrideKernelI32(kernel, "tile.blocks_per_sm", o->options.blocksPerSm);
  /* Only this kernel is compiled. */
  MlirBlock body = mlirModuleGetBody(module);
  for (MlirOperation op = mlirBlockGetFirstOperation(body), next;
       !mlirOperationIsNull(op); op = next) {
    next = mlirOperationGetNextInBlock(op);
    if (!mlirOperationEqual(op, kernel))
      mlirOperationDestroy(op);
  }
  MlirOperation moduleOp = mlirModuleGetOperation(module);
  /* The passes read the options as a pipeline's passes would, with the
   * kernel's warps settled. */
  TileOptions passOptions = o->options;
  passOptions.numWarps = numWarps;
  for (const char *const *name = tileGpuPassPipeline; *name; ++name) {
    if (o->printIrBefore)
      dumpIr(moduleOp, "Before", *name);
    if (mlirLogicalResultIsFailure(
            tilePassFind(*name)->run(moduleOp, &passOptions)))
      return tileFail(err, errSize, "kernel '%s': the tile passes failed",
                      kernelName);
    if (o->printIrAfter)
      dumpIr(moduleOp, "After", *name);
  }
  STAGE_DONE(tilePasses);
  /* Two entries in one binary: the generic kernel, and one that assumes
   * 16-byte aligned memrefs (the launcher picks it when that holds). */
  char alignedName[160];
  snprintf(alignedName, sizeof alignedName, "%s%s", kernelName,
           TILE_ALIGNED_ENTRY_SUFFIX);
  int64_t smem = 0, alignedSmem = 0;
  if (o->printIrBefore)
    dumpIr(moduleOp, "Before", "tile-to-gpu");
  if (mlirLogicalResultIsFailure(tileLowerKernelToGPU(
          kernel, o->options.chip, o->options.mma, numWarps, kernelName, false,
          &o->remarks, &smem)) ||
      mlirLogicalResultIsFailure(tileLowerKernelToGPU(
          kernel, o->options.chip, o->options.mma, numWarps, alignedName, true,
          &o->remarks, &alignedSmem)))
    return tileFail(err, errSize, "kernel '%s' cannot be lowered for the GPU",
                    kernelName);
  if (alignedSmem > smem)
    smem = alignedSmem;
  STAGE_DONE(toGpu);
  TilePackage package;
  if (tileGpuDescribePackage(kernel, kernelName, o, numWarps, smem, &package,
                             err, errSize))
    return 1;
  mlirOperationDestroy(kernel);
  if (o->printIrAfter)
    dumpIr(moduleOp, "After", "tile-to-gpu");
  if (emit == TILE_EMIT_MLIR)
    return 0;
  if (!mlirOperationVerify(mlirModuleGetOperation(module)))
    return tileFail(
        err, errSize,
        "internal error: kernel '%s' lowered to invalid IR (see errors "
        "above)",
        kernelName);
  MlirOperation entries[TILE_MAX_ENTRIES];
  char lowering[LOWERING_SIZE] = "";
  int numEntries = tileGpuSeparateEntries(module, entries, o->options.indexBits,
                                          lowering, sizeof lowering);
  if (emit == TILE_EMIT_LLVM) {
    if (lowerEntriesToNvvm(moduleOp, lowering, o, err, errSize))
      return 1;
    STAGE_DONE(toNvvm);
    return 0;
  }
  char toolkitPath[512];
  const char *toolkit =
      tileGpuFindToolkit(o, toolkitPath, sizeof toolkitPath);
  bool wantBinary = emit != TILE_EMIT_PTX && toolkit;
  if (emit == TILE_EMIT_CUBIN && !toolkit) {
    char searched[600];
    tileGpuToolkitSearched(o, searched, sizeof searched);
    return tileFail(err, errSize,
                    "--emit=cubin needs ptxas from the CUDA toolkit: %s",
                    searched);
  }
  /* A package for a portable chip (no "a" suffix) carries the PTX too, so
   * GPUs of newer majors run it: sm_80 code on a Hopper, for instance. */
  bool archSpecific = o->options.chip[strlen(o->options.chip) - 1] == 'a';
  bool fatbin = wantBinary && emit == TILE_EMIT_PACKAGE && !archSpecific;
  /* A lazy generic entry: ptxas starts on the aligned entry's PTX as soon
   * as it exists, while LLVM still translates the generic entry, whose PTX
   * goes into the package as it is. Otherwise every entry's PTX is merged
   * into one module for ptxas. */
  bool lazy = wantBinary && emit == TILE_EMIT_PACKAGE &&
              o->options.generic != TILE_GENERIC_EAGER && numEntries == 2;
  /* IR printing is set on a pass manager of ours: the entries are lowered
   * to NVVM here, and tileEntriesToPtx only translates them. */
  if (o->printIrBefore || o->printIrAfter) {
    if (lowerEntriesToNvvm(moduleOp, lowering, o, err, errSize))
      return 1;
    lowering[0] = '\0';
  }
  TileEntriesPtx texts;
  if (tileEntriesToPtx(module, entries, numEntries, lowering, toolkit,
                       o->options.chip, lazy ? 1 : -1, fatbin, &texts, err, errSize))
    return 1;
  /* The entries went through both stages on their own threads: the first
   * ends when the last entry was lowered to NVVM. */
  if (timing)
    timing->toNvvm = texts.loweredAt - mark;
  mark = texts.loweredAt;
  char *generic = NULL;
  TileStrBuf ptx = tileStrBufInit();
  if (lazy) {
    generic = texts.ptx[0];
    texts.ptx[0] = NULL;
  } else if (tilePtxMerge((const char *const *)texts.ptx, numEntries, &ptx,
                          err, errSize) ||
             (wantBinary &&
              tilePtxToBinaryStart(toolkit, o->options.chip, tileStrBufCStr(&ptx),
                                   fatbin, &texts.job, err, errSize))) {
    tileStrBufFree(&ptx);
    tileEntriesPtxFree(&texts);
    return 1;
  }
  TilePtxJob *job = texts.job;
  texts.job = NULL;
  tileEntriesPtxFree(&texts);
  STAGE_DONE(llvmToPtx);
  void *bytes = NULL;
  size_t size = 0;
  if (wantBinary) {
    tileStrBufFree(&ptx);
    if (tilePtxToBinaryFinish(job, &bytes, &size, err, errSize)) {
      free(generic);
      return 1;
    }
    STAGE_DONE(ptxas);
  } else {
    size = ptx.len + 1;
    bytes = ptx.data ? ptx.data : calloc(1, 1);
  }
  if (emit == TILE_EMIT_PACKAGE) {
    package.imageKind = fatbin       ? TILE_IMAGE_FATBIN
                        : wantBinary ? TILE_IMAGE_CUBIN
                                     : TILE_IMAGE_PTX;
    package.image = bytes;
    package.imageSize = size;
    if (generic) {
      package.genericPtxSize = strlen(generic) + 1;
      package.genericPtx = generic;
    }
    *outPackage = package;
    return 0;
  }
  *outBytes = bytes;
  *outSize = wantBinary ? size : size - 1;
  return 0;
#undef STAGE_DONE
}

int tileGpuCompile(MlirModule module, const char *name,
                   const TileGpuOptions *o, TileEmit emit, void **outBytes,
                   size_t *outSize, TilePackage *outPackage, char *err,
                   size_t errSize) {
  if (tileGpuOptionsCheck(o, emit, err, errSize))
    return 1;
  double start = tileNowMs();
  TileGpuCache *cache = tileGpuCacheOpen(module, name, o, emit);
  if (!cache)
    return compile(module, name, o, emit, outBytes, outSize, outPackage, err,
                   errSize);
  if (tileGpuCacheRead(cache, outBytes, outSize, outPackage)) {
    tileGpuCacheClose(cache);
    if (o->timing)
      *o->timing = (TileGpuTiming){-1, -1, -1, -1, -1, tileNowMs() - start};
    return 0;
  }
  TileGpuOptions recording = *o;
  recording.remarks = tileGpuCacheRemarks(cache);
  int rc = compile(module, name, &recording, emit, outBytes, outSize,
                   outPackage, err, errSize);
  if (rc == 0)
    tileGpuCacheWrite(cache, emit == TILE_EMIT_PACKAGE ? NULL : *outBytes,
                      emit == TILE_EMIT_PACKAGE ? 0 : *outSize,
                      emit == TILE_EMIT_PACKAGE ? outPackage : NULL);
  tileGpuCacheClose(cache);
  return rc;
}

int tileCompileKernelToPackage(MlirModule module, const char *name,
                               const TileOptions *options, bool cache,
                               TileCacheReport *report, TilePackage *out,
                               char *err, size_t errSize) {
  TileGpuOptions o;
  tileGpuOptionsInit(&o);
  o.options = *options;
  if (cache)
    tileGpuOptionsUseCache(&o);
  o.cacheReport = report;
  MlirModule clone = mlirModuleFromOperation(
      mlirOperationClone(mlirModuleGetOperation(module)));
  int rc = tileGpuCompile(clone, name, &o, TILE_EMIT_PACKAGE, NULL, NULL, out,
                          err, errSize);
  mlirModuleDestroy(clone);
  return rc;
}
