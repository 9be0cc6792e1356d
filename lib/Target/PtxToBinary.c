/* Merging PTX modules and running ptxas; see PtxToBinary.h. */
#include "lib/Target/PtxToBinary.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/Support/Error.h"
#include "lib/Support/File.h"
#include "lib/Support/Tool.h"

/* The header LLVM's NVPTX back end writes (comments, .version, .target,
 * .address_size) ends after the .address_size line. */
static const char *headerEnd(const char *text) {
  const char *p = strstr(text, ".address_size");
  if (!p)
    return NULL;
  const char *newline = strchr(p, '\n');
  return newline ? newline + 1 : p + strlen(p);
}

/* Where a top-level item (a directive at the start of a line) that starts
 * at `p` ends: after its ';', or after the '}' closing its body (and a ';'
 * right after it, as in `= {1, 2};`). Comments may hold braces. */
static const char *itemEnd(const char *p) {
  int depth = 0;
  for (; *p; ++p) {
    if (p[0] == '/' && p[1] == '/') {
      while (*p && *p != '\n')
        ++p;
      if (!*p)
        break;
    } else if (*p == '{') {
      ++depth;
    } else if (*p == '}' && --depth == 0) {
      const char *q = p + 1;
      while (*q == ' ' || *q == '\t')
        ++q;
      return *q == ';' ? q + 1 : p + 1;
    } else if (*p == ';' && depth == 0) {
      return p + 1;
    }
  }
  return p;
}

static bool identStart(char c) {
  return isalpha((unsigned char)c) || c == '_' || c == '$' || c == '%';
}

/* The symbol a top-level item declares: the identifier before its
 * parameter list, its array bounds, its initializer or its end, at
 * parenthesis depth 0 (a function's return parameters come first, inside
 * parentheses). *isEntry tells an .entry apart. */
static bool itemName(const char *p, const char *end, char *name, size_t size,
                     bool *isEntry) {
  const char *ident = NULL;
  size_t identLen = 0;
  bool lastWasIdent = false;
  int depth = 0;
  *isEntry = false;
  while (p < end) {
    char c = *p;
    if (c == '.' || identStart(c) || isdigit((unsigned char)c)) {
      const char *s = p++;
      while (p < end && (isalnum((unsigned char)*p) || *p == '_' ||
                         *p == '$' || *p == '.'))
        ++p;
      if (depth == 0 && *s == '.' && (size_t)(p - s) == 6 &&
          strncmp(s, ".entry", 6) == 0)
        *isEntry = true;
      lastWasIdent = depth == 0 && identStart(*s);
      if (lastWasIdent)
        ident = s, identLen = (size_t)(p - s);
      continue;
    }
    if (c == '(' && depth++ == 0 && lastWasIdent)
      break;
    if (c == ')')
      --depth;
    if (depth == 0 && (c == '[' || c == '{' || c == ';' || c == '='))
      break;
    if (!isspace((unsigned char)c))
      lastWasIdent = false;
    ++p;
  }
  if (!ident || identLen >= size)
    return false;
  memcpy(name, ident, identLen);
  name[identLen] = '\0';
  return true;
}

typedef struct {
  char **names;
  int count, cap;
} NameSet;

static bool nameSetHas(const NameSet *s, const char *name) {
  for (int i = 0; i < s->count; ++i)
    if (strcmp(s->names[i], name) == 0)
      return true;
  return false;
}

static void nameSetAdd(NameSet *s, const char *name) {
  if (s->count == s->cap) {
    s->cap = s->cap ? 2 * s->cap : 16;
    s->names = realloc(s->names, (size_t)s->cap * sizeof *s->names);
  }
  size_t len = strlen(name) + 1;
  s->names[s->count] = malloc(len);
  memcpy(s->names[s->count++], name, len);
}

static void nameSetFree(NameSet *s) {
  for (int i = 0; i < s->count; ++i)
    free(s->names[i]);
  free(s->names);
}

/* Appends the items of one module's body whose symbols earlier modules did
 * not define; records the symbols it keeps. */
static int appendBody(const char *p, NameSet *seen, TileStrBuf *out,
                      char *err, size_t errSize) {
  NameSet mine = {0};
  int rc = 0;
  while (*p) {
    const char *lineEnd = strchr(p, '\n');
    lineEnd = lineEnd ? lineEnd + 1 : p + strlen(p);
    if (*p != '.') { /* blank lines and comments between items */
      tileStrBufAppend(out, p, (size_t)(lineEnd - p));
      p = lineEnd;
      continue;
    }
    const char *end = itemEnd(p);
    char name[256];
    bool isEntry;
    bool named = itemName(p, end, name, sizeof name, &isEntry);
    if (named && nameSetHas(seen, name)) {
      if (isEntry) {
        snprintf(err, errSize, "internal error: two entries named '%s'", name);
        rc = 1;
        break;
      }
    } else {
      tileStrBufAppend(out, p, (size_t)(end - p));
      if (named)
        nameSetAdd(&mine, name);
    }
    p = end;
  }
  for (int i = 0; i < mine.count; ++i)
    if (!nameSetHas(seen, mine.names[i]))
      nameSetAdd(seen, mine.names[i]);
  nameSetFree(&mine);
  return rc;
}

int tilePtxMerge(const char *const *texts, int n, TileStrBuf *out, char *err,
                 size_t errSize) {
  NameSet seen = {0};
  int rc = 0;
  const char *firstVersion = NULL;
  size_t headerLen = 0;
  for (int i = 0; i < n && rc == 0; ++i) {
    const char *version = strstr(texts[i], ".version");
    const char *body = headerEnd(texts[i]);
    if (!version || !body || version > body) {
      snprintf(err, errSize, "internal error: PTX of entry %d has no header",
               i);
      rc = 1;
      break;
    }
    if (i == 0) {
      firstVersion = version;
      headerLen = (size_t)(body - version);
      tileStrBufAppend(out, texts[0], (size_t)(body - texts[0]));
    } else if ((size_t)(body - version) != headerLen ||
               strncmp(version, firstVersion, headerLen) != 0) {
      snprintf(err, errSize,
               "internal error: the entries' PTX headers differ");
      rc = 1;
      break;
    }
    rc = appendBody(body, &seen, out, err, errSize);
  }
  nameSetFree(&seen);
  return rc;
}

/* "sm_90a" -> "90a"; fatbinary names an architecture by its number. */
static const char *chipNumber(const char *chip) {
  return strncmp(chip, "sm_", 3) == 0 ? chip + 3 : chip;
}

struct TilePtxJob {
  TileScratch scratch;
  TileToolRun ptxas;
  char toolkit[512], chip[16];
  bool fatbin;
  int blocksPerSm; /* the most an entry's .minnctapersm asks for */
};

/* The most blocks an SM any entry of `ptx` asks for (.minnctapersm, which
 * TileToGPU writes for blocks-per-sm and beside setmaxnreg); 1 without. */
static int ptxBlocksPerSm(const char *ptx) {
  int most = 1;
  for (const char *p = strstr(ptx, ".minnctapersm"); p;
       p = strstr(p + 1, ".minnctapersm")) {
    int n = atoi(p + strlen(".minnctapersm"));
    most = n > most ? n : most;
  }
  return most;
}

static void scratchFile(const TilePtxJob *j, const char *name, char *path,
                        size_t size) {
  tileScratchPath(&j->scratch, name, path, size);
}

int tilePtxToBinaryStart(const char *toolkit, const char *chip,
                         const char *ptx, bool fatbin, TilePtxJob **job,
                         char *err, size_t errSize) {
  *job = NULL;
  TilePtxJob *j = calloc(1, sizeof *j);
  if (!j)
    return tileFail(err, errSize, "out of memory");
  snprintf(j->toolkit, sizeof j->toolkit, "%s", toolkit);
  snprintf(j->chip, sizeof j->chip, "%s", chip);
  j->fatbin = fatbin;
  j->blocksPerSm = ptxBlocksPerSm(ptx);
  if (tileScratchCreate(&j->scratch, err, errSize)) {
    free(j);
    return 1;
  }
  char ptxPath[512], cubinPath[512], logPath[512], tool[600], arch[32];
  scratchFile(j, "kernel.ptx", ptxPath, sizeof ptxPath);
  scratchFile(j, "kernel.cubin", cubinPath, sizeof cubinPath);
  scratchFile(j, "ptxas.log", logPath, sizeof logPath);
  snprintf(tool, sizeof tool, "%s/bin/ptxas", toolkit);
  snprintf(arch, sizeof arch, "-arch=%s", chip);
  /* --split-compile 0: optimize the functions (the entries) on as many
   * threads as there are CPUs. */
  const char *argv[] = {tool,    arch, "-O3",     "--split-compile", "0",
                        ptxPath, "-o", cubinPath, NULL};
  if (tileScratchWrite(&j->scratch, "kernel.ptx", ptx, strlen(ptx), err,
                       errSize) ||
      tileToolStart(argv, logPath, &j->ptxas, err, errSize)) {
    tileScratchDestroy(&j->scratch);
    free(j);
    return 1;
  }
  *job = j;
  return 0;
}

int tilePtxToBinaryFinish(TilePtxJob *j, void **out, size_t *size,
                          char *err, size_t errSize) {
  if (!j)
    return 0;
  char ptxPath[512], cubinPath[512], fatbinPath[512], logPath[512],
      tool[600], elfImage[600], ptxImage[600];
  scratchFile(j, "kernel.ptx", ptxPath, sizeof ptxPath);
  scratchFile(j, "kernel.cubin", cubinPath, sizeof cubinPath);
  scratchFile(j, "kernel.fatbin", fatbinPath, sizeof fatbinPath);
  scratchFile(j, "fatbinary.log", logPath, sizeof logPath);
  TileStrBuf log = tileStrBufInit();
  char toolErr[256] = "";
  int rc = tileToolFinish(&j->ptxas, &log, toolErr, sizeof toolErr);
  if (rc == 0 && out && j->fatbin) {
    snprintf(tool, sizeof tool, "%s/bin/fatbinary", j->toolkit);
    snprintf(elfImage, sizeof elfImage, "--image3=kind=elf,sm=%s,file=%s",
             chipNumber(j->chip), cubinPath);
    snprintf(ptxImage, sizeof ptxImage, "--image3=kind=ptx,sm=%s,file=%s",
             chipNumber(j->chip), ptxPath);
    const char *argv[] = {tool,       "-64",      elfImage, ptxImage,
                          "--create", fatbinPath, NULL};
    rc = tileRunTool(argv, logPath, &log, toolErr, sizeof toolErr);
  }
  /* ptxas names the registers it lacked, not why a thread has so few:
   * blocks-per-sm split the SM's among more blocks. Said before the log,
   * which `err` may cut short. */
  char why[200] = "";
  if (rc != 0 && j->blocksPerSm > 1 &&
      strstr(tileStrBufCStr(&log), "Insufficient registers"))
    snprintf(why, sizeof why,
             " (blocks-per-sm=%d shares an SM's 65536 registers among %d "
             "blocks: too few a thread for this kernel; ask for fewer blocks "
             "an SM, or give it fewer warps or smaller tiles)",
             j->blocksPerSm, j->blocksPerSm);
  if (rc != 0 && out)
    snprintf(err, errSize, "%s%s%s%s", toolErr, why, log.len ? ":\n" : "",
             tileStrBufCStr(&log));
  if (rc == 0 && out) {
    char *bytes;
    rc = tileReadFile(j->fatbin ? fatbinPath : cubinPath, "GPU binary",
                      &bytes, size, err, errSize);
    if (rc == 0)
      *out = bytes;
  }
  tileStrBufFree(&log);
  tileScratchDestroy(&j->scratch);
  free(j);
  return rc;
}

int tilePtxToBinary(const char *toolkit, const char *chip, const char *ptx,
                    bool fatbin, void **out, size_t *size, char *err,
                    size_t errSize) {
  TilePtxJob *job;
  return tilePtxToBinaryStart(toolkit, chip, ptx, fatbin, &job, err,
                              errSize) ||
         tilePtxToBinaryFinish(job, out, size, err, errSize);
}
