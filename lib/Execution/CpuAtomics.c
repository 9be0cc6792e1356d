/* Compare-and-swap and float max/min atomics for CPU kernels; see
 * CpuAtomics.h. */
#include "lib/Execution/CpuAtomics.h"

#include <math.h>
#include <stdbool.h>
#include <string.h>

#include "lib/Support/Half.h"

uint32_t tileCpuAtomicCas16(intptr_t addr, uint32_t cmp, uint32_t value) {
  uint16_t expected = (uint16_t)cmp;
  __atomic_compare_exchange_n((uint16_t *)addr, &expected, (uint16_t)value,
                              false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
  return expected; /* what memory held, equal to cmp or not */
}

uint32_t tileCpuAtomicCas32(intptr_t addr, uint32_t cmp, uint32_t value) {
  __atomic_compare_exchange_n((uint32_t *)addr, &cmp, value, false,
                              __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
  return cmp;
}

uint64_t tileCpuAtomicCas64(intptr_t addr, uint64_t cmp, uint64_t value) {
  __atomic_compare_exchange_n((uint64_t *)addr, &cmp, value, false,
                              __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
  return cmp;
}

/* Whether maxnum (max) or minnum (!max) of memory's `cur` and `v` is `v`
 * and differs from `cur`: the store the atomic must make. A NaN `v`
 * changes nothing; a NaN in memory gives way to any number; -0 < +0. */
static bool replaces(float cur, float v, bool max) {
  if (isnan(v))
    return false;
  if (isnan(cur))
    return true;
  if (v == cur) /* only -0 and +0 compare equal and differ */
    return max ? signbit(cur) && !signbit(v) : !signbit(cur) && signbit(v);
  return max ? v > cur : v < cur;
}

static uint32_t minMax32(intptr_t addr, uint32_t value, bool max) {
  uint32_t *p = (uint32_t *)addr;
  uint32_t cur = __atomic_load_n(p, __ATOMIC_SEQ_CST);
  float v, c;
  memcpy(&v, &value, sizeof v);
  for (;;) {
    memcpy(&c, &cur, sizeof c);
    /* A failed exchange reloads `cur`, so the decision is made again
     * against what another program stored meanwhile. */
    if (!replaces(c, v, max) ||
        __atomic_compare_exchange_n(p, &cur, value, false, __ATOMIC_SEQ_CST,
                                    __ATOMIC_SEQ_CST))
      return cur;
  }
}

static uint32_t minMax16(intptr_t addr, uint32_t value, bool max,
                         float (*toF32)(uint16_t)) {
  uint16_t *p = (uint16_t *)addr;
  uint16_t cur = __atomic_load_n(p, __ATOMIC_SEQ_CST);
  float v = toF32((uint16_t)value); /* f16 and bf16 widen exactly */
  for (;;)
    if (!replaces(toF32(cur), v, max) ||
        __atomic_compare_exchange_n(p, &cur, (uint16_t)value, false,
                                    __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST))
      return cur;
}

uint32_t tileCpuAtomicMaxF32(intptr_t addr, uint32_t value) {
  return minMax32(addr, value, true);
}

uint32_t tileCpuAtomicMinF32(intptr_t addr, uint32_t value) {
  return minMax32(addr, value, false);
}

uint32_t tileCpuAtomicMaxF16(intptr_t addr, uint32_t value) {
  return minMax16(addr, value, true, tileF16ToF32);
}

uint32_t tileCpuAtomicMinF16(intptr_t addr, uint32_t value) {
  return minMax16(addr, value, false, tileF16ToF32);
}

uint32_t tileCpuAtomicMaxBF16(intptr_t addr, uint32_t value) {
  return minMax16(addr, value, true, tileBF16ToF32);
}

uint32_t tileCpuAtomicMinBF16(intptr_t addr, uint32_t value) {
  return minMax16(addr, value, false, tileBF16ToF32);
}
