/* What the test programs of test/AotC share: a context made on the
 * stand-in driver, as an embedding program makes its own before calling
 * generated launch functions, and one line per launch. Include after the
 * generated headers (they declare TileStatus). */
#ifndef TILE_TEST_AOTC_STAND_IN_CONTEXT_H
#define TILE_TEST_AOTC_STAND_IN_CONTEXT_H

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

/* cuCtxCreate_v2 of the driver at `path`, current on this thread: 0, or
 * 1 when the driver or its entry point is missing. */
static inline int standInContext(const char *path) {
  typedef int (*CtxCreate)(void **, unsigned, int);
  void *cuda = dlopen(path, RTLD_NOW);
  void *sym = cuda ? dlsym(cuda, "cuCtxCreate_v2") : NULL;
  if (!sym)
    return 1;
  CtxCreate create;
  memcpy(&create, &sym, sizeof sym); /* POSIX: a function fits a void * */
  void *ctx;
  return create(&ctx, 0, 0) != 0;
}

static inline void report(const char *what, TileStatusCode code,
                          const TileStatus *st) {
  printf("%s: %d %s\n", what, (int)code, code ? st->message : "ok");
}

#endif
