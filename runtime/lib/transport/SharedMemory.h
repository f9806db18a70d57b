// Program buffers shared between the processes of a node, for the single
// copy of a direct transfer (DirectTransfer.h).
//
// A direct transfer through process_vm_readv copies the sender's data into
// the receiver's memory inside the kernel: for a transposition it lands in a
// staging tile that the receiver then transposes into its output, a second
// pass (in cache) over every moved byte, plus a system call per tile. When
// the sender's input is in memory that the receiver has mapped too, the
// receiver instead transposes (or copies) straight out of the sender's
// input into its output, one pass, as an MPI-3 shared-window program does.
//
// Which memory is shared: the runtime allocates every large buffer of a
// compiled program (BufferAllocator.cpp). A large block that is the input of
// a second operation with direct transfers (a loop's buffer, not a one-off:
// sharing costs one copy of the block) is moved, at its address, onto a
// memfd (promoteToShared: copy into the memfd's pages, then map them over
// the block). The receiver takes a duplicate of the sender's memfd
// descriptor (pidfd_getfd: the same permission as process_vm_readv) and
// maps it read-only, once: the mapping is cached (PeerMappings below) for
// the block's later transfers. Memory the program allocates itself (malloc)
// is never moved; C API users allocate with _idtr_alloc to get this path.
//
// The price: shared memory is on 4 KiB pages unless the machine enables
// transparent huge pages for shmem (/sys/kernel/mm/transparent_hugepage/
// shmem_enabled), so a promoted block loses its huge pages. Blocks are only
// promoted when a peer reads them, and IDTR_SHARED_BUFFERS=0 turns this off.
#ifndef IDTR_SHAREDMEMORY_H
#define IDTR_SHAREDMEMORY_H

#include <cstddef>
#include <cstdint>
#include <mutex>
#include <vector>

namespace idtr {

// A shared block as its owner announces it.
struct SharedBlock {
  int fd = -1;          // the memfd, a descriptor of the owner's process
  uint64_t serial = 0;  // never reused within the owner's process
  uint64_t base = 0;    // the block's address in the owner's process
  uint64_t bytes = 0;   // its length, a multiple of the page size
};

// Owner: moves the page-aligned block [base, base + bytes) onto a fresh
// memfd, keeping its address and contents. Returns the memfd, or -1 (the
// block unchanged) when the system refuses. Nobody may write the block
// meanwhile (its owner is inside a runtime call; compiled programs are
// single-threaded).
int promoteToShared(void *base, size_t bytes);

// Owner: gives the block private anonymous memory again (contents lost) and
// closes the memfd, before the block is returned to the C library.
void unshare(void *base, size_t bytes, int fd);

// Receiver: the address in this process of `block` of process `pid`,
// mapped read-only (cached), or nullptr when it cannot be mapped (then the
// caller reads through process_vm_readv; a pid that failed once is not
// tried again).
const char *mapPeerBlock(int pid, const SharedBlock &block);

// The blocks of other processes mapped here (by mapPeerBlock, in the
// runtime context, Runtime.h), most recently used last, unmapped at its
// end. Bounded: a mapping keeps its block's memory alive after its owner
// has freed it, until it is evicted here (or replaced: a new block of the
// same process over the same addresses means the old one is gone).
class PeerMappings {
public:
  PeerMappings() = default;
  ~PeerMappings();
  PeerMappings(const PeerMappings &) = delete;
  PeerMappings &operator=(const PeerMappings &) = delete;

  const char *map(int pid, const SharedBlock &b);

private:
  struct Mapping {
    int pid;
    uint64_t serial, base, bytes;
    const char *local;
  };
  static constexpr size_t kMaxMappings = 16;

  void drop(size_t i);

  std::mutex mutex_;
  std::vector<Mapping> list_;
  std::vector<int> failed_;
};

} // namespace idtr

#endif
