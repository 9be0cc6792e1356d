/* The one table of options; see Options.h. */
#include "lib/Transforms/Options.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/Support/Error.h"
#include "lib/Transforms/StripAsserts.h"

void tileOptionsInit(TileOptions *o) { memset(o, 0, sizeof *o); }

void tileOptionsInitCompile(TileOptions *o) {
  tileOptionsInit(o);
  snprintf(o->chip, sizeof o->chip, "sm_90a");
  o->indexBits = 32;
}

static int wantsFailed(const char *key, const char *wants, const char *value,
                       char *why, size_t whySize) {
  return tileFail(why, whySize, "%s wants %s, got '%s'", key, wants, value);
}

/* The index of `v` among `names` (NULL-terminated), or -1. */
static int nameIndex(const char *const *names, const char *v) {
  for (int i = 0; names[i]; ++i)
    if (strcmp(names[i], v) == 0)
      return i;
  return -1;
}

/* ---- chip ---------------------------------------------------------------- */

/* sm_NN, sm_NNa, sm_NNNa (or f), short enough for TileOptions.chip. */
static bool chipForm(const char *chip) {
  if (strlen(chip) >= sizeof((TileOptions *)0)->chip ||
      strncmp(chip, "sm_", 3) != 0)
    return false;
  const char *p = chip + 3;
  int digits = 0;
  while (*p >= '0' && *p <= '9')
    ++p, ++digits;
  if (*p == 'a' || *p == 'f')
    ++p;
  return digits >= 2 && digits <= 3 && *p == '\0';
}

/* The chips LLVM 22's NVPTX back end knows (`llc -march=nvptx64
 * -mcpu=help`). It would take any other name with a warning per function
 * ("not a recognized processor") and write PTX for a default chip. */
static const char *const kKnownChips[] = {
    "sm_20",   "sm_21",   "sm_30",   "sm_32",   "sm_35",   "sm_37",
    "sm_50",   "sm_52",   "sm_53",   "sm_60",   "sm_61",   "sm_62",
    "sm_70",   "sm_72",   "sm_75",   "sm_80",   "sm_86",   "sm_87",
    "sm_88",   "sm_89",   "sm_90",   "sm_90a",  "sm_100",  "sm_100a",
    "sm_100f", "sm_101",  "sm_101a", "sm_101f", "sm_103",  "sm_103a",
    "sm_103f", "sm_110",  "sm_110a", "sm_110f", "sm_120",  "sm_120a",
    "sm_120f", "sm_121",  "sm_121a", "sm_121f", NULL};

static int setChip(TileOptions *o, const char *v, char *why, size_t n) {
  if (!chipForm(v))
    return tileFail(why, n, "chip '%s' is not of the form sm_90a / sm_80", v);
  if (nameIndex(kKnownChips, v) < 0)
    return tileFail(why, n,
                    "chip '%s' is not one LLVM's NVPTX back end knows (sm_20 "
                    "... sm_90a, sm_100 ... sm_121f)",
                    v);
  snprintf(o->chip, sizeof o->chip, "%s", v);
  return 0;
}

static void formatChip(const TileOptions *o, TileStrBuf *out) {
  tileStrBufPrintf(out, "%s", o->chip);
}

/* ---- named values ------------------------------------------------------- */


static const char *const kMma[] = {"auto", "sync", "wgmma", NULL};
static const char *const kChoice[] = {"auto", "true", "false", NULL};
/* generic=auto is the default only: it is not a value one can ask for. */
static const char *const kGeneric[] = {"auto", "lazy", "eager", NULL};

static int setMma(TileOptions *o, const char *v, char *why, size_t n) {
  int i = nameIndex(kMma, v);
  if (i < 0)
    return wantsFailed("mma", "auto, sync or wgmma", v, why, n);
  o->mma = (TileGpuMma)i;
  return 0;
}

static void formatMma(const TileOptions *o, TileStrBuf *out) {
  tileStrBufPrintf(out, "%s", kMma[o->mma]);
}

static int setChoice(TileChoice *to, const char *key, const char *v,
                     char *why, size_t n) {
  int i = nameIndex(kChoice, v);
  if (i < 0)
    return wantsFailed(key, "auto, true or false", v, why, n);
  *to = (TileChoice)i;
  return 0;
}

static int setWarpSpecialize(TileOptions *o, const char *v, char *why,
                             size_t n) {
  return setChoice(&o->warpSpecialize, "warp-specialize", v, why, n);
}

static int setPersistent(TileOptions *o, const char *v, char *why, size_t n) {
  return setChoice(&o->persistent, "persistent", v, why, n);
}

static int setCtaPairs(TileOptions *o, const char *v, char *why, size_t n) {
  return setChoice(&o->ctaPairs, "cta-pairs", v, why, n);
}

static int setMulticast(TileOptions *o, const char *v, char *why, size_t n) {
  return setChoice(&o->multicast, "multicast", v, why, n);
}

static void formatMulticast(const TileOptions *o, TileStrBuf *out) {
  tileStrBufPrintf(out, "%s", kChoice[o->multicast]);
}

static int setStreamK(TileOptions *o, const char *v, char *why, size_t n) {
  return setChoice(&o->streamK, "stream-k", v, why, n);
}

static void formatStreamK(const TileOptions *o, TileStrBuf *out) {
  tileStrBufPrintf(out, "%s", kChoice[o->streamK]);
}

static int setBulkReduce(TileOptions *o, const char *v, char *why, size_t n) {
  return setChoice(&o->bulkReduce, "bulk-reduce", v, why, n);
}

static void formatBulkReduce(const TileOptions *o, TileStrBuf *out) {
  tileStrBufPrintf(out, "%s", kChoice[o->bulkReduce]);
}

static int setProducerLoads(TileOptions *o, const char *v, char *why,
                            size_t n) {
  return setChoice(&o->producerLoads, "producer-loads", v, why, n);
}

static void formatProducerLoads(const TileOptions *o, TileStrBuf *out) {
  tileStrBufPrintf(out, "%s", kChoice[o->producerLoads]);
}

static int setOverlapSoftmax(TileOptions *o, const char *v, char *why,
                             size_t n) {
  return setChoice(&o->overlapSoftmax, "overlap-softmax", v, why, n);
}

static void formatOverlapSoftmax(const TileOptions *o, TileStrBuf *out) {
  tileStrBufPrintf(out, "%s", kChoice[o->overlapSoftmax]);
}

static void formatWarpSpecialize(const TileOptions *o, TileStrBuf *out) {
  tileStrBufPrintf(out, "%s", kChoice[o->warpSpecialize]);
}

static void formatPersistent(const TileOptions *o, TileStrBuf *out) {
  tileStrBufPrintf(out, "%s", kChoice[o->persistent]);
}

static void formatCtaPairs(const TileOptions *o, TileStrBuf *out) {
  tileStrBufPrintf(out, "%s", kChoice[o->ctaPairs]);
}

static int setGeneric(TileOptions *o, const char *v, char *why, size_t n) {
  int i = nameIndex(kGeneric, v);
  if (i < 1)
    return wantsFailed("generic", "lazy or eager", v, why, n);
  o->generic = (TileGenericEntry)i;
  return 0;
}

static void formatGeneric(const TileOptions *o, TileStrBuf *out) {
  tileStrBufPrintf(out, "%s", kGeneric[o->generic]);
}

static int setBool(bool *to, const char *key, const char *yes,
                   const char *no, const char *v, char *why, size_t n) {
  char wants[32];
  snprintf(wants, sizeof wants, "%s or %s", yes, no);
  if (strcmp(v, yes) != 0 && strcmp(v, no) != 0)
    return wantsFailed(key, wants, v, why, n);
  *to = strcmp(v, yes) == 0;
  return 0;
}

static int setFastMath(TileOptions *o, const char *v, char *why, size_t n) {
  return setBool(&o->fastMath, "fast-math", "true", "false", v, why, n);
}

static void formatFastMath(const TileOptions *o, TileStrBuf *out) {
  tileStrBufPrintf(out, "%s", o->fastMath ? "true" : "false");
}

static int setAsserts(TileOptions *o, const char *v, char *why, size_t n) {
  if (tileAssertsParse(v, &o->assertsOff))
    return 0;
  return wantsFailed("asserts", "on or off", v, why, n);
}

static void formatAsserts(const TileOptions *o, TileStrBuf *out) {
  tileStrBufPrintf(out, "%s", o->assertsOff ? "off" : "on");
}

static int setSplitLoops(TileOptions *o, const char *v, char *why, size_t n) {
  bool on = false;
  if (setBool(&on, "split-loops", "true", "false", v, why, n))
    return 1;
  o->splitLoopsOff = !on;
  return 0;
}

static void formatSplitLoops(const TileOptions *o, TileStrBuf *out) {
  tileStrBufPrintf(out, "%s", o->splitLoopsOff ? "false" : "true");
}

static int setProgramOrder(TileOptions *o, const char *v, char *why,
                           size_t n) {
  return setBool(&o->launchOrder, "program-order", "launch", "auto", v, why,
                 n);
}

static void formatProgramOrder(const TileOptions *o, TileStrBuf *out) {
  tileStrBufPrintf(out, "%s", o->launchOrder ? "launch" : "auto");
}

static const char *const cpuJitNames[] = {"fast", "optimized", "unoptimized"};

static int setCpuJit(TileOptions *o, const char *v, char *why, size_t n) {
  for (size_t i = 0; i < sizeof cpuJitNames / sizeof cpuJitNames[0]; ++i)
    if (strcmp(v, cpuJitNames[i]) == 0) {
      o->cpuJit = (TileCpuJit)i;
      return 0;
    }
  return tileFail(why, n,
                  "cpu-jit wants fast, optimized or unoptimized, "
                  "got '%s'",
                  v);
}

static void formatCpuJit(const TileOptions *o, TileStrBuf *out) {
  tileStrBufPrintf(out, "%s", cpuJitNames[o->cpuJit]);
}

/* ---- numbers -------------------------------------------------------------- */

/* A decimal integer from lo to hi (a power of two if pow2), or false. */
static bool intIn(const char *v, long lo, long hi, bool pow2, int *out) {
  char *end = NULL;
  long x = strtol(v, &end, 10);
  if (!*v || *end || x < lo || x > hi || (pow2 && (x & (x - 1))))
    return false;
  *out = (int)x;
  return true;
}

static int setNumWarps(TileOptions *o, const char *v, char *why, size_t n) {
  if (intIn(v, 1, 32, true, &o->numWarps))
    return 0;
  return wantsFailed("num-warps", "a power of two from 1 to 32", v, why, n);
}

/* auto (0): tile-pipeline fits the stages to the chip (Pipeline.c). */
static int setNumStages(TileOptions *o, const char *v, char *why, size_t n) {
  if (strcmp(v, "auto") == 0) {
    o->numStages = 0;
    return 0;
  }
  if (intIn(v, 1, 8, false, &o->numStages))
    return 0;
  return wantsFailed("num-stages", "auto or an integer from 1 to 8", v, why,
                     n);
}

/* 0 is the default (1, or the kernel's tile.blocks_per_sm). */
static int setBlocksPerSm(TileOptions *o, const char *v, char *why, size_t n) {
  if (intIn(v, 1, 8, false, &o->blocksPerSm))
    return 0;
  return wantsFailed("blocks-per-sm", "an integer from 1 to 8", v, why, n);
}

static void formatBlocksPerSm(const TileOptions *o, TileStrBuf *out) {
  tileStrBufPrintf(out, "%d", o->blocksPerSm > 0 ? o->blocksPerSm : 1);
}

static void formatNumWarps(const TileOptions *o, TileStrBuf *out) {
  tileStrBufPrintf(out, "%d", o->numWarps);
}

static void formatNumStages(const TileOptions *o, TileStrBuf *out) {
  if (o->numStages == 0)
    tileStrBufPrintf(out, "auto");
  else
    tileStrBufPrintf(out, "%d", o->numStages);
}

static int setIndexBits(TileOptions *o, const char *v, char *why, size_t n) {
  if (strcmp(v, "32") != 0 && strcmp(v, "64") != 0)
    return wantsFailed("index-bits", "32 or 64", v, why, n);
  o->indexBits = v[0] == '3' ? 32 : 64;
  return 0;
}

static void formatIndexBits(const TileOptions *o, TileStrBuf *out) {
  tileStrBufPrintf(out, "%d", o->indexBits);
}

static int setToolkit(TileOptions *o, const char *v, char *why, size_t n) {
  if (!v[0] || strlen(v) >= sizeof o->toolkit)
    return wantsFailed("toolkit", "the CUDA toolkit's root directory", v, why,
                       n);
  snprintf(o->toolkit, sizeof o->toolkit, "%s", v);
  return 0;
}

/* ---- the table ------------------------------------------------------------ */

const TileOptionDef tileOptionTable[] = {
    {"chip", "sm_NN[a]",
     "the GPU to compile for (a compile's default: sm_90a; a pass's: none, "
     "the CPU's numerics and no chip's tensor cores)",
     setChip, formatChip, NULL},
    {"mma", "auto|sync|wgmma",
     "the tensor-core instructions on sm_90a: wgmma where a dot can take it "
     "(auto, the default), mma.sync only, or wgmma only",
     setMma, formatMma, ""},
    {"num-warps", "N",
     "warps per program, a power of two up to 32 (default: the kernel's "
     "tile.num_warps, else 4)",
     setNumWarps, formatNumWarps, ""},
    {"num-stages", "auto|N",
     "iterations in flight in a software-pipelined loop, 1 to 8 (default: "
     "the kernel's tile.num_stages, else auto: as many as the chip's shared "
     "memory holds, up to 4, or 3 in a loop of chained dots, 2 where its "
     "stage takes 64 KiB or more)",
     setNumStages, formatNumStages, "auto,2,3,4,5"},
    {"blocks-per-sm", "N",
     "blocks that share an SM, 1 to 8 (default: the kernel's "
     "tile.blocks_per_sm, else 1): num-stages=auto fits the stages in a "
     "block's share of the shared memory and each thread gets a share of "
     "the registers (.minnctapersm; a producer warpgroup's setmaxnreg "
     "counts sized to it), so one block's prologue and epilogue run beside "
     "the others' loops (short attention: up to 32% faster on an H200)",
     setBlocksPerSm, formatBlocksPerSm, ""},
    {"generic", "lazy|eager",
     "a package's generic entry as PTX the driver compiles on first use "
     "(lazy, the default) or compiled now",
     setGeneric, formatGeneric, NULL},
    {"fast-math", "true|false", "afn on every float op (default false)",
     setFastMath, formatFastMath, NULL},
    {"asserts", "on|off", "keep tile.assert (on, the default) or erase it",
     setAsserts, formatAsserts, NULL},
    {"split-loops", "true|false",
     "run the iterations of a loop whose masks are all true (or all false) "
     "without them, as a loop of their own (default true)",
     setSplitLoops, formatSplitLoops, ""},
    {"program-order", "auto|launch",
     "auto (the default): the programs whose loops run longest start first "
     "(causal attention's last query blocks); launch: blocks run programs "
     "in launch order",
     setProgramOrder, formatProgramOrder, ""},
    {"cpu-jit", "fast|optimized|unoptimized",
     "the CPU path's JIT: fast (the default) leaves the IR unoptimized and "
     "generates code at LLVM's default level; optimized also runs LLVM -O2 "
     "on the IR (30-340 ms more compiling for the examples, memory-bound "
     "kernels 1.3-5x faster; for a kernel launched many times in one "
     "process); unoptimized is -O0 throughout (a third less compiling than "
     "fast, code 1.7-5x slower; for kernels run once, as random testing "
     "does)",
     setCpuJit, formatCpuJit, NULL},
    {"overlap-softmax", "auto|true|false",
     "a chained-dot loop (attention's) issues the previous iteration's "
     "P V beside its scores, so its softmax runs under the tensor cores, "
     "and a loop of three or more dots (the backward's) issues two "
     "independent ones together (auto: where the dots run on wgmma and "
     "fit registers; the CPU runs it only with true)",
     setOverlapSoftmax, formatOverlapSoftmax, "auto,false"},
    {"warp-specialize", "auto|true|false",
     "a producer warpgroup issuing the TMA copies (auto: kernels of 8 or "
     "more warps with a loop of two or more dots; on sm_90a 4 warps too, "
     "their blocks sharing an SM)",
     setWarpSpecialize, formatWarpSpecialize, "auto,true,false"},
    {"persistent", "auto|true|false",
     "warp-specialized blocks run program after program (auto: off)",
     setPersistent, formatPersistent, "auto,true"},
    {"index-bits", "32|64",
     "the width of index arithmetic (default 32; 64 for arrays of 2^31 "
     "elements or more)",
     setIndexBits, formatIndexBits, NULL},
    {"cta-pairs", "auto|true|false",
     "sm_100a: programs 2i and 2i+1 share one tcgen05 MMA (auto: off)",
     setCtaPairs, formatCtaPairs, ""},
    {"multicast", "auto|true|false",
     "sm_90a: programs 2i and 2i+1 run as a cluster of two CTAs, and where "
     "the two read the same B (checked as they start) each copies half of "
     "it into both by TMA multicast (warp-specialized loops; auto: off)",
     setMulticast, formatMulticast, ""},
    {"stream-k", "auto|true|false",
     "a launch whose last wave of programs would leave half of the GPU "
     "idle or more runs those programs split along their loop of dots, "
     "each part on a block of its own, the last to finish adding the "
     "others' sums from a workspace (auto: on where the loop's sums allow "
     "it: a chain of dots from zero, programs along axis 0, not "
     "persistent)",
     setStreamK, formatStreamK, ""},
    {"bulk-reduce", "auto|true|false",
     "sm_90a: an atomic add of a whole box of f32 goes out through shared "
     "memory as one bulk tensor reduction, not element by element (auto: "
     "off: slower than the element-wise atomics on an H200)",
     setBulkReduce, formatBulkReduce, ""},
    {"producer-loads", "auto|true|false",
     "sm_90a: a tile loaded before a warp-specialized loop whose dots read "
     "it from shared memory every iteration (attention's Q) is copied there "
     "by the producer warpgroup by TMA as the loop starts, and one loaded "
     "after it like one of its loads (the rotated loop's last V) as one "
     "more iteration, not loaded and stored by the kernel's warps (auto: "
     "on; on an H200 attention up to 7% faster at 512 tokens and FP8 "
     "attention 4-5%, some launches of one or two waves of programs up to "
     "10% slower)",
     setProducerLoads, formatProducerLoads, ""},
    {"toolkit", "CUDA_DIR",
     "the CUDA toolkit to take ptxas from (default: $CUDA_HOME, $CUDA_PATH, "
     "/usr/local/cuda)",
     setToolkit, NULL, NULL},
    {NULL, NULL, NULL, NULL, NULL, NULL},
};

const TileOptionDef *tileOptionFind(const char *key) {
  for (const TileOptionDef *d = tileOptionTable; d->key; ++d)
    if (strcmp(d->key, key) == 0)
      return d;
  return NULL;
}

void tileOptionKeys(TileStrBuf *out) {
  for (const TileOptionDef *d = tileOptionTable; d->key; ++d)
    tileStrBufPrintf(out, "%s%s", d == tileOptionTable ? "" : ", ", d->key);
}

int tileOptionSet(TileOptions *o, const char *key, const char *value,
                  char *why, size_t whySize) {
  const TileOptionDef *d = tileOptionFind(key);
  if (!d) {
    TileStrBuf keys = tileStrBufInit();
    tileOptionKeys(&keys);
    tileFail(why, whySize, "unknown option '%s' (%s)", key,
             tileStrBufCStr(&keys));
    tileStrBufFree(&keys);
    return 1;
  }
  return d->set(o, value, why, whySize);
}

/* Whether `key` is one of the space-separated words in `keys`. */
static bool keyAccepted(const char *keys, const char *key) {
  size_t n = strlen(key);
  for (const char *p = keys; *p;) {
    while (*p == ' ')
      ++p;
    const char *end = p;
    while (*end && *end != ' ')
      ++end;
    if ((size_t)(end - p) == n && n && memcmp(p, key, n) == 0)
      return true;
    p = end;
  }
  return false;
}

int tileOptionsParse(TileOptions *o, const char *text, size_t length,
                     const char *accepted, char *why, size_t whySize) {
  size_t i = 0;
  while (i < length) {
    while (i < length && (text[i] == ' ' || text[i] == ','))
      ++i;
    if (i >= length)
      break;
    size_t k0 = i;
    while (i < length && text[i] != '=' && text[i] != ' ' && text[i] != ',')
      ++i;
    char key[64], value[600];
    snprintf(key, sizeof key, "%.*s", (int)(i - k0), text + k0);
    if (i >= length || text[i] != '=')
      return tileFail(why, whySize, "option '%s' needs a value (%s=...)", key,
                      key);
    size_t v0 = ++i;
    while (i < length && text[i] != ' ' && text[i] != ',')
      ++i;
    snprintf(value, sizeof value, "%.*s", (int)(i - v0), text + v0);
    if (accepted && !keyAccepted(accepted, key))
      return tileFail(why, whySize, "no option '%s'%s%s", key,
                      *accepted ? "; it accepts: " : "", accepted);
    if (tileOptionSet(o, key, value, why, whySize))
      return 1;
  }
  return 0;
}

void tileOptionsFormat(const TileOptions *o, TileStrBuf *out) {
  bool first = true;
  for (const TileOptionDef *d = tileOptionTable; d->key; ++d) {
    if (!d->format)
      continue;
    tileStrBufPrintf(out, "%s%s=", first ? "" : " ", d->key);
    d->format(o, out);
    first = false;
  }
}

void tileForEachOption(void (*fn)(const char *usage, const char *help,
                                  void *userData),
                       void *userData) {
  for (const TileOptionDef *d = tileOptionTable; d->key; ++d) {
    char usage[64];
    snprintf(usage, sizeof usage, "%s=%s", d->key, d->syntax);
    fn(usage, d->help, userData);
  }
}
