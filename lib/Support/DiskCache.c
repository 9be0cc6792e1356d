/* The on-disk cache's entries; see DiskCache.h.
 *
 * An entry's bytes (integers little-endian):
 *   0   8  magic "TILECACH"
 *   8   4  format version (TILE_DISK_CACHE_FORMAT)
 *   12  4  length V of the writer's version string
 *   16  32 the key
 *   48  8  length P of the payload
 *   56  32 SHA-256 of the payload
 *   88  V  the version string (no NUL)
 *   88+V P the payload
 * and nothing after: the file's size must be 88 + V + P. */
#define _POSIX_C_SOURCE 200809L /* mkstemp, fsync */
#include "lib/Support/DiskCache.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/Support/Error.h"

enum { HEADER_BYTES = 88, MAX_VERSION_BYTES = 4096 };

static const char *nonEmptyEnv(const char *name) {
  const char *v = getenv(name);
  return v && v[0] ? v : NULL;
}

bool tileDiskCacheDefaultDir(char *dir, size_t size) {
  const char *v;
  int n;
  if ((v = nonEmptyEnv("TILE_CACHE_DIR")))
    n = snprintf(dir, size, "%s", v);
  else if ((v = nonEmptyEnv("XDG_CACHE_HOME")))
    n = snprintf(dir, size, "%s/tile", v);
  else if ((v = nonEmptyEnv("HOME")))
    n = snprintf(dir, size, "%s/.cache/tile", v);
  else
    return false;
  return n > 0 && (size_t)n < size;
}

bool tileDiskCacheOffByEnv(void) {
  const char *v = nonEmptyEnv("TILE_NO_CACHE");
  return v && strcmp(v, "0") != 0;
}

void tileDiskCacheEntryPath(const char *dir,
                            const uint8_t key[TILE_SHA256_BYTES], char *path,
                            size_t size) {
  char hex[2 * TILE_SHA256_BYTES + 1];
  tileSha256Hex(key, hex);
  snprintf(path, size, "%s/%s.tce", dir, hex);
}

static void put32(uint8_t *p, uint32_t v) {
  for (int i = 0; i < 4; ++i)
    p[i] = (uint8_t)(v >> (8 * i));
}

static void put64(uint8_t *p, uint64_t v) {
  for (int i = 0; i < 8; ++i)
    p[i] = (uint8_t)(v >> (8 * i));
}

static uint32_t get32(const uint8_t *p) {
  uint32_t v = 0;
  for (int i = 0; i < 4; ++i)
    v |= (uint32_t)p[i] << (8 * i);
  return v;
}

static uint64_t get64(const uint8_t *p) {
  uint64_t v = 0;
  for (int i = 0; i < 8; ++i)
    v |= (uint64_t)p[i] << (8 * i);
  return v;
}

/* The whole regular file at `path` into a malloc'ed buffer with a spare
 * byte after it; non-zero with a reason. */
static int readWhole(const char *path, uint8_t **out, size_t *size,
                      char *why, size_t whySize) {
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    if (errno == ENOENT || errno == ENOTDIR)
      return tileFail(why, whySize, "no entry");
    return tileFail(why, whySize, "cannot read %s: %s", path, strerror(errno));
  }
  struct stat st;
  uint8_t *buf = NULL;
  size_t n = 0;
  bool ok = fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
            (buf = malloc((size_t)st.st_size + 1)) != NULL;
  while (ok && n < (size_t)st.st_size) {
    ssize_t r = read(fd, buf + n, (size_t)st.st_size - n);
    if (r < 0 && errno == EINTR)
      continue;
    if (r <= 0)
      break; /* shorter than fstat said: the size check below catches it */
    n += (size_t)r;
  }
  close(fd);
  if (!ok) {
    free(buf);
    return tileFail(why, whySize, "cannot read %s", path);
  }
  *out = buf;
  *size = n;
  return 0;
}

int tileDiskCacheLoad(const char *dir, const uint8_t key[TILE_SHA256_BYTES],
                      const char *version, void **payload, size_t *size,
                      char *why, size_t whySize) {
  *payload = NULL;
  *size = 0;
  char path[1024];
  tileDiskCacheEntryPath(dir, key, path, sizeof path);
  uint8_t *buf = NULL;
  size_t n = 0;
  if (readWhole(path, &buf, &n, why, whySize))
    return 1;
  const char *bad = NULL;
  uint32_t versionBytes = n >= HEADER_BYTES ? get32(buf + 12) : 0;
  uint64_t payloadBytes = n >= HEADER_BYTES ? get64(buf + 48) : 0;
  uint8_t digest[TILE_SHA256_BYTES];
  if (n < HEADER_BYTES)
    bad = "entry truncated (shorter than its header)";
  else if (memcmp(buf, TILE_DISK_CACHE_MAGIC, 8) != 0)
    bad = "not a cache entry (bad magic)";
  else if (get32(buf + 8) != TILE_DISK_CACHE_FORMAT)
    bad = "entry of another cache format";
  else if (versionBytes > MAX_VERSION_BYTES ||
           versionBytes > n - HEADER_BYTES ||
           payloadBytes != n - HEADER_BYTES - versionBytes)
    bad = "entry truncated or damaged (its lengths do not match its size)";
  else if (versionBytes != strlen(version) ||
           memcmp(buf + HEADER_BYTES, version, versionBytes) != 0)
    bad = "entry of another compiler version";
  else if (memcmp(buf + 16, key, TILE_SHA256_BYTES) != 0)
    bad = "entry of another key";
  else {
    tileSha256(buf + HEADER_BYTES + versionBytes, (size_t)payloadBytes,
               digest);
    if (memcmp(buf + 56, digest, TILE_SHA256_BYTES) != 0)
      bad = "entry damaged (payload checksum mismatch)";
  }
  if (bad) {
    free(buf);
    return tileFail(why, whySize, "%s", bad);
  }
  /* The payload moves to the start of the buffer. */
  memmove(buf, buf + HEADER_BYTES + versionBytes, (size_t)payloadBytes);
  buf[payloadBytes] = 0;
  *payload = buf;
  *size = (size_t)payloadBytes;
  return 0;
}

/* mkdir -p: each missing directory of `dir` in turn. */
static int makeDirs(const char *dir, char *why, size_t whySize) {
  char path[1024];
  if (snprintf(path, sizeof path, "%s", dir) >= (int)sizeof path)
    return tileFail(why, whySize, "cache directory path too long");
  for (char *p = path + 1;; ++p) {
    if (*p != '/' && *p != '\0')
      continue;
    char c = *p;
    *p = '\0';
    struct stat st;
    if (mkdir(path, 0777) != 0 && errno != EEXIST)
      return tileFail(why, whySize, "cannot create %s: %s", path,
                      strerror(errno));
    if (c == '\0') {
      if (stat(path, &st) != 0 || !S_ISDIR(st.st_mode))
        return tileFail(why, whySize, "%s is not a directory", path);
      return 0;
    }
    *p = c;
  }
}

static bool writeAll(int fd, const void *data, size_t size) {
  const uint8_t *p = data;
  while (size > 0) {
    ssize_t w = write(fd, p, size);
    if (w < 0 && errno == EINTR)
      continue;
    if (w <= 0)
      return false;
    p += w;
    size -= (size_t)w;
  }
  return true;
}

int tileDiskCacheStore(const char *dir, const uint8_t key[TILE_SHA256_BYTES],
                       const char *version, const void *payload, size_t size,
                       char *why, size_t whySize) {
  size_t versionBytes = strlen(version);
  if (versionBytes > MAX_VERSION_BYTES)
    return tileFail(why, whySize, "version string too long");
  if (makeDirs(dir, why, whySize))
    return 1;
  char path[1024], temp[1100];
  tileDiskCacheEntryPath(dir, key, path, sizeof path);
  snprintf(temp, sizeof temp, "%s.tmp.XXXXXX", path);
  int fd = mkstemp(temp);
  if (fd < 0)
    return tileFail(why, whySize, "cannot write in %s: %s", dir,
                    strerror(errno));
  uint8_t header[HEADER_BYTES];
  memcpy(header, TILE_DISK_CACHE_MAGIC, 8);
  put32(header + 8, TILE_DISK_CACHE_FORMAT);
  put32(header + 12, (uint32_t)versionBytes);
  memcpy(header + 16, key, TILE_SHA256_BYTES);
  put64(header + 48, size);
  tileSha256(payload, size, header + 56);
  /* Synced before the rename: after a crash the name holds the whole
   * entry or the one before it, not a file the rename got ahead of. */
  bool ok = writeAll(fd, header, sizeof header) &&
            writeAll(fd, version, versionBytes) &&
            writeAll(fd, payload, size) && fsync(fd) == 0;
  int saved = errno;
  ok = close(fd) == 0 && ok;
  if (ok && rename(temp, path) != 0) {
    saved = errno;
    ok = false;
  }
  if (!ok) {
    unlink(temp);
    return tileFail(why, whySize, "cannot write %s: %s", path,
                    strerror(saved));
  }
  return 0;
}
