/* Memory addressed through index tiles on the CPU (DIALECT.md, "v2"):
 * tile.gather, tile.scatter, tile.atomic_rmw, tile.atomic_cas. Element e
 * names mem[i0[e], ...]; an index outside [0, size) of its dimension makes
 * the element touch no memory (scf.if around every access), so a gather
 * reads `padding` there and an atomic returns 0.
 *
 * Atomics are real: programs may run concurrently. Integer kinds and xchg
 * are one llvm.atomicrmw on the element's address; float add/max/min are a
 * compare-and-swap loop on the element's bits (llvm.cmpxchg takes integers
 * only), which also covers f16 and bf16; atomic_cas is one llvm.cmpxchg on
 * the bits, so floats compare as bit patterns. `sem` picks the ordering;
 * `scope` has no meaning on the CPU (every atomic is system-wide). */
#include "lib/Conversion/CpuOps.h"

#include "lib/Support/Build.h"
#include "lib/Support/IR.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/LLVM.h"

enum { kMaxRank = 3 };

/* LLVM's AtomicOrdering and AtomicBinOp (values of the LLVM dialect enums). */
enum { ORDER_MONOTONIC = 2, ORDER_ACQUIRE = 4, ORDER_RELEASE = 5,
       ORDER_ACQ_REL = 6 };
enum { RMW_XCHG = 0, RMW_ADD = 1, RMW_AND = 3, RMW_OR = 5, RMW_XOR = 6,
       RMW_MAX = 7, RMW_MIN = 8, RMW_UMAX = 9, RMW_UMIN = 10 };

/* Where an op keeps its operands: value tiles, memref, first index tile. */
typedef struct {
  intptr_t mem, index, rank;
} Indirect;

static Indirect indirectOperands(MlirOperation op) {
  intptr_t mem = 0;
  if (tileOpIsNamed(op, "tile.scatter") || tileOpIsNamed(op, "tile.atomic_rmw"))
    mem = 1;
  else if (tileOpIsNamed(op, "tile.atomic_cas"))
    mem = 2;
  MlirValue m = mlirOperationGetOperand(op, mem);
  return (Indirect){mem, mem + 1, mlirShapedTypeGetRank(mlirValueGetType(m))};
}

static MlirType i1Type(TileBuilder *b) {
  return mlirIntegerTypeGet(b->ctx, 1);
}

/* The memref indices of element `e` (tile indices `e`) and whether all
 * lie inside the memref (sizes `dims`). */
static MlirValue elementAddress(TileBuilder *b, MlirOperation op, Indirect ind,
                                const MlirValue *dims, intptr_t tileRank,
                                const MlirValue *e, MlirValue *g) {
  MlirType index = mlirIndexTypeGet(b->ctx);
  MlirValue zero = bConstIndex(b, 0);
  MlirValue inside = bConstInt(b, i1Type(b), 1);
  for (intptr_t d = 0; d < ind.rank; ++d) {
    MlirValue i = bExtract(b, mlirOperationGetOperand(op, ind.index + d),
                           tileRank, e);
    g[d] = bCast(b, "arith.index_cast", i, index);
    inside = bAndi(b, inside, bCmpi(b, ARITH_SGE, g[d], zero));
    inside = bAndi(b, inside, bCmpi(b, ARITH_SLT, g[d], dims[d]));
  }
  return inside;
}

static void memDims(TileBuilder *b, MlirValue mem, intptr_t rank,
                    MlirValue *dims) {
  for (intptr_t d = 0; d < rank; ++d)
    dims[d] = bDim(b, mem, d);
}

static MlirValue zeroOf(TileBuilder *b, MlirType elem) {
  if (mlirTypeIsAInteger(elem))
    return bConstInt(b, elem, 0);
  return bConstFloat(b, elem, 0.0);
}

MlirValue tileCpuLowerGather(MlirOperation op) {
  TileBuilder b = tileBuilderBefore(op), body, thenB, elseB;
  Indirect ind = indirectOperands(op);
  MlirValue mem = mlirOperationGetOperand(op, ind.mem);
  MlirType type =
      tileCpuPlainTile(mlirValueGetType(mlirOperationGetResult(op, 0)));
  MlirType elem = mlirShapedTypeGetElementType(type);
  intptr_t rank = mlirShapedTypeGetRank(type);
  MlirValue dims[kMaxRank], e[kMaxRank], g[kMaxRank];
  memDims(&b, mem, ind.rank, dims);
  MlirAttribute padding = tileOpAttr(op, "padding");
  MlirValue pad = mlirAttributeIsNull(padding) ? zeroOf(&b, elem)
                                               : bConstAttr(&b, padding);
  MlirOperation gen = bGenerate(&b, type, &body);
  for (intptr_t d = 0; d < rank; ++d)
    e[d] = mlirBlockGetArgument(body.block, d);
  MlirValue inside = elementAddress(&body, op, ind, dims, rank, e, g);
  MlirOperation ifOp = bIf(&body, inside, 1, &elem, true, &thenB, &elseB);
  MlirValue loaded = bLoad(&thenB, mem, ind.rank, g);
  bYield(&thenB, "scf.yield", 1, &loaded);
  bYield(&elseB, "scf.yield", 1, &pad);
  MlirValue v = mlirOperationGetResult(ifOp, 0);
  bYield(&body, "tensor.yield", 1, &v);
  return mlirOperationGetResult(gen, 0);
}

/* An scf.for nest over the elements of a tile of `shape`, carrying `init`
 * (a tile, or null for none). */
typedef struct {
  TileBuilder loops[kMaxRank + 1];
  MlirOperation fors[kMaxRank];
  intptr_t rank;
  MlirValue e[kMaxRank];
  MlirValue carried; /* the innermost body's carried tile */
} ElementLoop;

static TileBuilder *elementLoopBegin(TileBuilder *b, MlirType shape,
                                     MlirValue init, ElementLoop *l) {
  bool carry = !mlirValueIsNull(init);
  l->rank = mlirShapedTypeGetRank(shape);
  l->loops[0] = *b;
  l->carried = init;
  MlirValue zero = bConstIndex(b, 0), one = bConstIndex(b, 1);
  for (intptr_t d = 0; d < l->rank; ++d) {
    MlirValue end = bConstIndex(&l->loops[d], mlirShapedTypeGetDimSize(shape, d));
    l->fors[d] = bFor(&l->loops[d], zero, end, one, carry ? 1 : 0,
                      carry ? &l->carried : NULL, &l->loops[d + 1]);
    l->e[d] = mlirBlockGetArgument(l->loops[d + 1].block, 0);
    if (carry)
      l->carried = mlirBlockGetArgument(l->loops[d + 1].block, 1);
  }
  return &l->loops[l->rank];
}

/* Ends the nest; the innermost body yields `next` (null: nothing) and the
 * result is the outermost loop's (null without a carried tile). */
static MlirValue elementLoopEnd(ElementLoop *l, MlirValue next) {
  bool carry = !mlirValueIsNull(next);
  for (intptr_t d = l->rank; d >= 1; --d) {
    bYield(&l->loops[d], "scf.yield", carry ? 1 : 0, carry ? &next : NULL);
    if (carry)
      next = mlirOperationGetResult(l->fors[d - 1], 0);
  }
  return carry ? next : (MlirValue){NULL};
}

void tileCpuLowerScatter(MlirOperation op) {
  TileBuilder b = tileBuilderBefore(op), thenB;
  Indirect ind = indirectOperands(op);
  MlirValue value = mlirOperationGetOperand(op, 0);
  MlirValue mem = mlirOperationGetOperand(op, ind.mem);
  MlirType type = mlirValueGetType(value);
  MlirValue dims[kMaxRank], g[kMaxRank];
  memDims(&b, mem, ind.rank, dims);
  ElementLoop l;
  TileBuilder *in = elementLoopBegin(&b, type, (MlirValue){NULL}, &l);
  MlirValue inside = elementAddress(in, op, ind, dims, l.rank, l.e, g);
  bIf(in, inside, 0, NULL, false, &thenB, NULL);
  bStore(&thenB, bExtract(&thenB, value, l.rank, l.e), mem, ind.rank, g);
  bYield(&thenB, "scf.yield", 0, NULL);
  elementLoopEnd(&l, (MlirValue){NULL});
}

/* The address of mem[g] as an !llvm.ptr, from the aligned pointer, the
 * offset and the strides (`meta`: results of extract_strided_metadata). */
typedef struct {
  MlirValue base;    /* aligned pointer, as index */
  MlirValue offset;  /* in elements */
  MlirValue strides[kMaxRank];
  int64_t bytes;     /* element size */
} MemAddress;

static MemAddress memAddress(TileBuilder *b, MlirValue mem, intptr_t rank) {
  MemAddress a;
  MlirType index = mlirIndexTypeGet(b->ctx);
  MlirType memType = mlirValueGetType(mem);
  MlirType elem = mlirShapedTypeGetElementType(memType);
  /* atomics act on i32, i64, f16, bf16 and f32 only */
  a.bytes = mlirTypeIsAInteger(elem) ? mlirIntegerTypeGetWidth(elem) / 8
            : mlirTypeIsAF32(elem)   ? 4
                                     : 2;
  a.base = bInsert(b, tileOpCreate(b->loc,
                                   "memref.extract_aligned_pointer_as_index",
                                   1, &mem, 1, &index, 0, NULL));
  MlirType results[2 + 2 * kMaxRank];
  results[0] = mlirMemRefTypeGet(elem, 0, NULL, mlirAttributeGetNull(),
                                 mlirMemRefTypeGetMemorySpace(memType));
  for (intptr_t i = 1; i < 2 + 2 * rank; ++i)
    results[i] = index;
  MlirOperation meta =
      tileOpCreate(b->loc, "memref.extract_strided_metadata", 1, &mem,
                   2 + 2 * rank, results, 0, NULL);
  bInsert(b, meta);
  a.offset = mlirOperationGetResult(meta, 1);
  for (intptr_t d = 0; d < rank; ++d)
    a.strides[d] = mlirOperationGetResult(meta, 2 + rank + d);
  return a;
}

static MlirValue elementPointer(TileBuilder *b, const MemAddress *a,
                                intptr_t rank, const MlirValue *g) {
  MlirValue linear = a->offset;
  for (intptr_t d = 0; d < rank; ++d)
    linear = bAddi(b, linear, bMuli(b, g[d], a->strides[d]));
  MlirValue addr =
      bAddi(b, a->base, bMuli(b, linear, bConstIndex(b, a->bytes)));
  MlirType i64 = mlirIntegerTypeGet(b->ctx, 64);
  MlirValue word = bCast(b, "arith.index_cast", addr, i64);
  MlirType ptr = mlirLLVMPointerTypeGet(b->ctx, 0);
  return bInsert(b, tileOpCreate(b->loc, "llvm.inttoptr", 1, &word, 1, &ptr,
                                 0, NULL));
}

static MlirAttribute i64Attr(TileBuilder *b, int64_t v) {
  return mlirIntegerAttrGet(mlirIntegerTypeGet(b->ctx, 64), v);
}

/* The orderings of `sem`: success, and failure for cmpxchg (which may be
 * neither release nor acq_rel). */
static void orderings(MlirOperation op, int *success, int *failure) {
  MlirStringRef sem = {"acq_rel", 7};
  tileOpStrAttr(op, "sem", &sem);
  if (mlirStringRefEqual(sem, tileStr("relaxed")))
    *success = ORDER_MONOTONIC, *failure = ORDER_MONOTONIC;
  else if (mlirStringRefEqual(sem, tileStr("acquire")))
    *success = ORDER_ACQUIRE, *failure = ORDER_ACQUIRE;
  else if (mlirStringRefEqual(sem, tileStr("release")))
    *success = ORDER_RELEASE, *failure = ORDER_MONOTONIC;
  else
    *success = ORDER_ACQ_REL, *failure = ORDER_ACQUIRE;
}

static MlirType bitsOf(TileBuilder *b, MlirType elem) {
  if (mlirTypeIsAInteger(elem))
    return elem;
  return mlirIntegerTypeGet(b->ctx, mlirTypeIsAF32(elem) ? 32 : 16);
}

static MlirValue toBits(TileBuilder *b, MlirValue v) {
  MlirType t = mlirValueGetType(v);
  return mlirTypeIsAInteger(t) ? v : bCast(b, "arith.bitcast", v,
                                           bitsOf(b, t));
}

static MlirValue fromBits(TileBuilder *b, MlirValue bits, MlirType elem) {
  return mlirTypeIsAInteger(elem) ? bits
                                  : bCast(b, "arith.bitcast", bits, elem);
}

/* llvm.cmpxchg: what it found at `ptr`, and (through `swapped`) whether it
 * stored. */
static MlirValue cmpxchg(TileBuilder *b, MlirValue ptr, MlirValue expected,
                         MlirValue desired, int success, int failure,
                         MlirValue *swapped) {
  MlirType bits = mlirValueGetType(expected);
  MlirType fields[] = {bits, i1Type(b)};
  MlirType pair = mlirLLVMStructTypeLiteralGet(b->ctx, 2, fields, false);
  MlirValue operands[] = {ptr, expected, desired};
  TileNamedAttr attrs[] = {{"success_ordering", i64Attr(b, success)},
                           {"failure_ordering", i64Attr(b, failure)}};
  MlirValue p = bInsert(b, tileOpCreate(b->loc, "llvm.cmpxchg", 3, operands,
                                        1, &pair, 2, attrs));
  MlirValue out[2];
  for (int i = 0; i < 2; ++i) {
    int64_t pos = i;
    TileNamedAttr at = {"position", mlirDenseI64ArrayGet(b->ctx, 1, &pos)};
    out[i] = bInsert(b, tileOpCreate(b->loc, "llvm.extractvalue", 1, &p, 1,
                                     &fields[i], 1, &at));
  }
  if (swapped)
    *swapped = out[1];
  return out[0];
}

/* The arith op combining memory's value with the operand for a float
 * kind: max/min act as maxnum/minnum (DIALECT.md). */
static const char *floatCombiner(MlirStringRef kind) {
  if (mlirStringRefEqual(kind, tileStr("add")))
    return "arith.addf";
  if (mlirStringRefEqual(kind, tileStr("max")))
    return "arith.maxnumf";
  if (mlirStringRefEqual(kind, tileStr("min")))
    return "arith.minnumf";
  return NULL;
}

/* One float read-modify-write as a compare-and-swap loop:
 *   expected = atomic load; loop: new = combine(expected, v);
 *   (found, ok) = cmpxchg(expected, new); until ok; result found. */
static MlirValue casLoop(TileBuilder *b, MlirValue ptr, MlirValue v,
                         const char *combiner, int64_t bytes, int success,
                         int failure) {
  MlirType elem = mlirValueGetType(v);
  MlirType bits = bitsOf(b, elem);
  TileNamedAttr loadAttrs[] = {{"alignment", i64Attr(b, bytes)},
                               {"ordering", i64Attr(b, ORDER_MONOTONIC)}};
  MlirValue first = bInsert(b, tileOpCreate(b->loc, "llvm.load", 1, &ptr, 1,
                                            &bits, 2, loadAttrs));
  MlirLocation loc = b->loc;
  MlirRegion regions[2];
  MlirBlock before = mlirBlockCreate(1, &bits, &loc);
  MlirBlock after = mlirBlockCreate(1, &bits, &loc);
  regions[0] = mlirRegionCreate();
  regions[1] = mlirRegionCreate();
  mlirRegionAppendOwnedBlock(regions[0], before);
  mlirRegionAppendOwnedBlock(regions[1], after);
  MlirOperationState state = mlirOperationStateGet(tileStr("scf.while"), loc);
  mlirOperationStateAddOperands(&state, 1, &first);
  mlirOperationStateAddResults(&state, 1, &bits);
  mlirOperationStateAddOwnedRegions(&state, 2, regions);
  MlirOperation loop = mlirOperationCreate(&state);
  bInsert(b, loop);

  TileBuilder c = tileBuilderAtEnd(before, loc);
  MlirValue expected = mlirBlockGetArgument(before, 0);
  MlirValue next = bBinary(&c, combiner, fromBits(&c, expected, elem), v);
  MlirValue ok;
  MlirValue found = cmpxchg(&c, ptr, expected, toBits(&c, next), success,
                            failure, &ok);
  MlirValue again =
      bBinary(&c, "arith.xori", ok, bConstInt(&c, i1Type(&c), 1));
  MlirValue cond[] = {again, found};
  bYield(&c, "scf.condition", 2, cond);
  TileBuilder a = tileBuilderAtEnd(after, loc);
  MlirValue arg = mlirBlockGetArgument(after, 0);
  bYield(&a, "scf.yield", 1, &arg);
  return fromBits(b, mlirOperationGetResult(loop, 0), elem);
}

static int rmwKind(MlirStringRef kind, bool isInt) {
  static const struct {
    const char *name;
    int op;
  } kinds[] = {{"add", RMW_ADD},   {"max", RMW_MAX},   {"min", RMW_MIN},
               {"umax", RMW_UMAX}, {"umin", RMW_UMIN}, {"and", RMW_AND},
               {"or", RMW_OR},     {"xor", RMW_XOR},   {"xchg", RMW_XCHG}};
  for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; ++i)
    if (mlirStringRefEqual(kind, tileStr(kinds[i].name)))
      return isInt || kinds[i].op == RMW_XCHG ? kinds[i].op : -1;
  return -1;
}

/* One element's atomic at `ptr`; returns what it found. */
static MlirValue atomicElement(TileBuilder *b, MlirOperation op,
                               MlirValue ptr, const MlirValue *e,
                               intptr_t rank, int64_t bytes) {
  int success, failure;
  orderings(op, &success, &failure);
  if (tileOpIsNamed(op, "tile.atomic_cas")) {
    MlirValue cmp = bExtract(b, mlirOperationGetOperand(op, 0), rank, e);
    MlirValue v = bExtract(b, mlirOperationGetOperand(op, 1), rank, e);
    MlirValue found = cmpxchg(b, ptr, toBits(b, cmp), toBits(b, v), success,
                              failure, NULL);
    return fromBits(b, found, mlirValueGetType(v));
  }
  MlirValue v = bExtract(b, mlirOperationGetOperand(op, 0), rank, e);
  MlirType elem = mlirValueGetType(v);
  MlirStringRef kind = {"", 0};
  tileOpStrAttr(op, "kind", &kind);
  int rmw = rmwKind(kind, mlirTypeIsAInteger(elem));
  if (rmw < 0)
    return casLoop(b, ptr, v, floatCombiner(kind), bytes, success, failure);
  MlirValue operands[] = {ptr, toBits(b, v)};
  MlirType bits = bitsOf(b, elem);
  TileNamedAttr attrs[] = {{"bin_op", i64Attr(b, rmw)},
                           {"ordering", i64Attr(b, success)}};
  MlirValue old = bInsert(b, tileOpCreate(b->loc, "llvm.atomicrmw", 2,
                                          operands, 1, &bits, 2, attrs));
  return fromBits(b, old, elem);
}

MlirValue tileCpuLowerAtomic(MlirOperation op) {
  TileBuilder b = tileBuilderBefore(op), thenB, elseB;
  Indirect ind = indirectOperands(op);
  MlirValue mem = mlirOperationGetOperand(op, ind.mem);
  MlirType type =
      tileCpuPlainTile(mlirValueGetType(mlirOperationGetResult(op, 0)));
  MlirType elem = mlirShapedTypeGetElementType(type);
  MlirStringRef kind = {"", 0};
  if (tileOpIsNamed(op, "tile.atomic_rmw") && tileOpStrAttr(op, "kind", &kind) &&
      rmwKind(kind, mlirTypeIsAInteger(elem)) < 0 && !floatCombiner(kind)) {
    tileEmitOpError(op, "kind \"%.*s\" has no CPU lowering for this type",
                    (int)kind.length, kind.data);
    return (MlirValue){NULL};
  }
  MlirValue dims[kMaxRank], g[kMaxRank];
  memDims(&b, mem, ind.rank, dims);
  MemAddress addr = memAddress(&b, mem, ind.rank);
  MlirValue init = bInsert(&b, tileOpCreate(b.loc, "tensor.empty", 0, NULL, 1,
                                            &type, 0, NULL));
  ElementLoop l;
  TileBuilder *in = elementLoopBegin(&b, type, init, &l);
  MlirValue inside = elementAddress(in, op, ind, dims, l.rank, l.e, g);
  MlirOperation ifOp = bIf(in, inside, 1, &elem, true, &thenB, &elseB);
  MlirValue ptr = elementPointer(&thenB, &addr, ind.rank, g);
  MlirValue old = atomicElement(&thenB, op, ptr, l.e, l.rank, addr.bytes);
  bYield(&thenB, "scf.yield", 1, &old);
  MlirValue zero = zeroOf(&elseB, elem);
  bYield(&elseB, "scf.yield", 1, &zero);
  MlirValue insertOps[1 + 1 + kMaxRank];
  insertOps[0] = mlirOperationGetResult(ifOp, 0);
  insertOps[1] = l.carried;
  for (intptr_t d = 0; d < l.rank; ++d)
    insertOps[2 + d] = l.e[d];
  MlirValue next = bInsert(in, tileOpCreate(b.loc, "tensor.insert",
                                            2 + l.rank, insertOps, 1, &type,
                                            0, NULL));
  return elementLoopEnd(&l, next);
}
