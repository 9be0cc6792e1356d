/* Reading and writing whole files; see File.h. */
#include "lib/Support/File.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/Support/Error.h"

int tileReadFile(const char *path, const char *what, char **out,
                 size_t *size, char *err, size_t errSize) {
  *out = NULL;
  *size = 0;
  bool isStdin = strcmp(path, "-") == 0;
  FILE *f = isStdin ? stdin : fopen(path, "rb");
  if (!f)
    return tileFail(err, errSize, "cannot open %s '%s': %s", what, path,
                    strerror(errno));
  size_t cap = 1 << 16, n = 0;
  char *buf = malloc(cap + 1);
  while (buf) {
    n += fread(buf + n, 1, cap - n, f);
    if (n < cap)
      break;
    char *grown = realloc(buf, (cap *= 2) + 1);
    if (!grown)
      free(buf);
    buf = grown;
  }
  bool bad = !buf || ferror(f);
  if (!isStdin)
    fclose(f);
  if (bad) {
    free(buf);
    return tileFail(err, errSize, "cannot read %s '%s'", what, path);
  }
  buf[n] = '\0';
  *out = buf;
  *size = n;
  return 0;
}

int tileWriteFile(const char *path, const char *what, const void *data,
                  size_t size, char *err, size_t errSize) {
  if (strcmp(path, "-") == 0) {
    if (fwrite(data, 1, size, stdout) != size || fflush(stdout) != 0)
      return tileFail(err, errSize, "cannot write %s to stdout: %s", what,
                      strerror(errno));
    return 0;
  }
  FILE *f = fopen(path, "wb");
  if (!f)
    return tileFail(err, errSize, "cannot write %s '%s': %s", what, path,
                    strerror(errno));
  bool ok = fwrite(data, 1, size, f) == size;
  ok = (fclose(f) == 0) && ok;
  if (!ok)
    return tileFail(err, errSize, "cannot write %s '%s'", what, path);
  return 0;
}

int tileCheckText(const char *path, const char *text, size_t size, char *err,
                  size_t errSize) {
  const void *nul = memchr(text, '\0', size);
  if (nul)
    return tileFail(err, errSize,
                    "%s: not a text file (a NUL byte at offset %zu)", path,
                    (size_t)((const char *)nul - text));
  size_t n = size < 4096 ? size : 4096, control = 0;
  for (size_t i = 0; i < n; ++i) {
    unsigned char c = (unsigned char)text[i];
    if (c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\f' &&
        c != '\v')
      ++control;
  }
  if (control * 8 > n)
    return tileFail(
        err, errSize,
        "%s: not a text file (%zu of its first %zu bytes are control "
        "characters)",
        path, control, n);
  return 0;
}
