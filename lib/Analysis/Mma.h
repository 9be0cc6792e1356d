/* Which mma.sync instruction a tile.dot maps to, and the accumulator
 * layout it gets. tile-assign-layouts asks first (a dot with an
 * instruction gets the mma layout; one without keeps a blocked layout and
 * the FMA loop), TileToGPU asks again when it lowers the dot. */
#ifndef TILE_ANALYSIS_MMA_H
#define TILE_ANALYSIS_MMA_H

#include <stdbool.h>

#include "lib/Analysis/Layout.h"
#include "lib/Analysis/SmemLayout.h"
#include "mlir-c/IR.h"

typedef enum {
  MMA_F16,
  MMA_BF16,
  MMA_TF32,
  MMA_S8,
  MMA_E4M3, /* f8E4M3FN */
  MMA_E5M2, /* f8E5M2 */
} TileMmaInput;

typedef struct {
  TileMmaInput input; /* A's; B's is inputB (they differ only for fp8) */
  int k;            /* 16 (f16, bf16), 8 (tf32), 32 (s8, fp8); m16n8 always */
  int inputBytes;   /* bytes per input element in registers and memory */
  bool accF16;      /* f16 accumulator (else f32, or i32 for s8) */
  TileMmaInput inputB;
  /* fp8: only wgmma runs it (tileWgmmaFor); tile-widen-f8-dots gives the
   * dots wgmma cannot take f16 operands, so mma.sync never sees one. */
  bool wgmmaOnly;
} TileMmaInstr;

/* Whether `dot` takes f32 inputs at tf32 precision (its `precision` is
 * "tf32", the default): every lowering drops the inputs' low 13 mantissa
 * bits, the tensor cores by reading them, the others with
 * bTruncateToTf32. */
bool tileDotIsTf32(MlirOperation dot);

/* Whether an fp8 `dot` on wgmma adds its products into the f32
 * accumulator in f32 at least every TILE_F8_PROMOTE_K of k: Hopper's
 * tensor cores sum fp8 products in a narrower accumulator (13 mantissa
 * bits, truncated), so wgmma sums at most that many terms into a fresh
 * one, which f32 adds then carry into the accumulator (the promotion
 * cuBLAS does unless told fast accumulation). Not needed where the
 * accumulator is a zero constant and K is at most that; precision =
 * "fast" asks for the tensor cores' own sum over the whole K instead. */
enum { TILE_F8_PROMOTE_K = 128 };
bool tileDotPromotesF8(MlirOperation dot);

/* The instruction for `dot`, or false with a reason (for the remark):
 * element types without an instruction, precision = "ieee", or a shape
 * the instruction does not divide. fp8 (e4m3, e5m2, mixed) with an f32
 * accumulator gets an instruction marked wgmmaOnly. */
bool tileMmaInstrFor(MlirOperation dot, TileMmaInstr *out, const char **why);

/* tileMmaInstrFor, then what wgmma and tcgen05 take: f16, bf16, tf32 or
 * fp8 inputs with an f32 accumulator; else false with `refusal` as why. */
bool tileMmaAsyncInstrFor(MlirOperation dot, TileMmaInstr *in,
                          const char *refusal, const char **why);

/* Whether a dot's A operand in layout `a` is already its fragments in
 * registers: an mma layout whose warps all run along M, as the result's
 * do, for 16-bit inputs (the m16n8 accumulator's pairs are the m16n8k16 A
 * fragments of two neighbouring 16x8 blocks) and for fp8 on wgmma (the
 * same registers, rearranged by lane shuffles within each quad). */
bool tileMmaAFromRegisters(const TileLayout *a, const TileLayout *result,
                           const TileMmaInstr *in);

/* The tile.trans whose only use is `dot`'s B operand (a transposed 2-D
 * tile, as attention's K^T), or a null op. Its source, [N][K] row-major in
 * registers, is then stored as it is: B's transposed shared layout, read by
 * ldmatrix without .trans. No round trip through shared memory for the
 * trans, and 16-byte stores instead of element stores. */
MlirOperation tileMmaTransposedB(MlirOperation dot);

/* `op` is a tile.reshape that only drops unit leading dimensions of its
 * operand and, where the types have layouts, keeps every element in its
 * register (tileLayoutSameRegisters). */
bool tileMmaUnitReshape(MlirOperation op);
/* The tensor-core dots that `load`'s tile feeds, each as the same
 * operand (0: A, 1: B): every use of the tile (possibly after a reshape
 * that drops unit dimensions and moves nothing, a batch element's
 * [1][R][C] box of a rank-3 memref as [R][C]; tileMmaUnitReshape) is a
 * dot's operand, or B through a tile.trans whose only use is the dot
 * (tileMmaTransposedB), and every dot recorded the same shared-memory
 * layout for it, as the load's own tile lies in it (a B stored [N][K]
 * through the trans is the loaded tile row-major): one stored copy serves
 * them all (a backward attention's K, read as K^T for S = Q K^T and as
 * it is for dQ += dS K). Returns how many (at most maxDots) into dots, 0
 * when a use is no such dot, a dot recorded no layout or stores the tile
 * transposed (a copy cannot transpose), or the layouts differ.
 * tileMmaLoadOperand: the first of them. */
enum { TILE_MMA_MAX_LOAD_DOTS = 4 };
int tileMmaLoadDots(MlirOperation load, MlirOperation *dots, int maxDots,
                    int *operand, TileSmemLayout *stored);
bool tileMmaLoadOperand(MlirOperation load, MlirOperation *dot, int *operand,
                        TileSmemLayout *stored);

/* The accumulator layout for an MxN result on `numWarps` warps: warps
 * split the larger per-warp extent first; false when the warps cannot all
 * get a 16x8 block of their own. */
bool tileMmaLayoutFor(int64_t m, int64_t n, int numWarps, TileLayout *out);

/* The columns one MMA instruction covers of an N-wide result: N when it is
 * at most 256, else the largest multiple of `step` up to 256 that divides
 * N (0 when none does). wgmma's widths step by 64 here, tcgen05's by 16. */
int tileMmaInstrWidth(int64_t n, int step);

/* A dot's M, N (its result's sizes) and K (A's columns). */
void tileMmaDotShape(MlirOperation dot, int64_t *m, int64_t *n, int64_t *k);

/* Whether both operands of an M x N x K dot of instruction `in`, read
 * from shared memory by descriptor (wgmma, tcgen05), have rows of a width
 * the descriptors' swizzles describe (tileSmemLayoutForWgmma; B stored
 * [N][K] when bTransposed) and K is a whole number of instruction steps. */
bool tileMmaDescriptorOperands(int64_t M, int64_t N, int64_t K,
                               const TileMmaInstr *in, bool bTransposed);

/* Whether Hopper's wgmma runs `dot` on `chip` with `numWarps` warps, and
 * with how many columns per instruction (*n). It does when the chip has
 * it (sm_90a: wgmma is not in sm_90 nor in later majors), the inputs are
 * f16 or bf16 with an f32 accumulator, or fp8 with an f32 accumulator and
 * B read K-major (the source of a tile.trans, stored [N][K]: wgmma has no
 * transposed fp8 operands), the warps form warpgroups that
 * each own 64-row blocks of the result (M a multiple of 16 * numWarps, so
 * the accumulator is the mma layout with warps {numWarps, 1}), K is a
 * multiple of 16, and each operand's shared-memory rows are a width the
 * hardware swizzles describe (tileSmemLayoutForWgmma). *n is N when N is
 * at most 256, else the largest multiple of 64 dividing N up to 256.
 * Otherwise false with the reason in *why. */
bool tileWgmmaFor(MlirOperation dot, const char *chip, int numWarps, int *n,
                  const char **why);

#endif
