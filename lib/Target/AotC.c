/* Ahead-of-time C from a module; see AotC.h. */
#include "lib/Target/AotC.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/IR/IR.h"
#include "lib/Runtime/RuntimeApi.h"
#include "lib/Support/Error.h"
#include "lib/Target/KernelSignature.h"
#include "mlir-c/Diagnostics.h"

#define MAX_VARIANTS 256

typedef struct {
  TileCVariant v[MAX_VARIANTS];
  int n;
} Variants;

static void variantsFree(Variants *vs) {
  for (int i = 0; i < vs->n; ++i) {
    free((void *)vs->v[i].bytes);
    tilePackageFree(&vs->v[i].package);
  }
}

/* Adds package bytes (taken: freed with the variants) as a variant. */
static int addVariant(Variants *vs, void *bytes, size_t size, const char *key,
                      const int64_t grid[3], const char *origin, char *err,
                      size_t errSize) {
  if (vs->n == MAX_VARIANTS) {
    free(bytes);
    return tileFail(err, errSize, "more than %d variants", MAX_VARIANTS);
  }
  TileCVariant *v = &vs->v[vs->n];
  memset(v, 0, sizeof *v);
  if (tilePackageReadMemory(origin, bytes, size, &v->package, err, errSize)) {
    free(bytes);
    return 1;
  }
  v->bytes = bytes;
  v->size = size;
  snprintf(v->key, sizeof v->key, "%s", key);
  memcpy(v->grid, grid, sizeof v->grid);
  snprintf(v->origin, sizeof v->origin, "%s", origin);
  ++vs->n;
  /* A variant of another kernel would take other arguments. */
  const TilePackage *a = &vs->v[0].package, *b = &v->package;
  if (strcmp(a->kernelName, b->kernelName) != 0 || a->numArgs != b->numArgs ||
      memcmp(a->args, b->args, sizeof a->args[0] * (size_t)a->numArgs) != 0)
    return tileFail(err, errSize,
                    "%s is @%s with other arguments than @%s: not a variant "
                    "of this kernel",
                    origin, b->kernelName, a->kernelName);
  return 0;
}

/* Compiles a clone of the module for `chip`. */
static int compileChip(MlirModule module, const char *name,
                       const TileGpuOptions *options, const char *chip,
                       Variants *vs, char *err, size_t errSize) {
  TileGpuOptions o = *options;
  if (chip && tileOptionSet(&o.options, "chip", chip, err, errSize))
    return 1;
  MlirModule clone = mlirModuleFromOperation(
      mlirOperationClone(mlirModuleGetOperation(module)));
  void *bytes = NULL;
  size_t size = 0;
  TilePackage package;
  memset(&package, 0, sizeof package);
  int rc = tileGpuCompile(clone, name, &o, TILE_EMIT_PACKAGE, &bytes, &size,
                          &package, err, errSize);
  mlirModuleDestroy(clone);
  free(bytes);
  if (!rc)
    rc = tilePackageWriteMemory(&package, &bytes, &size, err, errSize);
  tilePackageFree(&package);
  if (rc)
    return 1;
  static const int64_t none[3] = {0, 0, 0};
  return addVariant(vs, bytes, size, "", none, o.options.chip, err, errSize);
}

/* Adds every variant of a .tvar file. */
static int addVariantFile(const char *path, Variants *vs, char *err,
                          size_t errSize) {
  TileRuntimeVariants *file = NULL;
  TileStatus st;
  if (tileRuntimeVariantsLoadFile(path, &file, &st))
    return tileFail(err, errSize, "%s", st.message);
  int rc = 0;
  for (int i = 0; !rc && i < tileRuntimeVariantsCount(file); ++i) {
    const TileRuntimePackage *p = tileRuntimeVariantsPackage(file, i);
    void *bytes = NULL;
    size_t size = 0;
    int64_t grid[3];
    tileRuntimeVariantsGrid(file, i, grid);
    const char *key = tileRuntimeVariantsKey(file, i);
    char origin[256];
    snprintf(origin, sizeof origin, "%s for %s: %s", path, p->p.chip,
             key[0] ? key : "any shape");
    rc = tilePackageWriteMemory(&p->p, &bytes, &size, err, errSize) ||
         addVariant(vs, bytes, size, key, grid, origin, err, errSize);
  }
  tileRuntimeVariantsDestroy(file);
  return rc;
}

int tileAotCompileC(MlirModule module, const char *name,
                    const TileGpuOptions *options, const TileAotOptions *aot,
                    TileStrBuf *header, TileStrBuf *source, char *err,
                    size_t errSize) {
  MlirOperation kernel;
  if (tileGpuFindKernel(module, name, &kernel, err, errSize)) {
    /* Located at the module: the file that lacks it. */
    mlirEmitError(mlirOperationGetLocation(mlirModuleGetOperation(module)),
                  err);
    return 1;
  }
  MlirStringRef sym;
  tileOpStrAttr(kernel, "sym_name", &sym);
  char kernelName[128];
  snprintf(kernelName, sizeof kernelName, "%.*s", (int)sym.length, sym.data);
  /* The names must be read before a compile rewrites the kernel. */
  TileKernelSignature *s = malloc(sizeof *s);
  if (!s)
    return tileFail(err, errSize, "out of memory");
  tileKernelSignatureRead(kernel, aot->sourceText, s);
  Variants *vs = calloc(1, sizeof *vs);
  int rc = vs ? 0 : tileFail(err, errSize, "out of memory");
  for (int i = 0; !rc && i < (aot->numChips ? aot->numChips : 1); ++i)
    rc = compileChip(module, name, options,
                     aot->numChips ? aot->chips[i] : NULL, vs, err, errSize);
  for (int i = 0; !rc && i < aot->numVariantFiles; ++i)
    rc = addVariantFile(aot->variantFiles[i], vs, err, errSize);
  if (!rc) {
    TileCUnit u = {kernelName,     aot->headerName, aot->from, aot->mode, s,
                   vs->v,          vs->n,           mlirOperationGetLocation(kernel)};
    rc = tileEmitC(&u, header, source, err, errSize);
  }
  if (vs)
    variantsFree(vs);
  free(vs);
  free(s);
  return rc;
}
