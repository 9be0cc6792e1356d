/* Routines for JIT-compiled CPU kernels; see JitSymbols.h. */
#include "lib/Execution/JitSymbols.h"

#include <stdint.h>
#include <string.h>

#include "lib/Runtime/Half.h"
#include "lib/Support/IR.h"

/* bf16 comes back in the low 16 bits of xmm0, as _Float16 does on x86-64;
 * the rounding is the runtime's (nearest, ties to even; NaN stays NaN). */
static _Float16 truncSfBf2(float x) {
  uint16_t bits = tileF32ToBF16(x);
  _Float16 r;
  memcpy(&r, &bits, sizeof r);
  return r;
}

void tileJitRegisterSymbols(MlirExecutionEngine engine) {
  mlirExecutionEngineRegisterSymbol(engine, tileStr("__truncsfbf2"),
                                    (void *)truncSfBf2);
}
