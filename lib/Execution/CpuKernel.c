/* Running a tile kernel on the CPU; see CpuKernel.h.
 *
 * The kernel is cloned, lowered by TileToCPU and the upstream pipeline
 * (tileCpuLLVMPipeline), and JIT-compiled (Jit.h). The packed
 * entry point takes one pointer per LLVM argument: a memref of rank r
 * expands to (allocated ptr, aligned ptr, offset, r sizes, r strides), then
 * come the scalars and the six program/grid indices. */
#include "lib/Execution/CpuKernel.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dialect/Dialect.h"
#include "lib/Conversion/TileToCPU/TileToCPU.h"
#include "lib/Execution/CpuAlloc.h"
#include "lib/Execution/CpuDebug.h"
#include "lib/Execution/Jit.h"
#include "lib/IR/DType.h"
#include "lib/IR/IR.h"
#include "lib/Passes/PassDef.h"
#include "lib/Support/Clock.h"
#include "lib/Support/Error.h"
#include "lib/Support/Fp8.h"
#include "lib/Support/Half.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Pass.h"
#include "tile-c/Runtime.h"

enum { kMaxArgs = 64, kMaxRank = 3 };

struct TileCpuKernel {
  TileJit *jit;
  void (*entry)(void **);
  char name[128];
  int numArgs;
  TileKernelArg args[kMaxArgs];
};

static MlirOperation findFunc(MlirModule module, const char *name) {
  MlirBlock body = mlirModuleGetBody(module);
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    MlirStringRef sym;
    if (tileOpIsNamed(op, "func.func") &&
        tileOpStrAttr(op, "sym_name", &sym) &&
        mlirStringRefEqual(sym, tileStr(name)))
      return op;
  }
  return (MlirOperation){NULL};
}

/* "a, b, c": the kernels of a module, for "no kernel named" messages. */
static void listKernels(MlirModule module, char *buf, size_t size) {
  size_t n = 0;
  buf[0] = '\0';
  MlirBlock body = mlirModuleGetBody(module);
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    MlirStringRef sym;
    if (tileOpIsKernel(op) && tileOpStrAttr(op, "sym_name", &sym) && n < size)
      n += (size_t)snprintf(buf + n, size - n, "%s%.*s", n ? ", " : "",
                            (int)sym.length, sym.data);
  }
  if (!buf[0])
    snprintf(buf, size, "none");
}

static int describeArgs(MlirOperation func, TileCpuKernel *k, char *err,
                        size_t errSize) {
  MlirType fnType = mlirTypeAttrGetValue(tileOpAttr(func, "function_type"));
  intptr_t n = mlirFunctionTypeGetNumInputs(fnType);
  if (n > kMaxArgs)
    return tileFail(err, errSize, "kernel '%s' has %ld arguments (at most %d)",
                    k->name, (long)n, kMaxArgs);
  k->numArgs = (int)n;
  for (intptr_t i = 0; i < n; ++i) {
    TileKernelArg *a = &k->args[i];
    if (!tileKernelArgOfType(mlirFunctionTypeGetInput(fnType, i), a))
      return tileFail(err, errSize,
                      "kernel '%s': argument #%ld has type %s, which the CPU "
                      "reference cannot pass",
                      k->name, (long)i, a->type);
  }
  return 0;
}


static void appendMessage(MlirStringRef s, void *userData) {
  char *buf = userData;
  size_t n = strlen(buf);
  snprintf(buf + n, 512 - n, "%.*s", (int)s.length, s.data);
}

/* Lowers `func` (inside `module`, a clone) to the LLVM dialect. */
static int lowerToLLVM(MlirModule module, MlirOperation func, const char *name,
                       const TileCpuOptions *o, char *err, size_t errSize) {
  /* Only the kernel stays: other functions are not part of this run. */
  MlirBlock body = mlirModuleGetBody(module);
  for (MlirOperation op = mlirBlockGetFirstOperation(body), next;
       !mlirOperationIsNull(op); op = next) {
    next = mlirOperationGetNextInBlock(op);
    if (!mlirOperationEqual(op, func))
      mlirOperationDestroy(op);
  }
  TileOptions passOptions;
  tileOptionsInit(&passOptions);
  passOptions.assertsOff = o->assertsOff;
  passOptions.splitLoopsOff = o->splitLoopsOff;
  passOptions.overlapSoftmax = o->overlapSoftmax;
  for (const char *const *pass = tileCpuPassPipeline; *pass; ++pass)
    if (mlirLogicalResultIsFailure(
            tilePassFind(*pass)->run(func, &passOptions)))
      return tileFail(err, errSize, "kernel '%s' cannot be lowered for the CPU",
                      name);
  /* The module is verified before upstream's pipeline (what tile's passes
   * made) and after it, not after each of its twenty-odd passes: the
   * verifier after every pass was half the pipeline's time and a fifth
   * of a random kernel's compile (2026-11-30). */
  MlirOperation moduleOp = mlirModuleGetOperation(module);
  if (!mlirOperationVerify(moduleOp))
    return tileFail(err, errSize,
                    "internal error: kernel '%s' is invalid after tile's CPU "
                    "passes (see errors above)",
                    name);
  MlirContext ctx = mlirModuleGetContext(module);
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  mlirPassManagerEnableVerifier(pm, false);
  char pipelineError[512] = "";
  MlirLogicalResult parsed = mlirParsePassPipeline(
      mlirPassManagerGetAsOpPassManager(pm), tileStr(tileCpuLLVMPipeline),
      appendMessage, pipelineError);
  MlirLogicalResult ran = mlirLogicalResultFailure();
  if (mlirLogicalResultIsSuccess(parsed))
    ran = mlirPassManagerRunOnOp(pm, moduleOp);
  mlirPassManagerDestroy(pm);
  if (mlirLogicalResultIsFailure(parsed))
    return tileFail(err, errSize, "internal error: bad CPU pipeline: %s",
                    pipelineError);
  if (mlirLogicalResultIsFailure(ran))
    return tileFail(err, errSize,
                    "kernel '%s': the upstream CPU lowering failed (see errors "
                    "above)",
                    name);
  if (!mlirOperationVerify(moduleOp))
    return tileFail(err, errSize,
                    "internal error: kernel '%s' is invalid after the upstream "
                    "CPU lowering (see errors above)",
                    name);
  return 0;
}

TileCpuOptions tileCpuOptionsOf(const TileOptions *o) {
  TileCpuOptions c = {o->assertsOff, o->splitLoopsOff, o->overlapSoftmax,
                      o->cpuJit};
  return c;
}

int tileCpuKernelCreate(MlirModule module, const char *name,
                        TileCpuKernel **out, char *err, size_t errSize) {
  return tileCpuKernelCreateWithOptions(module, name, NULL, out, err,
                                        errSize);
}

int tileCpuKernelCreateWithOptions(MlirModule module, const char *name,
                                   const TileCpuOptions *options,
                                   TileCpuKernel **out, char *err,
                                   size_t errSize) {
  TileCpuOptions defaults = {0};
  const TileCpuOptions *o = options ? options : &defaults;
  *out = NULL;
  MlirOperation func = findFunc(module, name);
  if (mlirOperationIsNull(func) || !tileOpIsKernel(func)) {
    char kernels[256];
    listKernels(module, kernels, sizeof kernels);
    return tileFail(err, errSize, "no kernel named '%s' (kernels: %s)", name,
                    kernels);
  }
  TileCpuKernel *k = calloc(1, sizeof *k);
  if (!k)
    return tileFail(err, errSize, "out of memory");
  snprintf(k->name, sizeof k->name, "%s", name);
  if (describeArgs(func, k, err, errSize)) {
    free(k);
    return 1;
  }
  tileDialectRegisterUpstream(mlirModuleGetContext(module));
  MlirModule clone =
      mlirModuleFromOperation(mlirOperationClone(mlirModuleGetOperation(module)));
  if (lowerToLLVM(clone, findFunc(clone, name), name, o, err, errSize)) {
    mlirModuleDestroy(clone);
    free(k);
    return 1;
  }
  char why[768];
  int failed =
      tileJitCreate(clone, name, o->jit, &k->jit, &k->entry, why, sizeof why);
  mlirModuleDestroy(clone);
  if (failed) {
    snprintf(err, errSize, "kernel '%s': %s", name, why);
    free(k);
    return 1;
  }
  *out = k;
  return 0;
}

int tileCpuKernelNumArgs(const TileCpuKernel *k) { return k->numArgs; }
const char *tileCpuKernelName(const TileCpuKernel *k) { return k->name; }

const TileKernelArg *tileCpuKernelArg(const TileCpuKernel *k, int index) {
  return index >= 0 && index < k->numArgs ? &k->args[index] : NULL;
}

/* Storage for the expanded LLVM arguments: at most 1 + 2r + 3 words per
 * memref, one word per scalar, plus the program/grid indices. */
typedef struct {
  int64_t words[kMaxArgs * (3 + 2 * kMaxRank) + 6];
  void *ptrs[kMaxArgs * 2];
  void *packed[kMaxArgs * (3 + 2 * kMaxRank) + 6];
  int nWords, nPtrs, nPacked;
} Packed;

static int64_t *word(Packed *p) {
  int64_t *w = &p->words[p->nWords++];
  p->packed[p->nPacked++] = w;
  return w;
}

static void pointer(Packed *p, void *value) {
  p->ptrs[p->nPtrs] = value;
  p->packed[p->nPacked++] = &p->ptrs[p->nPtrs++];
}

static int checkArg(const TileCpuKernel *k, int i, const TileArgValue *v,
                    char *err, size_t errSize) {
  const TileKernelArg *a = &k->args[i];
  if (a->kind != TILE_ARG_MEMREF)
    return 0;
  const TileHostArray *h = v->array;
  if (!h)
    return tileFail(err, errSize, "argument #%d (%s): needs an array", i,
                    a->type);
  return tileHostArrayCheckMemref(h, i, a->type, "array", a->dtype, a->rank,
                                  a->shape, err, errSize);
}

/* Writes a scalar in the width the LLVM signature wants. */
static void packScalar(Packed *p, const TileKernelArg *a, const TileArgValue *v) {
  int64_t *w = word(p);
  *w = 0;
  switch (a->dtype) {
  case TILE_DTYPE_BOOL: { int8_t x = v->i != 0; memcpy(w, &x, 1); break; }
  case TILE_DTYPE_I8: { int8_t x = (int8_t)v->i; memcpy(w, &x, 1); break; }
  case TILE_DTYPE_I16: { int16_t x = (int16_t)v->i; memcpy(w, &x, 2); break; }
  case TILE_DTYPE_I32: { int32_t x = (int32_t)v->i; memcpy(w, &x, 4); break; }
  case TILE_DTYPE_F16: { uint16_t x = tileF64ToF16(v->f); memcpy(w, &x, 2); break; }
  case TILE_DTYPE_BF16: { uint16_t x = tileF64ToBF16(v->f); memcpy(w, &x, 2); break; }
  case TILE_DTYPE_F8E4M3: { uint8_t x = tileF64ToF8E4M3(v->f); memcpy(w, &x, 1); break; }
  case TILE_DTYPE_F8E5M2: { uint8_t x = tileF64ToF8E5M2(v->f); memcpy(w, &x, 1); break; }
  case TILE_DTYPE_F32: { float x = (float)v->f; memcpy(w, &x, 4); break; }
  case TILE_DTYPE_F64: memcpy(w, &v->f, 8); break;
  default: *w = v->i; break; /* i64, index */
  }
}

/* Runs one program; false when an assert in it failed: tileCpuAssertFail
 * jumps back here with the message in `trap`, past the program's
 * deallocations, so its buffers are freed here. */
static bool runProgram(TileCpuKernel *k, void **packed, TileCpuTrap *trap) {
  if (setjmp(trap->jump)) {
    tileCpuFreeAll();
    return false;
  }
  k->entry(packed);
  return true;
}

/* Where a run stands, for TileCpuProgress. */
typedef struct {
  const TileCpuProgress *progress;
  int64_t done, total;
  int64_t stride, untilCheck; /* programs between clock reads, and to go */
  double startMs, lastCheckMs, nextReportMs;
} RunClock;

static void runClockStart(RunClock *c, const TileCpuProgress *progress,
                          const int64_t grid[3]) {
  memset(c, 0, sizeof *c);
  c->progress = progress;
  c->total = 1;
  for (int g = 0; g < 3; ++g)
    c->total = c->total > INT64_MAX / grid[g] ? INT64_MAX : c->total * grid[g];
  c->stride = c->untilCheck = 1;
  if (progress) {
    c->startMs = c->lastCheckMs = tileNowMs();
    c->nextReportMs = c->startMs + progress->intervalMs;
  }
}

/* After each program. The stride between clock reads doubles while reads
 * come less than a millisecond apart and halves past ten. */
static void runClockTick(RunClock *c) {
  ++c->done;
  if (!c->progress || --c->untilCheck > 0)
    return;
  double now = tileNowMs();
  if (now - c->lastCheckMs < 1 && c->stride < (1 << 24))
    c->stride *= 2;
  else if (now - c->lastCheckMs > 10 && c->stride > 1)
    c->stride /= 2;
  c->lastCheckMs = now;
  c->untilCheck = c->stride;
  if (now >= c->nextReportMs && c->done < c->total) {
    c->progress->report(c->done, c->total, now - c->startMs,
                        c->progress->userData);
    c->nextReportMs = now + c->progress->intervalMs;
  }
}

int tileCpuKernelRun(TileCpuKernel *k, const TileArgValue *args,
                     const int64_t grid[3], char *err, size_t errSize) {
  return tileCpuKernelRunWithProgress(k, args, grid, NULL, err, errSize);
}

int tileCpuKernelRunWithProgress(TileCpuKernel *k, const TileArgValue *args,
                                 const int64_t grid[3],
                                 const TileCpuProgress *progress, char *err,
                                 size_t errSize) {
  for (int g = 0; g < 3; ++g)
    if (grid[g] < 1)
      return tileFail(err, errSize,
                      "grid dimension %d is %lld (must be at least 1)", g,
                      (long long)grid[g]);
  Packed *p = calloc(1, sizeof *p);
  if (!p)
    return tileFailCode(TILE_STATUS_OUT_OF_MEMORY, err, errSize,
                        "out of memory");
  for (int i = 0; i < k->numArgs; ++i) {
    if (checkArg(k, i, &args[i], err, errSize)) {
      free(p);
      return 1;
    }
    const TileKernelArg *a = &k->args[i];
    if (a->kind != TILE_ARG_MEMREF) {
      packScalar(p, a, &args[i]);
      continue;
    }
    const TileHostArray *h = args[i].array;
    pointer(p, h->data);
    pointer(p, h->data);
    *word(p) = 0; /* offset */
    for (int d = 0; d < a->rank; ++d)
      *word(p) = h->shape[d];
    int64_t stride = 1, strides[kMaxRank];
    for (int d = a->rank - 1; d >= 0; --d) {
      strides[d] = stride;
      stride *= h->shape[d];
    }
    for (int d = 0; d < a->rank; ++d)
      *word(p) = strides[d];
  }
  int64_t *pid[3], *num[3];
  for (int g = 0; g < 3; ++g)
    pid[g] = word(p);
  for (int g = 0; g < 3; ++g)
    *(num[g] = word(p)) = grid[g];
  RunClock clock;
  runClockStart(&clock, progress, grid);
  TileCpuTrap *trap = malloc(sizeof *trap);
  bool ok = trap != NULL;
  tileCpuTrapSet(trap);
  for (int64_t z = 0; ok && z < grid[2]; ++z)
    for (int64_t y = 0; ok && y < grid[1]; ++y)
      for (int64_t x = 0; ok && x < grid[0]; ++x) {
        *pid[0] = x;
        *pid[1] = y;
        *pid[2] = z;
        ok = runProgram(k, p->packed, trap);
        runClockTick(&clock);
      }
  tileCpuTrapSet(NULL);
  /* Programs run in grid order, so the first failed assert is the first
   * program's in that order; the run stops there. */
  if (!ok)
    snprintf(err, errSize, "%s", trap ? trap->message : "out of memory");
  int rc = ok ? 0 : trap ? TILE_STATUS_ASSERT : TILE_STATUS_OUT_OF_MEMORY;
  free(trap);
  free(p);
  return rc;
}

void tileCpuKernelDestroy(TileCpuKernel *k) {
  if (!k)
    return;
  tileJitDestroy(k->jit);
  free(k);
}
