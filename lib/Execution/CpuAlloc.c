/* Per-thread tracked heap buffers for CPU kernels; see CpuAlloc.h. */
#include "lib/Execution/CpuAlloc.h"

#include <stdlib.h>

/* Sits just before the buffer the kernel sees. */
typedef struct Block {
  struct Block *prev, *next;
  void *base; /* what malloc returned */
} Block;

static _Thread_local Block *live;

void *tileCpuAlignedAlloc(int64_t alignment, int64_t size) {
  uintptr_t align = alignment < 16 ? 16 : (uintptr_t)alignment; /* 2^k */
  char *base = malloc(sizeof(Block) + align + (size_t)size);
  if (!base)
    return NULL;
  uintptr_t user = ((uintptr_t)(base + sizeof(Block)) + align - 1) & ~(align - 1);
  Block *b = (Block *)user - 1;
  *b = (Block){NULL, live, base};
  if (live)
    live->prev = b;
  live = b;
  return (void *)user;
}

void *tileCpuAlloc(int64_t size) { return tileCpuAlignedAlloc(16, size); }

void tileCpuFree(void *p) {
  if (!p)
    return;
  Block *b = (Block *)p - 1;
  if (b->prev)
    b->prev->next = b->next;
  else
    live = b->next;
  if (b->next)
    b->next->prev = b->prev;
  free(b->base);
}

void tileCpuFreeAll(void) {
  while (live)
    tileCpuFree(live + 1);
}
