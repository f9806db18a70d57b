// Allocation of the buffers of compiled programs.
//
// distc lowers memref.alloc/dealloc to the generic MLIR allocation functions
// (finalize-memref-to-llvm{use-generic-functions}), implemented here. Array
// programs allocate and free buffers of the same large sizes every iteration
// (a stencil sweep, a transpose loop); glibc serves blocks above its mmap
// threshold (32 MiB at most) with fresh mmap'd pages, so every iteration
// would pay a page fault per 4 KiB of each buffer - several times the cost
// of the computation. Freed large blocks are therefore kept in a small cache
// and handed out again for an allocation of the same size and alignment.
// Small blocks go straight to malloc, which already recycles them.
//
// Frees of buffers that an operation in flight still writes are deferred
// until its wait (BufferAllocator.h).
#include "BufferAllocator.h"

#include "Buffer.h"
#include "Errors.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <mutex>
#include <new>
#include <string>
#include <unordered_map>
#include <vector>


namespace {

// Blocks at least this large are tracked and cached.
constexpr size_t kLargeBytes = size_t(1) << 20;
// Blocks at least this large go on huge pages (Buffer.h).
constexpr size_t kHugePageMinBytes = size_t(4) << 20;
// Bounds of the cache: its total size and number of blocks. Beyond them the
// oldest cached block is returned to the system.
constexpr size_t kMaxCachedBytes = size_t(4) << 30;
constexpr size_t kMaxCachedBlocks = 16;

struct Block {
  void *ptr;
  size_t bytes;
  size_t alignment;
};

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
        live.emplace(b.ptr, b);
        return b.ptr;
      }
    }
    void *ptr = nullptr;
    if (bytes >= kHugePageMinBytes) {
      ptr = idtr::allocateOnHugePages(bytes, alignment);
    } else if (alignment <= alignof(std::max_align_t)) {
      ptr = std::malloc(bytes);
    } else if (posix_memalign(&ptr, alignment, bytes) != 0) {
      ptr = nullptr;
    }
    if (ptr) {
      std::lock_guard<std::mutex> lock(mutex);
      live.emplace(ptr, Block{ptr, bytes, alignment});
    }
    return ptr;
  }

  // Returns true if `ptr` was a large block (now cached or released).
  bool release(void *ptr) {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = live.find(ptr);
    if (it == live.end())
      return false;
    Block b = it->second;
    live.erase(it);
    cached.push_back(b);
    cachedBytes += b.bytes;
    while (cached.size() > kMaxCachedBlocks || cachedBytes > kMaxCachedBytes) {
      std::free(cached.front().ptr);
      cachedBytes -= cached.front().bytes;
      cached.erase(cached.begin());
    }
    return true;
  }

  ~LargeBlockCache() {
    for (const Block &b : cached)
      std::free(b.ptr);
  }

private:
  std::mutex mutex;
  std::unordered_map<void *, Block> live;
  std::vector<Block> cached; // oldest first
  size_t cachedBytes = 0;
};

LargeBlockCache &cache() {
  // Never destroyed: buffers may be freed by static destructors of the
  // program after this translation unit's statics are gone.
  static LargeBlockCache *instance = new LargeBlockCache();
  return *instance;
}

// Allocations held by operations in flight, and whether the program has
// freed them meanwhile. Almost always empty: the free path checks `count`
// before taking the lock. A handful at a time (the outputs of the
// operations in flight): kept in fixed slots, so that a cached call
// allocates nothing here; a map takes the overflow.
class Holds {
public:
  void hold(const void *p) {
    std::lock_guard<std::mutex> lock(mutex);
    ++find(p, /*create=*/true)->count;
    ++count;
  }

  // Returns true if the free of `p` must wait for its holds.
  bool deferFree(const void *p) {
    if (count.load(std::memory_order_relaxed) == 0)
      return false;
    std::lock_guard<std::mutex> lock(mutex);
    Hold *h = find(p, /*create=*/false);
    if (!h)
      return false;
    h->freeRequested = true;
    return true;
  }

  // Drops a hold; returns true if the allocation is now to be freed.
  bool release(const void *p) {
    std::lock_guard<std::mutex> lock(mutex);
    Hold *h = find(p, /*create=*/false);
    if (!h)
      return false;
    --count;
    if (--h->count > 0)
      return false;
    bool freeNow = h->freeRequested;
    if (h >= slots && h < slots + kSlots) {
      *h = Hold();
      while (used > 0 && !slots[used - 1].allocation)
        --used;
    } else
      overflow.erase(p);
    return freeNow;
  }

private:
  struct Hold {
    const void *allocation = nullptr;
    int count = 0;
    bool freeRequested = false;
  };
  static constexpr int kSlots = 32;

  Hold *find(const void *p, bool create) {
    Hold *freeSlot = nullptr;
    for (int i = 0; i < used; ++i) {
      if (slots[i].allocation == p)
        return &slots[i];
      if (!slots[i].allocation && !freeSlot)
        freeSlot = &slots[i];
    }
    if (!overflow.empty()) {
      auto it = overflow.find(p);
      if (it != overflow.end())
        return &it->second;
    }
    if (!create)
      return nullptr;
    if (!freeSlot && used < kSlots)
      freeSlot = &slots[used++];
    if (freeSlot) {
      freeSlot->allocation = p;
      return freeSlot;
    }
    Hold &h = overflow[p];
    h.allocation = p;
    return &h;
  }

  std::mutex mutex;
  Hold slots[kSlots];
  int used = 0; // slots beyond are empty
  std::unordered_map<const void *, Hold> overflow;
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

void holdAllocation(const void *allocation) { holds().hold(allocation); }

void releaseAllocation(const void *allocation) {
  if (holds().release(allocation))
    freeProgramBuffer(const_cast<void *>(allocation));
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

extern "C" void *_mlir_memref_to_llvm_alloc(size_t bytes) {
  if (bytes < kLargeBytes)
    return checked(std::malloc(bytes), bytes);
  return allocateOrFail(bytes,
                        [&] { return cache().allocate(bytes, alignof(std::max_align_t)); });
}

extern "C" void *_mlir_memref_to_llvm_aligned_alloc(size_t alignment,
                                                    size_t bytes) {
  if (alignment == 0 || (alignment & (alignment - 1)) != 0)
    idtr::abortWithError("_mlir_memref_to_llvm_aligned_alloc: alignment " +
                         std::to_string(alignment) + " is not a power of two");
  if (bytes < kLargeBytes) {
    void *ptr = nullptr;
    if (alignment < sizeof(void *))
      alignment = sizeof(void *);
    return checked(posix_memalign(&ptr, alignment, bytes) == 0 ? ptr : nullptr, bytes);
  }
  return allocateOrFail(bytes, [&] { return cache().allocate(bytes, alignment); });
}

extern "C" void _mlir_memref_to_llvm_free(void *ptr) {
  if (ptr && !holds().deferFree(ptr))
    freeProgramBuffer(ptr);
}
