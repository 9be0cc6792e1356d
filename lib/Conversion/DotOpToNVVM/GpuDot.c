/* tile.dot on the GPU: its operands as register tiles, the dispatcher
 * gpuLowerDot (wgmma, tcgen05 or mma.sync where the result's layout and
 * an instruction allow, GpuWgmma.c, GpuTcgen05.c, GpuMma.c), and the FMA
 * loop for the rest (correct, not fast: both operands through shared
 * memory, each thread walking K once for its accumulator registers). */
#include "lib/Conversion/TileToGPU/GpuOps.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/Analysis/Tcgen05.h"
#include "lib/IR/DType.h"
#include "lib/IR/IR.h"

void gpuDotOperandTiles(const GpuLowering *g, MlirOperation op,
                        const GpuDotOperands *d, GpuTile *A, GpuTile *B,
                        GpuTile *C) {
  TileLayout al, bl;
  tileTypeLayout(mlirValueGetType(mlirOperationGetOperand(op, 0)), &al);
  tileTypeLayout(mlirValueGetType(mlirOperationGetOperand(op, 1)), &bl);
  *A = d->a->uniform ? gpuTileMaterialize(d->a, &al) : *d->a;
  *B = d->b->uniform ? gpuTileMaterialize(d->b, &bl) : *d->b;
  *C = d->c->uniform ? gpuTileMaterialize(d->c, &d->result) : *d->c;
  /* Operands staged before the loop are read there. */
  for (int i = 0; i < g->numStaged; ++i)
    if (mlirOperationEqual(g->staged[i].dot, op))
      (g->staged[i].operand == 0 ? A : B)->smem = g->staged[i].smem;
}

void gpuDotOperandTilesFree(const GpuDotOperands *d, GpuTile *A, GpuTile *B,
                            GpuTile *C) {
  if (d->a->uniform)
    free(A->regs);
  if (d->b->uniform)
    free(B->regs);
  if (d->c->uniform)
    free(C->regs);
}

/* A tensor-core dot on mma.sync where the chip has wgmma: why, as a remark
 * (mma=auto) or an error (mma=wgmma). False after the error. */
static bool explainNoWgmma(GpuLowering *g, MlirOperation op) {
  if (tileChipHasTcgen05(g->chip) && g->remarks.fn && !g->assumeAligned16) {
    const char *why;
    int n;
    if (tileTcgen05For(op, g->chip, g->numWarps, &n, &why))
      why = "a chain of dots in a loop keeps its A in registers";
    char msg[256];
    snprintf(msg, sizeof msg, "tile.dot runs on mma.sync, not tcgen05: %s",
             why);
    g->remarks.fn(g->remarks.userData, mlirOperationGetLocation(op), msg);
  }
  if (g->mma == TILE_GPU_MMA_SYNC || strcmp(g->chip, "sm_90a") != 0)
    return true;
  const char *why;
  int n;
  if (tileWgmmaFor(op, g->chip, g->numWarps, &n, &why))
    why = "its layout is mma.sync's (IR laid out for another chip?)";
  if (g->mma == TILE_GPU_MMA_WGMMA) {
    tileEmitOpError(op, "cannot run on wgmma (mma=wgmma): %s", why);
    return false;
  }
  /* Once per kernel: the generic entry says it. */
  if (g->remarks.fn && !g->assumeAligned16) {
    char msg[256];
    snprintf(msg, sizeof msg, "tile.dot runs on mma.sync, not wgmma: %s", why);
    g->remarks.fn(g->remarks.userData, mlirOperationGetLocation(op), msg);
  }
  return true;
}

bool gpuLowerDot(GpuLowering *g, TileBuilder *b, MlirOperation op) {
  GpuDotOperands d = {gpuOperandTile(g, op, 0), gpuOperandTile(g, op, 1),
                      gpuOperandTile(g, op, 2), {0}};
  if (!d.a || !d.b || !d.c || !gpuResultLayout(op, 0, &d.result))
    return false;
  /* tile-widen-f8-dots' reason, once per kernel (the generic entry). */
  if (!g->assumeAligned16)
    gpuRemarkFromAttr(g, op, "tile.widen_f8_why");
  TileMmaInstr instr;
  const char *why;
  bool hasInstr = tileMmaInstrFor(op, &instr, &why);
  if (d.result.kind == LAYOUT_MMA && hasInstr && d.result.wgmmaN > 0)
    return gpuLowerWgmmaDot(g, b, op, &instr, &d);
  if (d.result.tmem && hasInstr)
    return gpuLowerTcgen05Dot(g, b, op, &instr, &d);
  /* fp8 has no mma.sync or FMA lowering: tile-widen-f8-dots gives every
   * dot wgmma cannot take f16 operands first. */
  if (hasInstr && instr.wgmmaOnly) {
    tileEmitOpError(op, "an fp8 dot runs only on wgmma here; widen it to "
                        "f16 first (tile-widen-f8-dots, which the GPU "
                        "compile runs)");
    return false;
  }
  if (d.result.kind == LAYOUT_MMA && hasInstr)
    return explainNoWgmma(g, op) && gpuLowerMmaDot(g, b, op, &instr, &d);
  /* Once per kernel: the generic entry says it, the aligned one does the
   * same. */
  if (g->remarks.fn && !g->assumeAligned16) {
    char msg[256];
    snprintf(msg, sizeof msg, "tile.dot runs as an FMA loop, not on tensor "
             "cores: %s", hasInstr ? "its warps cannot each take 16x8 "
                                     "blocks of the result"
                                   : why);
    g->remarks.fn(g->remarks.userData, mlirOperationGetLocation(op), msg);
  }
  TileLayout l = d.result;
  MlirValue result = mlirOperationGetResult(op, 0);
  MlirType type = mlirValueGetType(result);
  GpuTile A, B, C;
  gpuDotOperandTiles(g, op, &d, &A, &B, &C);
  int64_t M = A.shape[0], K = A.shape[1], N = B.shape[1];
  int aBytes = tileElemBytes(A.elem);
  int64_t bStart = (M * K * aBytes + 15) / 16 * 16;
  gpuNeedShared(g, bStart + K * N * tileElemBytes(B.elem));
  MlirValue base = gpuSharedBase(b, g);
  MlirValue bBase = gpuGep(b, base, bConstIndex(b, bStart),
                           mlirIntegerTypeGet(g->ctx, 8));
  gpuBarrier(g, b);
  /* The inputs are truncated once, as they are staged: the tensor cores
   * would read only their top 19 bits. */
  bool tf32 = tileDotIsTf32(op);
  gpuSharedWriteTile(g, b, base, &A, tf32);
  gpuSharedWriteTile(g, b, bBase, &B, tf32);
  gpuBarrier(g, b);
  /* Each thread walks K once for all of its accumulator registers. */
  GpuTile out = gpuTileAlloc(&l, type);
  MlirValue *m = calloc((size_t)out.numRegs, sizeof *m);
  MlirValue *n = calloc((size_t)out.numRegs, sizeof *n);
  for (int r = 0; r < out.numRegs; ++r) {
    MlirValue c[2];
    gpuRegCoords(b, g, &l, 2, out.shape, r, c);
    m[r] = bMuli(b, c[0], bConstIndex(b, K));
    n[r] = c[1];
  }
  /* An f16 accumulator sums in f32 and rounds once (bDotSumType). */
  MlirType sumType = bDotSumType(out.elem);
  bool widened = !mlirTypeEqual(sumType, out.elem);
  MlirValue *init = calloc((size_t)out.numRegs, sizeof *init);
  for (int r = 0; r < out.numRegs; ++r)
    init[r] = widened ? bCast(b, "arith.extf", C.regs[r], sumType) : C.regs[r];
  TileBuilder body;
  MlirOperation loop = bFor(b, bConstIndex(b, 0), bConstIndex(b, K),
                            bConstIndex(b, 1), out.numRegs, init, &body);
  MlirValue k = mlirBlockGetArgument(body.block, 0);
  MlirValue kN = bMuli(&body, k, bConstIndex(&body, N));
  MlirValue *next = calloc((size_t)out.numRegs, sizeof *next);
  bool isInt = mlirTypeIsAInteger(out.elem);
  for (int r = 0; r < out.numRegs; ++r) {
    MlirValue x = gpuSharedRead(
        &body, gpuGep(&body, base, bAddi(&body, m[r], k), A.elem), A.elem);
    MlirValue y = gpuSharedRead(
        &body, gpuGep(&body, bBase, bAddi(&body, kN, n[r]), B.elem), B.elem);
    MlirValue acc = mlirBlockGetArgument(body.block, 1 + r);
    MlirValue p = bDotProduct(&body, x, y, sumType);
    next[r] = bBinary(&body, isInt ? "arith.addi" : "arith.addf", acc, p);
  }
  bYield(&body, "scf.yield", out.numRegs, next);
  for (int r = 0; r < out.numRegs; ++r) {
    out.regs[r] = mlirOperationGetResult(loop, r);
    if (widened)
      out.regs[r] = bCast(b, "arith.truncf", out.regs[r], out.elem);
  }
  free(init);
  free(m);
  free(n);
  free(next);
  gpuDotOperandTilesFree(&d, &A, &B, &C);
  gpuSetTile(g, result, out);
  return true;
}
