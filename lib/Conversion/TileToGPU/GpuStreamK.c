/* Stream-K in a persistent kernel (tile.stream_k, lib/Analysis/StreamK.h).
 *
 * The schedule. G blocks (gridDim.x, all resident: the launcher starts as
 * many as fit at once) share P programs. When the last wave's R = P % G
 * programs would leave at least half of the blocks idle, each of them is
 * split into s = G / R parts along the kernel's loop of dots (at most
 * GPU_SK_MAX_SPLIT, at most half the loop's iterations, and no more than
 * the workspace's slots hold), so the last wave keeps R * s blocks busy
 * for 1 / s of a program's time instead of R blocks for all of it. A
 * block's work items are b, b + G, ... below D + R * s, D = P - R being
 * the programs that run whole: item w < D runs program w; item D + j runs
 * part j % s of program D + j / s, iterations [k0, k1) of the loop with
 * k0 = (j % s) T / s, k1 = (j % s + 1) T / s (T its trip count). D is a
 * multiple of G, so the parts of a program run at once, on consecutive
 * blocks, in the last round. Both roles (the kernel's warps, the
 * producer's) walk the same items.
 *
 * The fix-up. A part other than the first stores its sums (the loop's
 * results: each thread's registers in 16-byte groups, the threads of a
 * group side by side, so the stores coalesce) into a slot of the
 * workspace; after a barrier of the kernel's warps, thread 0 sets the
 * slot's flag with a gpu-scope release. The first part's thread 0 waits
 * for each of the other parts' flags with gpu-scope acquires and clears
 * them; after a barrier every thread adds those parts' sums to its own in
 * the parts' order (the same additions every run), and the block runs
 * the code after the loop, which the other parts skip. Waiting cannot
 * deadlock: every block is resident, and the parts waited for wait for
 * nothing.
 *
 * The workspace is a .global buffer of the module (zero when the module
 * loads, so the flags start clear; the first part clears each flag it
 * read), shared by the module's kernels, sized by the largest slot: one
 * stream-K launch of a loaded package may run at a time. */
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
  GPU_SK_MAX_SPLIT = 8,
  /* Slots of the workspace: as many as an H100's blocks, two a
   * multiprocessor, within GPU_SK_WORKSPACE_BYTES. */
  GPU_SK_MAX_SLOTS = 264,
  GPU_SK_WORKSPACE_BYTES = 24 << 20,
};

static const char kWorkspace[] = "__tile_stream_k_workspace";
static const char kFlags[] = "__tile_stream_k_flags";

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

/* The loop's trip count from its bounds. */
static MlirValue tripCount(TileBuilder *b, MlirValue lb, MlirValue ub,
                           MlirValue step) {
  MlirValue span = bBinary(b, "arith.subi", ub, lb);
  MlirValue trips = bBinary(
      b, "arith.divsi",
      bAddi(b, span, bBinary(b, "arith.subi", step, bConstIndex(b, 1))), step);
  return bSelect(b, bCmpi(b, ARITH_SGT, ub, lb), trips, bConstIndex(b, 0));
}

MlirValue gpuStreamKItems(GpuLowering *g, TileBuilder *b, bool producer) {
  GpuStreamKPart *part = producer ? &g->skProducerPart : &g->skPart;
  MlirValue blocks = gpuSpecialRegister(b, "nctaid", 0, 0);
  MlirValue programs = g->programs;
  MlirValue c1 = bConstIndex(b, 1), c2 = bConstIndex(b, 2);
  MlirValue last = remui(b, programs, blocks);
  /* The loop's iterations for program 0 (the same for every program of
   * a GEMM; another program's parts are cut from its own count). */
  GpuScalarMemo memo = {.size = 0};
  MlirValue bounds[3];
  for (int i = 0; i < 3; ++i)
    bounds[i] = gpuProgramScalar(g, b, &memo,
                                 mlirOperationGetOperand(g->skLoop, i),
                                 bConstIndex(b, 0));
  MlirValue trips = c1;
  if (!mlirValueIsNull(bounds[0]) && !mlirValueIsNull(bounds[1]) &&
      !mlirValueIsNull(bounds[2]))
    trips = tripCount(b, bounds[0], bounds[1], bounds[2]);
  /* s = G / R, within the limits; 1 (no split) when the last wave is full
   * or more than half full. */
  MlirValue nonzero = bBinary(b, "arith.maxui", last, c1);
  MlirValue split = divui(b, blocks, nonzero);
  split = minui(b, split, bConstIndex(b, GPU_SK_MAX_SPLIT));
  split = minui(b, split, bAddi(b, divui(b, bConstIndex(b, slotCount(g)),
                                         nonzero),
                                c1));
  split = minui(b, split, bBinary(b, "arith.maxui", divui(b, trips, c2), c1));
  MlirValue splits =
      bAndi(b, bCmpi(b, ARITH_NE, last, bConstIndex(b, 0)),
            bCmpi(b, ARITH_UGE, split, c2));
  part->split = bSelect(b, splits, split, c1);
  part->whole = bSelect(b, splits, bBinary(b, "arith.subi", programs, last),
                        programs);
  return bAddi(b, part->whole,
               bSelect(b, splits, bMuli(b, last, split), bConstIndex(b, 0)));
}

MlirValue gpuStreamKProgram(GpuLowering *g, TileBuilder *b, bool producer,
                            MlirValue item) {
  GpuStreamKPart *part = producer ? &g->skProducerPart : &g->skPart;
  MlirValue split = bCmpi(b, ARITH_UGE, item, part->whole);
  MlirValue j = bBinary(b, "arith.subi", item,
                        minui(b, item, part->whole)); /* 0 when whole */
  MlirValue index = divui(b, j, part->split);
  part->splitIndex = index;
  part->piece = remui(b, j, part->split);
  part->pieces = bSelect(b, split, part->split, bConstIndex(b, 1));
  return bSelect(b, split, bAddi(b, part->whole, index), item);
}

void gpuStreamKBounds(GpuLowering *g, TileBuilder *b, bool producer,
                      MlirValue *lb, MlirValue *ub, MlirValue step) {
  const GpuStreamKPart *part = producer ? &g->skProducerPart : &g->skPart;
  MlirValue trips = tripCount(b, *lb, *ub, step);
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

/* A flag of the workspace, as an i32 pointer. */
static MlirValue flagAt(TileBuilder *b, MlirValue slot) {
  return gpuGep(b, globalAddress(b, kFlags), slot,
                mlirIntegerTypeGet(b->ctx, 32));
}

/* llvm.load / llvm.store of a flag at gpu scope: acquire (ordering 4) or
 * release (5), which NVPTX prints as ld.acquire.gpu / st.release.gpu. */
static MlirValue loadAcquire(TileBuilder *b, MlirValue ptr) {
  MlirType i32 = mlirIntegerTypeGet(b->ctx, 32);
  MlirType i64 = mlirIntegerTypeGet(b->ctx, 64);
  TileNamedAttr attrs[] = {
      {"alignment", mlirIntegerAttrGet(i64, 4)},
      {"ordering", mlirIntegerAttrGet(i64, 4)},
      {"syncscope", mlirStringAttrGet(b->ctx, tileStr("device"))}};
  return bInsert(b, tileOpCreate(b->loc, "llvm.load", 1, &ptr, 1, &i32, 3,
                                 attrs));
}

static void storeFlag(TileBuilder *b, MlirValue ptr, int64_t v, int ordering) {
  MlirType i32 = mlirIntegerTypeGet(b->ctx, 32);
  MlirType i64 = mlirIntegerTypeGet(b->ctx, 64);
  MlirValue operands[] = {bConstInt(b, i32, v), ptr};
  TileNamedAttr attrs[] = {
      {"alignment", mlirIntegerAttrGet(i64, 4)},
      {"ordering", mlirIntegerAttrGet(i64, ordering)},
      {"syncscope", mlirStringAttrGet(b->ctx, tileStr("device"))}};
  bInsert(b, tileOpCreate(b->loc, "llvm.store", 2, operands, 0, NULL,
                          ordering ? 3 : 1, attrs));
}

/* Spins until the flag at `ptr` is set (an scf.while of acquire loads). */
static void waitFlag(TileBuilder *b, MlirValue ptr) {
  MlirOperationState state =
      mlirOperationStateGet(tileStr("scf.while"), b->loc);
  MlirRegion regions[2];
  MlirBlock blocks[2];
  for (int i = 0; i < 2; ++i) {
    regions[i] = mlirRegionCreate();
    blocks[i] = mlirBlockCreate(0, NULL, NULL);
    mlirRegionAppendOwnedBlock(regions[i], blocks[i]);
  }
  mlirOperationStateAddOwnedRegions(&state, 2, regions);
  bInsert(b, mlirOperationCreate(&state));
  TileBuilder before = tileBuilderAtEnd(blocks[0], b->loc);
  before.cache = b->cache;
  MlirValue clear =
      bCmpi(&before, ARITH_EQ, loadAcquire(&before, ptr),
            bConstInt(&before, mlirIntegerTypeGet(b->ctx, 32), 0));
  bInsert(&before,
          tileOpCreate(b->loc, "scf.condition", 1, &clear, 0, NULL, 0, NULL));
  TileBuilder after = tileBuilderAtEnd(blocks[1], b->loc);
  after.cache = b->cache;
  bYield(&after, "scf.yield", 0, NULL);
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
      tileEmitOpError(loop, "result #%d is not in registers: stream-K "
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

bool gpuStreamKFixUp(GpuLowering *g, TileBuilder *b, MlirOperation loop,
                     TileBuilder *rest) {
  const GpuStreamKPart *part = &g->skPart;
  Sums s;
  if (!sumsOf(g, loop, &s))
    return false;
  int64_t bytes = slotBytes(g);
  if (bytes > g->skSlotBytes)
    g->skSlotBytes = bytes;
  MlirValue c0 = bConstIndex(b, 0), c1 = bConstIndex(b, 1);
  MlirValue split = bCmpi(b, ARITH_UGT, part->pieces, c1);
  MlirValue first = bCmpi(b, ARITH_EQ, part->piece, c0);
  /* Program i of the split ones owns slots i (s - 1) .. i (s - 1) + s - 2,
   * one per part after its first. */
  MlirValue slots = bMuli(b, part->splitIndex,
                          bBinary(b, "arith.subi", part->split, c1));
  MlirValue leader = bCmpi(
      b, ARITH_EQ, bAddi(b, bMuli(b, g->warp, bConstIndex(b, 32)), g->lane),
      c0);

  /* A later part: its sums into its slot, then its flag. */
  TileBuilder later;
  bIf(b, bAndi(b, split, bCmpi(b, ARITH_NE, part->piece, c0)), 0, NULL, false,
      &later, NULL);
  MlirValue slot =
      bAddi(&later, slots, bBinary(&later, "arith.subi", part->piece, c1));
  eachGroup(g, &later, &s, slot, storeGroup, NULL);
  gpuBarrier(g, &later);
  TileBuilder flagSet;
  bIf(&later, leader, 0, NULL, false, &flagSet, NULL);
  storeFlag(&flagSet, flagAt(&flagSet, slot), 1, 5);
  bYield(&flagSet, "scf.yield", 0, NULL);
  bYield(&later, "scf.yield", 0, NULL);

  /* The first part: wait for the others, then add their sums in order. */
  int n = 0;
  MlirValue *own = malloc(sizeof *own * (size_t)(s.numRegs + 1));
  MlirType *types = malloc(sizeof *types * (size_t)(s.numRegs + 1));
  MlirType f32 = mlirF32TypeGet(b->ctx);
  for (int t = 0; t < s.numTiles; ++t)
    for (int r = 0; r < s.tiles[t]->numRegs; ++r) {
      own[n] = s.tiles[t]->regs[r];
      types[n++] = f32;
    }
  TileBuilder adds, keeps;
  MlirOperation ifOp = bIf(b, bAndi(b, split, first), n, types, true, &adds,
                           &keeps);
  bYield(&keeps, "scf.yield", n, own);
  TileBuilder waits;
  bIf(&adds, leader, 0, NULL, false, &waits, NULL);
  TileBuilder each;
  bFor(&waits, c0, bBinary(&waits, "arith.subi", part->pieces, c1), c1, 0,
       NULL, &each);
  MlirValue flag =
      flagAt(&each, bAddi(&each, slots, mlirBlockGetArgument(each.block, 0)));
  waitFlag(&each, flag);
  storeFlag(&each, flag, 0, 0);
  bYield(&each, "scf.yield", 0, NULL);
  bYield(&waits, "scf.yield", 0, NULL);
  gpuBarrier(g, &adds);
  TileBuilder sum;
  MlirOperation forOp =
      bFor(&adds, c0, bBinary(&adds, "arith.subi", part->pieces, c1), c1, n,
           own, &sum);
  MlirValue *sums = malloc(sizeof *sums * (size_t)(n + 1));
  for (int i = 0; i < n; ++i)
    sums[i] = mlirBlockGetArgument(sum.block, 1 + i);
  AddCtx a = {sums, 0};
  eachGroup(g, &sum, &s,
            bAddi(&sum, slots, mlirBlockGetArgument(sum.block, 0)), addGroup,
            &a);
  bYield(&sum, "scf.yield", n, sums);
  for (int i = 0; i < n; ++i)
    sums[i] = mlirOperationGetResult(forOp, i);
  bYield(&adds, "scf.yield", n, sums);
  n = 0;
  for (int t = 0; t < s.numTiles; ++t)
    for (int r = 0; r < s.tiles[t]->numRegs; ++r)
      s.tiles[t]->regs[r] = mlirOperationGetResult(ifOp, n++);
  free(sums);
  free(own);
  free(types);

  /* The code after the loop: the whole programs' and the first parts'. */
  TileBuilder then;
  bIf(b, bBinary(b, "arith.ori", bCmpi(b, ARITH_EQ, part->pieces, c1), first),
      0, NULL, false, &then, NULL);
  bYield(&then, "scf.yield", 0, NULL);
  *rest = tileBuilderBefore(mlirBlockGetTerminator(then.block));
  rest->cache = b->cache;
  rest->loc = b->loc;
  return true;
}

void gpuStreamKWorkspace(GpuLowering *g) {
  if (g->skSlotBytes == 0)
    return;
  int64_t slots = GPU_SK_WORKSPACE_BYTES / g->skSlotBytes;
  if (slots > GPU_SK_MAX_SLOTS)
    slots = GPU_SK_MAX_SLOTS;
  const char *names[] = {kWorkspace, kFlags};
  int64_t sizes[] = {slots * g->skSlotBytes, GPU_SK_MAX_SLOTS * 4};
  MlirBlock body =
      mlirRegionGetFirstBlock(mlirOperationGetRegion(g->gpuModule, 0));
  for (int i = 0; i < 2; ++i) {
    /* One of each in the module, as large as its largest user needs. */
    MlirOperation old = tileFirstChildNamed(g->gpuModule, "llvm.mlir.global");
    for (; !mlirOperationIsNull(old); old = mlirOperationGetNextInBlock(old)) {
      MlirAttribute name = tileOpAttr(old, "sym_name");
      if (tileOpIsNamed(old, "llvm.mlir.global") && !mlirAttributeIsNull(name) &&
          mlirStringRefEqual(mlirStringAttrGetValue(name), tileStr(names[i])))
        break;
    }
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
    MlirOperation global = mlirOperationCreateParse(
        g->ctx, tileStr(text), tileStr("tile-gpu"));
    mlirBlockInsertOwnedOperation(body, 0, global);
  }
}
