/* Distributed layouts as data: which thread holds which elements of a tile,
 * in which registers. Passes attach them to tile types as the tensor
 * encoding (layoutToAttr / layoutFromAttr); TileToGPU reads them back.
 *
 * blocked: per dimension d, a thread holds sizePerThread[d] consecutive
 *   elements; threadsPerWarp[d] lanes and warpsPerCTA[d] warps tile the
 *   dimension; the pattern repeats to cover the shape. Element coordinate
 *   of register (rep, s) in dim d for lane coordinate t and warp w:
 *     i_d = ((rep * W_d + w) * T_d + t) * S_d + s   (mod shape_d)
 *   so a CTA smaller than the tile repeats, and a tile smaller than the CTA
 *   is held by several threads (replicated). order[0] is the fastest dim
 *   (lanes and registers run along it first).
 * mma: the accumulator of mma.sync m16n8 (PTX ISA, "matrix fragments for
 *   mma.m16n8k*"), rank 2. Warps tile the matrix as warpsPerCTA {Wm, Wn},
 *   each warp a 16x8 block per repetition; lane l holds rows l/4 and
 *   l/4 + 8 of it, columns 2*(l%4) and 2*(l%4) + 1. Element coordinates
 *   of register (rep, i) along rows and (rep, j) along columns:
 *     row = (rep * Wm + wm) * 16 + 8 * i + l / 4
 *     col = (rep * Wn + wn) * 8 + 2 * (l % 4) + j
 *   Registers run columns first (j, then the column repetitions), so each
 *   pair of registers is two consecutive elements of a row. The blocked
 *   fields of an mma layout are filled canonically (sizePerThread {1, 2},
 *   threadsPerWarp {8, 4}, order {1, 0}) so code that asks for the vector
 *   width along the contiguous dim sees 2.
 * slice: the parent layout (blocked or mma) with dimension `dim` removed:
 *   what a reduction along `dim` leaves; each element is held by every
 *   thread that held some element of its line. */
#ifndef TILE_ANALYSIS_LAYOUT_H
#define TILE_ANALYSIS_LAYOUT_H

#include <stdbool.h>
#include <stdint.h>

#include "mlir-c/IR.h"

enum { TILE_MAX_LAYOUT_RANK = 3 };

typedef enum {
  LAYOUT_BLOCKED = 0,
  LAYOUT_SLICE = 1,
  LAYOUT_MMA = 2
} TileLayoutKind;

typedef struct {
  int rank; /* of the parent */
  int sizePerThread[TILE_MAX_LAYOUT_RANK];
  int threadsPerWarp[TILE_MAX_LAYOUT_RANK];
  int warpsPerCTA[TILE_MAX_LAYOUT_RANK];
  int order[TILE_MAX_LAYOUT_RANK]; /* order[0] fastest */
} TileBlocked;

typedef struct {
  TileLayoutKind kind;
  TileBlocked blocked; /* blocked, mma: the layout; slice: the parent's */
  TileLayoutKind parentKind; /* slice only: LAYOUT_BLOCKED or LAYOUT_MMA */
  int sliceDim;              /* slice only */
  /* mma (and slices of it): 0 for mma.sync's m16n8 blocks; N > 0 for
   * Hopper's wgmma m64nNk*, whose warpgroups each own 64 rows per
   * instruction (warps {numWarps, 1}: warp w holds rows 16w.. of each
   * repetition, which is where wgmma's D fragment puts them), N columns
   * per instruction. Which thread holds which element is the same
   * formula as for mma.sync; the instruction differs. */
  int wgmmaN;
  /* blocked only: the accumulator of a dot on Blackwell's tcgen05, read
   * from tensor memory by tcgen05.ld 32x32b (GpuTcgen05.c). Where elements
   * live is the blocked formula (tileLayoutTcgen05); the flag names the
   * instruction, as wgmmaN does, and tileLayoutSameRegisters ignores it. */
  bool tmem;
} TileLayout;

/* The default blocked layout for a tile of `shape` with `numWarps` warps:
 * `vector` consecutive elements per thread along `contiguousDim` (clamped
 * to the shape), lanes along that dimension first, warps along the
 * outermost dimensions first. */
TileLayout tileLayoutDefault(int rank, const int64_t *shape, int contiguousDim,
                             int vector, int numWarps);
/* The default layout of tile type `t`: `vector` elements per thread along
 * the innermost dimension, 0 meaning 16 bytes' worth (a coalesced 16-byte
 * access). */
TileLayout tileLayoutDefaultFor(MlirType t, int vector, int numWarps);
/* The mma.sync accumulator layout with warps {wm, wn}. */
TileLayout tileLayoutMma(int wm, int wn);
/* The wgmma accumulator layout: warps {numWarps, 1}, N columns per
 * instruction. */
TileLayout tileLayoutWgmma(int numWarps, int n);
/* The tcgen05 accumulator layout of a 128 x n result (tmem set): thread t
 * of warp w holds row 32 * (w % 4) + t, the lanes of tensor memory warp
 * w % 4 may access (PTX ISA, "tcgen05 Matrix fragments", datapath
 * layout D), and n / (numWarps / 4) consecutive columns, the (w / 4)-th
 * such block: blocked, sizePerThread {1, n/W}, threadsPerWarp {32, 1},
 * warpsPerCTA {4, W}, order {1, 0} (warps run along rows first). */
TileLayout tileLayoutTcgen05(int numWarps, int n);
TileLayout tileLayoutSlice(const TileLayout *parent, int dim);
/* The kind of the layout a slice was cut from (the layout's own kind for
 * blocked and mma). */
TileLayoutKind tileLayoutParentKind(const TileLayout *l);
/* The rank of the tensors this layout describes. */
int tileLayoutRank(const TileLayout *l);
bool tileLayoutEqual(const TileLayout *a, const TileLayout *b);
/* Whether a tile of shape `as` in layout `a` and one of shape `bs` in `b`
 * (as many elements, row-major order kept) put every element in the same
 * register of the same thread, so that converting one into the other moves
 * nothing: the layouts differ only in wgmmaN (which names a dot's
 * instruction, not where elements are), or they are blocked layouts that
 * differ only in unit dimensions no lane, warp or register spans (a
 * reshape that adds or drops them). */
bool tileLayoutSameRegisters(const TileLayout *a, const int64_t *as,
                             const TileLayout *b, const int64_t *bs);
/* The blocked layout `l` of a tile of shape `from` for the same tile
 * reshaped to `to` by adding or dropping unit dimensions only, with every
 * element where it was (tileLayoutSameRegisters); false for other reshapes
 * or layouts. */
bool tileLayoutReshapeUnitDims(const TileLayout *l, int fromRank,
                               const int64_t *from, int toRank,
                               const int64_t *to, TileLayout *out);

/* Registers per thread for a tile of `shape` (of rank tileLayoutRank). */
int tileLayoutNumRegs(const TileLayout *l, const int64_t *shape);
/* The bytes of its elements each thread holds of a tile of type `t` (its
 * registers times the element's bytes; 0 without a layout). */
int64_t tileTypeThreadBytes(MlirType t);
/* The static part of register `reg`'s coordinates: per tile dimension,
 * rep * W*T*S + s (see the file comment); the thread's part is added by
 * tileLayoutThreadOffset at run time. Registers run with s fastest, then
 * repetitions, along order[0] first. */
void tileLayoutRegCoords(const TileLayout *l, const int64_t *shape, int reg,
                         int64_t *coords);
/* Blocked layouts only: per dimension, how to find the thread's
 * coordinate offset: ((warp_d * T_d) + lane_d) * S_d, where
 * lane_d = (lane / laneStride[d]) % T_d and warp_d = (warp / warpStride[d])
 * % W_d. */
void tileLayoutThreadStrides(const TileBlocked *b, int *laneStride,
                             int *warpStride);
/* Elements per CTA pass along blocked dimension d: S_d * T_d * W_d. */
int tileBlockedCoverage(const TileBlocked *b, int d);

/* The thread's part of a coordinate along parent dimension d of any layout:
 * the sum over its terms of ((id / stride) % count) * scale, where id is
 * the lane or the warp. Two terms per dimension: the lane's, the warp's. */
typedef struct {
  bool warp; /* else the lane */
  int stride, count, scale;
} TileThreadTerm;
void tileLayoutThreadTerms(const TileLayout *l, int d, TileThreadTerm out[2]);
/* Elements per CTA pass along parent dimension d of any layout (a
 * coordinate past the tile's extent wraps: the tile is replicated). */
int tileLayoutCoverage(const TileLayout *l, int d);

/* The layout as an attribute (a dictionary) and back; false if `attr` is
 * not a layout. */
MlirAttribute tileLayoutToAttr(MlirContext ctx, const TileLayout *l);
bool tileLayoutFromAttr(MlirAttribute attr, TileLayout *out);
/* The tensor type `t` with layout `l` as its encoding. */
MlirType tileTypeWithLayout(MlirType t, const TileLayout *l);
/* Reads the layout of a tile type; false if it has none. */
bool tileTypeLayout(MlirType t, TileLayout *out);
/* Whether tile types `a` and `b` both have layouts and hold every element
 * in the same register (tileLayoutSameRegisters of their layouts and
 * shapes): a conversion or reshape between them moves nothing. */
bool tileTypesSameRegisters(MlirType a, MlirType b);

#endif
