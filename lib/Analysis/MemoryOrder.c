/* Barriers that keep a program's own memory accesses in order; see
 * MemoryOrder.h. */
#include "lib/Analysis/MemoryOrder.h"

#include <stdlib.h>
#include <string.h>

#include "lib/IR/IR.h"
#include "mlir-c/BuiltinTypes.h"

/* How an op touches global memory. */
typedef struct {
  MlirOperation op;
  MlirValue memref;
  bool writes;
  /* A tile's box (the first offset operand) or a scalar's element (the
   * first index operand): -1 for gathers, scatters and atomics, whose
   * threads cannot be matched with another op's. */
  intptr_t firstOffset;
  bool scalar;
  bool commutes; /* an atomic_rmw whose result is unused */
  /* Null, or the loop around both accesses in an earlier iteration of
   * which this one was seen: its offsets' values may have changed since. */
  MlirOperation carriedBy;
} Access;

static bool accessOf(MlirOperation op, Access *a) {
  static const struct {
    const char *name;
    intptr_t memref; /* operand */
    bool writes;
    intptr_t firstOffset; /* operand; -1: none to match */
    bool scalar;
  } kinds[] = {{"tile.load", 0, false, 1, false},
               {"tile.load_masked", 0, false, 2, false},
               {"tile.store", 1, true, 2, false},
               {"tile.store_masked", 1, true, 3, false},
               {"memref.load", 0, false, 1, true},
               {"memref.store", 1, true, 2, true},
               {"tile.gather", 0, false, -1, false},
               {"tile.scatter", 1, true, -1, false},
               {"tile.atomic_rmw", 1, true, -1, false},
               {"tile.atomic_cas", 2, true, -1, false}};
  for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; ++i) {
    if (!tileOpIsNamed(op, kinds[i].name))
      continue;
    if (kinds[i].memref >= mlirOperationGetNumOperands(op))
      return false;
    *a = (Access){op,
                  mlirOperationGetOperand(op, kinds[i].memref),
                  kinds[i].writes,
                  kinds[i].firstOffset,
                  kinds[i].scalar,
                  tileOpIsNamed(op, "tile.atomic_rmw") &&
                      tileOpResultsUnused(op),
                  {NULL}};
    return true;
  }
  return false;
}

/* The tile an access moves: a load's result, a store's value. */
static MlirType extentType(const Access *a) {
  return a->writes ? mlirValueGetType(mlirOperationGetOperand(a->op, 0))
                   : mlirValueGetType(mlirOperationGetResult(a->op, 0));
}

/* Whether value `v` is defined outside `loop`. */
static bool invariantIn(MlirValue v, MlirOperation loop) {
  MlirOperation def = tileDefiningOp(v);
  MlirBlock block = mlirOperationIsNull(def) ? mlirBlockArgumentGetOwner(v)
                                             : mlirOperationGetBlock(def);
  for (MlirOperation p = mlirBlockGetParentOperation(block);
       !mlirOperationIsNull(p); p = mlirOperationGetParentOperation(p))
    if (mlirOperationEqual(p, loop))
      return false;
  return true;
}

/* Whether index `v` is (something defined outside scf.for `loop`) + the
 * loop's induction variable times a constant, and *stride that constant
 * times the loop's constant step: how far v moves per iteration. */
static bool strideIn(MlirValue v, MlirOperation loop, int64_t *stride,
                     int depth) {
  if (depth > 8 || !tileOpIsNamed(loop, "scf.for"))
    return false;
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(loop, 0));
  if (mlirValueEqual(v, mlirBlockGetArgument(body, 0)))
    return tileConstantInt(mlirOperationGetOperand(loop, 2), stride) &&
           *stride > 0;
  MlirOperation def = tileDefiningOp(v);
  if (mlirOperationIsNull(def) || mlirOperationGetNumOperands(def) < 1)
    return false;
  MlirValue x = mlirOperationGetOperand(def, 0);
  if (tileOpIsNamed(def, "arith.index_cast"))
    return strideIn(x, loop, stride, depth + 1);
  if (mlirOperationGetNumOperands(def) != 2)
    return false;
  MlirValue y = mlirOperationGetOperand(def, 1);
  int64_t c;
  if (tileOpIsNamed(def, "arith.addi") || tileOpIsNamed(def, "arith.subi")) {
    if (invariantIn(y, loop))
      return strideIn(x, loop, stride, depth + 1);
    if (!invariantIn(x, loop) || !strideIn(y, loop, stride, depth + 1))
      return false;
    if (tileOpIsNamed(def, "arith.subi"))
      *stride = -*stride;
    return true;
  }
  if (tileOpIsNamed(def, "arith.muli")) {
    if (tileConstantInt(y, &c) && strideIn(x, loop, stride, depth + 1)) {
      *stride *= c;
      return true;
    }
    if (tileConstantInt(x, &c) && strideIn(y, loop, stride, depth + 1)) {
      *stride *= c;
      return true;
    }
  }
  return false;
}

/* The number of offsets of an access, or -1 when they cannot be matched. */
static intptr_t numOffsets(const Access *a) {
  return a->firstOffset < 0
             ? -1
             : mlirOperationGetNumOperands(a->op) - a->firstOffset;
}

static MlirValue offsetOf(const Access *a, intptr_t d) {
  return mlirOperationGetOperand(a->op, a->firstOffset + d);
}

/* The extent of an access along dimension d: the tile's, 1 for scalars. */
static int64_t extentOf(const Access *a, intptr_t d) {
  if (a->scalar)
    return 1;
  MlirType t = extentType(a);
  return d < mlirShapedTypeGetRank(t) ? mlirShapedTypeGetDimSize(t, d) : 1;
}

/* v as base + c, with c a constant: base is null for a constant v. */
static void splitConstant(MlirValue v, MlirValue *base, int64_t *c) {
  *base = v;
  *c = 0;
  for (int depth = 0; depth < 8; ++depth) {
    int64_t k;
    if (tileConstantInt(*base, &k)) {
      *base = (MlirValue){NULL};
      *c += k;
      return;
    }
    MlirOperation def = tileDefiningOp(*base);
    bool add = !mlirOperationIsNull(def) && tileOpIsNamed(def, "arith.addi");
    bool sub = !mlirOperationIsNull(def) && tileOpIsNamed(def, "arith.subi");
    if (!add && !sub)
      return;
    MlirValue x = mlirOperationGetOperand(def, 0);
    MlirValue y = mlirOperationGetOperand(def, 1);
    if (tileConstantInt(y, &k)) {
      *c += sub ? -k : k;
      *base = x;
    } else if (add && tileConstantInt(x, &k)) {
      *c += k;
      *base = y;
    } else {
      return;
    }
  }
}

static bool sameBase(MlirValue x, MlirValue y) {
  return mlirValueIsNull(x) ? mlirValueIsNull(y)
                            : !mlirValueIsNull(y) && mlirValueEqual(x, y);
}

/* Whether the two boxes share no element: along some dimension both start
 * at one base plus different constants, far enough apart; an access of an
 * earlier iteration only where that base did not change since. */
static bool disjointBoxes(const Access *earlier, const Access *later) {
  intptr_t n = numOffsets(earlier);
  if (n < 0 || n != numOffsets(later))
    return false;
  for (intptr_t d = 0; d < n; ++d) {
    MlirValue be, bl;
    int64_t ce, cl;
    splitConstant(offsetOf(earlier, d), &be, &ce);
    splitConstant(offsetOf(later, d), &bl, &cl);
    if (!sameBase(be, bl) ||
        (!mlirOperationIsNull(earlier->carriedBy) && !mlirValueIsNull(be) &&
         !invariantIn(be, earlier->carriedBy)))
      continue;
    if (ce + extentOf(earlier, d) <= cl || cl + extentOf(later, d) <= ce)
      return true;
  }
  return false;
}

/* Whether `earlier`, seen in an earlier iteration of its carrying loop,
 * touches none of the elements `later` does: along some dimension both
 * start at the same index, which moves by at least both extents per
 * iteration. */
static bool disjointIterations(const Access *earlier, const Access *later) {
  intptr_t n = numOffsets(earlier);
  if (mlirOperationIsNull(earlier->carriedBy) || n < 0 ||
      n != numOffsets(later))
    return false;
  for (intptr_t d = 0; d < n; ++d) {
    int64_t stride;
    if (!mlirValueEqual(offsetOf(earlier, d), offsetOf(later, d)) ||
        !strideIn(offsetOf(earlier, d), earlier->carriedBy, &stride, 0))
      continue;
    if (stride < 0)
      stride = -stride;
    if (stride >= extentOf(earlier, d) && stride >= extentOf(later, d))
      return true;
  }
  return false;
}

/* Whether every element both accesses touch is touched by the same
 * thread: scalars at the same indices (every thread accesses a scalar),
 * or tiles of one type, layout included, at the same offsets; an access
 * of an earlier iteration only when its offsets did not change since. */
static bool sameThreads(const Access *earlier, const Access *later) {
  intptr_t n = numOffsets(earlier);
  if (n < 0 || n != numOffsets(later) || earlier->scalar != later->scalar)
    return false;
  if (!earlier->scalar) {
    MlirType te = extentType(earlier), tl = extentType(later);
    if (!mlirTypeIsARankedTensor(te) ||
        mlirAttributeIsNull(mlirRankedTensorTypeGetEncoding(te)) ||
        !mlirTypeEqual(te, tl))
      return false;
  }
  for (intptr_t d = 0; d < n; ++d) {
    MlirValue v = offsetOf(earlier, d);
    if (!mlirValueEqual(v, offsetOf(later, d)) ||
        (!mlirOperationIsNull(earlier->carriedBy) &&
         !invariantIn(v, earlier->carriedBy)))
      return false;
  }
  return true;
}

static bool conflict(const Access *earlier, const Access *later) {
  if (!mlirValueEqual(earlier->memref, later->memref) ||
      !(earlier->writes || later->writes))
    return false;
  if (earlier->commutes && later->commutes) {
    MlirAttribute k0 = tileOpAttr(earlier->op, "kind");
    MlirAttribute k1 = tileOpAttr(later->op, "kind");
    if (!mlirAttributeIsNull(k0) && mlirAttributeEqual(k0, k1))
      return false;
  }
  return !sameThreads(earlier, later) && !disjointBoxes(earlier, later) &&
         !disjointIterations(earlier, later);
}

/* The accesses since the last barrier, on one path through the kernel. */
typedef struct {
  Access *a;
  int n, cap;
} Pending;

static bool pendingAdd(Pending *p, const Access *a) {
  for (int i = 0; i < p->n; ++i)
    if (mlirOperationEqual(p->a[i].op, a->op) &&
        mlirOperationEqual(p->a[i].carriedBy, a->carriedBy))
      return true;
  if (p->n == p->cap) {
    int cap = p->cap ? 2 * p->cap : 8;
    Access *grown = realloc(p->a, (size_t)cap * sizeof *grown);
    if (!grown)
      return false;
    p->a = grown;
    p->cap = cap;
  }
  p->a[p->n++] = *a;
  return true;
}

static bool pendingCopy(const Pending *from, Pending *to) {
  *to = (Pending){NULL, 0, 0};
  for (int i = 0; i < from->n; ++i)
    if (!pendingAdd(to, &from->a[i]))
      return false;
  return true;
}

/* Adds every access of `from` to `to`, as seen in an earlier iteration of
 * `loop` unless it is null; *grew says whether one was new. */
static bool pendingMerge(Pending *to, const Pending *from, MlirOperation loop,
                         bool *grew) {
  int before = to->n;
  for (int i = 0; i < from->n; ++i) {
    Access a = from->a[i];
    if (!mlirOperationIsNull(loop))
      a.carriedBy = loop;
    if (!pendingAdd(to, &a))
      return false;
  }
  if (grew)
    *grew = to->n > before;
  return true;
}

typedef struct {
  TileMemoryOrder *out;
  bool ok;
} Walk;

static bool marked(const TileMemoryOrder *o, MlirOperation op) {
  for (int i = 0; i < o->count; ++i)
    if (mlirOperationEqual(o->ops[i], op))
      return true;
  return false;
}

static void mark(Walk *w, MlirOperation op) {
  TileMemoryOrder *o = w->out;
  if (marked(o, op))
    return;
  if (o->count == o->capacity) {
    int cap = o->capacity ? 2 * o->capacity : 8;
    MlirOperation *grown = realloc(o->ops, (size_t)cap * sizeof *grown);
    if (!grown) {
      w->ok = false;
      return;
    }
    o->ops = grown;
    o->capacity = cap;
  }
  o->ops[o->count++] = op;
}

static void visitBlock(Walk *w, MlirBlock block, Pending *p);

static void visitRegionEntry(Walk *w, MlirOperation op, intptr_t region,
                             Pending *p) {
  MlirBlock block = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, region));
  if (!mlirBlockIsNull(block))
    visitBlock(w, block, p);
}

/* A loop's body runs after what came before it and after its own last
 * iteration: visit it until neither the accesses reaching its entry nor
 * the barriers grow (both are bounded by the body's accesses). Afterwards
 * what may be pending is what reached the entry (no iteration) joined
 * with the body's end. */
static void visitLoop(Walk *w, MlirOperation loop, Pending *p) {
  Pending entry;
  if (!pendingCopy(p, &entry)) {
    w->ok = false;
    return;
  }
  for (;;) {
    Pending body;
    int marks = w->out->count;
    bool grew = false;
    if (!pendingCopy(&entry, &body)) {
      w->ok = false;
      break;
    }
    for (intptr_t r = 0; r < mlirOperationGetNumRegions(loop); ++r)
      visitRegionEntry(w, loop, r, &body);
    bool merged = pendingMerge(&entry, &body, loop, &grew);
    free(body.a);
    if (!merged || !w->ok) {
      w->ok = false;
      break;
    }
    if (!grew && w->out->count == marks)
      break;
  }
  free(p->a);
  *p = entry;
}

static void visitIf(Walk *w, MlirOperation op, Pending *p) {
  Pending other;
  if (!pendingCopy(p, &other)) {
    w->ok = false;
    return;
  }
  visitRegionEntry(w, op, 0, p);
  if (mlirOperationGetNumRegions(op) > 1)
    visitRegionEntry(w, op, 1, &other);
  if (!pendingMerge(p, &other, (MlirOperation){NULL}, NULL))
    w->ok = false;
  free(other.a);
}

static void visitOp(Walk *w, MlirOperation op, Pending *p) {
  Access a;
  if (accessOf(op, &a)) {
    bool need = marked(w->out, op);
    for (int i = 0; i < p->n && !need; ++i)
      need = conflict(&p->a[i], &a);
    if (need) {
      mark(w, op);
      p->n = 0;
    }
    if (!pendingAdd(p, &a))
      w->ok = false;
    return;
  }
  if (tileOpIsNamed(op, "scf.for") || tileOpIsNamed(op, "scf.while")) {
    visitLoop(w, op, p);
    return;
  }
  if (tileOpIsNamed(op, "scf.if")) {
    visitIf(w, op, p);
    return;
  }
  for (intptr_t r = 0; r < mlirOperationGetNumRegions(op); ++r)
    visitRegionEntry(w, op, r, p);
}

static void visitBlock(Walk *w, MlirBlock block, Pending *p) {
  for (MlirOperation op = mlirBlockGetFirstOperation(block);
       !mlirOperationIsNull(op) && w->ok;
       op = mlirOperationGetNextInBlock(op))
    visitOp(w, op, p);
}

bool tileMemoryOrderFind(MlirOperation kernel, TileMemoryOrder *out) {
  *out = (TileMemoryOrder){NULL, 0, 0};
  Walk w = {out, true};
  Pending p = {NULL, 0, 0};
  visitRegionEntry(&w, kernel, 0, &p);
  free(p.a);
  return w.ok;
}

bool tileMemoryOrderBarrierBefore(const TileMemoryOrder *o, MlirOperation op) {
  return marked(o, op);
}

void tileMemoryOrderFree(TileMemoryOrder *o) {
  free(o->ops);
  *o = (TileMemoryOrder){NULL, 0, 0};
}

bool tileOpWritesMemory(MlirOperation op) {
  Access a;
  return accessOf(op, &a) && a.writes;
}

bool tileMemrefIsWritten(MlirValue memref) {
  for (MlirOpOperand u = mlirValueGetFirstUse(memref); !mlirOpOperandIsNull(u);
       u = mlirOpOperandGetNextUse(u)) {
    Access a;
    if (accessOf(mlirOpOperandGetOwner(u), &a) && a.writes &&
        mlirValueEqual(a.memref, memref))
      return true;
  }
  return false;
}

bool tileMemrefAccessedOnlyBy(MlirValue memref, MlirOperation op) {
  for (MlirOpOperand u = mlirValueGetFirstUse(memref); !mlirOpOperandIsNull(u);
       u = mlirOpOperandGetNextUse(u)) {
    MlirOperation user = mlirOpOperandGetOwner(u);
    Access a;
    if (!mlirOperationEqual(user, op) && accessOf(user, &a) &&
        mlirValueEqual(a.memref, memref))
      return false;
  }
  return true;
}

bool tileOpWritesPrivately(MlirOperation op) {
  Access a;
  if (!accessOf(op, &a) || !a.writes)
    return false;
  /* Every access of the memref writes and reads nothing back. */
  for (MlirOpOperand u = mlirValueGetFirstUse(a.memref);
       !mlirOpOperandIsNull(u); u = mlirOpOperandGetNextUse(u)) {
    MlirOperation user = mlirOpOperandGetOwner(u);
    Access b;
    if (accessOf(user, &b) && mlirValueEqual(b.memref, a.memref) &&
        (!b.writes || ((tileOpIsNamed(user, "tile.atomic_rmw") ||
                        tileOpIsNamed(user, "tile.atomic_cas")) &&
                       !tileOpResultsUnused(user))))
      return false;
  }
  return true;
}
