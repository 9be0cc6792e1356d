/* The public runtime API's errors (TileStatus) and version; see
 * tile-c/Runtime.h and lib/Runtime/RuntimeApi.h. */
#include <stdarg.h>
#include <stdio.h>

#include "lib/Runtime/RuntimeApi.h"
#include "lib/Support/Error.h"

const char *tileRuntimeVersion(void) { return TILE_VERSION_STRING; }

const char *tileStatusCodeName(TileStatusCode code) {
  switch (code) {
  case TILE_STATUS_OK: return "ok";
  case TILE_STATUS_INVALID_ARGUMENT: return "invalid argument";
  case TILE_STATUS_IO: return "i/o error";
  case TILE_STATUS_BAD_PACKAGE: return "bad package";
  case TILE_STATUS_PACKAGE_VERSION: return "package version";
  case TILE_STATUS_ARGUMENT_MISMATCH: return "argument mismatch";
  case TILE_STATUS_NO_DRIVER: return "no CUDA driver";
  case TILE_STATUS_NO_DEVICE: return "no device";
  case TILE_STATUS_WRONG_CHIP: return "wrong chip";
  case TILE_STATUS_CUDA: return "CUDA error";
  case TILE_STATUS_OUT_OF_MEMORY: return "out of memory";
  case TILE_STATUS_COMPILE: return "compile error";
  case TILE_STATUS_ASSERT: return "assert failed";
  }
  return "unknown status";
}

TileStatusCode runtimeStatus(TileStatus *status, TileStatusCode code,
                             const char *fmt, ...) {
  if (!status)
    return code;
  status->code = code;
  if (code == TILE_STATUS_OK) { /* every launch: no formatting */
    status->message[0] = '\0';
    return code;
  }
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(status->message, sizeof status->message, fmt, ap);
  va_end(ap);
  return code;
}

TileStatusCode runtimeStatusFrom(TileStatus *status, int rc,
                                 TileStatusCode fallback, const char *err) {
  TileStatusCode code = rc == 0   ? TILE_STATUS_OK
                        : rc == 1 ? fallback
                        : rc == TILE_FAIL_INVALID_ARGUMENT
                            ? TILE_STATUS_INVALID_ARGUMENT
                            : (TileStatusCode)rc;
  return code == TILE_STATUS_OK ? runtimeStatus(status, code, "%s", "")
                                : runtimeStatus(status, code, "%s", err);
}
