/* Compiling a tile kernel for an NVIDIA GPU from C, in process: the whole
 * pipeline of `tile-opt --tile-compile` (tile-verify, tile-canonicalize,
 * tile-coalesce, tile-assign-layouts, tile-promote-smem, tile-pipeline,
 * the lowering to a kernel llvm.func, LLVM, PTX, ptxas). Options are
 * per call; nothing reads environment variables except the CUDA toolkit's
 * location when `toolkit` is NULL and, when `cache` asks for the compile
 * cache, its switch and location. */
#ifndef TILE_C_COMPILE_H
#define TILE_C_COMPILE_H

#include <stddef.h>

#include "mlir-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
  TILE_COMPILE_PTX,     /* PTX text (NUL-terminated; size excludes the NUL) */
  TILE_COMPILE_CUBIN,   /* ELF from ptxas */
  TILE_COMPILE_PACKAGE, /* a tile package (the bytes of a .tpkg file): the
                           binary plus its launch ABI, for tile-run or the
                           runtime library */
} TileCompileOutput;

/* A remark about how a kernel was lowered (not an error): a tile.dot that
 * runs as an FMA loop, or on mma.sync where the chip has wgmma, and why. */
typedef void (*TileCompileRemarkFn)(void *userData, MlirLocation loc,
                                    const char *message);

typedef struct {
  const char *chip;    /* "sm_90a" (NULL), "sm_80", ... */
  int numWarps;        /* 0: the kernel's tile.num_warps, else 4 */
  int numStages;       /* 0: the kernel's tile.num_stages, else 3 */
  /* CUDA root (the only one looked at); NULL: the first of $CUDA_HOME,
   * $CUDA_PATH and /usr/local/cuda that has bin/ptxas. */
  const char *toolkit;
  /* A package's generic entry (for memrefs that are not 16-byte aligned):
   * 0 leaves it as PTX in the package, which the runtime has the driver
   * compile on the first launch that needs it (ptxas then compiles only
   * the aligned entry: about half the compile time); non-zero compiles it
   * with ptxas too. PTX and cubin outputs always hold both entries. */
  int eagerGeneric;
  TileCompileRemarkFn remark; /* NULL: no remarks */
  void *remarkUserData;
  /* Tensor-core instructions on a chip with wgmma (sm_90a): NULL or
   * "auto", wgmma for the dots that fit it (a remark says why another does
   * not); "sync", mma.sync only; "wgmma", every tensor-core dot on wgmma,
   * and one that cannot be is an error (as is "wgmma" for another chip). */
  const char *mma;
  /* Non-zero: `afn` on every float op, so math may use the hardware's
   * approximations (docs/dialect.md, "Numerics"; docs/numerics.md). */
  int fastMath;
  /* Warp specialization of TMA loops (a producer warpgroup issues the
   * copies, docs/gpu.md): NULL or "auto" (kernels of 8 or more warps whose
   * loop chains two or more dots, as attention's does), "true" or
   * "false". */
  const char *warpSpecialize;
  /* Persistent kernels (each block runs program after program while its
   * producer warpgroup fills the next program's stages, docs/gpu.md):
   * NULL or "auto", "true" or "false". Only warp-specialized kernels whose
   * programs run along axis 0 qualify. */
  const char *persistent;
  /* The width of the kernel's index arithmetic: 0 or 32, which launches
   * with memrefs of fewer than 2^31 elements (the runtime refuses larger
   * ones with a message naming this option), or 64, any size, at some
   * cost in speed (docs/gpu.md, "64-bit indexing"). */
  int indexBits;
  /* tile.assert (docs/dialect.md, "v2"): NULL or "on", compiled (a failed one
   * stops the kernel: the launch reports TILE_STATUS_ASSERT); "off",
   * erased before lowering, with what only computed its condition, so
   * it costs nothing. tile.print stays either way. */
  const char *asserts;
  /* Non-zero: through tile's compile cache. A kernel compiled before with
   * the same IR (printed without locations), options, output kind, CUDA
   * toolkit and build of tile is read back instead of compiled (its
   * remarks are given again), and a new one is written there: the same
   * cache tile-opt and tile-run use, entries written atomically, checked
   * when read, a damaged one compiled again. The cache never fails a
   * compile: a directory that cannot be written only means no entry.
   * $TILE_NO_CACHE=1 turns it off whatever this says. Off by default
   * here (the tools turn it on): a library call does not write files the
   * caller did not ask for, or read the environment to find where. */
  int cache;
  /* With `cache`: the directory (created when missing); NULL: the first
   * of $TILE_CACHE_DIR, $XDG_CACHE_HOME/tile and $HOME/.cache/tile. */
  const char *cacheDir;
  /* Non-NULL: set to 1 when the result came from the cache, else 0. */
  int *cacheHit;
  /* CTA pairs on sm_100a (programs 2i and 2i + 1 along axis 0 share one
   * tcgen05 MMA as a cluster of two CTAs, docs/gpu.md; never run on a
   * Blackwell GPU): NULL or "auto" (off), "true" or "false". */
  const char *ctaPairs;
  /* Any compile option by its key, as `tile-opt --tile-compile` takes
   * them ("num-stages=4 warp-specialize=true", separated by spaces or
   * commas; `tile-opt --help` lists them): applied after the fields
   * above, so a key given here wins. NULL: none. */
  const char *options;
} TileCompileOptions;

/* Compiles kernel `name` (NULL: the module's only kernel) of `module`,
 * which is changed in place (left as it was when the result came from
 * the cache). On success returns 0 and *bytes (malloc'ed:
 * free() it) and *size; on failure returns non-zero with a one-line summary
 * in `err` (located diagnostics go through the context's handlers). */
int tileCompileKernel(MlirModule module, const char *name,
                      const TileCompileOptions *options,
                      TileCompileOutput output, void **bytes, size_t *size,
                      char *err, size_t errSize);

/* Ahead-of-time C (docs/embedding.md, "Ahead-of-time C"; tile-opt
 * --emit=c): kernels as a header declaring two typed functions per
 * kernel, NAME_launch(stream, grid, arguments..., status) for dense
 * arrays and NAME_launch_strided(...) taking each memref's strides too,
 * and a C source that embeds their compiled variants and launches them
 * in the caller's current CUDA context. */
typedef struct {
  /* 0: the source launches through tile's runtime library (tile::runtime,
   * every kernel); non-zero: through the CUDA driver alone, with a loader
   * of its own (generic entry only: no persistent kernels, no f16, bf16
   * or f8 scalars). */
  int driverOnly;
  const char *headerName; /* what the source #includes: "softmax.h" */
  const char *from;       /* names the input in the files' comments */
  /* The text the module was parsed from, whose locations point into it:
   * parameters are named after the arguments' %names there. NULL: arg0,
   * arg1, ... */
  const char *sourceText;
  /* A variant per chip ("sm_80", "sm_90a"); none: options->chip. */
  const char *const *chips;
  int numChips;
  /* Files of tuned variants (tile-run --save-variant) to add, each to
   * the kernel it is of. */
  const char *const *variantFiles;
  int numVariantFiles;
} TileCompileCOptions;

/* Compiles kernels `names` (numNames of them, each named once; 0: the
 * module's only kernel) of `module` (not changed) for each chip and
 * writes one pair for them all: *header and *source (malloc'ed,
 * NUL-terminated: free() them). What the functions of all the kernels
 * share (argument checks, the loader) is written once, its names
 * starting with headerName's stem made a C identifier ("softmax.h":
 * softmax_...; static, so pairs link together). Returns 0, or non-zero
 * with a one-line summary in `err`; an argument the chosen mode cannot
 * take is also an error at its location, through the context's
 * diagnostics. A variant file goes to the kernel its packages are of,
 * which must be among `names`. */
int tileCompileKernelsC(MlirModule module, const char *const *names,
                        int numNames, const TileCompileOptions *options,
                        const TileCompileCOptions *c, char **header,
                        char **source, char *err, size_t errSize);

/* tileCompileKernelsC for one kernel, `name` (NULL: the only one). */
int tileCompileKernelC(MlirModule module, const char *name,
                       const TileCompileOptions *options,
                       const TileCompileCOptions *c, char **header,
                       char **source, char *err, size_t errSize);

/* Sets LLVM's process-wide options the way tile's own tools run:
 * LLVM's straight-line strength reduction is turned off
 * (-opt-disable=slsr). In the NVPTX back end that pass costs 3-17 ms per
 * kernel entry (a quarter of the back end on attention), and tile's own
 * addressing leaves it little to do: without it no example kernel's SASS
 * grows (docs/performance.md, docs/design.md decision 7). The option
 * holds for every LLVM compile in the process, an embedder's own
 * included, so only a process that owns LLVM's options should call this,
 * before its first compile; tile-opt and tile-run do. Compiles are
 * correct either way. Calling it again does nothing. */
void tileSetProcessLlvmOptions(void);

#ifdef __cplusplus
}
#endif

#endif
