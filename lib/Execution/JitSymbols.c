/* Routines for JIT-compiled CPU kernels; see JitSymbols.h. */
#include "lib/Execution/JitSymbols.h"

#include <math.h>
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

/* math.rsqrt: convert-math-to-libm (which runs first, so expm1 and log1p
 * are libm's rather than upstream's expansions) calls rsqrtf, which libm
 * does not have. In double, then rounded once: within half an ulp but for
 * the rarest ties. */
static float rsqrtF32(float x) { return (float)(1.0 / sqrt((double)x)); }

void tileJitRegisterSymbols(MlirExecutionEngine engine) {
  mlirExecutionEngineRegisterSymbol(engine, tileStr("__truncsfbf2"),
                                    (void *)truncSfBf2);
  mlirExecutionEngineRegisterSymbol(engine, tileStr("rsqrtf"),
                                    (void *)rsqrtF32);
}
