/* tile.dot on tensor cores (mma.sync), for TileToGPU.
 *
 * Operands arrive in shared memory (pipelined loads, GpuPipeline.c) or in
 * registers (whatever layout their loads got), which the dot stages in
 * shared memory itself, in the layouts tile-promote-smem recorded; each
 * warp reads its fragments back with ldmatrix. (An A that is a chained
 * dot's result is used from registers: gpuMmaAInRegisters below.)
 *   A is stored [M][K], K contiguous; read with ldmatrix (.x4: one 16 x
 *     32-byte block, which is exactly the A fragment of m16n8k16 f16/bf16,
 *     m16n8k8 tf32 and m16n8k32 s8).
 *   B (16-bit types) is stored [K][N], N contiguous, and read with
 *     ldmatrix.trans (.x4: the fragments of two n-tiles).
 *   B (tf32, s8) is stored [N][K]: ldmatrix has no .trans for 32- and
 *     8-bit data, so the transpose happens when the tile is written.
 * The swizzle: shared memory is 8 chunks of 16 bytes per 128-byte line;
 * ldmatrix reads 8 rows at the same column chunk, so chunk c of row r is
 * stored at chunk c ^ phase(r), where phase runs over the chunks of a line
 * (rows shorter than a line share it: perPhase rows per phase). The 8
 * rows one ldmatrix reads then hit 8 different chunks, and the 16-byte
 * stores of the staging stay whole.
 *
 * The accumulator is in the mma layout (Layout.h): register (r_row, r_col)
 * with r_row = 2 * mTile + i, r_col = 2 * nTile + j is element c[2i + j] of
 * the mma of that m-tile and n-tile. */
#include "lib/Conversion/TileToGPU/GpuOps.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/Analysis/Mma.h"
#include "lib/IR/IR.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/LLVM.h"

/* ---- swizzled shared-memory tiles ------------------------------------- */

bool gpuDotSmemLayout(MlirOperation dot, int i, TileSmemLayout *out) {
  return tileSmemLayoutFromAttr(
      tileOpAttr(dot, i == 0 ? "tile.smem_a" : "tile.smem_b"), out);
}

static MlirValue divIdx(TileBuilder *b, MlirValue x, int64_t d) {
  return d == 1 ? x : bBinary(b, "arith.divui", x, bConstIndex(b, d));
}

static MlirValue remIdx(TileBuilder *b, MlirValue x, int64_t d) {
  return bBinary(b, "arith.remui", x, bConstIndex(b, d));
}

/* The address of element (row, col) of a stored tile. */
MlirValue gpuSmemAddr(TileBuilder *b, const GpuSmemTile *s, MlirValue row,
                      MlirValue col) {
  const TileSmemLayout *l = &s->layout;
  int64_t rowElems = l->rowElems;
  MlirValue blockStart = (MlirValue){NULL};
  if (l->blockElems > 0 && l->blockElems < l->rowElems) {
    /* wgmma's column blocks: block col / blockElems holds every row. */
    int64_t rows = l->bytes / (l->rowElems * l->elemBytes);
    blockStart = bMuli(b, divIdx(b, col, l->blockElems),
                       bConstIndex(b, rows * l->blockElems * l->elemBytes));
    col = remIdx(b, col, l->blockElems);
    rowElems = l->blockElems;
  }
  MlirValue bytes = bMuli(b, col, bConstIndex(b, l->elemBytes));
  MlirValue chunk = divIdx(b, bytes, 16);
  MlirValue within = remIdx(b, bytes, 16);
  if (l->maxPhase > 1) {
    MlirValue phase = remIdx(b, divIdx(b, row, l->perPhase), l->maxPhase);
    chunk = bBinary(b, "arith.xori", chunk, phase);
  }
  MlirValue off = bAddi(b, bMuli(b, row, bConstIndex(b, rowElems * l->elemBytes)),
                        bAddi(b, bMuli(b, chunk, bConstIndex(b, 16)), within));
  if (!mlirValueIsNull(blockStart))
    off = bAddi(b, blockStart, off);
  return gpuGep(b, s->base, off, mlirIntegerTypeGet(b->ctx, 8));
}



/* Registers of `t` that are consecutive along its dimension 1 in groups of
 * the returned size (at most 16 bytes). */
static int groupAlongCols(const GpuTile *t) {
  const TileLayout *l = &t->layout;
  if (l->kind == LAYOUT_SLICE || l->blocked.order[0] != 1)
    return 1;
  int v = l->blocked.sizePerThread[1];
  if (v > t->shape[1])
    v = (int)t->shape[1];
  while (v > 1 && v * tileElemBytes(t->elem) > 16)
    v /= 2;
  return v;
}

/* Writes tile `t` (rank 2) into `s`; transposed layouts put element (i, j)
 * at stored row j, column i. Consecutive registers along the stored row go
 * out as one vector store. */
void gpuWriteSmem(GpuLowering *g, TileBuilder *b, const GpuSmemTile *s,
                  const GpuTile *t) {
  gpuWriteSmemColumns(g, b, s, t, 0, t->shape[1]);
}

void gpuWriteSmemColumns(GpuLowering *g, TileBuilder *b, const GpuSmemTile *s,
                         const GpuTile *t, int64_t colLo, int64_t colHi) {
  bool transposed = s->layout.transposed;
  int eb = s->layout.elemBytes;
  int V = transposed ? 1 : groupAlongCols(t);
  int64_t vshape[] = {V};
  MlirType vtype = mlirVectorTypeGet(1, vshape, gpuStorageType(t->elem));
  MlirValue part[TILE_MAX_LAYOUT_RANK];
  bool opaque = g->opaqueSmemWrites &&
                gpuThreadCoords(g, &t->layout, t->shape, part);
  for (int k = 0; opaque && k < 2; ++k)
    if (!mlirValueIsNull(part[k]))
      part[k] = gpuOpaque(b, part[k]);
  for (int r = 0; r < t->numRegs; r += V) {
    int64_t at[2];
    tileLayoutRegCoords(&t->layout, t->shape, r, at);
    if (at[1] < colLo || at[1] >= colHi)
      continue;
    MlirValue c[2];
    if (opaque)
      for (int k = 0; k < 2; ++k)
        c[k] = mlirValueIsNull(part[k])
                   ? bConstIndex(b, at[k])
                   : bAddi(b, part[k], bConstIndex(b, at[k]));
    else
      gpuRegCoords(b, g, &t->layout, 2, t->shape, r, c);
    MlirValue ptr = transposed ? gpuSmemAddr(b, s, c[1], c[0])
                               : gpuSmemAddr(b, s, c[0], c[1]);
    if (V == 1) {
      gpuStorePtr(b, gpuToStorage(b, t->regs[r]), ptr, eb);
      continue;
    }
    MlirValue vec = gpuUndef(b, vtype);
    for (int e = 0; e < V; ++e)
      vec = gpuInsertElement(b, vec, gpuToStorage(b, t->regs[r + e]), e);
    gpuStorePtr(b, vec, ptr, V * eb);
  }
}

void gpuStageDotOperands(GpuLowering *g, TileBuilder *b, GpuSmemTile *sa,
                         const GpuTile *A, bool aInRegisters, GpuSmemTile *sb,
                         const GpuTile *B, bool bRows, int64_t align,
                         bool asyncReaders) {
  bool stageA = mlirValueIsNull(A->smem) && !aInRegisters;
  bool stageB = mlirValueIsNull(B->smem);
  if (!mlirValueIsNull(A->smem))
    sa->base = A->smem;
  if (!mlirValueIsNull(B->smem))
    sb->base = B->smem;
  int64_t aBytes = stageA ? (sa->layout.bytes + align - 1) / align * align : 0;
  int64_t bBytes = stageB ? sb->layout.bytes : 0;
  if (aBytes + bBytes == 0)
    return;
  gpuNeedShared(g, aBytes + bBytes);
  MlirValue base = gpuSharedBase(b, g);
  if (stageA)
    sa->base = base;
  if (stageB)
    sb->base =
        gpuGep(b, base, bConstIndex(b, aBytes), mlirIntegerTypeGet(g->ctx, 8));
  gpuBarrier(g, b);
  if (stageA)
    gpuWriteSmem(g, b, sa, A);
  if (stageB) {
    /* [N][K] rows are the source's rows: stored as they are. */
    GpuSmemTile rows = *sb;
    rows.layout.transposed = false;
    gpuWriteSmem(g, b, bRows ? &rows : sb, B);
  }
  if (asyncReaders)
    gpuFenceAsyncShared(b);
  gpuBarrier(g, b);
}

/* ---- nvvm ops ---------------------------------------------------------- */

static MlirValue extractField(TileBuilder *b, MlirValue s, int i,
                              MlirType type) {
  int64_t pos = i;
  TileNamedAttr attrs[] = {{"position", mlirDenseI64ArrayGet(b->ctx, 1, &pos)}};
  return bInsert(b, tileOpCreate(b->loc, "llvm.extractvalue", 1, &s, 1, &type,
                                 1, attrs));
}

static MlirType structOf(MlirContext ctx, int n, MlirType t) {
  MlirType fields[4] = {t, t, t, t};
  return mlirLLVMStructTypeLiteralGet(ctx, n, fields, false);
}

/* ldmatrix .x`num` (1, 2 or 4) from this lane's row address: `num` i32. */
static void ldmatrix(TileBuilder *b, MlirValue ptr, int num, bool trans,
                     MlirValue *out) {
  MlirContext ctx = b->ctx;
  MlirType i32 = tileI32Type(ctx);
  MlirType type = num == 1 ? i32 : structOf(ctx, num, i32);
  TileNamedAttr attrs[] = {
      {"num", tileI32Attr(ctx, num)},
      {"layout", tileParseAttr(ctx, trans ? "#nvvm.mma_layout<col>"
                                      : "#nvvm.mma_layout<row>")},
      {"shape", tileParseAttr(ctx, "#nvvm.ld_st_matrix_shape<m = 8, n = 8>")},
      {"eltType", tileParseAttr(ctx, "#nvvm.ld_st_matrix_elt_type<b16>")}};
  MlirValue r = bInsert(b, tileOpCreate(b->loc, "nvvm.ldmatrix", 1, &ptr, 1,
                                        &type, 4, attrs));
  for (int i = 0; i < num; ++i)
    out[i] = num == 1 ? r : extractField(b, r, i, i32);
}

static const char *ptxTypeName(TileMmaInput in) {
  switch (in) {
  case MMA_F16:
    return "#nvvm.mma_type<f16>";
  case MMA_BF16:
    return "#nvvm.mma_type<bf16>";
  case MMA_TF32:
    return "#nvvm.mma_type<tf32>";
  case MMA_S8:
    return "#nvvm.mma_type<s8>";
  case MMA_E4M3: /* wgmma only (Mma.h: wgmmaOnly) */
  case MMA_E5M2:
    break;
  }
  return "";
}

/* One mma.sync: a[4], bfrag[2] as i32, c[4] accumulator scalars (f32, i32
 * or f16); d[4] receives the results. */
static void mmaSync(TileBuilder *b, const TileMmaInstr *in, MlirValue *a,
                    MlirValue *bfrag, const MlirValue *c, MlirValue *d) {
  MlirContext ctx = b->ctx;
  MlirValue operands[10];
  int n = 0;
  MlirType f16 = mlirF16TypeGet(ctx);
  int64_t two[] = {2};
  MlirType f16x2 = mlirVectorTypeGet(1, two, f16);
  for (int i = 0; i < 4; ++i)
    operands[n++] = in->input == MMA_F16
                        ? bCast(b, "llvm.bitcast", a[i], f16x2)
                        : a[i];
  for (int i = 0; i < 2; ++i)
    operands[n++] = in->input == MMA_F16
                        ? bCast(b, "llvm.bitcast", bfrag[i], f16x2)
                        : bfrag[i];
  int nc = 4;
  MlirType accType = mlirValueGetType(c[0]);
  if (in->accF16) {
    /* Two f16x2 registers: (c0, c1) and (c2, c3). */
    nc = 2;
    for (int i = 0; i < 2; ++i) {
      MlirValue v = gpuUndef(b, f16x2);
      v = gpuInsertElement(b, v, c[2 * i], 0);
      operands[n++] = gpuInsertElement(b, v, c[2 * i + 1], 1);
    }
    accType = f16x2;
  } else {
    for (int i = 0; i < 4; ++i)
      operands[n++] = c[i];
  }
  char shape[64];
  snprintf(shape, sizeof shape, "#nvvm.shape<m = 16, n = 8, k = %d>", in->k);
  int32_t segments[] = {4, 2, nc};
  TileNamedAttr attrs[7] = {
      {"shape", tileParseAttr(ctx, shape)},
      {"layoutA", tileParseAttr(ctx, "#nvvm.mma_layout<row>")},
      {"layoutB", tileParseAttr(ctx, "#nvvm.mma_layout<col>")},
      {"multiplicandAPtxType", tileParseAttr(ctx, ptxTypeName(in->input))},
      {"multiplicandBPtxType", tileParseAttr(ctx, ptxTypeName(in->input))},
      {"operandSegmentSizes", mlirDenseI32ArrayGet(ctx, 3, segments)}};
  int nAttrs = 6;
  if (in->input == MMA_S8) /* integer sums wrap, as on the CPU */
    attrs[nAttrs++] = (TileNamedAttr){
        "intOverflowBehavior", tileParseAttr(ctx, "#nvvm.mma_int_overflow<wrapped>")};
  MlirType type = structOf(ctx, nc, accType);
  MlirValue r = bInsert(b, tileOpCreate(b->loc, "nvvm.mma.sync", n, operands,
                                        1, &type, nAttrs, attrs));
  if (!in->accF16) {
    for (int i = 0; i < 4; ++i)
      d[i] = extractField(b, r, i, accType);
    return;
  }
  for (int i = 0; i < 2; ++i) {
    MlirValue v = extractField(b, r, i, f16x2);
    for (int e = 0; e < 2; ++e) {
      d[2 * i + e] = gpuExtractElement(b, v, e, f16);
    }
  }
}

/* ---- the dot ----------------------------------------------------------- */

typedef struct {
  int64_t M, N, K;
  int wm, wn;         /* warps along M and N */
  int mTiles, nTiles; /* 16x8 blocks per warp along M and N */
  MlirValue warpM, warpN;
  MlirValue lane; /* g->lane, or opaque in a heavy loop (gpuLowerMmaDot) */
} WarpTiling;

/* Row of m-tile `i` of this warp (its first row), column of n-tile `j`. */
static MlirValue tileRow(TileBuilder *b, const WarpTiling *w, int i) {
  return bAddi(b, bConstIndex(b, (int64_t)i * w->wm * 16),
               bMuli(b, w->warpM, bConstIndex(b, 16)));
}

static MlirValue tileCol(TileBuilder *b, const WarpTiling *w, MlirValue j) {
  return bAddi(b, bMuli(b, j, bConstIndex(b, (int64_t)w->wn * 8)),
               bMuli(b, w->warpN, bConstIndex(b, 8)));
}

/* The A fragments (4 x i32) of m-tile i at k-step ks: ldmatrix.x4 over a
 * 16-row, 32-byte block; lane l addresses row l % 16 (lanes 8-15: rows
 * 8-15), 16-byte half l / 16. */
static void loadA(TileBuilder *b, GpuLowering *g, const GpuSmemTile *s,
                  const WarpTiling *w, const TileMmaInstr *in, int i, int ks,
                  MlirValue *out) {
  MlirValue row = bAddi(b, tileRow(b, w, i), remIdx(b, w->lane, 16));
  int halfElems = 16 / in->inputBytes;
  MlirValue col =
      bAddi(b, bConstIndex(b, (int64_t)ks * in->k),
            bMuli(b, divIdx(b, w->lane, 16), bConstIndex(b, halfElems)));
  ldmatrix(b, gpuSmemAddr(b, s, row, col), 4, false, out);
}

/* Whether A is already in registers as its fragments: an mma-layout tile
 * of 16-bit elements whose warps all run along M, as the result's do (a
 * chained dot, tile-assign-layouts). The m16n8 accumulator's thread holds
 * rows g and g+8, columns 2t and 2t+1 of each 16x8 block: exactly the A
 * fragment of m16n8k16 for two neighbouring blocks. */
bool gpuMmaAInRegisters(const GpuTile *a, const TileLayout *result,
                        const TileMmaInstr *in) {
  return mlirValueIsNull(a->smem) && !a->uniform &&
         tileMmaAFromRegisters(&a->layout, result, in);
}

/* A's fragments of m-tile i at k-step ks from its 16-bit registers:
 * pairs of column-neighbours packed into i32, in the order a0a1 (row g,
 * k-block 2ks), a2a3 (row g+8), a4a5 (row g, k-block 2ks+1), a6a7 (row
 * g+8). */
static void fragments16(TileBuilder *b, const GpuTile *a, int i, int ks,
                        MlirValue *out) {
  int colRegs = (int)(a->shape[1] / 8) * 2; /* one warp holds whole rows */
  int64_t two[] = {2};
  MlirType pair = mlirVectorTypeGet(1, two, a->elem);
  MlirType i32 = tileI32Type(b->ctx);
  for (int q = 0; q < 4; ++q) {
    int rowReg = 2 * i + q % 2, colBlock = 2 * ks + q / 2;
    int r = rowReg * colRegs + 2 * colBlock;
    MlirValue v = gpuUndef(b, pair);
    v = gpuInsertElement(b, v, a->regs[r], 0);
    v = gpuInsertElement(b, v, a->regs[r + 1], 1);
    out[q] = bCast(b, "llvm.bitcast", v, i32);
  }
}

/* prmt.b32 (default mode): byte i of the result is byte selector[4i+3:4i]
 * of {hi, lo} (lo bytes 0-3, hi 4-7). */
static MlirValue permute(TileBuilder *b, MlirValue lo, MlirValue hi,
                         MlirValue selector) {
  int32_t segments[] = {1, 1, 1};
  TileNamedAttr attrs[] = {
      {"mode", tileParseAttr(b->ctx, "#nvvm.permute_mode<default>")},
      {"operandSegmentSizes", mlirDenseI32ArrayGet(b->ctx, 3, segments)}};
  MlirValue operands[] = {lo, hi, selector};
  MlirType i32 = tileI32Type(b->ctx);
  return bInsert(
      b, tileOpCreate(b->loc, "nvvm.prmt", 3, operands, 1, &i32, 2, attrs));
}

/* The same from 8-bit registers, for fp8 wgmma m64nNk32. Its fragment (as
 * mma.sync m16n8k32's) gives lane t of a quad four neighbours of a row:
 * a0 = row g, k 4t..4t+3; a1 = row g+8; a2 = row g, k 16+4t..; a3 = row
 * g+8. The accumulator's lane t holds columns 2t, 2t+1 of each 8-column
 * block, so the four bytes a lane needs sit with two other lanes of its
 * quad: k 4t..4t+3 of a 16-column half are the pairs of lanes 2(t%2) and
 * 2(t%2)+1 in block t/2 of that half. Per row, a lane holds the k-step's
 * four blocks' pairs as X = (block 0's, block 1's) and Y = (2's, 3's)
 * (as the loop carries P, four bytes a register), and makes V0 = (block
 * 0's pair, block 2's) and V1 = (1's, 3's). Two shuffles per row then
 * bring each lane the two words it needs: in the first, lane t reads lane
 * s1(t) = 2(t%2) + t/2, which sends V(its own parity); in the second lane
 * s1(t) ^ 1, which sends V(the other parity). A lane with t/2 = 0 thereby
 * reads V0 (blocks 0 and 2) and one with t/2 = 1 reads V1, from both
 * lanes it needs; lanes with t/2 = 1 get them in the other order. The low
 * halves make a0 (a1), the high halves a2 (a3). Every choice a lane makes
 * by its parity or t/2 is a byte permutation whose selector it computes
 * once: four prmt and two shuffles a row and k-step (selects, shifts and
 * masks took about 28 instructions; FP8 attention, docs/performance.md). */
static void fragments8(TileBuilder *b, GpuLowering *g, const GpuTile *a, int i,
                       int ks, MlirValue *out) {
  int colRegs = (int)(a->shape[1] / 8) * 2;
  MlirType i32 = tileI32Type(b->ctx);
  MlirValue lane = bCast(b, "arith.index_cast", g->lane, i32);
  MlirValue c1 = bConstInt(b, i32, 1), c2 = bConstInt(b, i32, 2);
  MlirValue t = bBinary(b, "arith.andi", lane, bConstInt(b, i32, 3));
  MlirValue quad = bBinary(b, "arith.subi", lane, t);
  MlirValue odd = bCmpi(b, ARITH_NE, bBinary(b, "arith.andi", lane, c1),
                        bConstInt(b, i32, 0));
  MlirValue upper = bCmpi(b, ARITH_NE, bBinary(b, "arith.andi", t, c2),
                          bConstInt(b, i32, 0));
  MlirValue s1 = bBinary(b, "arith.ori",
                         bBinary(b, "arith.shli",
                                 bBinary(b, "arith.andi", t, c1), c1),
                         bBinary(b, "arith.shrui", t, c1));
  MlirValue from1 = bBinary(b, "arith.ori", quad, s1);
  MlirValue from2 = bBinary(b, "arith.xori", from1, c1);
  /* V0 = bytes 0, 1 of X and of Y; V1 = bytes 2, 3 of each. */
  MlirValue v0 = bConstInt(b, i32, 0x5410), v1 = bConstInt(b, i32, 0x7632);
  MlirValue sendFirst = bSelect(b, odd, v1, v0);
  MlirValue sendSecond = bSelect(b, odd, v0, v1);
  /* (first, second) = (r1, r2), or (r2, r1) where t/2 = 1: the low
   * halves of first and second, then their high halves. */
  MlirValue low = bSelect(b, upper, bConstInt(b, i32, 0x1054), v0);
  MlirValue high = bSelect(b, upper, bConstInt(b, i32, 0x3276), v1);
  for (int half = 0; half < 2; ++half) {
    int r = (2 * i + half) * colRegs + 2 * (4 * ks);
    MlirValue x = gpuPackBytes(b, a->regs + r, 4);
    MlirValue y = gpuPackBytes(b, a->regs + r + 4, 4);
    MlirValue r1 = gpuShuffleIdx(b, permute(b, x, y, sendFirst), from1);
    MlirValue r2 = gpuShuffleIdx(b, permute(b, x, y, sendSecond), from2);
    out[half] = permute(b, r1, r2, low);
    out[2 + half] = permute(b, r1, r2, high);
  }
}

void gpuMmaAFragments(TileBuilder *b, GpuLowering *g, const GpuTile *a,
                      int i, int ks, MlirValue *out) {
  if (tileElemBytes(a->elem) == 1)
    fragments8(b, g, a, i, ks, out);
  else
    fragments16(b, a, i, ks, out);
}

/* The B fragments (2 x i32 each) of n-tiles j and j + 1 (only j when
 * `pair` is false) at k-step ks. */
static void loadB(TileBuilder *b, GpuLowering *g, const GpuSmemTile *s,
                  const WarpTiling *w, const TileMmaInstr *in, int j, int ks,
                  bool pair, MlirValue *out) {
  int num = pair ? 4 : 2;
  /* Lanes 16-31 address the second n-tile. */
  MlirValue which = pair ? divIdx(b, w->lane, 16) : bConstIndex(b, 0);
  MlirValue nBase = tileCol(b, w, bAddi(b, bConstIndex(b, j), which));
  MlirValue half = remIdx(b, divIdx(b, w->lane, 8), 2);
  MlirValue row8 = remIdx(b, w->lane, 8);
  if (!s->layout.transposed) {
    /* [K][N]: rows are k; lanes 8-15 of each matrix pair: k + 8. */
    MlirValue k = bAddi(b, bConstIndex(b, (int64_t)ks * in->k),
                        bAddi(b, row8, bMuli(b, half, bConstIndex(b, 8))));
    ldmatrix(b, gpuSmemAddr(b, s, k, nBase), num, true, out);
    return;
  }
  /* [N][K]: rows are n; the second matrix of a pair is the upper 16 bytes
   * of k. */
  MlirValue n = bAddi(b, nBase, row8);
  MlirValue k = bAddi(b, bConstIndex(b, (int64_t)ks * in->k),
                      bMuli(b, half, bConstIndex(b, 16 / in->inputBytes)));
  ldmatrix(b, gpuSmemAddr(b, s, n, k), num, false, out);
}

bool gpuLowerMmaDot(GpuLowering *g, TileBuilder *b, MlirOperation op,
                    const TileMmaInstr *in, const GpuDotOperands *d) {
  GpuTile *ap = d->a, *bp = d->b, *cp = d->c;
  TileLayout l = d->result;
  /* The layout may come from the input (IR printed after
   * tile-assign-layouts, edited): it must tile the result exactly. Checked
   * before anything is built or allocated. */
  int wm = l.blocked.warpsPerCTA[0], wn = l.blocked.warpsPerCTA[1];
  /* B may still be its trans's source, N x K (keepTransSource). */
  bool bRows = bp->transposedSource;
  int64_t m = ap->shape[0], n = bp->shape[bRows ? 0 : 1];
  if (wm * wn != g->numWarps || m % (16 * wm) != 0 || n % (8 * wn) != 0) {
    tileEmitOpError(op,
                    "the mma layout (%dx%d warps) does not tile the %lldx%lld "
                    "result on %d warps in 16x8 blocks",
                    wm, wn, (long long)m, (long long)n, g->numWarps);
    return false;
  }
  MlirValue result = mlirOperationGetResult(op, 0);
  MlirType type = mlirValueGetType(result);
  GpuTile A, B, C;
  gpuDotOperandTiles(g, op, d, &A, &B, &C);
  /* tf32 operands go in as their f32 bits: the tensor cores drop the low
   * 13 mantissa bits, which is what precision = "tf32" means on every
   * target (the CPU path truncates the same way; wgmma, reading shared
   * memory, could do nothing else). */
  bool ownA = ap->uniform, ownB = bp->uniform;

  WarpTiling w;
  w.M = A.shape[0];
  w.K = A.shape[1];
  w.N = n;
  w.wm = wm;
  w.wn = wn;
  w.mTiles = (int)(w.M / (16 * w.wm));
  w.nTiles = (int)(w.N / (8 * w.wn));
  /* In a loop that holds many registers the lane and warp that ldmatrix's
   * addresses come from are opaque: hoisted out of the loop, ptxas
   * spilled the addresses and reloaded 27 a step before the one-pass
   * backward's dQ^T ldmatrix at d = 64 (sm_90a, beside wgmma dots). Only
   * there: sm_80's loops (a 128x128 GEMM's accumulator counts as many)
   * have not been timed either way. */
  bool heavy = g->loopHoldsManyRegisters && strcmp(g->chip, "sm_90a") == 0;
  MlirValue warp = g->warp;
  w.lane = g->lane;
  if (heavy) {
    warp = gpuOpaque(b, warp);
    w.lane = gpuOpaque(b, w.lane);
  }
  w.warpM = remIdx(b, divIdx(b, warp, w.wn), w.wm);
  w.warpN = remIdx(b, warp, w.wn);

  /* The operands' shared-memory layouts (tile-promote-smem's; the same
   * choice when that pass did not run). A has none when its fragments are
   * already in registers. */
  int eb = in->inputBytes;
  GpuSmemTile sa, sb;
  bool aRegs = gpuMmaAInRegisters(&A, &l, in);
  if (!gpuDotSmemLayout(op, 0, &sa.layout))
    sa.layout = tileSmemLayoutFor(w.M, w.K, eb, false);
  if (!gpuDotSmemLayout(op, 1, &sb.layout))
    sb.layout = tileSmemLayoutFor(w.K, w.N, eb, eb != 2);
  /* Stage the operands that are not in shared memory yet (pipelined
   * operands are: the loop's barrier made them visible), in a heavy loop
   * with addresses formed in the loop as for wgmma's (only on sm_90a,
   * where it was measured; GpuWgmma.c). */
  g->opaqueSmemWrites = heavy;
  gpuStageDotOperands(g, b, &sa, &A, aRegs, &sb, &B, bRows, 128, false);
  g->opaqueSmemWrites = false;

  /* Accumulate, k-step by k-step, every (m-tile, n-tile) of this warp. */
  GpuTile out = gpuTileAlloc(&l, type);
  int colRegs = 2 * w.nTiles;
  for (int r = 0; r < out.numRegs; ++r)
    out.regs[r] = C.regs[r];
  MlirValue *afrag = calloc((size_t)w.mTiles * 4, sizeof *afrag);
  MlirValue *bfrag = calloc((size_t)w.nTiles * 2, sizeof *bfrag);
  for (int ks = 0; ks < w.K / in->k; ++ks) {
    for (int i = 0; i < w.mTiles; ++i) {
      if (aRegs)
        gpuMmaAFragments(b, g, &A, i, ks, afrag + 4 * i);
      else
        loadA(b, g, &sa, &w, in, i, ks, afrag + 4 * i);
    }
    for (int j = 0; j < w.nTiles; j += 2)
      loadB(b, g, &sb, &w, in, j, ks, j + 1 < w.nTiles, bfrag + 2 * j);
    for (int i = 0; i < w.mTiles; ++i)
      for (int j = 0; j < w.nTiles; ++j) {
        int regs[4];
        MlirValue c[4], d[4];
        for (int q = 0; q < 4; ++q) {
          regs[q] = (2 * i + q / 2) * colRegs + 2 * j + q % 2;
          c[q] = out.regs[regs[q]];
        }
        mmaSync(b, in, afrag + 4 * i, bfrag + 2 * j, c, d);
        for (int q = 0; q < 4; ++q)
          out.regs[regs[q]] = d[q];
      }
  }
  free(afrag);
  free(bfrag);
  if (ownA)
    free(A.regs);
  if (ownB)
    free(B.regs);
  if (cp->uniform)
    free(C.regs);
  gpuSetTile(g, result, out);
  return true;
}
