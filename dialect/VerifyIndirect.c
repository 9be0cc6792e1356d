/* Rules of the ops that address memory through data: tile.gather,
 * tile.scatter, tile.atomic_rmw and tile.atomic_cas. Element e of the tile
 * goes to mem[i0[e], i1[e], ...], so there is one i32 or i64 index tile per
 * memref dimension, each of the tile's shape, and the tile holds the
 * memref's element type. The index tiles of one op have one type (IRDL
 * binds a variadic operand's constraint to a single type). Atomics act on
 * i32, i64, f16, bf16 and f32 (the types docs/dialect.md gives `add`; sub-word
 * integers and f8 have none), the integer-only kinds on i32 and i64; they
 * return the old values in the value's type and take the optional memory
 * order `sem` and `scope`. */
#include "dialect/Verify.h"

#include "lib/IR/IR.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

/* Where each piece sits in the operand list; -1 when the op has none. */
typedef struct {
  const char *name;
  int cmp;   /* atomic_cas's expected values */
  int value; /* the tile written; -1: the result is the tile (gather) */
  int mem;   /* the index tiles follow the memref */
  bool hasResult;
} IndirectOpShape;

static const IndirectOpShape indirectOps[] = {
    {"tile.gather", -1, -1, 0, true},
    {"tile.scatter", -1, 0, 1, false},
    {"tile.atomic_rmw", -1, 0, 1, true},
    {"tile.atomic_cas", 0, 1, 2, true},
};

static const char *const atomicKinds[] = {"add", "max", "min", "umax", "umin",
                                          "and", "or",  "xor", "xchg", NULL};
enum { FIRST_INTEGER_KIND = 3, XCHG_KIND = 8 };

static const char *const sems[] = {"relaxed", "acquire", "release", "acq_rel",
                                   NULL};
static const char *const scopes[] = {"cta", "gpu", "sys", NULL};

static bool isAtomicIntType(MlirType t) {
  return tileIsSignlessInt(t, 32) || tileIsSignlessInt(t, 64);
}

static bool isAtomicType(MlirType t) {
  return isAtomicIntType(t) || mlirTypeIsAF16(t) || mlirTypeIsABF16(t) ||
         mlirTypeIsAF32(t);
}

/* One index tile per memref dimension, i32 or i64, of the tile's shape,
 * all of one element type. */
static bool verifyIndices(MlirOperation op, const IndirectOpShape *s,
                          MlirType mem, const char *tileName, MlirType tile) {
  char is[TILE_TYPE_STR], ts[TILE_TYPE_STR];
  int first = s->mem + 1;
  intptr_t rank = mlirShapedTypeGetRank(mem);
  intptr_t n = mlirOperationGetNumOperands(op) - first;
  bool ok = true;
  MlirType firstElem = {NULL};
  intptr_t firstIndex = 0;
  if (n != rank) {
    tileEmitOpError(op,
                    "number of index tiles (%ld) does not match memref "
                    "rank (%ld)",
                    (long)n, (long)rank);
    ok = false;
  }
  for (intptr_t i = 0; i < n; ++i) {
    MlirType t = mlirValueGetType(mlirOperationGetOperand(op, first + i));
    if (!mlirTypeIsATensor(t)) {
      tileEmitOpError(op, "index tile #%ld type %s must be an i32 or i64 tile",
                      (long)i, tileTypeStr(t, is, sizeof is));
      ok = false;
      continue;
    }
    if (!tileIsTileType(t))
      continue; /* reported as a value */
    MlirType elem = mlirShapedTypeGetElementType(t);
    if (!tileIsSignlessInt(elem, 32) && !tileIsSignlessInt(elem, 64)) {
      tileEmitOpError(op, "index tile #%ld element type %s must be i32 or i64",
                      (long)i, tileTypeStr(elem, is, sizeof is));
      ok = false;
    } else if (mlirTypeIsNull(firstElem)) {
      firstElem = elem;
      firstIndex = i;
    } else if (!mlirTypeEqual(elem, firstElem)) {
      tileEmitOpError(op,
                      "index tile #%ld element type %s does not match "
                      "index tile #%ld element type %s (the index tiles "
                      "have one type)",
                      (long)i, tileTypeStr(elem, is, sizeof is),
                      (long)firstIndex, tileTypeStr(firstElem, ts, sizeof ts));
      ok = false;
    }
    if (tileIsTileType(tile) && !tileSameShape(t, tile)) {
      tileEmitOpError(op, "index tile #%ld shape %s does not match %s shape %s",
                      (long)i, tileShapeStr(t, is, sizeof is), tileName,
                      tileShapeStr(tile, ts, sizeof ts));
      ok = false;
    }
  }
  return ok;
}

/* `a` (named `aName`) has `b`'s shape and element type. */
static bool verifySameTileType(MlirOperation op, const char *aName, MlirType a,
                               const char *bName, MlirType b) {
  char as[TILE_TYPE_STR], bs[TILE_TYPE_STR];
  if (!tileIsTileType(a) || !tileIsTileType(b))
    return true; /* reported as values */
  if (tileSameShape(a, b) && mlirTypeEqual(mlirShapedTypeGetElementType(a),
                                           mlirShapedTypeGetElementType(b)))
    return true;
  tileEmitOpError(op, "%s type %s does not match %s type %s", aName,
                  tileTypeStr(a, as, sizeof as), bName,
                  tileTypeStr(b, bs, sizeof bs));
  return false;
}

/* `sem` and `scope`, both optional strings from a fixed list. */
static bool verifyOrder(MlirOperation op) {
  MlirStringRef sem, scope;
  bool ok = true;
  if (!tileVerifyStringAttr(op, "sem", false, &sem))
    ok = false;
  else if (sem.data && tileStringIndex(sem, sems) < 0) {
    tileEmitOpError(op,
                    "sem \"%.*s\" is not one of relaxed, acquire, "
                    "release, acq_rel",
                    (int)sem.length, sem.data);
    ok = false;
  }
  if (!tileVerifyStringAttr(op, "scope", false, &scope))
    ok = false;
  else if (scope.data && tileStringIndex(scope, scopes) < 0) {
    tileEmitOpError(op, "scope \"%.*s\" is not one of cta, gpu, sys",
                    (int)scope.length, scope.data);
    ok = false;
  }
  return ok;
}

/* The element types atomics act on, and atomic_rmw's kind on them. */
static bool verifyAtomic(MlirOperation op, MlirType value) {
  char es[TILE_TYPE_STR];
  bool ok = verifyOrder(op);
  bool rmw = tileOpIsNamed(op, "tile.atomic_rmw");
  int kind = -1;
  MlirStringRef k;
  if (rmw) {
    if (!tileVerifyStringAttr(op, "kind", true, &k))
      ok = false;
    else if ((kind = tileStringIndex(k, atomicKinds)) < 0) {
      tileEmitOpError(op,
                      "kind \"%.*s\" is not one of add, max, min, umax, "
                      "umin, and, or, xor, xchg",
                      (int)k.length, k.data);
      ok = false;
    }
  }
  if (!tileIsTileType(value))
    return ok; /* reported as a value */
  MlirType elem = mlirShapedTypeGetElementType(value);
  tileTypeStr(elem, es, sizeof es);
  if (!isAtomicType(elem)) {
    tileEmitOpError(op,
                    "element type %s has no atomics (they act on i32, "
                    "i64, f16, bf16, f32)",
                    es);
    return false;
  }
  if (kind >= FIRST_INTEGER_KIND && kind < XCHG_KIND &&
      !isAtomicIntType(elem)) {
    tileEmitOpError(op,
                    "kind \"%.*s\" needs an i32 or i64 element type, "
                    "got %s",
                    (int)k.length, k.data, es);
    return false;
  }
  return ok;
}

static bool verify(MlirOperation op, const IndirectOpShape *s) {
  if (!tileVerifyArity(op, s->mem + 1, s->hasResult ? 1 : 0))
    return false;
  MlirType mem = mlirValueGetType(mlirOperationGetOperand(op, s->mem));
  MlirType value = s->value >= 0
                       ? mlirValueGetType(mlirOperationGetOperand(op, s->value))
                       : mlirValueGetType(mlirOperationGetResult(op, 0));
  const char *valueName = s->value >= 0 ? "value" : "result";
  bool atomic = s->value >= 0 && s->hasResult;
  bool ok = true;
  if (s->cmp >= 0)
    ok &= verifySameTileType(
        op, "cmp", mlirValueGetType(mlirOperationGetOperand(op, s->cmp)),
        "value", value);
  if (atomic) {
    ok &= verifySameTileType(op, "result",
                             mlirValueGetType(mlirOperationGetResult(op, 0)),
                             "value", value);
    ok &= verifyAtomic(op, value);
  }
  if (!tileIsGlobalMemRefType(mem))
    return ok; /* reported as a value; the rules below need a valid one */
  ok &= verifyIndices(op, s, mem, valueName, value);
  if (tileIsTileType(value))
    ok &= tileVerifySameElementType(op, valueName, value, "memref", mem);
  ok &= tileVerifyPadding(op, s->value < 0, mlirShapedTypeGetElementType(mem));
  return ok;
}

bool tileVerifyIndirectOp(MlirOperation op) {
  for (size_t i = 0; i < sizeof indirectOps / sizeof indirectOps[0]; ++i)
    if (tileOpIsNamed(op, indirectOps[i].name))
      return verify(op, &indirectOps[i]);
  return true;
}
