/* Stream-K (tile.stream_k, lib/Analysis/StreamK.h).
 *
 * The schedule. A launch of P programs on a GPU that holds C blocks of
 * the kernel at once runs them in waves of C; when the last wave's
 * R = P % C programs would leave half of the blocks or more idle, the
 * launcher (lib/Runtime/RuntimeLaunch.c) starts D + R s blocks instead of
 * P, D = P - R, s = C / R (at most 8), and passes P, D and
 * s as the entry's last parameters. Block b below D runs program b; block
 * D + j runs part j % s of program D + j / s: iterations [k0, k1) of the
 * kernel's loop of dots, k0 = (j % s) T / s, k1 = (j % s + 1) T / s for
 * its trip count T. The kernel lowers s where the parts would be short
 * (under GPU_SK_MIN_ITERATIONS iterations each) or the workspace too small
 * (blocks past the last part then return at once). A grid of at least
 * one wave plus half of one runs as before: s = 1, D = P. Both roles (the
 * kernel's warps, a producer's) compute the same.
 *
 * The fix-up, without waiting. Every part stores its sums (the loop's
 * results: each thread's registers in 16-byte groups, the threads of a
 * group side by side, so the stores coalesce) into its slot of the
 * workspace; after a barrier of the kernel's warps, thread 0 counts the
 * part in its program's counter (atom.add.acq_rel.gpu), and a barrier
 * that ORs a predicate tells the block whether it counted last. The last
 * part resets the counter, adds the parts' sums in the parts' order (the
 * same additions whichever part comes last, so a result is the same every
 * run) and runs the code after the loop; the others skip it. No block
 * waits for another, so nothing depends on which blocks are resident.
 *
 * The workspace is a .global buffer of the module (zero when the module
 * loads, so the counters start clear; the last part clears its own),
 * shared by the module's kernels and sized by the largest slot: two
 * launches that split must not overlap, which the runtime sees to
 * (lib/Runtime/RuntimeLaunch.c, serializeSplits). */
#include <stdio.h>
#include <stdlib.h>

#include "lib/Analysis/StreamK.h"
#include "lib/Conversion/TileToGPU/GpuOps.h"
#include "lib/Conversion/TileToGPU/GpuProgramScalars.h"
#include "lib/IR/IR.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/LLVM.h"

enum {
  /* A part runs this many of the loop's iterations at least (a
   * pipeline's stages). */
  GPU_SK_MIN_ITERATIONS = 4,
  /* Slots of the workspace: one a block of an H100 holding two a
   * multiprocessor, within GPU_SK_WORKSPACE_BYTES. */
  GPU_SK_MAX_SLOTS = 264,
  GPU_SK_WORKSPACE_BYTES = 24 << 20,
};

static const char kWorkspace[] = "__tile_stream_k_workspace";
static const char kCounters[] = "__tile_stream_k_counters";

/* Bytes of one part's sums: every thread of the kernel's warps holds its
 * registers of each result of the loop. */
static int64_t slotBytes(const GpuLowering *g) {
  int64_t bytes = 0;
  for (intptr_t i = 0; i < mlirOperationGetNumResults(g->skLoop); ++i) {
    MlirType t = mlirValueGetType(mlirOperationGetResult(g->skLoop, i));
    TileLayout l;
    if (!tileTypeLayout(t, &l))
      return 0;
    GpuTile tile = gpuTileAlloc(&l, t);
    free(tile.regs);
    bytes += (int64_t)(tile.numRegs + 3) / 4 * 16 * 32 * g->numWarps;
  }
  return bytes;
}

static int64_t slotCount(const GpuLowering *g) {
  int64_t bytes = slotBytes(g);
  int64_t n = bytes > 0 ? GPU_SK_WORKSPACE_BYTES / bytes : 0;
  return n < GPU_SK_MAX_SLOTS ? n : GPU_SK_MAX_SLOTS;
}

static MlirValue minui(TileBuilder *b, MlirValue x, MlirValue y) {
  return bBinary(b, "arith.minui", x, y);
}

static MlirValue divui(TileBuilder *b, MlirValue x, MlirValue y) {
  return bBinary(b, "arith.divui", x, y);
}

static MlirValue remui(TileBuilder *b, MlirValue x, MlirValue y) {
  return bBinary(b, "arith.remui", x, y);
}

/* The role's schedule at b: the programs that run whole, the parts each
 * split program runs in, and the blocks that have work. */
static MlirValue schedule(GpuLowering *g, TileBuilder *b, bool producer) {
  GpuStreamKPart *part = producer ? &g->skProducerPart : &g->skPart;
  MlirValue c1 = bConstIndex(b, 1);
  MlirValue programs = g->programs, whole = g->skWhole;
  MlirValue split = bBinary(b, "arith.subi", programs, whole); /* R */
  /* The loop's iterations for program 0 (the same for every program of
   * a GEMM; each program's parts are cut from its own count). */
  GpuScalarMemo memo = {.size = 0};
  MlirValue bounds[3];
  bool known = true;
  for (int i = 0; i < 3; ++i) {
    bounds[i] = gpuProgramScalar(
        g, b, &memo, mlirOperationGetOperand(g->skLoop, i), bConstIndex(b, 0));
    known = known && !mlirValueIsNull(bounds[i]);
  }
  MlirValue parts = g->skParts;
  if (known)
    parts = minui(b, parts,
                  divui(b, gpuTripCount(b, bounds[0], bounds[1], bounds[2]),
                        bConstIndex(b, GPU_SK_MIN_ITERATIONS)));
  /* R s slots, one a part; the counters (one a split program) are as
   * many as the slots at most, so they suffice too. */
  MlirValue nonzero = bBinary(b, "arith.maxui", split, c1);
  parts = minui(b, parts, divui(b, bConstIndex(b, slotCount(g)), nonzero));
  MlirValue splits = bCmpi(b, ARITH_UGE, parts, bConstIndex(b, 2));
  part->split = bSelect(b, splits, parts, c1);
  part->whole = bSelect(b, splits, whole, programs);
  return bAddi(b, part->whole,
               bSelect(b, splits, bMuli(b, split, parts), bConstIndex(b, 0)));
}

MlirValue gpuStreamKBegin(GpuLowering *g, TileBuilder *b, bool producer,
                          TileBuilder *body) {
  GpuStreamKPart *part = producer ? &g->skProducerPart : &g->skPart;
  MlirValue items = schedule(g, b, producer);
  MlirValue item = gpuSpecialRegister(b, "ctaid", 0, 0);
  bIf(b, bCmpi(b, ARITH_ULT, item, items), 0, NULL, false, body, NULL);
  body->loc = b->loc;
  TileBuilder *in = body;
  MlirValue split = bCmpi(in, ARITH_UGE, item, part->whole);
  MlirValue j = bBinary(in, "arith.subi", item,
                        minui(in, item, part->whole)); /* 0 when whole */
  MlirValue index = divui(in, j, part->split);
  part->splitIndex = index;
  part->piece = remui(in, j, part->split);
  part->pieces = bSelect(in, split, part->split, bConstIndex(in, 1));
  return bSelect(in, split, bAddi(in, part->whole, index), item);
}

void gpuStreamKBounds(GpuLowering *g, TileBuilder *b, bool producer,
                      MlirValue *lb, MlirValue *ub, MlirValue step) {
  const GpuStreamKPart *part = producer ? &g->skProducerPart : &g->skPart;
  MlirValue trips = gpuTripCount(b, *lb, *ub, step);
  MlirValue k0 = divui(b, bMuli(b, part->piece, trips), part->pieces);
  MlirValue k1 =
      divui(b, bMuli(b, bAddi(b, part->piece, bConstIndex(b, 1)), trips),
            part->pieces);
  MlirValue from = *lb;
  *lb = bAddi(b, from, bMuli(b, k0, step));
  *ub = bBinary(b, "arith.minsi", *ub, bAddi(b, from, bMuli(b, k1, step)));
}

/* ---- the fix-up --------------------------------------------------------- */

static MlirValue globalAddress(TileBuilder *b, const char *name) {
  MlirType ptr1 = mlirLLVMPointerTypeGet(b->ctx, 1);
  TileNamedAttr attrs[] = {
      {"global_name", mlirFlatSymbolRefAttrGet(b->ctx, tileStr(name))}};
  return bInsert(b, tileOpCreate(b->loc, "llvm.mlir.addressof", 0, NULL, 1,
                                 &ptr1, 1, attrs));
}

/* Counts this part in the counter at `ptr` (thread 0 alone; a gpu-scope
 * acquire-release add, so the parts' stored sums are seen by the one that
 * counts last) and returns the count before it (i32). Inline PTX: LLVM
 * 22's NVPTX back end drops an atomicrmw's ordering (GpuAtomic.c). */
static MlirValue countPart(TileBuilder *b, MlirValue ptr) {
  MlirValue count;
  gpuInlinePtx(b, "atom.acq_rel.gpu.global.add.u32 $0, [$1], 1;", "=r,l", 1,
               &ptr, 1, mlirIntegerTypeGet(b->ctx, 32), true, &count);
  return count;
}

/* A barrier of the kernel's warps that ORs `pred` (an i1) over them:
 * bar.red.or.pred, inline (NVVM's takes no barrier other than 0, which a
 * producer warpgroup would have to join). */
static MlirValue barrierOr(const GpuLowering *g, TileBuilder *b,
                           MlirValue pred) {
  MlirType i32 = mlirIntegerTypeGet(b->ctx, 32);
  char text[256], barrier[32] = "0";
  if (g->producerWarps > 0)
    snprintf(barrier, sizeof barrier, "%d, %d", GPU_BARRIER_CONSUMERS,
             32 * g->numWarps);
  snprintf(text, sizeof text,
           "{ .reg .pred p, q; setp.ne.u32 p, $1, 0; "
           "bar.red.or.pred q, %s, p; selp.u32 $0, 1, 0, q; }",
           barrier);
  MlirValue in = bCast(b, "arith.extui", pred, i32), any;
  gpuInlinePtx(b, text, "=r,r", 1, &in, 1, i32, true, &any);
  return bCmpi(b, ARITH_NE, any, bConstInt(b, i32, 0));
}

/* The loop's results as one list of f32 registers (their tiles, in
 * order). */
typedef struct {
  GpuTile *tiles[16];
  int numTiles;
  int numRegs;
} Sums;

static bool sumsOf(GpuLowering *g, MlirOperation loop, Sums *s) {
  s->numTiles = 0;
  s->numRegs = 0;
  intptr_t n = mlirOperationGetNumResults(loop);
  if (n > 16) {
    tileEmitOpError(loop, "carries more than 16 sums for stream-K");
    return false;
  }
  for (intptr_t i = 0; i < n; ++i) {
    GpuValue *v = gpuMapGet(&g->values, mlirOperationGetResult(loop, i));
    if (!v || v->kind != GPU_TILE || v->tile.uniform || v->tile.tmem ||
        !v->tile.regs) {
      tileEmitOpError(loop,
                      "result #%d is not in registers: stream-K "
                      "cannot add its parts",
                      (int)i);
      return false;
    }
    s->tiles[s->numTiles++] = &v->tile;
    s->numRegs += (v->tile.numRegs + 3) / 4 * 4;
  }
  return true;
}

/* Each 16-byte group of this thread's sums in slot `slot`: calls `visit`
 * with the group's address and its tile and first register. */
typedef void (*GroupVisit)(TileBuilder *b, MlirValue ptr, GpuTile *t, int reg,
                           void *ctx);

static void eachGroup(GpuLowering *g, TileBuilder *b, const Sums *s,
                      MlirValue slot, GroupVisit visit, void *ctx) {
  int threads = 32 * g->numWarps;
  MlirType f32 = mlirF32TypeGet(b->ctx);
  MlirValue thread = bAddi(b, bMuli(b, g->warp, bConstIndex(b, 32)), g->lane);
  /* In f32 elements: the slot's start, then this thread's first group. */
  MlirValue base =
      bAddi(b, bMuli(b, slot, bConstIndex(b, (int64_t)s->numRegs * threads)),
            bMuli(b, thread, bConstIndex(b, 4)));
  MlirValue workspace = globalAddress(b, kWorkspace);
  int64_t group = 0;
  for (int t = 0; t < s->numTiles; ++t)
    for (int r = 0; r < s->tiles[t]->numRegs; r += 4, ++group) {
      MlirValue at = bAddi(b, base, bConstIndex(b, group * 4 * threads));
      visit(b, gpuGep(b, workspace, at, f32), s->tiles[t], r, ctx);
    }
}

static int groupSize(const GpuTile *t, int reg) {
  return t->numRegs - reg < 4 ? t->numRegs - reg : 4;
}

static MlirType groupType(TileBuilder *b, int n) {
  MlirType f32 = mlirF32TypeGet(b->ctx);
  int64_t shape[] = {n};
  return n == 1 ? f32 : mlirVectorTypeGet(1, shape, f32);
}

static void storeGroup(TileBuilder *b, MlirValue ptr, GpuTile *t, int reg,
                       void *ctx) {
  (void)ctx;
  int n = groupSize(t, reg);
  MlirValue v = t->regs[reg];
  if (n > 1) {
    v = gpuUndef(b, groupType(b, n));
    for (int e = 0; e < n; ++e)
      v = gpuInsertElement(b, v, t->regs[reg + e], e);
  }
  gpuStorePtr(b, v, ptr, n == 1 ? 4 : 16);
}

/* Adds the group at ptr into `sums` (the registers in Sums order, the
 * loop's values being summed). */
typedef struct {
  MlirValue *sums;
  int next;
} AddCtx;

static void addGroup(TileBuilder *b, MlirValue ptr, GpuTile *t, int reg,
                     void *ctx) {
  AddCtx *a = ctx;
  int n = groupSize(t, reg);
  MlirValue v = gpuLoadPtr(b, ptr, groupType(b, n), n == 1 ? 4 : 16);
  MlirType f32 = mlirF32TypeGet(b->ctx);
  for (int e = 0; e < n; ++e) {
    MlirValue x = n == 1 ? v : gpuExtractElement(b, v, e, f32);
    a->sums[a->next + e] = bBinary(b, "arith.addf", a->sums[a->next + e], x);
  }
  a->next += n;
}

static void asyncOp(TileBuilder *b, const char *name, int n) {
  TileNamedAttr attrs[] = {{"n", tileI32Attr(b->ctx, n)}};
  bInsert(b,
          tileOpCreate(b->loc, name, 0, NULL, 0, NULL, n >= 0 ? 1 : 0, attrs));
}

/* Adds slot `slot`'s sums into `sums` (the registers in Sums order). The
 * groups go through shared memory by cp.async, a chunk as large as the
 * pipeline's buffers (free after the loop) at a time, so every group of
 * a chunk is in flight at once: loads into registers would stop at the
 * few registers left beside the sums, and one block's reads of the
 * parts are what the fix-up waits for. Each thread reads back only the
 * groups it copied. */
static void addSlot(GpuLowering *g, TileBuilder *b, const Sums *s,
                    MlirValue slot, MlirValue *sums) {
  int threads = 32 * g->numWarps;
  int64_t room = g->pipeBytes / (16 * threads);
  if (room == 0) {
    AddCtx a = {sums, 0};
    eachGroup(g, b, s, slot, addGroup, &a);
    return;
  }
  MlirType f32 = mlirF32TypeGet(b->ctx), i8 = mlirIntegerTypeGet(b->ctx, 8);
  MlirValue thread = bAddi(b, bMuli(b, g->warp, bConstIndex(b, 32)), g->lane);
  MlirValue base =
      bAddi(b, bMuli(b, slot, bConstIndex(b, (int64_t)s->numRegs * threads)),
            bMuli(b, thread, bConstIndex(b, 4)));
  MlirValue mine = bMuli(b, thread, bConstIndex(b, 16));
  MlirValue workspace = globalAddress(b, kWorkspace);
  MlirValue smem = gpuDynamicSharedBase(b, g);
  int total = 0;
  for (int t = 0; t < s->numTiles; ++t)
    total += (s->tiles[t]->numRegs + 3) / 4;
  int tile = 0, reg = 0, next = 0;
  for (int first = 0; first < total; first += (int)room) {
    int n = total - first < room ? total - first : (int)room;
    for (int k = 0; k < n; ++k) {
      MlirValue src = gpuGep(
          b, workspace,
          bAddi(b, base, bConstIndex(b, (int64_t)(first + k) * 4 * threads)),
          f32);
      MlirValue dst =
          gpuGep(b, smem,
                 bAddi(b, mine, bConstIndex(b, (int64_t)k * 16 * threads)), i8);
      MlirValue operands[] = {dst, src};
      TileNamedAttr attrs[] = {
          {"size", tileI32Attr(b->ctx, 16)},
          {"modifier", tileParseAttr(b->ctx, "#nvvm<load_cache_modifier cg>")}};
      bInsert(b, tileOpCreate(b->loc, "nvvm.cp.async.shared.global", 2,
                              operands, 0, NULL, 2, attrs));
    }
    asyncOp(b, "nvvm.cp.async.commit.group", -1);
    asyncOp(b, "nvvm.cp.async.wait.group", 0);
    for (int k = 0; k < n; ++k) {
      GpuTile *t = s->tiles[tile];
      int count = groupSize(t, reg);
      MlirValue v = gpuLoadPtr(
          b,
          gpuGep(b, smem,
                 bAddi(b, mine, bConstIndex(b, (int64_t)k * 16 * threads)), i8),
          groupType(b, 4), 16);
      for (int e = 0; e < count; ++e)
        sums[next + e] = bBinary(b, "arith.addf", sums[next + e],
                                 gpuExtractElement(b, v, e, f32));
      next += count;
      reg += 4;
      if (reg >= t->numRegs) {
        ++tile;
        reg = 0;
      }
    }
  }
}

bool gpuStreamKFixUp(GpuLowering *g, TileBuilder *b, MlirOperation loop,
                     TileBuilder *rest) {
  const GpuStreamKPart *part = &g->skPart;
  Sums s;
  if (!sumsOf(g, loop, &s))
    return false;
  MlirType i32 = mlirIntegerTypeGet(b->ctx, 32);
  MlirType f32 = mlirF32TypeGet(b->ctx);
  MlirValue c0 = bConstIndex(b, 0), c1 = bConstIndex(b, 1);
  MlirValue split = bCmpi(b, ARITH_UGT, part->pieces, c1);
  /* Split program i's parts have slots i s .. i s + s - 1. */
  MlirValue slots = bMuli(b, part->splitIndex, part->split);

  /* Every part: its sums into its slot, then it is counted. */
  int n = 0;
  MlirValue *own = malloc(sizeof *own * (size_t)(s.numRegs + 1));
  MlirType *types = malloc(sizeof *types * (size_t)(s.numRegs + 1));
  for (int t = 0; t < s.numTiles; ++t)
    for (int r = 0; r < s.tiles[t]->numRegs; ++r) {
      own[n] = s.tiles[t]->regs[r];
      types[n++] = f32;
    }
  TileBuilder parts, whole;
  MlirType resultTypes[] = {mlirIntegerTypeGet(b->ctx, 1)};
  MlirOperation counted = bIf(b, split, 1, resultTypes, true, &parts, &whole);
  eachGroup(g, &parts, &s, bAddi(&parts, slots, part->piece), storeGroup, NULL);
  gpuBarrier(g, &parts);
  MlirValue leader = bCmpi(
      &parts, ARITH_EQ,
      bAddi(&parts, bMuli(&parts, g->warp, bConstIndex(&parts, 32)), g->lane),
      c0);
  TileBuilder count;
  MlirType i32s[] = {i32};
  TileBuilder others;
  MlirOperation byLeader = bIf(&parts, leader, 1, i32s, true, &count, &others);
  MlirValue counter =
      gpuGep(&count, globalAddress(&count, kCounters), part->splitIndex, i32);
  MlirValue before = countPart(&count, counter);
  MlirValue last =
      bCmpi(&count, ARITH_EQ, before,
            bCast(&count, "arith.index_cast",
                  bBinary(&count, "arith.subi", part->pieces, c1), i32));
  /* The last part clears the counter for the next launch: every other
   * part has counted. */
  TileBuilder clear;
  bIf(&count, last, 0, NULL, false, &clear, NULL);
  gpuStorePtr(&clear, bConstInt(&clear, i32, 0), counter, 4);
  bYield(&clear, "scf.yield", 0, NULL);
  MlirValue lastI32 = bCast(&count, "arith.extui", last, i32);
  bYield(&count, "scf.yield", 1, &lastI32);
  MlirValue zero = bConstInt(&others, i32, 0);
  bYield(&others, "scf.yield", 1, &zero);
  MlirValue isLast =
      barrierOr(g, &parts,
                bCmpi(&parts, ARITH_NE, mlirOperationGetResult(byLeader, 0),
                      bConstInt(&parts, i32, 0)));
  bYield(&parts, "scf.yield", 1, &isLast);
  MlirValue t = bConstInt(&whole, mlirIntegerTypeGet(b->ctx, 1), 1);
  bYield(&whole, "scf.yield", 1, &t);
  MlirValue runsRest = mlirOperationGetResult(counted, 0);

  /* The last part adds every part's sums, in the parts' order. */
  TileBuilder adds, keeps;
  MlirOperation ifOp =
      bIf(b, bAndi(b, split, runsRest), n, types, true, &adds, &keeps);
  bYield(&keeps, "scf.yield", n, own);
  MlirValue *sums = malloc(sizeof *sums * (size_t)(n + 1));
  for (int i = 0; i < n; ++i)
    sums[i] = bConstFloat(&adds, f32, 0.0);
  TileBuilder sum;
  MlirOperation forOp = bFor(&adds, c0, part->pieces, c1, n, sums, &sum);
  for (int i = 0; i < n; ++i)
    sums[i] = mlirBlockGetArgument(sum.block, 1 + i);
  addSlot(g, &sum, &s, bAddi(&sum, slots, mlirBlockGetArgument(sum.block, 0)),
          sums);
  bYield(&sum, "scf.yield", n, sums);
  for (int i = 0; i < n; ++i)
    sums[i] = mlirOperationGetResult(forOp, i);
  /* The code after the loop may use that shared memory. */
  gpuBarrier(g, &adds);
  bYield(&adds, "scf.yield", n, sums);
  n = 0;
  for (int t = 0; t < s.numTiles; ++t)
    for (int r = 0; r < s.tiles[t]->numRegs; ++r)
      s.tiles[t]->regs[r] = mlirOperationGetResult(ifOp, n++);
  free(sums);
  free(own);
  free(types);

  /* The code after the loop: whole programs and last parts. */
  TileBuilder then;
  bIf(b, runsRest, 0, NULL, false, &then, NULL);
  bYield(&then, "scf.yield", 0, NULL);
  *rest = tileBuilderBefore(mlirBlockGetTerminator(then.block));
  rest->cache = b->cache;
  rest->loc = b->loc;
  return true;
}

void gpuStreamKWorkspace(GpuLowering *g) {
  if (!g->streamK)
    return;
  const char *names[] = {kWorkspace, kCounters};
  int64_t sizes[] = {slotCount(g) * slotBytes(g), GPU_SK_MAX_SLOTS * 4};
  MlirBlock body =
      mlirRegionGetFirstBlock(mlirOperationGetRegion(g->gpuModule, 0));
  for (int i = 0; i < 2; ++i) {
    /* One of each in the module, as large as its largest user needs. */
    MlirOperation old = tileChildSymbol(g->gpuModule, names[i]);
    int64_t size = sizes[i];
    if (!mlirOperationIsNull(old)) {
      /* The C API gives no array's length: it is in the type's text. */
      char type[96];
      long long had = 0;
      tileTypeStr(mlirTypeAttrGetValue(tileOpAttr(old, "global_type")), type,
                  sizeof type);
      if (sscanf(type, "!llvm.array<%lld", &had) == 1 && had >= size)
        continue;
      mlirOperationDestroy(old);
    }
    char text[512];
    snprintf(text, sizeof text,
             "llvm.mlir.global internal @%s() {addr_space = 1 : i32, "
             "alignment = 16 : i64} : !llvm.array<%lld x i8> {\n"
             "  %%0 = llvm.mlir.zero : !llvm.array<%lld x i8>\n"
             "  llvm.return %%0 : !llvm.array<%lld x i8>\n}",
             names[i], (long long)size, (long long)size, (long long)size);
    MlirOperation global =
        mlirOperationCreateParse(g->ctx, tileStr(text), tileStr("tile-gpu"));
    mlirBlockInsertOwnedOperation(body, 0, global);
  }
}
