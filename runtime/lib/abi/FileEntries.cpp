// dist.save and dist.load (io/NpyFile.h).
#include "idtr/idtr.h"

#include "io/NpyFile.h"
#include "support/ElementTypes.h"

using namespace idtr;

extern "C" {

int64_t _idtr_npy_read_header(const char *site, const char *path, const char *descr,
                              int64_t team, int64_t shapeRank, void *shape) {
  return readNpyHeader(site, path, descr, team, shapeRank, shape);
}

#define IDTR_DEFINE_NPY(SUFFIX, T)                                                        \
  void _idtr_npy_save_##SUFFIX(const char *site, const char *path, const char *descr,     \
                               int64_t team, int64_t gShapeRank, void *gShape,            \
                               int64_t lOffsRank, void *lOffs, int64_t lPartRank,         \
                               void *lPart) {                                             \
    saveNpy<sizeof(T)>(site, path, descr, team, gShapeRank, gShape, lOffsRank, lOffs,     \
                       lPartRank, lPart);                                                 \
  }                                                                                       \
  void _idtr_npy_load_##SUFFIX(const char *site, const char *path, int64_t team,           \
                               int64_t dataOffset, int64_t gShapeRank, void *gShape,      \
                               int64_t lOffsRank, void *lOffs, int64_t lPartRank,         \
                               void *lPart) {                                             \
    loadNpy<sizeof(T)>(site, path, team, dataOffset, gShapeRank, gShape, lOffsRank, lOffs, \
                       lPartRank, lPart);                                                 \
  }

IDTR_FOR_EACH_ELEMENT_TYPE(IDTR_DEFINE_NPY)

} // extern "C"
