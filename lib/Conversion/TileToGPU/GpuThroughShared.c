/* Ops that move data between threads through shared memory, for
 * TileToGPU: tile.convert_layout, tile.trans and tile.reshape, and the
 * writes and reads of a whole tile they are made of (also the FMA dot's,
 * ../DotOpToNVVM/GpuDot.c). Each use brackets its writes with barriers,
 * so one scratch buffer (sized by the largest use) serves them all. */
#include "lib/Conversion/TileToGPU/GpuOps.h"

#include <stdlib.h>
#include <string.h>

#include "lib/IR/IR.h"
#include "mlir-c/BuiltinAttributes.h"

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

void gpuSharedWriteTile(GpuLowering *g, TileBuilder *b, MlirValue base,
                        const GpuTile *t, bool tf32) {
  int bytes = tileElemBytes(t->elem);
  Placement p = place(g, b, &t->layout, t->shape, t->rank, t->shape,
                      kIdentity, base, t->elem);
  for (int r = 0; r < t->numRegs; ++r) {
    MlirValue v = tf32 ? bTruncateToTf32(b, t->regs[r]) : t->regs[r];
    gpuStorePtr(b, gpuToStorage(b, v), placeReg(b, &p, r), bytes);
  }
}

void gpuSharedWriteTilePermuted(GpuLowering *g, TileBuilder *b,
                                MlirValue base, const GpuTile *t,
                                const int32_t *perm, const int64_t *shape) {
  int bytes = tileElemBytes(t->elem);
  Placement p =
      place(g, b, &t->layout, t->shape, t->rank, shape, perm, base, t->elem);
  for (int r = 0; r < t->numRegs; ++r)
    gpuStorePtr(b, gpuToStorage(b, t->regs[r]), placeReg(b, &p, r), bytes);
}

void gpuSharedReadTile(GpuLowering *g, TileBuilder *b, MlirValue base,
                       GpuTile *t) {
  Placement p = place(g, b, &t->layout, t->shape, t->rank, t->shape,
                      kIdentity, base, t->elem);
  for (int r = 0; r < t->numRegs; ++r)
    t->regs[r] = gpuSharedRead(b, placeReg(b, &p, r), t->elem);
}

MlirValue gpuSharedRead(TileBuilder *b, MlirValue ptr, MlirType elem) {
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
  gpuSharedWriteTile(g, b, base, &src, false);
  gpuBarrier(g, b);
  /* A reshape reads its result in row-major order; the others read the
   * source's coordinates (permuted for a trans). */
  Placement p = place(g, b, &l, out.shape, out.rank,
                      isReshape ? out.shape : src.shape,
                      isTrans ? perm : kIdentity, base, src.elem);
  for (int r = 0; r < out.numRegs; ++r)
    out.regs[r] = gpuSharedRead(b, placeReg(b, &p, r), src.elem);
  gpuSetTile(g, result, out);
  return true;
}
