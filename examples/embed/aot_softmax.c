/* Two kernels of one file compiled ahead of time into one pair:
 * tile_add_kernels (CMakeLists.txt) ran tile-opt --emit=c on
 * examples/softmax.mlir with both of its kernels, which became softmax.c
 * and softmax.h (softmax_f16.h includes it). This program calls one on a
 * row-padded array (NAME_launch_strided) and the other on dense ones;
 * without a GPU and a context of its own each call returns a status
 * saying why instead of launching. */
#include <stdint.h>
#include <stdio.h>

#include "softmax.h"
#include "softmax_f16.h"

static void report(const char *what, TileStatusCode code,
                   const TileStatus *status) {
  printf("%s: status %d (%s)\n", what, (int)code,
         code ? status->message : "launched");
}

int main(void) {
  /* 64 rows of 1000 columns, each row padded to 1024 elements. */
  enum { ROWS = 64, COLS = 1000, PITCH = 1024 };
  static float x[ROWS * PITCH], y[ROWS * PITCH];
  static uint16_t h[ROWS * COLS], g[ROWS * COLS];
  int64_t grid[3] = {ROWS / 4, 1, 1};
  TileStatus status;
  report("softmax_launch_strided",
         softmax_launch_strided(NULL, grid, x, ROWS, COLS, PITCH, 1, y, ROWS,
                                COLS, PITCH, 1, &status),
         &status);
  report("softmax_f16_launch",
         softmax_f16_launch(NULL, grid, h, ROWS, COLS, g, ROWS, COLS, &status),
         &status);
  return 0;
}
