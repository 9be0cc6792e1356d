/* The tuning cache; see TuneCache.h. */
#include "lib/Target/TuneCache.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/Support/DiskCache.h"
#include "lib/Support/StrBuf.h"
#include "lib/Target/CompileCache.h"

/* Entries of another layout are refused by their version string. */
static const char kVersion[] = "tile tuning cache 1";

static void hashLine(TileSha256 *h, const char *label, const char *value,
                     size_t len) {
  tileSha256Update(h, label, strlen(label));
  char length[32];
  int n = snprintf(length, sizeof length, " %zu: ", len);
  tileSha256Update(h, length, (size_t)n);
  tileSha256Update(h, value, len);
  tileSha256Update(h, "\n", 1);
}

static void hashString(TileSha256 *h, const char *label, const char *value) {
  hashLine(h, label, value, strlen(value));
}

void tileTuneKey(const TileTuneKeyParts *p, uint8_t key[TILE_SHA256_BYTES]) {
  uint8_t compiler[TILE_SHA256_BYTES];
  tileGpuCompilerKey(p->options, compiler);
  TileSha256 h;
  tileSha256Init(&h);
  hashString(&h, "key", kVersion);
  hashLine(&h, "compiler", (const char *)compiler, sizeof compiler);
  hashLine(&h, "text", p->kernelText, p->kernelTextLen);
  hashString(&h, "kernel", p->kernel);
  /* Where the generic entry is compiled (now or at its first launch)
   * does not change the code that runs: tuning compiles it now. */
  TileOptions o = p->options->options;
  o.generic = TILE_GENERIC_AUTO;
  TileStrBuf options = tileStrBufInit();
  tileOptionsFormat(&o, &options);
  hashString(&h, "options", tileStrBufCStr(&options));
  tileStrBufFree(&options);
  char gpu[512];
  snprintf(gpu, sizeof gpu, "%s; sm_%d; driver %d", p->gpu, p->capability,
           p->driverVersion);
  hashString(&h, "gpu", gpu);
  hashString(&h, "shapes", p->shapeKey);
  tileSha256Final(&h, key);
}

bool tileTuneCacheDir(char *dir, size_t size) {
  char base[900];
  if (tileDiskCacheOffByEnv() || !tileDiskCacheDefaultDir(base, sizeof base))
    return false;
  return (size_t)snprintf(dir, size, "%s/tune", base) < size;
}

/* The payload: "failed NOTE" or "median_us VALUE flops VALUE". */
bool tileTuneCacheLoad(const char *dir, const uint8_t key[TILE_SHA256_BYTES],
                       TileTuneResult *out) {
  void *payload;
  size_t size;
  char why[256];
  if (tileDiskCacheLoad(dir, key, kVersion, &payload, &size, why,
                        sizeof why))
    return false;
  memset(out, 0, sizeof *out);
  const char *text = payload;
  bool ok = true;
  if (strncmp(text, "failed ", 7) == 0) {
    out->failed = true;
    snprintf(out->note, sizeof out->note, "%s", text + 7);
  } else {
    char *end = NULL, *flopsEnd = NULL;
    ok = strncmp(text, "median_us ", 10) == 0;
    out->medianUs = ok ? strtod(text + 10, &end) : 0;
    ok = ok && end != text + 10 && strncmp(end, " flops ", 7) == 0;
    out->flops = ok ? strtod(end + 7, &flopsEnd) : 0;
    ok = ok && flopsEnd != end + 7 && *flopsEnd == '\0' &&
         out->medianUs >= 0 && out->flops >= 0;
  }
  free(payload);
  return ok;
}

int tileTuneCacheStore(const char *dir, const uint8_t key[TILE_SHA256_BYTES],
                       const TileTuneResult *r, char *why, size_t whySize) {
  char payload[600];
  int n = r->failed ? snprintf(payload, sizeof payload, "failed %s", r->note)
                    : snprintf(payload, sizeof payload,
                               "median_us %.17g flops %.17g", r->medianUs,
                               r->flops);
  return tileDiskCacheStore(dir, key, kVersion, payload,
                            (size_t)n < sizeof payload ? (size_t)n
                                                       : sizeof payload - 1,
                            why, whySize);
}
