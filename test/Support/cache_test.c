/* Checks the compile cache's parts without a GPU: SHA-256 against FIPS
 * 180-4's examples; an entry written and read back, and missed when read
 * as another version; writers and readers of one entry in several
 * processes at once (a reader sees a whole entry or none, and no
 * temporary file is left behind); and that every option of the table
 * (lib/Transforms/Options.h) is in the cache key (tileOptionsFormat), so
 * a new option cannot be left out of it unnoticed; the tuning cache's key
 * (lib/Target/TuneCache.h) changes with each of its parts and not with
 * the file's tile.tune lines, and its entries round-trip, a damaged one
 * being a miss. Exits 1 on any failed check.
 *
 * RUN: rm -rf %t && mkdir -p %t
 * RUN: ./tile-cache-test %t 2>&1 | FileCheck %s
 * CHECK-NOT: FAIL
 * CHECK: all {{[0-9]+}} cache checks passed
 */
#define _POSIX_C_SOURCE 200809L /* fork, waitpid */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "lib/Support/DiskCache.h"
#include "lib/Support/Sha256.h"
#include "lib/Target/GpuCompile.h"
#include "lib/Target/TuneCache.h"
#include "lib/Transforms/TuneSpace.h"
#include "test/Runtime/TestCheck.h"

static void checkSha256(void) {
  static const struct {
    const char *text;
    const char *hex;
  } known[] = {
      {"", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"},
      {"abc",
       "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
      {"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
       "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"},
  };
  uint8_t digest[TILE_SHA256_BYTES];
  char hex[2 * TILE_SHA256_BYTES + 1];
  for (size_t i = 0; i < sizeof known / sizeof known[0]; ++i) {
    tileSha256(known[i].text, strlen(known[i].text), digest);
    tileSha256Hex(digest, hex);
    CHECK(strcmp(hex, known[i].hex) == 0, "sha256('%s') = %s", known[i].text,
          hex);
  }
  /* A million 'a's, fed in pieces that straddle the 64-byte blocks. */
  static char a[1000000];
  memset(a, 'a', sizeof a);
  TileSha256 s;
  tileSha256Init(&s);
  for (size_t at = 0; at < sizeof a; at += 997)
    tileSha256Update(&s, a + at, at + 997 <= sizeof a ? 997 : sizeof a - at);
  tileSha256Final(&s, digest);
  tileSha256Hex(digest, hex);
  CHECK(strcmp(hex, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39c"
                    "cc7112cd0") == 0,
        "sha256(a million a) = %s", hex);
}

static void checkRoundTrip(const char *dir) {
  uint8_t key[TILE_SHA256_BYTES];
  tileSha256("round trip", 10, key);
  char why[256] = "";
  void *payload;
  size_t size;
  CHECK(tileDiskCacheLoad(dir, key, "v1", &payload, &size, why, sizeof why),
        "a hit before anything was stored");
  CHECK(strcmp(why, "no entry") == 0, "why: %s", why);
  CHECK(!tileDiskCacheStore(dir, key, "v1", "payload", 7, why, sizeof why),
        "store: %s", why);
  CHECK(!tileDiskCacheLoad(dir, key, "v1", &payload, &size, why, sizeof why),
        "load: %s", why);
  CHECK(size == 7 && memcmp(payload, "payload", 8) == 0, "payload");
  free(payload);
  CHECK(tileDiskCacheLoad(dir, key, "v2", &payload, &size, why, sizeof why),
        "another version hit");
  CHECK(strcmp(why, "entry of another compiler version") == 0, "why: %s",
        why);
  /* An empty payload is an entry too. */
  CHECK(!tileDiskCacheStore(dir, key, "v1", "", 0, why, sizeof why), "%s", why);
  CHECK(!tileDiskCacheLoad(dir, key, "v1", &payload, &size, why, sizeof why) &&
            size == 0,
        "empty: %s", why);
  free(payload);
}

enum { WRITERS = 3, READERS = 2, ROUNDS = 40, BYTES = 200000 };

/* Writer w's payload: BYTES + w bytes of the letter 'A' + w. */
static void writer(const char *dir, const uint8_t *key, int w) {
  size_t size = BYTES + (size_t)w;
  char *payload = malloc(size);
  memset(payload, 'A' + w, size);
  char why[256];
  for (int i = 0; i < ROUNDS; ++i)
    if (tileDiskCacheStore(dir, key, "v1", payload, size, why, sizeof why))
      _exit(1);
  _exit(0);
}

/* Exits 0 when every read was a miss or one writer's whole payload. */
static void reader(const char *dir, const uint8_t *key) {
  char why[256];
  for (int i = 0; i < 4 * ROUNDS; ++i) {
    void *payload;
    size_t size;
    if (tileDiskCacheLoad(dir, key, "v1", &payload, &size, why, sizeof why)) {
      if (strcmp(why, "no entry") != 0)
        _exit(2); /* half an entry */
      continue;
    }
    int w = (int)size - BYTES;
    const char *p = payload;
    if (w < 0 || w >= WRITERS)
      _exit(3);
    for (size_t j = 0; j < size; ++j)
      if (p[j] != 'A' + w)
        _exit(4);
    free(payload);
  }
  _exit(0);
}

static int leftovers(const char *dir) {
  DIR *d = opendir(dir);
  int n = 0;
  for (struct dirent *e; d && (e = readdir(d));)
    n += strstr(e->d_name, ".tmp.") != NULL;
  if (d)
    closedir(d);
  return n;
}

static void checkConcurrent(const char *dir) {
  uint8_t key[TILE_SHA256_BYTES];
  tileSha256("concurrent", 10, key);
  pid_t pids[WRITERS + READERS];
  for (int i = 0; i < WRITERS + READERS; ++i) {
    pids[i] = fork();
    if (pids[i] == 0) {
      if (i < WRITERS)
        writer(dir, key, i);
      reader(dir, key);
    }
  }
  for (int i = 0; i < WRITERS + READERS; ++i) {
    int status = -1;
    waitpid(pids[i], &status, 0);
    CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0,
          "%s %d ended with status %d", i < WRITERS ? "writer" : "reader", i,
          WIFEXITED(status) ? WEXITSTATUS(status) : -1);
  }
  CHECK(leftovers(dir) == 0, "%d temporary files left", leftovers(dir));
}

/* Each option --tile-compile takes, with a value other than its default:
 * a new option fails this check until it is here, and it is here once the
 * cache key holds it. */
static const struct {
  const char *key, *value;
} kOptionValues[] = {
    {"chip", "sm_80"},
    {"mma", "sync"},
    {"num-warps", "8"},
    {"num-stages", "2"},
    {"generic", "eager"},
    {"fast-math", "true"},
    {"warp-specialize", "true"},
    {"persistent", "true"},
    {"index-bits", "64"},
    {"asserts", "off"},
    {"split-loops", "false"},
    {"overlap-softmax", "false"},
    {"program-order", "launch"},
    {"cpu-jit", "optimized"},
    {"cta-pairs", "true"},
    {"multicast", "true"},
    {"stream-k", "false"},
    {"bulk-reduce", "true"},
    {"producer-loads", "false"},
    {"blocks-per-sm", "2"},
    /* The cache identifies the toolkit by its files, not by this option. */
    {"toolkit", NULL},
};

static void checkOptionsInKey(void) {
  TileGpuOptions base;
  tileGpuOptionsInit(&base);
  char err[512] = "";
  CHECK(tileGpuOptionsParse(&base, "no-such-option=1", err, sizeof err),
        "an unknown option parsed");
  TileStrBuf baseKey = tileStrBufInit();
  tileOptionsFormat(&base.options, &baseKey);
  int listed = 0;
  size_t count = sizeof kOptionValues / sizeof kOptionValues[0];
  for (const TileOptionDef *d = tileOptionTable; d->key; ++d) {
    ++listed;
    size_t i = 0;
    while (i < count && strcmp(kOptionValues[i].key, d->key) != 0)
      ++i;
    CHECK(i < count, "option '%s' has no test value here: is it in the cache "
                     "key (tileOptionsFormat)?", d->key);
    if (i == count || !kOptionValues[i].value) {
      CHECK(!d->format, "option '%s' is in the cache key but has no test "
                        "value here", d->key);
      continue;
    }
    TileGpuOptions o;
    tileGpuOptionsInit(&o);
    char text[128];
    snprintf(text, sizeof text, "%s=%s", d->key, kOptionValues[i].value);
    if (strcmp(d->key, "mma") == 0 || strcmp(d->key, "warp-specialize") == 0 ||
        strcmp(d->key, "persistent") == 0)
      snprintf(text, sizeof text, "chip=sm_90a %s=%s", d->key,
               kOptionValues[i].value);
    CHECK(tileGpuOptionsParse(&o, text, err, sizeof err) == 0, "%s: %s", text,
          err);
    TileStrBuf key = tileStrBufInit();
    tileOptionsFormat(&o.options, &key);
    CHECK(strcmp(tileStrBufCStr(&key), tileStrBufCStr(&baseKey)) != 0,
          "%s leaves the cache key as it was: %s", text,
          tileStrBufCStr(&key));
    tileStrBufFree(&key);
  }
  CHECK(listed == (int)count, "the option table has %d options, this test "
                              "knows %d", listed, (int)count);
  tileStrBufFree(&baseKey);
}

static void checkTuneKey(void) {
  static const char text[] = "// tile.tune: BM=64,128\nfunc ${BM}\n";
  static const char other[] = "// tile.tune: BM=64,128\nfunc 128 \n";
  static const char wider[] = "// tile.tune: BM=64,128,256 num-stages=4\nfunc ${BM}\n";
  TileGpuOptions o, stages;
  tileGpuOptionsInit(&o);
  tileGpuOptionsInit(&stages);
  stages.options.numStages = 4;
  TileTuneKeyParts base = {text, sizeof text - 1, "k", &o, "NVIDIA H200",
                           90,   13000,           "f16 64x64; grid 1x1x1"};
  uint8_t k0[TILE_SHA256_BYTES], k1[TILE_SHA256_BYTES];
  tileTuneKey(&base, k0);
  struct {
    const char *what;
    TileTuneKeyParts parts;
  } changed[] = {
      {"text", base},    {"kernel", base},  {"options", base},
      {"gpu", base},     {"capability", base}, {"driver", base},
      {"shapes", base},
  };
  changed[0].parts.kernelText = other;
  changed[0].parts.kernelTextLen = sizeof other - 1;
  changed[1].parts.kernel = "k2";
  changed[2].parts.options = &stages;
  changed[3].parts.gpu = "NVIDIA H100 80GB HBM3";
  changed[4].parts.capability = 100;
  changed[5].parts.driverVersion = 12080;
  changed[6].parts.shapeKey = "f16 64x128; grid 1x1x1";
  for (size_t i = 0; i < sizeof changed / sizeof changed[0]; ++i) {
    tileTuneKey(&changed[i].parts, k1);
    CHECK(memcmp(k0, k1, sizeof k0) != 0,
          "the tuning key does not change with its %s", changed[i].what);
  }
  /* Keys are taken from the text with its tile.tune lines blanked: a
   * space that lists one more value keeps every other key. */
  char a[sizeof text], b[sizeof wider];
  memcpy(a, text, sizeof text);
  memcpy(b, wider, sizeof wider);
  size_t na = tileTuneBlankDirectives(a, sizeof a - 1);
  size_t nb = tileTuneBlankDirectives(b, sizeof b - 1);
  CHECK(na == 12 && strncmp(a, "\nfunc ${BM}\n", na) == 0,
        "tileTuneBlankDirectives left '%.*s'", (int)na, a);
  TileTuneKeyParts pa = base, pb = base;
  pa.kernelText = a;
  pa.kernelTextLen = na;
  pb.kernelText = b;
  pb.kernelTextLen = nb;
  tileTuneKey(&pa, k0);
  tileTuneKey(&pb, k1);
  CHECK(memcmp(k0, k1, sizeof k0) == 0,
        "two spaces of one kernel gave its candidate two keys");
  /* When the generic entry is compiled does not change the code. */
  TileGpuOptions eager;
  tileGpuOptionsInit(&eager);
  eager.options.generic = TILE_GENERIC_EAGER;
  TileTuneKeyParts pe = base;
  pe.options = &eager;
  tileTuneKey(&base, k0);
  tileTuneKey(&pe, k1);
  CHECK(memcmp(k0, k1, sizeof k0) == 0,
        "generic=eager changed the tuning key");
}

static void checkTuneEntries(const char *dir) {
  uint8_t key[TILE_SHA256_BYTES] = {1, 2, 3};
  TileTuneResult timed = {false, 123.5, 2e12, ""}, failed = {true, 0, 0, ""};
  snprintf(failed.note, sizeof failed.note, "does not compile: too big");
  TileTuneResult back;
  char why[256];
  CHECK(!tileTuneCacheLoad(dir, key, &back), "an empty cache had an entry");
  CHECK(!tileTuneCacheStore(dir, key, &timed, why, sizeof why),
        "a tuning entry was not stored: %s", why);
  CHECK(tileTuneCacheLoad(dir, key, &back) && !back.failed &&
            back.medianUs == 123.5 && back.flops == 2e12,
        "a timed entry did not read back");
  CHECK(!tileTuneCacheStore(dir, key, &failed, why, sizeof why) &&
            tileTuneCacheLoad(dir, key, &back) && back.failed &&
            strcmp(back.note, failed.note) == 0,
        "a failed entry did not read back");
  char path[900];
  tileDiskCacheEntryPath(dir, key, path, sizeof path);
  FILE *f = fopen(path, "r+b");
  CHECK(f != NULL, "no entry file %s", path);
  if (f) {
    fseek(f, -3, SEEK_END);
    fputc('#', f);
    fclose(f);
  }
  CHECK(!tileTuneCacheLoad(dir, key, &back), "a damaged entry was read");
}

int main(int argc, char **argv) {
  if (argc != 2) {
    printf("FAIL usage: tile-cache-test DIR\n");
    return 2;
  }
  char dir[600];
  checkSha256();
  snprintf(dir, sizeof dir, "%s/round-trip", argv[1]);
  checkRoundTrip(dir);
  snprintf(dir, sizeof dir, "%s/concurrent", argv[1]);
  checkConcurrent(dir);
  checkOptionsInKey();
  checkTuneKey();
  snprintf(dir, sizeof dir, "%s/tune", argv[1]);
  checkTuneEntries(dir);
  return testReport("cache");
}
