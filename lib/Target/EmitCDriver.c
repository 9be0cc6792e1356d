/* Ahead-of-time C, the driver mode's source (EmitC.h): each variant's
 * generic entry as an image, the pair's table of variants, and the
 * loader and launch over the CUDA driver API alone
 * (lib/Target/AotTemplates/Driver.c.in), which packs the generic entry's
 * parameters by the ABI of lib/Runtime/Package.h. */
#include <inttypes.h>

#include "lib/Target/AotTemplates.h"
#include "lib/Target/EmitCParts.h"

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

void tileCDriverSource(const TileCUnit *u, TileStrBuf *s) {
  TileStrBuf table = tileStrBufInit();
  for (int i = 0; i < u->numKernels; ++i) {
    const TileCKernel *k = &u->kernels[i];
    int groupOf[TILE_C_MAX_VARIANTS], anyShape;
    tileCGroups(k, tileCGroupBase(u, i), groupOf, &anyShape);
    for (int v = 0; v < k->numVariants; ++v) {
      const TilePackage *p = &k->variants[v].package;
      const void *bytes;
      size_t size;
      bool ptx;
      genericImage(p, &bytes, &size, &ptx);
      tileStrBufPrintf(s, "/* @%s for %s: the generic entry, as %s. */\n"
                          "static const unsigned char %s_image%d[] = {\n",
                       k->name, k->variants[v].origin,
                       ptx ? "PTX" : "a cubin", k->name, v);
      tileCByteArray(s, bytes, size);
      tileStrBufAppendStr(s, "};\n\n");
      const int64_t *g = k->variants[v].grid;
      tileStrBufPrintf(&table,
                       "  {%s_image%d, \"%s\", \"%s\", %d, %d, %d, %d, %d, %d, "
                       "{%" PRId64 ", %" PRId64 ", %" PRId64 "}},\n",
                       k->name, v, p->kernelName, p->chip, ptx, groupOf[v],
                       32 * (p->numWarps + p->producerWarps), p->sharedBytes,
                       p->indexBits, p->persistent == 2, g[0], g[1], g[2]);
    }
  }
  tileStrBufPrintf(s,
                   "/* The variants in groups, each a launch shape's (or "
                   "any shape's) of one\n"
                   " * kernel, an image per chip. */\n"
                   "static const struct {\n"
                   "  const unsigned char *image;\n"
                   "  const char *entry, *chip;\n"
                   "  int ptx, group, blockThreads, sharedBytes, indexBits;\n"
                   "  int streamK; /* takes the programs, the whole ones and "
                   "the parts */\n"
                   "  int64_t grid[3]; /* tuned; 0 0 0: none */\n"
                   "} %s_variants[] = {\n%s};\n\n",
                   u->prefix, tileStrBufCStr(&table));
  tileStrBufFree(&table);
  tileCTemplate(s, tileAotDriverTemplate, u->prefix);
  tileStrBufAppendStr(s, "\n");
}
