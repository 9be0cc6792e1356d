/* tile.dot on Hopper's tensor cores (wgmma), for TileToGPU.
 *
 * A warpgroup (4 consecutive warps, the first a multiple of 4) issues
 * wgmma.mma_async m64nNk16 (m64nNk32 for fp8: e4m3, e5m2, mixed): A
 * (64 x k) and B (k x N) are read from shared memory through 64-bit
 * matrix descriptors, and D (64 x N, f32) accumulates in the registers of
 * the warpgroup's 128 threads. The
 * result's layout is the mma layout with warps {numWarps, 1} (Layout.h):
 * warp w of warpgroup g holds rows 16w.. of 64-row block g of each
 * repetition, n8 block by n8 block as mma.sync's m16n8 C fragments, which
 * is where wgmma's D fragment puts them (PTX ISA 9.7.15.5.1.1, "Matrix
 * fragments for wgmma .m64nNk16"): no data moves between the layouts.
 *
 * Operands are in shared memory in column blocks as wide as the hardware
 * swizzle, 1024-byte aligned (tileSmemLayoutForWgmma):
 *   A [M][K], K-major: the descriptor of k-step ks starts 32 bytes further
 *     along the swizzled row (k is 32 bytes of either input size). The
 *     swizzle applies to the address the hardware forms, so a start inside
 *     a swizzle atom reads what the 16-byte chunk stores put there. SBO:
 *     the 8-row step.
 *   B [K][N] (N contiguous): N-major (imm-trans-b = 1, 16-bit types
 *     only). LBO: from one column block of N to the next; SBO: the 8-row
 *     step along K; k-step ks starts 16 rows further.
 *   B [N][K] (the source of a tile.trans, tileMmaTransposedB): K-major,
 *     as A; fp8 has only this form.
 * The descriptor (PTX ISA 9.7.15.5.1.2.2, "Matrix Descriptor Format"):
 * bits 0-13 the start address >> 4, 16-29 LBO >> 4, 32-45 SBO >> 4,
 * 62-63 the swizzle (1: 128 bytes, 2: 64, 3: 32); tcgen05's is the same
 * with its version bits 46-48 = 0b001 and the swizzle as bits 61-63 (2, 4,
 * 6: the same bits). The constant part is
 * built once; each wgmma adds its start's offset >> 4 (addresses stay
 * below 2^18, so no carry leaves the field).
 *
 * A that is another dot's result in registers (a chain, as attention's
 * P V) is read from them: wgmma's register form, whose per-warp A
 * fragment is mma.sync m16n8k16's (gpuMmaAFragments), as inline PTX (the
 * NVVM op takes descriptors only).
 *
 * Operands not in shared memory yet (the generic entry's loads) are
 * written by this dot, then fenced (fence.proxy.async: wgmma reads shared
 * memory through the async proxy, the stores went through the generic
 * one) and a barrier. Then: wgmma.fence, every wgmma of the warpgroup,
 * one commit, wait for it; each accumulator then passes through an empty
 * asm, so no use of it moves above the wait. In a pipelined loop whose
 * dot accumulates across iterations, the wait leaves this group in flight
 * (GpuPipeline.h) and the loop's end waits for it.
 *
 * fp8 dots whose sums promote (tileDotPromotesF8: Hopper adds fp8
 * products in a 13-bit truncating accumulator) go otherwise: each 64-row,
 * at most 128-column block sums at most 128 terms of k from zero (scale-d
 * false on the first wgmma) in registers of its own, is committed and
 * waited for, and is added into the result in f32; no group stays in
 * flight past such a dot. */
#include "lib/Conversion/TileToGPU/GpuOps.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/IR/IR.h"
#include "lib/Support/StrBuf.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/LLVM.h"

enum { MAX_N = 256 };

/* The wgmma type of an input: f16, bf16, e4m3, e5m2 (tileWgmmaFor lets
 * no other through). */
static const char *wgmmaTypeName(TileMmaInput in) {
  switch (in) {
  case MMA_BF16: return "bf16";
  case MMA_TF32: return "tf32";
  case MMA_E4M3: return "e4m3";
  case MMA_E5M2: return "e5m2";
  default: return "f16";
  }
}

static void emitOp(TileBuilder *b, const char *name, intptr_t nAttrs,
                   const TileNamedAttr *attrs) {
  bInsert(b, tileOpCreate(b->loc, name, 0, NULL, 0, NULL, nAttrs, attrs));
}

/* fence.proxy.async.shared::cta: this thread's generic-proxy writes to
 * shared memory become visible to the async proxy (wgmma, TMA). */
void gpuFenceAsyncShared(TileBuilder *b) {
  TileNamedAttr attrs[] = {
      {"kind", tileParseAttr(b->ctx, "#nvvm.proxy_kind<async.shared>")},
      {"space", tileParseAttr(b->ctx, "#nvvm.shared_space<cta>")}};
  emitOp(b, "nvvm.fence.proxy", 2, attrs);
}

/* ---- descriptors ------------------------------------------------------- */

static int swizzleCode(int rowBytes) {
  return rowBytes == 128 ? 1 : rowBytes == 64 ? 2 : 3;
}

GpuSmemDescriptor gpuSmemDescriptor(TileBuilder *b, MlirValue smem,
                                    const TileSmemLayout *l, bool nMajor,
                                    bool tcgen05) {
  GpuSmemDescriptor d;
  d.layout = *l;
  int64_t storedRows = l->bytes / (l->rowElems * l->elemBytes);
  d.rowBytes = (int)(l->blockElems * l->elemBytes);
  d.blockBytes = storedRows * d.rowBytes;
  int64_t sbo = 8LL * d.rowBytes;
  /* K-major swizzled layouts do not use LBO ("assumed to be 1"). */
  int64_t lbo = nMajor ? d.blockBytes : 16;
  uint64_t fields = ((uint64_t)(lbo >> 4) << 16) |
                    ((uint64_t)(sbo >> 4) << 32) |
                    (tcgen05 ? 1ULL << 46 : 0) |
                    ((uint64_t)swizzleCode(d.rowBytes) << 62);
  MlirValue addr = bCast(b, "llvm.ptrtoint", smem, tileI64Type(b->ctx));
  MlirValue start = bBinary(b, "arith.shrui",
                            bBinary(b, "arith.andi", addr, bConstI64(b, 0x3FFFF)),
                            bConstI64(b, 4));
  /* The i64 constant holds the bits (two's complement). */
  d.base = bBinary(b, "arith.ori", start, bConstI64(b, (int64_t)fields));
  return d;
}

int64_t gpuSmemDescriptorColumn(const GpuSmemDescriptor *d, int64_t col) {
  int64_t block = col / d->layout.blockElems;
  int64_t within = (col % d->layout.blockElems) * d->layout.elemBytes;
  return block * d->blockBytes + within;
}

/* The descriptor whose matrix starts at stored row `row` (an index value)
 * and column `col` (a constant, in elements). */
static MlirValue descriptorAt(TileBuilder *b, const GpuSmemDescriptor *d,
                              MlirValue row, int64_t col) {
  MlirValue bytes =
      bAddi(b, bMuli(b, row, bConstIndex(b, d->rowBytes)),
            bConstIndex(b, gpuSmemDescriptorColumn(d, col)));
  MlirValue units = bBinary(b, "arith.divui", bytes, bConstIndex(b, 16));
  MlirValue u64 = bCast(b, "arith.index_cast", units, tileI64Type(b->ctx));
  return bAddi(b, d->base, u64);
}

/* ---- the instruction --------------------------------------------------- */

static MlirType structOfF32(MlirContext ctx, int n) {
  MlirType fields[MAX_N / 2];
  for (int i = 0; i < n; ++i)
    fields[i] = mlirF32TypeGet(ctx);
  return mlirLLVMStructTypeLiteralGet(ctx, n, fields, false);
}


static MlirValue structField(TileBuilder *b, MlirValue s, int i, MlirType t,
                             MlirValue insert) {
  int64_t pos = i;
  TileNamedAttr attrs[] = {{"position", mlirDenseI64ArrayGet(b->ctx, 1, &pos)}};
  if (mlirValueIsNull(insert))
    return bInsert(b, tileOpCreate(b->loc, "llvm.extractvalue", 1, &s, 1, &t,
                                   1, attrs));
  MlirValue operands[] = {s, insert};
  MlirType st = mlirValueGetType(s);
  return bInsert(b, tileOpCreate(b->loc, "llvm.insertvalue", 2, operands, 1,
                                 &st, 1, attrs));
}

/* D = A * B + D for one m64nNk block (k: 16, or 32 for fp8), or D = A * B
 * with zeroD (acc's values are then not read); acc holds N/2 f32 in D's
 * fragment order and is updated. */
static void wgmma(TileBuilder *b, const TileMmaInstr *in, int n,
                  MlirValue descA, MlirValue descB, bool bNMajor, bool zeroD,
                  MlirValue *acc) {
  MlirContext ctx = b->ctx;
  MlirType f32 = mlirF32TypeGet(ctx);
  MlirType st = structOfF32(ctx, n / 2);
  MlirValue s = gpuUndef(b, st);
  for (int i = 0; i < n / 2; ++i)
    s = structField(b, s, i, f32, acc[i]);
  char shape[64], typeA[64], typeB[64];
  snprintf(shape, sizeof shape, "#nvvm.shape<m = 64, n = %d, k = %d>", n,
           in->k);
  snprintf(typeA, sizeof typeA, "#nvvm.wgmma_type<%s>",
           wgmmaTypeName(in->input));
  snprintf(typeB, sizeof typeB, "#nvvm.wgmma_type<%s>",
           wgmmaTypeName(in->inputB));
  TileNamedAttr attrs[] = {
      {"shape", tileParseAttr(ctx, shape)},
      {"typeA", tileParseAttr(ctx, typeA)},
      {"typeB", tileParseAttr(ctx, typeB)},
      {"typeD", tileParseAttr(ctx, "#nvvm.wgmma_type<f32>")},
      {"scaleD", tileParseAttr(ctx, zeroD ? "#nvvm.wgmma_scale_out<zero>"
                                          : "#nvvm.wgmma_scale_out<one>")},
      {"scaleA", tileParseAttr(ctx, "#nvvm.wgmma_scale_in<one>")},
      {"scaleB", tileParseAttr(ctx, "#nvvm.wgmma_scale_in<one>")},
      {"layoutA", tileParseAttr(ctx, "#nvvm.mma_layout<row>")},
      /* row: B is [K][N], N-major (imm-trans-b = 1); col: [N][K], the
       * only form fp8 has. */
      {"layoutB", tileParseAttr(ctx, bNMajor ? "#nvvm.mma_layout<row>"
                                         : "#nvvm.mma_layout<col>")}};
  MlirValue operands[] = {s, descA, descB};
  MlirValue r = bInsert(b, tileOpCreate(b->loc, "nvvm.wgmma.mma_async", 3,
                                        operands, 1, &st, 9, attrs));
  for (int i = 0; i < n / 2; ++i)
    acc[i] = structField(b, r, i, f32, (MlirValue){NULL});
}

void gpuWgmmaPin(TileBuilder *b, MlirValue *regs, int n) {
  gpuPinValues(b, "// wgmma accumulators", regs, n, mlirF32TypeGet(b->ctx));
}

/* The same with A from registers (4 i32 fragments, gpuMmaAFragments):
 * wgmma's register form, which the NVVM op lacks, as inline PTX. fp8
 * takes no imm-trans-b (its B is K-major only). */
static void wgmmaRegisterA(TileBuilder *b, const TileMmaInstr *in, int n,
                           const MlirValue *afrag, MlirValue descB,
                           bool bNMajor, bool zeroD, MlirValue *acc) {
  MlirContext ctx = b->ctx;
  int nAcc = n / 2;
  TileStrBuf text = tileStrBufInit(), cons = tileStrBufInit();
  tileStrBufPrintf(&text,
                   "{\n.reg .pred p;\nsetp.ne.b32 p, %d, 0;\n"
                   "wgmma.mma_async.sync.aligned.m64n%dk%d.f32.%s.%s {",
                   zeroD ? 0 : 1, n, in->k, wgmmaTypeName(in->input),
                   wgmmaTypeName(in->inputB));
  for (int i = 0; i < nAcc; ++i) {
    tileStrBufPrintf(&text, "%s$%d", i ? ", " : "", i);
    tileStrBufPrintf(&cons, "%s=f", i ? "," : "");
  }
  /* Operands count the outputs, then every input, the tied ones too. */
  int a0 = 2 * nAcc;
  tileStrBufPrintf(&text, "}, {$%d, $%d, $%d, $%d}, $%d, p, 1, 1", a0,
                   a0 + 1, a0 + 2, a0 + 3, a0 + 4);
  if (in->inputBytes == 2)
    tileStrBufPrintf(&text, ", %d", bNMajor ? 1 : 0);
  tileStrBufPrintf(&text, ";\n}");
  for (int i = 0; i < nAcc; ++i)
    tileStrBufPrintf(&cons, ",%d", i);
  tileStrBufPrintf(&cons, ",r,r,r,r,l");
  MlirValue operands[MAX_N / 2 + 5];
  for (int i = 0; i < nAcc; ++i)
    operands[i] = acc[i];
  for (int i = 0; i < 4; ++i)
    operands[nAcc + i] = afrag[i];
  operands[nAcc + 4] = descB;
  MlirType st = structOfF32(ctx, nAcc);
  TileNamedAttr attrs[] = {
      {"asm_string", mlirStringAttrGet(ctx, tileStr(tileStrBufCStr(&text)))},
      {"constraints", mlirStringAttrGet(ctx, tileStr(tileStrBufCStr(&cons)))},
      {"has_side_effects", mlirUnitAttrGet(ctx)}};
  MlirValue r = bInsert(b, tileOpCreate(b->loc, "llvm.inline_asm", nAcc + 5,
                                        operands, 1, &st, 3, attrs));
  tileStrBufFree(&text);
  tileStrBufFree(&cons);
  for (int i = 0; i < nAcc; ++i)
    acc[i] = structField(b, r, i, mlirF32TypeGet(ctx), (MlirValue){NULL});
}

void gpuWgmmaWait(TileBuilder *b, int n) {
  TileNamedAttr wait[] = {{"group", mlirIntegerAttrGet(tileI64Type(b->ctx), n)}};
  emitOp(b, "nvvm.wgmma.wait.group.sync.aligned", 1, wait);
}

/* Whether `op` reads `v` (an op with regions may read anything). */
static bool reads(MlirOperation op, MlirValue v) {
  if (mlirOperationGetNumRegions(op) > 0)
    return true;
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i)
    if (mlirValueEqual(mlirOperationGetOperand(op, i), v))
      return true;
  return false;
}

void gpuWgmmaSettle(GpuLowering *g, TileBuilder *b, MlirOperation op) {
  /* Groups complete in commit order: waiting for the newest group `op`
   * reads completes every older one too. */
  int newest = -1;
  for (int i = 0; i < g->numDeferred; ++i)
    if (mlirOperationIsNull(op) || reads(op, g->deferred[i].result))
      if (g->deferred[i].commit > newest)
        newest = g->deferred[i].commit;
  if (newest < 0)
    return;
  gpuWgmmaWait(b, g->wgmmaCommits - newest);
  int kept = 0;
  for (int i = 0; i < g->numDeferred; ++i) {
    if (g->deferred[i].commit > newest) {
      g->deferred[kept++] = g->deferred[i];
      continue;
    }
    GpuValue *v = gpuMapGet(&g->values, g->deferred[i].result);
    gpuWgmmaPin(b, v->tile.regs, v->tile.numRegs);
  }
  g->numDeferred = kept;
}

/* Whether `op`'s wait may be deferred: it asks (tile.defer_wait); its
 * operands are its own registers or shared memory that stays put until
 * the block ends (a pipeline's stages, operands staged before the loop),
 * not the scratch buffer the next ops may reuse; it is not a pipelined
 * loop's group left in flight (which has its own waits); and there is
 * room to track it. Checked before the dot stages anything. */
static bool deferWait(GpuLowering *g, MlirOperation op, const GpuTile *a,
                      const GpuTile *b, bool aRegs) {
  return !mlirAttributeIsNull(tileOpAttr(op, "tile.defer_wait")) &&
         (aRegs || !mlirValueIsNull(a->smem)) && !mlirValueIsNull(b->smem) &&
         !(g->wgmmaInFlight && !aRegs) &&
         g->numDeferred < GPU_MAX_DEFERRED_WGMMA;
}

/* After the commit of a dot that was not promoted (promoted ones waited
 * already). A deferred wait: the group runs on while the ops up to the
 * first reader of the result are issued (gpuWgmmaSettle). In a pipelined
 * loop that allows it, this group stays in flight while the next
 * iteration waits for its tiles; the loop's end waits for it
 * (gpuPipelineEpilogue). */
static void settleGroup(GpuLowering *g, TileBuilder *b, MlirValue result,
                        GpuTile *out, bool defer, bool aRegs) {
  if (defer) {
    g->deferred[g->numDeferred].result = result;
    g->deferred[g->numDeferred++].commit = g->wgmmaCommits;
  } else if (g->wgmmaInFlight && !aRegs) {
    gpuWgmmaWait(b, 1);
  } else {
    gpuWgmmaWait(b, 0);
    gpuWgmmaPin(b, out->regs, out->numRegs);
  }
}

/* What every wgmma of one dot shares. */
typedef struct {
  GpuLowering *g;
  const TileMmaInstr *in;
  GpuTile *A;                /* A's fragments, with aRegs */
  GpuSmemDescriptor da, db;  /* da: A in shared memory (not aRegs) */
  bool aRegs, bRows;
  int n;                     /* the instruction's N */
  int numWarps, colRegs;     /* colRegs: two per n8 block, per row half */
  MlirValue warpgroup;
  bool manyRegisters;        /* the loop holds many registers */
  /* The warpgroup index from lane 0, where A's descriptors come from it
   * (a heavy loop beside a producer warpgroup); else null. */
  MlirValue warpgroupUniform;
} WgmmaDot;

/* The result's registers of block (rep, c) (64 rows of repetition rep,
 * columns c*n..) in D's fragment order: n8 block q / 4, row half
 * (q / 2) % 2, column q % 2. */
static void blockRegs(const WgmmaDot *w, int rep, int c, int *reg) {
  for (int q = 0; q < w->n / 2; ++q) {
    int block = c * (w->n / 8) + q / 4;
    reg[q] = (2 * rep + (q / 2) % 2) * w->colRegs + 2 * block + q % 2;
  }
}

/* k-steps [s0, s1) of block (rep, c) into acc, after a wgmma.fence when
 * `fence` (a group's first wgmma, or one whose registers were touched
 * since); fromZero: the first step starts from zero, not from acc. */
static void issueBlock(TileBuilder *b, const WgmmaDot *w, int rep, int c,
                       int s0, int s1, bool fence, bool fromZero,
                       MlirValue *acc) {
  /* A from registers: every step's fragments before the fence. A register
   * of a wgmma's operands written between wgmma.fence and the wgmma makes
   * ptxas inject a warpgroup.arrive before it (C7519), which waits for
   * the warpgroup's register writes: one per k-step of attention's P V
   * when the packing of P came after the fence. */
  MlirValue (*afrags)[4] = NULL;
  if (w->aRegs) {
    afrags = malloc(sizeof *afrags * (size_t)(s1 - s0));
    for (int ks = s0; ks < s1; ++ks)
      gpuMmaAFragments(b, w->g, w->A, rep, ks, afrags[ks - s0]);
  }
  if (fence)
    bInsert(b, tileOpCreate(b->loc, "nvvm.wgmma.fence.aligned", 0, NULL, 0,
                            NULL, 0, NULL));
  /* A's descriptors: this warpgroup's rows, plus a constant per k-step.
   * In a loop that holds many registers (w->manyRegisters) the rows come
   * from the warpgroup index as lane 0 holds it (w->warpgroupUniform, a
   * shfl.sync.idx): ptxas then knows the descriptors are the same in
   * every lane and forms them on the uniform datapath. From the thread
   * index, LLVM hoisted every k-step's descriptor out of the loop, two
   * registers each, and the backward's dK/dV kernel spilled them. Without
   * a producer warpgroup the uniform index made ptxas serialize the
   * wgmmas (C7520: the 4-warp d = 64 dK/dV), so there the rows go through
   * gpuOpaque instead: they stay in the loop but take an R2UR pair before
   * each wgmma (dK/dV at d = 128: 395 SASS instructions a step that way,
   * 319 uniform). Where registers are plenty the hoisted descriptors are
   * cheaper (kept there: measured, docs/performance.md; the uniform index
   * there cost the forward kernels a few percent of instructions and
   * made ptxas serialize the 4-warp one's wgmmas). */
  bool uniform = !mlirValueIsNull(w->warpgroupUniform);
  /* This warpgroup's 64-row block of repetition rep. */
  MlirValue row0 =
      bAddi(b, bConstIndex(b, (int64_t)rep * 16 * w->numWarps),
            bMuli(b, uniform ? w->warpgroupUniform : w->warpgroup,
                  bConstIndex(b, 64)));
  int n = w->n;
  MlirValue descRows = {NULL};
  if (!w->aRegs && w->manyRegisters) {
    descRows = bAddi(b, w->da.base,
                     bCast(b, "arith.index_cast",
                           bMuli(b, row0, bConstIndex(b, w->da.rowBytes / 16)),
                           tileI64Type(b->ctx)));
    if (!uniform)
      descRows = gpuOpaque(b, descRows);
  }
  for (int ks = s0; ks < s1; ++ks) {
    int64_t k0 = (int64_t)ks * w->in->k;
    bool zeroD = fromZero && ks == s0;
    MlirValue descA = {NULL};
    if (!mlirValueIsNull(descRows))
      descA = bAddi(b, descRows,
                    bConstI64(b, gpuSmemDescriptorColumn(&w->da, k0) / 16));
    else if (!w->aRegs)
      descA = descriptorAt(b, &w->da, row0, k0);
    MlirValue descB =
        w->bRows ? descriptorAt(b, &w->db, bConstIndex(b, (int64_t)c * n), k0)
                 : descriptorAt(b, &w->db, bConstIndex(b, k0), (int64_t)c * n);
    if (w->aRegs)
      wgmmaRegisterA(b, w->in, n, afrags[ks - s0], descB, !w->bRows, zeroD,
                     acc);
    else
      wgmma(b, w->in, n, descA, descB, !w->bRows, zeroD, acc);
  }
  free(afrags);
}

static void commitGroup(GpuLowering *g, TileBuilder *b) {
  bInsert(b, tileOpCreate(b->loc, "nvvm.wgmma.commit.group.sync.aligned", 0,
                          NULL, 0, NULL, 0, NULL));
  ++g->wgmmaCommits;
}

/* Whether scf.for `loop` holds so many registers a thread that
 * values hoisted out of it (wgmma descriptors, the shared-memory addresses
 * of staged operands) spill and are reloaded before each use: it carries
 * at least GPU_OPAQUE_CARRIED_REGS (its tiles: the accumulators), or its
 * dots' results together take GPU_OPAQUE_DOT_REGS. Measured on an H200
 * (2026-11-29): attention's dK/dV (128 carried; dots 192) 2234 -> 2086 us
 * and d = 256 forward (128 carried) 1787 -> 1702-1773 through gpuOpaque;
 * its forward at d = 64 (32 carried, dots 96) 624 -> 698 and dQ (64
 * carried, dots 128) 1152 -> 1228 slower. The one-pass dK/dV/dQ at d = 64
 * (64 carried, dots 224) reloaded its descriptors from local memory. The
 * dots count only beside a producer warpgroup: where the loop's own
 * threads issue its copies (a branch), descriptors formed in the loop made
 * ptxas serialize the wgmmas (C7520, the 4-warp forward at d = 64). */
enum { GPU_OPAQUE_CARRIED_REGS = 128, GPU_OPAQUE_DOT_REGS = 192 };
bool gpuLoopHoldsManyRegisters(const GpuLowering *g, MlirOperation loop) {
  int64_t carried = 0, dots = 0;
  for (intptr_t i = 0; i < mlirOperationGetNumResults(loop); ++i)
    carried += tileTypeThreadBytes(
        mlirValueGetType(mlirOperationGetResult(loop, i)));
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(loop, 0));
  for (MlirOperation o = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o))
    if (tileOpIsNamed(o, "tile.dot"))
      dots += tileTypeThreadBytes(
          mlirValueGetType(mlirOperationGetResult(o, 0)));
  return carried >= 4 * GPU_OPAQUE_CARRIED_REGS ||
         (g->producerWarps > 0 && dots >= 4 * GPU_OPAQUE_DOT_REGS);
}

/* Index `v` as lane 0 of the warp holds it (shfl.sync.idx): the same
 * value, which ptxas then knows every lane shares (as CUTLASS's
 * canonical warp-group index). Every lane of the warp must run it. */
static MlirValue fromLaneZero(TileBuilder *b, MlirValue v) {
  MlirType i32 = mlirIntegerTypeGet(b->ctx, 32);
  MlirValue u = gpuShuffleIdx(b, bCast(b, "arith.index_cast", v, i32),
                              bConstInt(b, i32, 0));
  return bCast(b, "arith.index_cast", u, mlirIndexTypeGet(b->ctx));
}

/* Whether the dot's accumulator operand is a splat of +0.0, which the
 * first k-step can scale out (wgmma's scale-d), as ptxas itself does
 * where it sees the zeros (the forward's first wgmma of S reads RZ). */
static bool accumulatorIsPlusZero(MlirOperation dot) {
  double c;
  return tileConstantFloat(mlirOperationGetOperand(dot, 2), &c) && c == 0.0 &&
         !signbit(c);
}

/* ---- the dot ----------------------------------------------------------- */

bool gpuLowerWgmmaDot(GpuLowering *g, TileBuilder *b, MlirOperation op,
                      const TileMmaInstr *in, const GpuDotOperands *d) {
  GpuTile *ap = d->a, *bp = d->b;
  TileLayout l = d->result;
  int n = l.wgmmaN;
  bool bRows = bp->transposedSource; /* B is its trans's source, N x K */
  int64_t M = ap->shape[0], K = ap->shape[1], N = bp->shape[bRows ? 0 : 1];
  int numWarps = g->numWarps;
  /* The layout may come from edited IR: the chip must have wgmma, and the
   * layout must be what wgmma writes. */
  if (strcmp(g->chip, "sm_90a") != 0) {
    tileEmitOpError(op,
                    "has the wgmma layout (instr_shape [64, %d]), but %s has "
                    "no wgmma: it needs chip=sm_90a",
                    n, g->chip);
    return false;
  }
  if (l.blocked.warpsPerCTA[0] != numWarps || l.blocked.warpsPerCTA[1] != 1 ||
      numWarps % 4 != 0 || M % (16 * numWarps) != 0 || N % n != 0 ||
      K % in->k != 0 ||
      ((in->wgmmaOnly || in->input == MMA_TF32) && !bRows)) {
    tileEmitOpError(op,
                    "the wgmma layout (%dx%d warps, instruction 64x%d) does "
                    "not tile the %lldx%lld result on %d warps",
                    l.blocked.warpsPerCTA[0], l.blocked.warpsPerCTA[1], n,
                    (long long)M, (long long)N, numWarps);
    return false;
  }
  /* A chained dot's A is its fragments in registers already (wgmma's
   * register form); otherwise A is read from shared memory. */
  bool aRegs = gpuMmaAInRegisters(ap, &l, in);
  GpuSmemTile sa, sb;
  if ((!aRegs && (!gpuDotSmemLayout(op, 0, &sa.layout) ||
                  sa.layout.blockElems == 0 || sa.layout.transposed)) ||
      !gpuDotSmemLayout(op, 1, &sb.layout) || sb.layout.blockElems == 0 ||
      sb.layout.transposed != bRows) {
    tileEmitOpError(op, "a dot on wgmma needs tile-promote-smem's wgmma "
                        "layouts (tile.smem_a, tile.smem_b with block_elems)");
    return false;
  }
  g->usesWgmma = true;
  MlirValue result = mlirOperationGetResult(op, 0);
  MlirType type = mlirValueGetType(result);
  GpuTile A, B, C;
  gpuDotOperandTiles(g, op, d, &A, &B, &C);

  /* Stage what is not in shared memory yet, each operand at a multiple of
   * 1024 bytes (the scratch buffer starts at one), fenced for wgmma's
   * async-proxy reads. */
  bool promote = in->wgmmaOnly && tileDotPromotesF8(op);
  bool defer = deferWait(g, op, &A, &B, aRegs) && !promote;
  g->opaqueSmemWrites = g->loopHoldsManyRegisters;
  gpuStageDotOperands(g, b, &sa, &A, aRegs, &sb, &B, bRows, 1024, true);
  g->opaqueSmemWrites = false;

  WgmmaDot w = {.g = g, .in = in, .A = &A, .aRegs = aRegs, .bRows = bRows,
               .n = n, .numWarps = numWarps, .colRegs = (int)(N / 4)};
  if (!aRegs)
    w.da = gpuSmemDescriptor(b, sa.base, &sa.layout, false, false);
  w.db = gpuSmemDescriptor(b, sb.base, &sb.layout, !bRows, false);
  w.warpgroup = bBinary(b, "arith.divui", g->warp, bConstIndex(b, 4));
  w.manyRegisters = g->loopHoldsManyRegisters;
  if (w.manyRegisters && g->producerWarps > 0)
    w.warpgroupUniform = fromLaneZero(b, w.warpgroup);
  int reps = (int)(M / (16 * numWarps));
  int steps = (int)(K / in->k);
  GpuTile out = gpuTileAlloc(&l, type);
  for (int r = 0; r < out.numRegs; ++r)
    out.regs[r] = C.regs[r];
  MlirValue acc[MAX_N / 2];
  int reg[MAX_N / 2];
  if (promote) {
    /* fp8, promoted (tileDotPromotesF8): each block sums at most
     * TILE_F8_PROMOTE_K of k into fresh registers (wgmma's zero scale-d
     * starts them), waited for and added into the result in f32. Blocks
     * at most 128 wide keep those registers to 64 a thread, beside the
     * result's; one block's wait lets the other warpgroup's wgmmas run. */
    while (w.n > 128 && (w.n / 2) % 8 == 0)
      w.n /= 2;
    int runSteps = TILE_F8_PROMOTE_K / in->k;
    for (int s0 = 0; s0 < steps; s0 += runSteps) {
      int s1 = s0 + runSteps < steps ? s0 + runSteps : steps;
      for (int rep = 0; rep < reps; ++rep)
        for (int c = 0; c < (int)(N / w.n); ++c) {
          blockRegs(&w, rep, c, reg);
          for (int q = 0; q < w.n / 2; ++q)
            acc[q] = gpuUndef(b, mlirF32TypeGet(b->ctx));
          issueBlock(b, &w, rep, c, s0, s1, true, true, acc);
          commitGroup(g, b);
          gpuWgmmaWait(b, 0);
          gpuWgmmaPin(b, acc, w.n / 2);
          for (int q = 0; q < w.n / 2; ++q)
            out.regs[reg[q]] =
                bBinary(b, "arith.addf", out.regs[reg[q]], acc[q]);
        }
    }
  } else {
    /* A +0 accumulator (S = Q K^T's) is no input at all: the first k-step
     * scales it by zero. Copied into the wgmma's registers instead, the
     * zeros became loop-carried copies ptxas did not see through: 32
     * moves a dot and step in attention's one-pass backward. */
    bool fromZero = accumulatorIsPlusZero(op);
    for (int rep = 0; rep < reps; ++rep)
      for (int c = 0; c < (int)(N / n); ++c) {
        blockRegs(&w, rep, c, reg);
        for (int q = 0; q < n / 2; ++q)
          acc[q] = fromZero ? gpuUndef(b, mlirF32TypeGet(b->ctx))
                            : out.regs[reg[q]];
        issueBlock(b, &w, rep, c, 0, steps, rep == 0 && c == 0, fromZero,
                   acc);
        for (int q = 0; q < n / 2; ++q)
          out.regs[reg[q]] = acc[q];
      }
    commitGroup(g, b);
    settleGroup(g, b, result, &out, defer, aRegs);
  }
  gpuDotOperandTilesFree(d, &A, &B, &C);
  gpuSetTile(g, result, out);
  return true;
}
