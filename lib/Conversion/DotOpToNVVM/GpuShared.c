/* Ops that move data between threads through shared memory, for
 * TileToGPU: tile.convert_layout, tile.trans, tile.reshape, and tile.dot's
 * FMA fallback (correct, not fast; the tensor-core lowering is a later
 * issue). Each use brackets its writes with barriers, so one scratch
 * buffer (sized by the largest use) serves them all. */
#include "lib/Conversion/TileToGPU/GpuOps.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/Analysis/Tcgen05.h"
#include "lib/IR/IR.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

static int64_t numElements(int rank, const int64_t *shape) {
  int64_t n = 1;
  for (int d = 0; d < rank; ++d)
    n *= shape[d];
  return n;
}

/* Row-major flat index of constant coordinates. */
static int64_t constFlat(int rank, const int64_t *shape, const int64_t *k) {
  int64_t flat = k[0];
  for (int d = 1; d < rank; ++d)
    flat = flat * shape[d] + k[d];
  return flat;
}

/* Where each register of a tile is in a row-major buffer of `shape`,
 * its coordinates permuted by `perm` (the identity but for tile.trans).
 * When the layout does not wrap, a register's element is this thread's
 * element (one pointer for the whole tile) plus the register's constant
 * offset, which the back end folds into the access (st.shared [p+imm]);
 * LLVM's straight-line strength reduction, which tile's tools turn off
 * (tileSetProcessLlvmOptions), used to recover that form, at a cost. */
typedef struct {
  GpuLowering *g;
  const TileLayout *layout;
  const int64_t *regShape; /* the tile's shape (the layout's) */
  int rank;
  const int64_t *shape; /* the buffer's shape */
  const int32_t *perm;
  MlirValue base;
  MlirType elem;
  MlirValue threadPtr; /* null: the layout wraps, each register on its own */
} Placement;

static Placement place(GpuLowering *g, TileBuilder *b, const TileLayout *l,
                       const int64_t *regShape, int rank,
                       const int64_t *shape, const int32_t *perm,
                       MlirValue base, MlirType elem) {
  Placement p = {g, l, regShape, rank, shape, perm, base, elem, {NULL}};
  MlirValue part[TILE_MAX_LAYOUT_RANK], s[TILE_MAX_LAYOUT_RANK];
  if (!gpuThreadCoords(g, l, regShape, part))
    return p;
  for (int k = 0; k < rank; ++k)
    s[perm[k]] = mlirValueIsNull(part[k]) ? bConstIndex(b, 0) : part[k];
  p.threadPtr = gpuGep(b, p.base, gpuFlatIndex(b, rank, shape, s), elem);
  return p;
}

static MlirValue placeReg(TileBuilder *b, const Placement *p, int reg) {
  MlirValue c[TILE_MAX_LAYOUT_RANK], s[TILE_MAX_LAYOUT_RANK];
  if (mlirValueIsNull(p->threadPtr)) {
    gpuRegCoords(b, p->g, p->layout, p->rank, p->regShape, reg, c);
    for (int k = 0; k < p->rank; ++k)
      s[p->perm[k]] = c[k];
    return gpuGep(b, p->base, gpuFlatIndex(b, p->rank, p->shape, s),
                  p->elem);
  }
  int64_t k[TILE_MAX_LAYOUT_RANK] = {0}, sk[TILE_MAX_LAYOUT_RANK] = {0};
  tileLayoutRegCoords(p->layout, p->regShape, reg, k);
  for (int d = 0; d < p->rank; ++d)
    sk[p->perm[d]] = k[d];
  int64_t flat = constFlat(p->rank, p->shape, sk);
  return flat == 0 ? p->threadPtr
                   : gpuGep(b, p->threadPtr, bConstIndex(b, flat), p->elem);
}

static const int32_t kIdentity[TILE_MAX_LAYOUT_RANK] = {0, 1, 2};

/* Writes every register of `t` to base[flat(coords)], at tf32 precision
 * when `tf32` (an FMA dot's f32 inputs: docs/numerics.md). */
static void writeTile(GpuLowering *g, TileBuilder *b, MlirValue base,
                      const GpuTile *t, bool tf32) {
  int bytes = tileElemBytes(t->elem);
  Placement p = place(g, b, &t->layout, t->shape, t->rank, t->shape,
                      kIdentity, base, t->elem);
  for (int r = 0; r < t->numRegs; ++r) {
    MlirValue v = tf32 ? bTruncateToTf32(b, t->regs[r]) : t->regs[r];
    gpuStorePtr(b, gpuToStorage(b, v), placeReg(b, &p, r), bytes);
  }
}

static MlirValue readElement(TileBuilder *b, MlirValue ptr, MlirType elem) {
  return gpuFromStorage(
      b, gpuLoadPtr(b, ptr, gpuStorageType(elem), tileElemBytes(elem)), elem);
}

bool gpuLowerThroughShared(GpuLowering *g, TileBuilder *b, MlirOperation op) {
  GpuTile *srcp = gpuOperandTile(g, op, 0);
  if (!srcp)
    return false;
  MlirValue result = mlirOperationGetResult(op, 0);
  MlirType type = mlirValueGetType(result);
  if (srcp->uniform) {
    gpuSetTile(g, result, gpuTileUniform(type, srcp->scalar));
    return true;
  }
  GpuTile src = *srcp;
  TileLayout l;
  if (!gpuResultLayout(op, 0, &l))
    return false;
  GpuTile out = gpuTileAlloc(&l, type);
  if (!tileOpIsNamed(op, "tile.trans") &&
      tileLayoutSameRegisters(&src.layout, src.shape, &l, out.shape)) {
    /* Nothing moves: the same registers (or the same shared-memory tile of
     * a pipelined load, whose rows are the unit-free shape's). */
    if (!mlirValueIsNull(src.smem)) {
      free(out.regs);
      out.regs = NULL;
      out.numRegs = 0;
      out.smem = src.smem;
    } else {
      memcpy(out.regs, src.regs, (size_t)out.numRegs * sizeof *out.regs);
    }
    gpuSetTile(g, result, out);
    return true;
  }
  int32_t perm[TILE_MAX_LAYOUT_RANK] = {0, 1, 2};
  bool isTrans = tileOpIsNamed(op, "tile.trans");
  bool isReshape = tileOpIsNamed(op, "tile.reshape");
  if (isTrans) {
    MlirAttribute p = tileOpAttr(op, "permutation");
    for (int k = 0; k < out.rank; ++k)
      perm[k] = mlirDenseI32ArrayGetElement(p, k);
  }
  gpuNeedShared(g, numElements(src.rank, src.shape) * tileElemBytes(src.elem));
  MlirValue base = gpuSharedBase(b, g);
  gpuBarrier(g, b);
  writeTile(g, b, base, &src, false);
  gpuBarrier(g, b);
  /* A reshape reads its result in row-major order; the others read the
   * source's coordinates (permuted for a trans). */
  Placement p = place(g, b, &l, out.shape, out.rank,
                      isReshape ? out.shape : src.shape,
                      isTrans ? perm : kIdentity, base, src.elem);
  for (int r = 0; r < out.numRegs; ++r)
    out.regs[r] = readElement(b, placeReg(b, &p, r), src.elem);
  gpuSetTile(g, result, out);
  return true;
}

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

/* A dot input element in the accumulator type. */
static MlirValue widen(TileBuilder *b, MlirValue v, MlirType acc) {
  MlirType t = mlirValueGetType(v);
  if (mlirTypeEqual(t, acc))
    return v;
  return bCast(b, mlirTypeIsAInteger(acc) ? "arith.extsi" : "arith.extf", v,
               acc);
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
  writeTile(g, b, base, &A, tf32);
  writeTile(g, b, bBase, &B, tf32);
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
  TileBuilder body;
  MlirOperation loop = bFor(b, bConstIndex(b, 0), bConstIndex(b, K),
                            bConstIndex(b, 1), out.numRegs, C.regs, &body);
  MlirValue k = mlirBlockGetArgument(body.block, 0);
  MlirValue kN = bMuli(&body, k, bConstIndex(&body, N));
  MlirValue *next = calloc((size_t)out.numRegs, sizeof *next);
  bool isInt = mlirTypeIsAInteger(out.elem);
  for (int r = 0; r < out.numRegs; ++r) {
    MlirValue x = widen(
        &body,
        readElement(&body, gpuGep(&body, base, bAddi(&body, m[r], k), A.elem),
                    A.elem),
        out.elem);
    MlirValue y = widen(
        &body,
        readElement(&body,
                    gpuGep(&body, bBase, bAddi(&body, kN, n[r]), B.elem),
                    B.elem),
        out.elem);
    MlirValue acc = mlirBlockGetArgument(body.block, 1 + r);
    MlirValue p = bBinary(&body, isInt ? "arith.muli" : "arith.mulf", x, y);
    next[r] = bBinary(&body, isInt ? "arith.addi" : "arith.addf", acc, p);
  }
  bYield(&body, "scf.yield", out.numRegs, next);
  for (int r = 0; r < out.numRegs; ++r)
    out.regs[r] = mlirOperationGetResult(loop, r);
  free(m);
  free(n);
  free(next);
  gpuDotOperandTilesFree(&d, &A, &B, &C);
  gpuSetTile(g, result, out);
  return true;
}
