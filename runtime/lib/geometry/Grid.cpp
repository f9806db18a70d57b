// The factoring of a team into a process grid's run-time axes (Grid.h).
#include "geometry/Grid.h"

#include "support/Errors.h"

#include <algorithm>
#include <climits>

namespace idtr {

Shape balancedGridFactors(int64_t n, int64_t axes) {
  Shape dims(static_cast<size_t>(axes), 1);
  // Prime factors, largest first, each onto the axis with the smallest
  // product so far: the greedy choice keeps the extents close (it is
  // exact for the counts of one node and the usual powers of two).
  Shape primes;
  for (int64_t p = 2, m = n; m > 1;) {
    if (p > m / p) { // p * p > m, without the product
      primes.push_back(m);
      break;
    }
    if (m % p == 0) {
      primes.push_back(p);
      m /= p;
    } else {
      ++p;
    }
  }
  std::sort(primes.rbegin(), primes.rend());
  for (int64_t p : primes)
    *std::min_element(dims.begin(), dims.end()) *= p;
  std::sort(dims.rbegin(), dims.rend());
  return dims;
}

} // namespace idtr
