/* tile-opt: mlir-opt for tile. Reads a .mlir file (or stdin), verifies it
 * (MLIR's verifier, then tile's rules), runs --pass-pipeline, prints the
 * result. Each --split-input-file chunk is parsed, checked and printed on
 * its own, with line numbers of the whole file. */
#define _POSIX_C_SOURCE 200809L /* _exit */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/IR/DiagnosticPrinter.h"
#include "lib/IR/IR.h"
#include "lib/IR/Location.h"
#include "lib/Support/StrBuf.h"
#include "lib/Target/CompileCache.h"
#include "lib/Target/GpuCompile.h"
#include "lib/Runtime/Package.h"
#include "mlir-c/Pass.h"
#include "tile-c/Compile.h"
#include "tile-c/Dialect.h"
#include "tile-c/Passes.h"
#include "tools/tile-opt/Diagnostics.h"
#include "tools/tile-opt/EmitC.h"
#include "tools/tile-opt/Options.h"
#include "tools/tile-opt/ShowDialects.h"
#include "tools/tile-opt/Source.h"
#include "tools/tile-opt/VerifyDiagnostics.h"

enum { EXIT_OK = 0, EXIT_BAD_INPUT = 1, EXIT_USAGE = 2 };

/* Ends a run whose output is written. Tearing down (the context, then
 * LLVM's and MLIR's static destructors) costs a compile about 1.5 ms and
 * changes nothing a finished process leaves behind, so it is skipped, as
 * compilers commonly do; sanitizer builds (TILE_FULL_TEARDOWN) tear down
 * so that leaks are still found. Returns only in those builds. */
static int finishRun(int code) {
#ifndef TILE_FULL_TEARDOWN
  fflush(NULL);
  _exit(code);
#endif
  return code;
}

/* Builds the pass manager for --pass-pipeline; NULL pm on a bad pipeline
 * (the message is already printed). */
static MlirPassManager buildPassManager(MlirContext ctx, const Options *o,
                                        MlirOpPrintingFlags flags,
                                        bool instrument) {
  MlirPassManager pm =
      mlirPassManagerCreateOnOperation(ctx, tileStr("builtin.module"));
  TileStrBuf err = tileStrBufInit();
  MlirLogicalResult r = tileParsePassPipeline(
      mlirPassManagerGetAsOpPassManager(pm), tileStr(o->pipeline),
      tileStr("builtin.module"), tileStrBufCallback, &err);
  if (mlirLogicalResultIsFailure(r)) {
    fprintf(stderr, "tile-opt: %s\n", tileStrBufCStr(&err));
    tileStrBufFree(&err);
    mlirPassManagerDestroy(pm);
    return (MlirPassManager){NULL};
  }
  tileStrBufFree(&err);
  if (!instrument)
    return pm;
  if (o->printAfterAll || o->printBeforeAll)
    mlirPassManagerEnableIRPrinting(pm, o->printBeforeAll, o->printAfterAll,
                                    false, false, false, flags, tileStr(""));
  if (o->timing)
    mlirPassManagerEnableTiming(pm);
  return pm;
}

/* Parses one chunk, preceded by newlines to keep the file's line numbers
 * (tileParseModule names its locations after the input). */
static MlirModule parseChunk(MlirContext ctx, const Source *src,
                             const Chunk *c) {
  TileStrBuf text = tileStrBufInit();
  for (unsigned i = 1; i < c->firstLine; ++i)
    tileStrBufAppend(&text, "\n", 1);
  tileStrBufAppend(&text, c->text, c->len);
  MlirModule m = tileParseModule(
      ctx, mlirStringRefCreate(tileStrBufCStr(&text), text.len),
      tileStr(src->name));
  tileStrBufFree(&text);
  return m;
}

static void appendToBuf(MlirStringRef s, void *userData) {
  tileStrBufAppend((TileStrBuf *)userData, s.data, s.length);
}

/* --mlir-timing with --tile-compile: one line per stage that ran (none
 * when the output came from the compile cache). */
static void printTiming(const TileGpuTiming *t, bool fromCache) {
  const struct {
    const char *name;
    double ms;
  } stages[] = {{"tile passes", t->tilePasses}, {"tile-to-gpu", t->toGpu},
                {"to NVVM", t->toNvvm},          {"LLVM to PTX", t->llvmToPtx},
                {"ptxas", t->ptxas}};
  fprintf(stderr, "===-- tile-opt --tile-compile timing --===\n");
  double rest = t->total;
  for (size_t i = 0; i < sizeof stages / sizeof stages[0]; ++i)
    if (stages[i].ms >= 0) {
      fprintf(stderr, "  %9.1f ms  %s\n", stages[i].ms, stages[i].name);
      rest -= stages[i].ms;
    }
  if (t->ptxas >= 0 || t->llvmToPtx >= 0)
    fprintf(stderr, "  %9.1f ms  other (packaging)\n",
            rest);
  fprintf(stderr, "  %9.1f ms  total (in process%s)\n", t->total,
          fromCache ? ", from the compile cache" : "");
}

static void printRemark(void *userData, MlirLocation loc, const char *msg) {
  const Source *src = userData;
  TileSourceText text = {src->name, src->text, src->len};
  tilePrintRemark(stderr, &text, loc, msg);
}

/* The output --emit names (checked when the options were parsed). */
static TileEmit emitKind(const char *name) {
  static const struct {
    const char *name;
    TileEmit emit;
  } kinds[] = {{"mlir", TILE_EMIT_MLIR},   {"llvm", TILE_EMIT_LLVM},
               {"ptx", TILE_EMIT_PTX},     {"cubin", TILE_EMIT_CUBIN},
               {"package", TILE_EMIT_PACKAGE}};
  for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; ++i)
    if (strcmp(name, kinds[i].name) == 0)
      return kinds[i].emit;
  return TILE_EMIT_PTX;
}

/* --tile-compile: the GPU pipeline up to --emit, appended to `out`;
 * remarks (a dot that stays off the tensor cores) go to stderr. */
static bool compileForGpu(const Options *o, const Source *src, MlirModule m,
                          MlirOpPrintingFlags flags, TileStrBuf *out) {
  TileGpuOptions gpu;
  tileGpuOptionsInit(&gpu);
  gpu.remarks.fn = printRemark;
  gpu.remarks.userData = (void *)src;
  gpu.printIrBefore = o->printBeforeAll;
  gpu.printIrAfter = o->printAfterAll;
  TileGpuTiming timing;
  if (o->timing)
    gpu.timing = &timing;
  TileCacheReport cache;
  if (!o->noCache)
    tileGpuOptionsUseCache(&gpu);
  gpu.cacheReport = &cache;
  char err[512] = "";
  if (tileGpuOptionsParse(&gpu, o->tileCompile, err, sizeof err)) {
    fprintf(stderr, "tile-opt: %s\n", err);
    return false;
  }
  if (strncmp(o->emit, "c", 1) == 0 && strcmp(o->emit, "cubin") != 0)
    return emitC(o, src, m, &gpu, out);
  TileEmit emit = emitKind(o->emit);
  void *bytes = NULL;
  size_t size = 0;
  TilePackage package;
  memset(&package, 0, sizeof package);
  if (tileGpuCompile(m, o->kernel, &gpu, emit, &bytes, &size, &package, err,
                     sizeof err)) {
    fprintf(stderr, "tile-opt: %s\n", err);
    return false;
  }
  if (tileCacheVerbose()) {
    char line[1700];
    tileCacheReportDescribe(&cache, line, sizeof line);
    fprintf(stderr, "tile-opt: %s\n", line);
  }
  if (o->timing)
    printTiming(&timing, cache.hit);
  if (emit == TILE_EMIT_MLIR || emit == TILE_EMIT_LLVM) {
    mlirOperationPrintWithFlags(mlirModuleGetOperation(m), flags, appendToBuf,
                                out);
    tileStrBufAppend(out, "\n", 1);
    return true;
  }
  if (emit == TILE_EMIT_PACKAGE) {
    int rc = tilePackageWriteMemory(&package, &bytes, &size, err, sizeof err);
    tilePackageFree(&package);
    if (rc) {
      fprintf(stderr, "tile-opt: %s\n", err);
      return false;
    }
  }
  tileStrBufAppend(out, bytes, size);
  free(bytes);
  return true;
}

/* Verifies and transforms one chunk; appends the printed result to `out`.
 * Returns whether the chunk succeeded. */
static bool processChunk(MlirContext ctx, const Options *o, const Source *src,
                         const Chunk *c, MlirOpPrintingFlags flags,
                         TileStrBuf *out, bool *usageError) {
  MlirModule m = parseChunk(ctx, src, c);
  if (mlirModuleIsNull(m))
    return false;
  MlirOperation op = mlirModuleGetOperation(m);
  bool ok = mlirLogicalResultIsSuccess(tileVerify(op));
  if (ok && o->pipeline) {
    MlirPassManager pm = buildPassManager(ctx, o, flags, true);
    if (mlirPassManagerIsNull(pm)) {
      *usageError = true;
      ok = false;
    } else {
      ok = mlirLogicalResultIsSuccess(mlirPassManagerRunOnOp(pm, op));
      mlirPassManagerDestroy(pm); /* prints the --mlir-timing report */
    }
  }
  if (ok && o->tileCompile)
    ok = compileForGpu(o, src, m, flags, out);
  else if (ok) {
    mlirOperationPrintWithFlags(op, flags, appendToBuf, out);
    tileStrBufAppend(out, "\n", 1);
  }
  mlirModuleDestroy(m);
  return ok;
}

/* Whether `path` names a regular file (not a device such as /dev/null). */
static bool isRegularFile(const char *path) {
  struct stat st;
  return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* Writes the output of a successful run; a write error (a full disk) is
 * reported, and leaves no partial file. */
static bool writeOutput(const char *path, const TileStrBuf *out) {
  bool toStdout = strcmp(path, "-") == 0;
  FILE *f = toStdout ? stdout : fopen(path, "wb");
  if (!f) {
    fprintf(stderr, "tile-opt: cannot open output file '%s': %s\n", path,
            strerror(errno));
    return false;
  }
  errno = 0;
  fwrite(tileStrBufCStr(out), 1, out->len, f);
  bool ok = fflush(f) == 0 && !ferror(f);
  if (!toStdout)
    ok = fclose(f) == 0 && ok;
  if (!ok) {
    fprintf(stderr, "tile-opt: cannot write output file '%s': %s\n", path,
            errno ? strerror(errno) : "write error");
    if (!toStdout && isRegularFile(path))
      remove(path);
  }
  return ok;
}

/* A failed run leaves no output file: not a new one, nor one from an
 * earlier run that a later step could take for this run's (as make's
 * .DELETE_ON_ERROR, and compilers' -o, do). */
static void removeStaleOutput(const char *path) {
  if (strcmp(path, "-") != 0 && isRegularFile(path))
    remove(path);
}

int main(int argc, char **argv) {
  Options o;
  switch (optionsParse(&o, argc, argv)) {
  case OPTIONS_EXIT_OK:
    return EXIT_OK;
  case OPTIONS_USAGE_ERROR:
    return EXIT_USAGE;
  case OPTIONS_OK:
    break;
  }
  tileSetProcessLlvmOptions(); /* this process owns LLVM's options */

  MlirContext ctx = mlirContextCreate();
  /* With --tile-compile, the two entries are lowered on threads of their
   * own: one thread keeps their IR dumps whole and in order. */
  if (o.disableThreading ||
      (o.tileCompile && (o.printAfterAll || o.printBeforeAll)))
    mlirContextEnableMultithreading(ctx, false);
  mlirContextSetAllowUnregisteredDialects(ctx, o.allowUnregistered);
  /* Register (not load) every upstream dialect and pass, so any upstream IR
   * parses and any upstream pass can appear in --pass-pipeline; only the
   * dialects the input uses get loaded. */
  tileContextRegisterUpstream(ctx);
  if (mlirLogicalResultIsFailure(tileContextLoadDialects(ctx))) {
    fprintf(stderr, "tile-opt: the embedded tile dialect failed to load\n");
    mlirContextDestroy(ctx);
    return EXIT_BAD_INPUT;
  }
  if (o.showDialects) {
    int unnamed = printDialects(stdout, ctx);
    if (unnamed)
      fprintf(stderr,
              "tile-opt: %d registered dialect(s) missing from the list "
              "(tools/tile-opt/ShowDialects.c)\n",
              unnamed);
    finishRun(EXIT_OK);
    mlirContextDestroy(ctx);
    return EXIT_OK;
  }

  Source src;
  char err[512];
  if (!sourceRead(&src, o.input, err, sizeof err)) {
    fprintf(stderr, "tile-opt: %s\n", err);
    mlirContextDestroy(ctx);
    return EXIT_BAD_INPUT;
  }
  sourceSplit(&src, o.split, o.splitMarker);

  DiagState diags = {&src, o.verifyDiagnostics, NULL, 0, 0, 0};
  diagAttach(ctx, &diags);

  MlirOpPrintingFlags flags = mlirOpPrintingFlagsCreate();
  if (o.generic)
    mlirOpPrintingFlagsPrintGenericOpForm(flags);
  if (o.debugInfo)
    mlirOpPrintingFlagsEnableDebugInfo(flags, true, false);

  /* So are bad --tile-compile options. */
  if (o.tileCompile) {
    TileGpuOptions gpu;
    tileGpuOptionsInit(&gpu);
    char gpuErr[512];
    if (tileGpuOptionsParse(&gpu, o.tileCompile, gpuErr, sizeof gpuErr) ||
        tileGpuOptionsCheck(&gpu, emitKind(o.emit), gpuErr, sizeof gpuErr)) {
      fprintf(stderr, "tile-opt: %s\n", gpuErr);
      mlirOpPrintingFlagsDestroy(flags);
      mlirContextDestroy(ctx);
      sourceFree(&src);
      return EXIT_USAGE;
    }
  }

  /* A bad pipeline is a usage error whatever the input holds: check it
   * before the first chunk (each chunk then gets a fresh pass manager). */
  if (o.pipeline) {
    MlirPassManager probe = buildPassManager(ctx, &o, flags, false);
    if (mlirPassManagerIsNull(probe)) {
      mlirOpPrintingFlagsDestroy(flags);
      mlirContextDestroy(ctx);
      sourceFree(&src);
      return EXIT_USAGE;
    }
    mlirPassManagerDestroy(probe);
  }

  TileStrBuf out = tileStrBufInit();
  bool allOk = true, usageError = false;
  for (size_t i = 0; i < src.numChunks && !usageError; ++i) {
    if (i > 0)
      tileStrBufPrintf(&out, "%s\n", o.splitMarker);
    diagReset(&diags);
    bool ok = processChunk(ctx, &o, &src, &src.chunks[i], flags, &out,
                           &usageError);
    if (o.verifyDiagnostics && !usageError)
      ok = verifyChunkDiagnostics(&src, &src.chunks[i], &diags);
    allOk = allOk && ok;
  }
  diagReset(&diags);
  free(diags.diags);

  /* Standard output still gets what the chunks that worked printed, as
   * mlir-opt's does; a file is written only by a run that worked. */
  bool toStdout = strcmp(o.output, "-") == 0;
  if (!usageError && (allOk || toStdout) && !writeOutput(o.output, &out))
    allOk = false;
  if (!allOk || usageError)
    removeStaleOutput(o.output);
  int code = usageError ? EXIT_USAGE : allOk ? EXIT_OK : EXIT_BAD_INPUT;
  finishRun(code);
  tileStrBufFree(&out);
  mlirOpPrintingFlagsDestroy(flags);
  mlirContextDestroy(ctx);
  sourceFree(&src);
  return code;
}
