/* Shared-memory staging layouts; see SmemLayout.h. */
#include "lib/Analysis/SmemLayout.h"

#include "lib/IR/IR.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

TileSmemLayout tileSmemLayoutFor(int64_t rows, int64_t cols, int elemBytes,
                                 bool transposed) {
  TileSmemLayout s = {transposed ? rows : cols, elemBytes, 1, 1, transposed,
                      rows * cols * elemBytes, 0};
  int64_t chunks = s.rowElems * elemBytes / 16; /* per stored row */
  if (chunks >= 8) {
    s.maxPhase = 8;
  } else if (chunks > 1) {
    s.maxPhase = (int)chunks;
    s.perPhase = 8 / (int)chunks;
  }
  return s;
}

bool tileSmemLayoutForWgmma(int64_t rows, int64_t cols, int elemBytes,
                            bool transposed, TileSmemLayout *out) {
  int64_t stored = transposed ? cols : rows; /* stored rows */
  int64_t rowBytes = (transposed ? rows : cols) * elemBytes;
  bool width = rowBytes == 32 || rowBytes == 64 || rowBytes % 128 == 0;
  if (!width || rowBytes <= 0 || stored % 8 != 0)
    return false;
  int64_t blockBytes = rowBytes < 128 ? rowBytes : 128;
  *out = tileSmemLayoutFor(rows, cols, elemBytes, transposed);
  out->blockElems = blockBytes / elemBytes;
  return true;
}

int64_t tileSmemLayoutAlignment(const TileSmemLayout *s) {
  return s->blockElems > 0 ? 1024 : 128;
}

bool tileSmemLayoutEqual(const TileSmemLayout *a, const TileSmemLayout *b) {
  return a->rowElems == b->rowElems && a->elemBytes == b->elemBytes &&
         a->perPhase == b->perPhase && a->maxPhase == b->maxPhase &&
         a->transposed == b->transposed && a->bytes == b->bytes &&
         a->blockElems == b->blockElems;
}

static MlirNamedAttribute entry(MlirContext ctx, const char *name,
                                MlirAttribute value) {
  return mlirNamedAttributeGet(mlirIdentifierGet(ctx, tileStr(name)), value);
}

static MlirAttribute i64(MlirContext ctx, int64_t v) {
  return mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), v);
}

MlirAttribute tileSmemLayoutToAttr(MlirContext ctx, const TileSmemLayout *s) {
  MlirNamedAttribute entries[] = {
      entry(ctx, "row_elems", i64(ctx, s->rowElems)),
      entry(ctx, "elem_bytes", i64(ctx, s->elemBytes)),
      entry(ctx, "per_phase", i64(ctx, s->perPhase)),
      entry(ctx, "max_phase", i64(ctx, s->maxPhase)),
      entry(ctx, "transposed", mlirBoolAttrGet(ctx, s->transposed)),
      entry(ctx, "bytes", i64(ctx, s->bytes)),
      entry(ctx, "block_elems", i64(ctx, s->blockElems))};
  return mlirDictionaryAttrGet(ctx, s->blockElems > 0 ? 7 : 6, entries);
}

static bool readInt(MlirAttribute dict, const char *name, int64_t lo,
                    int64_t *out) {
  MlirAttribute a = mlirDictionaryAttrGetElementByName(dict, tileStr(name));
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAInteger(a))
    return false;
  *out = mlirIntegerAttrGetValueInt(a);
  return *out >= lo;
}

bool tileSmemLayoutFromAttr(MlirAttribute attr, TileSmemLayout *out) {
  if (mlirAttributeIsNull(attr) || !mlirAttributeIsADictionary(attr))
    return false;
  int64_t rowElems, eb, perPhase, maxPhase, bytes;
  MlirAttribute t =
      mlirDictionaryAttrGetElementByName(attr, tileStr("transposed"));
  if (!readInt(attr, "row_elems", 1, &rowElems) ||
      !readInt(attr, "elem_bytes", 1, &eb) ||
      !readInt(attr, "per_phase", 1, &perPhase) ||
      !readInt(attr, "max_phase", 1, &maxPhase) ||
      !readInt(attr, "bytes", 0, &bytes) || mlirAttributeIsNull(t) ||
      !mlirAttributeIsABool(t))
    return false;
  int64_t blockElems = 0;
  if (!mlirAttributeIsNull(
          mlirDictionaryAttrGetElementByName(attr, tileStr("block_elems"))) &&
      (!readInt(attr, "block_elems", 1, &blockElems) ||
       rowElems % blockElems != 0 || (blockElems * eb) % 32 != 0 ||
       blockElems * eb > 128))
    return false;
  *out = (TileSmemLayout){rowElems, (int)eb, (int)perPhase, (int)maxPhase,
                          mlirBoolAttrGetValue(t), bytes, blockElems};
  return true;
}
