/* tile-package: a developer tool that wraps a PTX or cubin file (written by
 * hand, or by nvcc/ptxas) into a tile package with its launch facts, so
 * tile-run and the runtime can be brought up and tested without the
 * compiler; and prints a package's contents (--dump).
 *
 *   tile-package --ptx k.ptx --kernel vecadd --chip sm_90a --warps 4 \
 *       --arg 'memref<?xf32>' --arg memref:f32:1 --arg index -o k.tpkg
 *   tile-package --dump k.tpkg
 * --generic-ptx adds the generic entry as PTX of its own, as the compiler
 * writes it by default (Package.h). */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/Tooling/Args.h"
#include "lib/Support/File.h"
#include "lib/Runtime/Launch.h"
#include "lib/Runtime/Package.h"
#include "tile-c/Version.h"

enum { EXIT_OK = 0, EXIT_BAD_INPUT = 1, EXIT_USAGE = 2 };

static void printHelp(void) {
  printf(
      "OVERVIEW: tile-package: wrap a PTX or cubin kernel into a tile package\n\n"
      "USAGE: tile-package (--ptx FILE | --cubin FILE | --fatbin FILE) --kernel NAME [options] -o OUT.tpkg\n"
      "       tile-package --dump FILE.tpkg\n\n"
      "OPTIONS:\n"
      "  --ptx <file>        The image is PTX text (the driver JIT-compiles it)\n"
      "  --cubin <file>      The image is a cubin (ELF)\n"
      "  --fatbin <file>     The image is a fatbin (cubin + PTX: newer GPUs\n"
      "                      JIT-compile the PTX)\n"
      "  --generic-ptx <file> The generic entry as PTX of its own, which the\n"
      "                      launcher JIT-compiles when the aligned entry\n"
      "                      (NAME__aligned16, in the image) does not apply\n"
      "  --kernel <name>     The entry symbol in the image\n"
      "  --chip <sm_NN[a]>   The chip the image is built for (default sm_90a)\n"
      "  --warps <n>         Warps per block, a power of two 1..32 (default 4)\n"
      "  --shared <bytes>    Shared memory of the kernel in all (default 0)\n"
      "  --flops <n>         Flops per program, for TFLOP/s in tile-run --bench\n"
      "  --index-bits <n>    32 (default) or 64: how wide the kernel's element\n"
      "                      offsets are (32: memrefs of 2^31 elements or more\n"
      "                      are refused at launch)\n"
      "  --arg <type>        One per kernel argument, in order: memref<?x64xf32>,\n"
      "                      memref:DTYPE:RANK (all sizes dynamic), or a scalar:\n"
      "                      i1 i8 i16 i32 i64 f16 bf16 f32 f64 index, and\n"
      "                      f8E4M3FN (or f8e4m3) and f8E5M2 (or f8e5m2)\n"
      "  -o <file>           Where to write the package\n"
      "  --dump <file>       Print a package's contents\n"
      "  --help              Show this help\n"
      "  --version           Show the version\n");
}

static int usage(const char *fmt, const char *arg) {
  fprintf(stderr, "tile-package: ");
  fprintf(stderr, fmt, arg);
  fprintf(stderr, " (see tile-package --help)\n");
  return EXIT_USAGE;
}

/* A dtype name, or the MLIR spelling of one (i1, f8E4M3FN, f8E5M2), as
 * --dump prints them. */
static bool scalarDType(const char *s, size_t n, TileDType *out) {
  char name[16];
  if (n == 0 || n >= sizeof name)
    return false;
  memcpy(name, s, n);
  name[n] = '\0';
  if (strcmp(name, "i1") == 0)
    return *out = TILE_DTYPE_BOOL, true;
  if (strcmp(name, "f8E4M3FN") == 0)
    return *out = TILE_DTYPE_F8E4M3, true;
  if (strcmp(name, "f8E5M2") == 0)
    return *out = TILE_DTYPE_F8E5M2, true;
  return strcmp(name, "bool") != 0 && strcmp(name, "u8") != 0 &&
         tileDTypeFromName(name, out) == 0;
}

/* Parses one --arg type. */
static bool parseArg(const char *s, TilePackageArg *a) {
  memset(a, 0, sizeof *a);
  if (strcmp(s, "index") == 0) {
    a->isIndex = 1;
    a->dtype = TILE_DTYPE_I64;
    return true;
  }
  if (strncmp(s, "memref:", 7) == 0) {
    const char *colon = strchr(s + 7, ':');
    char *end;
    if (!colon || !scalarDType(s + 7, (size_t)(colon - s - 7), &a->dtype))
      return false;
    long rank = strtol(colon + 1, &end, 10);
    if (*end || end == colon + 1 || rank < 1 || rank > 3)
      return false;
    a->isMemref = 1;
    a->rank = (int)rank;
    for (int d = 0; d < a->rank; ++d)
      a->shape[d] = -1;
    return true;
  }
  if (strncmp(s, "memref<", 7) == 0) {
    size_t n = strlen(s);
    if (n < 9 || s[n - 1] != '>')
      return false;
    const char *p = s + 7, *stop = s + n - 1;
    a->isMemref = 1;
    for (;;) {
      const char *x = memchr(p, 'x', (size_t)(stop - p));
      if (!x) /* the element type */
        return a->rank >= 1 && scalarDType(p, (size_t)(stop - p), &a->dtype);
      if (a->rank == 3)
        return false;
      if (x - p == 1 && *p == '?') {
        a->shape[a->rank++] = -1;
      } else {
        char *end;
        long long v = strtoll(p, &end, 10);
        if (end != x || v < 0 || p == x)
          return false;
        a->shape[a->rank++] = v;
      }
      p = x + 1;
    }
  }
  return scalarDType(s, strlen(s), &a->dtype);
}

static void *readAll(const char *path, size_t *size, bool addNul) {
  char *buf, err[512];
  if (tileReadFile(path, "file", &buf, size, err, sizeof err)) {
    fprintf(stderr, "tile-package: %s\n", err);
    return NULL;
  }
  /* tileReadFile leaves a NUL after the data: PTX images keep it. */
  if (addNul && (*size == 0 || buf[*size - 1] != '\0'))
    ++*size;
  return buf;
}

static int dump(const char *path) {
  TilePackage p;
  char err[1024], *bytes;
  size_t size;
  /* "-" is stdin, named as mlir-opt names it. */
  const char *name = strcmp(path, "-") == 0 ? "<stdin>" : path;
  if (tileReadFile(path, "package", &bytes, &size, err, sizeof err)) {
    fprintf(stderr, "tile-package: %s\n", err);
    return EXIT_BAD_INPUT;
  }
  int bad = tilePackageReadMemory(name, bytes, size, &p, err, sizeof err);
  free(bytes);
  if (bad) {
    fprintf(stderr, "tile-package: %s\n", err);
    return EXIT_BAD_INPUT;
  }
  printf("package %s (version %d)\n", name, p.version);
  if (p.version >= 4)
    printf("checksum: %016llx (holds)\n", (unsigned long long)p.checksum);
  else
    printf("checksum: none (version %d packages have none)\n", p.version);
  printf("kernel: %s\n", p.kernelName);
  printf("chip: %s\n", p.chip);
  printf("image: %s, %zu bytes\n",
         p.imageKind == TILE_IMAGE_PTX      ? "ptx"
         : p.imageKind == TILE_IMAGE_FATBIN ? "fatbin (cubin + ptx)"
                                            : "cubin",
         p.imageSize);
  if (p.genericPtx)
    printf("generic entry: ptx, %zu bytes (compiled by the driver when "
           "first needed)\n",
           p.genericPtxSize);
  if (p.producerWarps)
    printf("warps: %d and %d producer warps (block %d)\n", p.numWarps,
           p.producerWarps, 32 * (p.numWarps + p.producerWarps));
  else
    printf("warps: %d (block %d)\n", p.numWarps, 32 * p.numWarps);
  if (p.persistent == 1)
    printf("persistent: each block runs programs in a loop (a 1-D grid; at "
           "most as many blocks as the GPU holds)\n");
  else if (p.persistent == 2)
    printf("stream-K: a 1-D grid whose last wave, when it would leave half "
           "of the GPU idle or more, runs its programs in parts on blocks "
           "of their own\n");
  printf("indexing: %d-bit (%s)\n", p.indexBits,
         p.indexBits == 64 ? "any memref size"
                           : "memrefs of fewer than 2^31 elements");
  if (p.ctaPairs)
    printf("clusters: the aligned entry runs in clusters of two blocks "
           "along x (CTA pairs or TMA multicast; an odd grid x takes the "
           "generic entry)\n");
  printf("shared: %d bytes\n", p.sharedBytes);
  printf("flops per program: %d\n", p.flopsPerProgram);
  printf("arguments: %d\n", p.numArgs);
  for (int i = 0; i < p.numArgs; ++i) {
    char type[96];
    tileLaunchArgType(&p.args[i], type, sizeof type);
    printf("  #%d %s\n", i, type);
  }
  if (p.numTensorMaps > 0)
    printf("tensor maps (aligned entry): %d\n", p.numTensorMaps);
  for (int i = 0; i < p.numTensorMaps; ++i) {
    const TilePackageTensorMap *t = &p.tensorMaps[i];
    if (t->swizzleBytes == 0)
      printf("  argument #%d: box %dx%d, no swizzle\n", t->arg, t->boxRows,
             t->boxCols);
    else
      printf("  argument #%d: box %dx%d, %d-byte swizzle\n", t->arg,
             t->boxRows, t->boxCols, t->swizzleBytes);
  }
  tilePackageFree(&p);
  return EXIT_OK;
}

static bool parseInt(const char *s, long lo, long hi, int *out) {
  char *end;
  long v = strtol(s, &end, 10);
  if (!*s || *end || v < lo || v > hi)
    return false;
  *out = (int)v;
  return true;
}

int main(int argc, char **argv) {
  TilePackage p;
  memset(&p, 0, sizeof p);
  p.indexBits = 32;
  const char *image = NULL, *generic = NULL, *kernel = NULL, *output = NULL,
             *chip = "sm_90a";
  int numWarps = 4;
  for (int i = 1; i < argc; ++i) {
    const char *arg = argv[i], *value = NULL;
    bool missing = false;
    if (arg[0] == '-' && arg[1] == '-' && arg[2] != '\0')
      ++arg;
    if (strcmp(arg, "-help") == 0 || strcmp(arg, "-h") == 0) {
      printHelp();
      return EXIT_OK;
    }
    if (strcmp(arg, "-version") == 0) {
      printf("tile-package %s (package format version %d)\n", TILE_VERSION,
             TILE_PACKAGE_VERSION);
      return EXIT_OK;
    }
    if (tileFlagValue(arg, "-dump", &i, argc, argv, &value, &missing)) {
      if (missing)
        return usage("option '%s' needs a package file", argv[i]);
      return dump(value);
    }
    if (tileFlagValue(arg, "-ptx", &i, argc, argv, &value, &missing) ||
        tileFlagValue(arg, "-cubin", &i, argc, argv, &value, &missing) ||
        tileFlagValue(arg, "-fatbin", &i, argc, argv, &value, &missing)) {
      if (missing)
        return usage("option '%s' needs a file", argv[i]);
      p.imageKind = strncmp(arg, "-ptx", 4) == 0      ? TILE_IMAGE_PTX
                    : strncmp(arg, "-fatbin", 7) == 0 ? TILE_IMAGE_FATBIN
                                                      : TILE_IMAGE_CUBIN;
      image = value;
    } else if (tileFlagValue(arg, "-generic-ptx", &i, argc, argv, &value,
                             &missing)) {
      if (missing)
        return usage("option '%s' needs a file", argv[i]);
      generic = value;
    } else if (tileFlagValue(arg, "-kernel", &i, argc, argv, &value, &missing)) {
      if (missing)
        return usage("option '%s' needs a name", argv[i]);
      kernel = value;
    } else if (tileFlagValue(arg, "-chip", &i, argc, argv, &value, &missing)) {
      if (missing)
        return usage("option '%s' needs a chip", argv[i]);
      chip = value;
    } else if (tileFlagValue(arg, "-warps", &i, argc, argv, &value, &missing)) {
      if (missing || !parseInt(value, 1, 32, &numWarps))
        return usage("--warps '%s': expected 1 to 32", missing ? "" : value);
    } else if (tileFlagValue(arg, "-shared", &i, argc, argv, &value, &missing)) {
      if (missing || !parseInt(value, 0, 1 << 30, &p.sharedBytes))
        return usage("--shared '%s': expected a byte count", missing ? "" : value);
    } else if (tileFlagValue(arg, "-flops", &i, argc, argv, &value, &missing)) {
      if (missing || !parseInt(value, 0, 2147483647, &p.flopsPerProgram))
        return usage("--flops '%s': expected a count", missing ? "" : value);
    } else if (tileFlagValue(arg, "-index-bits", &i, argc, argv, &value,
                             &missing)) {
      if (missing || !parseInt(value, 32, 64, &p.indexBits) ||
          (p.indexBits != 32 && p.indexBits != 64))
        return usage("--index-bits '%s': expected 32 or 64",
                     missing ? "" : value);
    } else if (tileFlagValue(arg, "-arg", &i, argc, argv, &value, &missing)) {
      if (missing)
        return usage("option '%s' needs a type", argv[i]);
      if (p.numArgs == TILE_PACKAGE_MAX_ARGS)
        return usage("more than %s arguments", "64");
      if (!parseArg(value, &p.args[p.numArgs]))
        return usage("--arg '%s': expected memref<...xDTYPE>, memref:DTYPE:RANK "
                     "or a scalar type",
                     value);
      ++p.numArgs;
    } else if (tileFlagValue(arg, "-o", &i, argc, argv, &value, &missing)) {
      if (missing)
        return usage("option '%s' needs a file", argv[i]);
      output = value;
    } else {
      return usage("unknown argument '%s'", argv[i]);
    }
  }
  if (!image)
    return usage("no --ptx or --cubin given%s", "");
  if (!kernel)
    return usage("no --kernel given%s", "");
  if (!output)
    return usage("no -o given%s", "");
  if (strlen(kernel) >= sizeof p.kernelName || strlen(chip) >= sizeof p.chip)
    return usage("--kernel or --chip '%s' is too long", kernel);
  strcpy(p.kernelName, kernel);
  strcpy(p.chip, chip);
  p.numWarps = numWarps;
  p.image = readAll(image, &p.imageSize, p.imageKind == TILE_IMAGE_PTX);
  if (!p.image)
    return EXIT_BAD_INPUT;
  if (generic &&
      !(p.genericPtx = readAll(generic, &p.genericPtxSize, true))) {
    tilePackageFree(&p);
    return EXIT_BAD_INPUT;
  }
  char err[1024];
  int rc = tilePackageWrite(output, &p, err, sizeof err);
  if (rc)
    fprintf(stderr, "tile-package: %s\n", err);
  tilePackageFree(&p);
  return rc ? EXIT_BAD_INPUT : EXIT_OK;
}
