/* Launches bench/kernels/matmul.mlir's f16 128x256x64 GEMM, a stream-K
 * kernel at default options, through the code tile-opt --emit=c-driver
 * generated, on the stand-in driver (its path in argv[1]): driver mode
 * runs it unsplit, every program whole, and refuses a grid that is not
 * one-dimensional. */
#include <stdint.h>
#include <stdlib.h>

#include "mm.h"
#include "stand_in_context.h"

int main(int argc, char **argv) {
  TileStatus st;
  if (argc < 2 || standInContext(argv[1]))
    return 1;
  int64_t m = 1000, n = 1008, k = 1024;
  uint16_t *a = calloc((size_t)(m * k), 2), *b = calloc((size_t)(k * n), 2),
           *c = calloc((size_t)(m * n), 2);
  int64_t grid[3] = {(m + 127) / 128 * ((n + 255) / 256), 1, 1};
  report("one-dimensional",
         matmul_f16_128x256x64_launch(NULL, grid, a, m, k, b, k, n, c, m, n,
                                      &st),
         &st);
  int64_t twoD[3] = {8, 4, 1};
  report("two-dimensional",
         matmul_f16_128x256x64_launch(NULL, twoD, a, m, k, b, k, n, c, m, n,
                                      &st),
         &st);
  free(a);
  free(b);
  free(c);
  return 0;
}
