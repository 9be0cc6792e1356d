/* TileToGPU: the translation driver; see TileToGPU.h. Builds the entry
 * with the kernel ABI (and the aligned entry's tensor maps), maps the
 * arguments, then walks the kernel in order and dispatches each op to the
 * file of its family (GpuOps.h); the lowering state and the value map they
 * share are GpuValues.h's. Program ids, memref.dim and tile.trans's
 * register-only case are small enough to stay here. */
#include "lib/Conversion/TileToGPU/TileToGPU.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/Analysis/Chip.h"
#include "lib/Analysis/Multicast.h"
#include "lib/Analysis/StreamK.h"
#include "lib/Analysis/Tcgen05.h"
#include "lib/Analysis/Tma.h"
#include "lib/Conversion/Pipeline/GpuPipeline.h"
#include "lib/Conversion/TileToGPU/GpuOps.h"
#include "lib/Conversion/TileToGPU/GpuProgramScalars.h"
#include "lib/IR/IR.h"
#include "lib/Support/StrBuf.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/LLVM.h"

/* ---- the kernel ABI ---------------------------------------------------- */

/* Appends the entry's parameters for one kernel argument type. */
static bool appendParams(TileStrBuf *sig, MlirType t, int *count) {
  char tmp[64];
  if (mlirTypeIsAMemRef(t)) {
    intptr_t rank = mlirShapedTypeGetRank(t);
    tileStrBufPrintf(sig, "%s%%p%d: !llvm.ptr", *count ? ", " : "", *count);
    ++*count;
    for (intptr_t i = 0; i < 2 * rank; ++i, ++*count)
      tileStrBufPrintf(sig, ", %%p%d: i64", *count);
    return true;
  }
  if (mlirTypeIsAIndex(t))
    snprintf(tmp, sizeof tmp, "i64");
  else if (mlirTypeIsAInteger(t) && mlirIntegerTypeGetWidth(t) == 1)
    snprintf(tmp, sizeof tmp, "i8"); /* i1 travels as a byte */
  else
    tileTypeStr(t, tmp, sizeof tmp);
  tileStrBufPrintf(sig, "%s%%p%d: %s", *count ? ", " : "", *count, tmp);
  ++*count;
  return true;
}

/* Parses `gpu.module @tile_kernels [target] { llvm.func @name(...) {
 * llvm.return } }` and returns it. The entry is an llvm.func with the
 * attributes convert-gpu-to-nvvm gives a gpu.func kernel: the lowering
 * emits NVVM ops itself, so the module needs no GPU-dialect conversion. */
static MlirOperation createGpuModule(MlirOperation kernel, MlirType fnType,
                                     const char *chip, int threads,
                                     const char *entryName, int numTmaMaps,
                                     bool persistent, bool streamK,
                                     bool ctaPairs) {
  MlirContext ctx = mlirOperationGetContext(kernel);
  TileStrBuf text = tileStrBufInit();
  tileStrBufPrintf(&text,
                   "gpu.module @tile_kernels [#nvvm.target<chip = \"%s\", "
                   "O = 3>] {\n  llvm.func @%s(",
                   chip, entryName);
  int count = 0;
  intptr_t n = mlirFunctionTypeGetNumInputs(fnType);
  for (intptr_t i = 0; i < n; ++i)
    appendParams(&text, mlirFunctionTypeGetInput(fnType, i), &count);
  /* The tensor maps, last (lib/Runtime/Package.h): a CUtensorMap by value
   * in the parameter space, whose address the bulk copies take. */
  for (int i = 0; i < numTmaMaps; ++i, ++count)
    tileStrBufPrintf(&text,
                     "%s%%p%d: !llvm.ptr {llvm.byval = !llvm.array<128 x i8>, "
                     "llvm.align = 64 : i64, nvvm.grid_constant}",
                     count ? ", " : "", count);
  /* A persistent kernel's number of programs, last; a stream-K kernel's,
   * then the programs that run whole and the parts of the others
   * (Package.h). */
  for (int i = 0; i < (persistent ? 1 : 0) + (streamK ? 3 : 0); ++i, ++count)
    tileStrBufPrintf(&text, "%s%%p%d: i32", count ? ", " : "", count);
  /* CTA pairs and TMA multicast: clusters of two blocks along x, fixed
   * in the image (.reqnctapercluster), so a plain launch starts them. */
  tileStrBufPrintf(&text,
                   ") attributes {gpu.kernel, gpu.known_block_size = "
                   "array<i32: %d, 1, 1>, nvvm.kernel, nvvm.maxntid = "
                   "array<i32: %d, 1, 1>%s} {\n    llvm.return\n  }\n}\n",
                   threads, threads,
                   ctaPairs ? ", nvvm.cluster_dim = array<i32: 2, 1, 1>" : "");
  MlirOperation m = mlirOperationCreateParse(
      ctx, tileStr(tileStrBufCStr(&text)), tileStr("tile-gpu-abi"));
  tileStrBufFree(&text);
  return m;
}

/* Maps the kernel's arguments to the entry's parameters. */
static void mapArguments(GpuLowering *g, TileBuilder *b, MlirBlock kernelBody,
                         MlirBlock entry) {
  intptr_t n = mlirBlockGetNumArguments(kernelBody);
  intptr_t p = 0;
  for (intptr_t i = 0; i < n; ++i) {
    MlirValue arg = mlirBlockGetArgument(kernelBody, i);
    MlirType t = mlirValueGetType(arg);
    if (mlirTypeIsAMemRef(t)) {
      GpuValue v;
      memset(&v, 0, sizeof v);
      v.kind = GPU_MEMREF;
      GpuMemref *m = &v.memref;
      m->rank = (int)mlirShapedTypeGetRank(t);
      m->elem = mlirShapedTypeGetElementType(t);
      m->ptr = mlirBlockGetArgument(entry, p++);
      MlirType index = mlirIndexTypeGet(g->ctx);
      for (int d = 0; d < m->rank; ++d)
        m->sizes[d] = bCast(b, "arith.index_cast",
                            mlirBlockGetArgument(entry, p++), index);
      for (int d = 0; d < m->rank; ++d)
        m->strides[d] = bCast(b, "arith.index_cast",
                              mlirBlockGetArgument(entry, p++), index);
      /* Identity layouts and strided<[..., 1]> have a unit inner stride. */
      MlirAttribute layout = mlirMemRefTypeGetLayout(t);
      m->unitInnerStride =
          mlirAttributeIsNull(layout) ||
          (mlirAttributeIsAAffineMap(layout) &&
           mlirAffineMapIsIdentity(mlirAffineMapAttrGetValue(layout))) ||
          (mlirAttributeIsAStridedLayout(layout) &&
           mlirStridedLayoutAttrGetStride(
               layout, mlirStridedLayoutAttrGetNumStrides(layout) - 1) == 1);
      if (m->unitInnerStride) /* use the constant: better addressing */
        m->strides[m->rank - 1] = bConstIndex(b, 1);
      gpuMapPut(&g->values, arg, v);
      continue;
    }
    MlirValue param = mlirBlockGetArgument(entry, p++);
    if (mlirTypeIsAIndex(t))
      param = bCast(b, "arith.index_cast", param, t);
    else if (mlirTypeIsAInteger(t) && mlirIntegerTypeGetWidth(t) == 1)
      param = bCast(b, "arith.trunci", param, t);
    gpuSetScalar(g, arg, param);
  }
  for (int i = 0; i < g->numTmaMaps; ++i)
    g->tmaMaps[i] = mlirBlockGetArgument(entry, p++);
  MlirType index = mlirIndexTypeGet(g->ctx);
  if (g->persistent || g->streamK)
    g->programs =
        bCast(b, "arith.index_cast", mlirBlockGetArgument(entry, p++), index);
  if (g->streamK) {
    g->skWhole =
        bCast(b, "arith.index_cast", mlirBlockGetArgument(entry, p++), index);
    g->skParts =
        bCast(b, "arith.index_cast", mlirBlockGetArgument(entry, p++), index);
  }
}

/* ---- ops --------------------------------------------------------------- */

static bool lowerMemrefDim(GpuLowering *g, TileBuilder *b, MlirOperation op) {
  (void)b;
  GpuValue *m = gpuMapGet(&g->values, mlirOperationGetOperand(op, 0));
  MlirOperation index = tileDefiningOp(mlirOperationGetOperand(op, 1));
  MlirAttribute value = mlirOperationIsNull(index)
                            ? mlirAttributeGetNull()
                            : tileOpAttr(index, "value");
  if (!m || m->kind != GPU_MEMREF || mlirAttributeIsNull(value) ||
      !mlirAttributeIsAInteger(value)) {
    tileEmitOpError(op, "needs a kernel memref and a constant dimension on "
                        "the GPU");
    return false;
  }
  int64_t d = mlirIntegerAttrGetValueInt(value);
  if (d < 0 || d >= m->memref.rank) {
    tileEmitOpError(op, "dimension %lld is out of range", (long long)d);
    return false;
  }
  gpuSetScalar(g, mlirOperationGetResult(op, 0), m->memref.sizes[d]);
  return true;
}

/* Whether `trans` is the B of a tensor-core dot with 16-bit inputs, or on
 * wgmma, that stores it [N][K] (tile-promote-smem, tileMmaTransposedB). */
static bool feedsTransposedB(MlirOperation trans) {
  MlirOpOperand use = mlirValueGetFirstUse(mlirOperationGetResult(trans, 0));
  if (mlirOpOperandIsNull(use))
    return false;
  MlirOperation dot = mlirOpOperandGetOwner(use);
  TileMmaInstr instr;
  const char *why;
  TileSmemLayout s;
  TileLayout result;
  return tileOpIsNamed(dot, "tile.dot") &&
         mlirOperationEqual(tileMmaTransposedB(dot), trans) &&
         tileTypeLayout(mlirValueGetType(mlirOperationGetResult(dot, 0)),
                        &result) &&
         (result.kind == LAYOUT_MMA || result.tmem) &&
         tileMmaInstrFor(dot, &instr, &why) &&
         (instr.inputBytes == 2 || result.wgmmaN > 0 || result.tmem) &&
         gpuDotSmemLayout(dot, 1, &s) && s.transposed;
}

/* The trans's value is its source's registers, marked transposedSource:
 * the dot stores them as they are (GpuMma.c). */
static bool keepTransSource(GpuLowering *g, TileBuilder *b,
                            MlirOperation op) {
  GpuTile *src = gpuOperandTile(g, op, 0);
  if (!src)
    return false;
  if (src->uniform)
    return gpuLowerThroughShared(g, b, op);
  if (!mlirValueIsNull(src->smem)) {
    /* A pipelined load: its buffer already holds the [N][K] rows. */
    GpuTile t = *src;
    t.transposedSource = true;
    gpuSetTile(g, mlirOperationGetResult(op, 0), t);
    return true;
  }
  GpuTile t = *src;
  t.regs = malloc((size_t)t.numRegs * sizeof *t.regs);
  if (!t.regs) {
    tileEmitOpError(op, "out of memory");
    return false;
  }
  memcpy(t.regs, src->regs, (size_t)t.numRegs * sizeof *t.regs);
  t.transposedSource = true;
  gpuSetTile(g, mlirOperationGetResult(op, 0), t);
  return true;
}

/* The ops each lowered by one function of its own file (GpuOps.h:
 * gathers and scatters, atomics, scans, random numbers, prints and
 * asserts, scalar memory): true when `op` is one, with *ok its result. */
static bool lowerFromTable(GpuLowering *g, TileBuilder *b, MlirOperation op,
                    bool *ok) {
  static const struct {
    const char *name;
    bool (*lower)(GpuLowering *, TileBuilder *, MlirOperation);
  } ops[] = {{"tile.gather", gpuLowerGather},
             {"tile.scatter", gpuLowerScatter},
             {"tile.atomic_rmw", gpuLowerAtomic},
             {"tile.atomic_cas", gpuLowerAtomic},
             {"tile.scan", gpuLowerScan},
             {"tile.rand", gpuLowerRandom},
             {"tile.randint", gpuLowerRandom},
             {"tile.print", gpuLowerPrint},
             {"tile.assert", gpuLowerAssert},
             {"memref.load", gpuLowerScalarMemory},
             {"memref.store", gpuLowerScalarMemory}};
  for (size_t i = 0; i < sizeof ops / sizeof ops[0]; ++i)
    if (tileOpIsNamed(op, ops[i].name)) {
      *ok = ops[i].lower(g, b, op);
      return true;
    }
  return false;
}

static bool lowerOp(GpuLowering *g, TileBuilder *b, MlirOperation op) {
  b->loc = mlirOperationGetLocation(op);
  gpuWgmmaSettle(g, b, op);
  if (tileMemoryOrderBarrierBefore(&g->memoryOrder, op))
    gpuBarrier(g, b);
  int64_t axis = 0;
  bool handled = false;
  if (tileOpIsNamed(op, "tile.program_id") ||
      tileOpIsNamed(op, "tile.num_programs")) {
    tileOpIntAttr(op, "axis", &axis);
    gpuSetScalar(g, mlirOperationGetResult(op, 0),
                 gpuProgramId(g, b, tileOpIsNamed(op, "tile.num_programs"),
                              axis, g->program));
    return true;
  }
  if (tileOpIsNamed(op, "tile.splat")) {
    MlirValue s = gpuOperandScalar(g, op, 0);
    MlirValue result = mlirOperationGetResult(op, 0);
    gpuSetTile(g, result, gpuTileUniform(mlirValueGetType(result), s));
    return !mlirValueIsNull(s);
  }
  if (tileOpIsNamed(op, "tile.range"))
    return gpuLowerRange(g, b, op);
  if (tileOpIsNamed(op, "tile.load") || tileOpIsNamed(op, "tile.load_masked")) {
    /* A pipelined load: its loop mapped it to a shared-memory buffer,
     * where a dot reads it; a plain box's registers come from there. */
    if (gpuProducerLoadMap(g, b, op))
      return true;
    MlirValue result = mlirOperationGetResult(op, 0);
    GpuValue *v = gpuMapGet(&g->values, result);
    if (v && v->kind == GPU_TILE && !mlirValueIsNull(v->tile.smem)) {
      if (!tileTmaPlainBox(op))
        return true;
      TileLayout l;
      if (!gpuResultLayout(op, 0, &l))
        return false;
      GpuTile t = gpuTileAlloc(&l, mlirValueGetType(result));
      gpuSharedReadTile(g, b, v->tile.smem, &t);
      gpuSetTile(g, result, t);
      return true;
    }
    return gpuLowerLoad(g, b, op);
  }
  if (tileOpIsNamed(op, "tile.store") ||
      tileOpIsNamed(op, "tile.store_masked"))
    return gpuLowerStore(g, b, op);
  if (tileOpIsNamed(op, "tile.reduce"))
    return gpuLowerReduce(g, b, op);
  if (tileOpIsNamed(op, "tile.expand_dims")) {
    tileOpIntAttr(op, "axis", &axis);
    return gpuLowerInPlace(g, b, op, (int)axis);
  }
  if (tileOpIsNamed(op, "tile.broadcast"))
    return gpuLowerInPlace(g, b, op, -1);
  if (tileOpIsNamed(op, "tile.trans") && feedsTransposedB(op))
    return keepTransSource(g, b, op);
  if (tileOpIsNamed(op, "tile.reshape") && gpuReshapeForTmaStore(g, op))
    return true;
  if (tileOpIsNamed(op, "tile.convert_layout") ||
      tileOpIsNamed(op, "tile.trans") || tileOpIsNamed(op, "tile.reshape"))
    return gpuLowerThroughShared(g, b, op);
  if (tileOpIsNamed(op, "tile.dot"))
    return gpuLowerDot(g, b, op);
  if (lowerFromTable(g, b, op, &handled))
    return handled;
  if (tileOpIsTile(op)) {
    tileEmitOpError(op, "has no GPU lowering yet");
    return false;
  }
  if (tileOpIsNamed(op, "scf.for"))
    return gpuLowerFor(g, b, op);
  if (tileOpIsNamed(op, "scf.if"))
    return gpuLowerIf(g, b, op);
  if (tileOpIsNamed(op, "arith.constant"))
    return gpuLowerConstant(g, b, op);
  if (tileOpIsNamed(op, "memref.dim"))
    return lowerMemrefDim(g, b, op);
  if (gpuIsFp8Convert(op) && gpuIsTensor(mlirOperationGetResult(op, 0)))
    return gpuLowerFp8Convert(g, b, op);
  if (mlirOperationGetNumResults(op) == 1 &&
      gpuIsTensor(mlirOperationGetResult(op, 0)))
    return gpuLowerElementwise(g, b, op);
  return gpuLowerScalarOp(g, b, op);
}

/* Lowers every op of `block` but its terminator. */
static bool lowerBlock(GpuLowering *g, TileBuilder *b, MlirBlock block) {
  MlirOperation terminator = mlirBlockGetTerminator(block);
  /* After stream-K's loop, the rest of the block goes where its fix-up
   * says (the whole programs and the parts that finish last run it). */
  TileBuilder rest, *at = b;
  for (MlirOperation op = mlirBlockGetFirstOperation(block);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    if (mlirOperationEqual(op, terminator) &&
        (tileOpIsNamed(op, "scf.yield") || tileOpIsNamed(op, "func.return")))
      break;
    if (!lowerOp(g, at, op))
      return false;
    if (at == b && g->streamK && mlirOperationEqual(op, g->skLoop)) {
      if (!gpuStreamKFixUp(g, b, op, &rest))
        return false;
      at = &rest;
    }
  }
  gpuWgmmaSettle(g, at, (MlirOperation){NULL});
  return true;
}

/* The entry's static shared buffers: the reductions' regions, the
 * privatized atomics, the mbarriers, tcgen05's slot. */
static int64_t staticSharedBytes(const GpuLowering *g) {
  return (g->reduceBytes + 15) / 16 * 16 + g->privateBytes +
         g->mbarrierBytes +
         (g->tmemColumns > 0 ? GPU_TCGEN05_SHARED_BYTES : 0);
}

/* A shared-memory buffer, once its size is known: static (internal, with
 * its size), or dynamic (external, size 0: the launch gives the bytes;
 * above 48 KiB only dynamic shared memory is allowed; aligned to 128
 * bytes). */
static void addSharedBuffer(MlirOperation gpuModule, const char *name,
                            int64_t bytes, bool dynamic, int alignment) {
  char text[256];
  snprintf(text, sizeof text,
           "llvm.mlir.global %s @%s() {addr_space = 3 : i32, "
           "alignment = %d : i64} : !llvm.array<%lld x i8>",
           dynamic ? "external" : "internal", name, alignment,
           dynamic ? 0LL : (long long)bytes);
  MlirOperation global = mlirOperationCreateParse(
      mlirOperationGetContext(gpuModule), tileStr(text), tileStr("tile-gpu"));
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(gpuModule, 0));
  mlirBlockInsertOwnedOperation(body, 0, global);
}

/* A block at the end of `func`'s body holding only llvm.return. */
static MlirBlock returningBlock(MlirOperation func, MlirLocation loc) {
  MlirBlock block = mlirBlockCreate(0, NULL, NULL);
  mlirRegionAppendOwnedBlock(mlirOperationGetRegion(func, 0), block);
  mlirBlockAppendOwnedOperation(
      block, tileOpCreate(loc, "llvm.return", 0, NULL, 0, NULL, 0, NULL));
  return block;
}

/* setmaxnreg counts for a kernel of `numWarps` warps beside the producer
 * warpgroup, `blocks` blocks an SM: what every thread has at launch (the
 * block's share of the SM's 65536 registers, in steps of 8, at most 255:
 * ptxas gives the entry that many), and
 * what the kernel's warps may take once the producer dropped to `*dec`;
 * ptxas allocates the code after setmaxnreg.inc with that many. The
 * increase comes out of the block's pool as launched, which is atLaunch a
 * thread, not 65536 where the threads do not divide it: asking for more
 * than the producer gave back waits forever (640 threads launch with 96
 * each, 61440 in all; 16 warps at 112 beside 4 at 40 want 62464). 0: not
 * worth it (the kernel's warps would gain nothing). */
static int consumerRegisters(int numWarps, int blocks, int *dec) {
  int threads = 32 * (numWarps + TILE_PRODUCER_WARPS);
  int atLaunch = 65536 / blocks / threads;
  atLaunch = (atLaunch > 255 ? 255 : atLaunch) / 8 * 8;
  /* The producer keeps the least setmaxnreg allows: ptxas fits its loop
   * (bounds, offsets, mbarrier waits, bulk copies) in 24 without spilling,
   * and the 8 registers a thread more for the kernel's warps ran
   * attention's loop 0.8-1.7% faster on an H200 than a producer of 40
   * (2026-11-29, docs/performance.md). */
  *dec = 24;
  int pool = atLaunch * threads;
  int inc = (pool - 32 * TILE_PRODUCER_WARPS * *dec) / (32 * numWarps);
  inc = (inc > 240 ? 240 : inc) / 8 * 8;
  return inc > atLaunch ? inc : 0;
}

static void setMaxRegisters(TileBuilder *b, bool increase, int count) {
  char text[96];
  snprintf(text, sizeof text, "#nvvm<action %s>",
           increase ? "increase" : "decrease");
  TileNamedAttr attrs[] = {
      {"regCount", tileI32Attr(b->ctx, count)},
      {"action", tileParseAttr(b->ctx, text)}};
  bInsert(b, tileOpCreate(b->loc, "nvvm.setmaxregister", 0, NULL, 0, NULL, 2,
                          attrs));
}

/* Warp specialization: the entry branches, the kernel's warps to a block
 * where the kernel is lowered (*b moves there), the producer warpgroup to
 * one of its own (g->producer), which a pipelined loop fills with its
 * copies (GpuPipeline.c) and which is otherwise empty: those warps return
 * at once. With 8 or more warps beside it, the producer gives registers
 * to them; true when it did (the entry then needs .minnctapersm). */
static bool splitOffProducer(GpuLowering *g, TileBuilder *b,
                             MlirOperation func) {
  MlirBlock consumer = returningBlock(func, b->loc);
  MlirBlock producer = returningBlock(func, b->loc);
  gpuPipelineSetUpProducer(g, b);
  MlirValue isConsumer =
      bCmpi(b, ARITH_ULT, g->warp, bConstIndex(b, g->numWarps));
  MlirOperation ret = b->before;
  MlirOperationState state =
      mlirOperationStateGet(tileStr("llvm.cond_br"), b->loc);
  mlirOperationStateAddOperands(&state, 1, &isConsumer);
  MlirBlock dests[] = {consumer, producer};
  mlirOperationStateAddSuccessors(&state, 2, dests);
  int32_t segments[] = {1, 0, 0};
  MlirNamedAttribute seg = mlirNamedAttributeGet(
      mlirIdentifierGet(g->ctx, tileStr("operandSegmentSizes")),
      mlirDenseI32ArrayGet(g->ctx, 3, segments));
  mlirOperationStateAddAttributes(&state, 1, &seg);
  bInsert(b, mlirOperationCreate(&state));
  mlirOperationDestroy(ret);
  TileBuildCache *cache = b->cache;
  MlirLocation loc = b->loc;
  *b = tileBuilderBefore(mlirBlockGetTerminator(consumer));
  b->cache = cache;
  b->loc = loc;
  g->producer = tileBuilderBefore(mlirBlockGetTerminator(producer));
  g->producer.cache = cache;
  g->producer.loc = loc;
  int dec = 0, inc = consumerRegisters(g->numWarps, g->blocksPerSm, &dec);
  if (inc <= 0)
    return false;
  setMaxRegisters(&g->producer, false, dec);
  setMaxRegisters(b, true, inc);
  return true;
}

/* A persistent kernel's loop over its block's programs (blockIdx.x, +
 * gridDim.x, ... below g->programs), for the kernel's warps or the
 * producer's, carrying the iterations each warp-specialized loop ran so
 * far (wsLoops[k].done or .producerDone, which name the body's
 * arguments inside); *body: where the program's code goes. */
static void beginProgramLoop(GpuLowering *g, TileBuilder *b, bool producer,
                             TileBuilder *body) {
  MlirValue done[GPU_MAX_WS_LOOPS];
  for (int k = 0; k < g->numWsLoops; ++k)
    done[k] = producer ? g->wsLoops[k].producerDone : g->wsLoops[k].done;
  bFor(b, gpuSpecialRegister(b, "ctaid", 0, 0), g->programs,
       gpuSpecialRegister(b, "nctaid", 0, 0), g->numWsLoops, done, body);
  body->loc = b->loc;
  MlirValue program = mlirBlockGetArgument(body->block, 0);
  if (producer)
    g->producerProgram = program;
  else
    g->program = program;
  for (int k = 0; k < g->numWsLoops; ++k) {
    MlirValue arg = mlirBlockGetArgument(body->block, 1 + k);
    if (producer)
      g->wsLoops[k].producerDone = arg;
    else
      g->wsLoops[k].done = arg;
  }
}

static void endProgramLoop(GpuLowering *g, TileBuilder *body, bool producer) {
  MlirValue done[GPU_MAX_WS_LOOPS];
  for (int k = 0; k < g->numWsLoops; ++k)
    done[k] = producer ? g->wsLoops[k].producerDone : g->wsLoops[k].done;
  bYield(body, "scf.yield", g->numWsLoops, done);
}

void gpuRemarkFromAttr(GpuLowering *g, MlirOperation op, const char *name) {
  MlirStringRef why;
  if (!g->remarks.fn || !tileOpStrAttr(op, name, &why))
    return;
  char msg[600];
  snprintf(msg, sizeof msg, "%.*s", (int)why.length, why.data);
  g->remarks.fn(g->remarks.userData, mlirOperationGetLocation(op), msg);
}

MlirLogicalResult tileLowerKernelToGPU(MlirOperation kernel, const char *chip,
                                       TileGpuMma mma,
                                       int numWarps, const char *entryName,
                                       bool assumeAligned16,
                                       const TileGpuRemarks *remarks,
                                       int64_t *sharedBytes) {
  MlirContext ctx = mlirOperationGetContext(kernel);
  MlirType fnType = mlirTypeAttrGetValue(tileOpAttr(kernel, "function_type"));
  /* Only the aligned entry copies with TMA (its memrefs meet TMA's
   * alignment); the generic one takes no tensor maps. */
  TileTmaMap maps[TILE_TMA_MAX_MAPS];
  int numTmaMaps = assumeAligned16 ? tileTmaMaps(kernel, maps) : 0;
  int producerWarps = tileKernelProducerWarps(kernel);
  int threads = 32 * (numWarps + producerWarps);
  bool persistent = tileKernelPersistent(kernel);
  int orderAxis;
  bool orderReversed;
  const char *orderWhy = NULL;
  if (!gpuProgramOrderOf(kernel, &orderAxis, &orderReversed, &orderWhy)) {
    tileEmitOpError(kernel, "%s", orderWhy);
    return mlirLogicalResultFailure();
  }
  /* CTA pairs in the aligned entry only (it alone pipelines with TMA);
   * the generic entry runs one block per program anywhere. */
  bool ctaPairs = assumeAligned16 && tileKernelCtaPairs(kernel);
  bool multicast = assumeAligned16 && !ctaPairs && tileKernelMulticast(kernel);
  const char *why = NULL;
  MlirAttribute askedPairs = tileOpAttr(kernel, "tile.cta_pairs");
  if (assumeAligned16 && !ctaPairs && remarks && remarks->fn &&
      tileChipHasTcgen05(chip) && !mlirAttributeIsNull(askedPairs) &&
      !tileTcgen05CtaPairsFor(kernel, chip, numWarps, &why)) {
    char msg[320];
    snprintf(msg, sizeof msg,
             "CTA pairs were asked for, but each program keeps a CTA of its "
             "own: %s",
             why);
    remarks->fn(remarks->userData, mlirOperationGetLocation(kernel), msg);
  }
  if (ctaPairs &&
      !tileTcgen05CtaPairsFor(kernel, chip, numWarps, &why)) {
    tileEmitOpError(kernel, "has tile.cta_pairs = true but its CTAs cannot "
                            "pair: %s",
                    why);
    return mlirLogicalResultFailure();
  }
  /* A kernel's own tile.multicast = true that cannot be is an error, as
   * CTA pairs'; tile-pipeline's answer names its B load already. */
  MlirOperation multicastB;
  if (multicast && !tileMulticastFor(kernel, chip, &multicastB, &why)) {
    tileEmitOpError(kernel,
                    "has tile.multicast = true but its CTAs cannot "
                    "share B: %s",
                    why);
    return mlirLogicalResultFailure();
  }
  if (multicast)
    mlirOperationSetAttributeByName(multicastB, tileStr("tile.multicast"),
                                    mlirUnitAttrGet(ctx));
  /* Stream-K: tile-pipeline marks the kernels whose loop it can split;
   * IR that asks for it by hand where it cannot be gets told. */
  MlirOperation skLoop = {NULL};
  if (tileKernelStreamK(kernel) &&
      !tileStreamKFor(kernel, chip, &skLoop, &why)) {
    tileEmitOpError(kernel,
                    "has tile.stream_k = true but cannot split its "
                    "programs: %s",
                    why);
    return mlirLogicalResultFailure();
  }
  bool streamK = !mlirOperationIsNull(skLoop);
  MlirOperation parsed =
      createGpuModule(kernel, fnType, chip, threads, entryName, numTmaMaps,
                      persistent, streamK, ctaPairs || multicast);
  if (mlirOperationIsNull(parsed))
    return mlirLogicalResultFailure();
  MlirOperation func = mlirBlockGetFirstOperation(
      mlirRegionGetFirstBlock(mlirOperationGetRegion(parsed, 0)));
  /* Into the kernel's module (a GPU container), joining the gpu.module of
   * an earlier variant if there is one. */
  MlirOperation module = mlirOperationGetParentOperation(kernel);
  MlirOperation gpuModule = tileFirstChildNamed(module, "gpu.module");
  if (mlirOperationIsNull(gpuModule)) {
    gpuModule = parsed;
    mlirBlockInsertOwnedOperationAfter(mlirOperationGetBlock(kernel), kernel,
                                       gpuModule);
  } else {
    MlirBlock body =
        mlirRegionGetFirstBlock(mlirOperationGetRegion(gpuModule, 0));
    MlirOperation last = mlirBlockGetFirstOperation(body);
    while (!mlirOperationIsNull(mlirOperationGetNextInBlock(last)))
      last = mlirOperationGetNextInBlock(last);
    mlirOperationMoveAfter(func, last);
    mlirOperationDestroy(parsed);
  }
  mlirOperationSetAttributeByName(module, tileStr("gpu.container_module"),
                                  mlirUnitAttrGet(ctx));
  MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));

  GpuLowering g;
  memset(&g, 0, sizeof g);
  g.ctx = ctx;
  g.gpuModule = gpuModule;
  g.chip = chip;
  g.kernel = kernel;
  g.lowerBlock = lowerBlock;
  g.lowerOp = lowerOp;
  g.numTmaMaps = numTmaMaps;
  g.mma = mma;
  g.numWarps = numWarps;
  g.producerWarps = producerWarps;
  g.persistent = persistent;
  g.streamK = streamK;
  g.skLoop = skLoop;
  g.ctaPairs = ctaPairs;
  g.multicast = multicast;
  /* A CTA pair's two blocks run programs 2i and 2i + 1 (Tcgen05.h): the
   * launch order is theirs. */
  g.orderAxis = ctaPairs ? -1 : orderAxis;
  g.orderReversed = orderReversed;
  g.assumeAligned16 = assumeAligned16;
  if (remarks)
    g.remarks = *remarks;
  snprintf(g.smemName, sizeof g.smemName, "__tile_smem_%s", entryName);
  snprintf(g.reduceName, sizeof g.reduceName, "__tile_reduce_%s", entryName);
  snprintf(g.mbarrierName, sizeof g.mbarrierName, "__tile_mbarriers_%s",
           entryName);
  snprintf(g.tmemName, sizeof g.tmemName, "__tile_tmem_%s", entryName);
  gpuMapInit(&g.values);
  if (!tileMemoryOrderFind(kernel, &g.memoryOrder)) {
    tileEmitOpError(kernel, "out of memory");
    gpuMapFree(&g.values);
    return mlirLogicalResultFailure();
  }
  /* tile-pipeline's warp-specialize=auto and persistent choices, said
   * once (the aligned entry is the one they apply to). */
  if (assumeAligned16) {
    gpuRemarkFromAttr(&g, kernel, "tile.warp_specialize_why");
    gpuRemarkFromAttr(&g, kernel, "tile.persistent_why");
    gpuRemarkFromAttr(&g, kernel, "tile.multicast_why");
    gpuRemarkFromAttr(&g, kernel, "tile.stream_k_why");
    if (g.orderAxis >= 0)
      gpuRemarkFromAttr(&g, kernel, "tile.program_order_why");
  }
  g.pipeBytes = gpuPipelineBytes(&g, kernel);
  g.cache = tileBuildCacheInit(entry);
  TileBuilder b = tileBuilderBefore(mlirBlockGetTerminator(entry));
  b.loc = mlirOperationGetLocation(kernel);
  b.cache = &g.cache;
  MlirValue tid = gpuSpecialRegister(&b, "tid", 0, threads);
  g.lane = bBinary(&b, "arith.remui", tid, bConstIndex(&b, 32));
  g.warp = bBinary(&b, "arith.divui", tid, bConstIndex(&b, 32));
  MlirBlock kernelBody =
      mlirRegionGetFirstBlock(mlirOperationGetRegion(kernel, 0));
  mapArguments(&g, &b, kernelBody, entry);
  /* Blocks that share an SM (tile-pipeline's blocks-per-sm): ptxas fits
   * each thread's registers to them by .minnctapersm, and with a producer
   * splitOffProducer sizes setmaxnreg to them as well. setmaxnreg needs
   * .minnctapersm even at one block: it fixes the count a thread has at
   * entry, and with .maxntid alone ptxas may drop every setmaxnreg
   * (C7508, "unable to determine register count at entry"), as it did for
   * an fp8 GEMM whose loop held more registers (64-wide promoted blocks,
   * two in flight; the kernel's warps then spilled at the launch's 168).
   * On an H200 it left the GEMMs and attention within 1% and FP8
   * attention 1-2% faster (docs/performance.md, 2026-12-01). */
  g.blocksPerSm = tileKernelBlocksPerSm(kernel, 1);
  bool movedRegisters = producerWarps > 0 && splitOffProducer(&g, &b, func);
  if (g.blocksPerSm > 1 || movedRegisters)
    mlirOperationSetAttributeByName(func, tileStr("nvvm.minctasm"),
                                    tileI32Attr(ctx, g.blocksPerSm));
  /* Tensor memory for tcgen05 dots: allocated once per block, outside a
   * persistent kernel's program loop (GpuTcgen05.c). */
  bool ok = gpuTcgen05Begin(&g, &b) && gpuPrivateAtomicsBegin(&g, &b);
  /* tile-pipeline makes a kernel persistent with one TMA loop only: the
   * producer then runs into the next program's copies unasked, which a
   * second loop's stages in the same shared memory would forbid
   * (GpuPipeline.c). IR written with the attribute by hand gets told. */
  if (ok && persistent && g.numWsLoops > 1) {
    tileEmitOpError(kernel, "is persistent (tile.persistent) with %d "
                            "warp-specialized loops; a persistent kernel may "
                            "have one",
                    g.numWsLoops);
    ok = false;
  }
  /* A persistent kernel runs its body once per program of the block, in
   * each role (the producer's loop is filled as the kernel's loops are
   * lowered, GpuPipeline.c). */
  /* A stream-K kernel runs it in the blocks that have a program or a
   * part of one (GpuStreamK.c). */
  TileBuilder kernelCode = b, producerOuter = g.producer;
  bool producerLoops =
      (persistent || streamK) && producerWarps > 0 && g.numWsLoops > 0;
  if (persistent)
    beginProgramLoop(&g, &b, false, &kernelCode);
  else if (streamK)
    g.program = gpuStreamKBegin(&g, &b, false, &kernelCode);
  if (producerLoops && persistent)
    beginProgramLoop(&g, &producerOuter, true, &g.producer);
  else if (producerLoops)
    g.producerProgram = gpuStreamKBegin(&g, &producerOuter, true, &g.producer);
  ok = ok && lowerBlock(&g, &kernelCode, kernelBody) && !g.failed;
  if (persistent)
    endProgramLoop(&g, &kernelCode, false);
  else if (streamK)
    bYield(&kernelCode, "scf.yield", 0, NULL);
  if (producerLoops && persistent)
    endProgramLoop(&g, &g.producer, true);
  else if (producerLoops)
    bYield(&g.producer, "scf.yield", 0, NULL);
  if (ok) {
    gpuPrivateAtomicsEnd(&g, &kernelCode);
    gpuTcgen05End(&g, &b);
    gpuStreamKWorkspace(&g);
    gpuNarrowSignedSafe(func);
    gpuIntMinMaxAsVideo(func);
  }
  /* The reductions' regions are static; the scratch buffer is dynamic, so
   * it can pass 48 KiB. */
  int64_t dynamicBytes = g.pipeBytes > g.smemBytes ? g.pipeBytes : g.smemBytes;
  /* PTX allows 48 KiB of static shared memory before sm_90 (ptxas:
   * "uses too much shared data"): regions past that (an i64 tile's scans,
   * 32 KiB each) go after the dynamic buffer instead. */
  if (ok && staticSharedBytes(&g) > GPU_STATIC_SHARED_BYTES) {
    int64_t at = (dynamicBytes + 15) / 16 * 16;
    if (gpuSharedMoveBuffer(func, g.reduceName, g.smemName, at)) {
      dynamicBytes = at + g.reduceBytes;
      g.reduceBytes = 0;
    }
  }
  int64_t staticBytes = staticSharedBytes(&g);
  /* The dynamic buffer follows the static ones at its own alignment (128
   * bytes, wgmma's 1024): ptxas rounds the static part up to that, and
   * the launcher passes total - static (as the driver reports it) as the
   * dynamic size, so the total must count the rounding too. */
  int64_t dynamicAlign = g.usesWgmma ? 1024 : 128;
  if (g.usesWgmma || dynamicBytes > 0)
    staticBytes = (staticBytes + dynamicAlign - 1) / dynamicAlign * dynamicAlign;
  int64_t total = staticBytes + dynamicBytes;
  int64_t limit = tileChipSharedBytes(chip);
  if (ok && total > limit) {
    tileEmitOpError(kernel,
                    "needs %lld bytes of shared memory for layout "
                    "conversions, reductions and dots (%lld for pipeline "
                    "stages, %lld for scratch, %lld static); %s allows %lld "
                    "bytes per block",
                    (long long)total, (long long)g.pipeBytes,
                    (long long)g.smemBytes, (long long)staticBytes, chip,
                    (long long)limit);
    ok = false;
  }
  /* Blocks asked to share an SM whose shared memory lets fewer: said, not
   * refused (the kernel runs, with fewer blocks beside each other). */
  int64_t share = tileChipSharedBytesPerBlock(chip, g.blocksPerSm);
  if (ok && g.blocksPerSm > 1 && total > share && assumeAligned16 &&
      g.remarks.fn) {
    int fit = 1;
    while (fit + 1 < g.blocksPerSm &&
           total <= tileChipSharedBytesPerBlock(chip, fit + 1))
      ++fit;
    char msg[256];
    snprintf(msg, sizeof msg,
             "blocks-per-sm=%d: the block's %lld bytes of shared memory let "
             "%d share an SM of %s (%lld bytes a block for %d)",
             g.blocksPerSm, (long long)total, fit, chip, (long long)share,
             g.blocksPerSm);
    g.remarks.fn(g.remarks.userData, mlirOperationGetLocation(kernel), msg);
  }
  if (ok && dynamicBytes > 0)
    /* The swizzles assume 128-byte lines start at a buffer's start;
     * wgmma's, 1024-byte atoms. */
    addSharedBuffer(gpuModule, g.smemName, dynamicBytes, true, dynamicAlign);
  if (ok && g.reduceBytes > 0)
    addSharedBuffer(gpuModule, g.reduceName, g.reduceBytes, false, 16);
  if (ok && g.privateBytes > 0)
    addSharedBuffer(gpuModule, g.privateName, g.privateBytes, false, 16);
  if (ok && g.mbarrierBytes > 0)
    addSharedBuffer(gpuModule, g.mbarrierName, g.mbarrierBytes, false, 8);
  if (ok && g.tmemColumns > 0)
    addSharedBuffer(gpuModule, g.tmemName, GPU_TCGEN05_SHARED_BYTES, false, 8);
  *sharedBytes = total;
  tileMemoryOrderFree(&g.memoryOrder);
  gpuMapFree(&g.values);
  tileBuildCacheFree(&g.cache);
  return ok ? mlirLogicalResultSuccess() : mlirLogicalResultFailure();
}
