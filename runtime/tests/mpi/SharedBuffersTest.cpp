// Direct transfers out of program buffers shared between the ranks of a node
// (runtime/lib/transport/SharedMemory.h). Buffers come from the allocator of compiled
// programs, as theirs do; a block becomes shared at its second direct
// transfer, and receivers then copy or transpose straight out of the
// sender's block through a cached mapping. Every call is checked element by
// element against the serial reference, with the inputs rewritten between
// calls (a receiver that read a stale copy would fail), inputs that start
// inside their block, blocks freed and allocated again (the cached, still
// shared block comes back), and a block of another size. The lit test
// (test/runtime/shared-buffers.test) checks that the mapped path was taken.
#include "TestSupport.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <dirent.h>

extern "C" void *_mlir_memref_to_llvm_aligned_alloc(size_t alignment, size_t bytes);
extern "C" void _mlir_memref_to_llvm_free(void *ptr);

using namespace idtr_test;

namespace {

typedef IDTR_MEMREF(double, 1) Desc1;
typedef IDTR_MEMREF(double, 2) Desc2;

// Blocks from 4 MiB are on huge pages and can be shared (BufferAllocator.cpp).
constexpr size_t kShareableBytes = size_t(4) << 20;

// Rows [off(r), off(r + 1)) of n belong to rank r of P: uneven for most P.
int64_t blockOff(int64_t n, int P, int r) { return n * r / P; }
int64_t blockLen(int64_t n, int P, int r) { return blockOff(n, P, r + 1) - blockOff(n, P, r); }

double valueOf(int64_t i, int64_t j, int iteration) {
  return static_cast<double>(i * 4099 + j) + 0.25 * iteration;
}

// A program buffer of at least `elements` doubles (and of the shareable
// size), with the array starting `lead` elements into it.
struct ProgramArray {
  ProgramArray(int64_t elements, int64_t lead, size_t minBytes = kShareableBytes)
      : lead(lead) {
    size_t bytes = std::max(minBytes, static_cast<size_t>(elements + lead) * sizeof(double));
    block = static_cast<double *>(_mlir_memref_to_llvm_aligned_alloc(64, bytes));
  }
  ~ProgramArray() { _mlir_memref_to_llvm_free(block); }
  ProgramArray(const ProgramArray &) = delete;
  ProgramArray &operator=(const ProgramArray &) = delete;
  double *data() const { return block + lead; }

  double *block;
  int64_t lead;
};

Desc2 matrix(double *data, int64_t rows, int64_t cols) {
  Desc2 d;
  int64_t sizes[2] = {rows, cols};
  idtr_init_contiguous(&d, data, 2, sizes);
  return d;
}

struct Transpose {
  int64_t n0, n1; // A is n0 x n1, B = A^T is n1 x n0; both in row blocks
  int P = worldSize(), me = worldRank();
  int64_t m0() const { return blockLen(n0, P, me); }
  int64_t r0() const { return blockOff(n0, P, me); }
  int64_t m1() const { return blockLen(n1, P, me); }
  int64_t r1() const { return blockOff(n1, P, me); }

  void fill(double *a, int iteration) const {
    for (int64_t i = 0; i < m0(); ++i)
      for (int64_t j = 0; j < n1; ++j)
        a[i * n1 + j] = valueOf(r0() + i, j, iteration);
  }

  // B = A^T (accumulate: B += A^T over B's prefilled values) with the
  // rank's rows of A at `a` and of B at `b`; returns the wrong elements.
  int64_t run(double *a, double *b, int iteration, bool accumulate) const {
    fill(a, iteration);
    for (int64_t i = 0; i < m1(); ++i)
      for (int64_t j = 0; j < n0; ++j)
        b[i * n0 + j] = accumulate ? -valueOf(j, r1() + i, iteration) + 1.0 : -1.0;
    int64_t g[2] = {n0, n1}, lo[2] = {r0(), 0}, nlo[2] = {r1(), 0}, axes[2] = {1, 0};
    idtr_index_array_t G = idtr_index_array(g, 2), L = idtr_index_array(lo, 2),
                       N = idtr_index_array(nlo, 2), X = idtr_index_array(axes, 2);
    Desc2 in = matrix(a, m0(), n1), out = matrix(b, m1(), n0);
    int64_t h = accumulate
                    ? _idtr_copy_permute_add_f64(0, 1, &G, 1, &L, 2, &in, 1, &N, 2, &out, 1, &X)
                    : _idtr_copy_permute_f64(0, 1, &G, 1, &L, 2, &in, 1, &N, 2, &out, 1, &X);
    _idtr_wait(h);
    int64_t bad = 0;
    for (int64_t i = 0; i < m1(); ++i)
      for (int64_t j = 0; j < n0; ++j) {
        double expect = accumulate ? 1.0 : valueOf(j, r1() + i, iteration);
        if (b[i * n0 + j] != expect && bad++ < 3)
          std::fprintf(stderr, "[rank %d] iteration %d: B[%lld][%lld] = %g, %g expected\n", me,
                       iteration, static_cast<long long>(r1() + i), static_cast<long long>(j),
                       b[i * n0 + j], expect);
      }
    return bad;
  }
};

TEST(SharedBuffers, TransposeAcrossIterationsAndBlocks) {
  Transpose t{900, 1300};
  ProgramArray b(t.m1() * t.n0, 0);
  int64_t bad = 0;
  {
    ProgramArray a(t.m0() * t.n1, 3); // starts 24 bytes into its block
    for (int it = 0; it < 4; ++it)
      bad += t.run(a.data(), b.data(), it, false);
  }
  {
    // A block of another size: shared anew, a new mapping at the receivers.
    ProgramArray a(t.m0() * t.n1, 0, 2 * kShareableBytes + 4096);
    for (int it = 4; it < 7; ++it)
      bad += t.run(a.data(), b.data(), it, false);
  }
  {
    // The first block again (same size), from the cache: still shared, and
    // mapped by the receivers already.
    ProgramArray a(t.m0() * t.n1, 3);
    for (int it = 7; it < 9; ++it)
      bad += t.run(a.data(), b.data(), it, false);
  }
  EXPECT_EQ(bad, 0);
}

TEST(SharedBuffers, AccumulatingTranspose) {
  Transpose t{1100, 700};
  ProgramArray a(t.m0() * t.n1, 1), b(t.m1() * t.n0, 0);
  int64_t bad = 0;
  for (int it = 0; it < 4; ++it)
    bad += t.run(a.data(), b.data(), it, true);
  EXPECT_EQ(bad, 0);
}

// Open file descriptors of this process (a shared block holds one).
int openDescriptors() {
  int n = 0;
  if (DIR *d = opendir("/proc/self/fd")) {
    while (readdir(d))
      ++n;
    closedir(d);
  }
  return n;
}

// More shared blocks than the allocator's cache (64) and the receivers'
// mappings (16) keep: every block of its own size, used twice (shared at
// the second use) and freed. The cache returns the oldest blocks to the
// system (private memory mapped over them again, their memfds closed), the
// receivers evict their oldest mappings; results stay exact and the
// descriptors bounded.
TEST(SharedBuffers, ManyBlocksEvicted) {
  Transpose t{600, 700};
  ProgramArray b(t.m1() * t.n0, 0);
  const int before = openDescriptors();
  int64_t bad = 0;
  for (int block = 0; block < 72; ++block) {
    ProgramArray a(t.m0() * t.n1, 1, kShareableBytes + size_t(block) * (64 << 10));
    bad += t.run(a.data(), b.data(), 2 * block, false);
    bad += t.run(a.data(), b.data(), 2 * block + 1, false);
  }
  EXPECT_EQ(bad, 0);
  EXPECT_LE(openDescriptors() - before, 64 + 2);
}

// Rows of an n0 x n1 matrix -> the flat n0 * n1 vector in balanced pieces
// held in reverse rank order (so that most of it moves): run pieces read
// out of the mapped block.
TEST(SharedBuffers, ReshapeRowsToFlat) {
  const int64_t n0 = 1000, n1 = 1200, total = n0 * n1;
  int P = worldSize(), me = worldRank();
  int64_t m = blockLen(n0, P, me), r0 = blockOff(n0, P, me);
  int64_t len = blockLen(total, P, P - 1 - me), off = blockOff(total, P, P - 1 - me);
  ProgramArray a(m * n1, 2), out(len, 0);
  int64_t bad = 0;
  for (int it = 0; it < 4; ++it) {
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < n1; ++j)
        a.data()[i * n1 + j] = valueOf(r0 + i, j, it);
    std::fill(out.data(), out.data() + len, -1.0);
    int64_t g[2] = {n0, n1}, lo[2] = {r0, 0}, ng[1] = {total}, nlo[1] = {off};
    idtr_index_array_t G = idtr_index_array(g, 2), L = idtr_index_array(lo, 2),
                       NG = idtr_index_array(ng, 1), NL = idtr_index_array(nlo, 1);
    Desc2 in = matrix(a.data(), m, n1);
    Desc1 o;
    idtr_init_contiguous(&o, out.data(), 1, &len);
    _idtr_wait(_idtr_copy_reshape_f64(0, 1, &G, 1, &L, 2, &in, 1, &NG, 1, &NL, 1, &o));
    for (int64_t k = 0; k < len; ++k) {
      int64_t f = off + k;
      double expect = valueOf(f / n1, f % n1, it);
      if (out.data()[k] != expect && bad++ < 3)
        std::fprintf(stderr, "[rank %d] iteration %d: flat %lld = %g, %g expected\n", me, it,
                     static_cast<long long>(f), out.data()[k], expect);
    }
  }
  EXPECT_EQ(bad, 0);
}

} // namespace
