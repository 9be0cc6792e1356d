/* Loading the tile dialect: the IRDL text embedded at build time is parsed
 * into a throwaway module and handed to mlirLoadIRDLDialects; see
 * Dialect.h. */
#include "dialect/Dialect.h"

#include <pthread.h>
#include <stddef.h>

#include "lib/IR/IR.h"
#include "mlir-c/Dialect/Arith.h"
#include "mlir-c/Dialect/Func.h"
#include "mlir-c/Dialect/IRDL.h"
#include "mlir-c/Dialect/Math.h"
#include "mlir-c/Dialect/MemRef.h"
#include "mlir-c/Dialect/SCF.h"
#include "mlir-c/Dialect/Tensor.h"
#include "mlir-c/RegisterEverything.h"

extern const char tileIRDLSource[];
extern const size_t tileIRDLSourceSize;

MlirStringRef tileDialectSource(void) {
  return mlirStringRefCreate(tileIRDLSource, tileIRDLSourceSize);
}

static void loadUpstream(MlirContext ctx, MlirDialectHandle h) {
  mlirDialectHandleRegisterDialect(h, ctx);
  mlirDialectHandleLoadDialect(h, ctx);
}

MlirLogicalResult tileDialectLoad(MlirContext ctx) {
  MlirDialectHandle upstream[] = {
      mlirGetDialectHandle__func__(),   mlirGetDialectHandle__arith__(),
      mlirGetDialectHandle__math__(),   mlirGetDialectHandle__scf__(),
      mlirGetDialectHandle__tensor__(), mlirGetDialectHandle__memref__(),
      mlirGetDialectHandle__irdl__(),
  };
  for (size_t i = 0; i < sizeof upstream / sizeof upstream[0]; ++i)
    loadUpstream(ctx, upstream[i]);

  /* Already loaded (IRDL dialects cannot be loaded twice)? */
  if (!mlirDialectIsNull(mlirContextGetOrLoadDialect(ctx, tileStr("tile"))))
    return mlirLogicalResultSuccess();

  MlirModule defs = mlirModuleCreateParse(ctx, tileDialectSource());
  if (mlirModuleIsNull(defs))
    return mlirLogicalResultFailure();
  MlirLogicalResult result = mlirLoadIRDLDialects(defs);
  mlirModuleDestroy(defs);
  return result;
}

/* The pass registry is the process's, not a context's: filled once (each
 * compile registers the upstream dialects, and a second fill costs 0.5 ms
 * of lookups for nothing). */
static pthread_once_t passesOnce = PTHREAD_ONCE_INIT;

void tileDialectRegisterUpstream(MlirContext ctx) {
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  mlirRegisterAllDialects(registry);
  mlirContextAppendDialectRegistry(ctx, registry);
  mlirDialectRegistryDestroy(registry);
  pthread_once(&passesOnce, mlirRegisterAllPasses);
  mlirRegisterAllLLVMTranslations(ctx);
}

bool tileOpIsKernel(MlirOperation op) {
  return tileOpIsNamed(op, "func.func") &&
         !mlirAttributeIsNull(tileOpAttr(op, "tile.kernel"));
}
