/* Memory addressed through index tiles on the CPU (DIALECT.md, "v2"):
 * tile.gather, tile.scatter, tile.atomic_rmw, tile.atomic_cas. Element e
 * names mem[i0[e], ...]; an index outside [0, size) of its dimension makes
 * the element touch no memory (scf.if around every access), so a gather
 * reads `padding` there and an atomic returns 0.
 *
 * Atomics are real: programs may run concurrently. Each in-bounds element
 * of a tile.atomic_rmw is one memref.atomic_rmw (integer kinds, float add
 * and xchg), an LLVM atomicrmw with acq_rel ordering, at least as strong as
 * any `sem`; `scope` has no meaning on the CPU (every atomic is
 * system-wide). Float max/min and tile.atomic_cas are refused at the op
 * for now (rmwKind and tileCpuLowerAtomic say why). */
#include "lib/Conversion/CpuOps.h"

#include "lib/Support/Build.h"
#include "lib/Support/IR.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

enum { kMaxRank = 3 };

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

/* memref.atomic_rmw's kind (arith's AtomicRMWKind) for tile's `kind` on
 * `elem`, or -1 where it has none: float max/min would need a
 * compare-and-swap loop, as maxnumf's LLVM atomic may order -0 and +0
 * either way (DIALECT.md wants -0 < +0). */
static int rmwKind(MlirStringRef kind, MlirType elem) {
  enum { ADDF = 0, ADDI = 1, ANDI = 2, ASSIGN = 3, MAXS = 6, MAXU = 7,
         MINS = 10, MINU = 11, ORI = 14, XORI = 15, NONE = -1 };
  static const struct {
    const char *name;
    int integer, floating;
  } kinds[] = {{"add", ADDI, ADDF},     {"max", MAXS, NONE},
               {"min", MINS, NONE},     {"umax", MAXU, NONE},
               {"umin", MINU, NONE},    {"and", ANDI, NONE},
               {"or", ORI, NONE},       {"xor", XORI, NONE},
               {"xchg", ASSIGN, ASSIGN}};
  for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; ++i)
    if (mlirStringRefEqual(kind, tileStr(kinds[i].name)))
      return mlirTypeIsAInteger(elem) ? kinds[i].integer : kinds[i].floating;
  return NONE;
}

/* memref.atomic_rmw `kind` of `v` at mem[g]; returns what it found. */
static MlirValue atomicRmw(TileBuilder *b, int kind, MlirValue v,
                           MlirValue mem, intptr_t rank, const MlirValue *g) {
  MlirValue operands[2 + kMaxRank] = {v, mem};
  for (intptr_t d = 0; d < rank; ++d)
    operands[2 + d] = g[d];
  MlirType elem = mlirValueGetType(v);
  TileNamedAttr attr = {
      "kind", mlirIntegerAttrGet(mlirIntegerTypeGet(b->ctx, 64), kind)};
  return bInsert(b, tileOpCreate(b->loc, "memref.atomic_rmw", 2 + rank,
                                 operands, 1, &elem, 1, &attr));
}

MlirValue tileCpuLowerAtomic(MlirOperation op) {
  TileBuilder b = tileBuilderBefore(op), thenB, elseB;
  Indirect ind = indirectOperands(op);
  MlirValue mem = mlirOperationGetOperand(op, ind.mem);
  MlirType type =
      tileCpuPlainTile(mlirValueGetType(mlirOperationGetResult(op, 0)));
  MlirType elem = mlirShapedTypeGetElementType(type);
  MlirStringRef kind = {"", 0};
  /* A compare-and-swap needs memref.generic_atomic_rmw or llvm.cmpxchg;
   * buffer deallocation refuses both (a region without
   * RegionBranchOpInterface; unknown memory effects). */
  if (tileOpIsNamed(op, "tile.atomic_cas")) {
    tileEmitOpError(op, "has no CPU lowering yet");
    return (MlirValue){NULL};
  }
  tileOpStrAttr(op, "kind", &kind);
  int rmw = rmwKind(kind, elem);
  if (rmw < 0) {
    tileEmitOpError(op, "kind \"%.*s\" has no CPU lowering yet for floats",
                    (int)kind.length, kind.data);
    return (MlirValue){NULL};
  }
  MlirValue dims[kMaxRank], g[kMaxRank];
  memDims(&b, mem, ind.rank, dims);
  MlirValue init = bInsert(&b, tileOpCreate(b.loc, "tensor.empty", 0, NULL, 1,
                                            &type, 0, NULL));
  ElementLoop l;
  TileBuilder *in = elementLoopBegin(&b, type, init, &l);
  MlirValue inside = elementAddress(in, op, ind, dims, l.rank, l.e, g);
  MlirOperation ifOp = bIf(in, inside, 1, &elem, true, &thenB, &elseB);
  MlirValue v = bExtract(&thenB, mlirOperationGetOperand(op, 0), l.rank, l.e);
  MlirValue old = atomicRmw(&thenB, rmw, v, mem, ind.rank, g);
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
