/* Compiling a tile kernel for an NVIDIA GPU, the whole pipeline:
 *   tile-verify, tile-canonicalize, tile-coalesce, tile-assign-layouts,
 *   tile-promote-smem, tile-pipeline, TileToGPU (two entries), then
 *   upstream, each entry in a module of its own on its own thread: scf ->
 *   cf, gpu -> NVVM, arith/math -> LLVM, then to PTX through the LLVM C
 *   API with a short IR pipeline (lib/Target/NvvmToPtx.h); then
 *   the entries' PTX merged into one module and ptxas from the CUDA
 *   toolkit (lib/Target/PtxToBinary.h; PTX only when no toolkit is
 *   found, which the driver compiles at load time). A package's generic
 *   entry stays PTX by default (TILE_GENERIC_LAZY): ptxas starts on the
 *   aligned entry while LLVM translates the generic one.
 * Every stage can be the output (--emit). A PTX, cubin or package output
 * may come from the compile cache instead (lib/Target/CompileCache.h). */
#ifndef TILE_TARGET_GPUCOMPILE_H
#define TILE_TARGET_GPUCOMPILE_H

#include <stddef.h>

#include "lib/Conversion/TileToGPU/TileToGPU.h"
#include "lib/Runtime/Package.h"
#include "lib/Support/StrBuf.h"
#include "lib/Transforms/Options.h"
#include "mlir-c/IR.h"

typedef enum {
  TILE_EMIT_MLIR,    /* after TileToGPU: gpu.module with the entries */
  TILE_EMIT_LLVM,    /* the gpu.module in the LLVM/NVVM dialects */
  TILE_EMIT_PTX,     /* PTX text */
  TILE_EMIT_CUBIN,   /* ELF from ptxas */
  TILE_EMIT_PACKAGE, /* cubin (or PTX) + launch facts: lib/Runtime/Package.h */
} TileEmit;

typedef struct {
  /* The options a compile takes (Options.h: chip=sm_90a mma=auto ...). */
  TileOptions options;
  TileGpuRemarks remarks; /* how dots were lowered; fn NULL: none */
  /* Non-NULL: filled with the time each stage took (milliseconds). */
  struct TileGpuTiming *timing;
  /* The IR to stderr before/after each tile pass, TileToGPU and each
   * upstream pass, headed as MLIR's --mlir-print-ir-before/after-all
   * heads it. The entries are lowered in parallel: with the context's
   * multithreading on, their dumps may interleave. The compile cache
   * stays out of such a compile. */
  bool printIrBefore, printIrAfter;
  /* The compile cache's directory (lib/Target/CompileCache.h): NULL, no
   * cache; tileGpuOptionsUseCache sets the default one. A PTX, cubin or
   * package output compiled before from the same kernel IR, options,
   * toolkit and compiler build is read back from it instead. */
  const char *cacheDir;
  char cacheDirPath[512];
  /* Non-NULL: what the cache did, and why. */
  struct TileCacheReport *cacheReport;
} TileGpuOptions;

/* Where the compile time goes, stage by stage, in wall-clock time
 * (tile-opt --mlir-timing prints it); -1 when that stage did not run. */
typedef struct TileGpuTiming {
  double tilePasses; /* verify ... tile-pipeline */
  double toGpu;      /* TileToGPU, both entries */
  double toNvvm;     /* upstream lowering to the LLVM/NVVM dialects */
  double llvmToPtx;  /* to LLVM IR, LLVM opt, NVPTX, PTX merge */
  double ptxas;      /* ptxas (and fatbinary); with a lazy generic entry,
                        what is left of it after the generic entry's PTX */
  double total;      /* the whole of tileGpuCompile */
} TileGpuTiming;

void tileGpuOptionsInit(TileGpuOptions *o);
/* Parses --tile-compile's "chip=sm_90a mma=auto num-warps=8 ..." (any key
 * of Options.h) into `o`; 1 with "--tile-compile: <why>" in err. */
int tileGpuOptionsParse(TileGpuOptions *o, const char *text, char *err,
                        size_t errSize);
/* Turns the compile cache on, in its default directory
 * (tileDiskCacheDefaultDir); false, leaving it off, when there is none. */
bool tileGpuOptionsUseCache(TileGpuOptions *o);
/* The kernel `name` (NULL: the module's only one) in *out; non-zero with
 * a message (and a null *out) when there is no such kernel, or the name
 * is NULL and there are several. */
int tileGpuFindKernel(MlirModule module, const char *name, MlirOperation *out,
                      char *err, size_t errSize);
/* The CUDA toolkit a compile with `o` uses, in `path`, or NULL. */
const char *tileGpuFindToolkit(const TileGpuOptions *o, char *path,
                               size_t size);

/* Whether the options suit the output `emit` (generic=lazy needs a
 * package) and each other (mma=wgmma needs sm_90a). Returns 0, or 1 with
 * a message. */
int tileGpuOptionsCheck(const TileGpuOptions *o, TileEmit emit, char *err,
                        size_t errSize);

/* Compiles kernel `name` (NULL: the module's only kernel) of `module`, which
 * is changed in place (it ends as the IR of `emit` for MLIR/LLVM). For
 * PTX/cubin/package the bytes go to *outBytes (malloc'ed; PTX
 * NUL-terminated) and, for a package, the launch facts to *outPackage.
 * Diagnostics go through the context; `err` gets a one-line summary. */
int tileGpuCompile(MlirModule module, const char *name,
                   const TileGpuOptions *o, TileEmit emit, void **outBytes,
                   size_t *outSize, TilePackage *outPackage, char *err,
                   size_t errSize);

/* For tile-run: compile kernel `name` of `module` (not changed: a clone is
 * compiled) with `options` into a package, through the compile cache in
 * its default directory when `cache` (what it did then in *report, if
 * not NULL). */
int tileCompileKernelToPackage(MlirModule module, const char *name,
                               const TileOptions *options, bool cache,
                               struct TileCacheReport *report,
                               TilePackage *out, char *err, size_t errSize);

#endif
