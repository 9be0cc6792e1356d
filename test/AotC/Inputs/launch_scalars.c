/* Launches test/AotC/Inputs/scalars.mlir through generated code on the
 * stand-in driver (argv[1]): one scalar of each kind, whose bytes the
 * stand-in's launch log shows. The memref is one element into its
 * allocation, so the runtime, too, runs the generic entry (PTX, whose
 * parameters the stand-in reads). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scalars.h"
#include "stand_in_context.h"

int main(int argc, char **argv) {
  if (argc < 2)
    return 1;
  if (standInContext(argv[1]))
    return 1;
  TileStatus st;
  const int64_t grid[3] = {1, 1, 1};
  float *out = calloc(129, sizeof *out);
  TileStatusCode code = scalars_launch(NULL, grid, out + 1, 128, 2, -2, -3,
                                       -4, -5, 6, 1.5f, -2.25, &st);
  printf("scalars: %d %s\n", (int)code, code ? st.message : "ok");
  free(out);
  return 0;
}
