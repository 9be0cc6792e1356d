/* The compile cache in front of tileGpuCompile; see CompileCache.h.
 *
 * An entry's payload (integers little-endian):
 *   4 bytes  the output kind (TileEmit)
 *   4 bytes  the number of remarks, then each: the index of its op in a
 *            pre-order walk of the kernel as it was given (-1: the
 *            kernel's own location), the message's length, the message
 *   8 bytes  the output's length, then the output: PTX (without its NUL),
 *            a cubin or fatbinary, or a package as tilePackageWriteMemory
 *            writes it. */
#define _XOPEN_SOURCE 700 /* realpath, st_mtim */
#include "lib/Target/CompileCache.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "lib/Support/BuildId.h"
#include "lib/Support/DiskCache.h"
#include "lib/Support/Sha256.h"
#include "llvm-c/Core.h"

enum { MAX_REMARKS = 4096, MAX_REMARK_BYTES = 4096 };

struct TileGpuCache {
  char dir[512];
  uint8_t key[TILE_SHA256_BYTES];
  char version[2048];
  TileEmit emit;
  MlirOperation kernel;
  TileCacheReport *report;
  TileCacheReport ownReport; /* when the caller asked for none */
  /* The locations of the kernel's ops as given, in pre-order: a remark
   * is kept as the index of its op's. */
  MlirLocation *locs;
  size_t numLocs, capLocs;
  TileGpuRemarks user;
  TileStrBuf remarks; /* recorded on a miss, encoded as in the payload */
  uint32_t numRemarks;
};

static _Atomic(const char *) llvmOptions;

/* The builds of the code a compile runs: tile's, by the fingerprint of
 * the sources it was built from (generated/Fingerprint.c, made by
 * cmake/FingerprintScript.cmake at build time: the compiler's sources,
 * its C compiler and flags, MLIR's version and LLVM's libraries), so
 * every program built from one tree shares entries (tile-run's tuning
 * serves the Python package's launches); and libMLIR's and libLLVM's
 * build ids when they are shared libraries (an upgraded libLLVM.so is
 * another compiler too). */
extern const char tileSourceFingerprint[];
static char builds[1024];
static pthread_once_t buildsOnce = PTHREAD_ONCE_INIT;

static void findBuilds(void) {
  char id[256];
  size_t len = (size_t)snprintf(builds, sizeof builds, "tile sources %s",
                                tileSourceFingerprint);
  static const char *const libraries[] = {"libMLIR", "libLLVM"};
  /* Each id fits 256 bytes: the three fit `builds`. */
  for (size_t i = 0; i < sizeof libraries / sizeof libraries[0]; ++i)
    if (tileBuildIdOfLibrary(libraries[i], id, sizeof id))
      len += (size_t)snprintf(builds + len, sizeof builds - len, ", %s %s",
                              libraries[i] + 3, id);
}

static const char *compilerBuilds(void) {
  pthread_once(&buildsOnce, findBuilds);
  return builds;
}

void tileGpuCacheNoteLlvmOptions(const char *options) {
  atomic_store(&llvmOptions, options);
}

/* The compiler's identity: what an entry's header must match. */
static void compilerVersion(char *out, size_t size, const char *build) {
  unsigned major, minor, patch;
  LLVMGetVersion(&major, &minor, &patch);
  const char *options = atomic_load(&llvmOptions);
  snprintf(out, size,
           "tile %s; LLVM %u.%u.%u; package format %d; build %s; LLVM "
           "options '%s'",
           TILE_VERSION, major, minor, patch, TILE_PACKAGE_VERSION, build,
           options ? options : "");
}

static void hashText(MlirStringRef s, void *userData) {
  tileSha256Update(userData, s.data, s.length);
}

static void hashLine(TileSha256 *h, const char *label, const char *value) {
  tileSha256Update(h, label, strlen(label));
  tileSha256Update(h, ": ", 2);
  tileSha256Update(h, value, strlen(value));
  tileSha256Update(h, "\n", 1);
}

/* The toolkit by its root and its files' sizes and times: ptxas and
 * fatbinary make the binaries, libdevice's bitcode goes into the PTX. */
static void hashToolkit(TileSha256 *h, const TileGpuOptions *o) {
  char found[512];
  const char *root = tileGpuFindToolkit(o, found, sizeof found);
  if (!root) {
    hashLine(h, "toolkit", "none");
    return;
  }
  char *real = realpath(root, NULL);
  hashLine(h, "toolkit", real ? real : root);
  free(real);
  static const char *const files[] = {"bin/ptxas", "bin/fatbinary",
                                      "nvvm/libdevice/libdevice.10.bc"};
  for (size_t i = 0; i < sizeof files / sizeof files[0]; ++i) {
    char path[700], id[128];
    struct stat st;
    snprintf(path, sizeof path, "%s/%s", root, files[i]);
    if (stat(path, &st) == 0)
      snprintf(id, sizeof id, "%lld bytes, modified %lld.%09ld",
               (long long)st.st_size, (long long)st.st_mtim.tv_sec,
               (long)st.st_mtim.tv_nsec);
    else
      snprintf(id, sizeof id, "absent");
    hashLine(h, files[i], id);
  }
}

void tileGpuCompilerKey(const TileGpuOptions *o,
                        uint8_t key[TILE_SHA256_BYTES]) {
  char version[2048];
  compilerVersion(version, sizeof version, compilerBuilds());
  TileSha256 h;
  tileSha256Init(&h);
  hashLine(&h, "compiler", version);
  hashToolkit(&h, o);
  tileSha256Final(&h, key);
}

static void computeKey(TileGpuCache *c, MlirModule module,
                       const TileGpuOptions *o) {
  TileSha256 h;
  tileSha256Init(&h);
  hashLine(&h, "tile compile cache key", "1");
  hashLine(&h, "compiler", c->version);
  TileStrBuf options = tileStrBufInit();
  tileOptionsFormat(&o->options, &options);
  hashLine(&h, "options", tileStrBufCStr(&options));
  tileStrBufFree(&options);
  char emit[16];
  snprintf(emit, sizeof emit, "%d", (int)c->emit);
  hashLine(&h, "emit", emit);
  hashToolkit(&h, o);
  MlirOperation moduleOp = mlirModuleGetOperation(module);
  for (intptr_t i = 0; i < mlirOperationGetNumAttributes(moduleOp); ++i) {
    MlirNamedAttribute a = mlirOperationGetAttribute(moduleOp, i);
    MlirStringRef name = mlirIdentifierStr(a.name);
    tileSha256Update(&h, "module attribute: ", 18);
    tileSha256Update(&h, name.data, name.length);
    tileSha256Update(&h, " = ", 3);
    mlirAttributePrint(a.attribute, hashText, &h);
    tileSha256Update(&h, "\n", 1);
  }
  /* The generic form prints every attribute and property as it is; no
   * locations; the kernel was verified before it got here (tile-opt) or
   * fails the compile's own verifier (which then writes nothing). */
  tileSha256Update(&h, "kernel:\n", 8);
  MlirOpPrintingFlags flags = mlirOpPrintingFlagsCreate();
  mlirOpPrintingFlagsPrintGenericOpForm(flags);
  mlirOpPrintingFlagsAssumeVerified(flags);
  mlirOperationPrintWithFlags(c->kernel, flags, hashText, &h);
  mlirOpPrintingFlagsDestroy(flags);
  tileSha256Final(&h, c->key);
}

static MlirWalkResult collectLocation(MlirOperation op, void *userData) {
  TileGpuCache *c = userData;
  if (c->numLocs == c->capLocs) {
    size_t cap = c->capLocs ? 2 * c->capLocs : 256;
    MlirLocation *grown = realloc(c->locs, cap * sizeof *grown);
    if (!grown)
      return MlirWalkResultInterrupt; /* remarks then fall back to the
                                         kernel's location */
    c->locs = grown;
    c->capLocs = cap;
  }
  c->locs[c->numLocs++] = mlirOperationGetLocation(op);
  return MlirWalkResultAdvance;
}

static void collectLocations(TileGpuCache *c) {
  c->numLocs = 0;
  mlirOperationWalk(c->kernel, collectLocation, c, MlirWalkPreOrder);
}

/* Why the cache stays out of this compile, or NULL. */
static const char *offReason(const TileGpuOptions *o, TileEmit emit) {
  if (!o->cacheDir)
    return "off";
  if (tileDiskCacheOffByEnv())
    return "off (TILE_NO_CACHE)";
  if (emit == TILE_EMIT_MLIR || emit == TILE_EMIT_LLVM)
    return "off for IR outputs";
  if (o->printIrBefore || o->printIrAfter)
    return "off while the IR is printed around passes";
  return NULL;
}

TileGpuCache *tileGpuCacheOpen(MlirModule module, const char *name,
                               const TileGpuOptions *o, TileEmit emit) {
  if (o->cacheReport)
    memset(o->cacheReport, 0, sizeof *o->cacheReport);
  const char *off = offReason(o, emit);
  char err[256];
  MlirOperation kernel = {NULL};
  if (!off && tileGpuFindKernel(module, name, &kernel, err, sizeof err))
    off = "off: no kernel to key (the compile says why)";
  TileGpuCache *c = off ? NULL : calloc(1, sizeof *c);
  if (!c) {
    if (o->cacheReport)
      snprintf(o->cacheReport->note, sizeof o->cacheReport->note, "%s",
               off ? off : "off: out of memory");
    return NULL;
  }
  snprintf(c->dir, sizeof c->dir, "%s", o->cacheDir);
  c->emit = emit;
  c->kernel = kernel;
  c->report = o->cacheReport ? o->cacheReport : &c->ownReport;
  c->user = o->remarks;
  c->remarks = tileStrBufInit();
  compilerVersion(c->version, sizeof c->version, compilerBuilds());
  computeKey(c, module, o);
  tileDiskCacheEntryPath(c->dir, c->key, c->report->entry,
                         sizeof c->report->entry);
  c->report->consulted = true;
  /* Remarks are recorded whether or not this caller wants them: a later
   * compile that does may read the entry. */
  collectLocations(c);
  return c;
}

static void put32(TileStrBuf *b, uint32_t v) {
  char bytes[4];
  for (int i = 0; i < 4; ++i)
    bytes[i] = (char)(v >> (8 * i));
  tileStrBufAppend(b, bytes, 4);
}

static void put64(TileStrBuf *b, uint64_t v) {
  put32(b, (uint32_t)v);
  put32(b, (uint32_t)(v >> 32));
}

/* Reads a payload, each read checked against its end. */
typedef struct {
  const uint8_t *p, *end;
  bool bad;
} Reader;

static uint64_t getN(Reader *r, int bytes) {
  uint64_t v = 0;
  if (r->end - r->p < bytes) {
    r->bad = true;
    return 0;
  }
  for (int i = 0; i < bytes; ++i)
    v |= (uint64_t)r->p[i] << (8 * i);
  r->p += bytes;
  return v;
}

static const uint8_t *getBytes(Reader *r, uint64_t n) {
  if (r->bad || (uint64_t)(r->end - r->p) < n) {
    r->bad = true;
    return NULL;
  }
  const uint8_t *at = r->p;
  r->p += n;
  return at;
}

/* Gives the recorded remarks `r` holds (numRemarks of them, already
 * checked) to the caller, at the ops they were given at. */
static void replayRemarks(TileGpuCache *c, Reader r, uint32_t numRemarks) {
  if (!c->user.fn)
    return;
  MlirLocation kernelLoc = mlirOperationGetLocation(c->kernel);
  for (uint32_t i = 0; i < numRemarks; ++i) {
    int32_t index = (int32_t)getN(&r, 4);
    uint32_t len = (uint32_t)getN(&r, 4);
    const uint8_t *text = getBytes(&r, len);
    char msg[MAX_REMARK_BYTES + 1];
    memcpy(msg, text, len);
    msg[len] = '\0';
    MlirLocation loc = index >= 0 && (size_t)index < c->numLocs
                           ? c->locs[index]
                           : kernelLoc;
    c->user.fn(c->user.userData, loc, msg);
  }
}

bool tileGpuCacheRead(TileGpuCache *c, void **outBytes, size_t *outSize,
                      TilePackage *outPackage) {
  TileCacheReport *report = c->report;
  void *payload;
  size_t size;
  if (tileDiskCacheLoad(c->dir, c->key, c->version, &payload, &size,
                        report->note, sizeof report->note))
    return false;
  Reader r = {payload, (const uint8_t *)payload + size, false};
  bool sameEmit = getN(&r, 4) == (uint64_t)c->emit;
  uint32_t numRemarks = (uint32_t)getN(&r, 4);
  Reader remarks = r;
  for (uint32_t i = 0; !r.bad && i < numRemarks && i < MAX_REMARKS; ++i) {
    getN(&r, 4);
    uint64_t len = getN(&r, 4);
    r.bad = r.bad || len > MAX_REMARK_BYTES;
    getBytes(&r, len);
  }
  uint64_t outputSize = getN(&r, 8);
  const uint8_t *output = getBytes(&r, outputSize);
  bool ok = sameEmit && numRemarks <= MAX_REMARKS && !r.bad && r.p == r.end;
  char err[256];
  if (ok && c->emit == TILE_EMIT_PACKAGE) {
    ok = tilePackageReadMemory("cache entry", output, (size_t)outputSize,
                               outPackage, err, sizeof err) == 0;
  } else if (ok) {
    char *bytes = malloc((size_t)outputSize + 1);
    if ((ok = bytes != NULL)) {
      memcpy(bytes, output, (size_t)outputSize);
      bytes[outputSize] = '\0'; /* PTX is NUL-terminated */
      *outBytes = bytes;
      *outSize = (size_t)outputSize;
    }
  }
  if (ok)
    replayRemarks(c, remarks, numRemarks);
  else
    snprintf(report->note, sizeof report->note,
             "entry damaged (its payload does not decode)");
  free(payload);
  report->hit = ok;
  return ok;
}

static void recordRemark(void *userData, MlirLocation loc,
                         const char *message) {
  TileGpuCache *c = userData;
  int32_t index = -1;
  for (size_t i = 0; i < c->numLocs; ++i)
    if (mlirLocationEqual(c->locs[i], loc)) {
      index = (int32_t)i;
      break;
    }
  size_t len = strlen(message);
  if (len > MAX_REMARK_BYTES)
    len = MAX_REMARK_BYTES;
  if (c->numRemarks < MAX_REMARKS) {
    put32(&c->remarks, (uint32_t)index);
    put32(&c->remarks, (uint32_t)len);
    tileStrBufAppend(&c->remarks, message, len);
    ++c->numRemarks;
  }
  if (c->user.fn)
    c->user.fn(c->user.userData, loc, message);
}

TileGpuRemarks tileGpuCacheRemarks(TileGpuCache *c) {
  TileGpuRemarks r = {recordRemark, c};
  return r;
}

/* Adds "not stored: WHY" to the report's note (which may hold why the
 * entry missed). */
static void noteNotStored(TileCacheReport *report, const char *why) {
  size_t n = strlen(report->note);
  snprintf(report->note + n, sizeof report->note - n, "%snot stored: %s",
           n ? "; " : "", why);
}

void tileGpuCacheWrite(TileGpuCache *c, const void *bytes, size_t size,
                       const TilePackage *package) {
  char why[512];
  void *packed = NULL;
  if (package) {
    if (tilePackageWriteMemory(package, &packed, &size, why, sizeof why)) {
      noteNotStored(c->report, why);
      return;
    }
    bytes = packed;
  }
  TileStrBuf payload = tileStrBufInit();
  put32(&payload, (uint32_t)c->emit);
  put32(&payload, c->numRemarks);
  if (c->remarks.len)
    tileStrBufAppend(&payload, c->remarks.data, c->remarks.len);
  put64(&payload, size);
  if (size)
    tileStrBufAppend(&payload, bytes, size);
  free(packed);
  if (tileDiskCacheStore(c->dir, c->key, c->version, payload.data,
                         payload.len, why, sizeof why))
    noteNotStored(c->report, why);
  else
    c->report->stored = true;
  tileStrBufFree(&payload);
}

void tileGpuCacheClose(TileGpuCache *c) {
  if (!c)
    return;
  free(c->locs);
  tileStrBufFree(&c->remarks);
  free(c);
}

void tileCacheReportDescribe(const TileCacheReport *r, char *out,
                             size_t size) {
  if (!r->consulted)
    snprintf(out, size, "cache: %s", r->note[0] ? r->note : "off");
  else if (r->hit)
    snprintf(out, size, "cache: hit %s", r->entry);
  else if (r->stored)
    snprintf(out, size, "cache: miss (%s), stored %s", r->note, r->entry);
  else
    snprintf(out, size, "cache: miss (%s)", r->note);
}

bool tileCacheVerbose(void) {
  const char *v = getenv("TILE_CACHE_VERBOSE");
  return v && v[0] && strcmp(v, "0") != 0;
}
