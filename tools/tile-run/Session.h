/* One tile-run run, whatever the target: the grid, the kernel's signature,
 * the argument values built from --arg specs, the --check references (read
 * before the run, so a missing file fails fast), and after the run the
 * --out files, the checks and the summary lines. Needs no MLIR: the
 * signature comes from a .mlir kernel (Kernel.c) or from a package. */
#ifndef TILE_RUN_SESSION_H
#define TILE_RUN_SESSION_H

#include <stdbool.h>
#include <stdint.h>

#include "tile-c/Runtime.h"
#include "tools/tile-run/Arguments.h"
#include "tools/tile-run/Options.h"
#include "lib/Support/KernelArg.h"

typedef struct {
  int64_t grid[3];
  const char *kernel;      /* the kernel's name, for messages */
  TileKernelArg *sig;             /* owned */
  int numSig;
  ArgValue *values;        /* owned, one per argument */
  TileHostArray *expected; /* owned, one per --check */
  TileHostArray *cpu;      /* --check-cpu: the CPU's memrefs (owned; empty
                              entries for scalars), NULL otherwise */
  /* The kernel (a .mlir one) has an f32 tile.dot at the default precision,
   * tf32: a failed --check says what that means. */
  bool tf32Dot;
  int indexBits;           /* 32: the kernel runs from a package (or a
                              compile) that indexes in 32 bits, and --arg
                              arrays are weighed against that; 0: no limit
                              (the CPU; a compile chosen for the arguments) */
} Session;

/* Whether some memref argument has 2^31 or more elements, so that the
 * GPU kernel must index in 64 bits. */
bool sessionNeedsIndex64(const Session *s);

/* Prints "tile-run: <msg>" on stderr; returns 1 (the exit code). */
int sessionFail(const char *msg);

/* Evaluates --grid into s->grid. Returns an exit code. */
int sessionGrid(Session *s, const Options *o);

/* Fills s->sig from a package's argument list. */
void sessionSignatureFromPackage(Session *s, const TileRuntimePackage *p);

/* With s->sig set: checks the --arg count and the --out/--check indices,
 * weighs every --arg array against the limits (Arguments.h) before any is
 * made, builds the argument values and reads the references. Returns an
 * exit code. */
int sessionLoad(Session *s, const Options *o);

/* --check-cpu: copies every memref argument into s->cpu (before the GPU
 * run changes them). Returns an exit code. */
int sessionCopyForCpu(Session *s);

/* After the run: writes --out files, compares --check files and, when
 * s->cpu is set, every memref argument with the CPU's; prints one summary
 * line per memref argument written or compared. Returns an exit code. */
int sessionReport(Session *s, const Options *o);

/* The arguments as the runtime takes them, shapes and values only (no
 * device pointers): what a variant's shape key is made of. Malloc'ed;
 * NULL when out of memory. */
TileRuntimeArg *sessionRuntimeArgs(const Session *s);

void sessionFree(Session *s, const Options *o);

#endif
