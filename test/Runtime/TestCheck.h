/* The checking macro of the runtime's C tests: CHECK(cond, printf-args)
 * counts a check and, when `cond` is false, a failure with its location;
 * main ends with testReport. */
#ifndef TILE_TEST_RUNTIME_TESTCHECK_H
#define TILE_TEST_RUNTIME_TESTCHECK_H

#include <stdio.h>

static int checks, failures;

#define CHECK(cond, ...)                                                       \
  do {                                                                         \
    ++checks;                                                                  \
    if (!(cond)) {                                                             \
      ++failures;                                                              \
      printf("FAIL %s:%d: %s: ", __FILE__, __LINE__, #cond);                   \
      printf(__VA_ARGS__);                                                     \
      printf("\n");                                                            \
    }                                                                          \
  } while (0)

/* main's last words: "all N <what> checks passed" (exit 0) or how many
 * failed (exit 1). */
static int testReport(const char *what) {
  if (failures) {
    printf("%d of %d %s checks FAILED\n", failures, checks, what);
    return 1;
  }
  printf("all %d %s checks passed\n", checks, what);
  return 0;
}

#endif
