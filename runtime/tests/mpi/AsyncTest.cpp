// Asynchrony and the plan cache: several operations in flight waited in
// different orders, handle 0, repeated calls reusing plans, and a rank whose
// arguments repeat while the others' change (the cache must not be fooled).
#include "Entries.h"
#include "TestSupport.h"
#include "support/Stats.h"

#include <gtest/gtest.h>

using namespace idtr_test;

namespace {

// A contiguous row block of rows [lo, hi) of an n x m array.
struct Rows {
  int64_t lo, hi;
};

Rows rowsOf(int64_t n, int r, int P) { return {n * r / P, n * (r + 1) / P}; }

template <typename T> struct Dense2D {
  std::vector<T> data;
  IDTR_MEMREF(T, 2) desc;
  Dense2D(int64_t rows, int64_t cols) : data(std::max<int64_t>(rows * cols, 1)) {
    int64_t sizes[2] = {rows, cols};
    idtr_init_contiguous(&desc, data.data(), 2, sizes);
  }
  void *ptr() { return &desc; }
};

} // namespace

TEST(Async, SeveralOperationsWaitedInAnyOrder) {
  int P = worldSize(), me = worldRank();
  const int64_t n = 37, m = 23;
  Rows mine = rowsOf(n, me, P), mineT = rowsOf(m, me, P);
  int64_t bad = 0;
  for (int order = 0; order < 3; ++order) {
    Dense2D<double> a(mine.hi - mine.lo, m), t(mineT.hi - mineT.lo, n);
    Dense2D<int32_t> b(mine.hi - mine.lo, m), r(1, (mine.hi - mine.lo) * m);
    for (int64_t i = mine.lo; i < mine.hi; ++i)
      for (int64_t j = 0; j < m; ++j) {
        a.data[(i - mine.lo) * m + j] = i * 1000 + j;
        b.data[(i - mine.lo) * m + j] = static_cast<int32_t>(i * m + j);
      }
    int64_t sum[3] = {me, 2 * me, 3 * me}, sumOut[3];
    int64_t three = 3;
    IDTR_MEMREF(int64_t, 1) sd, so;
    idtr_init_contiguous(&sd, sum, 1, &three);
    idtr_init_contiguous(&so, sumOut, 1, &three);
    IndexArg g({n, m}), lo({mine.lo, 0}), loT({mineT.lo, 0}), ax({1, 0});
    IndexArg ng({1, n * m}), no({0, mine.lo * m});
    int64_t h[3];
    h[0] = _idtr_copy_permute_f64(0, 1, g.ptr(), 1, lo.ptr(), 2, a.ptr(), 1, loT.ptr(), 2, t.ptr(),
                                  1, ax.ptr());
    h[1] = _idtr_copy_reshape_i32(0, 1, g.ptr(), 1, lo.ptr(), 2, b.ptr(), 1, ng.ptr(), 1, no.ptr(),
                                  2, r.ptr());
    h[2] = _idtr_allreduce_i64(0, 1, &sd, 1, &so, IDTR_SUM);
    // The inputs may be reused as soon as the calls return.
    std::fill(a.data.begin(), a.data.end(), -1.0);
    std::fill(b.data.begin(), b.data.end(), -1);
    sum[0] = sum[1] = sum[2] = -100;
    int waits[3][3] = {{2, 1, 0}, {0, 1, 2}, {1, 2, 0}};
    for (int k : waits[order])
      _idtr_wait(h[k]);
    for (int64_t i = mineT.lo; i < mineT.hi; ++i)
      for (int64_t j = 0; j < n; ++j)
        bad += t.data[(i - mineT.lo) * n + j] != j * 1000 + i;
    for (int64_t k = 0; k < (mine.hi - mine.lo) * m; ++k)
      bad += r.data[k] != mine.lo * m + k;
    for (int k = 0; k < 3; ++k)
      bad += sumOut[k] != (k + 1) * P * (P - 1) / 2;
  }
  _idtr_wait(0); // handle 0 is "already complete"
  EXPECT_EQ(bad, 0);
}

// Halo rows are sent straight from the input (Exchange.cpp), so the call
// returns only once its peers have them: overwriting the input right after
// the call must not change what the neighbours receive, also on a repeat
// of the call (the cached path).
TEST(Async, HaloInputReusableAfterTheCall) {
  int P = worldSize(), me = worldRank();
  const int64_t n = 37, m = 3000; // rows above the eager limit
  Rows mine = rowsOf(n, me, P);
  int64_t rows = mine.hi - mine.lo;
  int64_t bbLo = std::max<int64_t>(mine.lo - 1, 0), bbHi = std::min<int64_t>(mine.hi + 1, n);
  int64_t left = mine.lo - bbLo, right = bbHi - mine.hi;
  int64_t bad = 0;
  for (int repeat = 0; repeat < 3; ++repeat) {
    Dense2D<double> a(rows, m), lh(left, m), rh(right, m);
    for (int64_t i = mine.lo; i < mine.hi; ++i)
      for (int64_t j = 0; j < m; ++j)
        a.data[(i - mine.lo) * m + j] = i * 1000 + j;
    IndexArg g({n, m}), lo({mine.lo, 0}), bbo({bbLo, 0}), bbs({bbHi - bbLo, m});
    int64_t h = _idtr_update_halo_f64(0, 1, g.ptr(), 1, lo.ptr(), 2, a.ptr(), 1, bbo.ptr(), 1,
                                      bbs.ptr(), 2, lh.ptr(), 2, rh.ptr(), -1);
    std::fill(a.data.begin(), a.data.end(), -1.0);
    _idtr_wait(h);
    for (int64_t j = 0; j < m; ++j) {
      if (left)
        bad += lh.data[j] != (mine.lo - 1) * 1000 + j;
      if (right)
        bad += rh.data[j] != mine.hi * 1000 + j;
    }
  }
  EXPECT_EQ(bad, 0);
}

TEST(PlanCache, RepeatedCallsHitTheCache) {
  int P = worldSize(), me = worldRank();
  const int64_t n = 16, m = 9;
  Rows mine = rowsOf(n, me, P), mineT = rowsOf(m, me, P);
  Dense2D<float> a(mine.hi - mine.lo, m), t(mineT.hi - mineT.lo, n);
  for (int64_t i = mine.lo; i < mine.hi; ++i)
    for (int64_t j = 0; j < m; ++j)
      a.data[(i - mine.lo) * m + j] = static_cast<float>(i * 100 + j);
  IndexArg g({n, m}), lo({mine.lo, 0}), loT({mineT.lo, 0}), ax({1, 0});
  int64_t hitsBefore = idtr::stats().planHits, buildsBefore = idtr::stats().planBuilds;
  int64_t bad = 0;
  for (int rep = 0; rep < 4; ++rep) {
    std::fill(t.data.begin(), t.data.end(), -1.0f);
    _idtr_wait(_idtr_copy_permute_f32(9, 1, g.ptr(), 1, lo.ptr(), 2, a.ptr(), 1, loT.ptr(), 2,
                                      t.ptr(), 1, ax.ptr()));
    for (int64_t i = mineT.lo; i < mineT.hi; ++i)
      for (int64_t j = 0; j < n; ++j)
        bad += t.data[(i - mineT.lo) * n + j] != static_cast<float>(j * 100 + i);
  }
  EXPECT_EQ(bad, 0);
  EXPECT_EQ(idtr::stats().planBuilds - buildsBefore, 1);
  EXPECT_EQ(idtr::stats().planHits - hitsBefore, 3);
}

// Rank 0's arguments are identical in both calls; the other ranks' output
// boxes change. Rank 0 must not reuse its old plan.
TEST(PlanCache, OtherRanksChangingArgumentsForceANewPlan) {
  int P = worldSize(), me = worldRank();
  const int64_t n = 24;
  Rows mine = rowsOf(n, me, P);
  std::vector<int64_t> in(std::max<int64_t>(mine.hi - mine.lo, 1));
  for (int64_t i = mine.lo; i < mine.hi; ++i)
    in[i - mine.lo] = i * 3;
  int64_t inSize = mine.hi - mine.lo;
  IDTR_MEMREF(int64_t, 1) inDesc;
  idtr_init_contiguous(&inDesc, in.data(), 1, &inSize);
  int64_t bad = 0;
  for (int call = 0; call < 2; ++call) {
    // Call 0: everybody gets everything. Call 1: rank 0 still gets
    // everything, the others get a shifted window.
    int64_t off = (call == 1 && me != 0) ? 1 + me : 0;
    int64_t len = (call == 1 && me != 0) ? n - off : n;
    std::vector<int64_t> out(len, -1);
    IDTR_MEMREF(int64_t, 1) outDesc;
    idtr_init_contiguous(&outDesc, out.data(), 1, &len);
    IndexArg g({n}), lo({mine.lo}), ng({n}), no({off});
    _idtr_wait(_idtr_copy_reshape_i64(4, 1, g.ptr(), 1, lo.ptr(), 1, &inDesc, 1, ng.ptr(), 1,
                                      no.ptr(), 1, &outDesc));
    for (int64_t k = 0; k < len; ++k)
      bad += out[k] != (off + k) * 3;
  }
  EXPECT_EQ(bad, 0);
}
