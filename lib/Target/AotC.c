/* Ahead-of-time C from a module; see AotC.h. */
#include "lib/Target/AotC.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/IR/IR.h"
#include "lib/Runtime/RuntimeApi.h"
#include "lib/Support/Error.h"
#include "lib/Target/KernelSignature.h"
#include "mlir-c/Diagnostics.h"

typedef struct {
  TileCVariant v[TILE_C_MAX_VARIANTS];
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
  if (vs->n == TILE_C_MAX_VARIANTS) {
    free(bytes);
    return tileFail(err, errSize, "more than %d variants", TILE_C_MAX_VARIANTS);
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

/* One kernel of the pair: its name, its arguments, its variants. */
typedef struct {
  char name[128];
  MlirLocation loc;
  TileKernelSignature sig;
  Variants variants;
} Kernel;

/* The pair's kernel that the packages of a variant file are of. */
static int variantFileKernel(const TileRuntimeVariants *file,
                             const char *path, Kernel *kernels,
                             int numKernels, Kernel **out, char *err,
                             size_t errSize) {
  *out = NULL;
  if (tileRuntimeVariantsCount(file) == 0)
    return tileFail(err, errSize, "%s holds no variants", path);
  const char *name = tileRuntimeVariantsPackage(file, 0)->p.kernelName;
  TileStrBuf names = tileStrBufInit();
  for (int i = 0; i < numKernels; ++i) {
    if (strcmp(kernels[i].name, name) == 0)
      *out = &kernels[i];
    tileStrBufPrintf(&names, "%s@%s", i ? ", " : "", kernels[i].name);
  }
  int rc = *out ? 0
                : tileFail(err, errSize,
                           "%s holds variants of @%s, which is not among "
                           "the kernels compiled (%s)",
                           path, name, tileStrBufCStr(&names));
  tileStrBufFree(&names);
  return rc;
}

/* Adds every variant of a .tvar file to the kernel it is of. */
static int addVariantFile(const char *path, Kernel *kernels, int numKernels,
                          char *err, size_t errSize) {
  TileRuntimeVariants *file = NULL;
  TileStatus st;
  if (tileRuntimeVariantsLoadFile(path, &file, &st))
    return tileFail(err, errSize, "%s", st.message);
  Kernel *k = NULL;
  int rc = variantFileKernel(file, path, kernels, numKernels, &k, err,
                             errSize);
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
         addVariant(&k->variants, bytes, size, key, grid, origin, err,
                    errSize);
  }
  tileRuntimeVariantsDestroy(file);
  return rc;
}

/* Finds kernel `name` (NULL: the only one), reads its signature and
 * compiles it for each chip. */
static int compileKernel(MlirModule module, const char *name,
                         const TileGpuOptions *options,
                         const TileAotOptions *aot, Kernel *k, char *err,
                         size_t errSize) {
  MlirOperation kernel;
  if (tileGpuFindKernel(module, name, &kernel, err, errSize)) {
    size_t len = strlen(err);
    if (!name && strstr(err, "name one")) /* a pair may hold several */
      snprintf(err + len, errSize - len, " or more");
    /* Located at the module: the file that lacks it. */
    mlirEmitError(mlirOperationGetLocation(mlirModuleGetOperation(module)),
                  err);
    return 1;
  }
  MlirStringRef sym;
  tileOpStrAttr(kernel, "sym_name", &sym);
  snprintf(k->name, sizeof k->name, "%.*s", (int)sym.length, sym.data);
  k->loc = mlirOperationGetLocation(kernel);
  tileKernelSignatureRead(kernel, aot->sourceText, &k->sig);
  int rc = 0;
  for (int i = 0; !rc && i < (aot->numChips ? aot->numChips : 1); ++i)
    rc = compileChip(module, k->name, options,
                     aot->numChips ? aot->chips[i] : NULL, &k->variants,
                     err, errSize);
  return rc;
}

/* The shared code's prefix: the header's name without its extension,
 * made a C identifier ("my-kernels.h" -> my_kernels). */
static void pairPrefix(const char *headerName, char *out, size_t size) {
  const char *slash = strrchr(headerName, '/');
  const char *name = slash ? slash + 1 : headerName;
  const char *dot = strrchr(name, '.');
  size_t len = dot ? (size_t)(dot - name) : strlen(name);
  size_t n = 0;
  if (len == 0 || !isalpha((unsigned char)name[0]))
    n = (size_t)snprintf(out, size, "aot_");
  for (size_t i = 0; i < len && n + 1 < size; ++i)
    out[n++] = isalnum((unsigned char)name[i]) ? name[i] : '_';
  out[n] = '\0';
}

int tileAotCompileC(MlirModule module, const char *const *names,
                    int numNames, const TileGpuOptions *options,
                    const TileAotOptions *aot, TileStrBuf *header,
                    TileStrBuf *source, char *err, size_t errSize) {
  for (int i = 0; i < numNames; ++i)
    for (int j = 0; j < i; ++j)
      if (strcmp(names[i], names[j]) == 0)
        return tileFail(err, errSize, "kernel '%s' is named twice",
                        names[i]);
  int n = numNames ? numNames : 1;
  Kernel *kernels = calloc((size_t)n, sizeof *kernels);
  TileCKernel *units = calloc((size_t)n, sizeof *units);
  int rc = kernels && units ? 0 : tileFail(err, errSize, "out of memory");
  for (int i = 0; !rc && i < n; ++i)
    rc = compileKernel(module, numNames ? names[i] : NULL, options, aot,
                       &kernels[i], err, errSize);
  for (int i = 0; !rc && i < aot->numVariantFiles; ++i)
    rc = addVariantFile(aot->variantFiles[i], kernels, n, err, errSize);
  if (!rc) {
    for (int i = 0; i < n; ++i)
      units[i] = (TileCKernel){kernels[i].name, &kernels[i].sig,
                               kernels[i].variants.v, kernels[i].variants.n,
                               kernels[i].loc};
    char prefix[128];
    pairPrefix(aot->headerName, prefix, sizeof prefix);
    TileCUnit u = {prefix,    aot->headerName, aot->from,
                   aot->mode, units,           n};
    rc = tileEmitC(&u, header, source, err, errSize);
  }
  for (int i = 0; kernels && i < n; ++i)
    variantsFree(&kernels[i].variants);
  free(kernels);
  free(units);
  return rc;
}
