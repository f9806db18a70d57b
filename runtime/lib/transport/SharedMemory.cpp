// Program buffers shared between the processes of a node (SharedMemory.h).
#include "transport/SharedMemory.h"

#include "support/Errors.h"
#include "support/Settings.h"
#include "transport/Runtime.h"

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <mutex>
#include <string>
#include <vector>

#if defined(__linux__)
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>
#if defined(SYS_pidfd_open) && defined(SYS_pidfd_getfd) && defined(MFD_CLOEXEC)
#define IDTR_HAVE_SHARED_BUFFERS 1
#endif
#endif
#ifndef IDTR_HAVE_SHARED_BUFFERS
#define IDTR_HAVE_SHARED_BUFFERS 0
#endif

namespace idtr {

#if IDTR_HAVE_SHARED_BUFFERS

int promoteToShared(void *base, size_t bytes) {
  int fd = memfd_create("idtr-buffer", MFD_CLOEXEC);
  if (fd < 0)
    return -1;
  void *fresh = MAP_FAILED;
  if (ftruncate(fd, static_cast<off_t>(bytes)) == 0)
    fresh = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  if (fresh == MAP_FAILED) {
    close(fd);
    return -1;
  }
#ifdef MADV_HUGEPAGE
  // Huge pages where the machine grants them to shmem on request.
  if (settings().hugePages)
    madvise(fresh, bytes, MADV_HUGEPAGE);
#endif
  std::memcpy(fresh, base, bytes);
  // The memfd's pages replace the block's at the same address: the
  // program's pointers into the block stay valid.
  void *moved = mmap(base, bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, fd, 0);
  munmap(fresh, bytes);
  if (moved == MAP_FAILED)
    // A failed MAP_FIXED may have unmapped the block already: its contents
    // are gone, and the program cannot go on.
    abortWithError("sharing a program buffer with the ranks of the node: mmap failed: " +
                   std::string(std::strerror(errno)));
  return fd;
}

void unshare(void *base, size_t bytes, int fd) {
  if (mmap(base, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1,
           0) == MAP_FAILED)
    abortWithError("returning a shared program buffer: mmap failed: " +
                   std::string(std::strerror(errno)));
  close(fd);
}

namespace {

const char *mapNew(int pid, const SharedBlock &b) {
  int pidfd = static_cast<int>(syscall(SYS_pidfd_open, pid, 0));
  if (pidfd < 0)
    return nullptr;
  int fd = static_cast<int>(syscall(SYS_pidfd_getfd, pidfd, b.fd, 0));
  close(pidfd);
  if (fd < 0)
    return nullptr;
  // The descriptor must be the block's memfd: at least as long.
  struct stat st;
  void *p = MAP_FAILED;
  if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
      static_cast<uint64_t>(st.st_size) >= b.bytes)
    p = mmap(nullptr, b.bytes, PROT_READ, MAP_SHARED | MAP_POPULATE, fd, 0);
  close(fd);
  return p == MAP_FAILED ? nullptr : static_cast<const char *>(p);
}

} // namespace

const char *PeerMappings::map(int pid, const SharedBlock &b) {
  std::lock_guard<std::mutex> lock(mutex_);
  for (size_t i = 0; i < list_.size(); ++i) {
    Mapping &m = list_[i];
    if (m.pid == pid && m.serial == b.serial && m.base == b.base && m.bytes == b.bytes) {
      std::rotate(list_.begin() + static_cast<std::ptrdiff_t>(i),
                  list_.begin() + static_cast<std::ptrdiff_t>(i) + 1, list_.end());
      return list_.back().local;
    }
  }
  if (std::find(failed_.begin(), failed_.end(), pid) != failed_.end())
    return nullptr;
  for (size_t i = list_.size(); i-- > 0;) {
    const Mapping &m = list_[i];
    if (m.pid == pid && m.base < b.base + b.bytes && b.base < m.base + m.bytes)
      drop(i);
  }
  const char *local = mapNew(pid, b);
  if (!local) {
    failed_.push_back(pid);
    return nullptr;
  }
  if (list_.size() >= kMaxMappings)
    drop(0);
  list_.push_back({pid, b.serial, b.base, b.bytes, local});
  return local;
}

void PeerMappings::drop(size_t i) {
  munmap(const_cast<char *>(list_[i].local), list_[i].bytes);
  list_.erase(list_.begin() + static_cast<std::ptrdiff_t>(i));
}

PeerMappings::~PeerMappings() {
  while (!list_.empty())
    drop(list_.size() - 1);
}

const char *mapPeerBlock(int pid, const SharedBlock &block) {
  return runtime().peerMappings.map(pid, block);
}

#else

int promoteToShared(void *, size_t) { return -1; }
void unshare(void *, size_t, int) {}
const char *PeerMappings::map(int, const SharedBlock &) { return nullptr; }
void PeerMappings::drop(size_t) {}
PeerMappings::~PeerMappings() = default;
const char *mapPeerBlock(int, const SharedBlock &) { return nullptr; }

#endif

} // namespace idtr
