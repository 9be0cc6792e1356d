/* Prints and asserts for CPU kernels; see CpuDebug.h. */
#include "lib/Execution/CpuDebug.h"

#include <stdio.h>
#include <stdlib.h>

static _Thread_local TileCpuTrap *currentTrap;

void tileCpuTrapSet(TileCpuTrap *trap) { currentTrap = trap; }

/* "pid (x, y, z) idx (i, j) prefix" into buf. */
static void lineHead(char *buf, size_t size, const char *prefix,
                     const int64_t pid[3], int64_t rank, const int64_t idx[3]) {
  int n = snprintf(buf, size, "pid (%lld, %lld, %lld)", (long long)pid[0],
                   (long long)pid[1], (long long)pid[2]);
  for (int64_t d = 0; d < rank && d < 3 && n > 0 && (size_t)n < size; ++d)
    n += snprintf(buf + n, size - (size_t)n, "%s%lld", d ? ", " : " idx (",
                  (long long)idx[d]);
  if (rank > 0 && n > 0 && (size_t)n < size)
    n += snprintf(buf + n, size - (size_t)n, ")");
  if (n > 0 && (size_t)n < size)
    snprintf(buf + n, size - (size_t)n, "%s%s", *prefix ? " " : "", prefix);
}

void tileCpuPrintInt(const char *prefix, int64_t pid0, int64_t pid1,
                     int64_t pid2, int64_t rank, int64_t i0, int64_t i1,
                     int64_t i2, int64_t value) {
  char head[512];
  lineHead(head, sizeof head, prefix, (int64_t[]){pid0, pid1, pid2}, rank,
           (int64_t[]){i0, i1, i2});
  printf("%s: %lld\n", head, (long long)value); /* one call: one line */
}

void tileCpuPrintFloat(const char *prefix, int64_t pid0, int64_t pid1,
                       int64_t pid2, int64_t rank, int64_t i0, int64_t i1,
                       int64_t i2, double value, int32_t digits) {
  char head[512];
  lineHead(head, sizeof head, prefix, (int64_t[]){pid0, pid1, pid2}, rank,
           (int64_t[]){i0, i1, i2});
  printf("%s: %.*g\n", head, (int)digits, value);
}

void tileCpuAssertFail(const char *message, const char *where, int64_t pid0,
                       int64_t pid1, int64_t pid2) {
  TileCpuTrap *trap = currentTrap;
  if (!trap) {
    /* Only a kernel called outside tileCpuKernelRun gets here: say why it
     * stops rather than run on past a failed assert. */
    fprintf(stderr, "%s: tile.assert failed in program (%lld, %lld, %lld): "
                    "%s\n",
            where, (long long)pid0, (long long)pid1, (long long)pid2, message);
    abort();
  }
  fflush(stdout); /* the program's prints come before the error */
  snprintf(trap->message, sizeof trap->message,
           "%s: tile.assert failed in program (%lld, %lld, %lld): %s", where,
           (long long)pid0, (long long)pid1, (long long)pid2, message);
  longjmp(trap->jump, 1);
}
