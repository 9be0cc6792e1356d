/* tile-opt --emit=c and c-driver; see EmitC.h. */
#include "tools/tile-opt/EmitC.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "lib/Target/AotC.h"

bool emitC(const Options *o, const Source *src, MlirModule m,
           const TileGpuOptions *gpu, TileStrBuf *out) {
  /* -o DIR/NAME.c (checked with the options): DIR/NAME.h beside it, and
   * the source includes it by its file name. */
  char headerPath[4096];
  snprintf(headerPath, sizeof headerPath, "%.*s.h",
           (int)strlen(o->output) - 2, o->output);
  const char *slash = strrchr(headerPath, '/');
  TileAotOptions aot = {
      strcmp(o->emit, "c-driver") == 0 ? TILE_EMIT_C_DRIVER
                                       : TILE_EMIT_C_RUNTIME,
      slash ? slash + 1 : headerPath,
      src->name,
      src->text,
      o->chips,
      o->numChips,
      o->variantFiles,
      o->numVariantFiles};
  TileStrBuf header = tileStrBufInit();
  char err[1024];
  bool ok = !tileAotCompileC(m, o->kernels, o->numKernels, gpu, &aot,
                             &header, out, err, sizeof err);
  if (!ok)
    fprintf(stderr, "tile-opt: %s\n", err);
  FILE *f = ok ? fopen(headerPath, "wb") : NULL;
  if (ok && (!f || fwrite(tileStrBufCStr(&header), 1, header.len, f) !=
                       header.len)) {
    fprintf(stderr, "tile-opt: cannot write '%s': %s\n", headerPath,
            strerror(errno));
    ok = false;
  }
  if (f && fclose(f) != 0)
    ok = false;
  tileStrBufFree(&header);
  return ok;
}
