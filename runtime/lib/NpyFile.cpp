// dist.save / dist.load: .npy files (Npy.h) written and read by all ranks
// of a team at once with MPI-IO. Each rank's block is described to MPI as
// a subarray of the global array (MPI_Type_create_subarray, C order) set as
// the rank's file view, so that any split dimension works, and so do the
// blocks of a process grid (boxes offset in several dimensions), and one
// collective write/read moves every block straight between the rank's
// memory and its place in the file: no rank holds more than its block.
//
// The header is written by rank 0 and read by rank 0 alone, which
// broadcasts the outcome: then every rank stops with the same located
// message (missing file, wrong dtype or shape, Fortran order, truncation).
#include "CallSite.h"
#include "Descriptor.h"
#include "Errors.h"
#include "Mpi.h"
#include "Npy.h"
#include "StridedCopy.h"
#include "Buffer.h"
#include "Team.h"
#include "Watchdog.h"

#include "idtr/idtr.h"

#include <mpi.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

namespace idtr {
namespace {

// Names the user's op (the compiler passes "file:line:col: dist.save") for
// errors raised during the call, and initialises MPI.
struct FileCall {
  SiteScope scope;
  FileCall(const char *site, const char *kind) {
    enterSite(site, kind);
    ensureMpi();
  }
};

std::string mpiError(int rc) {
  char msg[MPI_MAX_ERROR_STRING];
  int len = 0;
  MPI_Error_string(rc, msg, &len);
  return std::string(msg, len);
}

void checkFile(int rc, const char *what, const char *path) {
  if (rc != MPI_SUCCESS)
    fail("%s '%s' failed: %s", what, path, mpiError(rc).c_str());
}

int toInt(int64_t v, const char *what, const char *path) {
  if (v < 0 || v > INT_MAX)
    fail("'%s': %s %lld exceeds MPI-IO's int counts", path, what, static_cast<long long>(v));
  return static_cast<int>(v);
}

// This rank's block in the file: the element type (elemSize bytes), and
// the file type selecting the block from the global array (MPI_BYTE for an
// empty block). Freed by the destructor.
struct BlockTypes {
  MPI_Datatype element = MPI_DATATYPE_NULL, file = MPI_BYTE;
  int count = 0;
  BlockTypes(const Shape &global, const Shape &offsets, const Shape &sizes,
             size_t elemSize, const char *path) {
    MPI_Type_contiguous(static_cast<int>(elemSize), MPI_BYTE, &element);
    MPI_Type_commit(&element);
    int64_t volume = idtr::volume(sizes);
    count = toInt(volume, "a block of", path);
    if (volume == 0)
      return;
    std::vector<int> g, s, o;
    for (size_t d = 0; d < global.size(); ++d) {
      g.push_back(toInt(global[d], "a dimension of", path));
      s.push_back(toInt(sizes[d], "a dimension of", path));
      o.push_back(toInt(offsets[d], "an offset of", path));
    }
    MPI_Type_create_subarray(static_cast<int>(g.size()), g.data(), s.data(), o.data(),
                             MPI_ORDER_C, element, &file);
    MPI_Type_commit(&file);
  }
  ~BlockTypes() {
    if (file != MPI_BYTE)
      MPI_Type_free(&file);
    MPI_Type_free(&element);
  }
  BlockTypes(const BlockTypes &) = delete;
  BlockTypes &operator=(const BlockTypes &) = delete;
};

// The checked arguments of a save or load: the global shape, this rank's
// box and its memory.
struct Block {
  Shape global, offsets;
  View part;
};

Block readBlock(int64_t gR, void *gD, int64_t oR, void *oD, int64_t pR, void *pD,
                size_t elemSize, const char *op) {
  Block b;
  b.global = readIndexArray(gR, gD, op);
  b.offsets = readIndexArray(oR, oD, op);
  b.part = viewFromDescriptor(pR, pD, elemSize, op);
  if (b.global.size() != b.offsets.size() || b.global.size() != b.part.sizes.size())
    fail("%s: the shape, offsets and local part have different ranks", op);
  for (size_t d = 0; d < b.global.size(); ++d)
    if (b.offsets[d] < 0 || b.part.sizes[d] > b.global[d] - b.offsets[d])
      fail("%s: the local part (offsets %s sizes %s) lies outside the array of shape %s", op,
           str(b.offsets).c_str(), str(b.part.sizes).c_str(), str(b.global).c_str());
  return b;
}

// Opens `path` on every rank of `comm`.
MPI_File openFile(MPI_Comm comm, const char *path, int mode, const char *what) {
  MPI_File fh = MPI_FILE_NULL;
  WatchedWait watch("MPI_File_open");
  checkFile(MPI_File_open(comm, path, mode, MPI_INFO_NULL, &fh), what, path);
  return fh;
}

// Sets this rank's view of the data after `dataOffset` bytes (offsets of
// later explicit-offset calls are relative to it).
void setBlockView(MPI_File fh, const char *path, int64_t dataOffset, const BlockTypes &types) {
  WatchedWait watch("MPI_File_set_view");
  checkFile(MPI_File_set_view(fh, dataOffset, MPI_BYTE, types.file, "native", MPI_INFO_NULL),
            "setting the view of", path);
}

template <size_t Size> void save(const char *site, const char *path, const char *descr,
                                 int64_t teamId, int64_t gR, void *gD, int64_t oR, void *oD,
                                 int64_t pR, void *pD) {
  guarded([&] {
    FileCall call(site, "npy_save");
    Team &t = team(teamId);
    Block b = readBlock(gR, gD, oR, oD, pR, pD, Size, "dist.save");
    std::string header = npy::encodeHeader(descr, b.global);
    BlockTypes types(b.global, b.offsets, b.part.sizes, Size, path);
    // The block in one dense piece for MPI (a copy only if it is strided).
    Buffer dense;
    const char *data = b.part.data;
    if (!b.part.isContiguous() && types.count > 0)
      data = denseCopy(b.part, dense).data;
    MPI_File fh = openFile(t.comm, path, MPI_MODE_CREATE | MPI_MODE_WRONLY, "creating");
    {
      WatchedWait watch("MPI_File_set_size");
      // An existing, longer file would keep its tail.
      checkFile(MPI_File_set_size(fh, 0), "truncating", path);
    }
    if (t.rank == 0)
      checkFile(MPI_File_write_at(fh, 0, header.data(), static_cast<int>(header.size()),
                                  MPI_BYTE, MPI_STATUS_IGNORE),
                "writing the header of", path);
    setBlockView(fh, path, static_cast<int64_t>(header.size()), types);
    {
      WatchedWait watch("MPI_File_write_all");
      checkFile(MPI_File_write_all(fh, data, types.count, types.element, MPI_STATUS_IGNORE),
                "writing", path);
    }
    WatchedWait watch("MPI_File_close");
    checkFile(MPI_File_close(&fh), "closing", path);
  });
}

template <size_t Size> void load(const char *site, const char *path, int64_t teamId,
                                 int64_t dataOffset, int64_t gR, void *gD, int64_t oR, void *oD,
                                 int64_t pR, void *pD) {
  guarded([&] {
    FileCall call(site, "npy_load");
    Team &t = team(teamId);
    Block b = readBlock(gR, gD, oR, oD, pR, pD, Size, "dist.load");
    BlockTypes types(b.global, b.offsets, b.part.sizes, Size, path);
    Buffer dense;
    char *data = b.part.data;
    bool strided = !b.part.isContiguous() && types.count > 0;
    if (strided) {
      dense = Buffer(static_cast<size_t>(types.count) * Size);
      data = dense.data();
    }
    MPI_File fh = openFile(t.comm, path, MPI_MODE_RDONLY, "opening");
    setBlockView(fh, path, dataOffset, types);
    {
      WatchedWait watch("MPI_File_read_all");
      checkFile(MPI_File_read_all(fh, data, types.count, types.element, MPI_STATUS_IGNORE),
                "reading", path);
    }
    {
      WatchedWait watch("MPI_File_close");
      checkFile(MPI_File_close(&fh), "closing", path);
    }
    if (strided)
      copyView(b.part, denseLike(dense.data(), b.part));
  });
}

// Rank 0's reading of the header: the shape, the data offset, or the
// reason the file does not fit the expected dtype and shape.
std::string checkHeader(const char *path, const char *descr, const Shape &expected,
                        npy::Header &header) {
  std::FILE *f = std::fopen(path, "rb");
  if (!f)
    return std::string("cannot open '") + path + "': " + std::strerror(errno);
  std::string where = std::string("'") + path + "': ";
  // Every length in the header is bounded by the file's size before
  // anything is allocated for it.
  struct stat st;
  if (fstat(fileno(f), &st) != 0 || !S_ISREG(st.st_mode)) {
    std::fclose(f);
    return where + "is not a regular file";
  }
  int64_t fileSize = static_cast<int64_t>(st.st_size);
  std::string error;
  std::string bytes(npy::kPreambleBytes, '\0');
  size_t got = std::fread(&bytes[0], 1, bytes.size(), f);
  int64_t total = npy::headerSize(bytes.data(), static_cast<int64_t>(got), fileSize, error);
  if (total >= 0) {
    bytes.resize(static_cast<size_t>(total));
    if (static_cast<int64_t>(got) < total)
      got += std::fread(&bytes[got], 1, static_cast<size_t>(total) - got, f);
    npy::parseHeader(bytes.data(), static_cast<int64_t>(got), header, error);
  }
  std::fclose(f);
  if (!error.empty())
    return where + error;
  std::string want = descr;
  std::string have = header.descr;
  if (have.size() > 1 && have[0] == '=')
    have[0] = want[0]; // native order is little-endian here
  if (have.size() > 1 && have[0] == '>' && have.substr(1) == want.substr(1))
    return where + "holds big-endian data ('" + header.descr +
           "'), only little-endian files are read";
  if (have != want)
    return where + "holds dtype '" + header.descr + "' but the result type needs '" + want + "'";
  if (header.fortranOrder)
    return where + "is in Fortran order (fortran_order: True); only C order is read";
  if (header.shape.size() != expected.size())
    return where + "holds an array of rank " + std::to_string(header.shape.size()) + " " +
           npy::shapeText(header.shape) + " but the result type has rank " +
           std::to_string(expected.size());
  for (size_t d = 0; d < expected.size(); ++d)
    if (expected[d] >= 0 && expected[d] != header.shape[d])
      return where + "holds shape " + npy::shapeText(header.shape) + " but the result type needs " +
             std::to_string(expected[d]) + " along dimension " + std::to_string(d);
  if (!npy::checkDataSize(header, npy::itemSize(want), fileSize, error))
    return where + error;
  return std::string();
}

int64_t readHeader(const char *site, const char *path, const char *descr, int64_t teamId,
                   int64_t sR, void *sD) {
  return guarded([&] {
    FileCall call(site, "npy_load");
    Team &t = team(teamId);
    View shapeView = viewFromDescriptor(sR, sD, sizeof(int64_t), "dist.load: shape");
    if (shapeView.rank() != 1)
      fail("dist.load: the shape argument is not a 1-D array");
    Shape expected = readIndexArray(sR, sD, "dist.load: shape");
    // [error length, data offset, shape...], then the error text.
    std::vector<int64_t> result(2 + expected.size(), 0);
    std::string error;
    if (t.rank == 0) {
      npy::Header header;
      error = checkHeader(path, descr, expected, header);
      result[0] = static_cast<int64_t>(error.size());
      result[1] = header.dataOffset;
      if (error.empty())
        for (size_t d = 0; d < expected.size(); ++d)
          result[2 + d] = header.shape[d];
    }
    {
      WatchedWait watch("MPI_Bcast (.npy header)");
      mpi::check(MPI_Bcast(result.data(), static_cast<int>(result.size()), MPI_INT64_T, 0,
                           t.comm),
                 "MPI_Bcast");
      error.resize(static_cast<size_t>(result[0]));
      if (result[0] > 0)
        mpi::check(MPI_Bcast(&error[0], static_cast<int>(error.size()), MPI_CHAR, 0, t.comm),
                   "MPI_Bcast");
    }
    if (!error.empty())
      fail("%s", error.c_str());
    for (size_t d = 0; d < expected.size(); ++d)
      *reinterpret_cast<int64_t *>(shapeView.data + d * shapeView.strides[0] * 8) =
          result[2 + d];
    return result[1];
  });
}

} // namespace
} // namespace idtr

using namespace idtr;

extern "C" {

int64_t _idtr_npy_read_header(const char *site, const char *path, const char *descr,
                              int64_t team, int64_t shapeRank, void *shape) {
  return readHeader(site, path, descr, team, shapeRank, shape);
}

#define IDTR_DEFINE_NPY(SUFFIX, T)                                                       \
  void _idtr_npy_save_##SUFFIX(const char *site, const char *path, const char *descr,    \
                               int64_t team, int64_t gR, void *gD, int64_t oR, void *oD, \
                               int64_t pR, void *pD) {                                   \
    save<sizeof(T)>(site, path, descr, team, gR, gD, oR, oD, pR, pD);                    \
  }                                                                                      \
  void _idtr_npy_load_##SUFFIX(const char *site, const char *path, int64_t team,          \
                               int64_t dataOffset, int64_t gR, void *gD, int64_t oR,     \
                               void *oD, int64_t pR, void *pD) {                         \
    load<sizeof(T)>(site, path, team, dataOffset, gR, gD, oR, oD, pR, pD);               \
  }

IDTR_DEFINE_NPY(f64, double)
IDTR_DEFINE_NPY(f32, float)
IDTR_DEFINE_NPY(i64, int64_t)
IDTR_DEFINE_NPY(i32, int32_t)
IDTR_DEFINE_NPY(i16, int16_t)
IDTR_DEFINE_NPY(i8, int8_t)
IDTR_DEFINE_NPY(i1, bool)
IDTR_DEFINE_NPY(f16, uint16_t)
IDTR_DEFINE_NPY(bf16, uint16_t)
IDTR_DEFINE_NPY(c32, float[2])
IDTR_DEFINE_NPY(c64, double[2])

} // extern "C"
