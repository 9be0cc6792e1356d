/* Internal to the tile verifier (dialect/Verify*.c): the value rules shared
 * by all ops (what a tile and a global memref are) and one entry point per
 * op family. Every check emits located errors through tileEmitOpError and
 * returns false when it emitted any; none of them stops at the first error. */
#ifndef TILE_DIALECT_VERIFY_H
#define TILE_DIALECT_VERIFY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mlir-c/IR.h"

/* The element types a tile or a global memref may hold, for messages. */
/* The most elements a tile may hold (Triton's limit too): bigger ones cost
 * minutes of compile time for no kernel that could run well. */
#define TILE_MAX_ELEMENTS (1 << 20)

#define TILE_ELEMENT_TYPES \
  "i1, i8, i16, i32, i64, f16, bf16, f32, f8E4M3FN, f8E5M2"

/* Room for a printed type or attribute in a message. */
enum { TILE_TYPE_STR = 256 };

/* --- Value rules (VerifyTypes.c) ---------------------------------------- */

/* Whether `t` is one of TILE_ELEMENT_TYPES. */
bool tileIsTileElementType(MlirType t);
/* Whether `t` is a tile: a ranked tensor of static power-of-two shape, rank
 * 1 to 3, with a tile element type (any encoding). Emits nothing. */
bool tileIsTileType(MlirType t);
/* Emits one error per broken tile rule of `t`, naming it as `what` at `op`
 * (e.g. "result #0"). */
bool tileVerifyTileType(MlirOperation op, const char *what, MlirType t);

/* Whether `t` is a memref kernels may use as global memory: rank 1 to 3, a
 * tile element type, identity or strided layout. Emits nothing. */
bool tileIsGlobalMemRefType(MlirType t);
/* Emits one error per broken global-memref rule of `t`. */
bool tileVerifyGlobalMemRefType(MlirOperation op, const char *what,
                                MlirType t);

/* --- Small shared helpers (VerifyTypes.c) ------------------------------- */

/* "128x64" ("?" for dynamic sizes) for a ranked shaped type. */
const char *tileShapeStr(MlirType t, char *buf, size_t size);
/* Whether two ranked shaped types have the same shape. */
bool tileSameShape(MlirType a, MlirType b);
/* Whether `t` is the signless integer type of `width` bits. */
bool tileIsSignlessInt(MlirType t, unsigned width);
/* Emits "<aName> element type X does not match <bName> element type Y"
 * unless the shaped types `a` and `b` hold the same element type. */
bool tileVerifySameElementType(MlirOperation op, const char *aName, MlirType a,
                               const char *bName, MlirType b);
/* Reads the required i32 attribute `name` into `out`; emits an error and
 * returns false when it is missing or not an i32 integer attribute. */
bool tileVerifyI32Attr(MlirOperation op, const char *name, int64_t *out);
/* Emits an error unless `op` has at least `operands` operands and exactly
 * `results` results (IRDL checks this for parsed IR; built IR may not have
 * been verified yet). */
bool tileVerifyArity(MlirOperation op, intptr_t operands, intptr_t results);
/* Reads the string attribute `name` into `out` (data null when absent).
 * Emits an error and returns false when it is not a string, or when it is
 * missing and `required`. */
bool tileVerifyStringAttr(MlirOperation op, const char *name, bool required,
                          MlirStringRef *out);
/* The index of `s` in the NULL-terminated `list`, or -1. */
int tileStringIndex(MlirStringRef s, const char *const *list);
/* Emits an error unless `padding` is absent, or allowed on `op` and an
 * integer or float attribute of element type `elem` (VerifyMemory.c). */
bool tileVerifyPadding(MlirOperation op, bool allowed, MlirType elem);

/* --- Op families -------------------------------------------------------- */

/* VerifyKernel.c: func.func carrying `tile.kernel`. */
/* The upstream ops inside kernels (dialect/VerifyUpstreamOps.c). */
bool tileVerifyUpstreamOp(MlirOperation op);
bool tileVerifyKernel(MlirOperation func);

/* VerifyIndexing.c: tile.program_id, tile.num_programs, tile.range. */
bool tileVerifyProgramAxisOp(MlirOperation op);
bool tileVerifyRange(MlirOperation op);

/* VerifyShapeOps.c: tile.splat, broadcast, expand_dims, reshape, trans. */
bool tileVerifySplat(MlirOperation op);
bool tileVerifyBroadcast(MlirOperation op);
bool tileVerifyExpandDims(MlirOperation op);
bool tileVerifyReshape(MlirOperation op);
bool tileVerifyTrans(MlirOperation op);

/* VerifyMemory.c: tile.load, load_masked, store, store_masked, and the
 * upstream memref.dim, memref.load and memref.store inside kernels. */
bool tileVerifyMemrefDim(MlirOperation op);
bool tileVerifyScalarAccess(MlirOperation op);
bool tileVerifyMemoryOp(MlirOperation op);

/* VerifyIndirect.c: tile.gather, scatter, atomic_rmw, atomic_cas. */
bool tileVerifyIndirectOp(MlirOperation op);

/* VerifyDot.c: tile.dot. */
bool tileVerifyDot(MlirOperation op);

/* VerifyReduce.c: tile.reduce and tile.scan (the same combiners). */
bool tileVerifyReduce(MlirOperation op);
bool tileVerifyScan(MlirOperation op);

/* VerifyRandom.c: tile.rand, tile.randint. */
bool tileVerifyRandom(MlirOperation op);

/* VerifyDebug.c: tile.print, tile.assert. */
bool tileVerifyPrint(MlirOperation op);
bool tileVerifyAssert(MlirOperation op);

#endif
