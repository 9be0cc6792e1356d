// The generated header in C++ (both modes), and the driver mode's next to
// tile-c/Runtime.h: the status types they both define agree.
#include "vecadd.h"
#include "tile-c/Runtime.h"

int main() {
  TileStatus st;
  float *p = nullptr;
  const int64_t grid[3] = {1, 1, 1};
  TileStatusCode (*launch)(struct CUstream_st *, const int64_t *,
                           const float *, int64_t, const float *, int64_t,
                           float *, int64_t, TileStatus *) = vecadd_launch;
  (void)launch;
  (void)p;
  (void)grid;
  st.code = TILE_STATUS_OK;
  return st.code;
}
