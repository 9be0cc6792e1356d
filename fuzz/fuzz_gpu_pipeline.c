/* libFuzzer harness: a .mlir file through the whole GPU compile of
 * `tile-opt --tile-compile --emit=ptx` (tileCompileKernel: the tile
 * passes, TileToGPU, the upstream lowering to NVVM and LLVM's NVPTX back
 * end), for each of its first kernels. No GPU and no ptxas are needed.
 * The chip is sm_90a (wgmma, TMA) for inputs of even length and sm_80
 * (mma.sync, cp.async) for odd ones, so both paths get inputs and an input
 * always takes the same one. Seeds: the .mlir files of examples/ and
 * test/ (fuzz/seeds.sh). */
#include <stdio.h>
#include <stdlib.h>

#include "fuzz/Harness.h"
#include "tile-c/Compile.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > TILE_FUZZ_MAX_TEXT)
    return -1;
  char *text = tileFuzzText(data, size);
  MlirContext ctx = tileFuzzContextCreate();
  MlirModule m = tileFuzzParseAndVerify(ctx, text, size);
  MlirStringRef names[TILE_FUZZ_MAX_KERNELS];
  int n = mlirModuleIsNull(m) ? 0
                              : tileFuzzKernelNames(m, names,
                                                    TILE_FUZZ_MAX_KERNELS);
  TileCompileOptions options = {0};
  options.chip = size % 2 ? "sm_80" : "sm_90a";
  for (int i = 0; i < n; ++i) {
    /* The compile changes its module: each kernel gets a fresh parse. */
    char name[256];
    snprintf(name, sizeof name, "%.*s", (int)names[i].length, names[i].data);
    MlirModule k = tileFuzzParseAndVerify(ctx, text, size);
    void *bytes = NULL;
    size_t bytesSize;
    char err[512];
    if (tileCompileKernel(k, name, &options, TILE_COMPILE_PTX, &bytes,
                          &bytesSize, err, sizeof err) == 0)
      free(bytes);
    mlirModuleDestroy(k);
  }
  if (!mlirModuleIsNull(m))
    mlirModuleDestroy(m);
  mlirContextDestroy(ctx);
  free(text);
  return 0;
}
