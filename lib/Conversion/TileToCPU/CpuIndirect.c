/* Memory addressed through index tiles on the CPU (docs/dialect.md, "v2"):
 * tile.gather, tile.scatter, tile.atomic_rmw, tile.atomic_cas. Element e
 * names mem[i0[e], ...]; an index outside [0, size) of its dimension makes
 * the element touch no memory (scf.if around every access), so a gather
 * reads `padding` there and an atomic returns 0.
 *
 * Atomics are real: programs may run concurrently. Each in-bounds element
 * of a tile.atomic_rmw is one memref.atomic_rmw (integer kinds, float add
 * and xchg), an LLVM atomicrmw with acq_rel ordering, at least as strong as
 * any `sem`; `scope` has no meaning on the CPU (every atomic is
 * system-wide). Float max/min (maxnum/minnum with -0 < +0, which LLVM's
 * atomicrmw does not promise) and tile.atomic_cas are calls of the C
 * runtime's compare-and-swap loops on the element's address (CpuRuntime.c,
 * lib/Execution/CpuAtomics.c). */
#include "lib/Conversion/TileToCPU/CpuOps.h"

#include "lib/IR/Build.h"
#include "lib/IR/IR.h"
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

TileBuilder *tileCpuElementLoopBegin(TileBuilder *b, MlirType shape,
                                     MlirValue init, TileCpuElementLoop *l) {
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

MlirValue tileCpuElementLoopEnd(TileCpuElementLoop *l, MlirValue next) {
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
  TileCpuElementLoop l;
  TileBuilder *in = tileCpuElementLoopBegin(&b, type, (MlirValue){NULL}, &l);
  MlirValue inside = elementAddress(in, op, ind, dims, l.rank, l.e, g);
  bIf(in, inside, 0, NULL, false, &thenB, NULL);
  bStore(&thenB, bExtract(&thenB, value, l.rank, l.e), mem, ind.rank, g);
  bYield(&thenB, "scf.yield", 0, NULL);
  tileCpuElementLoopEnd(&l, (MlirValue){NULL});
}

/* memref.atomic_rmw's kind (arith's AtomicRMWKind) for tile's `kind` on
 * `elem`, or -1 where it has none: float max/min are runtime calls, as
 * maxnumf's LLVM atomic may order -0 and +0 either way (docs/dialect.md wants
 * -0 < +0). */
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

/* An integer of the element's width holding its bits, widened to 32 bits
 * for 16-bit types (CpuAtomics.h), and back. */
static MlirValue toBits(TileBuilder *b, MlirValue v) {
  MlirType t = mlirValueGetType(v);
  MlirType i32 = mlirIntegerTypeGet(b->ctx, 32);
  if (mlirTypeIsAInteger(t))
    return v;
  if (mlirTypeIsAF32(t))
    return bCast(b, "arith.bitcast", v, i32);
  MlirValue half = bCast(b, "arith.bitcast", v, mlirIntegerTypeGet(b->ctx, 16));
  return bCast(b, "arith.extui", half, i32);
}

static MlirValue fromBits(TileBuilder *b, MlirValue bits, MlirType elem) {
  if (mlirTypeIsAInteger(elem))
    return bits;
  if (mlirTypeIsAF32(elem))
    return bCast(b, "arith.bitcast", bits, elem);
  MlirValue half =
      bCast(b, "arith.trunci", bits, mlirIntegerTypeGet(b->ctx, 16));
  return bCast(b, "arith.bitcast", half, elem);
}

/* The runtime function of a compare-and-swap (kind null) or of float
 * max/min on `elem`. */
static const char *runtimeAtomic(MlirStringRef kind, MlirType elem) {
  bool cas = kind.length == 0;
  bool max = mlirStringRefEqual(kind, tileStr("max"));
  if (mlirTypeIsAInteger(elem))
    return !cas ? NULL
           : mlirIntegerTypeGetWidth(elem) == 64 ? "tileCpuAtomicCas64"
                                                 : "tileCpuAtomicCas32";
  if (mlirTypeIsAF32(elem))
    return cas ? "tileCpuAtomicCas32"
           : max ? "tileCpuAtomicMaxF32" : "tileCpuAtomicMinF32";
  if (cas)
    return "tileCpuAtomicCas16";
  if (mlirTypeIsAF16(elem))
    return max ? "tileCpuAtomicMaxF16" : "tileCpuAtomicMinF16";
  return max ? "tileCpuAtomicMaxBF16" : "tileCpuAtomicMinBF16";
}

/* One element's atomic at mem[g]: memref.atomic_rmw where LLVM's atomicrmw
 * has the exact operation (rmw >= 0), otherwise a runtime call on the
 * element's address. Returns what it found. */
static MlirValue elementAtomic(TileBuilder *b, MlirOperation op, int rmw,
                               MlirStringRef kind, MlirValue mem,
                               const TileCpuAddressing *addressing,
                               intptr_t rank, const MlirValue *g,
                               const MlirValue *e, intptr_t tileRank) {
  bool cas = tileOpIsNamed(op, "tile.atomic_cas");
  MlirValue v = bExtract(b, mlirOperationGetOperand(op, cas ? 1 : 0),
                         tileRank, e);
  if (rmw >= 0)
    return atomicRmw(b, rmw, v, mem, rank, g);
  MlirType elem = mlirValueGetType(v);
  MlirValue args[3] = {tileCpuElementAddress(b, addressing, g)};
  intptr_t n = 1;
  if (cas)
    args[n++] = toBits(b, bExtract(b, mlirOperationGetOperand(op, 0),
                                   tileRank, e));
  args[n++] = toBits(b, v);
  MlirValue old = tileCpuCall(b, op, runtimeAtomic(kind, elem), n, args,
                              mlirValueGetType(args[1]));
  return fromBits(b, old, elem);
}

MlirValue tileCpuLowerAtomic(MlirOperation op) {
  TileBuilder b = tileBuilderBefore(op), thenB, elseB;
  Indirect ind = indirectOperands(op);
  MlirValue mem = mlirOperationGetOperand(op, ind.mem);
  MlirType type =
      tileCpuPlainTile(mlirValueGetType(mlirOperationGetResult(op, 0)));
  MlirType elem = mlirShapedTypeGetElementType(type);
  MlirStringRef kind = {"", 0}; /* none: a compare-and-swap */
  tileOpStrAttr(op, "kind", &kind);
  int rmw = tileOpIsNamed(op, "tile.atomic_cas") ? -1 : rmwKind(kind, elem);
  TileCpuAddressing addressing = {.rank = 0};
  if (rmw < 0)
    addressing = tileCpuAddressing(&b, mem);
  MlirValue dims[kMaxRank], g[kMaxRank];
  memDims(&b, mem, ind.rank, dims);
  MlirValue init = bInsert(&b, tileOpCreate(b.loc, "tensor.empty", 0, NULL, 1,
                                            &type, 0, NULL));
  TileCpuElementLoop l;
  TileBuilder *in = tileCpuElementLoopBegin(&b, type, init, &l);
  MlirValue inside = elementAddress(in, op, ind, dims, l.rank, l.e, g);
  MlirOperation ifOp = bIf(in, inside, 1, &elem, true, &thenB, &elseB);
  MlirValue old = elementAtomic(&thenB, op, rmw, kind, mem, &addressing,
                                ind.rank, g, l.e, l.rank);
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
  return tileCpuElementLoopEnd(&l, next);
}
