/* tile's public C API: passes and pipelines.
 *
 * Every tile pass is an MlirPass (mlirCreateExternalPass underneath) that can
 * be added to any MlirOpPassManager next to upstream passes. Each tile pass
 * runs the tile verifier on its result, so a pass that breaks a dialect rule
 * fails with a located error instead of handing bad IR on. */
#ifndef TILE_C_PASSES_H
#define TILE_C_PASSES_H

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/* `tile-verify`: runs the tile verifier (tileVerify) and fails on errors. */
MlirPass tileCreateVerifyPass(void);

/* `tile-canonicalize`: tile folds (splat of a constant, broadcast of a splat,
 * trans of trans, reshape of reshape, identity shape ops, ...) plus MLIR's
 * folding and removal of unused side-effect-free tile ops. */
MlirPass tileCreateCanonicalizePass(void);

/* Creates the tile pass whose pipeline name is `name` (e.g.
 * "tile-canonicalize"), configured by `options` (the text between the braces
 * of `name{...}`, possibly empty). On an unknown name or bad option returns a
 * null pass and sends a one-line message to `errorCallback`. */
MlirPass tileCreatePassByName(MlirStringRef name, MlirStringRef options,
                              MlirStringCallback errorCallback,
                              void *userData);

/* Calls `callback` once per tile pass: its pipeline name and one-line
 * description (for --help texts). */
void tileForEachPass(void (*callback)(const char *name,
                                      const char *description,
                                      void *userData),
                     void *userData);

/* Parses a textual pass pipeline in MLIR's syntax, e.g.
 * "builtin.module(func.func(tile-canonicalize),canonicalize,cse)", and adds
 * it to `pm`: tile-* elements become tile passes, every other element goes
 * to mlirOpPassManagerAddPipeline (so upstream passes must be registered,
 * e.g. with mlirRegisterAllPasses). A leading "NAME(...)" that names the
 * anchor of `pm` is unwrapped; other "NAME(...)" elements nest. Errors go to
 * `errorCallback` with the offending position. */
MlirLogicalResult tileParsePassPipeline(MlirOpPassManager pm,
                                        MlirStringRef pipeline,
                                        MlirStringRef anchor,
                                        MlirStringCallback errorCallback,
                                        void *userData);

/* Adds tile's default pipeline for what exists today (tile-verify,
 * tile-canonicalize on every func.func) to `pm`, which must be anchored on
 * builtin.module. */
void tileAddDefaultPipeline(MlirOpPassManager pm);

#ifdef __cplusplus
}
#endif

#endif
