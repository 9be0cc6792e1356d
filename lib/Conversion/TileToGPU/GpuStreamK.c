/* Stream-K (tile.stream_k, lib/Analysis/StreamK.h).
 *
 * The schedule. A launch of P programs on a GPU that holds C blocks of
 * the kernel at once runs them in waves of C; when the last wave's
 * R = P % C programs would leave half of the blocks or more idle, the
 * launcher (lib/Runtime/RuntimeLaunch.c) starts D + R s blocks instead of
 * P, D = P - R, s = C / R (at most GPU_SK_MAX_SPLIT), and passes P, D and
 * s as the entry's last parameters. Block b below D runs program b; block
 * D + j runs part j % s of program D + j / s: iterations [k0, k1) of the
 * kernel's loop of dots, k0 = (j % s) T / s, k1 = (j % s + 1) T / s for
 * its trip count T. The kernel lowers s where the parts would be short
 * (under GPU_SK_MIN_ITERATIONS iterations each) or the workspace too small
 * (blocks past the last part then return at once). A grid of at least
 * one wave plus half of one runs as before: s = 1, D = P. Both roles (the
 * kernel's warps, a producer's) compute the same.
 *
 * The fix-up. Every part stores its sums (the loop's results: each
 * thread's registers in 16-byte groups, the threads of a group side by
 * side, so the stores coalesce) into its slot of the workspace; after a
 * barrier of the kernel's warps, thread 0 counts the part in its
 * program's counter (atom.add.acq_rel.gpu) and waits until every part
 * has (gpu-scope acquire loads). Then each part adds a share of the
 * groups of every part's slot, in the parts' order (the same additions
 * every run), into the first part's slot, and counts again; the first
 * part waits for the count of both rounds, clears the counter, reads the
 * sums back and runs the code after the loop, which the others skip.
 * Reading the parts' sums is a block's share only, not every part's
 * whole slot in one block, which one multiprocessor's bandwidth would
 * bound. The waits end: the parts of a launch are at most as many as the
 * GPU holds at once, and whole programs wait for nothing.
 *
 * The workspace is a .global buffer of the module (zero when the module
 * loads, so the counters start clear; the first part clears its own),
 * shared by the module's kernels and sized by the largest slot: one
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
  /* Parts a program splits into at most (the launcher's limit,
   * lib/Runtime/RuntimeLaunch.c). */
  GPU_SK_MAX_SPLIT = 8,
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

/* The loop's trip count from its bounds. */
static MlirValue tripCount(TileBuilder *b, MlirValue lb, MlirValue ub,
                           MlirValue step) {
  MlirValue span = bBinary(b, "arith.subi", ub, lb);
  MlirValue trips = bBinary(
      b, "arith.divsi",
      bAddi(b, span, bBinary(b, "arith.subi", step, bConstIndex(b, 1))), step);
  return bSelect(b, bCmpi(b, ARITH_SGT, ub, lb), trips, bConstIndex(b, 0));
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
    bounds[i] = gpuProgramScalar(g, b, &memo,
                                 mlirOperationGetOperand(g->skLoop, i),
                                 bConstIndex(b, 0));
    known = known && !mlirValueIsNull(bounds[i]);
  }
  MlirValue parts = g->skParts;
  if (known)
    parts = minui(b, parts,
                  divui(b, tripCount(b, bounds[0], bounds[1], bounds[2]),
                        bConstIndex(b, GPU_SK_MIN_ITERATIONS)));
  MlirValue nonzero = bBinary(b, "arith.maxui", split, c1);
  parts = minui(b, parts, bAddi(b, divui(b, bConstIndex(b, slotCount(g)),
                                         nonzero),
                                c1));
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

/* A gpu-scope acquire load of the counter at `ptr` (NVPTX prints
 * ld.acquire.gpu). */
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

/* The workspace's 16 bytes at f32 element `at`, read at L2 (another
 * block wrote them) where `pred` holds (an i32; zeros elsewhere); a
 * null pred: always. */
static void loadGroup(TileBuilder *b, MlirValue pred, MlirValue at,
                      MlirValue *out) {
  MlirValue ptr = gpuGep(b, globalAddress(b, kWorkspace), at,
                         mlirF32TypeGet(b->ctx));
  MlirValue operands[] = {pred, ptr};
  if (mlirValueIsNull(pred))
    gpuInlinePtx(b, "ld.global.cg.v4.f32 {$0, $1, $2, $3}, [$4];",
                 "=f,=f,=f,=f,l", 1, &ptr, 4, mlirF32TypeGet(b->ctx), false,
                 out);
  else
    gpuInlinePtx(b,
                 "{ .reg .pred p; setp.ne.u32 p, $4, 0; mov.b32 $0, 0; "
                 "mov.b32 $1, 0; mov.b32 $2, 0; mov.b32 $3, 0; @p "
                 "ld.global.cg.v4.f32 {$0, $1, $2, $3}, [$5]; }",
                 "=f,=f,=f,=f,r,l", 2, operands, 4, mlirF32TypeGet(b->ctx),
                 false, out);
}

/* The 16 bytes `v` into the workspace at f32 element `at` where `pred`
 * (an i32) holds. */
static void storeGroupIf(TileBuilder *b, MlirValue pred, MlirValue at,
                         const MlirValue *v) {
  MlirValue operands[] = {pred,
                          gpuGep(b, globalAddress(b, kWorkspace), at,
                                 mlirF32TypeGet(b->ctx)),
                          v[0], v[1], v[2], v[3]};
  gpuInlinePtx(b,
               "{ .reg .pred p; setp.ne.u32 p, $0, 0; @p st.global.v4.f32 "
               "[$1], {$2, $3, $4, $5}; }",
               "r,l,f,f,f,f", 6, operands, 0, (MlirType){NULL}, true, NULL);
}

/* Thread 0 spins until the counter at `ptr` reaches `target` (an i32):
 * an scf.while of gpu-scope acquire loads. */
static void waitCount(TileBuilder *b, MlirValue ptr, MlirValue target) {
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
  MlirValue short_ =
      bCmpi(&before, ARITH_ULT, loadAcquire(&before, ptr), target);
  bInsert(&before, tileOpCreate(b->loc, "scf.condition", 1, &short_, 0, NULL,
                                0, NULL));
  TileBuilder after = tileBuilderAtEnd(blocks[1], b->loc);
  after.cache = b->cache;
  bYield(&after, "scf.yield", 0, NULL);
}

/* This part's share of the reduction: of the G 16-byte groups each thread
 * holds, part j of s adds groups [j c, j c + c) (c = ceil(G / s)) of
 * every part's slot, in the parts' order, into the first part's slot.
 * Static code for every count of parts (at most GPU_SK_MAX_SPLIT), its
 * loads predicated, so they are all in flight at once. */
static void reduceShare(GpuLowering *g, TileBuilder *b, const Sums *s,
                        MlirValue slots, const GpuStreamKPart *part) {
  int threads = 32 * g->numWarps;
  int groups = s->numRegs / 4;
  MlirType i32 = mlirIntegerTypeGet(b->ctx, 32);
  MlirType f32 = mlirF32TypeGet(b->ctx);
  MlirValue thread = bAddi(b, bMuli(b, g->warp, bConstIndex(b, 32)), g->lane);
  MlirValue slotElems = bConstIndex(b, (int64_t)s->numRegs * threads);
  MlirValue chunk = divui(
      b, bAddi(b, bConstIndex(b, groups),
               bBinary(b, "arith.subi", part->pieces, bConstIndex(b, 1))),
      part->pieces);
  MlirValue from = bMuli(b, part->piece, chunk);
  for (int k = 0; k < (groups + 1) / 2; ++k) {
    MlirValue group = bAddi(b, from, bConstIndex(b, k));
    MlirValue valid =
        bAndi(b, bCmpi(b, ARITH_ULT, bConstIndex(b, k), chunk),
              bCmpi(b, ARITH_ULT, group, bConstIndex(b, groups)));
    /* f32 element of this thread's group in slot 0 of the program. */
    MlirValue at = bAddi(
        b, bMuli(b, slots, slotElems),
        bAddi(b, bMuli(b, group, bConstIndex(b, 4 * threads)),
              bMuli(b, thread, bConstIndex(b, 4))));
    MlirValue sum[4];
    for (int e = 0; e < 4; ++e)
      sum[e] = bConstFloat(b, f32, 0.0);
    for (int c = 0; c < GPU_SK_MAX_SPLIT; ++c) {
      MlirValue pred = bCast(
          b, "arith.extui",
          bAndi(b, valid,
                bCmpi(b, ARITH_ULT, bConstIndex(b, c), part->pieces)),
          i32);
      MlirValue v[4];
      loadGroup(b, pred,
                bAddi(b, at, bMuli(b, bConstIndex(b, c), slotElems)), v);
      for (int e = 0; e < 4; ++e)
        sum[e] = bBinary(b, "arith.addf", sum[e], v[e]);
    }
    storeGroupIf(b, bCast(b, "arith.extui", valid, i32), at, sum);
  }
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
  MlirType i32 = mlirIntegerTypeGet(b->ctx, 32);
  MlirType f32 = mlirF32TypeGet(b->ctx);
  MlirValue c0 = bConstIndex(b, 0), c1 = bConstIndex(b, 1);
  MlirValue split = bCmpi(b, ARITH_UGT, part->pieces, c1);
  MlirValue first = bCmpi(b, ARITH_EQ, part->piece, c0);
  /* Split program i's parts have slots i s .. i s + s - 1, and counter i. */
  MlirValue slots = bMuli(b, part->splitIndex, part->split);
  MlirValue thread = bAddi(b, bMuli(b, g->warp, bConstIndex(b, 32)), g->lane);
  MlirValue leader = bCmpi(b, ARITH_EQ, thread, c0);
  MlirValue pieces32 = bCast(b, "arith.index_cast", part->pieces, i32);

  /* Every part: its sums into its slot; once every part's are there, its
   * share of the reduction into the first part's slot; then it counts
   * again. */
  TileBuilder parts;
  bIf(b, split, 0, NULL, false, &parts, NULL);
  eachGroup(g, &parts, &s, bAddi(&parts, slots, part->piece), storeGroup,
            NULL);
  gpuBarrier(g, &parts);
  TileBuilder count;
  bIf(&parts, leader, 0, NULL, false, &count, NULL);
  MlirValue counter = gpuGep(&count, globalAddress(&count, kCounters),
                             part->splitIndex, i32);
  countPart(&count, counter);
  waitCount(&count, counter, pieces32);
  bYield(&count, "scf.yield", 0, NULL);
  gpuBarrier(g, &parts);
  reduceShare(g, &parts, &s, slots, part);
  gpuBarrier(g, &parts);
  TileBuilder again;
  bIf(&parts, leader, 0, NULL, false, &again, NULL);
  countPart(&again, gpuGep(&again, globalAddress(&again, kCounters),
                           part->splitIndex, i32));
  bYield(&again, "scf.yield", 0, NULL);
  bYield(&parts, "scf.yield", 0, NULL);

  /* The first part waits for every share and takes the sums. */
  int n = 0;
  MlirValue *own = malloc(sizeof *own * (size_t)(s.numRegs + 1));
  MlirType *types = malloc(sizeof *types * (size_t)(s.numRegs + 1));
  for (int t = 0; t < s.numTiles; ++t)
    for (int r = 0; r < s.tiles[t]->numRegs; ++r) {
      own[n] = s.tiles[t]->regs[r];
      types[n++] = f32;
    }
  TileBuilder takes, keeps;
  MlirOperation ifOp =
      bIf(b, bAndi(b, split, first), n, types, true, &takes, &keeps);
  bYield(&keeps, "scf.yield", n, own);
  TileBuilder wait;
  bIf(&takes, leader, 0, NULL, false, &wait, NULL);
  MlirValue counterAgain = gpuGep(&wait, globalAddress(&wait, kCounters),
                                  part->splitIndex, i32);
  waitCount(&wait, counterAgain,
            bMuli(&wait, pieces32, bConstInt(&wait, i32, 2)));
  /* Every part has counted twice: the counter is free for the next
   * launch. */
  gpuStorePtr(&wait, bConstInt(&wait, i32, 0), counterAgain, 4);
  bYield(&wait, "scf.yield", 0, NULL);
  gpuBarrier(g, &takes);
  int threads = 32 * g->numWarps;
  MlirValue base =
      bAddi(&takes,
            bMuli(&takes, slots,
                  bConstIndex(&takes, (int64_t)s.numRegs * threads)),
            bMuli(&takes, thread, bConstIndex(&takes, 4)));
  MlirValue *sums = malloc(sizeof *sums * (size_t)(n + 4));
  int next = 0, group = 0;
  for (int t = 0; t < s.numTiles; ++t)
    for (int r = 0; r < s.tiles[t]->numRegs; r += 4, ++group) {
      MlirValue v[4];
      loadGroup(&takes, (MlirValue){NULL},
                bAddi(&takes, base,
                      bConstIndex(&takes, (int64_t)group * 4 * threads)),
                v);
      for (int e = 0; e < groupSize(s.tiles[t], r); ++e)
        sums[next++] = v[e];
    }
  bYield(&takes, "scf.yield", n, sums);
  n = 0;
  for (int t = 0; t < s.numTiles; ++t)
    for (int r = 0; r < s.tiles[t]->numRegs; ++r)
      s.tiles[t]->regs[r] = mlirOperationGetResult(ifOp, n++);
  free(sums);
  free(own);
  free(types);

  /* The code after the loop: whole programs and first parts. */
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
  const char *names[] = {kWorkspace, kCounters};
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
