/* Strided ahead-of-time C launches on a GPU (issue 34): a program that
 * makes its own context and calls the pair tile-opt --emit=c (or
 * --emit=c-driver) generated for both kernels of examples/softmax.mlir
 * on dense arrays, row-padded ones, a window of a larger array and rows
 * read again (input stride 0), then softmax_f16 on padded rows; each
 * result is checked against softmax computed here in double precision,
 * and the padding between the output's rows must be left as it was (the
 * kernel stores through the strides). Prints one line per case; exit
 * status 1 if one fails. Built by bench/aot/run.sh check on the GPU
 * machine against the CUDA driver (-lcuda) and, for --emit=c,
 * libtile_runtime. */
#include <cuda.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "softmax.h"

enum { ROWS = 37, COLS = 1000, XPITCH = 1024, YPITCH = 1001 };
static const float kSentinel = 12345.0f;

#define CHECK(call)                                                            \
  do {                                                                         \
    CUresult rc_ = (call);                                                     \
    if (rc_ != CUDA_SUCCESS) {                                                 \
      fprintf(stderr, "%s failed: %d\n", #call, (int)rc_);                     \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

/* f16 bits of a value that has them exactly (a multiple of 1/64 below 8). */
static uint16_t toHalf(float f) {
  if (f == 0.0f)
    return 0;
  uint32_t b;
  memcpy(&b, &f, 4);
  uint32_t sign = b >> 31, exp = (b >> 23) & 0xff, man = b & 0x7fffff;
  return (uint16_t)(sign << 15 | (exp - 127 + 15) << 10 | man >> 13);
}

static float fromHalf(uint16_t h) {
  int exp = (h >> 10) & 0x1f, man = h & 0x3ff;
  float v = exp ? ldexpf((float)(man | 0x400), exp - 25)
                : ldexpf((float)man, -24);
  return h >> 15 ? -v : v;
}

/* Softmax of `rows` x `cols` read at x[r * xs + c], checked against the
 * output at y[r * ys + c] (the elements after each row's `cols` must
 * still be the sentinel, up to ys). */
static int check(const char *what, TileStatusCode code, const TileStatus *st,
                 const float *x, int rows, int cols, int64_t xs,
                 const float *y, int64_t ys) {
  if (code) {
    printf("%s: FAILED: %d %s\n", what, (int)code, st->message);
    return 1;
  }
  double worst = 0;
  int untouched = 1;
  for (int r = 0; r < rows; ++r) {
    double max = -INFINITY, sum = 0;
    for (int c = 0; c < cols; ++c)
      max = fmax(max, x[r * xs + c]);
    for (int c = 0; c < cols; ++c)
      sum += exp(x[r * xs + c] - max);
    for (int c = 0; c < cols; ++c)
      worst = fmax(worst, fabs(y[r * ys + c] - exp(x[r * xs + c] - max) / sum));
    for (int64_t c = cols; c < ys; ++c)
      untouched = untouched && y[r * ys + c] == kSentinel;
  }
  int ok = worst < 1e-5 && untouched;
  printf("%s: %s (max error %.2g, padding %s)\n", what, ok ? "ok" : "FAILED",
         worst, untouched ? "untouched" : "WRITTEN");
  return !ok;
}

int main(void) {
  CUdevice dev;
  CUcontext ctx;
  CHECK(cuInit(0));
  CHECK(cuDeviceGet(&dev, 0));
  CHECK(cuDevicePrimaryCtxRetain(&ctx, dev));
  CHECK(cuCtxSetCurrent(ctx));
  size_t xn = (size_t)ROWS * XPITCH, yn = (size_t)ROWS * YPITCH;
  float *x = malloc(xn * 4), *y = malloc(yn * 4), *out = malloc(yn * 4);
  srand(7);
  for (size_t i = 0; i < xn; ++i)
    x[i] = (float)(rand() % 512 - 256) / 64.0f;
  CUdeviceptr dx, dy;
  CHECK(cuMemAlloc(&dx, xn * 4));
  CHECK(cuMemAlloc(&dy, yn * 4));
  CHECK(cuMemcpyHtoD(dx, x, xn * 4));
  const float *gx = (const float *)(uintptr_t)dx;
  float *gy = (float *)(uintptr_t)dy;
  int64_t grid[3] = {(ROWS + 3) / 4, 1, 1};
  TileStatus st;
  int failed = 0;
  TileStatusCode code;
#define RUN(what, call, xp, rows, cols, xs, ys)                                \
  do {                                                                         \
    for (size_t i = 0; i < yn; ++i)                                            \
      y[i] = kSentinel;                                                        \
    CHECK(cuMemcpyHtoD(dy, y, yn * 4));                                        \
    code = (call);                                                             \
    CHECK(cuCtxSynchronize());                                                 \
    CHECK(cuMemcpyDtoH(out, dy, yn * 4));                                      \
    failed |= check(what, code, &st, xp, rows, cols, xs, out, ys);             \
  } while (0)

  /* Dense: the first ROWS x COLS elements of each buffer, packed. */
  RUN("dense", softmax_launch(NULL, grid, gx, ROWS, COLS, gy, ROWS, COLS, &st),
      x, ROWS, COLS, COLS, COLS);
  RUN("padded rows",
      softmax_launch_strided(NULL, grid, gx, ROWS, COLS, XPITCH, 1, gy, ROWS,
                             COLS, YPITCH, 1, &st),
      x, ROWS, COLS, XPITCH, YPITCH);
  /* Rows 3.. and columns 5..994 of x. */
  int64_t wgrid[3] = {(ROWS - 3 + 3) / 4, 1, 1};
  RUN("window",
      softmax_launch_strided(NULL, wgrid, gx + 3 * XPITCH + 5, ROWS - 3,
                             COLS - 10, XPITCH, 1, gy, ROWS - 3, COLS - 10,
                             YPITCH, 1, &st),
      x + 3 * XPITCH + 5, ROWS - 3, COLS - 10, XPITCH, YPITCH);
  RUN("rows read again",
      softmax_launch_strided(NULL, grid, gx, ROWS, COLS, 0, 1, gy, ROWS, COLS,
                             YPITCH, 1, &st),
      x, ROWS, COLS, 0, YPITCH);

  /* softmax_f16 on padded rows: inputs exact in f16, outputs rounded. */
  uint16_t *hx = malloc(xn * 2), *hy = malloc(yn * 2);
  for (size_t i = 0; i < xn; ++i)
    hx[i] = toHalf(x[i]);
  for (size_t i = 0; i < yn; ++i)
    hy[i] = toHalf(8.0f - 1.0f / 64);
  CUdeviceptr dhx, dhy;
  CHECK(cuMemAlloc(&dhx, xn * 2));
  CHECK(cuMemAlloc(&dhy, yn * 2));
  CHECK(cuMemcpyHtoD(dhx, hx, xn * 2));
  CHECK(cuMemcpyHtoD(dhy, hy, yn * 2));
  code = softmax_f16_launch_strided(NULL, grid, (const uint16_t *)(uintptr_t)dhx,
                                    ROWS, COLS, XPITCH, 1,
                                    (uint16_t *)(uintptr_t)dhy, ROWS, COLS,
                                    YPITCH, 1, &st);
  CHECK(cuCtxSynchronize());
  CHECK(cuMemcpyDtoH(hy, dhy, yn * 2));
  /* f16 keeps 11 bits: compare at its precision. */
  double worst = 0;
  int padOk = 1;
  for (int r = 0; r < ROWS && !code; ++r) {
    double max = -INFINITY, sum = 0;
    for (int c = 0; c < COLS; ++c)
      max = fmax(max, x[r * XPITCH + c]);
    for (int c = 0; c < COLS; ++c)
      sum += exp(x[r * XPITCH + c] - max);
    for (int c = 0; c < COLS; ++c) {
      double want = exp(x[r * XPITCH + c] - max) / sum;
      worst = fmax(worst, fabs(fromHalf(hy[r * YPITCH + c]) - want) /
                              fmax(want, 1e-4));
    }
    for (int c = COLS; c < YPITCH; ++c)
      padOk = padOk && hy[r * YPITCH + c] == toHalf(8.0f - 1.0f / 64);
  }
  int ok = !code && worst < 2e-3 && padOk;
  printf("f16 padded rows: %s (max relative error %.2g, padding %s)%s%s\n",
         ok ? "ok" : "FAILED", worst, padOk ? "untouched" : "WRITTEN",
         code ? " " : "", code ? st.message : "");
  failed |= !ok;
  free(x);
  free(y);
  free(out);
  free(hx);
  free(hy);
  return failed;
}
