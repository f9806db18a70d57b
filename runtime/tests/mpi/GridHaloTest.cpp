// update_grid_halo: random process grids (1 to 3 axes, any factoring of the
// team, any split dimensions), random shapes (empty blocks included),
// widths 0-3 per dimension, random periodic dimensions, strided local
// parts, all element types; each halo slab checked element by element
// against the global array (wrapped around periodic dimensions), the
// keyed repeat too.
#include "Entries.h"
#include "TestSupport.h"

#include "idtr/detail/GridHaloSlabs.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>

using namespace idtr_test;

namespace {

// A random factoring of P into `axes` extents.
Shape randomGrid(std::mt19937_64 &rng, int P, int axes) {
  Shape grid(axes, 1);
  int rest = P;
  for (int f = 2; rest > 1;) {
    if (rest % f == 0) {
      grid[rng() % axes] *= f;
      rest /= f;
    } else {
      ++f;
    }
  }
  return grid;
}

int64_t gridHaloCase(int id, std::mt19937_64 &rng) {
  int P = worldSize(), me = worldRank();
  int rank = 1 + rng() % 3;
  Shape gShape = randomShape(rng, rank, rank == 1 ? 30 : rank == 2 ? 10 : 6);
  int axes = 1 + rng() % rank;
  Shape grid = randomGrid(rng, P, axes);
  std::vector<int64_t> dims(rank);
  std::iota(dims.begin(), dims.end(), 0);
  std::shuffle(dims.begin(), dims.end(), rng);
  Shape split(dims.begin(), dims.begin() + axes);
  Shape lo(rank), hi(rank), widths;
  bool periodic[8] = {};
  int64_t mask = 0;
  for (int d = 0; d < rank; ++d) {
    lo[d] = rng() % 4;
    hi[d] = rng() % 4;
    widths.push_back(lo[d]);
    widths.push_back(hi[d]);
    periodic[d] = rng() % 3 == 0;
    mask |= int64_t(periodic[d]) << d;
  }
  // This rank's balanced block of the grid (row-major coordinates).
  Box mine{Shape(rank, 0), gShape};
  int64_t rest = me;
  for (int k = axes; k-- > 0;) {
    int64_t c = rest % grid[k];
    rest /= grid[k];
    int64_t n = gShape[split[k]], q = n / grid[k], rem = n % grid[k];
    mine.offsets[split[k]] = c * q + std::min(c, rem);
    mine.sizes[split[k]] = q + (c < rem);
  }
  uint64_t salt = rng();
  int type = static_cast<int>(rng() % 7);
  int64_t key = rng() % 2 ? idtr_grid_halo_key(static_cast<uint32_t>(id)) : -1;
  std::mt19937_64 local(mix(testSeed() ^ (uint64_t(id) << 9) ^ me));

  // The slabs (GridHaloSlabs.h) and where each starts in the halo buffer.
  std::vector<Box> slabs;
  int64_t total = 0;
  for (int d = 0; d < rank; ++d)
    for (int side = 0; side < 2; ++side) {
      Box s{Shape(rank), Shape(rank)};
      idtr::detail::gridHaloSlab<int64_t>(rank, d, side, mine.offsets.data(), mine.sizes.data(),
                                          lo.data(), hi.data(), gShape.data(), periodic,
                                          s.offsets.data(), s.sizes.data());
      total += volume(s.sizes);
      slabs.push_back(s);
    }
  bool anyEmpty = volume(gShape) == 0;

  int64_t bad = 0;
  withType(type, [&](auto tag) {
    using T = typename decltype(tag)::type;
    Strided<T> in(mine.sizes, local, true);
    for (int64_t f = 0; f < volume(mine.sizes); ++f) {
      Shape idx = delinearize(f, mine.sizes), g(idx);
      for (size_t k = 0; k < g.size(); ++k)
        g[k] += mine.offsets[k];
      in.at(idx) = valueAt<T>(linearize(g, gShape), salt);
    }
    IndexArg gs(gShape), offs(mine.offsets), gr(grid), sp(split), ws(widths);
    for (int rep = 0; rep < 2; ++rep) {
      Strided<T> halo(Shape{total}, local, false);
      int64_t h = Entry<T>::gridHalo(0, 1, gs.ptr(), 1, offs.ptr(), in.rank(), in.descriptor(),
                                     1, gr.ptr(), 1, sp.ptr(), 1, ws.ptr(), halo.rank(),
                                     halo.descriptor(), mask, key);
      _idtr_wait(h);
      if (anyEmpty)
        continue;
      int64_t at = 0;
      for (const Box &s : slabs) {
        for (int64_t f = 0; f < volume(s.sizes); ++f) {
          Shape idx = delinearize(f, s.sizes), g(idx);
          for (int k = 0; k < rank; ++k) {
            g[k] += s.offsets[k];
            g[k] = ((g[k] % gShape[k]) + gShape[k]) % gShape[k]; // wrapped (periodic)
          }
          if (!(halo.at(Shape{at + f}) == valueAt<T>(linearize(g, gShape), salt))) {
            if (bad < 3) {
              std::fprintf(stderr, "[rank %d] grid halo case %d (%s): wrong element\n", me, id,
                           Entry<T>::name);
              if (std::getenv("GRID_HALO_DEBUG")) {
                auto pr = [](const char *n, const Shape &v) {
                  std::fprintf(stderr, " %s [", n);
                  for (int64_t x : v) std::fprintf(stderr, "%lld ", (long long)x);
                  std::fprintf(stderr, "]");
                };
                pr("shape", gShape); pr("grid", grid); pr("split", split); pr("lo", lo);
                pr("hi", hi); pr("own", mine.offsets); pr("size", mine.sizes);
                pr("slab", s.offsets); pr("slabsz", s.sizes); pr("idx", idx);
                std::fprintf(stderr, " mask %lld rep %d\n", (long long)mask, rep);
              }
            }
            ++bad;
          }
        }
        at += volume(s.sizes);
      }
      bad += halo.paddingDamage();
    }
  });
  return bad;
}

} // namespace

TEST(GridHalo, RandomCases) {
  std::mt19937_64 rng(testSeed() * 13 + 3);
  int64_t bad = 0;
  for (int id = 0; id < 300; ++id)
    bad += gridHaloCase(id, rng);
  EXPECT_EQ(bad, 0);
}
