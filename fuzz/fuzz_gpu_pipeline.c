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

/* The compile changes its module: each kernel gets a fresh parse. */
static void compileKernel(const TileFuzzInput *in, MlirStringRef name) {
  TileCompileOptions options = {0};
  options.chip = in->size % 2 ? "sm_80" : "sm_90a";
  char kernel[256];
  snprintf(kernel, sizeof kernel, "%.*s", (int)name.length, name.data);
  MlirModule k = tileFuzzParseAndVerify(in->ctx, in->text, in->size);
  void *bytes = NULL;
  size_t bytesSize;
  char err[512];
  if (tileCompileKernel(k, kernel, &options, TILE_COMPILE_PTX, &bytes,
                        &bytesSize, err, sizeof err) == 0)
    free(bytes);
  mlirModuleDestroy(k);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  return tileFuzzEachKernel(data, size, compileKernel);
}
