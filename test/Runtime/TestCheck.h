/* The checking macro of the runtime's C tests: CHECK(cond, printf-args)
 * counts a check and, when `cond` is false, a failure with its location;
 * main reports `failures` of `checks` at the end. */
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

#endif
