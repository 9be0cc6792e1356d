/* libFuzzer harness: the .npy reader (lib/Tooling/Npy.h), which reads
 * tile-run's --arg files: untrusted headers must be one-line errors, never
 * a crash or an allocation the file's size does not justify. Each input is
 * read as each kind of memref wants it (raw '<u2' as bf16, '|u1' as f8);
 * what reads is written back and must read back the same. Seeds: .npy
 * files made by fuzz/seeds.sh (NumPy, every dtype tile reads). */
#include <stdlib.h>
#include <string.h>

#include "lib/Tooling/Npy.h"

static const TileDType kWants[] = {TILE_DTYPE_F32, TILE_DTYPE_BF16,
                                   TILE_DTYPE_F8E4M3};

/* Write `a` and read it again: the same array, or a bug in one of them. */
static void roundTrip(const TileHostArray *a, TileDType want) {
  void *buf;
  size_t size;
  char err[256];
  if (tileNpyWriteMemory(a, &buf, &size, err, sizeof err))
    __builtin_trap(); /* what was read must be writable */
  TileHostArray b = {0};
  if (tileNpyReadMemory("again.npy", buf, size, want, &b, err, sizeof err) ||
      b.dtype != a->dtype || b.rank != a->rank ||
      memcmp(b.shape, a->shape, sizeof a->shape) != 0 ||
      b.bytes != a->bytes || memcmp(b.data, a->data, a->bytes) != 0)
    __builtin_trap();
  tileHostArrayDestroy(&b);
  free(buf);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  for (size_t i = 0; i < sizeof kWants / sizeof kWants[0]; ++i) {
    TileHostArray a = {0};
    char err[256];
    if (tileNpyReadMemory("fuzz.npy", data, size, kWants[i], &a, err,
                          sizeof err) == 0) {
      roundTrip(&a, kWants[i]);
      tileHostArrayDestroy(&a);
    }
  }
  return 0;
}
