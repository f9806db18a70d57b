// The allocator of compiled programs' buffers (BufferAllocator.cpp): blocks
// on huge pages start at distinct offsets within their first 4 KiB page, so
// that arrays of 4 KiB-multiple rows do not alias each other there, and
// every offset keeps the requested alignment; freed blocks come back whole.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <set>
#include <vector>

extern "C" void *_mlir_memref_to_llvm_aligned_alloc(size_t alignment, size_t bytes);
extern "C" void _mlir_memref_to_llvm_free(void *ptr);

namespace {

constexpr size_t kHugeBlockBytes = size_t(4) << 20; // on huge pages from here

uintptr_t pageOffset(const void *p) { return reinterpret_cast<uintptr_t>(p) % 4096; }

TEST(BufferAllocator, HugeBlocksStartAtDistinctPageOffsets) {
  std::vector<void *> blocks;
  std::set<uintptr_t> offsets;
  for (int i = 0; i < 8; ++i) {
    void *p = _mlir_memref_to_llvm_aligned_alloc(64, kHugeBlockBytes + 4096 * i);
    ASSERT_NE(p, nullptr);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % 64, 0u);
    // The whole block is usable.
    std::memset(p, 0xab, kHugeBlockBytes + 4096 * i);
    offsets.insert(pageOffset(p));
    blocks.push_back(p);
  }
  EXPECT_EQ(offsets.size(), blocks.size());
  for (void *p : blocks)
    _mlir_memref_to_llvm_free(p);
}

TEST(BufferAllocator, LargerAlignmentsAreKept) {
  void *p = _mlir_memref_to_llvm_aligned_alloc(4096, kHugeBlockBytes);
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(pageOffset(p), 0u);
  _mlir_memref_to_llvm_free(p);
}

TEST(BufferAllocator, FreedBlockComesBackAtItsAddress) {
  size_t bytes = kHugeBlockBytes + 12345 * 8;
  void *p = _mlir_memref_to_llvm_aligned_alloc(64, bytes);
  ASSERT_NE(p, nullptr);
  _mlir_memref_to_llvm_free(p);
  void *q = _mlir_memref_to_llvm_aligned_alloc(64, bytes);
  EXPECT_EQ(q, p);
  std::memset(q, 0, bytes);
  _mlir_memref_to_llvm_free(q);
}

} // namespace
