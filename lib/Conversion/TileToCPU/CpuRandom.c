/* tile.randint and tile.rand on the CPU: Philox-4x32-10 at counter
 * (offs[e], 0, 0, 0) with the seed's words as key, as the GPU lowering
 * computes it (Philox.h: the same rounds, so the same bits); randint is the
 * first output word, the stream of Triton's tl.randint, and rand maps it
 * to [0, 1) as tl.rand does (docs/dialect.md, "v2"). One tensor.generate, every
 * element computed on its own in i32 (high halves of products in i64). */
#include "lib/Conversion/TileToCPU/CpuOps.h"

#include "lib/Conversion/Philox.h"
#include "lib/IR/Build.h"
#include "lib/IR/IR.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

enum { kMaxRank = 3 };

MlirValue tileCpuLowerRandom(MlirOperation op) {
  TileBuilder b = tileBuilderBefore(op), body;
  MlirValue seed = mlirOperationGetOperand(op, 0);
  MlirValue offs = mlirOperationGetOperand(op, 1);
  MlirType type =
      tileCpuPlainTile(mlirValueGetType(mlirOperationGetResult(op, 0)));
  intptr_t rank = mlirShapedTypeGetRank(type);
  MlirValue k0, k1;
  tilePhiloxKey(&b, seed, &k0, &k1);
  MlirOperation gen = bGenerate(&b, type, &body);
  MlirValue e[kMaxRank];
  for (intptr_t d = 0; d < rank; ++d)
    e[d] = mlirBlockGetArgument(body.block, d);
  MlirValue w =
      tilePhiloxWord0(&body, bExtract(&body, offs, rank, e), k0, k1);
  if (tileOpIsNamed(op, "tile.rand"))
    w = tilePhiloxUniform(&body, w);
  bYield(&body, "tensor.yield", 1, &w);
  return mlirOperationGetResult(gen, 0);
}
