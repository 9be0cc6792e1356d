/* Running a tile kernel on the CPU: TileToCPU lowers it, upstream passes take
 * it to LLVM, and the MLIR ExecutionEngine JIT-compiles it in-process. One
 * call of the compiled function runs one program instance; tileCpuKernelRun
 * loops over the grid. This is the reference every GPU result is compared
 * with, so it follows DIALECT.md's semantics exactly (bounds, padding, masks,
 * reduce NaN rules, f16/bf16 rounding per op). */
#ifndef TILE_EXECUTION_CPUKERNEL_H
#define TILE_EXECUTION_CPUKERNEL_H

#include <stddef.h>
#include <stdint.h>

#include "lib/Runtime/HostArray.h"
#include "mlir-c/IR.h"

typedef enum {
  TILE_ARG_MEMREF, /* a memref: passed as a host array, used in place */
  TILE_ARG_INT,    /* integer scalar (dtype BOOL, I8..I64) */
  TILE_ARG_FLOAT,  /* float scalar (dtype F16, BF16, F32, F64) */
  TILE_ARG_INDEX,  /* index scalar (dtype I64) */
} TileArgKind;

/* What the kernel signature says about one argument. */
typedef struct {
  TileArgKind kind;
  TileDType dtype;       /* element type of a memref, or the scalar's type */
  int rank;              /* memrefs: 1..3; scalars: 0 */
  int64_t shape[3];      /* memrefs: static sizes, -1 where dynamic */
  char type[64];         /* the MLIR type as written, for messages */
} TileArgInfo;

/* One argument value for a run. */
typedef struct {
  TileHostArray *array;  /* TILE_ARG_MEMREF: C-ordered, dtype must match */
  int64_t i;             /* TILE_ARG_INT / TILE_ARG_INDEX */
  double f;              /* TILE_ARG_FLOAT (rounded to the scalar's type) */
} TileArgValue;

typedef struct TileCpuKernel TileCpuKernel;

/* Compiles kernel `name` of `module` for the CPU. `module` is not changed
 * (a clone is lowered). Lowering problems are reported through the
 * context's diagnostic engine at the kernel's ops; the returned message says
 * what failed. Returns 0 on success. */
int tileCpuKernelCreate(MlirModule module, const char *name,
                        TileCpuKernel **out, char *err, size_t errSize);
int tileCpuKernelNumArgs(const TileCpuKernel *k);
const TileArgInfo *tileCpuKernelArg(const TileCpuKernel *k, int index);
/* Runs every program of `grid` (x, y, z; each >= 1) in order. Memref
 * arguments are read and written in place. Checks argument kinds, dtypes,
 * ranks and static sizes first (a message naming the argument). */
int tileCpuKernelRun(TileCpuKernel *k, const TileArgValue *args,
                     const int64_t grid[3], char *err, size_t errSize);
void tileCpuKernelDestroy(TileCpuKernel *k);

#endif
