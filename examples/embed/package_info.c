/* A program that links only the tile runtime (tile::runtime: no MLIR):
 * it reads a compiled package and says what launching it takes, as a
 * framework that ships precompiled kernels would before launching them
 * (docs/embedding.md).
 *
 *   package_info kernel.tpkg
 *
 * Exit 1 with the runtime's message when the package cannot be read. */
#include <stdio.h>

#include "tile-c/Runtime.h"

static const char *kindName(TileRuntimeArgKind kind) {
  return kind == TILE_RUNTIME_ARG_MEMREF ? "memref"
         : kind == TILE_RUNTIME_ARG_INT  ? "integer"
                                         : "float";
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: package_info PACKAGE\n");
    return 2;
  }
  TileRuntimePackage *p;
  TileStatus st;
  if (tileRuntimePackageLoadFile(argv[1], &p, &st)) {
    fprintf(stderr, "package_info: %s (%s)\n", st.message,
            tileStatusCodeName(st.code));
    return 1;
  }
  TileRuntimeResources r;
  tileRuntimePackageResources(p, &r);
  printf("@%s for %s (package format %d; this runtime %s reads up to %d)\n",
         tileRuntimePackageKernelName(p), tileRuntimePackageChip(p),
         tileRuntimePackageFormatVersion(p), tileRuntimeVersion(),
         TILE_PACKAGE_FORMAT_VERSION);
  printf("block: %d threads (%d warps + %d producer warps), %d bytes of "
         "shared memory\n",
         r.blockThreads, r.numWarps, r.producerWarps, r.sharedBytes);
  for (int i = 0; i < tileRuntimePackageNumArgs(p); ++i) {
    TileRuntimeArgInfo a;
    tileRuntimePackageArg(p, i, &a, NULL);
    printf("argument #%d: %s (%s, %d-byte elements)\n", i, a.type,
           kindName(a.kind), a.elementBytes);
  }
  tileRuntimePackageDestroy(p);
  return 0;
}
