// Allocation of the buffers of compiled programs.
//
// distc lowers memref.alloc/dealloc to the generic MLIR allocation functions
// (finalize-memref-to-llvm{use-generic-functions}), implemented here. Array
// programs allocate and free buffers of the same large sizes every iteration
// (a stencil sweep, a transpose loop); glibc serves blocks above its mmap
// threshold (32 MiB at most) with fresh mmap'd pages, so every iteration
// would pay a page fault per 4 KiB of each buffer - several times the cost
// of the computation. Below the threshold, glibc serves blocks from the heap
// but gives its top back to the system when more than the trim threshold is
// free there: the boundary strips of a stencil step (a few 100 KiB each,
// freed together at the end of the step) were faulted in again every step,
// ~110 page faults per Jacobi step and rank. Freed blocks from 64 KiB up are
// therefore kept in a small cache and handed out again for an allocation of
// the same size and alignment. Smaller blocks go straight to malloc, whose
// bins recycle them without touching the heap's top.
//
// Blocks on huge pages do not all start at the beginning of their pages:
// the k-th starts k * 1088 bytes (mod 4 KiB) into its first page. Arrays
// whose rows are a multiple of 4 KiB long and that all start on 2 MiB
// boundaries would otherwise have the same low 12 address bits at the same
// index: a stencil's store to out[i][j] and its loads of in[i][j +- c]
// then look alike to the core's memory disambiguation (4K aliasing), which
// stalls the loads behind the store. 1088 = 17 cache lines spreads 64
// blocks over distinct cache-line offsets of the page; measured on the PRK
// stencil (n = 8192, 2 ranks, AVX2 host): ~10% faster per iteration.
//
// Frees of buffers that an operation in flight still writes are deferred
// until its wait (BufferAllocator.h).
#include "transport/BufferAllocator.h"

#include "support/Buffer.h"
#include "support/Errors.h"
#include "support/Settings.h"
#include "support/Stats.h"
#include "transport/SharedMemory.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <mutex>
#include <new>
#include <string>
#include <thread>
#include <vector>


namespace {

// Blocks at least this large are tracked and cached.
constexpr size_t kLargeBytes = size_t(64) << 10;
// Blocks at least this large go on huge pages (Buffer.h).
constexpr size_t kHugePageMinBytes = size_t(4) << 20;
// The offset step of blocks on huge pages (see the top of the file), and the
// largest alignment that every offset keeps.
constexpr size_t kColourStep = 1088;
constexpr size_t kColourAlignment = 64;
constexpr size_t kPageBytes = 4096;
// Bounds of the cache: its total size and number of blocks. Beyond them the
// oldest cached block is returned to the system.
// The count bounds the search (linear: allocations of this size are few
// per iteration) and so the memory that blocks below 1 MiB can hold
// there (64 MiB).
constexpr size_t kMaxCachedBytes = size_t(4) << 30;
constexpr size_t kMaxCachedBlocks = 64;

struct Block {
  void *ptr = nullptr; // what the program got
  // What the allocation function returned: ptr, or the start of the pages
  // of a block on huge pages, which ptr lies a colour offset into.
  void *base = nullptr;
  size_t bytes = 0;
  size_t alignment = 0;
  // The pages from base that belong to the block alone (a multiple of 2 MiB
  // for blocks on huge pages), or 0 when its pages may be shared with other
  // allocations (malloc'd blocks): only those can be shared with peers.
  size_t pageBytes = 0;
  // Operations with direct transfers out of the block so far (-1: sharing
  // failed, not retried), and its memfd once
  // shared (SharedMemory.h); the cache keeps both with the block.
  int directUses = 0;
  idtr::SharedBlock shared;
};

// The block's memory back to the system.
void releaseToSystem(const Block &b) {
  if (b.shared.fd >= 0)
    idtr::unshare(b.base, b.pageBytes, b.shared.fd);
  std::free(b.base);
}

class LargeBlockCache {
public:
  void *allocate(size_t bytes, size_t alignment) {
    {
      std::lock_guard<std::mutex> lock(mutex);
      for (size_t i = cached.size(); i-- > 0;) {
        Block b = cached[i];
        if (b.bytes != bytes || b.alignment % alignment != 0)
          continue;
        cached.erase(cached.begin() + static_cast<std::ptrdiff_t>(i));
        cachedBytes -= b.bytes;
        live.emplace(reinterpret_cast<uintptr_t>(b.ptr), b);
        return b.ptr;
      }
    }
    void *ptr = nullptr, *base = nullptr;
    size_t pageBytes = 0;
    if (bytes >= kHugePageMinBytes) {
      size_t colour = 0;
      if (alignment <= kColourAlignment) {
        std::lock_guard<std::mutex> lock(mutex);
        colour = (colours++ * kColourStep) % kPageBytes;
      }
      base = idtr::allocateOnHugePages(bytes + colour, alignment);
      ptr = base ? static_cast<char *>(base) + colour : nullptr;
      pageBytes = idtr::hugePageRounded(bytes + colour, alignment);
    } else if (alignment <= alignof(std::max_align_t)) {
      ptr = std::malloc(bytes);
    } else if (posix_memalign(&ptr, alignment, bytes) != 0) {
      ptr = nullptr;
    }
    if (!base)
      base = ptr;
    if (ptr) {
      std::lock_guard<std::mutex> lock(mutex);
      Block b;
      b.ptr = ptr;
      b.base = base;
      b.bytes = bytes;
      b.alignment = alignment;
      b.pageBytes = pageBytes;
      live.emplace(reinterpret_cast<uintptr_t>(ptr), b);
    }
    return ptr;
  }

  // Returns true if `ptr` was a large block (now cached or released).
  bool release(void *ptr) {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = live.find(reinterpret_cast<uintptr_t>(ptr));
    if (it == live.end())
      return false;
    Block b = it->second;
    live.erase(it);
    cached.push_back(b);
    cachedBytes += b.bytes;
    while (cached.size() > kMaxCachedBlocks || cachedBytes > kMaxCachedBytes) {
      releaseToSystem(cached.front());
      cachedBytes -= cached.front().bytes;
      cached.erase(cached.begin());
    }
    return true;
  }

  // The shared block that holds [begin, end), sharing it first if this is
  // the second operation with direct transfers out of it
  // (idtr::shareProgramBuffer).
  // `written(base)` says whether an operation in flight writes into the
  // block at `base`: its pages are not replaced under it (a registered
  // receive of a network card would land in the old ones).
  template <typename Written>
  bool share(uintptr_t begin, uintptr_t end, idtr::SharedBlock &out, Written written) {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = live.upper_bound(begin);
    if (it == live.begin())
      return false;
    Block &b = (--it)->second;
    const uintptr_t base = reinterpret_cast<uintptr_t>(b.base);
    if (b.pageBytes == 0 || end > base + b.pageBytes)
      return false;
    if (b.shared.fd < 0) {
      // The first operation reading a block directly may be its only one:
      // sharing costs a copy of the whole block. A failure is not retried.
      if (b.directUses < 0 || ++b.directUses < 2 || written(b.ptr))
        return false;
      int fd = idtr::promoteToShared(b.base, b.pageBytes);
      if (fd < 0) {
        b.directUses = -1;
        return false;
      }
      b.shared = {fd, ++serials, base, b.pageBytes};
    }
    out = b.shared;
    return true;
  }

  ~LargeBlockCache() {
    for (const Block &b : cached)
      releaseToSystem(b);
  }

private:
  std::mutex mutex;
  std::map<uintptr_t, Block> live; // by address, for share's lookup
  std::vector<Block> cached;       // oldest first
  size_t cachedBytes = 0;
  uint64_t serials = 0;
  uint64_t colours = 0; // blocks on huge pages allocated so far
};

LargeBlockCache &cache() {
  // Never destroyed: buffers may be freed by static destructors of the
  // program after this translation unit's statics are gone.
  static LargeBlockCache *instance = new LargeBlockCache();
  return *instance;
}

// The lock of the holds below. Its sections are a few loads and stores,
// and a std::mutex (a call into libc to take it, another to release it)
// cost more than the rest of the holds and releases of a cached halo call.
// Contention is rare (a free on another thread while an operation starts
// or is waited on): a waiter yields.
class SpinLock {
public:
  void lock() {
    while (locked_.exchange(true, std::memory_order_acquire))
      while (locked_.load(std::memory_order_relaxed))
        std::this_thread::yield();
  }
  void unlock() { locked_.store(false, std::memory_order_release); }

private:
  std::atomic<bool> locked_{false};
};

// Allocations held by operations in flight, and whether the program has
// freed them meanwhile. Almost always empty: the free path checks `count`
// before taking the lock. A handful at a time (the outputs of the
// operations in flight), so a list without any index: a hold appends an
// entry (one per hold: an allocation held twice has two), a release
// removes one (the last entry swapped into its place), and only a free
// searches. Its storage is reused, so that a cached call allocates nothing
// here.
class Holds {
public:
  // One lock for all of an operation's outputs.
  void hold(const void *const *ps, int n) {
    std::lock_guard<SpinLock> lock(spin);
    for (int i = 0; i < n; ++i)
      list.push_back({ps[i], false});
    count.store(static_cast<int64_t>(list.size()), std::memory_order_relaxed);
  }

  // Whether an operation in flight writes into the allocation `p`.
  bool isHeld(const void *p) {
    if (count.load(std::memory_order_relaxed) == 0)
      return false;
    std::lock_guard<SpinLock> lock(spin);
    return heldStill(p);
  }

  // Returns true if the free of `p` must wait for its holds.
  bool deferFree(const void *p) {
    if (count.load(std::memory_order_relaxed) == 0)
      return false;
    std::lock_guard<SpinLock> lock(spin);
    bool held = false;
    for (Hold &h : list)
      if (h.allocation == p) {
        h.freeRequested = true;
        held = true;
      }
    return held;
  }

  // Drops a hold of each of `ps` (n <= 32); returns the mask of those now
  // to be freed (bit i for ps[i]): freed by the program while held, and
  // held no more.
  uint32_t release(const void *const *ps, int n) {
    std::lock_guard<SpinLock> lock(spin);
    uint32_t freeNow = 0;
    for (int i = 0; i < n; ++i) {
      size_t k = list.size();
      while (k > 0 && list[k - 1].allocation != ps[i])
        --k;
      if (k == 0)
        continue;
      bool freeRequested = list[k - 1].freeRequested;
      list[k - 1] = list.back();
      list.pop_back();
      if (freeRequested && !heldStill(ps[i]))
        freeNow |= uint32_t(1) << i;
    }
    count.store(static_cast<int64_t>(list.size()), std::memory_order_relaxed);
    return freeNow;
  }

private:
  struct Hold {
    const void *allocation;
    bool freeRequested;
  };

  bool heldStill(const void *p) const {
    for (const Hold &h : list)
      if (h.allocation == p)
        return true;
    return false;
  }

  SpinLock spin; // guards the list
  std::vector<Hold> list;
  // Entries of the list; read without the lock by deferFree.
  std::atomic<int64_t> count{0};
};

Holds &holds() {
  static Holds *instance = new Holds(); // never destroyed, like the cache
  return *instance;
}

void freeProgramBuffer(void *ptr) {
  if (ptr && !cache().release(ptr))
    std::free(ptr);
}

} // namespace

namespace idtr {

void holdAllocations(const void *const *allocations, int count) {
  holds().hold(allocations, count);
}

bool shareProgramBuffer(const void *begin, const void *end, SharedBlock &out) {
  if (!settings().sharedBuffers)
    return false;
  return cache().share(reinterpret_cast<uintptr_t>(begin), reinterpret_cast<uintptr_t>(end), out,
                       [](const void *base) { return holds().isHeld(base); });
}

void releaseAllocations(const void *const *allocations, int count) {
  for (int done = 0; done < count; done += 32) {
    int n = count - done < 32 ? count - done : 32;
    // Freed outside the lock.
    for (uint32_t freeNow = holds().release(allocations + done, n); freeNow;
         freeNow &= freeNow - 1)
      freeProgramBuffer(const_cast<void *>(allocations[done + __builtin_ctz(freeNow)]));
  }
}

} // namespace idtr

namespace {

// A compiled program uses what it allocates without checking for null, so a
// failed allocation would end in a SIGSEGV at address 0: end the job with a
// message instead.
void *checked(void *ptr, size_t bytes) {
  if (!ptr && bytes != 0)
    idtr::abortWithError("out of memory allocating " + std::to_string(bytes) + " bytes");
  return ptr;
}

} // namespace

// The bookkeeping of large blocks allocates too: its std::bad_alloc must
// not escape into compiled code (std::terminate, a signal, a backtrace).
template <typename F> void *allocateOrFail(size_t bytes, F &&allocate) {
  void *ptr = nullptr;
  try {
    ptr = allocate();
  } catch (const std::bad_alloc &) {
  }
  return checked(ptr, bytes);
}

namespace idtr {

void *allocateProgramBuffer(size_t bytes) {
  if (bytes < kLargeBytes)
    return checked(std::malloc(bytes), bytes);
  stats().largeAllocs++;
  return allocateOrFail(bytes,
                        [&] { return cache().allocate(bytes, alignof(std::max_align_t)); });
}

void *allocateAlignedProgramBuffer(size_t alignment, size_t bytes) {
  if (alignment == 0 || (alignment & (alignment - 1)) != 0)
    abortWithError("_mlir_memref_to_llvm_aligned_alloc: alignment " +
                   std::to_string(alignment) + " is not a power of two");
  if (bytes < kLargeBytes) {
    void *ptr = nullptr;
    if (alignment < sizeof(void *))
      alignment = sizeof(void *);
    return checked(posix_memalign(&ptr, alignment, bytes) == 0 ? ptr : nullptr, bytes);
  }
  stats().largeAllocs++;
  return allocateOrFail(bytes, [&] { return cache().allocate(bytes, alignment); });
}

void releaseProgramBuffer(void *ptr) {
  if (ptr && !holds().deferFree(ptr))
    freeProgramBuffer(ptr);
}

} // namespace idtr
