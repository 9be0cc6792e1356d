/* Software pipelining with bulk tensor copies (TMA): one thread issues a
 * stage's copies after expect_tx on its mbarrier, every thread waits on
 * the mbarrier's phase (PipelineParts.h). */
#include "lib/Conversion/Pipeline/PipelineParts.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/Analysis/Mma.h"
#include "lib/Analysis/Multicast.h"
#include "lib/Analysis/ProgramScalars.h"
#include "lib/Analysis/Tcgen05.h"
#include "lib/Analysis/Tma.h"
#include "lib/Conversion/TileToGPU/GpuProgramScalars.h"
#include "lib/IR/IR.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/LLVM.h"

/* The 8-byte slot `slot` of the loop's mbarriers (a static buffer; from
 * p->barrierBase): its stages' full mbarriers first (the copies landed). */
MlirValue pipeMbarrierOf(TileBuilder *b, GpuLowering *g, const GpuPipeline *p,
                         MlirValue slot) {
  return pipeByteGep(b, gpuSharedGlobal(b, g->mbarrierName),
                     bAddi(b, bMuli(b, slot, bConstIndex(b, 8)),
                           bConstIndex(b, p->barrierBase)));
}

static MlirValue i32Of(TileBuilder *b, MlirValue index) {
  return bCast(b, "arith.index_cast", index, mlirIntegerTypeGet(b->ctx, 32));
}

/* Thread 0 of the block: the one that sets up mbarriers and issues copies. */
void pipeLeaderOnly(TileBuilder *b, GpuLowering *g, MlirValue extra,
                    TileBuilder *then) {
  MlirValue zero = bConstIndex(b, 0);
  MlirValue first = bAndi(b, bCmpi(b, ARITH_EQ, g->lane, zero),
                          bCmpi(b, ARITH_EQ, g->warp, zero));
  if (!mlirValueIsNull(extra))
    first = bAndi(b, first, extra);
  bIf(b, first, 0, NULL, false, then, NULL);
}

void pipeVoidOp(TileBuilder *b, const char *name, intptr_t n,
                const MlirValue *operands, intptr_t nAttrs,
                const TileNamedAttr *attrs) {
  bInsert(b, tileOpCreate(b->loc, name, n, operands, 0, NULL, nAttrs, attrs));
}

/* In a CTA pair (GpuLowering.ctaPairs) each block copies its own A and
 * the half of B its rank names, and rank 0's mbarrier of the stage counts
 * both blocks' bytes: its MMAs read both. */
static int64_t pairTxBytes(const GpuPipeline *p) {
  int64_t bytes = 0;
  for (int j = 0; j < p->numLoads; ++j) {
    MlirOperation dot;
    int operand;
    TileSmemLayout s;
    bool isB = tileMmaLoadOperand(p->loads[j], &dot, &operand, &s) &&
               operand == 1;
    bytes += isB ? pipeTileBytes(p->loads[j]) : 2 * pipeTileBytes(p->loads[j]);
  }
  return bytes;
}

void pipeCopyColumnBlock(GpuLowering *g, TileBuilder *b, MlirValue map,
                         const TileSmemLayout *s, int64_t rows, int rank,
                         const MlirValue *coord, MlirValue first, int64_t c,
                         MlirValue buffer, MlirValue bar, MlirValue mask) {
  MlirValue dst = pipeByteGep(
      b, buffer, bConstIndex(b, c * rows * s->blockElems * s->elemBytes));
  /* TMA writes shared::cluster addresses; a CTA's own are among them. */
  MlirValue dst7 =
      bCast(b, "llvm.addrspacecast", dst, mlirLLVMPointerTypeGet(b->ctx, 7));
  MlirValue block = bAddi(b, first, bConstIndex(b, c));
  MlirValue operands[7] = {
      dst7, map,
      i32Of(b, bAddi(b, coord[0],
                     bMuli(b, block, bConstIndex(b, s->blockElems))))};
  for (int d = 1; d < rank; ++d)
    operands[2 + d] = i32Of(b, coord[d]);
  operands[2 + rank] = bar;
  bool multicast = !mlirValueIsNull(mask);
  if (multicast)
    operands[3 + rank] = mask;
  int32_t segments[] = {1, 1, rank, 1, 0, multicast ? 1 : 0, 0, 0};
  TileNamedAttr attrs[] = {
      {"operandSegmentSizes", mlirDenseI32ArrayGet(b->ctx, 8, segments)},
      {"group", tileParseAttr(b->ctx, "#nvvm.cta_group<cta_2>")}};
  pipeVoidOp(b, "nvvm.cp.async.bulk.tensor.shared.cluster.global",
             3 + rank + (multicast ? 1 : 0), operands, g->ctaPairs ? 2 : 1,
             attrs);
}

/* In the leader: the stage's expected bytes, then one bulk copy per column
 * block of each load (a box of rows x blockElems at column col0 + c *
 * blockElems, row row0; outside the memref TMA writes zeros). In a CTA
 * pair only rank 0 expects (both blocks' bytes), every copy completes on
 * rank 0's mbarrier (.cta_group::2 lets it lie in the peer), and B's
 * copies are the half of its column blocks the rank names, into the
 * buffer's first half (the pair's MMA reads N / 2 columns from each
 * block at the same address). */
bool pipeIssueTma(GpuLowering *g, TileBuilder *b, const GpuPipeline *p,
                  MlirValue iv, MlirValue stage, const MlirValue *handed) {
  MlirType i32 = mlirIntegerTypeGet(b->ctx, 32);
  MlirValue bar = pipeMbarrierOf(b, g, p, stage);
  if (g->ctaPairs) {
    TileBuilder rank0;
    bIf(b, bCmpi(b, ARITH_EQ, g->ctaRank, bConstInt(b, i32, 0)), 0, NULL, false,
        &rank0, NULL);
    MlirValue expect[] = {bar, bConstInt(&rank0, i32, pairTxBytes(p))};
    pipeVoidOp(&rank0, "nvvm.mbarrier.arrive.expect_tx", 2, expect, 0, NULL);
    bYield(&rank0, "scf.yield", 0, NULL);
    bar = gpuPairLeaderMbarrier(b, bar);
  } else {
    MlirValue expect[] = {bar, bConstInt(b, i32, p->txBytes)};
    pipeVoidOp(b, "nvvm.mbarrier.arrive.expect_tx", 2, expect, 0, NULL);
  }
  for (int j = 0; j < p->numLoads; ++j) {
    MlirOperation load = p->loads[j];
    TileSmemLayout s;
    MlirOperation dot;
    int operand = 0;
    if (tileTmaPlainBox(load)) {
      /* One copy of the whole box, as it lies: one "column block" as wide
       * as the tile, its rows after each other. */
      MlirType tt = mlirValueGetType(mlirOperationGetResult(load, 0));
      intptr_t rank = mlirShapedTypeGetRank(tt);
      memset(&s, 0, sizeof s);
      s.rowElems = s.blockElems = mlirShapedTypeGetDimSize(tt, rank - 1);
      s.elemBytes = tileElemBytes(mlirShapedTypeGetElementType(tt));
      s.bytes = pipeTileBytes(load);
    } else if (!tileMmaLoadOperand(load, &dot, &operand, &s)) {
      return false;
    }
    int64_t blocks = s.rowElems / s.blockElems;
    bool half = g->ctaPairs && operand == 1;
    /* TMA multicast (GpuLowering.multicast): where the two blocks read the
     * same B, each copies the half of its column blocks its rank names
     * into both (mask 0b11), completing on the mbarrier at the same
     * offset in each, which expects the whole stage either way;
     * otherwise each copies all of them into its own (its own bit). */
    bool mc = g->multicast && p->warpSpecialized && tileLoadMulticast(load) &&
              blocks % 2 == 0;
    MlirValue mask = {NULL}, notShared = {NULL};
    if (mc) {
      notShared = bBinary(b, "arith.xori", g->mcShared,
                          bConstInt(b, mlirIntegerTypeGet(b->ctx, 1), 1));
      MlirType i16 = mlirIntegerTypeGet(b->ctx, 16);
      mask =
          bCast(b, "arith.trunci",
                bSelect(b, g->mcShared, bConstI32(b, 3),
                        bBinary(b, "arith.shli", bConstI32(b, 1), g->ctaRank)),
                i16);
    }
    /* The first column block this block copies. */
    MlirValue first = bConstIndex(b, 0);
    if (half) {
      blocks /= 2;
      first = bMuli(b, bCast(b, "arith.index_cast", g->ctaRank,
                             mlirIndexTypeGet(b->ctx)),
                    bConstIndex(b, blocks));
    }
    /* Coordinates innermost first: column, row, then a rank-3 memref's
     * batch element. */
    int rank = (int)mlirOperationGetNumOperands(load) - 1;
    MlirValue coord[3];
    for (int d = 0; d < rank; ++d) {
      coord[d] = pipeScalarAt(g, b, p, mlirOperationGetOperand(load, rank - d),
                              iv, handed);
      if (mlirValueIsNull(coord[d]))
        return false;
    }
    int64_t rows = s.bytes / (s.rowElems * s.elemBytes);
    MlirValue buffer = pipeBufferOf(b, g, p, j, stage);
    for (int64_t c = 0; c < blocks; ++c) {
      TileBuilder at = *b;
      if (mc) {
        MlirValue mine =
            bCmpi(b, ARITH_EQ, g->ctaRank, bConstI32(b, c / (blocks / 2)));
        bIf(b, bBinary(b, "arith.ori", mine, notShared), 0, NULL, false, &at,
            NULL);
      }
      pipeCopyColumnBlock(g, &at, g->tmaMaps[p->mapIndex[j]], &s, rows, rank,
                          coord, first, c, buffer, bar, mask);
      if (mc)
        bYield(&at, "scf.yield", 0, NULL);
    }
  }
  return true;
}

/* The leader issues iteration iv's copies into `stage` when iv < ub: an
 * iteration past the end gets none (no copy may outlive the loop). */
bool pipeIssueTmaIfInLoop(GpuLowering *g, TileBuilder *b, const GpuPipeline *p,
                          MlirValue iv, MlirValue ub, MlirValue stage) {
  TileBuilder then;
  pipeLeaderOnly(b, g, bCmpi(b, ARITH_SLT, iv, ub), &then);
  bool ok = pipeIssueTma(g, &then, p, iv, stage, NULL);
  bYield(&then, "scf.yield", 0, NULL);
  return ok;
}

/* An mbarrier expecting `arrivals` arrivals per phase. */
void pipeInitMbarrier(TileBuilder *b, MlirValue bar, int arrivals) {
  MlirValue operands[] = {
      bar, bConstInt(b, mlirIntegerTypeGet(b->ctx, 32), arrivals)};
  pipeVoidOp(b, "nvvm.mbarrier.init", 2, operands, 0, NULL);
}

/* The leader initializes the stages' mbarriers (one arrival each: its
 * expect_tx), fenced so the copy engine sees them, before any thread uses
 * them. */
void pipeInitMbarriers(GpuLowering *g, TileBuilder *b, const GpuPipeline *p) {
  int64_t bytes = 8LL * p->stages;
  if (bytes > g->mbarrierBytes)
    g->mbarrierBytes = bytes;
  TileBuilder then;
  pipeLeaderOnly(b, g, (MlirValue){NULL}, &then);
  for (int s = 0; s < p->stages; ++s)
    pipeInitMbarrier(&then, pipeMbarrierOf(&then, g, p, bConstIndex(&then, s)),
                     1);
  pipeVoidOp(&then, "nvvm.fence.mbarrier.init", 0, NULL, 0, NULL);
  bYield(&then, "scf.yield", 0, NULL);
  gpuBarrier(g, b);
  /* A pair's copies complete on rank 0's mbarriers: both blocks' are set
   * up before either block copies. */
  if (g->ctaPairs)
    gpuTcgen05ClusterSync(b);
}

/* Waits until phase `parity` of mbarrier `bar` completed: try_wait.parity
 * again while it returns false. The kernel's warps wait without a
 * suspend-time hint: with one (1 ms), ptxas follows a failed try with
 * NANOSLEEP.SYNCS, and a thread that slept there resumed late. Without
 * it, on an H200, plain attention at d = 128 ran 1.2-4.2% faster (full),
 * a warp-specialized GEMM 3.8%, and launches of one or two waves of
 * programs (where a late block is the kernel's end) no longer lost up to
 * 16% to the producer's timing. The producer, which waits for a stage to
 * be released and then runs stages ahead, may sleep (`mayOversleep`):
 * its spinning took issue slots from the kernel's warps, and with the
 * hint on its waits alone the d = 64 dK/dV ran 2% faster and nothing
 * slower (docs/performance.md, 2026-12-02, both sessions). */
void pipeWaitParity(TileBuilder *b, MlirValue bar, MlirValue parity,
                    bool mayOversleep) {
  if (mayOversleep) {
    MlirType i32 = mlirIntegerTypeGet(b->ctx, 32);
    MlirValue operands[] = {bar, i32Of(b, parity),
                            bConstInt(b, i32, 1000000)};
    pipeVoidOp(b, "nvvm.mbarrier.try_wait.parity", 3, operands, 0, NULL);
    return;
  }
  MlirType i1 = mlirIntegerTypeGet(b->ctx, 1);
  MlirValue operands[] = {bar, i32Of(b, parity)};
  TileBuilder before, after;
  bWhile(b, 0, NULL, &before, &after);
  MlirValue done =
      bInsert(&before, tileOpCreate(b->loc, "nvvm.mbarrier.try_wait", 2,
                                    operands, 1, &i1, 0, NULL));
  bCondition(&before,
             bBinary(&before, "arith.xori", done, bConstInt(&before, i1, 1)), 0,
             NULL);
  bYield(&after, "scf.yield", 0, NULL);
}

/* A wgmma pipeline on cp.async: the remark says which load kept it from
 * TMA. The generic entry has no tensor maps by design: nothing to say. */
void pipeRemarkNoTma(GpuLowering *g, const GpuPipeline *p) {
  if (!g->assumeAligned16)
    return;
  const char *why = "its loads were not marked tile.tma (tile-pipeline "
                    "without chip=sm_90a?)";
  MlirOperation at = p->loads[0];
  for (int j = 0; j < p->numLoads; ++j)
    if (!tileTmaCanCopy(p->loads[j], &why)) {
      at = p->loads[j];
      break;
    }
  if (!g->remarks.fn)
    return;
  char msg[256];
  snprintf(msg, sizeof msg,
           "the pipelined loads are copied with cp.async, not TMA: this load "
           "cannot use TMA: %s",
           why);
  g->remarks.fn(g->remarks.userData, mlirOperationGetLocation(at), msg);
}
