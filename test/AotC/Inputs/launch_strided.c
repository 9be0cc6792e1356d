/* Launches the two kernels of examples/softmax.mlir through one pair that
 * tile-opt --emit=c (or c-driver) generated, on the stand-in driver (its
 * path in argv[1]), in a context this program makes: dense arrays, then
 * strided ones (padded rows, a window, rows read again, a column), then
 * the strides a caller can get wrong. Prints one line per launch; the
 * stand-in's launch log shows the strides each one handed on. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "softmax.h"
#include "stand_in_context.h"

int main(int argc, char **argv) {
  if (argc < 2)
    return 1;
  if (standInContext(argv[1]))
    return 1;
  TileStatus st;
  const int64_t grid[3] = {1, 1, 1};
  /* 4 rows of 8 in a 4x16 allocation (their "device" memory: the stand-in
   * reads no element). */
  float *x = calloc(64, sizeof *x), *y = calloc(64, sizeof *y);
  uint16_t *h = calloc(64, sizeof *h), *g = calloc(64, sizeof *g);

  report("dense", softmax_launch(NULL, grid, x, 4, 8, y, 4, 8, &st), &st);
  report("padded rows",
         softmax_launch_strided(NULL, grid, x, 4, 8, 16, 1, y, 4, 8, 12, 1,
                                &st),
         &st);
  report("window", softmax_launch_strided(NULL, grid, x + 19, 3, 5, 16, 1, y,
                                          3, 5, 5, 1, &st),
         &st);
  report("rows read again",
         softmax_launch_strided(NULL, grid, x, 4, 8, 0, 1, y, 4, 8, 8, 1,
                                &st),
         &st);
  report("a column", softmax_launch_strided(NULL, grid, x, 4, 1, 16, 0, y, 4,
                                            1, 1, 7, &st),
         &st);
  report("second kernel",
         softmax_f16_launch_strided(NULL, grid, h, 4, 8, 16, 1, g, 4, 8, 8,
                                    1, &st),
         &st);

  report("negative stride",
         softmax_launch_strided(NULL, grid, x, 4, 8, -16, 1, y, 4, 8, 8, 1,
                                &st),
         &st);
  report("innermost stride",
         softmax_launch_strided(NULL, grid, x, 4, 8, 16, 2, y, 4, 8, 8, 1,
                                &st),
         &st);
  report("rows overlap",
         softmax_launch_strided(NULL, grid, x, 4, 8, 16, 1, y, 4, 8, 4, 1,
                                &st),
         &st);
  report("rows written again",
         softmax_launch_strided(NULL, grid, x, 4, 8, 16, 1, y, 4, 8, 0, 1,
                                &st),
         &st);
  report("null pointer",
         softmax_f16_launch_strided(NULL, grid, NULL, 4, 8, 16, 1, g, 4, 8,
                                    8, 1, &st),
         &st);
  report("stride past 32 bits",
         softmax_launch_strided(NULL, grid, x, 4, 8, (int64_t)1 << 30, 1, y,
                                4, 8, 8, 1, &st),
         &st);
  printf("null status: %d\n",
         (int)softmax_launch_strided(NULL, grid, x, 4, 8, 16, 1, y, 4, 8, 4,
                                     1, NULL));
  free(x);
  free(y);
  free(h);
  free(g);
  return 0;
}
