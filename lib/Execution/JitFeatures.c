/* The JIT's CPU features; see JitFeatures.h. */
#include "lib/Execution/JitFeatures.h"

#include <pthread.h>
#include <stdbool.h>
#include <string.h>

#include "lib/Support/StrBuf.h"
#include "llvm-c/Core.h"
#include "llvm-c/TargetMachine.h"

static bool convertsToBF16(const char *feature, size_t n) {
  return (n == 11 && strncmp(feature + 1, "avx512bf16", 10) == 0) ||
         (n == 13 && strncmp(feature + 1, "avxneconvert", 12) == 0);
}

/* Appends the features of the host's comma-separated list `host` whose
 * name is (bf16) or is not (!bf16) a bf16 conversion's, those turned off;
 * counts them in *count. */
static void appendFeatures(TileStrBuf *text, const char *host, bool bf16,
                           int *count) {
  for (const char *f = host; f && *f;) {
    size_t n = strcspn(f, ",");
    if (n > 1 && convertsToBF16(f, n) == bf16) {
      /* a bf16 conversion's sign (+ or -) becomes - */
      tileStrBufPrintf(text, "%s%s%.*s", *count ? "," : "", bf16 ? "-" : "",
                       (int)(bf16 ? n - 1 : n), bf16 ? f + 1 : f);
      ++*count;
    }
    f += n + (f[n] == ',');
  }
}

/* The host's list (every feature the target knows, each + or -) with the
 * bf16 conversions turned off, last, which also clears what implies them
 * (AVX10); on other targets the list has neither name and stays as it
 * is. */
static TileStrBuf features;

static void buildFeatures(void) {
  char *host = LLVMGetHostCPUFeatures();
  int count = 0;
  features = tileStrBufInit();
  appendFeatures(&features, host, false, &count);
  appendFeatures(&features, host, true, &count);
  LLVMDisposeMessage(host);
}

const char *tileJitFeatures(void) {
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  pthread_once(&once, buildFeatures);
  return tileStrBufCStr(&features);
}
