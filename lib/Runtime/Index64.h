/* The limit of 32-bit indexing: a package compiled with index-bits=32
 * (docs/gpu.md, "64-bit indexing") cannot take a memref whose elements,
 * an extent, a stride or its last element's offset reach 2^31; the
 * launcher refuses it, and the tools say so before they make the array. */
#ifndef TILE_RUNTIME_INDEX64_H
#define TILE_RUNTIME_INDEX64_H

#include <stdbool.h>
#include <stdint.h>

/* Whether a kernel compiled with 32-bit indexing cannot take a memref of
 * `rank` extents `shape` with element strides `strides` (NULL: dense, in C
 * order): its elements, an extent, a stride or its largest element offset
 * reach 2^31. Such a memref needs a package compiled with index-bits=64. */
bool tileArrayNeedsIndex64(int rank, const int64_t *shape,
                           const int64_t *strides);

/* The message for such an array, after "argument #0 (memref<?xf32>): ":
 * "<what>, 2^31 or more elements, which a package compiled with
 * index-bits=32 cannot index (compile it with index-bits=64)". */
#define TILE_INDEX32_LIMIT_MSG                                                 \
  "2^31 or more elements, which a package compiled with index-bits=32 "      \
  "cannot index (compile it with index-bits=64)"

#endif
