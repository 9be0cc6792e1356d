/* Launches both kernels of one pair (examples/softmax.mlir as
 * kernels.c/kernels.h) and vecadd from a pair of its own, linked into one
 * program, on the stand-in driver (argv[1]), twice each in one context:
 * the load log shows one module per kernel, loaded on its first launch. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernels.h"
#include "vecadd.h"
#include "stand_in_context.h"

int main(int argc, char **argv) {
  if (argc < 2)
    return 1;
  if (standInContext(argv[1]))
    return 1;
  TileStatus st;
  const int64_t grid[3] = {1, 1, 1};
  float *x = calloc(32, sizeof *x), *y = calloc(32, sizeof *y);
  uint16_t *h = calloc(32, sizeof *h), *g = calloc(32, sizeof *g);
  for (int i = 0; i < 2; ++i) {
    report("softmax", softmax_launch(NULL, grid, x, 4, 8, y, 4, 8, &st), &st);
    report("softmax_f16",
           softmax_f16_launch(NULL, grid, h, 4, 8, g, 4, 8, &st), &st);
    report("vecadd", vecadd_launch(NULL, grid, x, 32, x, 32, y, 32, &st),
           &st);
  }
  report("softmax_f16, bad shape",
         softmax_f16_launch(NULL, grid, h, -4, 8, g, 4, 8, &st), &st);
  free(x);
  free(y);
  free(h);
  free(g);
  return 0;
}
