/* tile's public C API: building tile ops without parsing.
 *
 * Each function creates one detached operation (insert it with
 * mlirBlockAppendOwnedOperation or mlirBlockInsertOwnedOperation*) and does
 * not check the dialect's rules: run tileVerify on the finished kernel.
 * Result types are given explicitly, as in the IR. Operands follow the
 * order of docs/dialect.md. */
#ifndef TILE_C_OPS_H
#define TILE_C_OPS_H

#include <stdint.h>

#include "mlir-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

/* func.func @name(argTypes...) attributes {tile.kernel, tile.num_warps}
 * with an entry block holding the arguments; numWarps 0 leaves the
 * attribute out (default 4). The body is empty: append ops, then
 * tileReturnOpCreate. */
MlirOperation tileKernelCreate(MlirLocation loc, MlirStringRef name,
                               intptr_t numArgs, const MlirType *argTypes,
                               int32_t numWarps);
/* The entry block of a kernel made by tileKernelCreate. */
MlirBlock tileKernelGetBody(MlirOperation kernel);
/* func.return with no operands: the end of a kernel body. */
MlirOperation tileReturnOpCreate(MlirLocation loc);

MlirOperation tileProgramIdOpCreate(MlirLocation loc, int32_t axis);
MlirOperation tileNumProgramsOpCreate(MlirLocation loc, int32_t axis);
MlirOperation tileRangeOpCreate(MlirLocation loc, int32_t start, int32_t end);
MlirOperation tileSplatOpCreate(MlirLocation loc, MlirValue scalar,
                                MlirType tileType);
MlirOperation tileBroadcastOpCreate(MlirLocation loc, MlirValue source,
                                    MlirType tileType);
MlirOperation tileExpandDimsOpCreate(MlirLocation loc, MlirValue source,
                                     int32_t axis, MlirType tileType);
MlirOperation tileReshapeOpCreate(MlirLocation loc, MlirValue source,
                                  MlirType tileType);
MlirOperation tileTransOpCreate(MlirLocation loc, MlirValue source,
                                intptr_t rank, const int32_t *permutation,
                                MlirType tileType);
/* `padding` may be a null attribute (zero padding). */
MlirOperation tileLoadOpCreate(MlirLocation loc, MlirValue mem,
                               intptr_t numOffsets, const MlirValue *offsets,
                               MlirType tileType, MlirAttribute padding);
MlirOperation tileLoadMaskedOpCreate(MlirLocation loc, MlirValue mem,
                                     MlirValue mask, intptr_t numOffsets,
                                     const MlirValue *offsets,
                                     MlirType tileType, MlirAttribute padding);
MlirOperation tileStoreOpCreate(MlirLocation loc, MlirValue value,
                                MlirValue mem, intptr_t numOffsets,
                                const MlirValue *offsets);
MlirOperation tileStoreMaskedOpCreate(MlirLocation loc, MlirValue value,
                                      MlirValue mem, MlirValue mask,
                                      intptr_t numOffsets,
                                      const MlirValue *offsets);
/* `precision` is "tf32", "ieee" or NULL (none: the default, tf32). */
MlirOperation tileDotOpCreate(MlirLocation loc, MlirValue a, MlirValue b,
                              MlirValue acc, const char *precision);
/* `kind`: add, mul, max, min, maxnum, minnum, and, or, xor. */
MlirOperation tileReduceOpCreate(MlirLocation loc, MlirValue source,
                                 int32_t axis, const char *kind,
                                 MlirType resultType);

#ifdef __cplusplus
}
#endif

#endif
