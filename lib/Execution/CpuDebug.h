/* tile.print and tile.assert in JIT-compiled CPU kernels: the routines
 * their lowering calls (TileToCPU's CpuDebug.c), and the trap that lets a
 * failed assert stop its program.
 *
 * A print writes one line per element to stdout with a single stdio call,
 * so lines of programs running on several threads never mix within a line:
 *   pid (0, 0, 0) idx (3, 5) x: 1.5      (a tile; the prefix, then ": ")
 *   pid (2, 0, 0) n: 7                   (a scalar)
 * Floats print with enough digits to read back the same value (f32: 9
 * significant digits, f16: 5, bf16: 4, f8: 3), integers in decimal as
 * signed values, i1 as 0 or 1.
 *
 * A failed assert longjmps to the trap its thread's run set with setjmp
 * around the program (CpuKernel.c), so nothing after the assert runs. The
 * JIT-compiled frames it leaves hold nothing to release but the program's
 * heap buffers, which the run then frees (CpuAlloc.h). */
#ifndef TILE_EXECUTION_CPUDEBUG_H
#define TILE_EXECUTION_CPUDEBUG_H

#include <setjmp.h>
#include <stdbool.h>
#include <stdint.h>

typedef struct {
  jmp_buf jump;
  char message[1024]; /* "LOC: tile.assert failed in program (x, y, z): MSG" */
} TileCpuTrap;

/* Makes `trap` (or none, NULL) the one this thread's asserts jump to. */
void tileCpuTrapSet(TileCpuTrap *trap);

/* Called by kernels; `rank` index coordinates follow the program id
 * (rank 0: a scalar). */
void tileCpuPrintInt(const char *prefix, int64_t pid0, int64_t pid1,
                     int64_t pid2, int64_t rank, int64_t i0, int64_t i1,
                     int64_t i2, int64_t value);
void tileCpuPrintFloat(const char *prefix, int64_t pid0, int64_t pid1,
                       int64_t pid2, int64_t rank, int64_t i0, int64_t i1,
                       int64_t i2, double value, int32_t digits);
/* Does not return while a trap is set; `where` is "file:line:col". */
void tileCpuAssertFail(const char *message, const char *where, int64_t pid0,
                       int64_t pid1, int64_t pid2);

#endif
