/* The kernel's entries, each given a module of its own so that they are
 * lowered and translated in parallel, and the upstream pipeline that
 * lowers them to NVVM (the lean one where it suffices); see GpuEntries.h. */
#include "lib/Target/GpuEntries.h"

#include <stdio.h>
#include <string.h>

#include "lib/Conversion/TileToGPU/TileToGPU.h"
#include "lib/IR/IR.h"
#include "mlir-c/BuiltinAttributes.h"

/* Each entry's lowering to the LLVM/NVVM dialects, as pipeline elements
 * for its builtin.module, with `index` as an integer of `bits` (index-bits):
 * 32 by default, 64 for arrays of 2^31 elements or more. Addresses are
 * always formed in 64 bits (gpuGep); what the width bounds is the element
 * offsets (and every other index value), which 32 bits compute faster. No
 * canonicalize/cse here: LLVM's own cleanups give byte-identical PTX,
 * 5-10% sooner.
 *
 * TileToGPU emits the entry as an llvm.func and the GPU operations as NVVM
 * ops, so what is left is arith, scf and cf: the lean pipeline converts
 * only those. convert-gpu-to-nvvm (a greedy rewrite over every op, then a
 * conversion of all of them: a third of the lowering's time on attention)
 * comes in only for what its libdevice patterns lower: math ops and the
 * arith ops libdevice implements. NVVM ops that upstream lowers to inline
 * PTX (wgmma.mma_async) rather than to intrinsics need
 * convert-nvvm-to-llvm first (`ptxOps`). */
static void formatLowering(bool lean, bool ptxOps, int bits, char *buf,
                           size_t size) {
  const char *nvvm = ptxOps ? "convert-nvvm-to-llvm," : "";
  if (lean)
    snprintf(buf, size,
             "gpu.module(%sconvert-scf-to-cf,"
             "convert-arith-to-llvm{index-bitwidth=%d}),"
             /* (anchored on builtin.module only; it converts the nested
              * ops) */
             "convert-cf-to-llvm{index-bitwidth=%d},"
             "gpu.module(reconcile-unrealized-casts)",
             nvvm, bits, bits);
  else
    snprintf(buf, size,
             "gpu.module(%sconvert-scf-to-cf,"
             "convert-gpu-to-nvvm{index-bitwidth=%d},"
             "convert-math-to-llvm,"
             "convert-arith-to-llvm{index-bitwidth=%d},"
             "convert-index-to-llvm{index-bitwidth=%d},"
             "reconcile-unrealized-casts)",
             nvvm, bits, bits, bits);
}

static bool hasPrefix(MlirStringRef s, const char *prefix) {
  size_t n = strlen(prefix);
  return s.length >= n && memcmp(s.data, prefix, n) == 0;
}

/* Whether every op is one the lean pipeline lowers (or already LLVM/NVVM),
 * and whether an NVVM op needs convert-nvvm-to-llvm. An arith op libdevice
 * implements is left only when TileToGPU could not make it a call (it has
 * fast-math flags, say): convert-gpu-to-nvvm lowers it. */
typedef struct {
  bool lean;
  bool ptxOps; /* ops convert-nvvm-to-llvm lowers to inline PTX */
} LoweringScan;

static MlirWalkResult leanOp(MlirOperation op, void *userData) {
  LoweringScan *scan = userData;
  MlirStringRef name =
      mlirIdentifierStr(mlirOperationGetName(op));
  if (hasPrefix(name, "nvvm.wgmma.mma_async") ||
      hasPrefix(name, "nvvm.mbarrier.") ||
      hasPrefix(name, "nvvm.cp.async.bulk."))
    scan->ptxOps = true;
  bool lean = hasPrefix(name, "llvm.") || hasPrefix(name, "nvvm.") ||
              hasPrefix(name, "scf.") || hasPrefix(name, "cf.") ||
              hasPrefix(name, "builtin.") || hasPrefix(name, "gpu.module") ||
              (hasPrefix(name, "arith.") && !tileGpuIsLibdeviceOp(op));
  if (!lean)
    scan->lean = false;
  return MlirWalkResultAdvance;
}

static void loweringFor(MlirOperation gpuModule, int indexBits, char *buf,
                        size_t size) {
  LoweringScan scan = {true, false};
  mlirOperationWalk(gpuModule, leanOp, &scan, MlirWalkPreOrder);
  formatLowering(scan.lean, scan.ptxOps, indexBits, buf, size);
}

static bool isEntry(MlirOperation op) {
  return tileOpIsNamed(op, "llvm.func") &&
         !mlirAttributeIsNull(tileOpAttr(op, "nvvm.kernel"));
}

/* Gives each entry of the gpu.module a gpu.module of its own (with copies
 * of the shared-memory globals), each in a builtin.module of its own,
 * returned in `wrappers` in the entries' order (the generic entry, then the
 * aligned one): the pass manager runs a nested pipeline on such isolated
 * modules in parallel, so the entries are lowered, optimized and
 * translated to PTX on separate threads, and each can also be compiled on
 * its own. The entries move; only the rest is copied. Returns the number
 * of entries and writes to `lowering` the pipeline they need. */
int tileGpuSeparateEntries(MlirModule module,
                           MlirOperation wrappers[TILE_MAX_ENTRIES],
                           int indexBits, char *lowering,
                           size_t loweringSize) {
  MlirBlock body = mlirModuleGetBody(module);
  MlirOperation gpuModule = {NULL};
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
    if (tileOpIsNamed(op, "gpu.module"))
      gpuModule = op;
  if (mlirOperationIsNull(gpuModule))
    return 0;
  loweringFor(gpuModule, indexBits, lowering, loweringSize);
  MlirOperation funcs[TILE_MAX_ENTRIES];
  int entries = 0;
  MlirBlock gpuBody =
      mlirRegionGetFirstBlock(mlirOperationGetRegion(gpuModule, 0));
  for (MlirOperation op = mlirBlockGetFirstOperation(gpuBody);
       !mlirOperationIsNull(op) && entries < TILE_MAX_ENTRIES;
       op = mlirOperationGetNextInBlock(op))
    if (isEntry(op))
      funcs[entries++] = op; /* TileToGPU makes exactly two */
  if (entries == 0)
    return 0;
  for (int i = 0; i < entries; ++i)
    mlirOperationRemoveFromParent(funcs[i]);
  mlirOperationRemoveFromParent(gpuModule);
  for (int i = 0; i < entries; ++i) {
    MlirOperation m =
        i + 1 < entries ? mlirOperationClone(gpuModule) : gpuModule;
    mlirBlockAppendOwnedOperation(
        mlirRegionGetFirstBlock(mlirOperationGetRegion(m, 0)), funcs[i]);
    MlirModule wrapper = mlirModuleCreateEmpty(mlirOperationGetLocation(m));
    mlirBlockAppendOwnedOperation(mlirModuleGetBody(wrapper), m);
    wrappers[i] = mlirModuleGetOperation(wrapper);
    mlirBlockAppendOwnedOperation(body, wrappers[i]);
  }
  return entries;
}
