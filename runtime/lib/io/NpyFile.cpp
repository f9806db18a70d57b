// dist.save and dist.load with MPI-IO (NpyFile.h).
#include "io/NpyFile.h"

#include "copy/Descriptor.h"
#include "copy/StridedCopy.h"
#include "io/Npy.h"
#include "support/Buffer.h"
#include "support/CallSite.h"
#include "support/ElementTypes.h"
#include "support/Errors.h"
#include "support/Watchdog.h"
#include "transport/Mpi.h"
#include "transport/Team.h"

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

// Open MPI's MPI-IO (OMPIO, 4.1) names a probe file after every file it
// opens, "<path>.locktest.<rank>", in a 256-byte buffer without a bound
// check: a longer path overflows it, and glibc's check kills the process
// with a backtrace. Such a path gets a message instead.
std::string checkMpiIoPath(const std::string &path, const char *shown) {
#ifdef OPEN_MPI
  int worldSize = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &worldSize);
  size_t longest = 255 - std::strlen(".locktest.") - std::to_string(worldSize - 1).size();
  if (path.size() > longest)
    return "'" + std::string(shown) + "': " +
           (path == shown ? "the path" : "the path of its temporary file '" + path + "'") +
           " has " + std::to_string(path.size()) +
           " characters, more than Open MPI's MPI-IO takes (" + std::to_string(longest) + ")";
#endif
  return std::string();
}

// ---- dist.save ---------------------------------------------------------------
//
// A save writes a temporary file beside the target and renames it over the
// target once every rank's part is known to be in it, so that a failed save
// (a full file system, a quota, an I/O error) leaves the previous file as it
// was instead of a short or partly zero one. Every step's outcome is agreed
// on by all ranks before the next step: a rank that failed alone must not
// abort the job while the temporary is still there, nor leave the others
// waiting in a collective it skipped.

// The message of the lowest rank of `t` that failed (passed a non-empty
// `mine`), the same on every rank, or "" when every rank succeeded.
// Collective.
std::string agree(const Team &t, const std::string &mine) {
  int failing = mine.empty() ? t.size : t.rank, first = t.size;
  WatchedWait watch("MPI_Allreduce (dist.save)");
  mpi::check(MPI_Allreduce(&failing, &first, 1, MPI_INT, MPI_MIN, t.comm), "MPI_Allreduce");
  if (first == t.size)
    return std::string();
  int64_t length = t.rank == first ? static_cast<int64_t>(mine.size()) : 0;
  mpi::check(MPI_Bcast(&length, 1, MPI_INT64_T, first, t.comm), "MPI_Bcast");
  std::string message = t.rank == first ? mine : std::string(static_cast<size_t>(length), ' ');
  mpi::check(MPI_Bcast(&message[0], static_cast<int>(length), MPI_CHAR, first, t.comm),
             "MPI_Bcast");
  return message;
}

// A collective's outcome, or "" on success.
std::string outcome(int rc, const char *what, const char *path) {
  if (rc == MPI_SUCCESS)
    return std::string();
  return std::string(what) + " '" + path + "' failed: " + mpiError(rc);
}

// A write's outcome: its return code, then whether it wrote all `count`
// items of `type` (MPI-IO reports a full device as a short count as well
// as an error, depending on the implementation).
std::string writeOutcome(int rc, const MPI_Status &status, MPI_Datatype type, int count,
                         const char *path, int rank) {
  if (rc != MPI_SUCCESS)
    return outcome(rc, "writing", path);
  int written = 0;
  if (MPI_Get_count(&status, type, &written) != MPI_SUCCESS || written != count)
    return "writing '" + std::string(path) + "' failed: rank " + std::to_string(rank) +
           " wrote " + std::to_string(written) + " of its " + std::to_string(count) +
           " items (is the file system full?)";
  return std::string();
}

// Where rank 0 writes: the file to replace (a symbolic link is followed,
// so that the link stays and its target gets the data, as numpy.save
// writes through it) and a fresh name beside it, in the same directory
// (rename() does not cross file systems). The temporary's name is short
// whatever the target's (at most 32 characters of it): the last component
// stays within NAME_MAX, and the path within what MPI-IO can open
// (checkMpiIoPath).
struct SavePaths {
  std::string target, temporary;
  bool replaces = false; // the target exists
  mode_t mode = 0;       // and has these permissions
};

std::string prepareSave(const char *path, SavePaths &paths) {
  paths.target = path;
  struct stat st;
  if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode)) {
    if (char *resolved = realpath(path, nullptr)) {
      paths.target = resolved;
      std::free(resolved);
    }
  }
  if (stat(paths.target.c_str(), &st) == 0) {
    if (!S_ISREG(st.st_mode))
      return "'" + std::string(path) + "' exists and is not a regular file";
    paths.replaces = true;
    paths.mode = st.st_mode & 07777;
  }
  size_t slash = paths.target.rfind('/');
  std::string dir = slash == std::string::npos ? "" : paths.target.substr(0, slash + 1);
  std::string base = slash == std::string::npos ? paths.target : paths.target.substr(slash + 1);
  // Unique among the saves of this process, and of a process that reused
  // the pid of one that died leaving its temporary behind.
  static unsigned counter = 0;
  char unique[64];
  std::snprintf(unique, sizeof(unique), ".%ld.%u.%llx.tmp", static_cast<long>(getpid()),
                ++counter,
                static_cast<unsigned long long>(
                    std::chrono::system_clock::now().time_since_epoch().count()));
  paths.temporary = dir + "." + base.substr(0, std::min<size_t>(base.size(), 32)) + unique;
  return checkMpiIoPath(paths.temporary, path);
}

// Allocates the file's `bytes` on its file system without changing its
// size, so that a file system too full or a quota too small for it stops
// the save before any data is written. Needed beyond the writes' own
// checks: Open MPI's OMPIO (4.1) reports a collective write that failed
// with ENOSPC as a success with the full count, and when the writes of a
// higher offset succeed the file gets its full size with zeros where the
// data should be. Where the file system cannot reserve space (no
// fallocate), the writes' statuses and the final size are all there is.
std::string reserveSpace(const char *temporary, int64_t bytes, const char *path) {
#ifdef __linux__
  int fd = open(temporary, O_WRONLY | O_CLOEXEC);
  if (fd < 0)
    return std::string(); // MPI-IO has it open: its writes will tell
  int rc = fallocate(fd, FALLOC_FL_KEEP_SIZE, 0, bytes);
  int err = errno;
  close(fd);
  if (rc != 0 && (err == ENOSPC || err == EDQUOT || err == EFBIG))
    return "writing '" + std::string(path) + "' failed: " + std::strerror(err) +
           " (the file needs " + std::to_string(bytes) + " bytes)";
#endif
  return std::string();
}

} // namespace

template <size_t Size>
void saveNpy(const char *site, const char *path, const char *descr, int64_t teamId, int64_t gR, void *gD, int64_t oR, void *oD,
                                 int64_t pR, void *pD) {
  guarded([&] {
    FileCall call(site, "npy_save");
    Team &t = team(teamId);
    Block b = readBlock(gR, gD, oR, oD, pR, pD, Size, "dist.save");
    std::string header = npy::encodeHeader(descr, b.global);
    int64_t fileBytes = 0;
    if (__builtin_mul_overflow(volume(b.global), static_cast<int64_t>(Size), &fileBytes) ||
        __builtin_add_overflow(fileBytes, static_cast<int64_t>(header.size()), &fileBytes))
      fail("'%s': the array of shape %s is too large for a file", path, str(b.global).c_str());
    BlockTypes types(b.global, b.offsets, b.part.sizes, Size, path);
    // The block in one dense piece for MPI (a copy only if it is strided).
    Buffer dense;
    const char *data = b.part.data;
    if (!b.part.isContiguous() && types.count > 0)
      data = denseCopy(b.part, dense).data;

    // Rank 0 names the temporary; every rank needs the name to open it.
    SavePaths paths;
    std::string error = t.rank == 0 ? prepareSave(path, paths) : std::string();
    if (!(error = agree(t, error)).empty())
      failOnEveryRank(t.rank, "%s", error.c_str());
    int64_t nameLength = static_cast<int64_t>(paths.temporary.size());
    mpi::check(MPI_Bcast(&nameLength, 1, MPI_INT64_T, 0, t.comm), "MPI_Bcast");
    paths.temporary.resize(static_cast<size_t>(nameLength));
    mpi::check(MPI_Bcast(&paths.temporary[0], static_cast<int>(nameLength), MPI_CHAR, 0, t.comm),
               "MPI_Bcast");
    const char *temporary = paths.temporary.c_str();
    auto removeAndFail = [&](const std::string &message) {
      if (t.rank == 0)
        unlink(temporary);
      failOnEveryRank(t.rank, "%s", message.c_str());
    };

    // Errors of MPI-IO calls are returned, not fatal (MPI_File_open reports
    // through the handler of MPI_FILE_NULL): MPI_ERRORS_RETURN is the
    // standard's default for files, but the program may have changed it.
    MPI_File_set_errhandler(MPI_FILE_NULL, MPI_ERRORS_RETURN);
    MPI_File fh = MPI_FILE_NULL;
    int rc;
    {
      WatchedWait watch("MPI_File_open");
      rc = MPI_File_open(t.comm, temporary, MPI_MODE_CREATE | MPI_MODE_EXCL | MPI_MODE_WRONLY,
                         MPI_INFO_NULL, &fh);
    }
    std::string created = outcome(rc, "creating", path);
    if (!created.empty())
      created += " (a save writes the file beside it first, as '" + paths.temporary + "')";
    if (!(error = agree(t, created)).empty()) {
      // Some ranks may hold the file open: closing is collective, so they
      // do not; the job ends with the error.
      int opened = fh != MPI_FILE_NULL, anyOpened = 0;
      MPI_Allreduce(&opened, &anyOpened, 1, MPI_INT, MPI_MAX, t.comm);
      if (anyOpened) // with MPI_MODE_EXCL, created by this save
        removeAndFail(error);
      failOnEveryRank(t.rank, "%s", error.c_str());
    }
    MPI_File_set_errhandler(fh, MPI_ERRORS_RETURN);

    // The space first (rank 0), then the header (rank 0), then every
    // block; the file holds all of them when every write wrote all its
    // bytes and the size is right.
    MPI_Status status;
    if (t.rank == 0)
      error = reserveSpace(temporary, fileBytes, path);
    if (t.rank == 0 && error.empty()) {
      rc = MPI_File_write_at(fh, 0, header.data(), static_cast<int>(header.size()), MPI_BYTE,
                             &status);
      error = writeOutcome(rc, status, MPI_BYTE, static_cast<int>(header.size()), path, 0);
    }
    if (error.empty()) {
      WatchedWait watch("MPI_File_set_view");
      error = outcome(MPI_File_set_view(fh, static_cast<int64_t>(header.size()), MPI_BYTE,
                                        types.file, "native", MPI_INFO_NULL),
                      "setting the view of", path);
    } else {
      // The other ranks set the view collectively: join them.
      MPI_File_set_view(fh, static_cast<int64_t>(header.size()), MPI_BYTE, types.file, "native",
                        MPI_INFO_NULL);
    }
    if ((error = agree(t, error)).empty()) {
      WatchedWait watch("MPI_File_write_all");
      rc = MPI_File_write_all(fh, data, types.count, types.element, &status);
      error = agree(t, writeOutcome(rc, status, types.element, types.count, path, t.rank));
    }
    if (error.empty()) {
      // Where the file system reports a failed write only when the data
      // reach the storage (NFS, some parallel file systems), here.
      WatchedWait watch("MPI_File_sync");
      error = agree(t, outcome(MPI_File_sync(fh), "writing", path));
    }
    if (error.empty()) {
      std::string mine;
      if (t.rank == 0) {
        MPI_Offset size = -1;
        rc = MPI_File_get_size(fh, &size);
        mine = outcome(rc, "writing", path);
        if (mine.empty() && size != fileBytes)
          mine = "writing '" + std::string(path) + "' failed: the file holds " +
                 std::to_string(size) + " bytes instead of " + std::to_string(fileBytes);
      }
      error = agree(t, mine);
    }
    {
      WatchedWait watch("MPI_File_close");
      rc = MPI_File_close(&fh);
    }
    std::string closed = agree(t, outcome(rc, "closing", path));
    if (error.empty())
      error = closed;
    if (error.empty()) {
      std::string mine;
      if (t.rank == 0) {
        // The permissions of the file it replaces (the temporary has the
        // defaults of a new file).
        if (paths.replaces)
          chmod(temporary, paths.mode);
        if (std::rename(temporary, paths.target.c_str()) != 0)
          mine = "replacing '" + std::string(path) + "' failed: " + std::strerror(errno);
      }
      error = agree(t, mine);
    }
    if (!error.empty())
      removeAndFail(error);
  });
}

template <size_t Size>
void loadNpy(const char *site, const char *path, int64_t teamId, int64_t dataOffset, int64_t gR, void *gD, int64_t oR, void *oD,
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
    std::string tooLong = checkMpiIoPath(path, path);
    if (!tooLong.empty())
      failOnEveryRank(t.rank, "%s", tooLong.c_str());
    MPI_File fh = openFile(t.comm, path, MPI_MODE_RDONLY, "opening");
    setBlockView(fh, path, dataOffset, types);
    {
      WatchedWait watch("MPI_File_read_all");
      MPI_Status status;
      checkFile(MPI_File_read_all(fh, data, types.count, types.element, &status), "reading",
                path);
      // Fewer items than asked for: the file is shorter than when its
      // header was read.
      int got = 0;
      if (MPI_Get_count(&status, types.element, &got) != MPI_SUCCESS || got != types.count)
        fail("reading '%s' failed: rank %d read %d of its %d items (the file shrank?)", path,
             t.rank, got, types.count);
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
namespace {

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

} // namespace

int64_t readNpyHeader(const char *site, const char *path, const char *descr, int64_t teamId,
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

// Files hold the elements' bytes: one instance per element size of
// idtr/element_types.def.
#define IDTR_INSTANTIATE_NPY(SIZE, T)                                                   \
  template void saveNpy<sizeof(T)>(const char *, const char *, const char *, int64_t,     \
                                   int64_t, void *, int64_t, void *, int64_t, void *);     \
  template void loadNpy<sizeof(T)>(const char *, const char *, int64_t, int64_t, int64_t,  \
                                   void *, int64_t, void *, int64_t, void *);
IDTR_INSTANTIATE_NPY(1, uint8_t)
IDTR_INSTANTIATE_NPY(2, uint16_t)
IDTR_INSTANTIATE_NPY(4, uint32_t)
IDTR_INSTANTIATE_NPY(8, uint64_t)
IDTR_INSTANTIATE_NPY(16, std::complex<double>)

} // namespace idtr
