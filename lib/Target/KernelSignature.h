/* What ahead-of-time C (lib/Target/EmitC.h) reads from a kernel's IR
 * before it is compiled, beside what its package records: each
 * argument's name as the source spells it (%x -> x), so the generated
 * function's parameters carry it, and which memrefs the kernel only
 * reads, so they can be `const` pointers. */
#ifndef TILE_TARGET_KERNELSIGNATURE_H
#define TILE_TARGET_KERNELSIGNATURE_H

#include <stdbool.h>
#include <stddef.h>

#include "lib/Runtime/Package.h"
#include "mlir-c/IR.h"

#define TILE_SIGNATURE_NAME_MAX 48

typedef struct {
  int numArgs;
  /* C identifiers: the source's %name where `sourceText` shows it, made
   * a C identifier (x.1 -> x_1), else arg0, arg1, ...; unique, and never
   * a parameter the generated function has itself (stream, grid,
   * status) nor a C or C++ keyword. */
  char names[TILE_PACKAGE_MAX_ARGS][TILE_SIGNATURE_NAME_MAX];
  /* Memref arguments whose every use is a load or a gather: nothing in
   * the kernel writes through them. */
  bool readOnly[TILE_PACKAGE_MAX_ARGS];
  MlirLocation argLocs[TILE_PACKAGE_MAX_ARGS];
} TileKernelSignature;

/* Reads kernel `kernel` (a func.func with tile.kernel). `sourceText`
 * (NUL-terminated, NULL when there is none) is the text the module was
 * parsed from, its locations' lines and columns pointing into it. */
void tileKernelSignatureRead(MlirOperation kernel, const char *sourceText,
                             TileKernelSignature *out);

#endif
