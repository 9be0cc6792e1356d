/* The public runtime API's devices: the dlopen'd driver on one GPU
 * (lib/Runtime/Cuda.c) and its memory; see tile-c/Runtime.h. Each call
 * runs in the device's primary context, pushed over the caller's. */
#include <stdint.h>
#include <stdlib.h>

#include "lib/Runtime/RuntimeApi.h"

TileStatusCode tileRuntimeDeviceCreate(int ordinal, TileRuntimeDevice **out,
                                       TileStatus *status) {
  if (!out)
    return runtimeStatus(status, TILE_STATUS_INVALID_ARGUMENT,
                         "tileRuntimeDeviceCreate: out is NULL");
  *out = NULL;
  if (ordinal < 0)
    return runtimeStatus(status, TILE_STATUS_INVALID_ARGUMENT,
                         "GPU %d: expected an index from 0", ordinal);
  TileRuntimeDevice *d = calloc(1, sizeof *d);
  if (!d)
    return runtimeStatus(status, TILE_STATUS_OUT_OF_MEMORY, "out of memory");
  char err[1024];
  int rc = tileCudaCreateOn(&d->cu, ordinal, err, sizeof err);
  if (rc) {
    free(d);
    return runtimeStatusFrom(status, rc, TILE_STATUS_CUDA, err);
  }
  *out = d;
  return runtimeStatus(status, TILE_STATUS_OK, "%s", "");
}

void tileRuntimeDeviceDestroy(TileRuntimeDevice *device) {
  if (!device)
    return;
  tileCudaDestroy(device->cu);
  free(device);
}

const char *tileRuntimeDeviceName(const TileRuntimeDevice *device) {
  return tileCudaDeviceName(device->cu);
}

int tileRuntimeDeviceCapability(const TileRuntimeDevice *device) {
  return tileCudaCapability(device->cu);
}

int tileRuntimeDeviceDriverVersion(const TileRuntimeDevice *device) {
  return tileCudaDriverVersion(device->cu);
}

TileStatusCode tileRuntimeCurrentDevice(int *ordinal, TileStatus *status) {
  if (!ordinal)
    return runtimeStatus(status, TILE_STATUS_INVALID_ARGUMENT,
                         "tileRuntimeCurrentDevice: ordinal is NULL");
  char err[1024];
  int rc = tileCudaCurrentDevice(ordinal, err, sizeof err);
  if (rc)
    return runtimeStatusFrom(status, rc, TILE_STATUS_CUDA, err);
  return runtimeStatus(status, TILE_STATUS_OK, "%s", "");
}

TileStatusCode tileRuntimeSetCurrentDevice(int ordinal, TileStatus *status) {
  char err[1024];
  int rc = tileCudaUseDevice(ordinal, err, sizeof err);
  if (rc)
    return runtimeStatusFrom(status, rc, TILE_STATUS_CUDA, err);
  return runtimeStatus(status, TILE_STATUS_OK, "%s", "");
}

TileStatusCode tileRuntimeDeviceQuery(int ordinal, int *capability,
                                      char *name, size_t nameSize,
                                      TileStatus *status) {
  if (!capability)
    return runtimeStatus(status, TILE_STATUS_INVALID_ARGUMENT,
                         "tileRuntimeDeviceQuery: capability is NULL");
  char err[1024];
  int rc = tileCudaQueryDevice(ordinal, capability, name, nameSize, err,
                               sizeof err);
  if (rc)
    return runtimeStatusFrom(status, rc, TILE_STATUS_CUDA, err);
  return runtimeStatus(status, TILE_STATUS_OK, "%s", "");
}

TileStatusCode tileRuntimeDriverVersion(int *version, TileStatus *status) {
  if (!version)
    return runtimeStatus(status, TILE_STATUS_INVALID_ARGUMENT,
                         "tileRuntimeDriverVersion: version is NULL");
  char err[1024];
  int rc = tileCudaProcessDriverVersion(version, err, sizeof err);
  if (rc)
    return runtimeStatusFrom(status, rc, TILE_STATUS_CUDA, err);
  return runtimeStatus(status, TILE_STATUS_OK, "%s", "");
}

TileStatusCode tileRuntimeDeviceAlloc(TileRuntimeDevice *device, size_t bytes,
                                      void **out, TileStatus *status) {
  if (!device || !out)
    return runtimeStatus(status, TILE_STATUS_INVALID_ARGUMENT,
                         "tileRuntimeDeviceAlloc: %s is NULL",
                         device ? "out" : "device");
  *out = NULL;
  char err[1024];
  TileDevicePtr p = 0;
  int rc = tileCudaEnter(device->cu, err, sizeof err);
  if (!rc) {
    rc = tileCudaMalloc(device->cu, bytes, &p, err, sizeof err);
    tileCudaLeave(device->cu);
  }
  *out = (void *)(uintptr_t)p;
  return runtimeStatusFrom(status, rc, TILE_STATUS_CUDA, err);
}

void tileRuntimeDeviceFree(TileRuntimeDevice *device, void *pointer) {
  char err[256];
  if (!device || !pointer || tileCudaEnter(device->cu, err, sizeof err))
    return;
  tileCudaFree(device->cu, (TileDevicePtr)(uintptr_t)pointer);
  tileCudaLeave(device->cu);
}

static TileStatusCode copy(TileRuntimeDevice *device, void *dst,
                           const void *src, size_t bytes, int toDevice,
                           TileStatus *status) {
  if (!device || ((!dst || !src) && bytes))
    return runtimeStatus(status, TILE_STATUS_INVALID_ARGUMENT,
                         "copying %zu bytes: %s is NULL", bytes,
                         !device ? "the device"
                         : !dst  ? "the destination"
                                 : "the source");
  char err[1024];
  int rc = tileCudaEnter(device->cu, err, sizeof err);
  if (!rc) {
    rc = toDevice ? tileCudaCopyToDevice(device->cu,
                                         (TileDevicePtr)(uintptr_t)dst, src,
                                         bytes, err, sizeof err)
                  : tileCudaCopyToHost(device->cu, dst,
                                       (TileDevicePtr)(uintptr_t)src, bytes,
                                       err, sizeof err);
    tileCudaLeave(device->cu);
  }
  return runtimeStatusFrom(status, rc, TILE_STATUS_CUDA, err);
}

TileStatusCode tileRuntimeCopyToDevice(TileRuntimeDevice *device, void *dst,
                                       const void *src, size_t bytes,
                                       TileStatus *status) {
  return copy(device, dst, src, bytes, 1, status);
}

TileStatusCode tileRuntimeCopyToHost(TileRuntimeDevice *device, void *dst,
                                     const void *src, size_t bytes,
                                     TileStatus *status) {
  return copy(device, dst, src, bytes, 0, status);
}

TileStatusCode tileRuntimeDeviceSynchronize(TileRuntimeDevice *device,
                                            TileStatus *status) {
  if (!device)
    return runtimeStatus(status, TILE_STATUS_INVALID_ARGUMENT,
                         "tileRuntimeDeviceSynchronize: device is NULL");
  char err[1024];
  int rc = tileCudaEnter(device->cu, err, sizeof err);
  if (!rc) {
    rc = tileCudaSynchronize(device->cu, err, sizeof err);
    tileCudaLeave(device->cu);
  }
  return runtimeStatusFrom(status, rc, TILE_STATUS_CUDA, err);
}
