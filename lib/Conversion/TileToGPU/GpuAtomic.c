/* tile.atomic_rmw and tile.atomic_cas for TileToGPU (docs/dialect.md, "v2").
 *
 * One atomic per element, at the address GpuIndirect.h gives, predicated
 * on the indices being in bounds (out-of-bounds elements touch nothing and
 * read 0) and, in a replicated layout, on this thread holding the copy
 * that counts (gpuOwnsRegister): an element acts once however many
 * threads hold it. Where such a result is used, the owners pass the old
 * values to the other holders through shared memory.
 *
 * The instructions are inline PTX, as for loads and stores: LLVM 22's
 * NVPTX back end drops the ordering and scope of `atomicrmw` (it prints a
 * plain relaxed gpu-scope atom for acquire, release and syncscope
 * "block"), and it never uses `red`. So:
 *   - `atom{.sem}{.scope}.global.op.type` (PTX ISA 9.7.13.5), `sem` and
 *     `scope` as the op says (from sm_70; older chips get a plain atom
 *     between membar fences). When the result is unused and `sem` is
 *     relaxed or release, `red` (no value returned) instead.
 *   - an add whose result is unused, on addresses the index arithmetic
 *     shows consecutive (GpuIndirect.h's groups: a split-K tile's rows),
 *     is `red.global.add.noftz.f16x2` pairs (bf16x2 from sm_90) where the
 *     pair is in bounds and aligned (v2/v4.f32 await PTX ISA 8.1:
 *     vectorRedWidth).
 *   - kinds: add (u32, u64, f32, noftz.f16, noftz.bf16 from sm_90), max /
 *     min (s32, s64), umax / umin (u32, u64), and / or / xor (b32, b64),
 *     xchg (exch.b32, b64).
 *   - f32 max/min as maxnum/minnum with -0 < +0 by the integer trick: a
 *     value with its sign clear takes atom.max.s32 (min: min.s32) of its
 *     bits, one with its sign set atom.min.u32 (min: max.u32); both orders
 *     agree with the float order across signs, zeros included. A NaN value
 *     takes min.u32 0xffffffff (max.u32 0), which leaves memory as it is.
 *     A NaN already in memory survives the trick where its sign puts it
 *     above (max) or below (min) every number; where the old value shows
 *     such a NaN and v is a number, a compare-and-swap loop (rarely taken)
 *     then stores v as maxnum/minnum would.
 *   - f16/bf16 max, min and xchg, and bf16 add before sm_90, have no
 *     instruction: a compare-and-swap loop (llvm.cmpxchg, which NVPTX lowers
 *     with its ordering and scope, on the 32-bit word holding the element)
 *     computes the new value from the old one, max/min through the IEEE
 *     total order of the bits (exact maxnum/minnum, -0 < +0).
 *   - atomic_cas: atom.cas.b32/.b64 in inline PTX; 16-bit elements through
 *     llvm.cmpxchg. Equality is of the bits. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/Analysis/Contiguity.h"
#include "lib/Analysis/Tma.h"
#include "lib/Conversion/TileToGPU/GpuIndirect.h"
#include "lib/IR/IR.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/LLVM.h"

typedef struct {
  const char *sem;       /* "relaxed" ... */
  const char *scope;     /* "cta", "gpu", "sys" */
  const char *syncscope; /* LLVM's: "block", "device", "" */
  int order;             /* LLVM AtomicOrdering of the success case */
  int failureOrder;
  bool modern; /* sm_70+: .sem and .scope qualifiers */
} Ordering;

static bool readOrdering(GpuLowering *g, MlirOperation op, Ordering *o) {
  MlirStringRef sem = tileStr("acq_rel"), scope = tileStr("gpu");
  tileOpStrAttr(op, "sem", &sem);
  tileOpStrAttr(op, "scope", &scope);
  static const struct {
    const char *name;
    int order, failure;
  } sems[] = {{"relaxed", 2, 2}, {"acquire", 4, 4}, {"release", 5, 2},
              {"acq_rel", 6, 4}};
  static const struct {
    const char *name, *llvm;
  } scopes[] = {{"cta", "block"}, {"gpu", "device"}, {"sys", ""}};
  o->sem = NULL;
  o->scope = NULL;
  for (size_t i = 0; i < 4; ++i)
    if (mlirStringRefEqual(sem, tileStr(sems[i].name))) {
      o->sem = sems[i].name;
      o->order = sems[i].order;
      o->failureOrder = sems[i].failure;
    }
  for (size_t i = 0; i < 3; ++i)
    if (mlirStringRefEqual(scope, tileStr(scopes[i].name))) {
      o->scope = scopes[i].name;
      o->syncscope = scopes[i].llvm;
    }
  if (!o->sem || !o->scope) {
    tileEmitOpError(op, "unknown sem or scope");
    return false;
  }
  o->modern = atoi(g->chip + 3) >= 70;
  return true;
}

static int chipNumber(const GpuLowering *g) { return atoi(g->chip + 3); }

static MlirType intOfWidth(MlirContext ctx, int bits) {
  return mlirIntegerTypeGet(ctx, (unsigned)bits);
}

static bool isInt(MlirType t, unsigned width) {
  return mlirTypeIsAInteger(t) && mlirIntegerTypeGetWidth(t) == width;
}

static int widthOf(MlirType elem) { return tileElemBytes(elem) * 8; }

/* The value's bits as an integer of its width (floats bitcast). */
static MlirValue toBits(TileBuilder *b, MlirValue v) {
  MlirType t = mlirValueGetType(v);
  if (mlirTypeIsAInteger(t))
    return v;
  return bCast(b, "arith.bitcast", v, intOfWidth(b->ctx, widthOf(t)));
}

static MlirValue fromBits(TileBuilder *b, MlirValue v, MlirType elem) {
  if (mlirTypeIsAInteger(elem))
    return v;
  return bCast(b, "arith.bitcast", v, elem);
}

/* The PTX instruction text: the fences (old chips) and the qualifiers. */
static void qualifiers(const Ordering *o, char *buf, size_t size) {
  if (o->modern)
    snprintf(buf, size, ".%s.%s", o->sem, o->scope);
  else
    snprintf(buf, size, "%s", strcmp(o->scope, "cta") == 0   ? ".cta"
                              : strcmp(o->scope, "sys") == 0 ? ".sys"
                                                             : "");
}

static const char *membar(const Ordering *o) {
  return strcmp(o->scope, "cta") == 0   ? "membar.cta;\n"
         : strcmp(o->scope, "sys") == 0 ? "membar.sys;\n"
                                        : "membar.gl;\n";
}

static bool releases(const Ordering *o) {
  return strcmp(o->sem, "release") == 0 || strcmp(o->sem, "acq_rel") == 0;
}
static bool acquires(const Ordering *o) {
  return strcmp(o->sem, "acquire") == 0 || strcmp(o->sem, "acq_rel") == 0;
}

static const char *regConstraint(int width) {
  return width == 64 ? "l" : width == 32 ? "r" : "h";
}

/* `n` predicated atomics (or reductions) in one inline asm: instruction i
 * is `@pred[i] atom<qual>.global.<ops[i]> result, [ptr], value[i]` (and
 * `cmp` first for cas; with `preds` NULL, unpredicated). Returns the old
 * value's bits (0 where no predicate held), or a null value when `red`
 * (nothing returned). */
static MlirValue emitAtom(TileBuilder *b, const Ordering *o, int n,
                          const char *const *ops, const MlirValue *preds,
                          MlirValue ptr, const MlirValue *values,
                          MlirValue cmp, int width, bool red) {
  char qual[32], text[768], constraints[64];
  qualifiers(o, qual, sizeof qual);
  const char *r = regConstraint(width);
  MlirValue operands[8];
  int k = 0;
  size_t len = 0;
  /* $0: the result (unless red); then predicates, address, cmp, values. */
  int first = red ? 0 : 1;
  len += (size_t)snprintf(constraints + len, sizeof constraints - len, "%s",
                          red ? "" : "=");
  if (!red)
    len += (size_t)snprintf(constraints + len, sizeof constraints - len, "%s",
                            r);
  for (int i = 0; preds && i < n; ++i) {
    operands[k++] = preds[i];
    len += (size_t)snprintf(constraints + len, sizeof constraints - len,
                            "%sb", k + first > 1 ? "," : "");
  }
  int addr = first + k;
  operands[k++] = gpuGlobalPtr(b, ptr);
  len += (size_t)snprintf(constraints + len, sizeof constraints - len, "%sl",
                          addr > 0 ? "," : "");
  int cmpAt = -1;
  if (!mlirValueIsNull(cmp)) {
    cmpAt = first + k;
    operands[k++] = cmp;
    len += (size_t)snprintf(constraints + len, sizeof constraints - len,
                            ",%s", r);
  }
  int valueAt = first + k;
  for (int i = 0; i < n; ++i) {
    operands[k++] = values[i];
    len += (size_t)snprintf(constraints + len, sizeof constraints - len,
                            ",%s", r);
  }
  size_t t = 0;
  if (!o->modern && releases(o))
    t += (size_t)snprintf(text + t, sizeof text - t, "%s", membar(o));
  if (!red)
    t += (size_t)snprintf(text + t, sizeof text - t, "mov.b%d $0, 0;\n",
                          width);
  for (int i = 0; i < n; ++i) {
    char cmpText[16] = "", guard[16] = "";
    if (cmpAt >= 0)
      snprintf(cmpText, sizeof cmpText, ", $%d", cmpAt);
    if (preds)
      snprintf(guard, sizeof guard, "@$%d ", first + i);
    if (red)
      t += (size_t)snprintf(text + t, sizeof text - t,
                            "%sred%s.global.%s [$%d], $%d;\n", guard, qual,
                            ops[i], addr, valueAt + i);
    else
      t += (size_t)snprintf(text + t, sizeof text - t,
                            "%satom%s.global.%s $0, [$%d]%s, $%d;\n", guard,
                            qual, ops[i], addr, cmpText, valueAt + i);
  }
  if (!o->modern && acquires(o))
    t += (size_t)snprintf(text + t, sizeof text - t, "%s", membar(o));
  MlirValue result = {NULL};
  gpuInlinePtx(b, text, constraints, k, operands, red ? 0 : 1,
               red ? (MlirType){NULL} : intOfWidth(b->ctx, width), true,
               &result);
  return result;
}

/* ---- compare-and-swap loops -------------------------------------------- */

typedef enum { NEW_XCHG, NEW_ADD, NEW_MAX, NEW_MIN } NewValue;

/* The bits of a float as a key whose unsigned order is IEEE 754's total
 * order (-NaN < -inf < ... < -0 < +0 < ... < +inf < +NaN). */
static MlirValue totalOrderKey(TileBuilder *b, MlirValue bits, int width) {
  MlirType t = mlirValueGetType(bits);
  MlirValue sign = bConstInt(b, t, (int64_t)1 << (width - 1));
  MlirValue negative = bCmpi(b, ARITH_SLT, bits, bConstInt(b, t, 0));
  MlirValue flipped = bBinary(b, "arith.xori", bits, bConstInt(b, t, -1));
  return bSelect(b, negative, flipped, bBinary(b, "arith.ori", bits, sign));
}

/* Whether float bits are a NaN: the magnitude above the infinity's. */
static MlirValue isNanBits(TileBuilder *b, MlirValue bits, MlirType elem) {
  MlirType t = mlirValueGetType(bits);
  int width = widthOf(elem);
  int64_t inf = mlirTypeIsABF16(elem)  ? 0x7f80
                : mlirTypeIsAF16(elem) ? 0x7c00
                : width == 32          ? 0x7f800000
                                       : 0x7ff0000000000000LL;
  MlirValue magnitude = bAndi(
      b, bits, bConstInt(b, t, (int64_t)(((uint64_t)1 << (width - 1)) - 1)));
  return bCmpi(b, ARITH_UGT, magnitude, bConstInt(b, t, inf));
}

/* The new bits from the old ones: v, old + v (in f32, rounded once), or
 * maxnum / minnum with -0 < +0 (a NaN operand is ignored). */
static MlirValue newBits(TileBuilder *b, NewValue kind, MlirValue old,
                         MlirValue v, MlirType elem) {
  if (kind == NEW_XCHG)
    return v;
  if (kind == NEW_ADD) {
    MlirType f32 = mlirF32TypeGet(b->ctx);
    MlirValue sum = bBinary(
        b, "arith.addf", bCast(b, "arith.extf", fromBits(b, old, elem), f32),
        bCast(b, "arith.extf", fromBits(b, v, elem), f32));
    return toBits(b, bCast(b, "arith.truncf", sum, elem));
  }
  int width = widthOf(elem);
  MlirValue kOld = totalOrderKey(b, old, width);
  MlirValue kV = totalOrderKey(b, v, width);
  MlirValue vWins = bCmpi(b, kind == NEW_MAX ? ARITH_UGT : ARITH_ULT, kV, kOld);
  MlirValue pick = bSelect(b, vWins, v, old);
  pick = bSelect(b, isNanBits(b, old, elem), v, pick);
  return bSelect(b, isNanBits(b, v, elem), old, pick);
}

static MlirValue cmpxchg(TileBuilder *b, const Ordering *o, MlirValue ptr,
                         MlirValue cmp, MlirValue v, MlirValue *success) {
  MlirType t = mlirValueGetType(cmp);
  MlirType fields[] = {t, mlirIntegerTypeGet(b->ctx, 1)};
  MlirType pair = mlirLLVMStructTypeLiteralGet(b->ctx, 2, fields, false);
  MlirValue operands[] = {ptr, cmp, v};
  MlirType i64 = mlirIntegerTypeGet(b->ctx, 64);
  TileNamedAttr attrs[] = {
      {"success_ordering", mlirIntegerAttrGet(i64, o->order)},
      {"failure_ordering", mlirIntegerAttrGet(i64, o->failureOrder)},
      {"syncscope", mlirStringAttrGet(b->ctx, tileStr(o->syncscope))}};
  MlirValue r = bInsert(b, tileOpCreate(b->loc, "llvm.cmpxchg", 3, operands,
                                        1, &pair, o->syncscope[0] ? 3 : 2,
                                        attrs));
  MlirValue out[2];
  for (int64_t i = 0; i < 2; ++i) {
    TileNamedAttr pos[] = {{"position", mlirDenseI64ArrayGet(b->ctx, 1, &i)}};
    out[i] = bInsert(b, tileOpCreate(b->loc, "llvm.extractvalue", 1, &r, 1,
                                     &fields[i], 1, pos));
  }
  if (success)
    *success = out[1];
  return out[0];
}

/* An scf.while that retries the compare-and-swap of newBits(old, v) until
 * it finds what it read; returns the value it replaced. */
static MlirValue casLoop(TileBuilder *b, const Ordering *o, MlirValue ptr,
                         NewValue kind, MlirValue v, MlirType elem) {
  MlirType t = mlirValueGetType(v);
  MlirValue init = gpuLoadPtr(b, ptr, t, tileElemBytes(elem));
  TileBuilder before, after;
  MlirOperation loop = bWhile(b, 1, &init, &before, &after);
  MlirValue cur = mlirBlockGetArgument(before.block, 0);
  MlirValue ok;
  MlirValue found = cmpxchg(&before, o, ptr, cur,
                            newBits(&before, kind, cur, v, elem), &ok);
  bCondition(&before,
             bBinary(&before, "arith.xori", ok,
                     bConstInt(&before, mlirIntegerTypeGet(b->ctx, 1), 1)),
             1, &found);
  MlirValue next = mlirBlockGetArgument(after.block, 0);
  bYield(&after, "scf.yield", 1, &next);
  return mlirOperationGetResult(loop, 0);
}

/* `body` under scf.if(pred), yielding its value there and 0 elsewhere. */
typedef MlirValue (*GuardedBody)(TileBuilder *b, void *ctx);

static MlirValue guarded(TileBuilder *b, MlirValue pred, MlirType t,
                         GuardedBody body, void *ctx) {
  TileBuilder thenB, elseB;
  MlirOperation ifOp = bIf(b, pred, 1, &t, true, &thenB, &elseB);
  MlirValue v = body(&thenB, ctx);
  bYield(&thenB, "scf.yield", 1, &v);
  MlirValue zero = bConstInt(&elseB, t, 0);
  bYield(&elseB, "scf.yield", 1, &zero);
  return mlirOperationGetResult(ifOp, 0);
}

typedef struct {
  const Ordering *o;
  MlirValue ptr, v, cmp;
  NewValue kind;
  MlirType elem;
} CasArgs;

static MlirValue casLoopBody(TileBuilder *b, void *ctx) {
  CasArgs *a = ctx;
  return casLoop(b, a->o, a->ptr, a->kind, a->v, a->elem);
}

static MlirValue casOnceBody(TileBuilder *b, void *ctx) {
  CasArgs *a = ctx;
  return cmpxchg(b, a->o, a->ptr, a->cmp, a->v, NULL);
}

/* ---- the ops ----------------------------------------------------------- */

typedef struct {
  const char *kind;
  const char *i32, *i64, *f32, *f16, *bf16; /* PTX op.type; NULL: none */
} NativeForm;

static const NativeForm kNative[] = {
    {"add", "add.u32", "add.u64", "add.f32", "add.noftz.f16",
     "add.noftz.bf16"},
    {"max", "max.s32", "max.s64", NULL, NULL, NULL},
    {"min", "min.s32", "min.s64", NULL, NULL, NULL},
    {"umax", "max.u32", "max.u64", NULL, NULL, NULL},
    {"umin", "min.u32", "min.u64", NULL, NULL, NULL},
    {"and", "and.b32", "and.b64", NULL, NULL, NULL},
    {"or", "or.b32", "or.b64", NULL, NULL, NULL},
    {"xor", "xor.b32", "xor.b64", NULL, NULL, NULL},
    {"xchg", "exch.b32", "exch.b64", "exch.b32", NULL, NULL},
};

/* The native PTX op for `kind` on `elem`, or NULL (a CAS loop, or the f32
 * max/min trick). */
static const char *nativeOp(const GpuLowering *g, MlirStringRef kind,
                            MlirType elem) {
  for (size_t i = 0; i < sizeof kNative / sizeof kNative[0]; ++i) {
    if (!mlirStringRefEqual(kind, tileStr(kNative[i].kind)))
      continue;
    if (isInt(elem, 32))
      return kNative[i].i32;
    if (isInt(elem, 64))
      return kNative[i].i64;
    if (mlirTypeIsAF32(elem))
      return kNative[i].f32;
    if (mlirTypeIsAF16(elem))
      return chipNumber(g) >= 70 ? kNative[i].f16 : NULL;
    if (mlirTypeIsABF16(elem))
      return chipNumber(g) >= 90 ? kNative[i].bf16 : NULL;
  }
  return NULL;
}

static NewValue casKind(MlirStringRef kind) {
  if (mlirStringRefEqual(kind, tileStr("add")))
    return NEW_ADD;
  if (mlirStringRefEqual(kind, tileStr("max")))
    return NEW_MAX;
  if (mlirStringRefEqual(kind, tileStr("min")))
    return NEW_MIN;
  return NEW_XCHG;
}

/* f32 max/min by the integer trick (file comment). */
static MlirValue floatMaxMin(TileBuilder *b, const Ordering *o, bool isMax,
                             MlirValue pred, MlirValue ptr, MlirValue v,
                             bool red) {
  MlirType i32 = mlirIntegerTypeGet(b->ctx, 32);
  MlirValue bits = toBits(b, v);
  MlirValue nan = bCmpf(b, ARITH_F_UNO, v, v);
  MlirValue negative = bCmpi(b, ARITH_SLT, bits, bConstInt(b, i32, 0));
  MlirValue one = bConstInt(b, mlirIntegerTypeGet(b->ctx, 1), 1);
  /* max: sign clear -> max.s32, else min.u32; min: the mirror. A NaN goes
   * to the second form with a value that changes nothing. */
  MlirValue first =
      bAndi(b, bBinary(b, "arith.xori", negative, one),
            bBinary(b, "arith.xori", nan, one));
  MlirValue second = bBinary(b, "arith.xori", first, one);
  MlirValue noop = bConstInt(b, i32, isMax ? -1 : 0);
  MlirValue values[] = {bits, bSelect(b, nan, noop, bits)};
  MlirValue preds[] = {bAndi(b, pred, first), bAndi(b, pred, second)};
  const char *ops[] = {isMax ? "max.s32" : "min.s32",
                       isMax ? "min.u32" : "max.u32"};
  return emitAtom(b, o, 2, ops, preds, ptr, values, (MlirValue){NULL}, 32,
                  red);
}

/* After the f32 trick: a NaN the trick could not replace (+NaN for max,
 * -NaN for min) while v is a number goes through a CAS loop. */
static void fixStuckNan(TileBuilder *b, const Ordering *o, bool isMax,
                        MlirValue pred, MlirValue ptr, MlirValue v,
                        MlirValue oldBits) {
  MlirType i32 = mlirIntegerTypeGet(b->ctx, 32);
  MlirType f32 = mlirF32TypeGet(b->ctx);
  MlirValue one = bConstInt(b, mlirIntegerTypeGet(b->ctx, 1), 1);
  MlirValue stuck = bAndi(
      b, isNanBits(b, oldBits, f32),
      bCmpi(b, isMax ? ARITH_SGE : ARITH_SLT, oldBits, bConstInt(b, i32, 0)));
  MlirValue number =
      bBinary(b, "arith.xori", bCmpf(b, ARITH_F_UNO, v, v), one);
  CasArgs args = {o, gpuGlobalPtr(b, ptr), toBits(b, v), (MlirValue){NULL},
                  isMax ? NEW_MAX : NEW_MIN, f32};
  guarded(b, bAndi(b, pred, bAndi(b, stuck, number)), i32, casLoopBody,
          &args);
}

/* The width of the vector reductions an unused-result add can take on
 * consecutive addresses (GpuIndirect.h's group width): f16x2 pairs
 * (bf16x2 from sm_90); 1 otherwise. red.v2/v4.f32 (sm_90) needs PTX ISA
 * 8.1, and the back end writes 8.0 for sm_90a (NvvmToPtx.c): with
 * `allowF32` (off) they would be used. */
enum { allowF32 = 0 };
static int vectorRedWidth(const GpuLowering *g, const GpuIndirect *a,
                          MlirStringRef kind, bool red) {
  if (!red || a->vector < 2 || !mlirStringRefEqual(kind, tileStr("add")))
    return 1;
  int chip = chipNumber(g);
  if (allowF32 && mlirTypeIsAF32(a->elem) && chip >= 90)
    return a->vector < 4 ? a->vector : 4;
  if ((mlirTypeIsAF16(a->elem) && chip >= 70) ||
      (mlirTypeIsABF16(a->elem) && chip >= 90))
    return 2;
  return 1;
}

/* Registers reg..reg+n-1 (consecutive addresses): one vector red where
 * all are in bounds, the address is aligned and this thread's copy counts,
 * element by element otherwise. */
static void vectorRed(GpuLowering *g, TileBuilder *b, const Ordering *o,
                      const GpuIndirect *a, const GpuTile *v, int reg, int n,
                      const char *native) {
  MlirValue inside[4], ptrs[4], all = {NULL};
  for (int e = 0; e < n; ++e) {
    inside[e] = gpuIndirectAddress(b, a, reg + e, &ptrs[e]);
    all = e == 0 ? inside[e] : bAndi(b, all, inside[e]);
  }
  MlirValue owns = gpuOwnsRegister(b, g, &a->layout, a->shape, reg);
  MlirType i64 = mlirIntegerTypeGet(b->ctx, 64);
  MlirType i32 = mlirIntegerTypeGet(b->ctx, 32);
  int bytes = n * tileElemBytes(a->elem);
  MlirValue addr = bCast(b, "llvm.ptrtoint", ptrs[0], i64);
  MlirValue fast = bAndi(
      b, all,
      bCmpi(b, ARITH_EQ, bAndi(b, addr, bConstInt(b, i64, bytes - 1)),
            bConstInt(b, i64, 0)));
  if (!mlirValueIsNull(owns))
    fast = bAndi(b, fast, owns);
  char qual[32], text[160], constraints[32] = "b,l";
  qualifiers(o, qual, sizeof qual);
  MlirValue operands[6] = {fast, gpuGlobalPtr(b, ptrs[0])};
  int k = 2;
  if (mlirTypeIsAF32(a->elem)) {
    char regs[48];
    size_t len = 0;
    for (int e = 0; e < n; ++e) {
      operands[k++] = toBits(b, v->regs[reg + e]);
      len += (size_t)snprintf(regs + len, sizeof regs - len, "%s$%d",
                              e ? ", " : "", 2 + e);
      strncat(constraints, ",r", sizeof constraints - strlen(constraints) - 1);
    }
    snprintf(text, sizeof text, "@$0 red%s.global.add.v%d.f32 [$1], {%s};",
             qual, n, regs);
  } else {
    int64_t shape[] = {2};
    MlirType pair = mlirVectorTypeGet(1, shape, a->elem);
    MlirValue p = bInsert(b, tileOpCreate(b->loc, "llvm.mlir.poison", 0, NULL,
                                          1, &pair, 0, NULL));
    for (int e = 0; e < 2; ++e)
      p = gpuInsertElement(b, p, v->regs[reg + e], e);
    operands[k++] = bCast(b, "llvm.bitcast", p, i32);
    strncat(constraints, ",r", sizeof constraints - strlen(constraints) - 1);
    snprintf(text, sizeof text, "@$0 red%s.global.add.noftz.%sx2 [$1], $2;",
             qual, mlirTypeIsAF16(a->elem) ? "f16" : "bf16");
  }
  gpuInlinePtx(b, text, constraints, k, operands, 0, (MlirType){NULL}, true,
               NULL);
  MlirValue slow = bBinary(b, "arith.xori", fast,
                           bConstInt(b, mlirIntegerTypeGet(b->ctx, 1), 1));
  if (!mlirValueIsNull(owns))
    slow = bAndi(b, slow, owns);
  for (int e = 0; e < n; ++e) {
    MlirValue pred = bAndi(b, slow, inside[e]);
    MlirValue bits = toBits(b, v->regs[reg + e]);
    emitAtom(b, o, 1, &native, &pred, ptrs[e], &bits, (MlirValue){NULL},
             widthOf(a->elem), true);
  }
}

/* Old values of a replicated layout: the owners write theirs to shared
 * memory, every holder reads its element back. */
static void shareOldValues(GpuLowering *g, TileBuilder *b, GpuTile *t,
                           MlirValue *owns) {
  int64_t elems = 1;
  for (int d = 0; d < t->rank; ++d)
    elems *= t->shape[d];
  int bytes = tileElemBytes(t->elem);
  bool inLoop;
  MlirValue base = gpuReduceScratch(b, g, elems * bytes, &inLoop);
  if (inLoop)
    gpuBarrier(g, b);
  MlirValue *slots = calloc((size_t)t->numRegs, sizeof *slots);
  for (int r = 0; r < t->numRegs; ++r) {
    MlirValue c[TILE_MAX_LAYOUT_RANK];
    gpuRegCoords(b, g, &t->layout, t->rank, t->shape, r, c);
    slots[r] = gpuGep(b, base, gpuFlatIndex(b, t->rank, t->shape, c), t->elem);
    if (mlirValueIsNull(owns[r])) {
      gpuStorePtr(b, t->regs[r], slots[r], bytes);
      continue;
    }
    TileBuilder thenB;
    bIf(b, owns[r], 0, NULL, false, &thenB, NULL);
    gpuStorePtr(&thenB, t->regs[r], slots[r], bytes);
    bYield(&thenB, "scf.yield", 0, NULL);
  }
  gpuBarrier(g, b);
  for (int r = 0; r < t->numRegs; ++r)
    t->regs[r] = gpuLoadPtr(b, slots[r], t->elem, bytes);
  free(slots);
}

/* Reductions (`red`, nothing returned) with affine indices, where this
 * thread's elements are all in bounds (gpuIndirectAllInside), each
 * unpredicated; otherwise predicated per element. ptxas makes every
 * predicated red a branch around it (a BSSY, a BRA and a BSYNC in the SASS,
 * beside the per-element bounds test): attention's backward spent them on
 * each of its 32 dQ reductions a thread and step. One test a thread
 * instead, and only ragged edges take the per-element path. False (and
 * nothing built) where the indices are not affine or a register is
 * replicated (gpuOwnsRegister's predicate stays per element). */
static bool unpredicatedReds(GpuLowering *g, TileBuilder *b, const Ordering *o,
                             GpuIndirect *a, const GpuTile *v,
                             const char *native) {
  int numRegs = tileLayoutNumRegs(&a->layout, a->shape);
  /* Replication does not depend on the register: register 0's owner
   * test (dead where returned) says. */
  if (!a->affine ||
      !mlirValueIsNull(gpuOwnsRegister(b, g, &a->layout, a->shape, 0)))
    return false;
  MlirValue all = gpuIndirectAllInside(b, a);
  int width = widthOf(a->elem);
  MlirValue *bits = malloc(sizeof *bits * (size_t)numRegs);
  for (int r = 0; r < numRegs; ++r)
    bits[r] = toBits(b, v->regs[r]);
  TileBuilder in, edge;
  bIf(b, all, 0, NULL, true, &in, &edge);
  for (int r = 0; r < numRegs; ++r) {
    MlirValue ptr;
    gpuIndirectAddress(&in, a, r, &ptr);
    emitAtom(&in, o, 1, &native, NULL, ptr, &bits[r], (MlirValue){NULL},
             width, true);
    MlirValue pred = gpuIndirectAddress(&edge, a, r, &ptr);
    emitAtom(&edge, o, 1, &native, &pred, ptr, &bits[r], (MlirValue){NULL},
             width, true);
  }
  free(bits);
  bYield(&in, "scf.yield", 0, NULL);
  bYield(&edge, "scf.yield", 0, NULL);
  return true;
}

/* ---- atomics counted in shared memory ---------------------------------- */

/* The value an op of `kind` leaves memory as it is with (i32). */
static bool identityOf(MlirStringRef kind, int32_t *out) {
  static const struct {
    const char *kind;
    int32_t identity;
  } ids[] = {{"add", 0},  {"max", INT32_MIN}, {"min", INT32_MAX},
             {"umax", 0}, {"umin", -1},       {"and", -1},
             {"or", 0},   {"xor", 0}};
  for (size_t i = 0; i < sizeof ids / sizeof ids[0]; ++i)
    if (mlirStringRefEqual(kind, tileStr(ids[i].kind))) {
      *out = ids[i].identity;
      return true;
    }
  return false;
}

/* The identity of a kind gpuPrivateAtomicsBegin chose, which has one. */
static int32_t chosenIdentity(MlirStringRef kind) {
  int32_t identity = 0;
  identityOf(kind, &identity);
  return identity;
}

/* LLVM's AtomicBinOp for the kinds identityOf knows. */
static int64_t binOpOf(MlirStringRef kind) {
  static const struct {
    const char *kind;
    int64_t op;
  } ops[] = {{"add", 1}, {"and", 3}, {"or", 5},   {"xor", 6},
             {"max", 7}, {"min", 8}, {"umax", 9}, {"umin", 10}};
  for (size_t i = 0; i < sizeof ops / sizeof ops[0]; ++i)
    if (mlirStringRefEqual(kind, tileStr(ops[i].kind)))
      return ops[i].op;
  return -1;
}

/* At most this much shared memory per block holds private copies. */
enum { PRIVATE_MAX_BYTES = 16384 };

/* Whether kernel argument `mem` can be counted in shared memory: a static
 * rank-1 i32 memref of at most PRIVATE_MAX_BYTES with the identity layout,
 * whose every use is as the memref of a tile.atomic_rmw whose result is
 * unused, with sem = "relaxed", all of one kind that has an identity and
 * one scope. Then nothing in the kernel can tell the difference: no
 * program reads the memref, and relaxed atomics order nothing, so the
 * counts may reach memory when the program ends. */
static bool privatizable(MlirValue mem, MlirOperation *first,
                         int64_t *elems) {
  MlirType t = mlirValueGetType(mem);
  int32_t identity;
  if (!mlirTypeIsAMemRef(t) || mlirShapedTypeGetRank(t) != 1 ||
      !mlirShapedTypeHasStaticShape(t) ||
      !isInt(mlirShapedTypeGetElementType(t), 32) ||
      !tileMemrefInnerContiguous(t))
    return false;
  *elems = mlirShapedTypeGetDimSize(t, 0);
  if (*elems <= 0 || *elems * 4 > PRIVATE_MAX_BYTES)
    return false;
  *first = (MlirOperation){NULL};
  for (MlirOpOperand u = mlirValueGetFirstUse(mem); !mlirOpOperandIsNull(u);
       u = mlirOpOperandGetNextUse(u)) {
    MlirOperation op = mlirOpOperandGetOwner(u);
    MlirStringRef kind = tileStr("");
    if (!tileOpIsNamed(op, "tile.atomic_rmw") ||
        mlirOpOperandGetOperandNumber(u) != 1 ||
        !tileValueIsUnused(mlirOperationGetResult(op, 0)) ||
        !tileOpStrAttrIs(op, "sem", "relaxed", "acq_rel") ||
        !tileOpStrAttr(op, "kind", &kind) || !identityOf(kind, &identity))
      return false;
    if (mlirOperationIsNull(*first)) {
      *first = op;
      continue;
    }
    MlirStringRef k0 = tileStr(""), s0 = tileStr("gpu"), s = tileStr("gpu");
    tileOpStrAttr(*first, "kind", &k0);
    tileOpStrAttr(*first, "scope", &s0);
    tileOpStrAttr(op, "scope", &s);
    if (!mlirStringRefEqual(kind, k0) || !mlirStringRefEqual(s, s0))
      return false;
  }
  return !mlirOperationIsNull(*first);
}

static MlirValue privateBase(TileBuilder *b, GpuLowering *g, int k) {
  return gpuGep(b, gpuSharedGlobal(b, g->privateName),
                bConstIndex(b, g->priv[k].offset),
                mlirIntegerTypeGet(b->ctx, 8));
}

/* An scf.for over this thread's elements of private copy k: tid, tid +
 * threads, ... below its size; `body` gets the element's index. */
static void forEachElement(GpuLowering *g, TileBuilder *b, int k,
                           TileBuilder *body, MlirValue *i) {
  MlirValue tid = bAddi(b, bMuli(b, g->warp, bConstIndex(b, 32)), g->lane);
  bFor(b, tid, bConstIndex(b, g->priv[k].elems),
       bConstIndex(b, 32 * g->numWarps), 0, NULL, body);
  *i = mlirBlockGetArgument(body->block, 0);
}

bool gpuPrivateAtomicsBegin(GpuLowering *g, TileBuilder *b) {
  if (g->producerWarps > 0 || g->persistent)
    return true;
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(g->kernel, 0));
  for (intptr_t i = 0; i < mlirBlockGetNumArguments(body) &&
                       g->numPrivate < (int)(sizeof g->priv / sizeof g->priv[0]);
       ++i) {
    MlirValue mem = mlirBlockGetArgument(body, i);
    MlirOperation first;
    int64_t elems;
    if (!privatizable(mem, &first, &elems) ||
        g->privateBytes + elems * 4 > PRIVATE_MAX_BYTES)
      continue;
    int k = g->numPrivate++;
    g->priv[k].memref = mem;
    g->priv[k].elems = elems;
    g->priv[k].offset = g->privateBytes;
    g->priv[k].first = first;
    g->priv[k].kind = tileStr("");
    tileOpStrAttr(first, "kind", &g->priv[k].kind);
    g->privateBytes += (elems * 4 + 15) / 16 * 16;
  }
  if (g->numPrivate == 0)
    return true;
  snprintf(g->privateName, sizeof g->privateName, "__tile_private%s",
           g->smemName + strlen("__tile_smem"));
  MlirType i32 = mlirIntegerTypeGet(b->ctx, 32);
  for (int k = 0; k < g->numPrivate; ++k) {
    int32_t identity = chosenIdentity(g->priv[k].kind);
    TileBuilder loop;
    MlirValue i;
    forEachElement(g, b, k, &loop, &i);
    gpuStorePtr(&loop, bConstInt(&loop, i32, identity),
                gpuGep(&loop, privateBase(&loop, g, k), i, i32), 4);
    bYield(&loop, "scf.yield", 0, NULL);
  }
  gpuBarrier(g, b);
  return true;
}

void gpuPrivateAtomicsEnd(GpuLowering *g, TileBuilder *b) {
  if (g->numPrivate == 0)
    return;
  gpuBarrier(g, b);
  MlirType i32 = mlirIntegerTypeGet(b->ctx, 32);
  for (int k = 0; k < g->numPrivate; ++k) {
    GpuValue *m = gpuMapGet(&g->values, g->priv[k].memref);
    Ordering o;
    int32_t identity = chosenIdentity(g->priv[k].kind);
    const char *native = nativeOp(g, g->priv[k].kind, i32);
    if (!m || m->kind != GPU_MEMREF || !native ||
        !readOrdering(g, g->priv[k].first, &o))
      continue; /* privatizable checked all of these */
    TileBuilder loop;
    MlirValue i;
    forEachElement(g, b, k, &loop, &i);
    MlirValue count = gpuLoadPtr(
        &loop, gpuGep(&loop, privateBase(&loop, g, k), i, i32), i32, 4);
    /* Only elements some program touched (an identity changes nothing). */
    MlirValue touched = bCmpi(&loop, ARITH_NE, count,
                              bConstInt(&loop, i32, identity));
    MlirValue ptr = gpuGep(&loop, m->memref.ptr,
                           bMuli(&loop, i, m->memref.strides[0]), i32);
    emitAtom(&loop, &o, 1, &native, &touched, ptr, &count, (MlirValue){NULL},
             32, true);
    bYield(&loop, "scf.yield", 0, NULL);
  }
}

/* tile.atomic_rmw into private copy k: a shared-memory atomic per element
 * (out of bounds, or not this thread's copy in a replicated layout: the
 * identity, at the first element, which changes nothing and needs no
 * branch). The result is unused (privatizable): zeros. */
static bool lowerPrivate(GpuLowering *g, TileBuilder *b, MlirOperation op,
                         int k) {
  MlirValue result = mlirOperationGetResult(op, 0);
  MlirType type = mlirValueGetType(result);
  GpuIndirect a;
  GpuTile v;
  bool owned;
  if (!gpuIndirectSetUpValue(g, b, op, &a, &v, &owned))
    return false;
  int32_t identity = chosenIdentity(g->priv[k].kind);
  MlirType i32 = mlirIntegerTypeGet(b->ctx, 32);
  MlirType i64 = mlirIntegerTypeGet(b->ctx, 64);
  MlirValue base = privateBase(b, g, k);
  GpuTile t = gpuTileAlloc(&a.layout, type);
  for (int r = 0; r < t.numRegs; ++r) {
    MlirValue linear;
    MlirValue pred = gpuIndirectLinear(b, &a, r, &linear);
    MlirValue owns = gpuOwnsRegister(b, g, &a.layout, a.shape, r);
    if (!mlirValueIsNull(owns))
      pred = bAndi(b, pred, owns);
    MlirValue at = bSelect(b, pred, linear, bConstIndex(b, 0));
    MlirValue value = bSelect(b, pred, v.regs[r], bConstInt(b, i32, identity));
    MlirValue operands[] = {gpuGep(b, base, at, i32), value};
    TileNamedAttr attrs[] = {
        {"bin_op", mlirIntegerAttrGet(i64, binOpOf(g->priv[k].kind))},
        {"ordering", mlirIntegerAttrGet(i64, 2)}}; /* monotonic */
    bInsert(b, tileOpCreate(b->loc, "llvm.atomicrmw", 2, operands, 1, &i32,
                            2, attrs));
    t.regs[r] = bConstInt(b, i32, 0);
  }
  if (owned)
    free(v.regs);
  gpuIndirectTearDown(&a);
  gpuSetTile(g, result, t);
  return true;
}

static bool plainAtomic(GpuLowering *g, TileBuilder *b, MlirOperation op);

/* An add of a whole box that tile-pipeline marked tile.tma_reduce goes
 * out, in the aligned entry, as one bulk tensor reduction where the box
 * starts inside the memref at a 16-byte column, element by element
 * elsewhere (../Pipeline/GpuTmaReduce.c); its result is unused. */
static bool bulkOrPlain(GpuLowering *g, TileBuilder *b, MlirOperation op,
                        int map) {
  GpuTmaBox box;
  if (!gpuTmaReduceBox(g, b, op, &box))
    return plainAtomic(g, b, op);
  TileBuilder bulk, plain;
  bIf(b, gpuTmaReduceFits(b, &box), 0, NULL, true, &bulk, &plain);
  bool ok = gpuLowerTmaReduce(g, &bulk, op, map, &box) &&
            plainAtomic(g, &plain, op);
  bYield(&bulk, "scf.yield", 0, NULL);
  bYield(&plain, "scf.yield", 0, NULL);
  MlirValue result = mlirOperationGetResult(op, 0);
  gpuSetTile(g, result,
             gpuTileUniform(mlirValueGetType(result),
                            bConstFloat(b, mlirF32TypeGet(b->ctx), 0.0)));
  return ok;
}

bool gpuLowerAtomic(GpuLowering *g, TileBuilder *b, MlirOperation op) {
  for (int k = 0; k < g->numPrivate; ++k)
    if (mlirValueEqual(mlirOperationGetOperand(op, 1), g->priv[k].memref) &&
        tileOpIsNamed(op, "tile.atomic_rmw"))
      return lowerPrivate(g, b, op, k);
  int map = mlirAttributeIsNull(tileOpAttr(op, "tile.tma_reduce"))
                ? -1
                : tileTmaMapOf(g->kernel, op);
  if (map >= 0 && map < g->numTmaMaps) {
    if (g->remarks.fn)
      g->remarks.fn(g->remarks.userData, mlirOperationGetLocation(op),
                    "atomics: the box of adds goes out as one bulk tensor "
                    "reduction from shared memory "
                    "(cp.reduce.async.bulk.tensor) where it starts inside "
                    "the memref at a 16-byte column, element by element "
                    "elsewhere");
    return bulkOrPlain(g, b, op, map);
  }
  return plainAtomic(g, b, op);
}

static bool plainAtomic(GpuLowering *g, TileBuilder *b, MlirOperation op) {
  bool isCas = tileOpIsNamed(op, "tile.atomic_cas");
  intptr_t valueOperand = isCas ? 1 : 0;
  MlirValue result = mlirOperationGetResult(op, 0);
  MlirType type = mlirValueGetType(result);
  Ordering o;
  GpuIndirect a;
  if (!readOrdering(g, op, &o) ||
      !gpuIndirectSetUp(g, op, valueOperand + 1, type, &a))
    return false;
  GpuTile *vp = gpuOperandTile(g, op, valueOperand);
  GpuTile *cp = isCas ? gpuOperandTile(g, op, 0) : NULL;
  if (!vp || (isCas && !cp)) {
    gpuIndirectTearDown(&a);
    return false;
  }
  GpuTile v = vp->uniform ? gpuTileMaterialize(vp, &a.layout) : *vp;
  GpuTile c = cp && cp->uniform ? gpuTileMaterialize(cp, &a.layout)
                                : cp ? *cp : v;
  MlirStringRef kind = tileStr("xchg");
  if (!isCas)
    tileOpStrAttr(op, "kind", &kind);
  MlirType elem = a.elem;
  int width = widthOf(elem);
  bool unused = tileValueIsUnused(result);
  /* red returns nothing and orders at most as a release; it has no exch
   * (an xchg whose result is unused stays an atom: gen2's thirteenth
   * version found `red.exch`, which ptxas refuses). */
  bool red = unused && !isCas && !mlirStringRefEqual(kind, tileStr("xchg")) &&
             (strcmp(o.sem, "relaxed") == 0 || strcmp(o.sem, "release") == 0);
  const char *native = isCas ? NULL : nativeOp(g, kind, elem);
  bool floatMinMax = !isCas && mlirTypeIsAF32(elem) &&
                     (mlirStringRefEqual(kind, tileStr("max")) ||
                      mlirStringRefEqual(kind, tileStr("min")));
  gpuIndirectBounds(b, &a);
  GpuTile t = gpuTileAlloc(&a.layout, type);
  MlirValue *owns = calloc((size_t)t.numRegs, sizeof *owns);
  bool replicated = false;
  MlirType bitsType = intOfWidth(b->ctx, width);
  int group = native ? vectorRedWidth(g, &a, kind, red) : 1;
  if (red && native && group == 1 && !floatMinMax &&
      unpredicatedReds(g, b, &o, &a, &v, native)) {
    for (int r = 0; r < t.numRegs; ++r)
      t.regs[r] = fromBits(b, bConstInt(b, bitsType, 0), elem);
    goto done;
  }
  for (int r = 0; r < t.numRegs; ++r) {
    if (group > 1) { /* red: the old values are unused (zeros) */
      if (r % group == 0)
        vectorRed(g, b, &o, &a, &v, r, group, native);
      t.regs[r] = fromBits(b, bConstInt(b, bitsType, 0), elem);
      continue;
    }
    MlirValue ptr;
    MlirValue pred = gpuIndirectAddress(b, &a, r, &ptr);
    owns[r] = gpuOwnsRegister(b, g, &a.layout, a.shape, r);
    if (!mlirValueIsNull(owns[r])) {
      replicated = true;
      pred = bAndi(b, pred, owns[r]);
    }
    MlirValue bits = toBits(b, v.regs[r]);
    MlirValue old = {NULL};
    if (floatMinMax) {
      bool isMax = mlirStringRefEqual(kind, tileStr("max"));
      old = floatMaxMin(b, &o, isMax, pred, ptr, v.regs[r], false);
      fixStuckNan(b, &o, isMax, pred, ptr, v.regs[r], old);
    } else if (native) {
      old = emitAtom(b, &o, 1, &native, &pred, ptr, &bits, (MlirValue){NULL},
                     width, red);
    } else if (isCas && width >= 32) {
      const char *cas = width == 64 ? "cas.b64" : "cas.b32";
      old = emitAtom(b, &o, 1, &cas, &pred, ptr, &bits, toBits(b, c.regs[r]),
                     width, false);
    } else {
      CasArgs args = {&o, gpuGlobalPtr(b, ptr), bits,
                      isCas ? toBits(b, c.regs[r]) : (MlirValue){NULL},
                      casKind(kind), elem};
      old = guarded(b, pred, bitsType, isCas ? casOnceBody : casLoopBody,
                    &args);
    }
    /* red: no old value (the result is unused). */
    t.regs[r] = fromBits(
        b, mlirValueIsNull(old) ? bConstInt(b, bitsType, 0) : old, elem);
  }
  if (replicated && !unused)
    shareOldValues(g, b, &t, owns);
done:
  free(owns);
  if (vp->uniform)
    free(v.regs);
  if (cp && cp->uniform)
    free(c.regs);
  gpuIndirectTearDown(&a);
  gpuSetTile(g, result, t);
  return true;
}
