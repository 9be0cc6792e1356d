/* TileToCPU; see TileToCPU.h. Each tile op is replaced by the upstream ops
 * that compute the same tile, one element at a time:
 *   shape ops, range, splat, loads, dot, reduce -> tensor.generate
 *   stores                                      -> scf.for nests
 * Bounds and masks guard every memory access with scf.if, so out-of-bounds
 * and masked-off elements are never read or written (docs/dialect.md). The
 * element-at-a-time form is slow but exactly as specified: this is the
 * reference GPU results are checked against. The v2 ops (gather, scatter,
 * atomics, scan, random numbers, print, assert) are lowered in the Cpu*.c
 * files (CpuOps.h). */
#include "lib/Conversion/TileToCPU/TileToCPU.h"

#include <stdlib.h>
#include <string.h>

#include "lib/Analysis/Mma.h"
#include "lib/Conversion/Combiner.h"
#include "lib/Conversion/TileToCPU/CpuOps.h"
#include "lib/IR/Build.h"
#include "lib/IR/IR.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

const char tileCpuLLVMPipeline[] =
    "builtin.module("
    "func.func(convert-elementwise-to-linalg),"
    "one-shot-bufferize{bufferize-function-boundaries allow-return-allocs-from-loops "
    "function-boundary-type-conversion=identity-layout-map},"
    "buffer-deallocation-pipeline,"
    "func.func(convert-linalg-to-loops),"
    "func.func(math-extend-to-supported-types),"
    "func.func(arith-emulate-unsupported-floats{source-types=bf16 "
    "target-type=f32}),"
    "arith-expand{include-bf16=true},"
    "convert-scf-to-cf,expand-strided-metadata,lower-affine,"
    "finalize-memref-to-llvm{use-generic-functions},"
    "convert-math-to-llvm{approximate-log1p=false},"
    "convert-math-to-libm,"
    /* One conversion for four dialects: four walks of the whole kernel
     * had been a tenth of the pipeline. memref and math keep their own,
     * for their options. */
    "convert-to-llvm{filter-dialects=arith,index,func,cf},"
    "reconcile-unrealized-casts)";

enum { kMaxRank = 3 };

typedef struct {
  MlirValue programId[3];
  MlirValue numPrograms[3];
} ProgramArgs;

static MlirValue operand(MlirOperation op, intptr_t i) {
  return mlirOperationGetOperand(op, i);
}

static MlirType resultType(MlirOperation op) {
  return mlirValueGetType(mlirOperationGetResult(op, 0));
}

static intptr_t rankOf(MlirType shaped) {
  return mlirShapedTypeGetRank(shaped);
}

static int64_t dimOf(MlirType shaped, intptr_t d) {
  return mlirShapedTypeGetDimSize(shaped, d);
}

static MlirType elemOf(MlirType shaped) {
  return mlirShapedTypeGetElementType(shaped);
}

/* The tile type without any layout encoding: the CPU has no layouts. */
MlirType tileCpuPlainTile(MlirType t) {
  int64_t shape[kMaxRank];
  intptr_t rank = rankOf(t);
  for (intptr_t d = 0; d < rank; ++d)
    shape[d] = dimOf(t, d);
  return mlirRankedTensorTypeGet(rank, shape, elemOf(t),
                                 mlirAttributeGetNull());
}

static void blockIndices(const TileBuilder *body, intptr_t rank,
                         MlirValue *idx) {
  for (intptr_t d = 0; d < rank; ++d)
    idx[d] = mlirBlockGetArgument(body->block, d);
}

static MlirValue zeroOf(TileBuilder *b, MlirType elem) {
  if (mlirTypeIsAInteger(elem) || mlirTypeIsAIndex(elem))
    return bConstInt(b, elem, 0);
  return bConstFloat(b, elem, 0.0);
}

/* Ends a generate body yielding `v` and returns the generated tile. */
static MlirValue finishGenerate(MlirOperation gen, TileBuilder *body,
                                MlirValue v) {
  bYield(body, "tensor.yield", 1, &v);
  return mlirOperationGetResult(gen, 0);
}

/* source[idx] as the result element at `resultIdx` for ops that only move
 * elements: the caller maps result indices to source indices. */
typedef void (*IndexMap)(TileBuilder *body, MlirOperation op,
                         const MlirValue *resultIdx, MlirValue *sourceIdx);

static MlirValue lowerMove(MlirOperation op, IndexMap map) {
  TileBuilder b = tileBuilderBefore(op);
  MlirValue source = operand(op, 0);
  TileBuilder body;
  MlirType type = tileCpuPlainTile(resultType(op));
  MlirOperation gen = bGenerate(&b, type, &body);
  MlirValue idx[kMaxRank], sourceIdx[kMaxRank];
  blockIndices(&body, rankOf(type), idx);
  map(&body, op, idx, sourceIdx);
  MlirValue v = bExtract(&body, source, rankOf(mlirValueGetType(source)),
                         sourceIdx);
  return finishGenerate(gen, &body, v);
}

/* broadcast: size-1 source dimensions read index 0. */
static void broadcastMap(TileBuilder *body, MlirOperation op,
                         const MlirValue *idx, MlirValue *src) {
  MlirType source = mlirValueGetType(operand(op, 0));
  for (intptr_t d = 0; d < rankOf(source); ++d)
    src[d] = dimOf(source, d) == 1 ? bConstIndex(body, 0) : idx[d];
}

/* expand_dims: drop the new unit dimension. */
static void expandDimsMap(TileBuilder *body, MlirOperation op,
                          const MlirValue *idx, MlirValue *src) {
  (void)body;
  int64_t axis = 0;
  tileOpIntAttr(op, "axis", &axis);
  intptr_t rank = rankOf(resultType(op)), k = 0;
  for (intptr_t d = 0; d < rank; ++d)
    if (d != axis)
      src[k++] = idx[d];
}

/* reshape: row-major linear index, then the source's coordinates. */
static void reshapeMap(TileBuilder *body, MlirOperation op,
                       const MlirValue *idx, MlirValue *src) {
  MlirType result = resultType(op);
  MlirType source = mlirValueGetType(operand(op, 0));
  MlirValue linear = bConstIndex(body, 0);
  for (intptr_t d = 0; d < rankOf(result); ++d)
    linear = bAddi(body, bMuli(body, linear, bConstIndex(body, dimOf(result, d))),
                   idx[d]);
  int64_t stride = 1;
  for (intptr_t d = rankOf(source) - 1; d >= 0; --d) {
    MlirValue q = bBinary(body, "arith.divui", linear,
                          bConstIndex(body, stride));
    src[d] = bBinary(body, "arith.remui", q,
                     bConstIndex(body, dimOf(source, d)));
    stride *= dimOf(source, d);
  }
}

/* trans: result dimension k is source dimension permutation[k]. */
static void transMap(TileBuilder *body, MlirOperation op,
                     const MlirValue *idx, MlirValue *src) {
  (void)body;
  MlirAttribute perm = tileOpAttr(op, "permutation");
  intptr_t rank = rankOf(resultType(op));
  for (intptr_t k = 0; k < rank; ++k)
    src[mlirDenseI32ArrayGetElement(perm, k)] = idx[k];
}

static MlirValue lowerSplat(MlirOperation op) {
  TileBuilder b = tileBuilderBefore(op), body;
  MlirOperation gen = bGenerate(&b, tileCpuPlainTile(resultType(op)), &body);
  return finishGenerate(gen, &body, operand(op, 0));
}

static MlirValue lowerRange(MlirOperation op) {
  TileBuilder b = tileBuilderBefore(op), body;
  int64_t start = 0;
  tileOpIntAttr(op, "start", &start);
  MlirType i32 = mlirIntegerTypeGet(b.ctx, 32);
  MlirValue first = bConstInt(&b, i32, start);
  MlirOperation gen = bGenerate(&b, tileCpuPlainTile(resultType(op)), &body);
  MlirValue i = mlirBlockGetArgument(body.block, 0);
  MlirValue v = bAddi(&body, bCast(&body, "arith.index_cast", i, i32), first);
  return finishGenerate(gen, &body, v);
}

/* The mask and first-offset operand positions of the memory ops. */
typedef struct {
  intptr_t mask;   /* -1 when unmasked */
  intptr_t offset; /* first offset operand */
  intptr_t mem;
} MemoryOperands;

static MemoryOperands memoryOperands(MlirOperation op) {
  if (tileOpIsNamed(op, "tile.load"))
    return (MemoryOperands){-1, 1, 0};
  if (tileOpIsNamed(op, "tile.load_masked"))
    return (MemoryOperands){1, 2, 0};
  if (tileOpIsNamed(op, "tile.store"))
    return (MemoryOperands){-1, 2, 1};
  return (MemoryOperands){2, 3, 1}; /* tile.store_masked */
}

/* Whether element `idx` of the box at `offsets` lies inside the memref
 * (sizes `dims`) and, for masked ops, is selected by the mask. Sets `g` to
 * the element's memref indices. */
static MlirValue elementEnabled(TileBuilder *b, MlirOperation op,
                                MemoryOperands m, const MlirValue *dims,
                                intptr_t rank, const MlirValue *idx,
                                MlirValue *g) {
  MlirValue zero = bConstIndex(b, 0);
  MlirValue enabled = bConstInt(b, mlirIntegerTypeGet(b->ctx, 1), 1);
  for (intptr_t d = 0; d < rank; ++d) {
    g[d] = bAddi(b, operand(op, m.offset + d), idx[d]);
    enabled = bAndi(b, enabled, bCmpi(b, ARITH_SGE, g[d], zero));
    enabled = bAndi(b, enabled, bCmpi(b, ARITH_SLT, g[d], dims[d]));
  }
  if (m.mask >= 0)
    enabled = bAndi(b, enabled, bExtract(b, operand(op, m.mask), rank, idx));
  return enabled;
}

static void memrefDims(TileBuilder *b, MlirValue mem, intptr_t rank,
                       MlirValue *dims) {
  for (intptr_t d = 0; d < rank; ++d)
    dims[d] = bDim(b, mem, d);
}

static MlirValue lowerLoad(MlirOperation op) {
  TileBuilder b = tileBuilderBefore(op), body, thenB, elseB;
  MemoryOperands m = memoryOperands(op);
  MlirValue mem = operand(op, m.mem);
  MlirType type = tileCpuPlainTile(resultType(op));
  MlirType elem = elemOf(type);
  intptr_t rank = rankOf(type);
  MlirValue dims[kMaxRank];
  memrefDims(&b, mem, rank, dims);
  MlirAttribute padding = tileOpAttr(op, "padding");
  MlirValue pad = mlirAttributeIsNull(padding) ? zeroOf(&b, elem)
                                               : bConstAttr(&b, padding);
  MlirOperation gen = bGenerate(&b, type, &body);
  MlirValue idx[kMaxRank], g[kMaxRank];
  blockIndices(&body, rank, idx);
  MlirValue enabled = elementEnabled(&body, op, m, dims, rank, idx, g);
  MlirOperation ifOp = bIf(&body, enabled, 1, &elem, true, &thenB, &elseB);
  MlirValue loaded = bLoad(&thenB, mem, rank, g);
  bYield(&thenB, "scf.yield", 1, &loaded);
  bYield(&elseB, "scf.yield", 1, &pad);
  return finishGenerate(gen, &body, mlirOperationGetResult(ifOp, 0));
}

/* Stores have no result: an scf.for nest over the tile, one guarded
 * memref.store per element. */
static void lowerStore(MlirOperation op) {
  TileBuilder b = tileBuilderBefore(op);
  MemoryOperands m = memoryOperands(op);
  MlirValue value = operand(op, 0), mem = operand(op, m.mem);
  MlirType type = mlirValueGetType(value);
  intptr_t rank = rankOf(type);
  MlirValue dims[kMaxRank], idx[kMaxRank], g[kMaxRank];
  memrefDims(&b, mem, rank, dims);
  MlirValue zero = bConstIndex(&b, 0), one = bConstIndex(&b, 1);
  TileBuilder loops[kMaxRank + 1];
  loops[0] = b;
  for (intptr_t d = 0; d < rank; ++d) {
    bFor(&loops[d], zero, bConstIndex(&loops[d], dimOf(type, d)), one, 0, NULL,
         &loops[d + 1]);
    idx[d] = mlirBlockGetArgument(loops[d + 1].block, 0);
  }
  TileBuilder *inner = &loops[rank], thenB;
  MlirValue enabled = elementEnabled(inner, op, m, dims, rank, idx, g);
  bIf(inner, enabled, 0, NULL, false, &thenB, NULL);
  bStore(&thenB, bExtract(&thenB, value, rank, idx), mem, rank, g);
  bYield(&thenB, "scf.yield", 0, NULL);
  for (intptr_t d = rank; d >= 1; --d)
    bYield(&loops[d], "scf.yield", 0, NULL);
}

/* One dot input element, at tf32 precision where the dot asks for it. */
static MlirValue dotInput(TileBuilder *b, MlirValue v, bool tf32) {
  return tf32 ? bTruncateToTf32(b, v) : v;
}

/* result[m, n] = acc[m, n] + sum over k of a[m, k] * b[k, n], in order of k,
 * in the accumulator type (f32 for an f16 accumulator: bDotSumType). */
static MlirValue lowerDot(MlirOperation op) {
  TileBuilder b = tileBuilderBefore(op), body, loop;
  MlirValue a = operand(op, 0), bm = operand(op, 1), acc = operand(op, 2);
  MlirType type = tileCpuPlainTile(resultType(op));
  MlirType accElem = elemOf(type);
  bool isInt = mlirTypeIsAInteger(accElem);
  bool tf32 = tileDotIsTf32(op);
  int64_t k = dimOf(mlirValueGetType(a), 1);
  MlirValue zero = bConstIndex(&b, 0), one = bConstIndex(&b, 1);
  MlirValue kEnd = bConstIndex(&b, k);
  MlirOperation gen = bGenerate(&b, type, &body);
  MlirValue mn[2];
  blockIndices(&body, 2, mn);
  MlirType sumType = bDotSumType(accElem);
  MlirValue init = bExtract(&body, acc, 2, mn);
  if (!mlirTypeEqual(sumType, accElem))
    init = bCast(&body, "arith.extf", init, sumType);
  MlirOperation forOp = bFor(&body, zero, kEnd, one, 1, &init, &loop);
  MlirValue kk = mlirBlockGetArgument(loop.block, 0);
  MlirValue sum = mlirBlockGetArgument(loop.block, 1);
  MlirValue aIdx[] = {mn[0], kk}, bIdx[] = {kk, mn[1]};
  MlirValue x = dotInput(&loop, bExtract(&loop, a, 2, aIdx), tf32);
  MlirValue y = dotInput(&loop, bExtract(&loop, bm, 2, bIdx), tf32);
  MlirValue product = bDotProduct(&loop, x, y, sumType);
  MlirValue next =
      bBinary(&loop, isInt ? "arith.addi" : "arith.addf", sum, product);
  bYield(&loop, "scf.yield", 1, &next);
  MlirValue r = mlirOperationGetResult(forOp, 0);
  if (!mlirTypeEqual(sumType, accElem))
    r = bCast(&body, "arith.truncf", r, accElem);
  return finishGenerate(gen, &body, r);
}

/* Folds x along `axis` at the other coordinates `outer` (rank-1 lists
 * without the axis), starting from element 0 so no identity is needed;
 * with `wide`, in f32, rounded to the element type once at the end. */
static MlirValue reduceLine(TileBuilder *b, MlirValue x, intptr_t axis,
                            const MlirValue *outer, const char *combiner,
                            bool wide) {
  MlirType type = mlirValueGetType(x);
  MlirType f32 = mlirF32TypeGet(b->ctx);
  intptr_t rank = rankOf(type);
  MlirValue idx[kMaxRank];
  for (intptr_t d = 0, k = 0; d < rank; ++d)
    idx[d] = d == axis ? bConstIndex(b, 0) : outer[k++];
  MlirValue first = bExtract(b, x, rank, idx);
  if (wide)
    first = bCast(b, "arith.extf", first, f32);
  TileBuilder loop;
  MlirOperation forOp =
      bFor(b, bConstIndex(b, 1), bConstIndex(b, dimOf(type, axis)),
           bConstIndex(b, 1), 1, &first, &loop);
  idx[axis] = mlirBlockGetArgument(loop.block, 0);
  MlirValue acc = mlirBlockGetArgument(loop.block, 1);
  MlirValue v = bExtract(&loop, x, rank, idx);
  if (wide)
    v = bCast(&loop, "arith.extf", v, f32);
  MlirValue next = bBinary(&loop, combiner, acc, v);
  bYield(&loop, "scf.yield", 1, &next);
  MlirValue r = mlirOperationGetResult(forOp, 0);
  return wide ? bCast(b, "arith.truncf", r, elemOf(type)) : r;
}

static MlirValue lowerReduce(MlirOperation op) {
  TileBuilder b = tileBuilderBefore(op);
  MlirValue x = operand(op, 0);
  MlirType type = mlirValueGetType(x);
  int64_t axis = 0;
  MlirStringRef kind = {"", 0};
  tileOpIntAttr(op, "axis", &axis);
  tileOpStrAttr(op, "kind", &kind);
  const char *combiner = tileReduceCombiner(kind, elemOf(type));
  if (!combiner) {
    tileEmitOpError(op, "kind \"%.*s\" has no CPU lowering for this type",
                    (int)kind.length, kind.data);
    return (MlirValue){NULL};
  }
  bool wide = tileReduceAccumulatesWide(kind, elemOf(type));
  if (rankOf(type) == 1)
    return reduceLine(&b, x, 0, NULL, combiner, wide);
  TileBuilder body;
  MlirType result = tileCpuPlainTile(resultType(op));
  MlirOperation gen = bGenerate(&b, result, &body);
  MlirValue outer[kMaxRank];
  blockIndices(&body, rankOf(result), outer);
  return finishGenerate(gen, &body,
                        reduceLine(&body, x, axis, outer, combiner, wide));
}

/* Replaces `op`'s tile result by its lowering; stores have none. */
static bool lowerOp(MlirOperation op, const ProgramArgs *program) {
  MlirValue v = {NULL};
  int64_t axis = 0;
  if (tileOpIsNamed(op, "tile.program_id") ||
      tileOpIsNamed(op, "tile.num_programs")) {
    tileOpIntAttr(op, "axis", &axis);
    v = tileOpIsNamed(op, "tile.program_id") ? program->programId[axis]
                                             : program->numPrograms[axis];
  } else if (tileOpIsNamed(op, "tile.range")) {
    v = lowerRange(op);
  } else if (tileOpIsNamed(op, "tile.splat")) {
    v = lowerSplat(op);
  } else if (tileOpIsNamed(op, "tile.broadcast")) {
    v = lowerMove(op, broadcastMap);
  } else if (tileOpIsNamed(op, "tile.expand_dims")) {
    v = lowerMove(op, expandDimsMap);
  } else if (tileOpIsNamed(op, "tile.reshape")) {
    v = lowerMove(op, reshapeMap);
  } else if (tileOpIsNamed(op, "tile.trans")) {
    v = lowerMove(op, transMap);
  } else if (tileOpIsNamed(op, "tile.load") ||
             tileOpIsNamed(op, "tile.load_masked")) {
    v = lowerLoad(op);
  } else if (tileOpIsNamed(op, "tile.store") ||
             tileOpIsNamed(op, "tile.store_masked")) {
    lowerStore(op);
    mlirOperationDestroy(op);
    return true;
  } else if (tileOpIsNamed(op, "tile.convert_layout")) {
    v = operand(op, 0); /* the CPU has no layouts */
  } else if (tileOpIsNamed(op, "tile.dot")) {
    v = lowerDot(op);
  } else if (tileOpIsNamed(op, "tile.reduce")) {
    v = lowerReduce(op);
  } else if (tileOpIsNamed(op, "tile.gather")) {
    v = tileCpuLowerGather(op);
  } else if (tileOpIsNamed(op, "tile.scatter")) {
    tileCpuLowerScatter(op);
    mlirOperationDestroy(op);
    return true;
  } else if (tileOpIsNamed(op, "tile.atomic_rmw") ||
             tileOpIsNamed(op, "tile.atomic_cas")) {
    v = tileCpuLowerAtomic(op);
  } else if (tileOpIsNamed(op, "tile.scan")) {
    v = tileCpuLowerScan(op);
  } else if (tileOpIsNamed(op, "tile.randint") ||
             tileOpIsNamed(op, "tile.rand")) {
    v = tileCpuLowerRandom(op);
  } else if (tileOpIsNamed(op, "tile.print") ||
             tileOpIsNamed(op, "tile.assert")) {
    if (tileOpIsNamed(op, "tile.print"))
      tileCpuLowerPrint(op, program->programId);
    else
      tileCpuLowerAssert(op, program->programId);
    mlirOperationDestroy(op);
    return true;
  } else {
    tileEmitOpError(op, "has no CPU lowering yet");
    return false;
  }
  if (mlirValueIsNull(v))
    return false;
  mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(op, 0), v);
  mlirOperationDestroy(op);
  return true;
}

typedef struct {
  MlirOperation *ops;
  size_t n, cap;
} OpList;

static MlirWalkResult collect(MlirOperation op, void *userData) {
  OpList *list = userData;
  if (!tileOpIsTile(op))
    return MlirWalkResultAdvance;
  if (list->n == list->cap) {
    list->cap = list->cap ? 2 * list->cap : 64;
    list->ops = realloc(list->ops, list->cap * sizeof *list->ops);
  }
  list->ops[list->n++] = op;
  return MlirWalkResultAdvance;
}

/* Appends the six index arguments and updates the function type. */
static ProgramArgs addProgramArgs(MlirOperation kernel) {
  MlirContext ctx = mlirOperationGetContext(kernel);
  MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(kernel, 0));
  MlirType index = mlirIndexTypeGet(ctx);
  MlirLocation loc = mlirOperationGetLocation(kernel);
  ProgramArgs p;
  for (int i = 0; i < 3; ++i)
    p.programId[i] = mlirBlockAddArgument(entry, index, loc);
  for (int i = 0; i < 3; ++i)
    p.numPrograms[i] = mlirBlockAddArgument(entry, index, loc);
  intptr_t n = mlirBlockGetNumArguments(entry);
  MlirType *inputs = malloc((size_t)n * sizeof *inputs);
  for (intptr_t i = 0; i < n; ++i)
    inputs[i] = mlirValueGetType(mlirBlockGetArgument(entry, i));
  MlirType fnType = mlirFunctionTypeGet(ctx, n, inputs, 0, NULL);
  free(inputs);
  mlirOperationSetAttributeByName(kernel, tileStr("function_type"),
                                  mlirTypeAttrGet(fnType));
  mlirOperationRemoveAttributeByName(kernel, tileStr("tile.kernel"));
  mlirOperationRemoveAttributeByName(kernel, tileStr("tile.num_warps"));
  return p;
}

MlirLogicalResult tileLowerKernelToCPU(MlirOperation kernel) {
  OpList list = {NULL, 0, 0};
  mlirOperationWalk(kernel, collect, &list, MlirWalkPreOrder);
  bool ok = true;
  ProgramArgs program = addProgramArgs(kernel);
  for (size_t i = 0; ok && i < list.n; ++i)
    ok = lowerOp(list.ops[i], &program);
  free(list.ops);
  return ok ? mlirLogicalResultSuccess() : mlirLogicalResultFailure();
}
