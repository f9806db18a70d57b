// update_halo: random row partitions (uneven, empty, any rank order, or
// balanced), random boxes whose rows may come from any ranks (not only
// neighbours) or the own rows widened by widths the same on every rank
// (haloBox, then often with the key that promises them, as distc passes
// it), strided views, all element types.
#include "Entries.h"
#include "TestSupport.h"

#include "idtr/detail/HaloRows.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>

using namespace idtr_test;

namespace {

int64_t haloCase(int id, std::mt19937_64 &rng) {
  int P = worldSize(), me = worldRank();
  int rank = 1 + rng() % 3;
  Shape gShape = randomShape(rng, rank, rank == 1 ? 40 : rank == 2 ? 12 : 6);
  // Row blocks, assigned to ranks in a random order.
  // Balanced rows (what distc compiles, where a keyed plan is reused
  // without agreement) or random cuts.
  // Balanced: the extra rows on the first ranks (distc) or on the last (the
  // shard dialect).
  bool balanced = rng() % 3 == 0, extraLast = rng() % 2;
  int64_t q = gShape[0] / P, rem = gShape[0] % P;
  Shape cuts{0, gShape[0]};
  for (int r = 1; r < P; ++r)
    cuts.push_back(!balanced ? (gShape[0] ? rng() % (gShape[0] + 1) : 0)
                   : extraLast ? r * q + std::max<int64_t>(0, r - (P - rem))
                   : r * q + std::min<int64_t>(r, rem));
  std::sort(cuts.begin(), cuts.end());
  std::vector<int> owner(P);
  std::iota(owner.begin(), owner.end(), 0);
  if (!balanced && rng() % 2)
    std::shuffle(owner.begin(), owner.end(), rng);
  std::vector<Box> parts(P);
  for (int b = 0; b < P; ++b) {
    Box &p = parts[owner[b]];
    p.offsets.assign(rank, 0);
    p.sizes = gShape;
    p.offsets[0] = cuts[b];
    p.sizes[0] = cuts[b + 1] - cuts[b];
  }
  // Random boxes, or every rank's rows widened by wLo before and wHi after,
  // clipped (idtr/detail/HaloRows.h), with one cross box for all ranks.
  bool widened = rng() % 2;
  int64_t wLo = rng() % 4, wHi = rng() % 4;
  Box cross = randomSubBox(rng, gShape);
  std::vector<Box> bbs(P);
  for (int r = 0; r < P; ++r) {
    bbs[r] = widened ? cross : randomSubBox(rng, gShape);
    if (widened) {
      idtr::detail::RowRange<int64_t> rows = idtr::detail::haloBox(
          parts[r].offsets[0], parts[r].sizes[0], wLo, wHi, gShape[0]);
      bbs[r].offsets[0] = rows.begin;
      bbs[r].sizes[0] = rows.rows;
    }
  }
  // The key promises the widths; a key on the repeat only, or none.
  int keyed = widened ? static_cast<int>(rng() % 3) : 0; // 0 none, 1 repeat, 2 every call
  int64_t key = idtr_halo_key(static_cast<uint32_t>(id), wLo, wHi);
  uint64_t salt = rng();
  int64_t team = static_cast<int64_t>(rng() % 2) * 7;
  int type = static_cast<int>(rng() % 7);
  int repeats = rng() % 4 == 0 ? 2 : 1;
  // A keyed repeat goes on with the second call's buffers twice more: those
  // calls replay its exchange when it is replayable (ExchangeReplay.h).
  if (repeats == 2 && keyed == 2)
    repeats = 4;
  std::mt19937_64 local(mix(testSeed() ^ (uint64_t(id) << 9) ^ me));

  const Box &mine = parts[me];
  const Box &bb = bbs[me];
  int64_t lo = mine.offsets[0], hi = lo + mine.sizes[0];
  int64_t bbLo = bb.offsets[0], bbHi = bbLo + bb.sizes[0];
  Shape leftSizes = bb.sizes, rightSizes = bb.sizes;
  leftSizes[0] = std::max<int64_t>(0, std::min(bbHi, lo) - bbLo);
  int64_t rightStart = std::max(bbLo, hi);
  rightSizes[0] = std::max<int64_t>(0, bbHi - rightStart);

  int64_t bad = 0;
  withType(type, [&](auto tag) {
    using T = typename decltype(tag)::type;
    Strided<T> in(mine.sizes, local, true);
    fillInput(in, mine, gShape, salt);
    IndexArg gs(gShape), lo_(mine.offsets), bo(bb.offsets), bsz(bb.sizes);
    std::vector<Strided<T>> halos; // left, right
    halos.reserve(2);
    for (int rep = 0; rep < repeats; ++rep) {
      if (rep < 2) {
        halos.clear();
        halos.emplace_back(leftSizes, local, true);
        halos.emplace_back(rightSizes, local, true);
      } else {
        for (Strided<T> &h : halos)
          std::fill(h.buffer.begin(), h.buffer.end(), Strided<T>::sentinel());
      }
      Strided<T> &left = halos[0], &right = halos[1];
      int64_t h = Entry<T>::halo(team, 1, gs.ptr(), 1, lo_.ptr(), in.rank(), in.descriptor(), 1,
                                 bo.ptr(), 1, bsz.ptr(), left.rank(), left.descriptor(),
                                 right.rank(), right.descriptor(),
                                 keyed == 2 || (keyed == 1 && rep == 1) ? key : -1);
      _idtr_wait(h);
      auto check = [&](Strided<T> &halo, int64_t firstRow) {
        for (int64_t f = 0; f < volume(halo.sizes); ++f) {
          Shape idx = delinearize(f, halo.sizes), g(idx);
          g[0] += firstRow;
          for (int k = 1; k < rank; ++k)
            g[k] += bb.offsets[k];
          if (!(halo.at(idx) == valueAt<T>(linearize(g, gShape), salt))) {
            if (bad < 3)
              std::fprintf(stderr, "[rank %d] halo case %d (%s): wrong element\n", me, id,
                           Entry<T>::name);
            ++bad;
          }
        }
        bad += halo.paddingDamage();
      };
      check(left, bbLo);
      check(right, rightStart);
    }
  });
  return bad;
}

} // namespace

TEST(Halo, RandomCases) {
  std::mt19937_64 rng(testSeed() * 11 + 5);
  int64_t bad = 0;
  for (int id = 0; id < 300; ++id)
    bad += haloCase(id, rng);
  EXPECT_EQ(bad, 0);
}
