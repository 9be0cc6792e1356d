/* Which memrefs 32-bit indexing cannot reach; see Index64.h. */
#include "lib/Runtime/Index64.h"

#include <stdint.h>

bool tileArrayNeedsIndex64(int rank, const int64_t *shape,
                           const int64_t *strides) {
  bool empty = false;
  for (int d = 0; d < rank; ++d) {
    if (shape[d] > INT32_MAX || (strides && strides[d] > INT32_MAX))
      return true; /* the kernel would see the extent or stride wrapped */
    empty = empty || shape[d] == 0;
  }
  if (empty)
    return false; /* no element to index */
  /* Every product stays below 2^62: both factors are below 2^31. */
  int64_t dense = 1, last = 0;
  for (int d = rank - 1; d >= 0; --d) {
    int64_t stride = strides ? strides[d] : dense;
    if (stride > INT32_MAX)
      return true;
    last += (shape[d] - 1) * stride;
    dense *= shape[d];
    if (last > INT32_MAX || dense > INT32_MAX)
      return true;
  }
  return false;
}
