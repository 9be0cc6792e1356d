/* Kernel rules: a func.func marked with the unit attribute `tile.kernel`
 * returns nothing, takes only global memrefs and scalars (the launch ABI
 * has nothing else to pass), is named by an identifier, and asks for 1
 * to 32 warps, a power of two, 1 to 8 pipeline stages, and warp
 * specialization with a bool. */
#include "dialect/Verify.h"

#include <stdio.h>

#include "lib/IR/IR.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

static bool verifyKernelAttr(MlirOperation func) {
  char as[TILE_TYPE_STR];
  MlirAttribute a = tileOpAttr(func, "tile.kernel");
  if (mlirAttributeIsAUnit(a))
    return true;
  tileEmitOpError(func, "tile.kernel must be a unit attribute, got %s",
                  tileAttrStr(a, as, sizeof as));
  return false;
}

static bool verifyNumWarps(MlirOperation func) {
  int64_t warps;
  if (mlirAttributeIsNull(tileOpAttr(func, "tile.num_warps")))
    return true;
  if (!tileVerifyI32Attr(func, "tile.num_warps", &warps))
    return false;
  if (warps >= 1 && warps <= 32 && (warps & (warps - 1)) == 0)
    return true;
  tileEmitOpError(func,
                  "tile.num_warps (%lld) must be a power of two from 1 to 32",
                  (long long)warps);
  return false;
}

/* An optional i32 attribute from 1 to 8: tile.num_stages (buffers per
 * pipelined load; 1 turns pipelining off) and tile.blocks_per_sm (blocks
 * that share an SM, the blocks-per-sm option's range). */
static bool verifyOneToEight(MlirOperation func, const char *name) {
  int64_t n;
  if (mlirAttributeIsNull(tileOpAttr(func, name)))
    return true;
  if (!tileVerifyI32Attr(func, name, &n))
    return false;
  if (n >= 1 && n <= 8)
    return true;
  tileEmitOpError(func, "%s (%lld) must be from 1 to 8", name, (long long)n);
  return false;
}

/* tile.warp_specialize, tile.cta_pairs: true or false (tile-pipeline's
 * choices, overridden). */
static bool verifyBoolAttr(MlirOperation func, const char *name) {
  char as[TILE_TYPE_STR];
  MlirAttribute a = tileOpAttr(func, name);
  if (mlirAttributeIsNull(a) || mlirAttributeIsABool(a))
    return true;
  tileEmitOpError(func, "%s must be true or false, got %s", name,
                  tileAttrStr(a, as, sizeof as));
  return false;
}

/* The kernel's name: an identifier (a letter or _, then letters, digits
 * and _), since it names the PTX entry and its shared-memory globals, the
 * package's kernel and the C launcher's function (--emit=c); ptxas
 * rejected a dot with a parse error and no location. */
static bool verifyName(MlirOperation func) {
  MlirStringRef name;
  if (!tileOpStrAttr(func, "sym_name", &name))
    return true; /* func.func's own verifier reports this */
  bool ok = name.length > 0;
  for (size_t i = 0; ok && i < name.length; ++i) {
    char c = name.data[i];
    ok = c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         (i > 0 && c >= '0' && c <= '9');
  }
  if (ok)
    return true;
  tileEmitOpError(func,
                  "a kernel's name must be an identifier (a letter or _, "
                  "then letters, digits and _), got \"%.*s\"",
                  (int)name.length, name.data);
  return false;
}

static bool isScalarType(MlirType t) {
  return mlirTypeIsAInteger(t) || mlirTypeIsAFloat(t) || mlirTypeIsAIndex(t);
}

static bool verifySignature(MlirOperation func) {
  char ts[TILE_TYPE_STR], what[64];
  MlirAttribute fa = tileOpAttr(func, "function_type");
  if (mlirAttributeIsNull(fa) || !mlirAttributeIsAType(fa) ||
      !mlirTypeIsAFunction(mlirTypeAttrGetValue(fa)))
    return true; /* func.func's own verifier reports this */
  MlirType fn = mlirTypeAttrGetValue(fa);
  bool ok = true;
  if (mlirFunctionTypeGetNumResults(fn) != 0) {
    tileEmitOpError(func, "a kernel must have no results, got %s",
                    tileTypeStr(fn, ts, sizeof ts));
    ok = false;
  }
  for (intptr_t i = 0, n = mlirFunctionTypeGetNumInputs(fn); i < n; ++i) {
    MlirType t = mlirFunctionTypeGetInput(fn, i);
    snprintf(what, sizeof what, "kernel argument #%ld", (long)i);
    if (mlirTypeIsAMemRef(t)) {
      ok &= tileVerifyGlobalMemRefType(func, what, t);
    } else if (!isScalarType(t)) {
      tileEmitOpError(func,
                      "%s type %s must be a memref or a scalar (integer, "
                      "float, index)",
                      what, tileTypeStr(t, ts, sizeof ts));
      ok = false;
    }
  }
  return ok;
}

bool tileVerifyKernel(MlirOperation func) {
  bool ok = verifyKernelAttr(func);
  ok &= verifyName(func);
  ok &= verifyNumWarps(func);
  ok &= verifyOneToEight(func, "tile.num_stages");
  ok &= verifyOneToEight(func, "tile.blocks_per_sm");
  ok &= verifyBoolAttr(func, "tile.warp_specialize");
  ok &= verifyBoolAttr(func, "tile.cta_pairs");
  ok &= verifySignature(func);
  return ok;
}
