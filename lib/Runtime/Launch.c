/* Launch arguments as host arrays; see Launch.h. */
#include "lib/Runtime/Launch.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/Runtime/Index64.h"
#include "lib/Support/Error.h"

/* The MLIR spelling of an element type, where it is not the dtype's name. */
static const char *mlirElementName(TileDType d) {
  switch (d) {
  case TILE_DTYPE_BOOL:
    return "i1";
  case TILE_DTYPE_F8E4M3:
    return "f8E4M3FN";
  case TILE_DTYPE_F8E5M2:
    return "f8E5M2";
  default:
    return tileDTypeName(d);
  }
}

void tileLaunchArgType(const TilePackageArg *a, char *buf, size_t size) {
  if (!a->isMemref) {
    snprintf(buf, size, "%s", a->isIndex ? "index" : mlirElementName(a->dtype));
    return;
  }
  size_t n = (size_t)snprintf(buf, size, "memref<");
  for (int d = 0; d < a->rank && n < size; ++d) {
    if (a->shape[d] < 0)
      n += (size_t)snprintf(buf + n, size - n, "?x");
    else
      n += (size_t)snprintf(buf + n, size - n, "%lldx",
                            (long long)a->shape[d]);
  }
  if (n < size)
    snprintf(buf + n, size - n, "%s>", mlirElementName(a->dtype));
}

int tileLaunchValidate(const TilePackage *p, const TileLaunchArg *args,
                       int numArgs, char *err, size_t errSize) {
  if (numArgs != p->numArgs)
    return tileFail(err, errSize, "kernel @%s takes %d argument%s, got %d",
                 p->kernelName, p->numArgs, p->numArgs == 1 ? "" : "s",
                 numArgs);
  for (int i = 0; i < numArgs; ++i) {
    const TilePackageArg *a = &p->args[i];
    const TileHostArray *v = args[i].array;
    char type[96], shape[128];
    tileLaunchArgType(a, type, sizeof type);
    if (!a->isMemref) {
      if (v)
        return tileFail(err, errSize,
                     "argument #%d (%s): got an array for a scalar", i, type);
      continue;
    }
    if (!v)
      return tileFail(err, errSize, "argument #%d (%s): got a scalar for a memref",
                   i, type);
    if (tileHostArrayCheckMemref(v, i, type, "array", a->dtype, a->rank,
                                 a->shape, err, errSize))
      return 1;
    if (p->indexBits == 32 && tileArrayNeedsIndex64(v->rank, v->shape, NULL)) {
      tileShapeFormat(v->rank, v->shape, shape, sizeof shape);
      return tileFail(err, errSize,
                      "argument #%d (%s): array has shape %s, "
                      TILE_INDEX32_LIMIT_MSG,
                      i, type, shape);
    }
  }
  return 0;
}
