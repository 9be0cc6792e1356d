/* The per-op lowerings of TileToGPU, one file per family. Here, in
 * lib/Conversion/TileToGPU/:
 *   GpuMemory.c  loads and stores (16-byte vectors on the fast path)
 *   GpuReduce.c  reductions (registers, lane shuffles, shared memory)
 *   GpuLibdevice.c  math ops as libdevice calls
 *   GpuElementwise.c  elementwise and scalar ops, constants, ranges
 *   GpuFp8.c     f8 casts two elements at a time
 *   GpuControlFlow.c  scf.for (with ../Pipeline/GpuPipeline.c) and scf.if
 *   GpuIndirect.c  tile.gather, tile.scatter, memref.load/store of scalars
 *   GpuAtomic.c  tile.atomic_rmw, tile.atomic_cas (atom/red, CAS loops)
 *   GpuScan.c    tile.scan (registers, lane shuffles, shared memory)
 *   GpuRandom.c  tile.rand, tile.randint (../Philox.h)
 *   GpuDebug.c   tile.print (vprintf), tile.assert (__assertfail)
 *   GpuThroughShared.c  layout conversions, trans, reshape (through
 *                shared memory)
 *   GpuValues.h  the lowering's state and values; its helpers in
 *                GpuValueMap.c, GpuTiles.c, GpuThreadCoords.c,
 *                GpuSharedMemory.c, GpuPointers.c, GpuInlinePtx.c
 *   GpuProgramScalars.c  program ids and sizes computed again where
 *                the kernel's own are out of reach
 *   GpuIntMinMax.c  i32 min/max as PTX vmin/vmax (a ptxas bug's
 *                workaround), once the kernel is lowered
 *   GpuNarrowSigned.c  i8/i16 read as signed, extended by bfe.s32
 *                (another ptxas bug's workaround), the same way
 * In lib/Conversion/DotOpToNVVM/, tile.dot:
 *   GpuDot.c     its operands, the FMA loop, and gpuLowerDot, which
 *                picks one of:
 *   GpuMma.c     tensor cores through ldmatrix and mma.sync (sm_80+)
 *   GpuWgmma.c   Hopper's warpgroup MMA (wgmma, sm_90a)
 *   GpuTcgen05.c Blackwell's tcgen05 MMA (sm_100a)
 * In lib/Conversion/Pipeline/, software pipelining:
 *   GpuPipeline.c  staged loops: prologue, iterations, epilogue, staged
 *                  gathers, loop-invariant operands; its parts
 *                  (PipelineParts.h): Plan.c, CpAsync.c, Tma.c (mbarriers),
 *                  WarpSpecialize.c (the producer warpgroup, persistence)
 *   GpuTmaStore.c  a wgmma accumulator's store through shared memory (TMA)
 * Each reads its operands from g->values, inserts code at b and records
 * its result; false after a located error. */
#ifndef TILE_CONVERSION_GPUOPS_H
#define TILE_CONVERSION_GPUOPS_H

#include <stdbool.h>

#include "lib/Analysis/Mma.h"
#include "lib/Analysis/SmemLayout.h"
#include "lib/Conversion/TileToGPU/GpuValues.h"

/* GpuElementwise.c: elementwise arith/math per register, scalar ops,
 * splat constants, tile.range, and the shape ops that move no data
 * (expand_dims at `axis`, broadcast with axis -1). */
bool gpuLowerElementwise(GpuLowering *g, TileBuilder *b, MlirOperation op);
bool gpuLowerScalarOp(GpuLowering *g, TileBuilder *b, MlirOperation op);
/* Scalar op `op` (at most 8 operands and results) on `operands` as
 * gpuLowerScalarOp computes it, its results in out: the producer's
 * program scalars (GpuProgramScalars.c) go through it, so both roles of
 * a warp-specialized kernel compute a float scalar to the same bits. */
void gpuScalarOpOn(GpuLowering *g, TileBuilder *b, MlirOperation op,
                   const MlirValue *operands, MlirValue *out);
bool gpuLowerConstant(GpuLowering *g, TileBuilder *b, MlirOperation op);
bool gpuLowerRange(GpuLowering *g, TileBuilder *b, MlirOperation op);
bool gpuLowerInPlace(GpuLowering *g, TileBuilder *b, MlirOperation op,
                     int axis);
/* GpuFp8.c: arith.extf / arith.truncf of f8 tiles on sm_89 and later, as
 * cvt two elements at a time (tile-numerics expands them for other chips). */
bool gpuIsFp8Convert(MlirOperation op);
bool gpuLowerFp8Convert(GpuLowering *g, TileBuilder *b, MlirOperation op);
/* GpuControlFlow.c: scf.for (software-pipelined where tile-pipeline said
 * so) and scf.if, their tiles carried as flat registers; the bodies go
 * back through g->lowerBlock. */
bool gpuLowerFor(GpuLowering *g, TileBuilder *b, MlirOperation op);
/* The iterations of a loop lb..ub step `step` (step > 0; 0 when
 * ub <= lb). */
MlirValue gpuTripCount(TileBuilder *b, MlirValue lb, MlirValue ub,
                       MlirValue step);

/* GpuStreamK.c: stream-K (g->streamK). gpuStreamKBegin: the role's
 * program (returned) and part, and *body, where the role's code goes (an
 * scf.if of the blocks that have work, to be ended with bYield);
 * gpuStreamKBounds: the loop's bounds cut to the part; gpuStreamKFixUp
 * (right after the loop, the kernel's warps): the parts' sums added,
 * *rest the place for the code after the loop (run by whole programs and
 * last parts only); gpuStreamKWorkspace: the module's workspace, once the
 * kernel is lowered. */
MlirValue gpuStreamKBegin(GpuLowering *g, TileBuilder *b, bool producer,
                          TileBuilder *body);
void gpuStreamKBounds(GpuLowering *g, TileBuilder *b, bool producer,
                      MlirValue *lb, MlirValue *ub, MlirValue step);
bool gpuStreamKFixUp(GpuLowering *g, TileBuilder *b, MlirOperation loop,
                     TileBuilder *rest);
void gpuStreamKWorkspace(GpuLowering *g);
bool gpuLowerIf(GpuLowering *g, TileBuilder *b, MlirOperation op);

bool gpuLowerLoad(GpuLowering *g, TileBuilder *b, MlirOperation op);
bool gpuLowerStore(GpuLowering *g, TileBuilder *b, MlirOperation op);
/* The tensor map tile.store `op` takes in this entry by a bulk tensor
 * store (tile.tma), or -1 where it goes element by element; *proven: its
 * offsets show every box starts inside the array at a 16-byte column
 * (else a run-time test picks; a rank-3 store needs the proof). */
int gpuTmaStoreMap(GpuLowering *g, MlirOperation op, bool *proven);
/* A tile.reshape to [1][R][C] whose one use is a store that
 * gpuTmaStoreMap sends out by TMA: its result takes the source's
 * registers as they are (the bulk store stages them from the
 * accumulator's layout itself) instead of a trip through shared memory;
 * false, doing nothing, otherwise. */
bool gpuReshapeForTmaStore(GpuLowering *g, MlirOperation reshape);
/* GpuMemory.c's accesses, for the v2 ops: `count` elements of `storage`
 * at `ptr`, read where `pred` holds (dflt[e] elsewhere) or written; one
 * predicated ld/st.global (vector when count > 1) in inline PTX. */
void gpuPredicatedLoad(TileBuilder *b, MlirValue pred, MlirValue ptr,
                       MlirType storage, int count, const MlirValue *dflt,
                       MlirValue *vals);
void gpuPredicatedStore(TileBuilder *b, MlirValue pred, MlirValue ptr,
                        MlirType storage, int count, const MlirValue *vals);
/* The op's `padding` attribute, else zero of `elem`. */
MlirValue gpuPaddingValue(TileBuilder *b, MlirOperation op, MlirType elem);
/* The global-space (addrspace 1) view of a kernel pointer. */
MlirValue gpuGlobalPtr(TileBuilder *b, MlirValue ptr);

/* v2 (docs/dialect.md, "v2"); the ops run in the layout of their tiles, which
 * tile-assign-layouts makes one (assignV2). */
bool gpuLowerGather(GpuLowering *g, TileBuilder *b, MlirOperation op);
/* A gather staged through shared memory (GpuPipeline.h): the bytes of one
 * stage's buffer, and the copies of its 16-byte groups into `buffer` for
 * the iteration whose index tiles are mapped now. */
int64_t gpuGatherStageBytes(const GpuLowering *g, MlirOperation op);
bool gpuGatherCopies(GpuLowering *g, TileBuilder *b, MlirOperation op,
                     MlirValue buffer);
bool gpuLowerScatter(GpuLowering *g, TileBuilder *b, MlirOperation op);
bool gpuLowerScalarMemory(GpuLowering *g, TileBuilder *b, MlirOperation op);
bool gpuLowerAtomic(GpuLowering *g, TileBuilder *b, MlirOperation op);
/* Atomics counted in shared memory (GpuAtomic.c): at the kernel's entry
 * (after the arguments are mapped), choose the memrefs and fill their
 * copies with the kind's identity; at its end, add the copies into
 * global memory. */
bool gpuPrivateAtomicsBegin(GpuLowering *g, TileBuilder *b);
void gpuPrivateAtomicsEnd(GpuLowering *g, TileBuilder *b);

/* GpuNarrowSigned.c: every scalar op of the lowered kernel `func` that
 * reads an i8/i16 operand as signed takes it sign-extended to i32 by PTX
 * bfe.s32, which ptxas does not fold into a negation (the file says how).
 * Before gpuIntMinMaxAsVideo, whose narrow signed min/max it widens. */
void gpuNarrowSignedSafe(MlirOperation func);

/* GpuIntMinMax.c: every scalar i32 min/max in the lowered kernel `func`
 * as PTX vmin/vmax, which ptxas does not fuse into the three-input form
 * it miscompiles (the file says how). */
void gpuIntMinMaxAsVideo(MlirOperation func);
bool gpuLowerScan(GpuLowering *g, TileBuilder *b, MlirOperation op);
bool gpuLowerRandom(GpuLowering *g, TileBuilder *b, MlirOperation op);
bool gpuLowerPrint(GpuLowering *g, TileBuilder *b, MlirOperation op);
bool gpuLowerAssert(GpuLowering *g, TileBuilder *b, MlirOperation op);
/* GpuReduce.c: the value of lane (lane xor offset), any scalar type. */
MlirValue gpuShuffleXor(TileBuilder *b, MlirValue v, int offset);
/* shfl.sync.up / .down by `delta` lanes (the lane's own value where the
 * source would leave the warp), any scalar type. */
MlirValue gpuShuffleUpDown(TileBuilder *b, MlirValue v, int delta, bool up);
/* The value of lane `lane` (an i32). */
MlirValue gpuShuffleIdx(TileBuilder *b, MlirValue v, MlirValue lane);
/* GpuTmaStore.c: a store tile-pipeline marked tile.tma, through shared
 * memory with a bulk tensor store on the entry's tensor map `map`. */
bool gpuLowerTmaStore(GpuLowering *g, TileBuilder *b, MlirOperation op,
                      int map);
/* GpuTmaReduce.c: an atomic add tile-pipeline marked tile.tma_reduce (a
 * box, tileTmaCanReduce), through shared memory with one bulk tensor
 * reduction on the entry's tensor map `map`. gpuTmaReduceBox reads the
 * box (false, nothing built, for an atomic that is not one): its
 * memref's rank, the tile dimension along each memref dimension (or -1)
 * and the index at the tile's first element, for gpuTmaReduceFits (an
 * i1: the box starts inside the memref, at a 16-byte column) and the
 * reduction. */
typedef struct {
  int rank;
  int dimOf[3];
  MlirValue origin[3];
} GpuTmaBox;
bool gpuTmaReduceBox(GpuLowering *g, TileBuilder *b, MlirOperation op,
                     GpuTmaBox *box);
MlirValue gpuTmaReduceFits(TileBuilder *b, const GpuTmaBox *box);
bool gpuLowerTmaReduce(GpuLowering *g, TileBuilder *b, MlirOperation op,
                       int map, const GpuTmaBox *box);
bool gpuLowerReduce(GpuLowering *g, TileBuilder *b, MlirOperation op);
/* GpuThroughShared.c: tile.convert_layout, tile.trans, tile.reshape. */
bool gpuLowerThroughShared(GpuLowering *g, TileBuilder *b, MlirOperation op);
/* Every register of `t` written to base[row-major flat index of its
 * coordinates], at tf32 precision when `tf32` (an FMA dot's f32 inputs:
 * docs/numerics.md); one element of `elem` read back from `ptr`. */
void gpuSharedWriteTile(GpuLowering *g, TileBuilder *b, MlirValue base,
                        const GpuTile *t, bool tf32);
MlirValue gpuSharedRead(TileBuilder *b, MlirValue ptr, MlirType elem);
/* The same into a row-major buffer of `shape` (the tile's rank), tile
 * dimension d going to the buffer's dimension perm[d]: a transposed box
 * laid out as memory holds it (GpuTmaReduce.c). */
void gpuSharedWriteTilePermuted(GpuLowering *g, TileBuilder *b,
                                MlirValue base, const GpuTile *t,
                                const int32_t *perm, const int64_t *shape);
/* The registers of `t` (its layout, shape and element set) from a
 * row-major buffer of its shape at `base`: gpuSharedWriteTile's reverse
 * (a pipelined plain box, GpuPipeline.c). */
void gpuSharedReadTile(GpuLowering *g, TileBuilder *b, MlirValue base,
                       GpuTile *t);
/* ../DotOpToNVVM/GpuDot.c: tensor cores when the result has the mma
 * layout and the dot an instruction (lib/Analysis/Mma.h), else the FMA
 * loop. */
bool gpuLowerDot(GpuLowering *g, TileBuilder *b, MlirOperation op);
/* A dot's lowered operands (A, B, the accumulator) and result layout. */
typedef struct {
  GpuTile *a, *b, *c;
  TileLayout result;
} GpuDotOperands;
/* The dot's operands as register tiles, a uniform one (a splat) expanded
 * into its layout, and with the shared-memory copy a pipelined loop made
 * of a loop-invariant one (GpuLowering.staged); gpuDotOperandTilesFree
 * frees the expansions. */
void gpuDotOperandTiles(const GpuLowering *g, MlirOperation op,
                        const GpuDotOperands *d, GpuTile *A, GpuTile *B,
                        GpuTile *C);
void gpuDotOperandTilesFree(const GpuDotOperands *d, GpuTile *A, GpuTile *B,
                            GpuTile *C);
bool gpuLowerMmaDot(GpuLowering *g, TileBuilder *b, MlirOperation op,
                    const TileMmaInstr *in, const GpuDotOperands *d);
/* Whether a dot's A is already its fragments in registers (a chained
 * dot's: an mma-layout tile of 16-bit elements whose warps all run along
 * M, as the result's do, or of fp8 on wgmma), and the 4 i32 fragments of
 * m-tile i (this warp's 16 rows of repetition i) at k-step ks (16
 * columns; 32 for fp8): mma.sync m16n8k16's A fragment, which is also
 * wgmma m64nNk16's A fragment of the warp's 16 rows of its warpgroup's
 * 64 (fp8: m64nNk32's, its bytes gathered from the quad by shuffles). */
bool gpuMmaAInRegisters(const GpuTile *a, const TileLayout *result,
                        const TileMmaInstr *in);
void gpuMmaAFragments(TileBuilder *b, GpuLowering *g, const GpuTile *a,
                      int i, int ks, MlirValue *out);
/* The same on Hopper's wgmma (GpuWgmma.c), for a result in the wgmma
 * layout (Layout.h: wgmmaN > 0). */
bool gpuLowerWgmmaDot(GpuLowering *g, TileBuilder *b, MlirOperation op,
                      const TileMmaInstr *in, const GpuDotOperands *d);

/* The same on Blackwell's tcgen05 (GpuTcgen05.c), for a result in the
 * tcgen05 layout (Layout.h: tmem). gpuTcgen05Begin allocates the tensor
 * memory at the kernel's entry when one of its dots needs it (false after
 * a located error: an accumulator too wide for it), gpuTcgen05End frees
 * it before the kernel returns; the static shared buffer they use is
 * GPU_TCGEN05_SHARED_BYTES long. */
bool gpuLowerTcgen05Dot(GpuLowering *g, TileBuilder *b, MlirOperation op,
                        const TileMmaInstr *in, const GpuDotOperands *d);
bool gpuTcgen05Begin(GpuLowering *g, TileBuilder *b);
/* A loop whose iter_arg i is a tcgen05 dot's accumulator, used by that
 * dot alone, whose result is yielded in place i, keeps it in tensor
 * memory: no registers carry it, no tcgen05.st/ld per iteration.
 * gpuTcgen05PlanLoop marks those iter_args (resident[i]; false when the
 * body has another tcgen05 dot, which shares the columns);
 * gpuTcgen05EnterLoop stores the initial value before the loop and
 * gpuTcgen05ExitLoop loads the loop's result i back into registers after
 * it. With inFlight (a software pipeline that lets the dot's MMAs run
 * into the next iteration, GpuPipeline.h: wgmmaInFlight) each iteration
 * commits to an mbarrier of its stage and waits for the previous
 * iteration's MMAs only (gpuTcgen05WaitLastIteration, for the last). gpuTcgen05IsResident:
 * whether value `v` is such an iter_arg, or the loop result. */
void gpuTcgen05PlanLoop(GpuLowering *g, MlirOperation loop, bool *resident);
bool gpuTcgen05IsResident(const GpuLowering *g, MlirValue v);
/* After an in-flight loop (GpuPipeline's epilogue, before it releases the
 * last stage): every thread waits for the last iteration's MMAs, if the
 * loop keeps an accumulator in tensor memory (else its dot waited). */
void gpuTcgen05WaitLastIteration(GpuLowering *g, TileBuilder *b,
                                 MlirOperation loop, MlirValue lb,
                                 MlirValue ub, MlirValue step);
void gpuTcgen05EnterLoop(GpuLowering *g, TileBuilder *b, MlirOperation loop,
                         intptr_t i, bool inFlight);
void gpuTcgen05ExitLoop(GpuLowering *g, TileBuilder *b, MlirOperation loop,
                        intptr_t i, bool inFlight);
void gpuTcgen05End(GpuLowering *g, TileBuilder *b);
/* CTA pairs (GpuLowering.ctaPairs): every thread of both blocks of the
 * cluster arrives (release) and waits (acquire) at the cluster barrier,
 * between the tcgen05 fences; and the address, as the bulk copies'
 * mbarrier operand takes it, of mbarrier `bar` (shared::cta) in the
 * pair's rank-0 block. */
void gpuTcgen05ClusterSync(TileBuilder *b);
MlirValue gpuPairLeaderMbarrier(TileBuilder *b, MlirValue bar);
enum { GPU_TCGEN05_MAX_STAGES = 8,
       GPU_TCGEN05_SHARED_BYTES = 16 + 8 * GPU_TCGEN05_MAX_STAGES };

/* fence.proxy.async.shared::cta: this thread's ordinary writes to shared
 * memory become visible to the async proxy (wgmma, bulk copies) once a
 * barrier follows. */
void gpuFenceAsyncShared(TileBuilder *b);

/* A shared-memory matrix descriptor of a tile laid out as `l` at `smem`,
 * for wgmma and tcgen05 alike: the same canonical layouts and fields (the
 * start >> 4, LBO, SBO, the swizzle), tcgen05 adding its fixed version
 * bits (GpuWgmma.c, GpuTcgen05.c). nMajor: the matrix is read N-major (B
 * stored [K][N]); else K-major, whose swizzled layouts ignore LBO. */
typedef struct {
  MlirValue base;     /* i64: the constant fields | (start >> 4) */
  TileSmemLayout layout;
  int64_t blockBytes; /* one column block: every stored row of it */
  int rowBytes;       /* of a row within a column block */
} GpuSmemDescriptor;
GpuSmemDescriptor gpuSmemDescriptor(TileBuilder *b, MlirValue smem,
                                    const TileSmemLayout *l, bool nMajor,
                                    bool tcgen05);
/* The bytes from the tile's start to column `col` (elements) of its row
 * 0: the column block's, then the 16-byte chunks within it (a start inside
 * a swizzle atom is what the chunks there hold). Row r adds r * rowBytes. */
int64_t gpuSmemDescriptorColumn(const GpuSmemDescriptor *d, int64_t col);

/* wgmma.wait_group n, and the pin that follows a wait for every
 * accumulator register it completed: each passes through an empty asm
 * ordered after the wait, so LLVM moves no use of it above the wait. */
void gpuWgmmaWait(TileBuilder *b, int n);
void gpuWgmmaPin(TileBuilder *b, MlirValue *regs, int n);
/* Deferred waits (a dot marked tile.defer_wait leaves its group in
 * flight): before `op` is lowered, waits for every deferred group whose
 * result `op` reads (an op with regions: every deferred group), and pins
 * what the wait completed; a null `op` waits for them all (the end of a
 * block, whose stages the pipeline then releases). */
void gpuWgmmaSettle(GpuLowering *g, TileBuilder *b, MlirOperation op);

/* Whether `op` may use the hardware's approximations: `afn` (or `fast`)
 * among its fastmath flags (docs/dialect.md, "Numerics"). */
bool gpuAllowsApproximation(MlirOperation op);
/* The libdevice function elementwise `op` on `elem` becomes, or NULL when
 * it stays as it is (for convert-gpu-to-nvvm). */
const char *gpuLibdeviceFunction(MlirOperation op, MlirType elem);
/* A call of `function` on n scalars (f32, or f16 through f32), declaring it
 * in the gpu.module on first use. */
MlirValue gpuLibdeviceCall(GpuLowering *g, TileBuilder *b,
                           const char *function, intptr_t n,
                           const MlirValue *args);

/* A dot operand in shared memory at `base`, in the swizzled layout
 * tile-promote-smem chose (lib/Analysis/SmemLayout.h). */
typedef struct {
  MlirValue base; /* !llvm.ptr<3> */
  TileSmemLayout layout;
} GpuSmemTile;
/* The address of stored element (row, col): for a transposed layout the
 * caller passes the tile's (col, row). */
MlirValue gpuSmemAddr(TileBuilder *b, const GpuSmemTile *s, MlirValue row,
                      MlirValue col);
/* Whether scf.for `loop` holds many registers a thread (GpuWgmma.c);
 * gpuLowerFor keeps the answer in g->loopHoldsManyRegisters while it
 * lowers the body (whose ops are rewritten as it goes). */
bool gpuLoopHoldsManyRegisters(const GpuLowering *g, MlirOperation loop);
/* Writes register tile `t` (rank 2) into `s`; a transposed layout puts
 * element (i, j) at stored row j, column i. Consecutive registers along a
 * stored row go out as one vector store. */
void gpuWriteSmem(GpuLowering *g, TileBuilder *b, const GpuSmemTile *s,
                  const GpuTile *t);
/* The same for the registers whose static column (tileLayoutRegCoords) is
 * in [colLo, colHi): a column block of a tile whose threads' own column
 * offsets stay inside one block (the mma layouts with warps along rows
 * only, whose thread part is below 8 columns). */
void gpuWriteSmemColumns(GpuLowering *g, TileBuilder *b, const GpuSmemTile *s,
                         const GpuTile *t, int64_t colLo, int64_t colHi);
/* Stages a dot's operands in the scratch buffer, between barriers: A at
 * its start (unless it is in shared memory already, or its fragments are
 * in registers), B after A rounded up to `align` bytes (unless in shared
 * memory already); a B that is its trans's source (bRows) is stored
 * [N][K] as it is. With asyncReaders (wgmma), the writes are fenced for
 * the async proxy. Sets both bases (an operand already in shared memory
 * keeps its own). */
void gpuStageDotOperands(GpuLowering *g, TileBuilder *b, GpuSmemTile *sa,
                         const GpuTile *A, bool aInRegisters, GpuSmemTile *sb,
                         const GpuTile *B, bool bRows, int64_t align,
                         bool asyncReaders);
/* The layout tile-promote-smem recorded for operand `i` (0: A, 1: B) of
 * mma dot `dot`; false when it recorded none. */
bool gpuDotSmemLayout(MlirOperation dot, int i, TileSmemLayout *out);

#endif
