/* libFuzzer harness: a .mlir file through tileParseModule and the tile
 * verifier, the first thing tile-opt and tile-run do with a file. Bad
 * input must end in diagnostics, never a crash, a leak or a hang.
 * Seeds: every .mlir of examples/ and test/ (fuzz/seeds.sh). */
#include <stdlib.h>

#include "fuzz/Harness.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > TILE_FUZZ_MAX_TEXT)
    return -1; /* not added to the corpus */
  char *text = tileFuzzText(data, size);
  MlirContext ctx = tileFuzzContextCreate();
  MlirModule m = tileFuzzParseAndVerify(ctx, text, size);
  if (!mlirModuleIsNull(m))
    mlirModuleDestroy(m);
  mlirContextDestroy(ctx);
  free(text);
  return 0;
}
