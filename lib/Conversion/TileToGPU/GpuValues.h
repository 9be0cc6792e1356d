/* TileToGPU's lowering state (GpuLowering), its values, and the helpers
 * every per-op lowering uses. Defined in this folder:
 *   GpuValueMap.c      the value map, operand and result access
 *   GpuTiles.c         a tile's registers
 *   GpuThreadCoords.c  a thread's coordinates in a layout
 *   GpuSharedMemory.c  shared memory and barriers
 *   GpuPointers.c      storage types, vector lanes, GEPs, loads, stores
 *   GpuInlinePtx.c     inline PTX
 *
 * Every tile value of the kernel becomes, in the entry, the registers
 * its layout gives this thread (GpuTile): an array of scalars in the order
 * of tileLayoutRegCoords, or one scalar when the tile is uniform (a splat:
 * every register the same). Scalars (index, i32, f32 ...) map to one value.
 * Memrefs map to the kernel parameters of the ABI (pointer, sizes,
 * strides). */
#ifndef TILE_CONVERSION_GPUVALUES_H
#define TILE_CONVERSION_GPUVALUES_H

#include <stdbool.h>
#include <stdint.h>

#include "lib/Analysis/Layout.h"
#include "lib/Analysis/MemoryOrder.h"
#include "lib/Analysis/Tma.h"
#include "lib/Conversion/TileToGPU/TileToGPU.h"
#include "lib/IR/Build.h"
#include "lib/IR/DType.h"
#include "mlir-c/IR.h"

typedef struct {
  bool uniform;
  MlirValue scalar; /* uniform tiles and scalars */
  TileLayout layout;
  int rank;
  int64_t shape[TILE_MAX_LAYOUT_RANK];
  MlirType elem;
  int numRegs;
  MlirValue *regs;
  /* A tile that lives in shared memory instead (a pipelined dot operand,
   * GpuPipeline.c): its base, rows of shape[1] elements, swizzled as
   * gpuSmemTile lays them out; no registers. */
  MlirValue smem;
  /* The registers (shape, layout) are those of the tile.trans's source: a
   * dot's B that is stored as it is ([N][K]; tileMmaTransposedB). */
  bool transposedSource;
  /* A tcgen05 accumulator that a loop keeps in tensor memory
   * (GpuTcgen05.c): no registers; its dot reads and writes it there. */
  bool tmem;
} GpuTile;

typedef struct {
  MlirValue ptr; /* !llvm.ptr (global) */
  int rank;
  MlirValue sizes[TILE_MAX_LAYOUT_RANK];   /* index */
  MlirValue strides[TILE_MAX_LAYOUT_RANK]; /* index */
  bool unitInnerStride; /* statically 1: vector accesses are possible */
  MlirType elem;
} GpuMemref;

typedef enum { GPU_SCALAR, GPU_TILE, GPU_MEMREF } GpuValueKind;

typedef struct {
  GpuValueKind kind;
  GpuTile tile;     /* GPU_TILE (and the scalar of GPU_SCALAR) */
  GpuMemref memref; /* GPU_MEMREF */
} GpuValue;

/* GpuValueMap.c: an open-addressing map from kernel values to GpuValues. */
typedef struct {
  const void **keys;
  GpuValue *values;
  size_t cap, size;
} GpuValueMap;

void gpuMapInit(GpuValueMap *m);
void gpuMapFree(GpuValueMap *m);
void gpuMapPut(GpuValueMap *m, MlirValue key, GpuValue value);
/* NULL if absent. */
GpuValue *gpuMapGet(GpuValueMap *m, MlirValue key);

enum { GPU_MAX_WS_LOOPS = 8, GPU_MAX_PRODUCER_LOADS = 4 };
/* wgmma groups in flight past their dot at once (tile.defer_wait). */
enum { GPU_MAX_DEFERRED_WGMMA = 4 };

/* A stream-K block's work (GpuStreamK.c), index values: the programs
 * that run whole (`whole`) and the parts each of the last wave's splits
 * into (`split`), set where the role's loop over its work starts; and
 * for the item at hand, part `piece` of `pieces` (1: the whole loop) of
 * the splitIndex-th split program. */
typedef struct {
  MlirValue whole, split;
  MlirValue piece, pieces, splitIndex;
} GpuStreamKPart;

/* State shared by the lowering of one kernel. */
typedef struct GpuLowering {
  MlirContext ctx;
  MlirOperation gpuModule;
  const char *chip; /* the target, "sm_90a" ... */
  TileGpuMma mma;
  MlirOperation kernel; /* the tile kernel being lowered */
  /* The aligned entry's tensor maps (lib/Analysis/Tma.h), parameters of
   * the entry; and the mbarriers of the TMA pipelines (a static buffer,
   * 8 bytes per stage, sized by the deepest). */
  int numTmaMaps;
  MlirValue tmaMaps[TILE_TMA_MAX_MAPS];
  int64_t mbarrierBytes;
  char mbarrierName[160];
  TileBuildCache cache; /* the function's constants and pure ops */
  MlirValue lane, warp;   /* index values at the function entry */
  int numWarps;
  int blocksPerSm; /* that share an SM (tile.blocks_per_sm; 1 without) */
  /* Warp specialization (tile.producer_warps): warps numWarps and up form
   * the producer warpgroup, which branches off at the entry into a block
   * of its own; `producer` appends to it (GpuPipeline.c fills it). */
  int producerWarps;
  TileBuilder producer;
  /* Its loops, set up at the entry (gpuPipelineSetUpProducer): where each
   * one's mbarriers start in their buffer. */
  struct {
    MlirOperation loop;
    int64_t base;
    /* The loop's iterations this block ran before (a persistent kernel's
     * earlier programs; 0 otherwise), as each role sees it at the point
     * of lowering: the stages' mbarrier phases go on from there. */
    MlirValue done, producerDone;
  } wsLoops[GPU_MAX_WS_LOOPS];
  int numWsLoops;
  bool wsSetUp;
  /* Loads the producer copies by TMA (tile-pipeline's tile.producer_load,
   * ProducerLoads.c). Before those loops, into the buffer where a loop
   * reads it as an invariant dot operand: the buffer (bytes into the
   * pipeline region), the mbarrier the copy completes on (bytes into
   * theirs), the warp-specialized loops that read it (a bit each) and the
   * first of them, whose producer issues it. After the last loop
   * (`trailing`, the rotated attention loop's last V): into the stage
   * the loop's run would use next, as load `slot` of the loop `first`,
   * on that stage's mbarriers. */
  struct {
    MlirOperation load;
    int64_t offset, barrier;
    unsigned loops;
    int first;
    bool trailing;
    int slot;
  } producerLoads[GPU_MAX_PRODUCER_LOADS];
  int numProducerLoads;
  /* A persistent kernel (tile.persistent): each block runs programs
   * blockIdx.x, + gridDim.x, ... below `programs` (a parameter of the
   * entry); `program` is the one the kernel's warps run at the point. */
  bool persistent;
  MlirValue programs, program, producerProgram;
  /* Stream-K (tile.stream_k, GpuStreamK.c): the loop it splits (null
   * when none; streamK then), the entry's parameters (`programs`, and the
   * programs that run whole and the parts the others split into), and
   * what each role (the kernel's warps, the producer's) runs. Like a
   * persistent kernel's, its program along axis 0 is `program`
   * (producerProgram). */
  bool streamK;
  MlirOperation skLoop;
  MlirValue skWhole, skParts;
  GpuStreamKPart skPart, skProducerPart;
  /* tile.program_order (lib/Transforms/OrderPrograms.h): the program
   * axis (0 or 1) whose heaviest programs the first blocks run, and
   * whether those are its last; orderAxis -1: blocks run programs in
   * launch order. */
  int orderAxis;
  bool orderReversed;
  /* Dynamic shared memory: the software-pipeline buffers (the largest
   * pipelined loop's) at its start, live only inside pipelined loops; the
   * scratch buffer starts after them inside such a loop and at 0
   * elsewhere (liveness: the pipeline buffers are dead there). */
  int64_t pipeBytes;
  int inPipelinedLoop;    /* depth of pipelined loops around the point */
  int64_t smemBytes;      /* the end of the furthest scratch use so far */
  int64_t reduceBytes;    /* reductions' own regions, one after another */
  char smemName[160];     /* this entry's shared-memory globals */
  char reduceName[160];
  /* The aligned variant: every memref's base is 16-byte aligned and its
   * inner size and outer strides are multiples of 16 bytes (the launcher
   * checks), so vector groups at provably aligned offsets are either wholly
   * inside the memref or wholly outside. */
  bool assumeAligned16;
  /* This thread's part of a tile coordinate (gpuRegCoords), built once at
   * the function's entry per distinct pair of thread terms: every
   * register of every tile in that layout then adds only its constant. */
  struct {
    TileThreadTerm terms[2];
    MlirValue value;
  } threadParts[32];
  int numThreadParts;
  /* Set while a dot in a loop that holds many registers writes operands
   * to shared memory (GpuWgmma.c): the writes' thread parts go through
   * gpuOpaque, so their addresses are formed in the loop, not hoisted. */
  bool opaqueSmemWrites;
  TileGpuRemarks remarks;
  /* The dispatcher (TileToGPU.c): lowers every op of a block but its
   * terminator; region ops (GpuControlFlow.c) lower their bodies with it. */
  bool (*lowerBlock)(struct GpuLowering *g, TileBuilder *b, MlirBlock block);
  /* One op (a staged gather's index math, lowered again for a later
   * iteration: GpuPipeline.c). */
  bool (*lowerOp)(struct GpuLowering *g, TileBuilder *b, MlirOperation op);
  /* A dot runs on wgmma: its shared-memory operands need 1024-byte
   * aligned buffers (the dynamic shared memory is declared so). */
  bool usesWgmma;
  /* Inside a pipelined loop whose wgmma dots leave their group in flight
   * (GpuPipeline.h: wgmmaInFlight). */
  bool wgmmaInFlight;
  /* The scf.for being lowered holds many registers a thread
   * (gpuLoopHoldsManyRegisters): its dots form descriptors and staging
   * addresses in the loop, through gpuOpaque. */
  bool loopHoldsManyRegisters;
  /* wgmma groups committed so far in the function (in the lowering's
   * program order), and the dots marked tile.defer_wait whose group is
   * still in flight: each is waited for at the first op that reads its
   * result, or at the end of its block (gpuWgmmaSettle). */
  int wgmmaCommits;
  struct {
    MlirValue result;
    int commit; /* wgmmaCommits after its commit */
  } deferred[GPU_MAX_DEFERRED_WGMMA];
  int numDeferred;
  /* Blackwell (GpuTcgen05.c): the tensor memory the kernel's tcgen05
   * dots accumulate in, allocated at the entry (tmemColumns, 0 when
   * none), its address (i32), and the static shared buffer holding the
   * address slot and the mbarrier tcgen05.commit arrives on. */
  int64_t tmemColumns;
  MlirValue tmemBase;
  /* CTA pairs (tile.cta_pairs, aligned entry only): the block is one of a
   * cluster of two along x, its rank in it (i32) in ctaRank; rank 0 issues
   * the pair's MMAs (GpuTcgen05.c) and its mbarriers count both blocks'
   * copies (GpuPipeline.c). */
  bool ctaPairs;
  MlirValue ctaRank;
  /* TMA multicast (tile.multicast, aligned entry only; Multicast.h): the
   * block is one of a cluster of two along x, its rank in ctaRank. As
   * they start the two compare what their loop's B is computed from
   * (gpuPipelineSetUpProducer): mcShared (i1) says they read the same B,
   * and mcPartner (i32) is the rank whose mbarriers this block's
   * releases also arrive on: the other block when they share B, else
   * its own (so every mbarrier counts the same arrivals either way). */
  bool multicast;
  MlirValue mcShared, mcPartner;
  /* Non-null: tile.program_id is computed as if blockIdx.x were this
   * (an index), for the other block of a multicast cluster. */
  MlirValue blockX;
  char tmemName[160];
  /* Atomics counted in shared memory first (GpuAtomic.c,
   * gpuPrivateAtomicsBegin): per memref, its elements at `offset` bytes
   * into the static buffer privateName. */
  int numPrivate;
  struct {
    MlirValue memref; /* the kernel argument */
    int64_t elems, offset;
    MlirStringRef kind;
    MlirOperation first; /* one of its atomics (kind, scope) */
  } priv[4];
  int64_t privateBytes;
  char privateName[160];
  /* The kernel values (iter_args, the dots' results that are yielded)
   * whose tiles stay in tensor memory (gpuTcgen05PlanLoop). */
  MlirValue tmemResident[16];
  int numTmemResident;
  /* Dot operands a pipelined loop around the point staged in shared
   * memory before it (GpuPipeline.h: GpuInvariantOperand): the dot reads
   * them there (gpuDotOperandTiles). */
  struct {
    MlirOperation dot;
    int operand;
    MlirValue smem;
  } staged[8];
  int numStaged;
  /* The accesses a barrier must precede, so that the program's threads
   * see its own loads and stores in program order (MemoryOrder.h). */
  TileMemoryOrder memoryOrder;
  bool failed;
  GpuValueMap values;
} GpuLowering;

/* Says op's string attribute `name`, a pass's decision and its reason
 * (tile.num_stages_why, tile.persistent_why, ...), as a remark at op,
 * when op has it and the compile takes remarks (TileToGPU.c). */
void gpuRemarkFromAttr(GpuLowering *g, MlirOperation op, const char *name);

/* ---- GpuValueMap.c: operand and result access ------------------------- */

/* The tile (or uniform tile) an operand maps to; NULL after an error. */
GpuTile *gpuOperandTile(GpuLowering *g, MlirOperation op, intptr_t i);
/* The scalar an operand maps to. */
MlirValue gpuOperandScalar(GpuLowering *g, MlirOperation op, intptr_t i);
/* Records `t` as the lowering of `v`. */
void gpuSetTile(GpuLowering *g, MlirValue v, GpuTile t);
void gpuSetScalar(GpuLowering *g, MlirValue v, MlirValue scalar);
/* The layout of a result type, or a located error. */
bool gpuResultLayout(MlirOperation op, intptr_t i, TileLayout *out);
/* Whether kernel value `v` is a tile (a ranked tensor). */
bool gpuIsTensor(MlirValue v);

/* ---- GpuTiles.c: a tile's registers ------------------------------------ */

/* A tile value with `numRegs` fresh slots (malloc'ed; freed with the map). */
GpuTile gpuTileAlloc(const TileLayout *l, MlirType tensorType);
GpuTile gpuTileUniform(MlirType tensorType, MlirValue scalar);
/* Register i of t (the scalar if uniform). */
MlirValue gpuTileReg(const GpuTile *t, int i);
/* A uniform tile expanded into registers of layout `l`. */
GpuTile gpuTileMaterialize(const GpuTile *t, const TileLayout *l);

/* ---- GpuThreadCoords.c: a thread's coordinates in a layout ------------- */

/* This thread's coordinates of register `reg` of a tile in layout `l`:
 * index values, one per tile dimension. */
void gpuRegCoords(TileBuilder *b, GpuLowering *g, const TileLayout *l,
                  int rank, const int64_t *shape, int reg, MlirValue *out);

/* This thread's part of the coordinates of every register of a tile in
 * layout `l` (a null value where it is 0): gpuRegCoords gives part[d] plus
 * the register's constant (tileLayoutRegCoords). False when a dimension
 * wraps (a replicated layout), where the coordinate is not that sum. */
bool gpuThreadCoords(GpuLowering *g, const TileLayout *l, const int64_t *shape,
                     MlirValue *part);

/* Whether this thread holds the copy of register `reg` of a tile in layout
 * `l` that counts: a replicated layout (wider than the tile, or a slice)
 * gives several threads each element, and an op with effects (an atomic,
 * a print) must act once per element. An i1, or a null value where every
 * holder counts (the layout holds each element once). */
MlirValue gpuOwnsRegister(TileBuilder *b, GpuLowering *g, const TileLayout *l,
                          const int64_t *shape, int reg);
/* Row-major flat index of `coords` in `shape` (index values). */
MlirValue gpuFlatIndex(TileBuilder *b, int rank, const int64_t *shape,
                       const MlirValue *coords);

/* ---- GpuSharedMemory.c: shared memory and barriers --------------------- */

/* The start of the dynamic shared memory (the pipeline buffers). */
MlirValue gpuDynamicSharedBase(TileBuilder *b, GpuLowering *g);
/* The shared-memory scratch buffer as an !llvm.ptr<3>, sized by the
 * largest request (gpuNeedShared): after the pipeline buffers inside a
 * pipelined loop and in a persistent kernel, over them elsewhere. */
MlirValue gpuSharedBase(TileBuilder *b, GpuLowering *g);
void gpuNeedShared(GpuLowering *g, int64_t bytes);
/* A region of `bytes` that only this reduction uses (@__tile_smem_reduce):
 * outside loops nothing else writes it, so it needs no barrier before its
 * writes; *inLoop says whether one is needed (the next iteration reuses it). */
MlirValue gpuReduceScratch(TileBuilder *b, GpuLowering *g, int64_t bytes,
                           bool *inLoop);
/* A barrier over the kernel's warps: bar.sync 0 for the whole block, or,
 * with a producer warpgroup, a named barrier it does not take part in. */
MlirValue gpuBarrier(const GpuLowering *g, TileBuilder *b);
/* bar.sync `id`, `threads` (a multiple of 32). */
enum { GPU_BARRIER_CONSUMERS = 1 };
/* The static shared memory PTX allows every chip (48 KiB). */
enum { GPU_STATIC_SHARED_BYTES = 48 * 1024 };
MlirValue gpuNamedBarrier(TileBuilder *b, int id, int threads);
/* Points every use of shared global `from` in `func` at `offset` bytes
 * into global `to` instead (false, changing nothing, out of memory). */
bool gpuSharedMoveBuffer(MlirOperation func, const char *from, const char *to,
                         int64_t offset);
/* The address of the entry's shared-memory global `name` (!llvm.ptr<3>). */
MlirValue gpuSharedGlobal(TileBuilder *b, const char *name);

/* ---- GpuPointers.c: elements in memory through LLVM pointers ----------- */

/* Element storage type in memory (i1 is stored as i8, f8 as its bits in
 * an i8: LLVM has no f8 type, and vectors of it do not convert); its bytes
 * are tileElemBytes (lib/IR/DType.h). */
MlirType gpuStorageType(MlirType elem);
/* A value converted to / from its storage type. */
MlirValue gpuToStorage(TileBuilder *b, MlirValue v);
MlirValue gpuFromStorage(TileBuilder *b, MlirValue v, MlirType elem);
/* &base[index] for an element of `elem` (address space from base). */
MlirValue gpuGep(TileBuilder *b, MlirValue base, MlirValue index,
                 MlirType elem);
MlirValue gpuLoadPtr(TileBuilder *b, MlirValue ptr, MlirType type,
                     int alignment);
void gpuStorePtr(TileBuilder *b, MlirValue value, MlirValue ptr,
                 int alignment);
/* An undefined value of type `t` (lanes a vector's inserts then fill). */
MlirValue gpuUndef(TileBuilder *b, MlirType t);
/* `count` (1-4) 8-bit values (i8 or f8) in one i32, the first in the low
 * byte (the rest undefined), and back: `count` values of type `elem`. */
MlirValue gpuPackBytes(TileBuilder *b, const MlirValue *bytes, int count);
void gpuUnpackBytes(TileBuilder *b, MlirValue word, int count, MlirType elem,
                    MlirValue *out);
MlirValue gpuIndexToI64(TileBuilder *b, MlirValue v);
/* Lane e of vector `vec` (of element type `type`), and `vec` with lane e
 * replaced by `v`. */
MlirValue gpuExtractElement(TileBuilder *b, MlirValue vec, int e,
                            MlirType type);
MlirValue gpuInsertElement(TileBuilder *b, MlirValue vec, MlirValue v, int e);

/* ---- GpuInlinePtx.c ---------------------------------------------------- */

/* Inline PTX (llvm.inline_asm) with `nResults` (at most 16) results of
 * `resultType` each (an LLVM struct when more than one; *results gets them
 * one by one). sideEffects: kept even when its results are unused (stores). */
void gpuInlinePtx(TileBuilder *b, const char *text, const char *constraints,
                  intptr_t nOperands, const MlirValue *operands, int nResults,
                  MlirType resultType, bool sideEffects, MlirValue *results);

/* v (an integer or index scalar) through an empty asm kept where it is:
 * the same value, which LLVM cannot see is loop-invariant, so what is
 * computed from it stays in the loop instead of one hoisted register per
 * result. */
MlirValue gpuOpaque(TileBuilder *b, MlirValue v);

/* Passes n 32-bit values of type t (f32 or i32) through empty asm
 * (`comment` names them in the PTX) kept where it is, so no use of them
 * moves above it: after the wait for an asynchronous instruction that
 * wrote their registers (wgmma, tcgen05.ld). */
void gpuPinValues(TileBuilder *b, const char *comment, MlirValue *regs, int n,
                  MlirType t);

#endif
