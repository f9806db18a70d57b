// Random memory layouts of a box of `sizes` for the copy-engine tests: a
// random order of the dimensions in memory and up to 2 elements of padding
// after each, and a unit stride of 1 or 2.
#ifndef IDTR_TESTS_RANDOMLAYOUT_H
#define IDTR_TESTS_RANDOMLAYOUT_H

#include "geometry/Box.h"

#include <algorithm>
#include <numeric>
#include <random>
#include <vector>

namespace idtr {

// Sets `strides` (one per dimension of `sizes`) and returns the number of
// elements the layout spans.
inline int64_t randomLayout(std::mt19937_64 &rng, const Shape &sizes, Shape &strides) {
  int rank = static_cast<int>(sizes.size());
  std::vector<int> order(rank);
  std::iota(order.begin(), order.end(), 0);
  std::shuffle(order.begin(), order.end(), rng);
  strides.assign(rank, 0);
  int64_t stride = 1 + rng() % 2;
  for (int i = rank - 1; i >= 0; --i) {
    strides[order[i]] = stride;
    stride *= sizes[order[i]] + rng() % 3;
  }
  return stride;
}

} // namespace idtr

#endif
