/* A kernel compiled ahead of time: tile_add_kernels (CMakeLists.txt) ran
 * tile-opt --emit=c on examples/vecadd.mlir at build time, and this
 * program calls the typed function it generated. The launch runs in the
 * CUDA context current on the calling thread; this program makes none,
 * so without a GPU program of its own around it the call returns a
 * status saying why (no driver, or no current context) instead of
 * launching: a C program gets errors as values, never an exit. */
#include <stdio.h>
#include <stdlib.h>

#include "vecadd.h"

int main(void) {
  enum { N = 1024 };
  static float x[N], y[N], z[N];
  int64_t grid[3] = {(N + 1023) / 1024, 1, 1};
  TileStatus status;
  TileStatusCode code = vecadd_launch(NULL, grid, x, N, y, N, z, N, &status);
  printf("vecadd_launch: status %d (%s)\n", (int)code,
         code ? status.message : "launched");
  return 0;
}
