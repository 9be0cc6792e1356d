/* tile.dot on Blackwell's tensor cores (tcgen05, chip=sm_100a), for
 * TileToGPU. Nothing here has run on a Blackwell GPU: it is checked by
 * compiling (the NVVM verifier, LLVM's NVPTX back end, ptxas
 * -arch=sm_100a) and against the PTX ISA's tcgen05 rules (docs/gpu.md,
 * "Blackwell").
 *
 * The accumulator lives in tensor memory (TMEM: 128 lanes x 512 columns
 * of 32 bits per SM). The kernel allocates it once at its entry
 * (gpuTcgen05Begin: warp 0 runs tcgen05.alloc, the whole warp as .aligned
 * wants, for the widest dot's columns rounded up to a power of two of at
 * least 32, and gives up its right to allocate more; the address comes
 * back through shared memory) and frees it before returning
 * (gpuTcgen05End). Row r of a 128-row block of the accumulator is lane r
 * (cta_group::1, M = 128: the PTX ISA's data-path layout D); block i of
 * M / 128 takes columns i * N ... (i + 1) * N - 1.
 *
 * A dot:
 *   1. its operands in shared memory, as wgmma reads them (the same
 *      layouts: tile-promote-smem, GpuPipeline's TMA stages, else staged
 *      here and fenced for the async proxy);
 *   2. an accumulator that is not a zero splat is written into TMEM by
 *      every thread (tcgen05.st 32x32b, wait::st); a zero one costs
 *      nothing: the first k-step does not read D (enable-input-d false);
 *   3. tcgen05.fence::before_thread_sync, a barrier,
 *      tcgen05.fence::after_thread_sync: the threads' TMEM reads of the
 *      previous dot and writes of step 2 are ordered before the MMAs;
 *   4. one thread issues every tcgen05.mma (kind::f16 | tf32 | f8f6f4,
 *      cta_group::1, M = 128, N up to 256, the K of 32 bytes), with 64-bit
 *      shared-memory descriptors and a 32-bit instruction descriptor, then
 *      tcgen05.commit, which arrives on the kernel's mbarrier when they
 *      complete;
 *   5. every thread arrives on that mbarrier and waits for the phase it
 *      arrived in (arrivals: the kernel's threads + the commit's one), so
 *      no phase bit needs tracking across loops; then
 *      tcgen05.fence::after_thread_sync;
 *   6. tcgen05.ld 32x32b (warp w reads lanes 32 * (w % 4) .., thread t
 *      one row, consecutive columns) into the result's registers, the
 *      tcgen05 layout (Layout.h), then wait::ld, and each register passes
 *      through an empty asm so no use of it moves above the wait.
 * The MMAs of a dot are complete when it ends, so a pipelined loop may
 * refill the stage it read in the next iteration.
 *
 * A loop whose accumulator only its dot reads and yields (a K loop) keeps
 * it in tensor memory instead (gpuTcgen05PlanLoop): stored before the
 * loop, loaded after it, and inside the dot skips steps 2, 3 and 6. In a
 * TMA pipeline of 3 or more stages its MMAs also stay in flight into the
 * next iteration: each iteration commits to its stage's mbarrier and waits
 * for the previous iteration's commit only (as wgmma's wait_group 1; the
 * copies run S - 2 iterations ahead), and the pipeline's epilogue waits
 * for the last (gpuTcgen05WaitLastIteration).
 *
 * CTA pairs (GpuLowering.ctaPairs, tile.cta_pairs; docs/gpu.md): the
 * aligned entry runs in clusters of two CTAs and every tcgen05 op in it is
 * cta_group::2. Warp 0 of each CTA allocates; rank 0's thread 0 issues
 * one M = 256 MMA per k-step for both CTAs (each holds its 128 rows of A
 * and of the result, and half of B, at the same addresses) and commits it
 * to the stage's mbarrier in both CTAs (multicast); both CTAs then wait as
 * in the single form. The cluster barrier, between the tcgen05 fences,
 * replaces the block barrier where the other CTA's tensor memory or
 * mbarriers are involved: before the loop and before dealloc. */
#include "lib/Conversion/TileToGPU/GpuOps.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/Analysis/Tcgen05.h"
#include "lib/IR/IR.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/LLVM.h"

/* Columns one tcgen05.ld / st moves per thread at most (.x128). */
enum { MAX_LDST = 128, SLOT_OFFSET = 8 };

static void voidOp(TileBuilder *b, const char *name, intptr_t n,
                   const MlirValue *operands, intptr_t nAttrs,
                   const TileNamedAttr *attrs) {
  bInsert(b, tileOpCreate(b->loc, name, n, operands, 0, NULL, nAttrs, attrs));
}

/* tcgen05.fence::before_thread_sync ("before") or ::after_thread_sync. */
static void fence(TileBuilder *b, const char *kind) {
  char text[64];
  snprintf(text, sizeof text, "#nvvm.tcgen05_fence<%s>", kind);
  TileNamedAttr attrs[] = {{"kind", tileParseAttr(b->ctx, text)}};
  voidOp(b, "nvvm.tcgen05.fence", 0, NULL, 1, attrs);
}

/* The shared buffer: the mbarrier at 0, the TMEM address slot at 8. */
static MlirValue mbarrierAddr(TileBuilder *b, GpuLowering *g) {
  return gpuSharedGlobal(b, g->tmemName);
}

/* In-flight loops (GpuOps.h): the mbarrier of stage `stage` (an index),
 * after the address slot. */
static MlirValue stageMbarrier(TileBuilder *b, GpuLowering *g,
                               MlirValue stage) {
  return gpuGep(b, gpuSharedGlobal(b, g->tmemName),
                bAddi(b, bMuli(b, stage, bConstIndex(b, 8)), bConstIndex(b, 16)),
                mlirIntegerTypeGet(b->ctx, 8));
}

/* Waits until the MMAs committed in iteration `i` (an index) of an
 * in-flight loop of `stages` stages completed: phase i / stages of the
 * stage's mbarrier. No later phase of it can complete first: that needs
 * the commit of iteration i + stages, not issued yet. */
static void waitIteration(TileBuilder *b, GpuLowering *g, MlirValue i,
                          int64_t stages) {
  MlirValue S = bConstIndex(b, stages);
  MlirValue parity = bBinary(b, "arith.remui",
                             bBinary(b, "arith.divui", i, S), bConstIndex(b, 2));
  MlirValue operands[] = {
      stageMbarrier(b, g, bBinary(b, "arith.remui", i, S)),
      bCast(b, "arith.index_cast", parity, tileI32Type(b->ctx)),
      bConstI32(b, 1000000)};
  voidOp(b, "nvvm.mbarrier.try_wait.parity", 3, operands, 0, NULL);
}

static int64_t stagesOf(MlirOperation loop) {
  int64_t s = 0;
  return tileOpIntAttr(loop, "tile.num_stages", &s) ? s : 0;
}

static MlirValue slotAddr(TileBuilder *b, GpuLowering *g) {
  return gpuGep(b, gpuSharedGlobal(b, g->tmemName), bConstIndex(b, SLOT_OFFSET),
                mlirIntegerTypeGet(b->ctx, 8));
}

/* A TMEM address (i32: lane << 16 | column) as the pointer the NVVM ops
 * take. */
static MlirValue tmemPtr(TileBuilder *b, MlirValue addr) {
  return bCast(b, "llvm.inttoptr", addr, mlirLLVMPointerTypeGet(b->ctx, 6));
}

/* The tcgen05 ops' cta_group: ::2 in a CTA pair (a kernel uses one kind
 * for all of them). */
static MlirAttribute ctaGroup(const GpuLowering *g) {
  return tileParseAttr(g->ctx, g->ctaPairs ? "#nvvm.cta_group<cta_2>"
                                       : "#nvvm.cta_group<cta_1>");
}

void gpuTcgen05ClusterSync(TileBuilder *b) {
  fence(b, "before");
  TileNamedAttr aligned[] = {{"aligned", mlirUnitAttrGet(b->ctx)}};
  voidOp(b, "nvvm.cluster.arrive", 0, NULL, 1, aligned);
  voidOp(b, "nvvm.cluster.wait", 0, NULL, 1, aligned);
  fence(b, "after");
}

/* The rank-0 block's copy of `bar`: mapa gives its shared::cluster
 * address, which the bulk copies' .cta_group::2 form takes (PTX ISA,
 * cp.async.bulk.tensor: the mbarrier may lie in the peer block) where the
 * NVVM op's type says shared::cta: the bits pass through unchanged. */
MlirValue gpuPairLeaderMbarrier(TileBuilder *b, MlirValue bar) {
  MlirType cluster = mlirLLVMPointerTypeGet(b->ctx, 7);
  MlirValue operands[] = {bar, bConstI32(b, 0)};
  MlirValue remote = bInsert(
      b, tileOpCreate(b->loc, "nvvm.mapa", 2, operands, 1, &cluster, 0, NULL));
  return bCast(b, "llvm.inttoptr",
               bCast(b, "llvm.ptrtoint", remote, tileI64Type(b->ctx)),
               mlirLLVMPointerTypeGet(b->ctx, 3));
}

static void ifLeader(TileBuilder *b, GpuLowering *g, MlirValue extra,
                     TileBuilder *then) {
  MlirValue cond = bCmpi(b, ARITH_EQ, g->warp, bConstIndex(b, 0));
  if (!mlirValueIsNull(extra))
    cond = bAndi(b, cond, extra);
  bIf(b, cond, 0, NULL, false, then, NULL);
}

/* ---- allocation -------------------------------------------------------- */

typedef struct {
  int64_t columns;
  MlirOperation widest;
} ColumnsWalk;

static MlirWalkResult findColumns(MlirOperation op, void *userData) {
  ColumnsWalk *w = userData;
  TileLayout l;
  if (!tileOpIsNamed(op, "tile.dot") ||
      !tileTypeLayout(mlirValueGetType(mlirOperationGetResult(op, 0)), &l) ||
      !l.tmem)
    return MlirWalkResultAdvance;
  int64_t c = tileTcgen05AccumulatorColumns(op);
  if (c > w->columns) {
    w->columns = c;
    w->widest = op;
  }
  return MlirWalkResultAdvance;
}

bool gpuTcgen05Begin(GpuLowering *g, TileBuilder *b) {
  ColumnsWalk w = {0, {NULL}};
  mlirOperationWalk(g->kernel, findColumns, &w, MlirWalkPreOrder);
  if (w.columns == 0)
    return true;
  if (w.columns > TILE_TMEM_COLUMNS) {
    MlirType t = mlirValueGetType(mlirOperationGetResult(w.widest, 0));
    tileEmitOpError(w.widest,
                    "needs %lld columns of tensor memory for its %lldx%lld "
                    "f32 accumulator (one column per element of each "
                    "128-row block); an SM has %d",
                    (long long)w.columns,
                    (long long)mlirShapedTypeGetDimSize(t, 0),
                    (long long)mlirShapedTypeGetDimSize(t, 1),
                    TILE_TMEM_COLUMNS);
    return false;
  }
  g->tmemColumns = tileTcgen05AllocColumns(w.columns);
  if (g->ctaPairs) {
    MlirType i32 = tileI32Type(b->ctx);
    g->ctaRank = bInsert(b, tileOpCreate(b->loc,
                                         "nvvm.read.ptx.sreg.cluster.ctarank",
                                         0, NULL, 1, &i32, 0, NULL));
  }
  /* Warp 0 allocates (.sync.aligned: the whole warp), then gives up the
   * right to allocate more, so a CTA waiting on the SM for columns is not
   * held back by this one; its lane 0 sets up the mbarrier. */
  TileBuilder w0, l0;
  ifLeader(b, g, (MlirValue){NULL}, &w0);
  /* In a pair warp 0 of each block allocates (cta_group::2: the same
   * columns in both blocks' tensor memory). */
  MlirValue alloc[] = {slotAddr(&w0, g), bConstI32(&w0, g->tmemColumns)};
  TileNamedAttr group[] = {{"group", ctaGroup(g)}};
  voidOp(&w0, "nvvm.tcgen05.alloc", 2, alloc, 1, group);
  voidOp(&w0, "nvvm.tcgen05.relinquish_alloc_permit", 0, NULL, 1, group);
  bIf(&w0, bCmpi(&w0, ARITH_EQ, g->lane, bConstIndex(&w0, 0)), 0, NULL, false, &l0,
      NULL);
  MlirValue init[] = {mbarrierAddr(&l0, g), bConstI32(&l0, 32LL * g->numWarps + 1)};
  voidOp(&l0, "nvvm.mbarrier.init", 2, init, 0, NULL);
  voidOp(&l0, "nvvm.fence.mbarrier.init", 0, NULL, 0, NULL);
  bYield(&l0, "scf.yield", 0, NULL);
  bYield(&w0, "scf.yield", 0, NULL);
  /* The alloc's write of the address reaches the other warps through the
   * barrier, with the tcgen05 fences around it (PTX ISA, tcgen05 memory
   * consistency). */
  fence(b, "before");
  gpuBarrier(g, b);
  fence(b, "after");
  g->tmemBase = gpuLoadPtr(b, slotAddr(b, g), tileI32Type(b->ctx), 4);
  return true;
}

void gpuTcgen05End(GpuLowering *g, TileBuilder *b) {
  if (g->tmemColumns == 0)
    return;
  /* Every thread's tcgen05.ld has completed (wait::ld) before the barrier;
   * warp 0 frees the columns it allocated. In a pair the barrier is the
   * cluster's: neither block frees its columns (cta_group::2, both
   * blocks') while the other may still read its own. */
  if (g->ctaPairs) {
    gpuTcgen05ClusterSync(b);
  } else {
    fence(b, "before");
    gpuBarrier(g, b);
    fence(b, "after");
  }
  TileBuilder w0;
  ifLeader(b, g, (MlirValue){NULL}, &w0);
  MlirValue dealloc[] = {tmemPtr(&w0, g->tmemBase),
                         bConstI32(&w0, g->tmemColumns)};
  TileNamedAttr group[] = {{"group", ctaGroup(g)}};
  voidOp(&w0, "nvvm.tcgen05.dealloc", 2, dealloc, 1, group);
  bYield(&w0, "scf.yield", 0, NULL);
}

/* ---- descriptors ------------------------------------------------------- */

/* The shared-memory descriptor (PTX ISA, tcgen05 "Shared memory
 * descriptor"): bits 0-13 the start address >> 4, 16-29 LBO >> 4, 32-45
 * SBO >> 4, 46-48 the fixed 0b001 of sm_100, 49-51 the base offset (0:
 * every column block starts at a multiple of 1024 bytes), 52 LBO relative,
 * 61-63 the swizzle (2: 128 bytes, 4: 64, 6: 32). LBO and SBO mean what
 * they mean for wgmma, whose builder makes it (gpuSmemDescriptor,
 * GpuWgmma.c): the canonical layouts are the same. */

/* The descriptor of the matrix starting at stored row `row` and column
 * `col` (elements). */
static MlirValue descriptorAt(TileBuilder *b, const GpuSmemDescriptor *d,
                              int64_t row, int64_t col) {
  int64_t bytes = row * d->rowBytes + gpuSmemDescriptorColumn(d, col);
  return bAddi(b, d->base, bConstI64(b, bytes / 16));
}

/* The instruction descriptor (PTX ISA, tcgen05 "Instruction descriptor",
 * kind::f16 / tf32 / f8f6f4): bits 4-5 D's type (1: f32), 7-9 A's, 10-12
 * B's, 15 A transposed (0: K-major), 16 B transposed (1: N-major), 17-22
 * N >> 3, 24-28 M >> 4; dense, no negation, no shift. */
static int typeCode(TileMmaInput in) {
  switch (in) {
  case MMA_BF16: return 1; /* kind::f16 */
  case MMA_TF32: return 2; /* kind::tf32 */
  case MMA_E5M2: return 1; /* kind::f8f6f4 */
  default: return 0;       /* f16; e4m3 */
  }
}

static uint32_t instrDescriptor(const TileMmaInstr *in, int m, int n,
                                bool bNMajor) {
  return (1u << 4) | ((uint32_t)typeCode(in->input) << 7) |
         ((uint32_t)typeCode(in->inputB) << 10) | ((bNMajor ? 1u : 0u) << 16) |
         ((uint32_t)(n >> 3) << 17) | ((uint32_t)(m >> 4) << 24);
}

static const char *kindName(const TileMmaInstr *in) {
  if (in->wgmmaOnly)
    return "f8f6f4";
  return in->input == MMA_TF32 ? "tf32" : "f16";
}

/* ---- registers and tensor memory --------------------------------------- */

/* Whether the accumulator is a splat of +0.0 (the first k-step then does
 * not read D). */
static bool isZeroSplat(const GpuTile *c) {
  if (!c->uniform)
    return false;
  MlirOperation def = tileDefiningOp(c->scalar);
  if (mlirOperationIsNull(def) ||
      (!tileOpIsNamed(def, "arith.constant") &&
       !tileOpIsNamed(def, "llvm.mlir.constant")))
    return false;
  MlirAttribute v = tileOpAttr(def, "value");
  return !mlirAttributeIsNull(v) && mlirAttributeIsAFloat(v) &&
         mlirFloatAttrGetValueDouble(v) == 0.0 &&
         !__builtin_signbit(mlirFloatAttrGetValueDouble(v));
}

/* Where register `reg` of the accumulator lies: its 128-row block and its
 * column within the thread's block of columns. */
static void regPlace(const TileLayout *l, const int64_t *shape, int reg,
                     int *rowBlock, int *col) {
  int64_t coords[TILE_MAX_LAYOUT_RANK];
  tileLayoutRegCoords(l, shape, reg, coords);
  *rowBlock = (int)(coords[0] / 128);
  *col = (int)coords[1];
}

/* The largest power of two up to MAX_LDST that is at most `n`. */
static int pieceOf(int n) {
  int p = 1;
  while (p * 2 <= n && p * 2 <= MAX_LDST)
    p *= 2;
  return p;
}

static MlirValue vectorOf(TileBuilder *b, int n) {
  MlirType t = mlirVectorTypeGet(1, (int64_t[]){n}, tileI32Type(b->ctx));
  return gpuUndef(b, t);
}

static MlirAttribute shape32x32b(MlirContext ctx) {
  return tileParseAttr(ctx, "#nvvm.tcgen05_ldst_shape<shape_32x32b>");
}

/* Passes 32-bit values through an empty asm ordered after the wait, so no
 * use of them moves above it (their registers are undefined until then). */
static void pin(TileBuilder *b, MlirValue *regs, int n) {
  gpuPinValues(b, "// tcgen05.ld results", regs, n, tileI32Type(b->ctx));
}

/* Every thread arrives on the mbarrier and waits until the phase it
 * arrived in completes: when all of them have and tcgen05.commit's
 * arrival came, i.e. the MMAs are done. */
static void arriveAndWait(TileBuilder *b, GpuLowering *g) {
  MlirValue bar = bCast(b, "llvm.ptrtoint", mbarrierAddr(b, g),
                        tileI32Type(b->ctx));
  gpuInlinePtx(b,
               "{\n.reg .pred p;\n.reg .b64 state;\n"
               "mbarrier.arrive.shared::cta.b64 state, [$0];\n"
               "wait:\n"
               "mbarrier.try_wait.shared::cta.b64 p, [$0], state;\n"
               "@!p bra wait;\n}",
               "r", 1, &bar, 0, (MlirType){NULL}, true, NULL);
}

/* A tcgen05 accumulator as this thread sees it in tensor memory: its first
 * address (lane 32 * (warp % 4) in bits 16-31, the warp's column block,
 * warp / 4) and its registers in runs of consecutive columns of one
 * 128-row block, a power of two each: one tcgen05.ld / st per run. */
typedef struct {
  int firstReg, count, rowBlock, col;
} Run;

typedef struct {
  MlirValue threadBase; /* i32 */
  int64_t n;            /* the accumulator's columns per 128-row block */
  int numRegs, numRuns;
  Run *runs;
} Accumulator;

static Accumulator accumulatorOf(GpuLowering *g, TileBuilder *b,
                                 const TileLayout *l, const int64_t *shape) {
  Accumulator a;
  a.n = shape[1];
  int perThread = (int)(shape[1] / (g->numWarps / 4));
  MlirValue lane0 = bMuli(b, bBinary(b, "arith.remui", g->warp, bConstIndex(b, 4)),
                          bConstIndex(b, 32));
  MlirValue col0 = bMuli(b, bBinary(b, "arith.divui", g->warp, bConstIndex(b, 4)),
                         bConstIndex(b, perThread));
  MlirValue offset =
      bAddi(b, bBinary(b, "arith.shli", lane0, bConstIndex(b, 16)), col0);
  a.threadBase = bAddi(b, g->tmemBase,
                       bCast(b, "arith.index_cast", offset, tileI32Type(b->ctx)));
  a.numRegs = tileLayoutNumRegs(l, shape);
  a.runs = calloc((size_t)a.numRegs + 1, sizeof *a.runs);
  a.numRuns = 0;
  for (int r = 0; r < a.numRegs;) {
    int rowBlock, col;
    regPlace(l, shape, r, &rowBlock, &col);
    int len = 1;
    while (r + len < a.numRegs) {
      int rb, c;
      regPlace(l, shape, r + len, &rb, &c);
      if (rb != rowBlock || c != col + len)
        break;
      ++len;
    }
    for (int done = 0; done < len;) {
      int k = pieceOf(len - done);
      a.runs[a.numRuns++] = (Run){r + done, k, rowBlock, col + done};
      done += k;
    }
    r += len;
  }
  return a;
}

static void freeAccumulator(Accumulator *a) { free(a->runs); }

static MlirValue runAddr(TileBuilder *b, const Accumulator *a, const Run *run) {
  return tmemPtr(b, bAddi(b, a->threadBase,
                          bConstI32(b, (int64_t)run->rowBlock * a->n + run->col)));
}

/* Every thread writes its registers of `t` into tensor memory and waits
 * for the writes. */
static void storeAccumulator(GpuLowering *g, TileBuilder *b,
                             const Accumulator *a, const GpuTile *t) {
  MlirContext ctx = g->ctx;
  for (int i = 0; i < a->numRuns; ++i) {
    const Run *run = &a->runs[i];
    MlirValue vec =
        run->count == 1 ? (MlirValue){NULL} : vectorOf(b, run->count);
    for (int j = 0; j < run->count; ++j) {
      MlirValue bits = bCast(b, "arith.bitcast",
                             gpuTileReg(t, run->firstReg + j), tileI32Type(ctx));
      vec = run->count == 1 ? bits : gpuInsertElement(b, vec, bits, j);
    }
    MlirValue operands[] = {runAddr(b, a, run), vec};
    TileNamedAttr attrs[] = {{"shape", shape32x32b(ctx)}};
    voidOp(b, "nvvm.tcgen05.st", 2, operands, 1, attrs);
  }
  TileNamedAttr wait[] = {
      {"kind", tileParseAttr(ctx, "#nvvm.tcgen05_wait<store>")}};
  voidOp(b, "nvvm.tcgen05.wait", 0, NULL, 1, wait);
}

/* Every thread reads its registers of the accumulator into `out` (f32),
 * waits for the reads and pins the values after the wait. */
static void loadAccumulator(TileBuilder *b, const Accumulator *a,
                            GpuTile *out) {
  MlirContext ctx = b->ctx;
  MlirValue *bits = calloc((size_t)a->numRegs + 1, sizeof *bits);
  for (int i = 0; i < a->numRuns; ++i) {
    const Run *run = &a->runs[i];
    MlirType vt = run->count == 1
                      ? tileI32Type(ctx)
                      : mlirVectorTypeGet(1, (int64_t[]){run->count},
                                          tileI32Type(ctx));
    MlirValue ptr = runAddr(b, a, run);
    TileNamedAttr attrs[] = {{"shape", shape32x32b(ctx)}};
    MlirValue v = bInsert(b, tileOpCreate(b->loc, "nvvm.tcgen05.ld", 1, &ptr,
                                          1, &vt, 1, attrs));
    for (int j = 0; j < run->count; ++j)
      bits[run->firstReg + j] =
          run->count == 1 ? v : gpuExtractElement(b, v, j, tileI32Type(ctx));
  }
  TileNamedAttr wait[] = {
      {"kind", tileParseAttr(ctx, "#nvvm.tcgen05_wait<load>")}};
  voidOp(b, "nvvm.tcgen05.wait", 0, NULL, 1, wait);
  pin(b, bits, a->numRegs);
  for (int r = 0; r < a->numRegs; ++r)
    out->regs[r] = bCast(b, "arith.bitcast", bits[r], mlirF32TypeGet(ctx));
  free(bits);
}

/* ---- accumulators a loop keeps in tensor memory ------------------------ */

static bool isTcgen05Dot(MlirOperation op) {
  TileLayout l;
  return tileOpIsNamed(op, "tile.dot") &&
         tileTypeLayout(mlirValueGetType(mlirOperationGetResult(op, 0)), &l) &&
         l.tmem;
}

static MlirWalkResult countDots(MlirOperation op, void *userData) {
  if (isTcgen05Dot(op))
    ++*(int *)userData;
  return MlirWalkResultAdvance;
}

static void addResident(GpuLowering *g, MlirValue v) {
  g->tmemResident[g->numTmemResident++] = v;
}

void gpuTcgen05PlanLoop(GpuLowering *g, MlirOperation loop, bool *resident) {
  int dots = 0;
  if (g->tmemColumns == 0)
    return;
  /* The columns are the kernel's one region: a second tcgen05 dot in the
   * loop would overwrite a kept accumulator. */
  mlirOperationWalk(loop, countDots, &dots, MlirWalkPreOrder);
  if (dots != 1)
    return;
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(loop, 0));
  MlirOperation yield = mlirBlockGetTerminator(body);
  intptr_t n = mlirOperationGetNumResults(loop);
  int capacity = (int)(sizeof g->tmemResident / sizeof g->tmemResident[0]);
  for (intptr_t i = 0; i < n && g->numTmemResident + 3 <= capacity; ++i) {
    MlirValue arg = mlirBlockGetArgument(body, 1 + i);
    MlirOpOperand use = tileOnlyUse(arg);
    if (mlirOpOperandIsNull(use))
      continue;
    MlirOperation dot = mlirOpOperandGetOwner(use);
    if (!isTcgen05Dot(dot) || mlirOpOperandGetOperandNumber(use) != 2 ||
        !mlirBlockEqual(mlirOperationGetBlock(dot), body))
      continue;
    MlirOpOperand r = tileOnlyUse(mlirOperationGetResult(dot, 0));
    if (mlirOpOperandIsNull(r) ||
        !mlirOperationEqual(mlirOpOperandGetOwner(r), yield) ||
        (intptr_t)mlirOpOperandGetOperandNumber(r) != i)
      continue;
    resident[i] = true;
    addResident(g, arg);
    addResident(g, mlirOperationGetResult(dot, 0));
    addResident(g, mlirOperationGetResult(loop, i));
    return; /* one accumulator: the dot's */
  }
}

bool gpuTcgen05IsResident(const GpuLowering *g, MlirValue v) {
  for (int i = 0; i < g->numTmemResident; ++i)
    if (mlirValueEqual(g->tmemResident[i], v))
      return true;
  return false;
}

void gpuTcgen05WaitLastIteration(GpuLowering *g, TileBuilder *b,
                                 MlirOperation loop, MlirValue lb,
                                 MlirValue ub, MlirValue step) {
  bool kept = false;
  for (intptr_t i = 0; i < mlirOperationGetNumResults(loop); ++i)
    kept = kept || gpuTcgen05IsResident(g, mlirOperationGetResult(loop, i));
  if (!kept)
    return;
  MlirValue n = bBinary(b, "arith.divui",
                        bAddi(b, bBinary(b, "arith.subi", ub, lb),
                              bBinary(b, "arith.subi", step, bConstIndex(b, 1))),
                        step);
  TileBuilder some;
  bIf(b, bCmpi(b, ARITH_SGT, ub, lb), 0, NULL, false, &some, NULL);
  waitIteration(&some, g, bBinary(&some, "arith.subi", n, bConstIndex(&some, 1)),
                stagesOf(loop));
  bYield(&some, "scf.yield", 0, NULL);
}

static void resultShape(MlirValue v, int64_t *shape) {
  MlirType t = mlirValueGetType(v);
  shape[0] = mlirShapedTypeGetDimSize(t, 0);
  shape[1] = mlirShapedTypeGetDimSize(t, 1);
}

void gpuTcgen05EnterLoop(GpuLowering *g, TileBuilder *b, MlirOperation loop,
                         intptr_t i, bool inFlight) {
  MlirValue arg = mlirBlockGetArgument(
      mlirRegionGetFirstBlock(mlirOperationGetRegion(loop, 0)), 1 + i);
  TileLayout l;
  int64_t shape[2];
  tileTypeLayout(mlirValueGetType(arg), &l);
  resultShape(arg, shape);
  GpuTile *init = gpuOperandTile(g, loop, 3 + i);
  if (!init)
    return;
  GpuTile t = init->uniform ? gpuTileMaterialize(init, &l) : *init;
  Accumulator acc = accumulatorOf(g, b, &l, shape);
  storeAccumulator(g, b, &acc, &t);
  freeAccumulator(&acc);
  if (init->uniform)
    free(t.regs);
  if (inFlight) {
    TileBuilder l0;
    ifLeader(b, g, bCmpi(b, ARITH_EQ, g->lane, bConstIndex(b, 0)), &l0);
    for (int64_t s = 0; s < stagesOf(loop); ++s) {
      MlirValue init[] = {stageMbarrier(&l0, g, bConstIndex(&l0, s)), bConstI32(&l0, 1)};
      voidOp(&l0, "nvvm.mbarrier.init", 2, init, 0, NULL);
    }
    voidOp(&l0, "nvvm.fence.mbarrier.init", 0, NULL, 0, NULL);
    bYield(&l0, "scf.yield", 0, NULL);
  }
  /* The stores (and the mbarriers) come before the loop's first MMAs, in
   * whichever thread issues them; inside, no thread touches the columns.
   * In a pair the MMAs rank 0 issues write both blocks' tensor memory and
   * the commits arrive on both blocks' mbarriers: the cluster's barrier. */
  if (g->ctaPairs) {
    gpuTcgen05ClusterSync(b);
    return;
  }
  fence(b, "before");
  gpuBarrier(g, b);
  fence(b, "after");
}

void gpuTcgen05ExitLoop(GpuLowering *g, TileBuilder *b, MlirOperation loop,
                        intptr_t i, bool inFlight) {
  MlirValue result = mlirOperationGetResult(loop, i);
  TileLayout l;
  int64_t shape[2];
  tileTypeLayout(mlirValueGetType(result), &l);
  resultShape(result, shape);
  int64_t stages = stagesOf(loop);
  /* The last dot's MMAs are complete (in flight: the pipeline's epilogue
   * waited, gpuTcgen05WaitLastIteration); with no iteration, this thread
   * reads what it stored (wait::st). */
  fence(b, "after");
  Accumulator acc = accumulatorOf(g, b, &l, shape);
  GpuTile out = gpuTileAlloc(&l, mlirValueGetType(result));
  loadAccumulator(b, &acc, &out);
  freeAccumulator(&acc);
  gpuSetTile(g, result, out);
  if (inFlight) {
    /* Every thread is past its waits: the next run of the loop
     * initializes the mbarriers again. */
    gpuBarrier(g, b);
    TileBuilder l0;
    ifLeader(b, g, bCmpi(b, ARITH_EQ, g->lane, bConstIndex(b, 0)), &l0);
    for (int64_t s = 0; s < stages; ++s) {
      MlirValue bar = stageMbarrier(&l0, g, bConstIndex(&l0, s));
      voidOp(&l0, "nvvm.mbarrier.inval", 1, &bar, 0, NULL);
    }
    bYield(&l0, "scf.yield", 0, NULL);
  }
}

/* ---- the dot ----------------------------------------------------------- */

bool gpuLowerTcgen05Dot(GpuLowering *g, TileBuilder *b, MlirOperation op,
                        const TileMmaInstr *in, const GpuDotOperands *d) {
  GpuTile *ap = d->a, *bp = d->b;
  TileLayout l = d->result;
  bool bRows = bp->transposedSource; /* B is its trans's source, N x K */
  int64_t M = ap->shape[0], K = ap->shape[1], N = bp->shape[bRows ? 0 : 1];
  int numWarps = g->numWarps;
  /* The layout may come from edited IR: the chip must have tcgen05 and
   * the layout must be what tcgen05.ld gives. */
  if (!tileChipHasTcgen05(g->chip)) {
    tileEmitOpError(op,
                    "has the tcgen05 accumulator layout (tmem), but %s has "
                    "no tcgen05: it needs chip=sm_100a",
                    g->chip);
    return false;
  }
  int n;
  const char *why;
  TileLayout want = tileLayoutTcgen05(numWarps, (int)N);
  if (!tileTcgen05For(op, g->chip, numWarps, &n, &why) ||
      !tileLayoutEqual(&l, &want) || g->tmemColumns == 0) {
    tileEmitOpError(op,
                    "the tcgen05 layout does not fit the %lldx%lld result "
                    "on %d warps%s%s",
                    (long long)M, (long long)N, numWarps, why ? ": " : "",
                    why ? why : "");
    return false;
  }
  GpuSmemTile sa, sb;
  if (!gpuDotSmemLayout(op, 0, &sa.layout) || sa.layout.blockElems == 0 ||
      sa.layout.transposed || !gpuDotSmemLayout(op, 1, &sb.layout) ||
      sb.layout.blockElems == 0 || sb.layout.transposed != bRows) {
    tileEmitOpError(op, "a dot on tcgen05 needs tile-promote-smem's "
                        "descriptor layouts (tile.smem_a, tile.smem_b with "
                        "block_elems)");
    return false;
  }
  g->usesWgmma = true; /* 1024-byte aligned shared buffers */
  MlirValue result = mlirOperationGetResult(op, 0);
  MlirType type = mlirValueGetType(result);
  MlirContext ctx = g->ctx;
  GpuTile A, B, C;
  gpuDotOperandTiles(g, op, d, &A, &B, &C);
  gpuStageDotOperands(g, b, &sa, &A, false, &sb, &B, bRows, 1024, true);

  int64_t shape[2] = {M, N};
  Accumulator acc = accumulatorOf(g, b, &l, shape);
  /* A loop that keeps the accumulator in tensor memory fenced it before
   * its first iteration (gpuTcgen05EnterLoop); otherwise the threads'
   * stores and the previous dot's loads come before these MMAs. */
  bool resident = d->c->tmem;
  bool zeroC = !resident && isZeroSplat(d->c);
  if (!resident && !zeroC)
    storeAccumulator(g, b, &acc, &C);
  if (!resident) {
    fence(b, "before");
    gpuBarrier(g, b);
    fence(b, "after");
  }
  /* In an in-flight loop: this iteration's index and stage count. */
  MlirOperation loop = mlirOperationGetParentOperation(op);
  bool inFlight = resident && g->wgmmaInFlight && stagesOf(loop) >= 3;
  /* A pair's MMA is M = 256 (each block's 128 rows), N the dot's whole N
   * (each block holds half of B), issued by rank 0 only; the analysis
   * (tileTcgen05CtaPairsFor) chose only loops that keep it in flight. */
  if (g->ctaPairs && (!inFlight || n != N)) {
    tileEmitOpError(op, "is in a kernel with tile.cta_pairs but its loop "
                        "does not keep its accumulator in flight with one "
                        "instruction per k-step");
    freeAccumulator(&acc);
    gpuDotOperandTilesFree(d, &A, &B, &C);
    return false;
  }
  MlirValue iter = {NULL};
  if (inFlight) {
    MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(loop, 0));
    GpuValue *iv = gpuMapGet(&g->values, mlirBlockGetArgument(body, 0));
    iter = bBinary(b, "arith.divui",
                   bBinary(b, "arith.subi", iv->tile.scalar,
                           gpuOperandScalar(g, loop, 0)),
                   gpuOperandScalar(g, loop, 2));
  }

  /* One thread issues the MMAs and the commit. */
  TileBuilder t;
  MlirValue issuer = bCmpi(b, ARITH_EQ, g->lane, bConstIndex(b, 0));
  if (g->ctaPairs)
    issuer = bAndi(b, issuer, bCmpi(b, ARITH_EQ, g->ctaRank, bConstI32(b, 0)));
  ifLeader(b, g, issuer, &t);
  GpuSmemDescriptor da =
      gpuSmemDescriptor(&t, sa.base, &sa.layout, false, true);
  GpuSmemDescriptor db =
      gpuSmemDescriptor(&t, sb.base, &sb.layout, !bRows, true);
  MlirValue idesc = bConstI32(
      &t, (int32_t)instrDescriptor(in, g->ctaPairs ? 256 : 128, n, !bRows));
  char kind[64];
  snprintf(kind, sizeof kind, "#nvvm.tcgen05_mma_kind<%s>", kindName(in));
  TileNamedAttr mmaAttrs[] = {
      {"kind", tileParseAttr(ctx, kind)},
      {"ctaGroup", ctaGroup(g)},
      {"operandSegmentSizes",
       mlirDenseI32ArrayGet(ctx, 7, (int32_t[]){1, 1, 1, 1, 1, 0, 0})}};
  MlirType i1 = mlirIntegerTypeGet(ctx, 1);
  for (int64_t rb = 0; rb < M / 128; ++rb)
    for (int64_t c = 0; c < N / n; ++c)
      for (int64_t ks = 0; ks < K / in->k; ++ks) {
        int64_t k0 = ks * in->k;
        MlirValue dAddr = bAddi(&t, g->tmemBase, bConstI32(&t, rb * N + c * n));
        MlirValue descA = descriptorAt(&t, &da, rb * 128, k0);
        MlirValue descB = bRows ? descriptorAt(&t, &db, c * n, k0)
                                : descriptorAt(&t, &db, k0, c * n);
        MlirValue operands[] = {tmemPtr(&t, dAddr), descA, descB, idesc,
                                bConstInt(&t, i1, !(ks == 0 && zeroC))};
        voidOp(&t, "nvvm.tcgen05.mma", 5, operands, 3, mmaAttrs);
      }
  MlirValue bar =
      inFlight ? stageMbarrier(&t, g,
                               bBinary(&t, "arith.remui", iter,
                                       bConstIndex(&t, stagesOf(loop))))
               : mbarrierAddr(&t, g);
  /* A pair's commit arrives on the stage's mbarrier in both blocks: each
   * waits for the MMAs that read its shared memory and write its tensor
   * memory. */
  TileNamedAttr group[] = {{"group", ctaGroup(g)}};
  if (g->ctaPairs) {
    MlirValue commit[] = {bar, bConstInt(&t, mlirIntegerTypeGet(ctx, 16), 3)};
    voidOp(&t, "nvvm.tcgen05.commit", 2, commit, 1, group);
  } else {
    voidOp(&t, "nvvm.tcgen05.commit", 1, &bar, 1, group);
  }
  bYield(&t, "scf.yield", 0, NULL);

  if (inFlight) {
    /* These MMAs stay in flight; the previous iteration's are waited for,
     * so the stage they read may be refilled (the pipeline copies S - 2
     * iterations ahead) and, with a producer, released. */
    TileBuilder after;
    bIf(b, bCmpi(b, ARITH_UGE, iter, bConstIndex(b, 1)), 0, NULL, false, &after,
        NULL);
    waitIteration(&after, g, bBinary(&after, "arith.subi", iter,
                                     bConstIndex(&after, 1)),
                  stagesOf(loop));
    bYield(&after, "scf.yield", 0, NULL);
  } else {
    arriveAndWait(b, g);
  }
  fence(b, "after");

  GpuTile out = gpuTileAlloc(&l, type);
  if (gpuTcgen05IsResident(g, result))
    out.tmem = true; /* the loop keeps it there (gpuTcgen05ExitLoop) */
  else
    loadAccumulator(b, &acc, &out);
  freeAccumulator(&acc);
  gpuDotOperandTilesFree(d, &A, &B, &C);
  gpuSetTile(g, result, out);
  return true;
}
