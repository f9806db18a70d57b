#include "TestSupport.h"

#include <cstdlib>

namespace idtr_test {

uint64_t testSeed() {
  static uint64_t seed = [] {
    const char *env = std::getenv("IDTR_TEST_SEED");
    return env ? std::strtoull(env, nullptr, 0) : 20261129ull;
  }();
  return seed;
}

int worldRank() {
  int r;
  MPI_Comm_rank(MPI_COMM_WORLD, &r);
  return r;
}

int worldSize() {
  int s;
  MPI_Comm_size(MPI_COMM_WORLD, &s);
  return s;
}

Shape randomShape(std::mt19937_64 &rng, int rank, int64_t maxExtent) {
  Shape s(rank);
  for (auto &x : s)
    x = rng() % 12 == 0 ? 0 : 1 + rng() % maxExtent;
  return s;
}

Shape randomShapeWithVolume(std::mt19937_64 &rng, int64_t vol, int rank) {
  Shape s(rank, 1);
  if (rank == 0)
    return s;
  if (vol == 0) {
    for (auto &x : s)
      x = rng() % 4;
    s[rng() % rank] = 0;
    return s;
  }
  int64_t rest = vol;
  for (int k = 0; k < rank - 1; ++k) {
    std::vector<int64_t> divisors;
    for (int64_t d = 1; d <= rest; ++d)
      if (rest % d == 0)
        divisors.push_back(d);
    s[k] = divisors[rng() % divisors.size()];
    rest /= s[k];
  }
  s[rank - 1] = rest;
  std::shuffle(s.begin(), s.end(), rng);
  return s;
}

std::vector<Box> randomPartition(std::mt19937_64 &rng, const Shape &shape, int parts) {
  int rank = static_cast<int>(shape.size());
  Shape counts(rank, 1);
  int left = parts;
  for (int f = 2; f <= left; ++f)
    while (left % f == 0) {
      counts[rng() % rank] *= f;
      left /= f;
    }
  std::vector<Shape> cuts(rank);
  for (int k = 0; k < rank; ++k) {
    cuts[k].push_back(0);
    for (int64_t c = 1; c < counts[k]; ++c)
      cuts[k].push_back(shape[k] ? rng() % (shape[k] + 1) : 0);
    cuts[k].push_back(shape[k]);
    std::sort(cuts[k].begin(), cuts[k].end());
  }
  std::vector<Box> boxes;
  for (int cell = 0; cell < parts; ++cell) {
    Box b;
    int c = cell;
    b.offsets.resize(rank);
    b.sizes.resize(rank);
    for (int k = rank - 1; k >= 0; --k) {
      int i = c % counts[k];
      c /= counts[k];
      b.offsets[k] = cuts[k][i];
      b.sizes[k] = cuts[k][i + 1] - cuts[k][i];
    }
    boxes.push_back(b);
  }
  std::shuffle(boxes.begin(), boxes.end(), rng);
  return boxes;
}

Box randomSubBox(std::mt19937_64 &rng, const Shape &shape) {
  Box b;
  for (int64_t s : shape) {
    int64_t off = rng() % (s + 1);
    int64_t size = rng() % (s - off + 1);
    b.offsets.push_back(off);
    b.sizes.push_back(size);
  }
  return b;
}

bool allRanksPassed(bool mine) {
  int ok = mine ? 1 : 0, all = 0;
  MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  return all == 1;
}

} // namespace idtr_test
