/* The CPU path's JIT; see Jit.h. */
#include "lib/Execution/Jit.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "lib/Execution/JitFeatures.h"
#include "lib/Execution/JitSymbols.h"
#include "lib/Support/Error.h"
#include "mlir-c/Target/LLVMIR.h"
#include "llvm-c/Core.h"
#include "llvm-c/Error.h"
#include "llvm-c/LLJIT.h"
#include "llvm-c/Orc.h"
#include "llvm-c/Target.h"
#include "llvm-c/TargetMachine.h"
#include "llvm-c/Transforms/PassBuilder.h"

struct TileJit {
  LLVMOrcLLJITRef lljit;
};

/* The host's triple and CPU, asked of LLVM once per process. */
static char *hostTriple, *hostCpu;

static void initTarget(void) {
  LLVMInitializeNativeTarget();
  LLVMInitializeNativeAsmPrinter();
  LLVMInitializeNativeAsmParser(); /* inline asm */
  hostTriple = LLVMGetDefaultTargetTriple();
  hostCpu = LLVMGetHostCPUName();
}

/* Non-zero with `what` and LLVM's message in `err`; consumes `e`. */
static int fail(LLVMErrorRef e, const char *what, char *err, size_t errSize) {
  char *message = LLVMGetErrorMessage(e);
  tileFail(err, errSize, "%s: %s", what, message);
  LLVMDisposeErrorMessage(message);
  return 1;
}

/* The host's target machine with JitFeatures.h's features, generating
 * code at -O0 (unoptimized) or at LLVM's default level. */
static int hostMachine(TileCpuJit level, LLVMTargetMachineRef *tm, char *err,
                       size_t errSize) {
  const char *triple = hostTriple;
  LLVMTargetRef target;
  char *message = NULL;
  *tm = NULL;
  if (LLVMGetTargetFromTriple(triple, &target, &message))
    tileFail(err, errSize, "the JIT has no target for %s: %s", triple,
             message ? message : "");
  else if (!(*tm = LLVMCreateTargetMachine(
                 target, triple, hostCpu, tileJitFeatures(),
                 level == TILE_CPU_JIT_UNOPTIMIZED ? LLVMCodeGenLevelNone
                                                   : LLVMCodeGenLevelDefault,
                 LLVMRelocDefault, LLVMCodeModelJITDefault)))
    tileFail(err, errSize, "the JIT could not make a target machine for %s",
             triple);
  if (message)
    LLVMDisposeMessage(message);
  return *tm ? 0 : 1;
}

/* The packed entry point's name, _mlir_NAME, in `buf`. */
static const char *packedName(const char *name, char *buf, size_t size) {
  snprintf(buf, size, "_mlir_%s", name);
  return buf;
}

/* void _mlir_NAME(void **args) calling NAME with *args[i] as its i-th
 * argument (and storing a result, if any, at args[n]), as MLIR's
 * ExecutionEngine packs a function. */
static int addPackedEntry(LLVMModuleRef m, const char *name, char *err,
                          size_t errSize) {
  LLVMValueRef f = LLVMGetNamedFunction(m, name);
  if (!f)
    return tileFail(err, errSize, "not in the LLVM module");
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  LLVMTypeRef fnType = LLVMGlobalGetValueType(f);
  unsigned n = LLVMCountParamTypes(fnType);
  LLVMTypeRef *types = calloc(n + 1, sizeof *types);
  LLVMValueRef *values = calloc(n + 1, sizeof *values);
  if (!types || !values) {
    free(types);
    free(values);
    return tileFail(err, errSize, "out of memory");
  }
  LLVMGetParamTypes(fnType, types);
  LLVMTypeRef ptr = LLVMPointerTypeInContext(ctx, 0);
  LLVMTypeRef i64 = LLVMInt64TypeInContext(ctx);
  char buf[160];
  LLVMValueRef packed =
      LLVMAddFunction(m, packedName(name, buf, sizeof buf),
                      LLVMFunctionType(LLVMVoidTypeInContext(ctx), &ptr, 1, 0));
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
  LLVMPositionBuilderAtEnd(b, LLVMAppendBasicBlockInContext(ctx, packed, ""));
  LLVMValueRef args = LLVMGetParam(packed, 0);
  for (unsigned i = 0; i <= n; ++i) {
    LLVMValueRef index = LLVMConstInt(i64, i, 0);
    LLVMValueRef slot = LLVMBuildGEP2(b, ptr, args, &index, 1, "");
    LLVMValueRef at = LLVMBuildLoad2(b, ptr, slot, "");
    if (i < n) {
      values[i] = LLVMBuildLoad2(b, types[i], at, "");
      continue;
    }
    LLVMValueRef result = LLVMBuildCall2(b, fnType, f, values, n, "");
    if (LLVMGetTypeKind(LLVMGetReturnType(fnType)) != LLVMVoidTypeKind)
      LLVMBuildStore(b, result, at);
  }
  LLVMBuildRetVoid(b);
  LLVMDisposeBuilder(b);
  free(types);
  free(values);
  return 0;
}

/* The routines of JitSymbols.h, at their addresses, in `jd`. */
static LLVMErrorRef defineSymbols(LLVMOrcLLJITRef lljit,
                                  LLVMOrcJITDylibRef jd) {
  size_t count;
  const TileJitSymbol *symbols = tileJitSymbols(&count);
  LLVMOrcCSymbolMapPair *pairs = calloc(count, sizeof *pairs);
  if (!pairs)
    return LLVMCreateStringError("out of memory");
  for (size_t i = 0; i < count; ++i) {
    pairs[i].Name = LLVMOrcLLJITMangleAndIntern(lljit, symbols[i].name);
    pairs[i].Sym.Address = (LLVMOrcExecutorAddress)symbols[i].address;
    pairs[i].Sym.Flags.GenericFlags =
        LLVMJITSymbolGenericFlagsExported | LLVMJITSymbolGenericFlagsCallable;
  }
  LLVMOrcMaterializationUnitRef unit = LLVMOrcAbsoluteSymbols(pairs, count);
  free(pairs);
  LLVMErrorRef e = LLVMOrcJITDylibDefine(jd, unit);
  if (e) /* refused: still ours */
    LLVMOrcDisposeMaterializationUnit(unit);
  return e;
}

/* The LLJIT over `tm` (taken), resolving tile's routines and then the
 * process's symbols (libm). */
static int createLLJIT(LLVMTargetMachineRef tm, LLVMOrcLLJITRef *out, char *err,
                       size_t errSize) {
  LLVMOrcLLJITBuilderRef builder = LLVMOrcCreateLLJITBuilder();
  LLVMOrcLLJITBuilderSetJITTargetMachineBuilder(
      builder, LLVMOrcJITTargetMachineBuilderCreateFromTargetMachine(tm));
  LLVMErrorRef e = LLVMOrcCreateLLJIT(out, builder);
  if (e)
    return fail(e, "the JIT could not start", err, errSize);
  LLVMOrcJITDylibRef jd = LLVMOrcLLJITGetMainJITDylib(*out);
  LLVMOrcDefinitionGeneratorRef process;
  e = defineSymbols(*out, jd);
  if (!e)
    e = LLVMOrcCreateDynamicLibrarySearchGeneratorForProcess(
        &process, LLVMOrcLLJITGetGlobalPrefix(*out), NULL, NULL);
  if (e) {
    LLVMConsumeError(LLVMOrcDisposeLLJIT(*out));
    return fail(e, "the JIT could not start", err, errSize);
  }
  LLVMOrcJITDylibAddGenerator(jd, process);
  return 0;
}

/* `module` as LLVM IR in a new context (*ctx, *m): the host's triple and
 * data layout, the packed entry point, LLVM's passes for `level`. On
 * failure nothing is left to free. */
static int translate(MlirModule module, const char *name, TileCpuJit level,
                     LLVMTargetMachineRef tm, LLVMContextRef *ctx,
                     LLVMModuleRef *m, char *err, size_t errSize) {
  *ctx = LLVMContextCreate();
  *m = mlirTranslateModuleToLLVMIR(mlirModuleGetOperation(module), *ctx);
  int failed = 0;
  if (!*m)
    failed = tileFail(err, errSize, "the translation to LLVM IR failed");
  if (!failed) {
    char *triple = LLVMGetTargetMachineTriple(tm);
    LLVMSetTarget(*m, triple);
    LLVMDisposeMessage(triple);
    LLVMTargetDataRef layout = LLVMCreateTargetDataLayout(tm);
    LLVMSetModuleDataLayout(*m, layout);
    LLVMDisposeTargetData(layout);
    failed = addPackedEntry(*m, name, err, errSize);
  }
  if (!failed) {
    LLVMPassBuilderOptionsRef po = LLVMCreatePassBuilderOptions();
    LLVMErrorRef e = LLVMRunPasses(
        *m, level == TILE_CPU_JIT_OPTIMIZED ? "default<O2>" : "default<O0>", tm,
        po);
    LLVMDisposePassBuilderOptions(po);
    if (e)
      failed = fail(e, "LLVM's passes failed", err, errSize);
  }
  if (failed) {
    if (*m)
      LLVMDisposeModule(*m);
    LLVMContextDispose(*ctx);
  }
  return failed;
}

int tileJitCreate(MlirModule module, const char *name, TileCpuJit level,
                  TileJit **out, void (**entry)(void **), char *err,
                  size_t errSize) {
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  pthread_once(&once, initTarget);
  *out = NULL;
  LLVMTargetMachineRef tm;
  if (hostMachine(level, &tm, err, errSize))
    return 1;
  LLVMContextRef ctx;
  LLVMModuleRef m;
  if (translate(module, name, level, tm, &ctx, &m, err, errSize)) {
    LLVMDisposeTargetMachine(tm);
    return 1;
  }
  TileJit *jit = calloc(1, sizeof *jit);
  if (!jit)
    LLVMDisposeTargetMachine(tm);
  if (!jit || createLLJIT(tm, &jit->lljit, err, errSize)) {
    if (!jit)
      tileFail(err, errSize, "out of memory");
    free(jit);
    LLVMDisposeModule(m);
    LLVMContextDispose(ctx);
    return 1;
  }
  /* The thread-safe module owns the context and the module from here. */
  LLVMOrcThreadSafeContextRef tsc =
      LLVMOrcCreateNewThreadSafeContextFromLLVMContext(ctx);
  LLVMOrcThreadSafeModuleRef tsm = LLVMOrcCreateNewThreadSafeModule(m, tsc);
  LLVMOrcDisposeThreadSafeContext(tsc);
  LLVMErrorRef e = LLVMOrcLLJITAddLLVMIRModule(
      jit->lljit, LLVMOrcLLJITGetMainJITDylib(jit->lljit), tsm);
  char packed[160];
  LLVMOrcExecutorAddress address = 0;
  if (!e)
    e = LLVMOrcLLJITLookup(jit->lljit, &address,
                           packedName(name, packed, sizeof packed));
  if (e) {
    fail(e, "the JIT could not compile the kernel", err, errSize);
    tileJitDestroy(jit);
    return 1;
  }
  *entry = (void (*)(void **))address;
  *out = jit;
  return 0;
}

void tileJitDestroy(TileJit *jit) {
  if (!jit)
    return;
  if (jit->lljit)
    LLVMConsumeError(LLVMOrcDisposeLLJIT(jit->lljit));
  free(jit);
}
