/* Launches examples/vecadd.mlir through the code tile-opt --emit=c (or
 * c-driver) generated, on the stand-in driver (its path in argv[1]):
 * in two contexts the program makes itself, three launches in the first
 * and two in the second (the load log shows one module per context),
 * then the errors a caller can make. Prints one line per launch. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vecadd.h"
#include "stand_in_context.h"

typedef int (*CtxCreate)(void **, unsigned, int);
typedef int (*CtxSet)(void *);

int main(int argc, char **argv) {
  TileStatus st;
  int64_t n = 4096, grid[3] = {4, 1, 1};
  float *x = malloc(4 * n), *y = malloc(4 * n), *z = malloc(4 * n);
  if (argc < 2) {
    /* No driver: no context to make either. */
    report("no driver", vecadd_launch(NULL, grid, x, n, y, n, z, n, &st), &st);
    free(x);
    free(y);
    free(z);
    return 0;
  }
  report("no context", vecadd_launch(NULL, grid, x, n, y, n, z, n, &st), &st);
  void *cuda = dlopen(argv[1], RTLD_NOW);
  CtxCreate create;
  CtxSet set;
  void *sym = dlsym(cuda, "cuCtxCreate_v2");
  memcpy(&create, &sym, sizeof sym); /* POSIX: a function fits a void * */
  sym = dlsym(cuda, "cuCtxSetCurrent");
  memcpy(&set, &sym, sizeof sym);
  void *first, *second;
  create(&first, 0, 0);
  create(&second, 0, 0);
  set(first);
  for (int i = 0; i < 3; ++i)
    report("first context", vecadd_launch(NULL, grid, x, n, y, n, z, n, &st),
           &st);
  set(second);
  for (int i = 0; i < 2; ++i)
    report("second context",
           vecadd_launch((struct CUstream_st *)0x1, grid, x, n, y, n, z, n,
                         &st),
           &st);
  report("null pointer", vecadd_launch(NULL, grid, NULL, n, y, n, z, n, &st),
         &st);
  report("empty and null",
         vecadd_launch(NULL, grid, NULL, 0, y, n, z, n, &st), &st);
  report("negative size",
         vecadd_launch(NULL, grid, x, -1, y, n, z, n, &st), &st);
  report("too large",
         vecadd_launch(NULL, grid, x, (int64_t)1 << 31, y, n, z, n, &st),
         &st);
  report("too large, third",
         vecadd_launch(NULL, grid, x, n, y, n, z, (int64_t)1 << 31, &st),
         &st);
  int64_t bad[3] = {0, 1, 1};
  report("bad grid", vecadd_launch(NULL, bad, x, n, y, n, z, n, &st), &st);
  report("null grid", vecadd_launch(NULL, NULL, x, n, y, n, z, n, &st), &st);
  report("null status", vecadd_launch(NULL, grid, x, n, y, n, z, n, NULL),
         &st);
  free(x);
  free(y);
  free(z);
  return 0;
}
