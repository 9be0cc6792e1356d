/* Ahead-of-time C: the header, the runtime mode's source and what the two
 * modes share; see EmitC.h. */
#include "lib/Target/EmitC.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/Runtime/Launch.h"
#include "lib/Support/Error.h"
#include "mlir-c/Diagnostics.h"

const char *tileCElementType(TileDType dtype) {
  switch (dtype) {
  case TILE_DTYPE_I8: return "int8_t";
  case TILE_DTYPE_I16: return "int16_t";
  case TILE_DTYPE_I32: return "int32_t";
  case TILE_DTYPE_I64: return "int64_t";
  case TILE_DTYPE_F16:
  case TILE_DTYPE_BF16: return "uint16_t";
  case TILE_DTYPE_F32: return "float";
  case TILE_DTYPE_F64: return "double";
  default: return "uint8_t"; /* i1 (one byte each), u8, the f8 formats */
  }
}

/* A scalar parameter's C type: floats narrower than f32 come as a float
 * (the runtime rounds them), i1 as 0 or 1 in a uint8_t. */
static const char *scalarType(const TilePackageArg *a) {
  if (a->isIndex)
    return "int64_t";
  if (a->dtype == TILE_DTYPE_F16 || a->dtype == TILE_DTYPE_BF16 ||
      tileDTypeIsF8(a->dtype))
    return "float";
  return tileCElementType(a->dtype);
}

void tileCByteArray(TileStrBuf *out, const void *bytes, size_t size) {
  const unsigned char *b = bytes;
  for (size_t i = 0; i < size; ++i)
    tileStrBufPrintf(out, "%s0x%02x,%s", i % 16 ? "" : "  ", b[i],
                     i % 16 == 15 || i + 1 == size ? "\n" : "");
}

void tileCSizeExpr(const TileCUnit *u, int i, int d, char *buf, size_t size) {
  const TilePackageArg *a = &u->variants[0].package.args[i];
  if (a->shape[d] >= 0)
    snprintf(buf, size, "INT64_C(%" PRId64 ")", a->shape[d]);
  else
    snprintf(buf, size, "%s_size%d", u->sig->names[i], d);
}

int tileCGroups(const TileCUnit *u, int *groupOf, int *firstOfGroup,
                int *defaultGroup) {
  int n = 0;
  *defaultGroup = -1;
  for (int pass = 0; pass < 2; ++pass)
    for (int v = 0; v < u->numVariants; ++v) {
      bool any = u->variants[v].key[0] == '\0';
      if (any != (pass == 1))
        continue;
      int g = -1;
      for (int w = 0; w < v && g < 0; ++w)
        if (strcmp(u->variants[w].key, u->variants[v].key) == 0)
          g = groupOf[w];
      if (g < 0) {
        g = n++;
        firstOfGroup[g] = v;
        if (any)
          *defaultGroup = g;
      }
      groupOf[v] = g;
    }
  return n;
}

int tileCKeyCondition(const TileCUnit *u, const char *key, TileStrBuf *out,
                      char *err, size_t errSize) {
  const TilePackage *p = &u->variants[0].package;
  const char *at = key;
  for (int i = 0; i < p->numArgs; ++i) {
    const TilePackageArg *a = &p->args[i];
    const char *end = strstr(at, "; ");
    size_t len = end ? (size_t)(end - at) : strlen(at);
    char part[128];
    if (len >= sizeof part || (!end) != (i == p->numArgs - 1))
      return tileFail(err, errSize,
                      "variant key '%s' does not fit the kernel's %d "
                      "arguments",
                      key, p->numArgs);
    memcpy(part, at, len);
    part[len] = '\0';
    at = end ? end + 2 : at + len;
    if (i)
      tileStrBufAppendStr(out, " && ");
    if (!a->isMemref) {
      /* A scalar's value as the key writes it (%lld, or %.17g). */
      tileStrBufPrintf(out, "%s == %s", u->sig->names[i], part);
      continue;
    }
    char *dims = strchr(part, ' ');
    if (!dims)
      return tileFail(err, errSize, "variant key '%s': argument %d ('%s') "
                      "is not an element type and a shape", key, i, part);
    ++dims;
    for (int d = 0; d < a->rank; ++d) {
      char size[96];
      tileCSizeExpr(u, i, d, size, sizeof size);
      char *next = NULL;
      long long n = strtoll(dims, &next, 10);
      if (next == dims)
        return tileFail(err, errSize, "variant key '%s': argument %d has "
                        "no size %d", key, i, d);
      tileStrBufPrintf(out, "%s%s == %lld", d ? " && " : "", size, n);
      dims = *next == 'x' ? next + 1 : next;
    }
  }
  if (p->numArgs == 0)
    tileStrBufAppendStr(out, "1");
  return 0;
}

int tileCGroupChoice(const TileCUnit *u, int groups, int defaultGroup,
                     const int *firstOfGroup, TileStrBuf *s, char *err,
                     size_t errSize) {
  tileStrBufAppendStr(s, "  int group = -1;\n");
  for (int g = 0; g < groups; ++g) {
    if (g == defaultGroup)
      continue;
    TileStrBuf cond = tileStrBufInit();
    if (tileCKeyCondition(u, u->variants[firstOfGroup[g]].key, &cond, err,
                          errSize)) {
      tileStrBufFree(&cond);
      return 1;
    }
    tileStrBufPrintf(s, "  if (group < 0 && %s)\n    group = %d;\n",
                     tileStrBufCStr(&cond), g);
    tileStrBufFree(&cond);
  }
  tileStrBufPrintf(
      s,
      "  /* A tuned group without a variant for this GPU falls back to any\n"
      "   * shape's. */\n"
      "  const int order[2] = {group >= 0 ? group : %d, group >= 0 ? %d : -1};\n",
      defaultGroup, defaultGroup);
  return 0;
}

void tileCArgChecks(const TileCUnit *u, TileStrBuf *out) {
  const TilePackage *p = &u->variants[0].package;
  for (int i = 0; i < p->numArgs; ++i) {
    const TilePackageArg *a = &p->args[i];
    if (!a->isMemref)
      continue;
    char type[96], size[3][96];
    tileLaunchArgType(a, type, sizeof type);
    for (int d = 0; d < a->rank; ++d)
      tileCSizeExpr(u, i, d, size[d], sizeof size[d]);
    const char *name = u->sig->names[i];
    TileStrBuf shapeFmt = tileStrBufInit(), shapeArgs = tileStrBufInit(),
               negative = tileStrBufInit(), empty = tileStrBufInit();
    for (int d = 0; d < a->rank; ++d) {
      tileStrBufPrintf(&shapeFmt, "%s%%lld", d ? "x" : "");
      tileStrBufPrintf(&shapeArgs, ", (long long)%s", size[d]);
      tileStrBufPrintf(&negative, "%s%s < 0", d ? " || " : "", size[d]);
      tileStrBufPrintf(&empty, "%s%s == 0", d ? " || " : "", size[d]);
    }
    tileStrBufPrintf(out,
                     "  if (%s)\n"
                     "    return %s_fail(status, TILE_STATUS_ARGUMENT_MISMATCH,\n"
                     "        \"%s_launch: argument '%s' (%s): negative size "
                     "in shape %s\"%s);\n",
                     tileStrBufCStr(&negative), u->kernel, u->kernel, name,
                     type, tileStrBufCStr(&shapeFmt),
                     tileStrBufCStr(&shapeArgs));
    tileStrBufPrintf(out,
                     "  if (!%s && !(%s))\n"
                     "    return %s_fail(status, TILE_STATUS_INVALID_ARGUMENT,\n"
                     "        \"%s_launch: argument '%s' (%s): NULL pointer "
                     "for shape %s\"%s);\n",
                     name, tileStrBufCStr(&empty), u->kernel, u->kernel, name,
                     type, tileStrBufCStr(&shapeFmt),
                     tileStrBufCStr(&shapeArgs));
    tileStrBufFree(&shapeFmt);
    tileStrBufFree(&shapeArgs);
    tileStrBufFree(&negative);
    tileStrBufFree(&empty);
  }
}

/* ---- the header ---------------------------------------------------------- */

/* The launch function's parameter list (without the parentheses). */
void tileCParameters(const TileCUnit *u, TileStrBuf *out) {
  const TilePackage *p = &u->variants[0].package;
  tileStrBufAppendStr(out, "struct CUstream_st *stream, const int64_t grid[3]");
  for (int i = 0; i < p->numArgs; ++i) {
    const TilePackageArg *a = &p->args[i];
    const char *name = u->sig->names[i];
    if (!a->isMemref) {
      tileStrBufPrintf(out, ",\n    %s %s", scalarType(a), name);
      continue;
    }
    tileStrBufPrintf(out, ",\n    %s%s *%s", u->sig->readOnly[i] ? "const " : "",
                     tileCElementType(a->dtype), name);
    for (int d = 0; d < a->rank; ++d)
      if (a->shape[d] < 0)
        tileStrBufPrintf(out, ", int64_t %s_size%d", name, d);
  }
  tileStrBufAppendStr(out, ",\n    TileStatus *status");
}

/* One comment line per argument: its MLIR type, the C type, sizes. */
static void describeArgs(const TileCUnit *u, TileStrBuf *out) {
  const TilePackage *p = &u->variants[0].package;
  for (int i = 0; i < p->numArgs; ++i) {
    const TilePackageArg *a = &p->args[i];
    char type[96];
    tileLaunchArgType(a, type, sizeof type);
    const char *name = u->sig->names[i];
    if (!a->isMemref) {
      bool rounded = !a->isIndex && (a->dtype == TILE_DTYPE_F16 ||
                                     a->dtype == TILE_DTYPE_BF16 ||
                                     tileDTypeIsF8(a->dtype));
      tileStrBufPrintf(out, " *   %s: %s scalar%s\n", name, type,
                       rounded ? ", given as a float and rounded to it" : "");
      continue;
    }
    tileStrBufPrintf(out, " *   %s: %s, rank %d, %s elements (%s%s)", name,
                     type, a->rank, tileDTypeName(a->dtype),
                     tileCElementType(a->dtype),
                     a->dtype == TILE_DTYPE_F16 || a->dtype == TILE_DTYPE_BF16
                         ? ": their bits"
                         : "");
    tileStrBufPrintf(out, ", %s\n", u->sig->readOnly[i] ? "read only"
                                                        : "written");
  }
}

static void emitHeader(const TileCUnit *u, TileStrBuf *h) {
  const TilePackage *p = &u->variants[0].package;
  char guard[160];
  size_t n = 0;
  for (const char *c = u->kernel; *c && n + 16 < sizeof guard; ++c)
    guard[n++] = (char)(*c >= 'a' && *c <= 'z' ? *c - 32 : *c);
  guard[n] = '\0';
  tileStrBufPrintf(h,
                   "/* Generated by tile-opt --emit=%s from %s: kernel @%s, "
                   "ahead of time.\n"
                   " * Do not edit; docs/embedding.md, \"Ahead-of-time C\".\n"
                   " *\n"
                   " * %s_launch runs @%s on `grid` programs (x, y, z; the "
                   "grid is the\n"
                   " * caller's to choose: the kernel does not say how many "
                   "programs a\n"
                   " * shape needs) on `stream` (a CUstream or cudaStream_t; "
                   "NULL: the\n"
                   " * default stream), in the CUDA context current on the "
                   "calling thread,\n"
                   " * asynchronously. Arguments:\n",
                   u->mode == TILE_EMIT_C_DRIVER ? "c-driver" : "c", u->from,
                   u->kernel, u->kernel, u->kernel);
  describeArgs(u, h);
  tileStrBufPrintf(h,
                   " * A memref is a device pointer to a dense row-major "
                   "array; each dynamic\n"
                   " * size is an int64_t parameter NAME_sizeD, a static "
                   "one is not repeated.\n"
                   " * Variants:");
  for (int v = 0; v < u->numVariants; ++v)
    tileStrBufPrintf(h, "%s%s", v ? ", " : " ", u->variants[v].origin);
  tileStrBufPrintf(h,
                   ".\n"
                   " * The image is loaded once per context, on the first "
                   "launch there;\n"
                   " * launches may come from any thread. Errors are "
                   "returned, with a\n"
                   " * message in *status when status is not NULL; nothing "
                   "prints or exits.\n"
                   " * grid may be NULL for a launch a tuned variant takes: "
                   "its tuned grid. */\n"
                   "#ifndef TILE_AOT_%s_H\n#define TILE_AOT_%s_H\n\n"
                   "#include <stdint.h>\n\n",
                   guard, guard);
  if (u->mode == TILE_EMIT_C_RUNTIME) {
    tileStrBufAppendStr(h, "#include \"tile-c/Runtime.h\"\n\n");
  } else {
    /* The runtime's status types, word for word (tile-c/Runtime.h guards
     * them the same way, so a program may include both). */
    tileStrBufAppendStr(
        h,
        "/* tile's status values (as tile-c/Runtime.h has them). */\n"
        "#ifndef TILE_C_STATUS_DEFINED\n#define TILE_C_STATUS_DEFINED\n"
        "typedef enum {\n"
        "  TILE_STATUS_OK = 0,\n  TILE_STATUS_INVALID_ARGUMENT = 1,\n"
        "  TILE_STATUS_IO = 2,\n  TILE_STATUS_BAD_PACKAGE = 3,\n"
        "  TILE_STATUS_PACKAGE_VERSION = 4,\n"
        "  TILE_STATUS_ARGUMENT_MISMATCH = 5,\n"
        "  TILE_STATUS_NO_DRIVER = 6,\n  TILE_STATUS_NO_DEVICE = 7,\n"
        "  TILE_STATUS_WRONG_CHIP = 8,\n  TILE_STATUS_CUDA = 9,\n"
        "  TILE_STATUS_OUT_OF_MEMORY = 10,\n  TILE_STATUS_COMPILE = 11,\n"
        "  TILE_STATUS_ASSERT = 12,\n} TileStatusCode;\n\n"
        "typedef struct {\n  TileStatusCode code;\n  char message[1024];\n"
        "} TileStatus;\n#endif\n\n");
  }
  tileStrBufPrintf(h, "/* CUstream (cuda.h) and cudaStream_t point to it. */\n"
                      "struct CUstream_st;\n\n"
                      "#ifdef __cplusplus\nextern \"C\" {\n#endif\n\n"
                      "TileStatusCode %s_launch(",
                   u->kernel);
  tileCParameters(u, h);
  tileStrBufPrintf(h, ");\n\n#ifdef __cplusplus\n}\n#endif\n\n#endif\n");
  (void)p;
}

/* ---- the runtime mode's source ------------------------------------------- */

/* What both modes' sources start with: the include, the failure helper. */
static void sourcePrologue(const TileCUnit *u, TileStrBuf *s) {
  tileStrBufPrintf(
      s,
      "/* Generated by tile-opt --emit=%s from %s: kernel @%s; see %s. */\n"
      "#define _POSIX_C_SOURCE 200809L\n"
      "#include \"%s\"\n\n"
      "#include <stdarg.h>\n#include <stddef.h>\n#include <stdio.h>\n"
      "#include <string.h>\n\n"
      "static TileStatusCode %s_fail(TileStatus *status, TileStatusCode "
      "code,\n"
      "                              const char *fmt, ...) {\n"
      "  if (status) {\n"
      "    va_list ap;\n    va_start(ap, fmt);\n"
      "    status->code = code;\n"
      "    vsnprintf(status->message, sizeof status->message, fmt, ap);\n"
      "    va_end(ap);\n  }\n  return code;\n}\n\n",
      u->mode == TILE_EMIT_C_DRIVER ? "c-driver" : "c", u->from, u->kernel,
      u->headerName, u->headerName, u->kernel);
}

static int emitRuntimeSource(const TileCUnit *u, TileStrBuf *s, char *err,
                             size_t errSize) {
  const TilePackage *p = &u->variants[0].package;
  const char *k = u->kernel;
  sourcePrologue(u, s);
  tileStrBufAppendStr(s, "#include <pthread.h>\n\n");
  for (int v = 0; v < u->numVariants; ++v) {
    tileStrBufPrintf(s, "/* %s: a package, as tile-opt --emit=package "
                        "writes it. */\n"
                        "static const unsigned char %s_package%d[] = {\n",
                     u->variants[v].origin, k, v);
    tileCByteArray(s, u->variants[v].bytes, u->variants[v].size);
    tileStrBufAppendStr(s, "};\n\n");
  }
  int groupOf[TILE_PACKAGE_MAX_ARGS * 4], first[TILE_PACKAGE_MAX_ARGS * 4],
      defaultGroup;
  int groups = tileCGroups(u, groupOf, first, &defaultGroup);
  tileStrBufPrintf(s,
                   "/* The variants: each group one launch shape's (or any "
                   "shape's), one\n"
                   " * package per chip in a group. */\n"
                   "static const struct {\n"
                   "  const unsigned char *bytes;\n  size_t size;\n"
                   "  int group;\n  const char *name;\n"
                   "} %s_variants[] = {\n",
                   k);
  for (int v = 0; v < u->numVariants; ++v)
    tileStrBufPrintf(s, "  {%s_package%d, sizeof %s_package%d, %d, \"%s (%s)\"},\n",
                     k, v, k, v, groupOf[v], k, u->variants[v].origin);
  tileStrBufPrintf(s, "};\n\n"
                      "/* Each group's tuned grid (0 0 0: none). */\n"
                      "static const int64_t %s_grids[%d][3] = {\n",
                   k, groups);
  for (int g = 0; g < groups; ++g) {
    const int64_t *grid = u->variants[first[g]].grid;
    tileStrBufPrintf(s, "  {%" PRId64 ", %" PRId64 ", %" PRId64 "},\n",
                     grid[0], grid[1], grid[2]);
  }
  tileStrBufPrintf(
      s,
      "};\n\n"
      "/* Each group's packages and kernel, made on its first launch and kept\n"
      " * for the process; the lock makes that once (C99 and POSIX threads). */\n"
      "static pthread_mutex_t %s_lock = PTHREAD_MUTEX_INITIALIZER;\n"
      "static TileRuntimeContextKernel *%s_kernels[%d];\n\n"
      "static TileStatusCode %s_group(int g, TileRuntimeContextKernel **out,\n"
      "                               TileStatus *status) {\n"
      "  pthread_mutex_lock(&%s_lock);\n"
      "  TileStatusCode code = TILE_STATUS_OK;\n"
      "  if (!%s_kernels[g]) {\n"
      "    const TileRuntimePackage *packages[%d];\n"
      "    int n = 0;\n"
      "    for (size_t v = 0; v < sizeof %s_variants / sizeof %s_variants[0] &&"
      " !code; ++v) {\n"
      "      TileRuntimePackage *p = NULL;\n"
      "      if (%s_variants[v].group != g)\n        continue;\n"
      "      code = tileRuntimePackageLoadMemory(%s_variants[v].bytes,\n"
      "          %s_variants[v].size, %s_variants[v].name, &p, status);\n"
      "      if (!code)\n        packages[n++] = p;\n    }\n"
      "    if (!code)\n"
      "      code = tileRuntimeContextKernelCreate(packages, n, &%s_kernels[g],"
      " status);\n"
      "    for (int i = 0; code && i < n; ++i)\n"
      "      tileRuntimePackageDestroy((TileRuntimePackage *)packages[i]);\n"
      "  }\n"
      "  *out = %s_kernels[g];\n"
      "  pthread_mutex_unlock(&%s_lock);\n"
      "  return code;\n}\n\n",
      k, k, groups, k, k, k, u->numVariants, k, k, k, k, k, k, k, k, k);
  /* The launch function. */
  tileStrBufPrintf(s, "TileStatusCode %s_launch(", k);
  tileCParameters(u, s);
  tileStrBufAppendStr(s, ") {\n");
  tileCArgChecks(u, s);
  tileStrBufPrintf(s, "  TileRuntimeArg args[%d];\n", p->numArgs ? p->numArgs : 1);
  for (int i = 0; i < p->numArgs; ++i) {
    const TilePackageArg *a = &p->args[i];
    const char *name = u->sig->names[i];
    if (!a->isMemref) {
      bool isFloat = !a->isIndex && tileDTypeIsFloat(a->dtype);
      tileStrBufPrintf(s, "  args[%d] = tileRuntimeArg%s(%s);\n", i,
                       isFloat ? "Float" : "Int", name);
      continue;
    }
    tileStrBufPrintf(s, "  const int64_t %s_shape[%d] = {", name, a->rank);
    for (int d = 0; d < a->rank; ++d) {
      char size[96];
      tileCSizeExpr(u, i, d, size, sizeof size);
      tileStrBufPrintf(s, "%s%s", d ? ", " : "", size);
    }
    tileStrBufPrintf(s, "};\n  args[%d] = tileRuntimeArgMemref((void *)%s, "
                        "%d, %s_shape);\n",
                     i, name, a->rank, name);
  }
  /* The group for these shapes: a tuned one, else any shape's. */
  if (tileCGroupChoice(u, groups, defaultGroup, first, s, err, errSize))
    return 1;
  tileStrBufPrintf(
      s,
      "  TileStatusCode code = TILE_STATUS_ARGUMENT_MISMATCH;\n"
      "  for (int attempt = 0; attempt < 2 && order[attempt] >= 0; ++attempt) {\n"
      "    int g = order[attempt];\n"
      "    TileRuntimeLaunchConfig config = {{0, 0, 0}, stream,\n"
      "                                      TILE_RUNTIME_ENTRY_AUTO, 0};\n"
      "    const int64_t *use = grid ? grid : %s_grids[g];\n"
      "    if (!grid && use[0] == 0)\n"
      "      return %s_fail(status, TILE_STATUS_INVALID_ARGUMENT,\n"
      "          \"%s_launch: grid is NULL, and the variant for these shapes "
      "has no tuned grid\");\n"
      "    memcpy(config.grid, use, sizeof config.grid);\n"
      "    TileRuntimeContextKernel *k = NULL;\n"
      "    code = %s_group(g, &k, status);\n"
      "    if (!code)\n"
      "      code = tileRuntimeContextKernelLaunch(k, args, %d, &config, "
      "NULL, status);\n"
      "    if (code != TILE_STATUS_WRONG_CHIP)\n      break;\n  }\n"
      "  if (code == TILE_STATUS_ARGUMENT_MISMATCH && group < 0 && %d < 0)\n"
      "    return %s_fail(status, code, \"%s_launch: no variant for these "
      "shapes (the variants: %%s)\", \"",
      k, k, k, k, p->numArgs, defaultGroup, k, k);
  for (int v = 0; v < u->numVariants; ++v)
    tileStrBufPrintf(s, "%s%s", v ? "; " : "", u->variants[v].key);
  tileStrBufPrintf(
      s,
      "\");\n"
      "  if (code && status) {\n"
      "    /* Say which function failed, before the runtime's message. */\n"
      "    char message[sizeof status->message];\n"
      "    snprintf(message, sizeof message, \"%s_launch: %%.1000s\", "
      "status->message);\n"
      "    memcpy(status->message, message, sizeof message);\n  }\n"
      "  return code;\n}\n",
      k);
  return 0;
}

int tileEmitC(const TileCUnit *u, TileStrBuf *header, TileStrBuf *source,
              char *err, size_t errSize) {
  const TilePackage *p = &u->variants[0].package;
  if (u->mode == TILE_EMIT_C_DRIVER)
    for (int i = 0; i < p->numArgs; ++i) {
      const TilePackageArg *a = &p->args[i];
      if (a->isMemref || a->isIndex ||
          !(a->dtype == TILE_DTYPE_F16 || a->dtype == TILE_DTYPE_BF16 ||
            tileDTypeIsF8(a->dtype)))
        continue;
      char type[96];
      tileLaunchArgType(a, type, sizeof type);
      char msg[512];
      snprintf(msg, sizeof msg,
               "--emit=c-driver cannot take argument '%s' of @%s: a %s "
               "scalar needs rounding that only the runtime library does "
               "(use --emit=c)",
               u->sig->names[i], u->kernel, type);
      mlirEmitError(u->sig->argLocs[i], msg);
      return tileFail(err, errSize, "%s", msg);
    }
  emitHeader(u, header);
  return u->mode == TILE_EMIT_C_DRIVER
             ? tileEmitCDriverSource(u, source, err, errSize)
             : emitRuntimeSource(u, source, err, errSize);
}
