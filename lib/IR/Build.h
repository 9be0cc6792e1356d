/* An insertion point and the op-creation helpers lowerings use, so a
 * lowering reads like the IR it emits: bAddi(b, x, y), bCmpi(b, ARITH_SLT,
 * x, y), bGenerate(...). Every helper inserts the op it creates at the
 * builder's point and returns its (first) result. */
#ifndef TILE_IR_BUILD_H
#define TILE_IR_BUILD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/IR/BuildCache.h"
#include "mlir-c/IR.h"

typedef struct {
  MlirContext ctx;
  MlirLocation loc;
  MlirBlock block;
  MlirOperation before; /* insert before this op; null: at the block's end */
  TileBuildCache *cache; /* null: every helper builds a new op */
} TileBuilder;


/* A builder inserting before `op`, with op's location. */
TileBuilder tileBuilderBefore(MlirOperation op);
/* A builder appending to `block`. */
TileBuilder tileBuilderAtEnd(MlirBlock block, MlirLocation loc);

/* Inserts `op` at the builder's point; returns result 0 or a null value. */
MlirValue bInsert(TileBuilder *b, MlirOperation op);

/* arith.cmpi / arith.cmpf predicates (values of the MLIR enums). */
enum { ARITH_EQ = 0, ARITH_NE = 1, ARITH_SLT = 2, ARITH_SLE = 3, ARITH_SGT = 4,
       ARITH_SGE = 5, ARITH_ULT = 6, ARITH_UGT = 8, ARITH_UGE = 9 };
enum { ARITH_F_OEQ = 1, ARITH_F_OGT = 2, ARITH_F_OGE = 3, ARITH_F_OLT = 4,
       ARITH_F_ULE = 12, ARITH_F_UNE = 13, ARITH_F_UNO = 14 };

MlirValue bConstIndex(TileBuilder *b, int64_t v);
MlirValue bConstInt(TileBuilder *b, MlirType type, int64_t v);
MlirValue bConstI32(TileBuilder *b, int64_t v);
MlirValue bConstI64(TileBuilder *b, int64_t v);
MlirValue bConstFloat(TileBuilder *b, MlirType type, double v);
/* Constants of `type`, a scalar or a tile (a splat: every element the
 * same), from a scalar attribute of its element type; bSplatInt takes v
 * modulo 2^width for integers narrower than 64 bits, so -1 is all ones.
 * The tiles have no layout encoding: the passes that build them run
 * before layouts. */
MlirValue bSplatAttr(TileBuilder *b, MlirType type, MlirAttribute scalar);
MlirValue bSplatInt(TileBuilder *b, MlirType type, int64_t v);
MlirValue bSplatFloat(TileBuilder *b, MlirType type, double v);
/* arith.constant holding a typed scalar attribute. With a cache, constants
 * come from it, and the pure ops below (binary, compare, select, cast;
 * `name` a string literal) reuse an identical op earlier in the block when
 * the builder appends at its block's end. */
MlirValue bConstAttr(TileBuilder *b, MlirAttribute value);
/* A binary arith op whose result has x's type: bBinary(b, "arith.addi",..). */
MlirValue bBinary(TileBuilder *b, const char *name, MlirValue x, MlirValue y);
MlirValue bAddi(TileBuilder *b, MlirValue x, MlirValue y);
MlirValue bMuli(TileBuilder *b, MlirValue x, MlirValue y);
MlirValue bAndi(TileBuilder *b, MlirValue x, MlirValue y);
/* The negation of i1 `x` (an xori with true). */
MlirValue bNot(TileBuilder *b, MlirValue x);
/* Compares give i1, or an i1 tile of the operands' shape. */
MlirValue bCmpi(TileBuilder *b, int predicate, MlirValue x, MlirValue y);
MlirValue bCmpf(TileBuilder *b, int predicate, MlirValue x, MlirValue y);
MlirValue bSelect(TileBuilder *b, MlirValue c, MlirValue t, MlirValue f);
/* f32 `x` at tf32 precision: the low 13 mantissa bits dropped (toward
 * zero), as the tensor cores read f32 operands; a NaN stays NaN
 * (docs/numerics.md, "tf32 dot inputs"). Every lowering of an f32 dot at
 * precision "tf32" that is not a tensor-core instruction calls this. */
MlirValue bTruncateToTf32(TileBuilder *b, MlirValue x);
/* A unary cast-like op: bCast(b, "arith.extf", x, f32). */
MlirValue bCast(TileBuilder *b, const char *name, MlirValue x, MlirType type);
/* The type a dot lowering that multiplies element by element (the CPU's,
 * the GPU's FMA loop) sums in for accumulator element type `acc`: f32 for
 * an f16 accumulator (docs/dialect.md, tile.dot: its products are exact
 * and its sum is rounded to f16 once, as the tensor cores round once per
 * instruction, not once per product), else `acc` itself. */
MlirType bDotSumType(MlirType acc);

/* The product of two dot input elements in `sum`, bDotSumType's type:
 * integers sign-extended, floats extended (a product of two f16, bf16 or
 * f8 values is exact in f32). */
MlirValue bDotProduct(TileBuilder *b, MlirValue x, MlirValue y, MlirType sum);
/* bf16 x (a scalar or a tile) extended to f32 through its bits (shifted
 * left 16), not arith.extf. LLVM 22's InstCombine rewrites
 * fptrunc(fmul/fadd(fpext bf16, ...)) to f16 as f16 arithmetic on the
 * bf16 values truncated to f16 first, which is wrong outside f16's range
 * (2^20 becomes inf); it cannot see through the bits. */
MlirValue bExtendBF16(TileBuilder *b, MlirValue x);

MlirValue bDim(TileBuilder *b, MlirValue memref, int64_t dim);
MlirValue bLoad(TileBuilder *b, MlirValue memref, intptr_t n,
                const MlirValue *indices);
void bStore(TileBuilder *b, MlirValue value, MlirValue memref, intptr_t n,
            const MlirValue *indices);
MlirValue bExtract(TileBuilder *b, MlirValue tensor, intptr_t n,
                   const MlirValue *indices);

/* Region ops. Each creates the op at b's point and returns it; `body` (and
 * for scf.if `elseBody`) are set to builders at the end of the new blocks,
 * sharing b's cache.
 * The caller fills them and ends each with bYield. */
/* tensor.generate with static `type`; the body's arguments are the indices. */
MlirOperation bGenerate(TileBuilder *b, MlirType type, TileBuilder *body);
/* scf.if with `nResults` results (an else block only if nResults > 0 or
 * withElse). */
MlirOperation bIf(TileBuilder *b, MlirValue cond, intptr_t nResults,
                  const MlirType *resultTypes, bool withElse,
                  TileBuilder *thenBody, TileBuilder *elseBody);
/* scf.for lb..ub step `step` with iter_args `inits`; body arguments are the
 * induction variable then the iter_args. */
MlirOperation bFor(TileBuilder *b, MlirValue lb, MlirValue ub, MlirValue step,
                   intptr_t nInits, const MlirValue *inits, TileBuilder *body);
/* scf.while carrying `inits` (its results have their types): `before`
 * and `after` are builders at the end of its two blocks, whose arguments
 * are the carried values; end `before` with bCondition and `after` with
 * bYield. */
MlirOperation bWhile(TileBuilder *b, intptr_t nInits, const MlirValue *inits,
                     TileBuilder *before, TileBuilder *after);
/* scf.condition: go on to `after` with `values` while `again` (an i1)
 * holds, else leave the loop with them. */
void bCondition(TileBuilder *b, MlirValue again, intptr_t n,
                const MlirValue *values);
/* A terminator: bYield(b, "scf.yield", n, values). */
void bYield(TileBuilder *b, const char *name, intptr_t n,
            const MlirValue *values);

#endif
