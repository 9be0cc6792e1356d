/* Launches @scale (test/tile-run/Inputs/tune_scale.mlir) through code
 * tile-opt --emit=c generated from a tuned variant file: the shapes the
 * variants were tuned for take their variant and its grid (grid NULL),
 * other shapes the default with the caller's grid. On the stand-in driver
 * (argv[1]), in a context this program makes. */
#include <stdio.h>
#include <string.h>

#include "scale.h"
#include "stand_in_context.h"

static float x[8192], y[8192];

static void launch(const char *what, int64_t n, const int64_t *grid) {
  TileStatus st;
  TileStatusCode code = scale_launch(NULL, grid, x, n, y, n, &st);
  printf("%s: %d %s\n", what, (int)code, code ? st.message : "ok");
}

int main(int argc, char **argv) {
  if (argc < 2)
    return 1;
  if (standInContext(argv[1]))
    return 1;
  int64_t four[3] = {4, 1, 1};
  launch("tuned 4096", 4096, NULL);
  launch("tuned 8192", 8192, NULL);
  launch("default 1000", 1000, four);
  launch("default 1000, no grid", 1000, NULL);
  return 0;
}
