/* Ahead-of-time C: a kernel's variants in groups by the launch shapes
 * they were tuned for, and the C that picks the group for a launch's
 * arguments; see EmitCParts.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/Support/Error.h"
#include "lib/Target/EmitCParts.h"

int tileCGroups(const TileCKernel *k, int base, int *groupOf, int *anyShape) {
  int n = 0;
  *anyShape = -1;
  for (int pass = 0; pass < 2; ++pass)
    for (int v = 0; v < k->numVariants; ++v) {
      bool any = k->variants[v].key[0] == '\0';
      if (any != (pass == 1))
        continue;
      int g = -1;
      for (int w = 0; w < v && g < 0; ++w)
        if (strcmp(k->variants[w].key, k->variants[v].key) == 0)
          g = groupOf[w];
      if (g < 0) {
        g = base + n++;
        if (any)
          *anyShape = g;
      }
      groupOf[v] = g;
    }
  return n;
}

void tileCTunedKeys(const TileCKernel *k, TileStrBuf *out) {
  bool first = true;
  for (int v = 0; v < k->numVariants; ++v) {
    const char *key = k->variants[v].key;
    bool seen = key[0] == '\0';
    for (int w = 0; w < v && !seen; ++w)
      seen = strcmp(k->variants[w].key, key) == 0;
    if (seen)
      continue;
    tileStrBufPrintf(out, "%s%s", first ? "" : "; ", key);
    first = false;
  }
}

/* A C condition on the launch's arguments (the array `a` of the shared
 * code) that holds when they have the shapes and scalar values of `key`
 * (tileLaunchShapeKey's text: "f32 4096x64; 2.5"). */
static int keyCondition(const TileCKernel *k, const char *key,
                        TileStrBuf *out, char *err, size_t errSize) {
  const TilePackage *p = &k->variants[0].package;
  const char *at = key;
  for (int i = 0; i < p->numArgs; ++i) {
    const TilePackageArg *a = &p->args[i];
    const char *end = strstr(at, "; ");
    size_t len = end ? (size_t)(end - at) : strlen(at);
    char part[128];
    if (len >= sizeof part || (!end) != (i == p->numArgs - 1))
      return tileFail(err, errSize,
                      "variant key '%s' does not fit the kernel's %d "
                      "arguments",
                      key, p->numArgs);
    memcpy(part, at, len);
    part[len] = '\0';
    at = end ? end + 2 : at + len;
    if (i)
      tileStrBufAppendStr(out, " && ");
    if (!a->isMemref) {
      /* A scalar's value as the key writes it (%lld, or %.17g). */
      bool isFloat = !a->isIndex && tileDTypeIsFloat(a->dtype);
      tileStrBufPrintf(out, "a[%d].%c == %s", i, isFloat ? 'f' : 'i', part);
      continue;
    }
    char *dims = strchr(part, ' ');
    if (!dims)
      return tileFail(err, errSize,
                      "variant key '%s': argument %d ('%s') is not an "
                      "element type and a shape",
                      key, i, part);
    ++dims;
    for (int d = 0; d < a->rank; ++d) {
      char *next = NULL;
      long long n = strtoll(dims, &next, 10);
      if (next == dims)
        return tileFail(err, errSize,
                        "variant key '%s': argument %d has no size %d", key,
                        i, d);
      tileStrBufPrintf(out, "%sa[%d].shape[%d] == %lld", d ? " && " : "", i,
                       d, n);
      dims = *next == 'x' ? next + 1 : next;
    }
  }
  if (p->numArgs == 0)
    tileStrBufAppendStr(out, "1");
  return 0;
}

int tileCTunedChoice(const TileCKernel *k, int base, TileStrBuf *s,
                     char *err, size_t errSize) {
  int groupOf[TILE_C_MAX_VARIANTS], anyShape;
  int groups = tileCGroups(k, base, groupOf, &anyShape);
  tileStrBufAppendStr(s, "  int tuned = -1;\n");
  for (int g = base; g < base + groups; ++g) {
    if (g == anyShape)
      continue;
    int v = 0;
    while (groupOf[v] != g)
      ++v;
    TileStrBuf cond = tileStrBufInit();
    int rc = keyCondition(k, k->variants[v].key, &cond, err, errSize);
    if (!rc)
      tileStrBufPrintf(s, "  if (tuned < 0 && %s)\n    tuned = %d;\n",
                       tileStrBufCStr(&cond), g);
    tileStrBufFree(&cond);
    if (rc)
      return 1;
  }
  return 0;
}

int tileCGroupBase(const TileCUnit *u, int index) {
  int base = 0;
  for (int i = 0; i < index; ++i) {
    int groupOf[TILE_C_MAX_VARIANTS], anyShape;
    base += tileCGroups(&u->kernels[i], base, groupOf, &anyShape);
  }
  return base;
}
