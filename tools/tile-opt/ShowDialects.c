/* tile-opt --show-dialects; see ShowDialects.h. */
#include "tools/tile-opt/ShowDialects.h"

#include "lib/IR/IR.h"

/* The MLIR C API counts a context's dialects but cannot name them, so the
 * names come from here: every dialect MLIR 22's headers declare (each
 * getDialectNamespace() in include/mlir/Dialect), which
 * mlirRegisterAllDialects registers, and tile. A name the context does not
 * know is left out of the list; a dialect the context knows but this list
 * lacks is counted, and tile-opt says so. Sorted. */
static const char *const kDialects[] = {
    "acc",         "affine",        "amdgpu",     "amx",
    "arith",       "arm_neon",      "arm_sme",    "arm_sve",
    "async",       "bufferization", "builtin",    "cf",
    "complex",     "dlti",          "emitc",      "func",
    "gpu",         "index",         "irdl",       "linalg",
    "llvm",        "math",          "memref",     "ml_program",
    "mpi",         "nvgpu",         "nvvm",       "omp",
    "pdl",         "pdl_interp",    "ptr",        "quant",
    "rocdl",       "scf",           "shape",      "shard",
    "smt",         "sparse_tensor", "spirv",      "tensor",
    "tile",        "tosa",          "transform",  "ub",
    "vcix",        "vector",        "wasmssa",    "x86vector",
    "xegpu",       "xevm"};

int printDialects(FILE *out, MlirContext ctx) {
  fprintf(out, "Available Dialects: ");
  intptr_t named = 0;
  for (size_t i = 0; i < sizeof kDialects / sizeof kDialects[0]; ++i) {
    MlirDialect d = mlirContextGetOrLoadDialect(ctx, tileStr(kDialects[i]));
    if (mlirDialectIsNull(d))
      continue;
    fprintf(out, "%s%s", named ? "," : "", kDialects[i]);
    ++named;
  }
  fprintf(out, "\n");
  /* Every dialect the context knows is loaded now, if it is named above. */
  mlirContextLoadAllAvailableDialects(ctx);
  intptr_t known = mlirContextGetNumLoadedDialects(ctx);
  return known > named ? (int)(known - named) : 0;
}
