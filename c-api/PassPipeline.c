/* Textual pass pipelines with tile passes in them.
 *
 * MLIR 22 cannot register external passes by name, so this parser walks
 * MLIR's pipeline syntax itself:  element (',' element)*  where an element
 * is  NAME{options}  or  OPNAME(pipeline) . tile-* names become tile passes;
 * runs of other elements are handed to mlirOpPassManagerAddPipeline as they
 * are written; OPNAME(...) nests a pass manager. */
#include "tile-c/Passes.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "lib/IR/IR.h"
#include "lib/Support/StrBuf.h"

typedef struct {
  const char *text;
  size_t len;
  size_t pos;
  MlirStringCallback cb;
  void *userData;
  bool failed;
} Parser;

static void fail(Parser *p, size_t at, const char *msg) {
  if (p->failed)
    return;
  p->failed = true;
  TileStrBuf b = tileStrBufInit();
  tileStrBufPrintf(&b, "invalid pass pipeline at offset %zu: %s\n  %.*s\n  %*s^",
                   at, msg, (int)p->len, p->text, (int)at, "");
  if (p->cb)
    p->cb(tileStr(tileStrBufCStr(&b)), p->userData);
  tileStrBufFree(&b);
}

static void skipSpace(Parser *p) {
  while (p->pos < p->len && isspace((unsigned char)p->text[p->pos]))
    ++p->pos;
}

static bool isNameChar(char c) {
  return isalnum((unsigned char)c) || c == '_' || c == '-' || c == '.' ||
         c == '$';
}

/* Skips a balanced {...} starting at p->pos (quotes respected). */
static bool skipBraces(Parser *p) {
  int depth = 0;
  char quote = 0;
  size_t start = p->pos;
  for (; p->pos < p->len; ++p->pos) {
    char c = p->text[p->pos];
    if (quote) {
      if (c == quote)
        quote = 0;
    } else if (c == '"' || c == '\'') {
      quote = c;
    } else if (c == '{') {
      ++depth;
    } else if (c == '}' && --depth == 0) {
      ++p->pos;
      return true;
    }
  }
  fail(p, start, "unbalanced '{'");
  return false;
}

/* Upstream elements collected since the last tile pass, flushed as one
 * mlirOpPassManagerAddPipeline call. */
typedef struct {
  TileStrBuf text;
  size_t at;
} Pending;

static void relayUpstreamError(MlirStringRef msg, void *userData) {
  TileStrBuf *b = userData;
  tileStrBufAppend(b, msg.data, msg.length);
}

static void flush(Parser *p, MlirOpPassManager pm, Pending *pending) {
  if (pending->text.len == 0 || p->failed)
    return;
  TileStrBuf err = tileStrBufInit();
  MlirLogicalResult r = mlirOpPassManagerAddPipeline(
      pm, tileStr(tileStrBufCStr(&pending->text)), relayUpstreamError, &err);
  if (mlirLogicalResultIsFailure(r)) {
    TileStrBuf msg = tileStrBufInit();
    tileStrBufPrintf(&msg, "%s", err.len ? tileStrBufCStr(&err)
                                         : "upstream pipeline rejected");
    /* MLIR's message may span lines; keep the first for the caret line. */
    char *nl = strchr(msg.data ? msg.data : "", '\n');
    if (nl)
      *nl = '\0';
    fail(p, pending->at, tileStrBufCStr(&msg));
    tileStrBufFree(&msg);
  }
  tileStrBufFree(&err);
  tileStrBufFree(&pending->text);
  pending->text = tileStrBufInit();
}

static void parsePipeline(Parser *p, MlirOpPassManager pm, char closer);

/* Parses one element and adds it to `pm` (or to `pending`). */
static void parseElement(Parser *p, MlirOpPassManager pm, Pending *pending) {
  skipSpace(p);
  size_t start = p->pos;
  while (p->pos < p->len && isNameChar(p->text[p->pos]))
    ++p->pos;
  if (p->pos == start) {
    fail(p, start, "expected a pass or operation name");
    return;
  }
  MlirStringRef name = {p->text + start, p->pos - start};
  skipSpace(p);
  if (p->pos < p->len && p->text[p->pos] == '(') {
    /* OPNAME(pipeline): nest. */
    flush(p, pm, pending);
    char opName[128];
    snprintf(opName, sizeof opName, "%.*s", (int)name.length, name.data);
    ++p->pos;
    MlirOpPassManager nested =
        mlirOpPassManagerGetNestedUnder(pm, tileStr(opName));
    parsePipeline(p, nested, ')');
    if (!p->failed) {
      if (p->pos >= p->len || p->text[p->pos] != ')')
        fail(p, p->pos, "expected ')'");
      else
        ++p->pos;
    }
    return;
  }
  size_t optStart = p->pos, optEnd = p->pos;
  if (p->pos < p->len && p->text[p->pos] == '{') {
    if (!skipBraces(p))
      return;
    optEnd = p->pos;
  }
  bool isTile = name.length > 5 && memcmp(name.data, "tile-", 5) == 0;
  if (!isTile) {
    if (pending->text.len == 0)
      pending->at = start;
    else
      tileStrBufAppendStr(&pending->text, ",");
    tileStrBufAppend(&pending->text, p->text + start, optEnd - start);
    return;
  }
  flush(p, pm, pending);
  if (p->failed)
    return;
  MlirStringRef options = {p->text + optStart, 0};
  if (optEnd > optStart) /* strip the braces */
    options = (MlirStringRef){p->text + optStart + 1, optEnd - optStart - 2};
  TileStrBuf err = tileStrBufInit();
  MlirPass pass = tileCreatePassByName(name, options, relayUpstreamError, &err);
  if (!pass.ptr)
    fail(p, start, tileStrBufCStr(&err));
  else
    mlirOpPassManagerAddOwnedPass(pm, pass);
  tileStrBufFree(&err);
}

static void parsePipeline(Parser *p, MlirOpPassManager pm, char closer) {
  Pending pending = {tileStrBufInit(), 0};
  skipSpace(p);
  /* An empty nested pipeline "func.func()" is allowed, as in MLIR. */
  while (!p->failed && p->pos < p->len && p->text[p->pos] != closer) {
    parseElement(p, pm, &pending);
    skipSpace(p);
    if (p->failed || p->pos >= p->len || p->text[p->pos] == closer)
      break;
    if (p->text[p->pos] != ',') {
      /* A ')' that is not our closer has no '(' to match. */
      fail(p, p->pos, p->text[p->pos] == ')'
                          ? "unexpected ')'"
                          : "expected ',' between pipeline elements");
      break;
    }
    ++p->pos;
    skipSpace(p);
    if (p->pos >= p->len || p->text[p->pos] == closer)
      fail(p, p->pos, "expected a pass after ','");
  }
  flush(p, pm, &pending);
  tileStrBufFree(&pending.text);
}

MlirLogicalResult tileParsePassPipeline(MlirOpPassManager pm,
                                        MlirStringRef pipeline,
                                        MlirStringRef anchor,
                                        MlirStringCallback errorCallback,
                                        void *userData) {
  Parser p = {pipeline.data, pipeline.length, 0, errorCallback, userData,
              false};
  /* Unwrap "ANCHOR(...)" when it is the whole pipeline. */
  skipSpace(&p);
  size_t a = anchor.length;
  if (a && p.len - p.pos > a && memcmp(p.text + p.pos, anchor.data, a) == 0) {
    size_t q = p.pos + a;
    while (q < p.len && isspace((unsigned char)p.text[q]))
      ++q;
    if (q < p.len && p.text[q] == '(') {
      p.pos = q + 1;
      parsePipeline(&p, pm, ')');
      if (!p.failed && (p.pos >= p.len || p.text[p.pos] != ')'))
        fail(&p, p.pos, "expected ')'");
      else if (!p.failed) {
        ++p.pos;
        skipSpace(&p);
        if (p.pos < p.len)
          fail(&p, p.pos, "unexpected text after the pipeline");
      }
      return p.failed ? mlirLogicalResultFailure()
                      : mlirLogicalResultSuccess();
    }
  }
  /* With no closer, parsePipeline consumes everything or fails. */
  parsePipeline(&p, pm, '\0');
  return p.failed ? mlirLogicalResultFailure() : mlirLogicalResultSuccess();
}
