// A pair's header in C++ (both modes): each kernel's two functions are
// declared with C linkage and the types the C program sees.
#include "kernels.h"

int main() {
  TileStatusCode (*dense)(struct CUstream_st *, const int64_t *,
                          const uint16_t *, int64_t, int64_t, uint16_t *,
                          int64_t, int64_t, TileStatus *) = softmax_f16_launch;
  TileStatusCode (*strided)(struct CUstream_st *, const int64_t *,
                            const float *, int64_t, int64_t, int64_t, int64_t,
                            float *, int64_t, int64_t, int64_t, int64_t,
                            TileStatus *) = softmax_launch_strided;
  return dense == nullptr || strided == nullptr;
}
