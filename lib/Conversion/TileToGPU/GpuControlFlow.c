/* Structured control flow for TileToGPU (GpuOps.h): scf.for and scf.if
 * whose tiles travel as flat lists of registers (a uniform tile is
 * expanded into the layout of the value it meets), with the software
 * pipeline of GpuPipeline.c around a loop tile-pipeline marked. Bodies are
 * lowered by the dispatcher, g->lowerBlock.
 *
 * A tile of 8-bit elements (i8, f8) travels four elements to an i32:
 * PTX has no 8-bit registers, so an element alone would take a 32-bit
 * one, and a loop carrying FP8 attention's P (tile-overlap-softmax) would
 * hold 64 registers a thread where 16 do. The words are unpacked where
 * the values arrive; ptxas keeps the words and extracts bytes as they
 * are read. */
#include "lib/Conversion/TileToGPU/GpuOps.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/Conversion/Pipeline/GpuPipeline.h"
#include "lib/IR/IR.h"
#include "mlir-c/BuiltinTypes.h"


/* Whether a tile of type `t` travels packed, four elements to an i32. */
static bool packed(MlirType t) {
  if (!mlirTypeIsARankedTensor(t))
    return false;
  MlirType e = mlirShapedTypeGetElementType(t);
  return tileTypeIsF8(e) ||
         (mlirTypeIsAInteger(e) && mlirIntegerTypeGetWidth(e) == 8);
}

/* The flat values of a tile's `n` registers: themselves, or in words of
 * four (b builds the packing). */
static int flatRegs(TileBuilder *b, bool pack, const MlirValue *regs, int n,
                    MlirValue *out) {
  if (!pack) {
    memcpy(out, regs, sizeof *regs * (size_t)n);
    return n;
  }
  int k = 0;
  for (int r = 0; r < n; r += 4)
    out[k++] = gpuPackBytes(b, regs + r, n - r < 4 ? n - r : 4);
  return k;
}

/* The registers of `values` laid out flat (uniform tiles expanded into the
 * layout of the matching `targets`); b builds the packing of 8-bit tiles. */
static int flatten(GpuLowering *g, TileBuilder *b, MlirOperation op,
                   intptr_t first, intptr_t n, const MlirValue *targets,
                   MlirValue *out) {
  int k = 0;
  for (intptr_t i = 0; i < n; ++i) {
    MlirValue target = targets[i];
    GpuValue *v = gpuMapGet(&g->values, mlirOperationGetOperand(op, first + i));
    if (!v) {
      tileEmitOpError(op, "operand #%ld has no GPU lowering", (long)(first + i));
      return -1;
    }
    if (!gpuIsTensor(target)) {
      out[k++] = v->tile.scalar;
      continue;
    }
    if (gpuTcgen05IsResident(g, target))
      continue; /* in tensor memory: no registers */
    TileLayout l;
    tileTypeLayout(mlirValueGetType(target), &l);
    GpuTile t = v->tile.uniform ? gpuTileMaterialize(&v->tile, &l) : v->tile;
    k += flatRegs(b, packed(mlirValueGetType(target)), t.regs, t.numRegs,
                  out + k);
    if (v->tile.uniform)
      free(t.regs);
  }
  return k;
}

/* Registers of a value of type `t` (1 for scalars). */
static int regsOf(MlirType t) {
  if (!mlirTypeIsARankedTensor(t))
    return 1;
  TileLayout l;
  int64_t shape[TILE_MAX_LAYOUT_RANK];
  intptr_t rank = mlirShapedTypeGetRank(t);
  for (intptr_t d = 0; d < rank; ++d)
    shape[d] = mlirShapedTypeGetDimSize(t, d);
  if (!tileTypeLayout(t, &l))
    return -1;
  int n = tileLayoutNumRegs(&l, shape);
  return packed(t) ? (n + 3) / 4 : n;
}

/* Maps `values` (kernel values of the given types) onto consecutive flat
 * lowered values starting at flat[0]; b builds the unpacking of 8-bit
 * tiles. */
static void unflatten(GpuLowering *g, TileBuilder *b, intptr_t n,
                      const MlirValue *values, const MlirValue *flat) {
  int k = 0;
  for (intptr_t i = 0; i < n; ++i) {
    MlirType t = mlirValueGetType(values[i]);
    if (!mlirTypeIsARankedTensor(t)) {
      gpuSetScalar(g, values[i], flat[k++]);
      continue;
    }
    TileLayout l;
    tileTypeLayout(t, &l);
    GpuTile tile = gpuTileAlloc(&l, t);
    if (gpuTcgen05IsResident(g, values[i])) {
      tile.tmem = true; /* no registers (gpuTcgen05ExitLoop loads them) */
      gpuSetTile(g, values[i], tile);
      continue;
    }
    if (!packed(t)) {
      for (int r = 0; r < tile.numRegs; ++r)
        tile.regs[r] = flat[k++];
    } else {
      for (int r = 0; r < tile.numRegs; r += 4) {
        int count = tile.numRegs - r < 4 ? tile.numRegs - r : 4;
        gpuUnpackBytes(b, flat[k++], count, tile.elem, tile.regs + r);
      }
    }
    gpuSetTile(g, values[i], tile);
  }
}

/* Maps the results of kernel op `op` to the flat results of its lowering
 * `lowered` (scf.for, scf.if), unpacking at b (after it). */
static void mapResults(GpuLowering *g, TileBuilder *b, MlirOperation op,
                       MlirOperation lowered) {
  intptr_t n = mlirOperationGetNumResults(op);
  intptr_t nFlat = mlirOperationGetNumResults(lowered);
  MlirValue *results = malloc((size_t)(n + 1) * sizeof *results);
  MlirValue *flat = malloc((size_t)(nFlat + 1) * sizeof *flat);
  for (intptr_t i = 0; i < n; ++i)
    results[i] = mlirOperationGetResult(op, i);
  for (intptr_t i = 0; i < nFlat; ++i)
    flat[i] = mlirOperationGetResult(lowered, i);
  unflatten(g, b, n, results, flat);
  free(results);
  free(flat);
}

static int countRegs(const GpuLowering *g, intptr_t n,
                     const MlirValue *values) {
  int total = 0;
  for (intptr_t i = 0; i < n; ++i) {
    if (gpuTcgen05IsResident(g, values[i]))
      continue;
    int r = regsOf(mlirValueGetType(values[i]));
    if (r < 0)
      return -1;
    total += r;
  }
  return total;
}

/* The compiler's decisions about loop `op`, as remarks at it (said once:
 * the aligned entry calls this, the one that pipelines): the split of
 * tile-split-loops (at the loop it cut off), tile-overlap-softmax's
 * rotation or why auto left the loop (once for the loops a split made of
 * one), tile-fold-exp's version for a positive scale, and num-stages=auto's
 * stages (tile-pipeline). */
static void sayLoopDecisions(GpuLowering *g, MlirOperation op) {
  MlirLocation loc = mlirOperationGetLocation(op);
  MlirStringRef split;
  bool hasSplit = tileOpStrAttr(op, "tile.split", &split);
  bool masked = hasSplit && mlirStringRefEqual(split, tileStr("masked"));
  /* The loop as written after its version for a positive scale, which
   * said the same. */
  if (tileOpStrAttrIs(op, "tile.scale_sign", "any", ""))
    masked = true;
  if (hasSplit && !masked)
    g->remarks.fn(g->remarks.userData, loc,
                  "split-loops: the first iterations, where every mask of "
                  "the loop holds (or none does), run without the masks; "
                  "the rest run in a loop of their own, masked");
  if (!masked)
    gpuRemarkFromAttr(g, op, "tile.overlap_softmax_why");
  gpuRemarkFromAttr(g, op, "tile.scale_sign_why");
  gpuRemarkFromAttr(g, op, "tile.num_stages_why");
}

MlirValue gpuTripCount(TileBuilder *b, MlirValue lb, MlirValue ub,
                       MlirValue step) {
  MlirValue span = bBinary(b, "arith.subi", ub, lb);
  MlirValue trips = bBinary(
      b, "arith.divsi",
      bAddi(b, span, bBinary(b, "arith.subi", step, bConstIndex(b, 1))), step);
  return bSelect(b, bCmpi(b, ARITH_SGT, ub, lb), trips, bConstIndex(b, 0));
}

bool gpuLowerFor(GpuLowering *g, TileBuilder *b, MlirOperation op) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  /* Read before anything of the body is lowered. */
  bool manyHere = gpuLoopHoldsManyRegisters(g, op);
  intptr_t nIter = mlirOperationGetNumResults(op);
  MlirValue *iterArgs = malloc((size_t)(nIter + 1) * sizeof *iterArgs);
  for (intptr_t i = 0; i < nIter; ++i)
    iterArgs[i] = mlirBlockGetArgument(body, 1 + i);
  bool *resident = calloc((size_t)nIter + 1, sizeof *resident);
  gpuTcgen05PlanLoop(g, op, resident);
  int nFlat = countRegs(g, nIter, iterArgs);
  if (nFlat < 0) {
    tileEmitOpError(op, "an iter_arg has no layout");
    free(iterArgs);
    free(resident);
    return false;
  }
  MlirValue *inits = malloc((size_t)(nFlat + 1) * sizeof *inits);
  bool ok = flatten(g, b, op, 3, nIter, iterArgs, inits) == nFlat;
  MlirValue lb = gpuOperandScalar(g, op, 0), ub = gpuOperandScalar(g, op, 1);
  MlirValue step = gpuOperandScalar(g, op, 2);
  if (!ok || mlirValueIsNull(lb) || mlirValueIsNull(ub) ||
      mlirValueIsNull(step)) {
    free(iterArgs);
    free(resident);
    free(inits);
    return false;
  }
  /* Stream-K: the part of the loop this block runs. */
  if (g->streamK && mlirOperationEqual(op, g->skLoop))
    gpuStreamKBounds(g, b, false, &lb, &ub, step);
  GpuPipeline pipe;
  bool piped = gpuPipelinePlan(g, op, &pipe);
  if (g->assumeAligned16 && g->remarks.fn)
    sayLoopDecisions(g, op);
  if (piped && !gpuPipelinePrologue(g, b, &pipe, lb, ub, step)) {
    free(iterArgs);
    free(resident);
    free(inits);
    return false;
  }
  for (intptr_t i = 0; i < nIter; ++i)
    if (resident[i])
      gpuTcgen05EnterLoop(g, b, op, i, piped && pipe.wgmmaInFlight);
  TileBuilder inner;
  MlirOperation loop = bFor(b, lb, ub, step, nFlat, inits, &inner);
  MlirValue iv = mlirBlockGetArgument(inner.block, 0);
  gpuSetScalar(g, mlirBlockGetArgument(body, 0), iv);
  MlirValue *args = malloc((size_t)(nFlat + 1) * sizeof *args);
  for (int i = 0; i < nFlat; ++i)
    args[i] = mlirBlockGetArgument(inner.block, 1 + i);
  unflatten(g, &inner, nIter, iterArgs, args);
  g->inPipelinedLoop += piped;
  bool many = g->loopHoldsManyRegisters;
  g->loopHoldsManyRegisters = manyHere;
  bool inFlight = g->wgmmaInFlight;
  g->wgmmaInFlight = piped && pipe.wgmmaInFlight;
  ok = (!piped || gpuPipelineIteration(g, &inner, &pipe, iv, lb, ub, step)) &&
       g->lowerBlock(g, &inner, body);
  if (ok && piped)
    gpuPipelineIterationEnd(g, &inner, &pipe, iv, lb, step);
  g->wgmmaInFlight = inFlight;
  g->loopHoldsManyRegisters = many;
  g->inPipelinedLoop -= piped;
  if (ok) {
    MlirOperation yield = mlirBlockGetTerminator(body);
    ok = flatten(g, &inner, yield, 0, nIter, iterArgs, args) == nFlat;
    if (ok)
      bYield(&inner, "scf.yield", nFlat, args);
  }
  if (ok)
    mapResults(g, b, op, loop);
  if (ok && piped)
    /* b's point is right after the loop */
    gpuPipelineEpilogue(g, b, &pipe, op, lb, ub, step);
  for (intptr_t i = 0; ok && i < nIter; ++i)
    if (resident[i])
      gpuTcgen05ExitLoop(g, b, op, i, piped && pipe.wgmmaInFlight);
  free(resident);
  free(iterArgs);
  free(inits);
  free(args);
  return ok;
}

/* Element types of the flat registers of `values`. */
static void flatTypes(intptr_t n, const MlirValue *values, MlirType *out) {
  int k = 0;
  for (intptr_t i = 0; i < n; ++i) {
    MlirType t = mlirValueGetType(values[i]);
    int r = regsOf(t);
    MlirType e = packed(t) ? tileI32Type(mlirTypeGetContext(t))
                 : mlirTypeIsARankedTensor(t) ? mlirShapedTypeGetElementType(t)
                                              : t;
    for (int j = 0; j < r; ++j)
      out[k++] = e;
  }
}

static bool lowerIfBranch(GpuLowering *g, TileBuilder *inner, MlirRegion region,
                          intptr_t nResults, const MlirValue *results,
                          int nFlat) {
  MlirBlock block = mlirRegionGetFirstBlock(region);
  if (mlirBlockIsNull(block)) {
    bYield(inner, "scf.yield", 0, NULL);
    return true;
  }
  if (!g->lowerBlock(g, inner, block))
    return false;
  MlirValue *flat = malloc((size_t)(nFlat + 1) * sizeof *flat);
  bool ok = flatten(g, inner, mlirBlockGetTerminator(block), 0, nResults,
                    results, flat) == nFlat;
  if (ok)
    bYield(inner, "scf.yield", nFlat, flat);
  free(flat);
  return ok;
}

bool gpuLowerIf(GpuLowering *g, TileBuilder *b, MlirOperation op) {
  intptr_t nResults = mlirOperationGetNumResults(op);
  MlirValue *results = malloc((size_t)(nResults + 1) * sizeof *results);
  for (intptr_t i = 0; i < nResults; ++i)
    results[i] = mlirOperationGetResult(op, i);
  int nFlat = countRegs(g, nResults, results);
  MlirValue cond = gpuOperandScalar(g, op, 0);
  if (nFlat < 0 || mlirValueIsNull(cond)) {
    free(results);
    return false;
  }
  MlirType *types = malloc((size_t)(nFlat + 1) * sizeof *types);
  flatTypes(nResults, results, types);
  MlirRegion elseRegion = mlirOperationGetRegion(op, 1);
  bool hasElse = !mlirBlockIsNull(mlirRegionGetFirstBlock(elseRegion));
  TileBuilder thenB, elseB;
  MlirOperation ifOp = bIf(b, cond, nFlat, types, hasElse, &thenB, &elseB);
  bool ok = lowerIfBranch(g, &thenB, mlirOperationGetRegion(op, 0), nResults,
                          results, nFlat);
  if (ok && (hasElse || nFlat > 0))
    ok = lowerIfBranch(g, &elseB, elseRegion, nResults, results, nFlat);
  if (ok)
    mapResults(g, b, op, ifOp);
  free(types);
  free(results);
  return ok;
}
