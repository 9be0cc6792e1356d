/* An entry's gpu.module to PTX through the LLVM C API; see NvvmToPtx.h. */
#include "lib/Target/NvvmToPtx.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/Support/Error.h"
#include "llvm-c/BitReader.h"
#include "llvm-c/Core.h"
#include "llvm-c/Error.h"
#include "llvm-c/Linker.h"
#include "llvm-c/Target.h"
#include "llvm-c/TargetMachine.h"
#include "llvm-c/Transforms/PassBuilder.h"
#include "mlir-c/Target/LLVMIR.h"

static const char kTriple[] = "nvptx64-nvidia-cuda";
/* The PTX ISA version: the lowest one the chip needs (7.0 for sm_80, 8.0
 * for sm_90a), as upstream's default did, but for sm_89, whose 7.8 lacks
 * the f8 cvt that tile-numerics leaves for chips from sm_89 on (8.1 has
 * it; the back end refuses the intrinsic below that). */
static const char *featuresFor(const char *chip) {
  return strcmp(chip, "sm_89") == 0 ? "+ptx81" : "";
}

/* The IR passes before the back end: EarlyCSE merges the index arithmetic
 * that TileToGPU repeats per register; one InstCombine round folds what is
 * left (x * 1, x + 0, masks of known bits), without which the back end's
 * own straight-line strength reduction, whose SCEV queries grow with such
 * chains, took up to 130 ms on attention's generic entry (10 with it);
 * LICM takes the shared-memory address arithmetic of pipelined loops out
 * of the loop (a matmul's loop body: 1034 PTX instructions without it,
 * 866 with it, 874 after O3; without it the kernel ran 4-15% slower).
 * Calls into libdevice (all alwaysinline) are inlined first, the functions
 * then dropped, and its small branches turned into selects. */
#define TILE_IR_PASSES                                                         \
  "early-cse,instcombine<max-iterations=1;no-verify-fixpoint>,"                \
  "loop-mssa(licm)"
static const char kPipeline[] = "function(" TILE_IR_PASSES ")";
static const char kPipelineLibdevice[] =
    "always-inline,globaldce,function(simplifycfg," TILE_IR_PASSES ")";

static pthread_once_t initOnce = PTHREAD_ONCE_INIT;

static void initNvptx(void) {
  LLVMInitializeNVPTXTargetInfo();
  LLVMInitializeNVPTXTarget();
  LLVMInitializeNVPTXTargetMC();
  LLVMInitializeNVPTXAsmPrinter();
}

/* The first error LLVM reports through the context (a corrupt libdevice,
 * a failed link, the back end): without a handler LLVM would print it and
 * exit. */
typedef struct {
  char text[512];
} LlvmDiag;

static void onDiagnostic(LLVMDiagnosticInfoRef info, void *userData) {
  LlvmDiag *d = userData;
  if (LLVMGetDiagInfoSeverity(info) != LLVMDSError || d->text[0])
    return;
  char *text = LLVMGetDiagInfoDescription(info);
  snprintf(d->text, sizeof d->text, "%s", text);
  LLVMDisposeMessage(text);
}

static bool hasPrefix(LLVMValueRef v, const char *prefix) {
  size_t len;
  const char *name = LLVMGetValueName2(v, &len);
  size_t n = strlen(prefix);
  return len >= n && strncmp(name, prefix, n) == 0;
}

static bool callsLibdevice(LLVMModuleRef m) {
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
    if (LLVMIsDeclaration(f) && hasPrefix(f, "__nv_"))
      return true;
  return false;
}

/* Gives `linkage` to every definition of `m` that has `from`. */
static void relink(LLVMModuleRef m, LLVMLinkage from, LLVMLinkage linkage) {
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
    if (!LLVMIsDeclaration(f) && LLVMGetLinkage(f) == from)
      LLVMSetLinkage(f, linkage);
  for (LLVMValueRef g = LLVMGetFirstGlobal(m); g; g = LLVMGetNextGlobal(g))
    if (!LLVMIsDeclaration(g) && LLVMGetLinkage(g) == from)
      LLVMSetLinkage(g, linkage);
}

/* Links what `m` uses of the toolkit's libdevice into `m`. The library is
 * read lazily and its definitions made linkonce_odr first, so the linker
 * reads and copies only the functions that are called (as upstream's
 * LinkOnlyNeeded does; reading all of libdevice costs ~70 ms). They end
 * internal: once inlined, globaldce drops them. */
static int linkLibdevice(LLVMContextRef lctx, LLVMModuleRef m,
                         LLVMTargetDataRef layout, const char *toolkit,
                         const LlvmDiag *diag, char *err, size_t errSize) {
  if (!toolkit)
    return tileFail(
        err, errSize,
        "the kernel calls math functions from libdevice, which comes "
        "with the CUDA toolkit: none found (the toolkit= option, else "
        "$CUDA_HOME, $CUDA_PATH or /usr/local/cuda, with bin/ptxas)");
  char path[600];
  snprintf(path, sizeof path, "%s/nvvm/libdevice/libdevice.10.bc", toolkit);
  LLVMMemoryBufferRef buffer;
  char *message = NULL;
  if (LLVMCreateMemoryBufferWithContentsOfFile(path, &buffer, &message)) {
    snprintf(err, errSize, "cannot read libdevice %s: %s", path,
             message ? message : "unknown error");
    LLVMDisposeMessage(message);
    return 1;
  }
  LLVMModuleRef lib;
  if (LLVMGetBitcodeModuleInContext2(lctx, buffer, &lib)) {
    LLVMDisposeMemoryBuffer(buffer);
    return tileFail(err, errSize, "libdevice %s is not valid LLVM bitcode: %s",
                    path, diag->text[0] ? diag->text : "unreadable");
  }
  relink(lib, LLVMExternalLinkage, LLVMLinkOnceODRLinkage);
  /* Ours, so the linker has no layouts or triples to reconcile. */
  LLVMSetTarget(lib, kTriple);
  LLVMSetModuleDataLayout(lib, layout);
  if (LLVMLinkModules2(m, lib)) { /* consumes lib */
    return tileFail(err, errSize, "linking libdevice %s failed: %s", path,
                    diag->text[0] ? diag->text : "unknown error");
  }
  relink(m, LLVMLinkOnceODRLinkage, LLVMInternalLinkage);
  return 0;
}

static int runPasses(LLVMModuleRef m, LLVMTargetMachineRef tm,
                     const char *pipeline, char *err, size_t errSize) {
  LLVMPassBuilderOptionsRef options = LLVMCreatePassBuilderOptions();
  LLVMErrorRef e = LLVMRunPasses(m, pipeline, tm, options);
  LLVMDisposePassBuilderOptions(options);
  if (!e)
    return 0;
  char *message = LLVMGetErrorMessage(e);
  snprintf(err, errSize, "internal error: LLVM pipeline '%s': %s", pipeline,
           message);
  LLVMDisposeErrorMessage(message);
  return 1;
}

static int emitPtx(LLVMModuleRef m, LLVMTargetMachineRef tm, char **outPtx,
                   char *err, size_t errSize) {
  char *message = NULL;
  LLVMMemoryBufferRef out;
  if (LLVMTargetMachineEmitToMemoryBuffer(tm, m, LLVMAssemblyFile, &message,
                                          &out)) {
    snprintf(err, errSize, "the NVPTX back end failed: %s",
             message ? message : "unknown error");
    LLVMDisposeMessage(message);
    return 1;
  }
  size_t size = LLVMGetBufferSize(out);
  char *ptx = malloc(size + 1);
  if (ptx) {
    memcpy(ptx, LLVMGetBufferStart(out), size);
    ptx[size] = '\0';
  }
  LLVMDisposeMemoryBuffer(out);
  if (!ptx)
    return tileFail(err, errSize, "out of memory");
  *outPtx = ptx;
  return 0;
}

int tileNvvmToPtx(MlirOperation gpuModule, const char *chip,
                  const char *toolkit, char **outPtx, char *err,
                  size_t errSize) {
  *outPtx = NULL;
  pthread_once(&initOnce, initNvptx);
  LLVMTargetRef target;
  char *message = NULL;
  if (LLVMGetTargetFromTriple(kTriple, &target, &message)) {
    snprintf(err, errSize, "internal error: no NVPTX target in LLVM: %s",
             message ? message : "");
    LLVMDisposeMessage(message);
    return 1;
  }
  /* -O2, not -O3: mainly, NVPTX runs EarlyCSE instead of GVN after its
   * address passes, 10 ms less on bmm; the PTX differs by under 1.5% in
   * size, and ptxas optimizes it again (docs/performance.md). */
  LLVMTargetMachineRef tm = LLVMCreateTargetMachine(
      target, kTriple, chip, featuresFor(chip), LLVMCodeGenLevelDefault,
      LLVMRelocDefault, LLVMCodeModelDefault);
  LLVMContextRef lctx = LLVMContextCreate();
  LlvmDiag diag = {""};
  LLVMContextSetDiagnosticHandler(lctx, onDiagnostic, &diag);
  LLVMModuleRef m = mlirTranslateModuleToLLVMIR(gpuModule, lctx);
  LLVMTargetDataRef layout = LLVMCreateTargetDataLayout(tm);
  int rc = 0;
  if (!m) {
    snprintf(err, errSize,
             "internal error: the kernel's NVVM IR could not be translated "
             "to LLVM IR (see errors above)");
    rc = 1;
  } else {
    LLVMSetTarget(m, kTriple);
    LLVMSetModuleDataLayout(m, layout);
    bool libdevice = callsLibdevice(m);
    rc = (libdevice && linkLibdevice(lctx, m, layout, toolkit, &diag, err,
                                     errSize)) ||
         runPasses(m, tm, libdevice ? kPipelineLibdevice : kPipeline, err,
                   errSize) ||
         emitPtx(m, tm, outPtx, err, errSize);
    /* An error the back end reported through the context, not as failure. */
    if (rc == 0 && diag.text[0]) {
      snprintf(err, errSize, "the NVPTX back end failed: %s", diag.text);
      free(*outPtx);
      *outPtx = NULL;
      rc = 1;
    }
    LLVMDisposeModule(m);
  }
  LLVMDisposeTargetData(layout);
  LLVMContextDispose(lctx);
  LLVMDisposeTargetMachine(tm);
  return rc;
}
