/* Ahead-of-time C, the runtime mode's source (EmitC.h): every variant's
 * whole package, the pair's tables of variants and tuned grids, and the
 * launch through tile's runtime library
 * (lib/Target/AotTemplates/Runtime.c.in). */
#include <inttypes.h>

#include "lib/Target/AotTemplates.h"
#include "lib/Target/EmitCParts.h"

void tileCRuntimeSource(const TileCUnit *u, TileStrBuf *s) {
  const char *P = u->prefix;
  for (int i = 0; i < u->numKernels; ++i) {
    const TileCKernel *k = &u->kernels[i];
    for (int v = 0; v < k->numVariants; ++v) {
      tileStrBufPrintf(s,
                       "/* @%s for %s: a package, as tile-opt "
                       "--emit=package writes it. */\n"
                       "static const unsigned char %s_package%d[] = {\n",
                       k->name, k->variants[v].origin, k->name, v);
      tileCByteArray(s, k->variants[v].bytes, k->variants[v].size);
      tileStrBufAppendStr(s, "};\n\n");
    }
  }
  tileStrBufPrintf(s,
                   "/* The variants in groups, each a launch shape's (or "
                   "any shape's) of one\n"
                   " * kernel, a package per chip. */\n"
                   "static const struct {\n"
                   "  const unsigned char *bytes;\n  size_t size;\n"
                   "  int group;\n  const char *name;\n"
                   "} %s_variants[] = {\n",
                   P);
  TileStrBuf grids = tileStrBufInit();
  for (int i = 0; i < u->numKernels; ++i) {
    const TileCKernel *k = &u->kernels[i];
    int groupOf[TILE_C_MAX_VARIANTS], anyShape;
    int base = tileCGroupBase(u, i);
    int groups = tileCGroups(k, base, groupOf, &anyShape);
    for (int v = 0; v < k->numVariants; ++v)
      tileStrBufPrintf(s, "  {%s_package%d, sizeof %s_package%d, %d, \"%s "
                          "(%s)\"},\n",
                       k->name, v, k->name, v, groupOf[v], k->name,
                       k->variants[v].origin);
    for (int g = base; g < base + groups; ++g) {
      int v = 0;
      while (groupOf[v] != g)
        ++v;
      const int64_t *grid = k->variants[v].grid;
      tileStrBufPrintf(&grids, "  {%" PRId64 ", %" PRId64 ", %" PRId64 "},\n",
                       grid[0], grid[1], grid[2]);
    }
  }
  tileStrBufPrintf(s, "};\n\n"
                      "/* Each group's tuned grid (0 0 0: none). */\n"
                      "static const int64_t %s_grids[][3] = {\n%s};\n\n",
                   P, tileStrBufCStr(&grids));
  tileStrBufFree(&grids);
  tileCTemplate(s, tileAotRuntimeTemplate, P);
  tileStrBufAppendStr(s, "\n");
}
