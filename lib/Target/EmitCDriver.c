/* Ahead-of-time C, the driver mode's source (EmitC.h): each variant's
 * generic entry as an image, a loader over the CUDA driver API (dlopen'd
 * at the first launch, as lib/Runtime/Cuda.c does, so $TILE_CUDA_LIBRARY
 * selects another driver here too) that loads one module per context and
 * variant group, and a launch function that packs the generic entry's
 * parameters by the ABI of lib/Runtime/Package.h: per memref its pointer,
 * sizes and (dense, row-major) strides as 8-byte integers; scalars at
 * their width. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "lib/Runtime/Launch.h"
#include "lib/Support/Error.h"
#include "lib/Target/EmitC.h"
#include "mlir-c/Diagnostics.h"

/* The loader: the same for every kernel but for its names' prefix, which
 * stands as @K@. Everything is static, so sources of several kernels
 * link together. */
static const char loader[] =
    "#include <dlfcn.h>\n#include <pthread.h>\n#include <stdlib.h>\n\n"
    "typedef int @K@_CUresult;\n"
    "typedef struct CUctx_st *@K@_CUcontext;\n"
    "typedef struct CUmod_st *@K@_CUmodule;\n"
    "typedef struct CUfunc_st *@K@_CUfunction;\n\n"
    "/* The driver's entry points, loaded once (under @K@_lock). */\n"
    "static struct {\n"
    "  int state; /* 0: not yet; 1: loaded; -1: failed, as code and message "
    "say */\n"
    "  TileStatusCode code;\n  char message[512];\n"
    "  @K@_CUresult (*cuInit)(unsigned);\n"
    "  @K@_CUresult (*cuGetErrorName)(@K@_CUresult, const char **);\n"
    "  @K@_CUresult (*cuCtxGetCurrent)(@K@_CUcontext *);\n"
    "  @K@_CUresult (*cuCtxGetDevice)(int *);\n"
    "  @K@_CUresult (*cuCtxGetId)(@K@_CUcontext, unsigned long long *);\n"
    "  @K@_CUresult (*cuDeviceGetAttribute)(int *, int, int);\n"
    "  @K@_CUresult (*cuDeviceGetName)(char *, int, int);\n"
    "  @K@_CUresult (*cuModuleLoadDataEx)(@K@_CUmodule *, const void *, "
    "unsigned, int *, void **);\n"
    "  @K@_CUresult (*cuModuleGetFunction)(@K@_CUfunction *, @K@_CUmodule, "
    "const char *);\n"
    "  @K@_CUresult (*cuFuncGetAttribute)(int *, int, @K@_CUfunction);\n"
    "  @K@_CUresult (*cuFuncSetAttribute)(@K@_CUfunction, int, int);\n"
    "  @K@_CUresult (*cuLaunchKernel)(@K@_CUfunction, unsigned, unsigned, "
    "unsigned, unsigned,\n"
    "                                 unsigned, unsigned, unsigned, struct "
    "CUstream_st *,\n"
    "                                 void **, void **);\n"
    "} @K@_cu;\n\n"
    "/* One module per context and variant group, loaded on the first "
    "launch there. */\n"
    "typedef struct {\n"
    "  unsigned long long context; /* the driver's context id (else its "
    "address) */\n"
    "  int group, variant, dynamicShared;\n"
    "  @K@_CUfunction function;\n"
    "} @K@_Loaded;\n\n"
    "static pthread_mutex_t @K@_lock = PTHREAD_MUTEX_INITIALIZER;\n"
    "static @K@_Loaded *@K@_loaded;\n"
    "static int @K@_numLoaded, @K@_capLoaded;\n\n"
    "static TileStatusCode @K@_cuFail(TileStatus *status, @K@_CUresult rc,\n"
    "                                 const char *call) {\n"
    "  const char *name = NULL;\n"
    "  if (@K@_cu.cuGetErrorName(rc, &name) != 0 || !name)\n"
    "    name = \"unknown error\";\n"
    "  return @K@_fail(status, TILE_STATUS_CUDA, \"@K@_launch: %s failed: %s "
    "(code %d)\", call,\n"
    "                  name, rc);\n}\n\n"
    "static int @K@_symbol(void *lib, void *fn, const char *name) {\n"
    "  void *sym = dlsym(lib, name);\n"
    "  memcpy(fn, &sym, sizeof sym); /* POSIX: a function fits a void * */\n"
    "  return sym != NULL;\n}\n\n"
    "/* Loads the driver, once; a failure is kept and given again. */\n"
    "static TileStatusCode @K@_driver(TileStatus *status) {\n"
    "  if (@K@_cu.state == 0) {\n"
    "    const char *path = getenv(\"TILE_CUDA_LIBRARY\");\n"
    "    if (!path || !*path)\n      path = \"libcuda.so.1\";\n"
    "    void *lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);\n"
    "    const char *missing = NULL;\n"
    "    if (lib) {\n"
    "#define @K@_SYM(f, name) if (!@K@_symbol(lib, &@K@_cu.f, name) && "
    "!missing) missing = name\n"
    "      @K@_SYM(cuInit, \"cuInit\");\n"
    "      @K@_SYM(cuGetErrorName, \"cuGetErrorName\");\n"
    "      @K@_SYM(cuCtxGetCurrent, \"cuCtxGetCurrent\");\n"
    "      @K@_SYM(cuCtxGetDevice, \"cuCtxGetDevice\");\n"
    "      @K@_SYM(cuDeviceGetAttribute, \"cuDeviceGetAttribute\");\n"
    "      @K@_SYM(cuDeviceGetName, \"cuDeviceGetName\");\n"
    "      @K@_SYM(cuModuleLoadDataEx, \"cuModuleLoadDataEx\");\n"
    "      @K@_SYM(cuModuleGetFunction, \"cuModuleGetFunction\");\n"
    "      @K@_SYM(cuFuncGetAttribute, \"cuFuncGetAttribute\");\n"
    "      @K@_SYM(cuFuncSetAttribute, \"cuFuncSetAttribute\");\n"
    "      @K@_SYM(cuLaunchKernel, \"cuLaunchKernel\");\n"
    "#undef @K@_SYM\n"
    "      /* CUDA 12+: ids tell a new context from a destroyed one at its "
    "address. */\n"
    "      @K@_symbol(lib, &@K@_cu.cuCtxGetId, \"cuCtxGetId\");\n"
    "    }\n"
    "    @K@_cu.state = -1;\n"
    "    if (!lib) {\n"
    "      const char *why = dlerror();\n"
    "      @K@_cu.code = @K@_fail(status, TILE_STATUS_NO_DRIVER,\n"
    "          \"@K@_launch: no CUDA driver (%s not found): %s\", path, why ? "
    "why : \"dlopen failed\");\n"
    "    } else if (missing) {\n"
    "      @K@_cu.code = @K@_fail(status, TILE_STATUS_NO_DRIVER,\n"
    "          \"@K@_launch: the CUDA driver %s lacks %s\", path, missing);\n"
    "    } else if (@K@_cu.cuInit(0) != 0) {\n"
    "      @K@_cu.code = @K@_fail(status, TILE_STATUS_NO_DEVICE,\n"
    "          \"@K@_launch: cuInit failed: the CUDA driver found no usable "
    "GPU\");\n"
    "    } else {\n      @K@_cu.state = 1;\n    }\n"
    "    if (@K@_cu.state < 0 && status)\n"
    "      memcpy(@K@_cu.message, status->message, sizeof @K@_cu.message - "
    "1);\n"
    "  }\n"
    "  if (@K@_cu.state > 0)\n    return TILE_STATUS_OK;\n"
    "  return @K@_fail(status, @K@_cu.code, \"%s\", @K@_cu.message);\n}\n\n"
    "/* How well variant v fits a GPU of capability cc (major * 10 + "
    "minor),\n"
    " * as tile's runtime ranks packages: an sm_NNa image only on exactly "
    "NN,\n"
    " * a cubin on its major version, PTX on NN or newer; -1: not at all. "
    "*/\n"
    "static int @K@_fit(int v, int cc) {\n"
    "  const char *chip = @K@_variants[v].chip;\n"
    "  int want = atoi(chip + 3);\n"
    "  if (chip[strlen(chip) - 1] == 'a')\n"
    "    return cc == want ? 30000 + want : -1;\n"
    "  if (!@K@_variants[v].ptx)\n"
    "    return cc / 10 == want / 10 && cc >= want ? 20000 + want : -1;\n"
    "  return cc >= want ? 10000 + want : -1;\n}\n\n"
    "/* Loads group g's best variant for the current context's GPU in that "
    "context. */\n"
    "static TileStatusCode @K@_load(int g, unsigned long long context,\n"
    "                               @K@_Loaded *out, TileStatus *status) {\n"
    "  int device = 0, major = 0, minor = 0, best = -1, bestFit = -1;\n"
    "  @K@_CUresult rc = @K@_cu.cuCtxGetDevice(&device);\n"
    "  if (!rc)\n    rc = @K@_cu.cuDeviceGetAttribute(&major, 75, device);\n"
    "  if (!rc)\n    rc = @K@_cu.cuDeviceGetAttribute(&minor, 76, device);\n"
    "  if (rc)\n    return @K@_cuFail(status, rc, \"cuDeviceGetAttribute\");\n"
    "  int n = (int)(sizeof @K@_variants / sizeof @K@_variants[0]);\n"
    "  char chips[256] = \"\";\n"
    "  for (int v = 0; v < n; ++v) {\n"
    "    if (@K@_variants[v].group != g)\n      continue;\n"
    "    size_t used = strlen(chips);\n"
    "    snprintf(chips + used, sizeof chips - used, \"%s%s\", used ? \", \" "
    ": \"\",\n"
    "             @K@_variants[v].chip);\n"
    "    int fit = @K@_fit(v, major * 10 + minor);\n"
    "    if (fit > bestFit) {\n      best = v;\n      bestFit = fit;\n    }\n"
    "  }\n"
    "  if (best < 0) {\n"
    "    char name[256] = \"?\";\n"
    "    @K@_cu.cuDeviceGetName(name, (int)sizeof name, device);\n"
    "    return @K@_fail(status, TILE_STATUS_WRONG_CHIP,\n"
    "        \"@K@_launch: no variant for the GPU (%s, sm_%d%d); there are %s\""
    ", name, major,\n"
    "        minor, chips);\n  }\n"
    "  @K@_CUmodule module;\n"
    "  rc = @K@_cu.cuModuleLoadDataEx(&module, @K@_variants[best].image, 0, "
    "NULL, NULL);\n"
    "  if (rc)\n    return @K@_cuFail(status, rc, \"cuModuleLoadDataEx\");\n"
    "  rc = @K@_cu.cuModuleGetFunction(&out->function, module, "
    "@K@_variants[best].entry);\n"
    "  if (rc)\n    return @K@_cuFail(status, rc, \"cuModuleGetFunction\");\n"
    "  /* Shared memory the image does not declare is dynamic; above 48 KiB "
    "a\n"
    "   * kernel must opt in to it. */\n"
    "  int staticShared = 0;\n"
    "  rc = @K@_cu.cuFuncGetAttribute(&staticShared, 1, out->function);\n"
    "  if (rc)\n    return @K@_cuFail(status, rc, \"cuFuncGetAttribute\");\n"
    "  out->dynamicShared = @K@_variants[best].sharedBytes - staticShared;\n"
    "  if (out->dynamicShared < 0)\n    out->dynamicShared = 0;\n"
    "  if (@K@_variants[best].sharedBytes > 48 * 1024 &&\n"
    "      (rc = @K@_cu.cuFuncSetAttribute(out->function, 8, "
    "out->dynamicShared)))\n"
    "    return @K@_cuFail(status, rc, \"cuFuncSetAttribute\");\n"
    "  out->context = context;\n  out->group = g;\n  out->variant = best;\n"
    "  return TILE_STATUS_OK;\n}\n\n"
    "/* Group g's module in the current context, loading it on the first "
    "launch\n"
    " * there. */\n"
    "static TileStatusCode @K@_here(int g, @K@_Loaded *out, TileStatus "
    "*status) {\n"
    "  pthread_mutex_lock(&@K@_lock);\n"
    "  TileStatusCode code = @K@_driver(status);\n"
    "  @K@_CUcontext ctx = NULL;\n"
    "  @K@_CUresult rc = code ? 0 : @K@_cu.cuCtxGetCurrent(&ctx);\n"
    "  if (!code && rc)\n    code = @K@_cuFail(status, rc, "
    "\"cuCtxGetCurrent\");\n"
    "  if (!code && !ctx)\n"
    "    code = @K@_fail(status, TILE_STATUS_NO_DEVICE,\n"
    "        \"@K@_launch: no CUDA context is current on this thread (make "
    "one current first: \"\n"
    "        \"cuCtxSetCurrent, or cudaSetDevice and a CUDA runtime "
    "call)\");\n"
    "  unsigned long long id = (unsigned long long)(uintptr_t)ctx;\n"
    "  if (!code && @K@_cu.cuCtxGetId)\n    @K@_cu.cuCtxGetId(ctx, &id);\n"
    "  int found = -1;\n"
    "  for (int i = 0; !code && i < @K@_numLoaded && found < 0; ++i)\n"
    "    if (@K@_loaded[i].context == id && @K@_loaded[i].group == g)\n"
    "      found = i;\n"
    "  if (!code && found < 0) {\n"
    "    if (@K@_numLoaded == @K@_capLoaded) {\n"
    "      int cap = @K@_capLoaded ? 2 * @K@_capLoaded : 4;\n"
    "      @K@_Loaded *grown = realloc(@K@_loaded, sizeof *grown * "
    "(size_t)cap);\n"
    "      if (!grown)\n"
    "        code = @K@_fail(status, TILE_STATUS_OUT_OF_MEMORY, "
    "\"@K@_launch: out of memory\");\n"
    "      else {\n        @K@_loaded = grown;\n        @K@_capLoaded = "
    "cap;\n      }\n    }\n"
    "    if (!code)\n"
    "      code = @K@_load(g, id, &@K@_loaded[@K@_numLoaded], status);\n"
    "    if (!code)\n      found = @K@_numLoaded++;\n  }\n"
    "  if (!code)\n    *out = @K@_loaded[found];\n"
    "  pthread_mutex_unlock(&@K@_lock);\n  return code;\n}\n\n";

/* Appends `text` with @K@ replaced by `kernel`. */
static void appendTemplate(TileStrBuf *out, const char *text,
                           const char *kernel) {
  for (const char *at; (at = strstr(text, "@K@")); text = at + 3) {
    tileStrBufAppend(out, text, (size_t)(at - text));
    tileStrBufAppendStr(out, kernel);
  }
  tileStrBufAppendStr(out, text);
}

/* The generic entry's image of a package: its own PTX, or the image. */
static void genericImage(const TilePackage *p, const void **bytes,
                         size_t *size, bool *ptx) {
  if (p->genericPtx) {
    *bytes = p->genericPtx;
    *size = p->genericPtxSize;
    *ptx = true;
  } else {
    *bytes = p->image;
    *size = p->imageSize;
    *ptx = p->imageKind == TILE_IMAGE_PTX;
  }
}

/* Packs argument i's parameters into slot[*n...]. */
static void packArg(const TileCUnit *u, int i, int *n, TileStrBuf *s) {
  const TilePackageArg *a = &u->variants[0].package.args[i];
  const char *name = u->sig->names[i];
  if (!a->isMemref) {
    const char *type = a->isIndex ? "int64_t" : tileCElementType(a->dtype);
    if (a->dtype == TILE_DTYPE_BOOL && !a->isIndex)
      tileStrBufPrintf(s, "  { uint8_t v = %s != 0; memcpy(&slot[%d], &v, 1); }\n",
                       name, (*n)++);
    else
      tileStrBufPrintf(s, "  { %s v = %s; memcpy(&slot[%d], &v, sizeof v); }\n",
                       type, name, (*n)++);
    return;
  }
  tileStrBufPrintf(s, "  slot[%d] = (uint64_t)(uintptr_t)%s;\n", (*n)++, name);
  char size[3][96];
  for (int d = 0; d < a->rank; ++d) {
    tileCSizeExpr(u, i, d, size[d], sizeof size[d]);
    tileStrBufPrintf(s, "  slot[%d] = (uint64_t)%s;\n", (*n)++, size[d]);
  }
  /* Dense row-major strides, in elements. */
  for (int d = 0; d < a->rank; ++d) {
    tileStrBufPrintf(s, "  slot[%d] = (uint64_t)(INT64_C(1)", (*n)++);
    for (int e = d + 1; e < a->rank; ++e)
      tileStrBufPrintf(s, " * %s", size[e]);
    tileStrBufAppendStr(s, ");\n");
  }
}

/* A memref of 2^31 elements or more (or an extent that large) overflows
 * a kernel compiled with 32-bit indices. */
static void index32Checks(const TileCUnit *u, TileStrBuf *s) {
  const TilePackage *p = &u->variants[0].package;
  for (int i = 0; i < p->numArgs; ++i) {
    const TilePackageArg *a = &p->args[i];
    if (!a->isMemref)
      continue;
    char type[96];
    tileLaunchArgType(a, type, sizeof type);
    tileStrBufAppendStr(s, "  {\n    int64_t elements = 1;\n    int big = 0;\n");
    for (int d = 0; d < a->rank; ++d) {
      char size[96];
      tileCSizeExpr(u, i, d, size, sizeof size);
      tileStrBufPrintf(s, "    big = big || %s > INT32_MAX;\n"
                          "    elements = big ? 0 : elements * %s;\n",
                       size, size);
    }
    tileStrBufPrintf(
        s,
        "    if (%s_variants[here.variant].indexBits == 32 && (big || "
        "elements > INT32_MAX))\n"
        "      return %s_fail(status, TILE_STATUS_ARGUMENT_MISMATCH,\n"
        "          \"%s_launch: argument '%s' (%s) has 2^31 elements or more; "
        "the kernel was \"\n"
        "          \"compiled with 32-bit indices (compile it with "
        "--tile-compile=index-bits=64)\");\n"
        "  }\n",
        u->kernel, u->kernel, u->kernel, u->sig->names[i], type);
  }
}

int tileEmitCDriverSource(const TileCUnit *u, TileStrBuf *s, char *err,
                          size_t errSize) {
  const char *k = u->kernel;
  const TilePackage *p0 = &u->variants[0].package;
  for (int v = 0; v < u->numVariants; ++v)
    if (u->variants[v].package.persistent) {
      char msg[512];
      snprintf(msg, sizeof msg,
               "--emit=c-driver cannot launch @%s (%s): it is persistent, "
               "and its grid is sized by occupancy, which only the runtime "
               "library does (use --emit=c)",
               k, u->variants[v].origin);
      mlirEmitError(u->loc, msg);
      return tileFail(err, errSize, "%s", msg);
    }
  tileStrBufPrintf(s, "/* Generated by tile-opt --emit=c-driver from %s: "
                      "kernel @%s; see %s. */\n"
                      "#define _POSIX_C_SOURCE 200809L\n#include \"%s\"\n\n"
                      "#include <stdarg.h>\n#include <stddef.h>\n"
                      "#include <stdio.h>\n#include <string.h>\n\n"
                      "static TileStatusCode %s_fail(TileStatus *status, "
                      "TileStatusCode code,\n"
                      "                              const char *fmt, ...) {\n"
                      "  if (status) {\n    va_list ap;\n"
                      "    va_start(ap, fmt);\n    status->code = code;\n"
                      "    vsnprintf(status->message, sizeof status->message, "
                      "fmt, ap);\n    va_end(ap);\n  }\n  return code;\n}\n\n",
                   u->from, k, u->headerName, u->headerName, k);
  int groupOf[TILE_PACKAGE_MAX_ARGS * 4], first[TILE_PACKAGE_MAX_ARGS * 4],
      defaultGroup;
  int groups = tileCGroups(u, groupOf, first, &defaultGroup);
  bool ptx[TILE_PACKAGE_MAX_ARGS * 4];
  for (int v = 0; v < u->numVariants; ++v) {
    const void *bytes;
    size_t size;
    genericImage(&u->variants[v].package, &bytes, &size, &ptx[v]);
    tileStrBufPrintf(s, "/* %s: the generic entry, as %s. */\n"
                        "static const unsigned char %s_image%d[] = {\n",
                     u->variants[v].origin, ptx[v] ? "PTX" : "a cubin", k, v);
    tileCByteArray(s, bytes, size);
    tileStrBufAppendStr(s, "};\n\n");
  }
  tileStrBufPrintf(s, "static const struct {\n"
                      "  const unsigned char *image;\n  const char *entry, "
                      "*chip;\n"
                      "  int ptx, group, blockThreads, sharedBytes, "
                      "indexBits;\n"
                      "  int64_t grid[3]; /* tuned; 0 0 0: none */\n"
                      "} %s_variants[] = {\n",
                   k);
  for (int v = 0; v < u->numVariants; ++v) {
    const TilePackage *p = &u->variants[v].package;
    const int64_t *g = u->variants[v].grid;
    tileStrBufPrintf(s,
                     "  {%s_image%d, \"%s\", \"%s\", %d, %d, %d, %d, %d, "
                     "{%" PRId64 ", %" PRId64 ", %" PRId64 "}},\n",
                     k, v, p->kernelName, p->chip, ptx[v], groupOf[v],
                     32 * (p->numWarps + p->producerWarps), p->sharedBytes,
                     p->indexBits, g[0], g[1], g[2]);
  }
  tileStrBufAppendStr(s, "};\n\n");
  appendTemplate(s, loader, k);
  /* The launch function. */
  int numParams = 0;
  for (int i = 0; i < p0->numArgs; ++i)
    numParams += p0->args[i].isMemref ? 1 + 2 * p0->args[i].rank : 1;
  tileStrBufPrintf(s, "TileStatusCode %s_launch(", k);
  tileCParameters(u, s);
  tileStrBufAppendStr(s, ") {\n");
  tileCArgChecks(u, s);
  if (tileCGroupChoice(u, groups, defaultGroup, first, s, err, errSize))
    return 1;
  tileStrBufPrintf(
      s,
      "  if (order[0] < 0)\n"
      "    return %s_fail(status, TILE_STATUS_ARGUMENT_MISMATCH,\n"
      "        \"%s_launch: no variant for these shapes (the variants: ",
      k, k);
  for (int v = 0; v < u->numVariants; ++v)
    tileStrBufPrintf(s, "%s%s", v ? "; " : "", u->variants[v].key);
  tileStrBufPrintf(
      s,
      ")\");\n"
      "  %s_Loaded here;\n"
      "  TileStatusCode code = %s_here(order[0], &here, status);\n"
      "  if (code == TILE_STATUS_WRONG_CHIP && order[1] >= 0)\n"
      "    code = %s_here(order[1], &here, status);\n"
      "  if (code)\n    return code;\n",
      k, k, k);
  index32Checks(u, s);
  tileStrBufPrintf(
      s,
      "  const int64_t *use = grid ? grid : %s_variants[here.variant].grid;\n"
      "  if (!grid && use[0] == 0)\n"
      "    return %s_fail(status, TILE_STATUS_INVALID_ARGUMENT,\n"
      "        \"%s_launch: grid is NULL, and the variant for these shapes "
      "has no tuned grid\");\n"
      "  static const int64_t most[3] = {INT32_MAX, 65535, 65535};\n"
      "  for (int d = 0; d < 3; ++d)\n"
      "    if (use[d] < 1 || use[d] > most[d])\n"
      "      return %s_fail(status, TILE_STATUS_INVALID_ARGUMENT,\n"
      "          \"%s_launch: grid dimension %%c is %%lld; CUDA allows 1 to "
      "%%lld\", 'x' + d,\n"
      "          (long long)use[d], (long long)most[d]);\n"
      "  uint64_t slot[%d];\n  void *params[%d];\n"
      "  memset(slot, 0, sizeof slot);\n"
      "  for (int i = 0; i < %d; ++i)\n    params[i] = &slot[i];\n",
      k, k, k, k, k, numParams ? numParams : 1, numParams ? numParams : 1,
      numParams);
  int n = 0;
  for (int i = 0; i < p0->numArgs; ++i)
    packArg(u, i, &n, s);
  tileStrBufPrintf(
      s,
      "  %s_CUresult rc = %s_cu.cuLaunchKernel(\n"
      "      here.function, (unsigned)use[0], (unsigned)use[1], "
      "(unsigned)use[2],\n"
      "      (unsigned)%s_variants[here.variant].blockThreads, 1, 1,\n"
      "      (unsigned)here.dynamicShared, stream, params, NULL);\n"
      "  return rc ? %s_cuFail(status, rc, \"cuLaunchKernel\") : "
      "%s_fail(status, TILE_STATUS_OK, \"%%s\", \"\");\n}\n",
      k, k, k, k, k);
  return 0;
}
