/* The GPU compile pipeline; see GpuCompile.h. */
#include "lib/Target/GpuCompile.h"

#include "lib/Analysis/Tcgen05.h"
#include "lib/Analysis/Tma.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "lib/Support/DiskCache.h"
#include "lib/Support/Error.h"
#include "lib/Target/CompileCache.h"
#include "lib/Target/EntriesToPtx.h"
#include "lib/Target/PtxToBinary.h"
#include "lib/Conversion/TileToGPU/TileToGPU.h"
#include "lib/Support/Clock.h"
#include "lib/IR/DType.h"
#include "lib/IR/IR.h"
#include "lib/Transforms/AssignLayouts.h"
#include "lib/Passes/PassDef.h"
#include "lib/Transforms/Pipeline.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/GPU.h"
#include "mlir-c/Pass.h"
#include "dialect/Dialect.h"

/* Room for one entry's lowering pipeline (formatLowering). */
enum { LOWERING_SIZE = 512 };

void tileGpuOptionsInit(TileGpuOptions *o) {
  memset(o, 0, sizeof *o);
  tileOptionsInitCompile(&o->options);
}

int tileGpuOptionsParse(TileGpuOptions *o, const char *text, char *err,
                        size_t errSize) {
  char why[400];
  if (tileOptionsParse(&o->options, text, strlen(text), NULL, why,
                       sizeof why))
    return tileFail(err, errSize, "--tile-compile: %s", why);
  return 0;
}

bool tileGpuOptionsUseCache(TileGpuOptions *o) {
  if (!tileDiskCacheDefaultDir(o->cacheDirPath, sizeof o->cacheDirPath))
    return false;
  o->cacheDir = o->cacheDirPath;
  return true;
}

int tileGpuOptionsCheck(const TileGpuOptions *o, TileEmit emit, char *err,
                        size_t errSize) {
  /* Callers may set the chip directly (tile-run from the device's compute
   * capability, embedders): it is checked as the option would be. */
  TileOptions probe = o->options;
  char why[400];
  if (tileOptionSet(&probe, "chip", o->options.chip, why, sizeof why))
    return tileFail(err, errSize, "--tile-compile: %s", why);
  if (o->options.mma == TILE_GPU_MMA_WGMMA &&
      strcmp(o->options.chip, "sm_90a") != 0)
    return tileFail(
        err, errSize,
        "--tile-compile: mma=wgmma needs chip=sm_90a: %s has no wgmma",
        o->options.chip);
  if (o->options.generic == TILE_GENERIC_LAZY && emit != TILE_EMIT_PACKAGE &&
      emit != TILE_EMIT_MLIR && emit != TILE_EMIT_LLVM)
    return tileFail(
        err, errSize,
        "--tile-compile: generic=lazy applies to packages: a PTX or "
        "cubin output holds both entries");
  return 0;
}

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

/* The toolkit to use, in `path`, or NULL: the one the options name (and
 * no other: an explicit choice that lacks ptxas is not silently replaced),
 * else the first of $CUDA_HOME, $CUDA_PATH and /usr/local/cuda that has
 * bin/ptxas. */
const char *tileGpuFindToolkit(const TileGpuOptions *o, char *path,
                               size_t size) {
  const char *candidates[] = {getenv("CUDA_HOME"), getenv("CUDA_PATH"),
                              "/usr/local/cuda"};
  size_t n = sizeof candidates / sizeof candidates[0];
  if (o->options.toolkit[0]) {
    candidates[0] = o->options.toolkit;
    n = 1;
  }
  for (size_t i = 0; i < n; ++i) {
    struct stat st;
    if (!candidates[i])
      continue;
    snprintf(path, size, "%s/bin/ptxas", candidates[i]);
    if (stat(path, &st) == 0) {
      snprintf(path, size, "%s", candidates[i]);
      return path;
    }
  }
  return NULL;
}

/* Where the toolkit was looked for, for messages. */
static void toolkitSearched(const TileGpuOptions *o, char *out, size_t size) {
  if (o->options.toolkit[0])
    snprintf(out, size, "none at %s (no bin/ptxas)", o->options.toolkit);
  else
    snprintf(out, size,
             "none found under $CUDA_HOME, $CUDA_PATH or /usr/local/cuda");
}

/* The constant value of an index/integer produced by arith.constant. */
typedef struct {
  MlirOperation kernel;
  double flops;
  bool unknown;
} FlopCount;

/* 2*M*N*K per dot, times the trip counts of the scf.for loops around it;
 * a loop with bounds known only at run time makes the count unknown. */
static MlirWalkResult countDot(MlirOperation op, void *userData) {
  FlopCount *c = userData;
  if (!tileOpIsNamed(op, "tile.dot"))
    return MlirWalkResultAdvance;
  MlirType a = mlirValueGetType(mlirOperationGetOperand(op, 0));
  MlirType b = mlirValueGetType(mlirOperationGetOperand(op, 1));
  double f = 2.0 * (double)mlirShapedTypeGetDimSize(a, 0) *
             (double)mlirShapedTypeGetDimSize(a, 1) *
             (double)mlirShapedTypeGetDimSize(b, 1);
  for (MlirOperation p = mlirOperationGetParentOperation(op);
       !mlirOperationIsNull(p) && !mlirOperationEqual(p, c->kernel);
       p = mlirOperationGetParentOperation(p)) {
    if (!tileOpIsNamed(p, "scf.for"))
      continue;
    int64_t lb, ub, step;
    if (!tileConstantInt(mlirOperationGetOperand(p, 0), &lb) ||
        !tileConstantInt(mlirOperationGetOperand(p, 1), &ub) ||
        !tileConstantInt(mlirOperationGetOperand(p, 2), &step) || step <= 0) {
      c->unknown = true;
      return MlirWalkResultInterrupt;
    }
    f *= ub > lb ? (double)((ub - lb + step - 1) / step) : 0.0;
  }
  c->flops += f;
  return MlirWalkResultAdvance;
}

/* Flops per program for TFLOP/s reports; 0 when unknown or too large. */
static int flopsPerProgram(MlirOperation kernel) {
  FlopCount c = {kernel, 0.0, false};
  mlirOperationWalk(kernel, countDot, &c, MlirWalkPreOrder);
  return c.unknown || c.flops > 2147483647.0 ? 0 : (int)c.flops;
}

static int describePackage(MlirOperation kernel, const char *name,
                           const TileGpuOptions *o, int numWarps,
                           int64_t smem, TilePackage *p, char *err,
                           size_t errSize) {
  memset(p, 0, sizeof *p);
  snprintf(p->kernelName, sizeof p->kernelName, "%s", name);
  snprintf(p->chip, sizeof p->chip, "%s", o->options.chip);
  p->numWarps = numWarps;
  p->producerWarps = tileKernelProducerWarps(kernel);
  p->persistent = tileKernelPersistent(kernel);
  p->indexBits = o->options.indexBits;
  p->ctaPairs = tileKernelCtaPairs(kernel);
  p->sharedBytes = (int)smem;
  p->flopsPerProgram = flopsPerProgram(kernel);
  MlirType fnType = mlirTypeAttrGetValue(tileOpAttr(kernel, "function_type"));
  intptr_t n = mlirFunctionTypeGetNumInputs(fnType);
  if (n > TILE_PACKAGE_MAX_ARGS)
    return tileFail(err, errSize, "kernel '%s' has %ld arguments (at most %d)",
                    name, (long)n, TILE_PACKAGE_MAX_ARGS);
  p->numArgs = (int)n;
  for (intptr_t i = 0; i < n; ++i) {
    TileKernelArg k;
    if (!tileKernelArgOfType(mlirFunctionTypeGetInput(fnType, i), &k))
      return tileFail(err, errSize,
                      "kernel '%s': argument #%ld has type %s, which a package "
                      "cannot describe",
                      name, (long)i, k.type);
    TilePackageArg *a = &p->args[i];
    a->isMemref = k.kind == TILE_ARG_MEMREF;
    a->isIndex = k.kind == TILE_ARG_INDEX;
    a->dtype = k.dtype;
    a->rank = k.rank;
    memcpy(a->shape, k.shape, sizeof a->shape);
  }
  /* The aligned entry's tensor maps, in its parameters' order. */
  TileTmaMap maps[TILE_TMA_MAX_MAPS];
  p->numTensorMaps = tileTmaMaps(kernel, maps);
  for (int i = 0; i < p->numTensorMaps; ++i)
    p->tensorMaps[i] = (TilePackageTensorMap){
        maps[i].arg, maps[i].boxRows, maps[i].boxCols, maps[i].swizzleBytes};
  return 0;
}

/* Each entry's lowering to the LLVM/NVVM dialects, as pipeline elements
 * for its builtin.module, with `index` as an integer of `bits` (index-bits):
 * 32 by default, 64 for arrays of 2^31 elements or more. Addresses are
 * always formed in 64 bits (gpuGep); what the width bounds is the element
 * offsets (and every other index value), which 32 bits compute faster. No
 * canonicalize/cse here: LLVM's own cleanups give byte-identical PTX,
 * 5-10% sooner.
 *
 * TileToGPU emits the entry as an llvm.func and the GPU operations as NVVM
 * ops, so what is left is arith, scf and cf: the lean pipeline converts
 * only those. convert-gpu-to-nvvm (a greedy rewrite over every op, then a
 * conversion of all of them: a third of the lowering's time on attention)
 * comes in only for what its libdevice patterns lower: math ops and the
 * arith ops libdevice implements. NVVM ops that upstream lowers to inline
 * PTX (wgmma.mma_async) rather than to intrinsics need
 * convert-nvvm-to-llvm first (`ptxOps`). */
static void formatLowering(bool lean, bool ptxOps, int bits, char *buf,
                           size_t size) {
  const char *nvvm = ptxOps ? "convert-nvvm-to-llvm," : "";
  if (lean)
    snprintf(buf, size,
             "gpu.module(%sconvert-scf-to-cf,"
             "convert-arith-to-llvm{index-bitwidth=%d}),"
             /* (anchored on builtin.module only; it converts the nested
              * ops) */
             "convert-cf-to-llvm{index-bitwidth=%d},"
             "gpu.module(reconcile-unrealized-casts)",
             nvvm, bits, bits);
  else
    snprintf(buf, size,
             "gpu.module(%sconvert-scf-to-cf,"
             "convert-gpu-to-nvvm{index-bitwidth=%d},"
             "convert-math-to-llvm,"
             "convert-arith-to-llvm{index-bitwidth=%d},"
             "convert-index-to-llvm{index-bitwidth=%d},"
             "reconcile-unrealized-casts)",
             nvvm, bits, bits, bits);
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

static bool hasPrefix(MlirStringRef s, const char *prefix) {
  size_t n = strlen(prefix);
  return s.length >= n && memcmp(s.data, prefix, n) == 0;
}

/* Whether every op is one the lean pipeline lowers (or already LLVM/NVVM),
 * and whether an NVVM op needs convert-nvvm-to-llvm. An arith op libdevice
 * implements is left only when TileToGPU could not make it a call (it has
 * fast-math flags, say): convert-gpu-to-nvvm lowers it. */
typedef struct {
  bool lean;
  bool ptxOps; /* ops convert-nvvm-to-llvm lowers to inline PTX */
} LoweringScan;

static MlirWalkResult leanOp(MlirOperation op, void *userData) {
  LoweringScan *scan = userData;
  MlirStringRef name =
      mlirIdentifierStr(mlirOperationGetName(op));
  if (hasPrefix(name, "nvvm.wgmma.mma_async") ||
      hasPrefix(name, "nvvm.mbarrier.") ||
      hasPrefix(name, "nvvm.cp.async.bulk."))
    scan->ptxOps = true;
  bool lean = hasPrefix(name, "llvm.") || hasPrefix(name, "nvvm.") ||
              hasPrefix(name, "scf.") || hasPrefix(name, "cf.") ||
              hasPrefix(name, "builtin.") || hasPrefix(name, "gpu.module") ||
              (hasPrefix(name, "arith.") && !tileGpuIsLibdeviceOp(op));
  if (!lean)
    scan->lean = false;
  return MlirWalkResultAdvance;
}

static void loweringFor(MlirOperation gpuModule, int indexBits, char *buf,
                        size_t size) {
  LoweringScan scan = {true, false};
  mlirOperationWalk(gpuModule, leanOp, &scan, MlirWalkPreOrder);
  formatLowering(scan.lean, scan.ptxOps, indexBits, buf, size);
}

static bool isEntry(MlirOperation op) {
  return tileOpIsNamed(op, "llvm.func") &&
         !mlirAttributeIsNull(tileOpAttr(op, "nvvm.kernel"));
}

/* Gives each entry of the gpu.module a gpu.module of its own (with copies
 * of the shared-memory globals), each in a builtin.module of its own,
 * returned in `wrappers` in the entries' order (the generic entry, then the
 * aligned one): the pass manager runs a nested pipeline on such isolated
 * modules in parallel, so the entries are lowered, optimized and
 * translated to PTX on separate threads, and each can also be compiled on
 * its own. The entries move; only the rest is copied. Returns the number
 * of entries and writes to `lowering` the pipeline they need. */
static int separateEntries(MlirModule module,
                           MlirOperation wrappers[TILE_MAX_ENTRIES],
                           int indexBits, char *lowering,
                           size_t loweringSize) {
  MlirBlock body = mlirModuleGetBody(module);
  MlirOperation gpuModule = {NULL};
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
    if (tileOpIsNamed(op, "gpu.module"))
      gpuModule = op;
  if (mlirOperationIsNull(gpuModule))
    return 0;
  loweringFor(gpuModule, indexBits, lowering, loweringSize);
  MlirOperation funcs[TILE_MAX_ENTRIES];
  int entries = 0;
  MlirBlock gpuBody =
      mlirRegionGetFirstBlock(mlirOperationGetRegion(gpuModule, 0));
  for (MlirOperation op = mlirBlockGetFirstOperation(gpuBody);
       !mlirOperationIsNull(op) && entries < TILE_MAX_ENTRIES;
       op = mlirOperationGetNextInBlock(op))
    if (isEntry(op))
      funcs[entries++] = op; /* TileToGPU makes exactly two */
  if (entries == 0)
    return 0;
  for (int i = 0; i < entries; ++i)
    mlirOperationRemoveFromParent(funcs[i]);
  mlirOperationRemoveFromParent(gpuModule);
  for (int i = 0; i < entries; ++i) {
    MlirOperation m =
        i + 1 < entries ? mlirOperationClone(gpuModule) : gpuModule;
    mlirBlockAppendOwnedOperation(
        mlirRegionGetFirstBlock(mlirOperationGetRegion(m, 0)), funcs[i]);
    MlirModule wrapper = mlirModuleCreateEmpty(mlirOperationGetLocation(m));
    mlirBlockAppendOwnedOperation(mlirModuleGetBody(wrapper), m);
    wrappers[i] = mlirModuleGetOperation(wrapper);
    mlirBlockAppendOwnedOperation(body, wrappers[i]);
  }
  return entries;
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
  /* num-warps= overrides the kernel's tile.num_warps, everywhere: the
   * layout passes read the attribute. */
  if (o->options.numWarps)
    mlirOperationSetAttributeByName(
        kernel, tileStr("tile.num_warps"),
        tileI32Attr(mlirOperationGetContext(kernel), o->options.numWarps));
  int numWarps = tileKernelNumWarps(kernel, o->options.numWarps);
  /* num-stages= overrides the kernel's tile.num_stages likewise. */
  if (o->options.numStages)
    mlirOperationSetAttributeByName(
        kernel, tileStr("tile.num_stages"),
        tileI32Attr(mlirOperationGetContext(kernel), o->options.numStages));
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
  if (describePackage(kernel, kernelName, o, numWarps, smem, &package, err,
                      errSize))
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
  int numEntries = separateEntries(module, entries, o->options.indexBits, lowering,
                                   sizeof lowering);
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
    toolkitSearched(o, searched, sizeof searched);
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
