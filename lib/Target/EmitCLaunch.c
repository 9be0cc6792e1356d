/* Ahead-of-time C: each kernel's launch functions (NAME_launch for dense
 * arrays, NAME_launch_strided for strided ones), its argument table and
 * its dispatcher, and the pair's table of kernels; see EmitCParts.h. */
#include <inttypes.h>
#include <stdio.h>

#include "lib/Runtime/Launch.h"
#include "lib/Target/EmitCParts.h"

void tileCParameters(const TileCKernel *k, bool strided, TileStrBuf *out) {
  const TilePackage *p = &k->variants[0].package;
  tileStrBufAppendStr(out, "struct CUstream_st *stream, const int64_t grid[3]");
  for (int i = 0; i < p->numArgs; ++i) {
    const TilePackageArg *a = &p->args[i];
    const char *name = k->sig->names[i];
    if (!a->isMemref) {
      tileStrBufPrintf(out, ",\n    %s %s", tileCScalarType(a), name);
      continue;
    }
    tileStrBufPrintf(out, ",\n    %s%s *%s", k->sig->readOnly[i] ? "const " : "",
                     tileCElementType(a->dtype), name);
    for (int d = 0; d < a->rank; ++d)
      if (a->shape[d] < 0)
        tileStrBufPrintf(out, ", int64_t %s_size%d", name, d);
    for (int d = 0; strided && d < a->rank; ++d)
      tileStrBufPrintf(out, ", int64_t %s_stride%d", name, d);
  }
  tileStrBufAppendStr(out, ",\n    TileStatus *status");
}

void tileCArgumentTable(const TileCUnit *u, const TileCKernel *k,
                        TileStrBuf *s) {
  const TilePackage *p = &k->variants[0].package;
  const char *P = u->prefix;
  tileStrBufPrintf(s, "/* @%s's arguments. */\nstatic const %s_Param "
                      "%s_params[] = {\n",
                   k->name, P, k->name);
  for (int i = 0; i < p->numArgs; ++i) {
    const TilePackageArg *a = &p->args[i];
    char type[96];
    tileLaunchArgType(a, type, sizeof type);
    const char *kind = a->isMemref                 ? "MEMREF"
                       : a->isIndex                ? "INT"
                       : a->dtype == TILE_DTYPE_BOOL ? "BOOL"
                       : tileDTypeIsFloat(a->dtype)  ? "FLOAT"
                                                     : "INT";
    int bytes = a->isMemref ? 0 : a->isIndex ? 8 : (int)tileDTypeSize(a->dtype);
    tileStrBufPrintf(s, "  {\"%s\", \"%s\", %s_%s, %d, %d, %d},\n",
                     k->sig->names[i], type, P, kind, a->rank,
                     a->isMemref && !k->sig->readOnly[i], bytes);
  }
  if (p->numArgs == 0) /* C has no empty array */
    tileStrBufPrintf(s, "  {\"\", \"\", %s_INT, 0, 0, 0},\n", P);
  tileStrBufAppendStr(s, "};\n\n");
}

void tileCKernelTable(const TileCUnit *u, TileStrBuf *s) {
  tileStrBufPrintf(s, "/* The kernels, as the header has them. */\n"
                      "static const %s_Kernel %s_kernels[] = {\n",
                   u->prefix, u->prefix);
  for (int i = 0, base = 0; i < u->numKernels; ++i) {
    const TileCKernel *k = &u->kernels[i];
    int groupOf[TILE_C_MAX_VARIANTS], anyShape;
    TileStrBuf keys = tileStrBufInit();
    tileCTunedKeys(k, &keys);
    base += tileCGroups(k, base, groupOf, &anyShape);
    tileStrBufPrintf(s, "  {%s_params, %d, %d, \"%s\"},\n", k->name,
                     k->variants[0].package.numArgs, anyShape,
                     tileStrBufCStr(&keys));
    tileStrBufFree(&keys);
  }
  tileStrBufAppendStr(s, "};\n\n");
}

/* One public function: the parameters into the shared code's argument
 * array, a compound literal, so the body declares no name that a
 * parameter could hide. */
static void publicFunction(const TileCUnit *u, const TileCKernel *k,
                           bool strided, TileStrBuf *s) {
  const TilePackage *p = &k->variants[0].package;
  const char *fn = strided ? "launch_strided" : "launch";
  tileStrBufPrintf(s, "TileStatusCode %s_%s(", k->name, fn);
  tileCParameters(k, strided, s);
  tileStrBufPrintf(s, ") {\n  return %s_run(\"%s_%s\", stream, grid, "
                      "(%s_Arg[%d]){\n",
                   k->name, k->name, fn, u->prefix,
                   p->numArgs ? p->numArgs : 1);
  for (int i = 0; i < p->numArgs; ++i) {
    const TilePackageArg *a = &p->args[i];
    const char *name = k->sig->names[i];
    if (!a->isMemref) {
      bool isFloat = !a->isIndex && tileDTypeIsFloat(a->dtype);
      tileStrBufPrintf(s, "      {NULL, {0, 0, 0}, {0, 0, 0}, %s, %s},\n",
                       isFloat ? "0" : name, isFloat ? name : "0.0");
      continue;
    }
    tileStrBufPrintf(s, "      {%s, {", name);
    for (int d = 0; d < 3; ++d) {
      if (d >= a->rank)
        tileStrBufAppendStr(s, ", 0");
      else if (a->shape[d] >= 0)
        tileStrBufPrintf(s, "%sINT64_C(%" PRId64 ")", d ? ", " : "",
                         a->shape[d]);
      else
        tileStrBufPrintf(s, "%s%s_size%d", d ? ", " : "", name, d);
    }
    tileStrBufAppendStr(s, "}, {");
    for (int d = 0; d < 3; ++d)
      if (strided && d < a->rank)
        tileStrBufPrintf(s, "%s%s_stride%d", d ? ", " : "", name, d);
      else
        tileStrBufAppendStr(s, d ? ", 0" : "0");
    tileStrBufAppendStr(s, "}, 0, 0.0},\n");
  }
  if (p->numArgs == 0)
    tileStrBufAppendStr(s, "      {NULL, {0, 0, 0}, {0, 0, 0}, 0, 0.0},\n");
  tileStrBufPrintf(s, "  }, %d, status);\n}\n\n", strided);
}

int tileCLaunchFunctions(const TileCUnit *u, int index, TileStrBuf *s,
                         char *err, size_t errSize) {
  const TileCKernel *k = &u->kernels[index];
  const char *P = u->prefix;
  int base = tileCGroupBase(u, index);
  tileStrBufPrintf(s,
                   "/* @%s: the arguments checked, the group for their "
                   "shapes, the launch. */\n"
                   "static TileStatusCode %s_run(const char *fn, struct "
                   "CUstream_st *stream,\n"
                   "    const int64_t grid[3], %s_Arg *a, int strided, "
                   "TileStatus *status) {\n"
                   "  TileStatusCode code = %s_check(fn, &%s_kernels[%d], a, "
                   "strided, status);\n"
                   "  if (code)\n    return code;\n",
                   k->name, k->name, P, P, P, index);
  if (tileCTunedChoice(k, base, s, err, errSize))
    return 1;
  tileStrBufPrintf(s, "  return %s_dispatch(fn, %d, tuned, stream, grid, a, "
                      "status);\n}\n\n",
                   P, index);
  publicFunction(u, k, false, s);
  publicFunction(u, k, true, s);
  return 0;
}
