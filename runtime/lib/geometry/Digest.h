// The digest of a plan's defining form (BalancedForm, GridHaloForm): the
// ranks agree on a plan by comparing digests (MAX of v and -v in one
// allreduce), so a digest must depend on every field and be non-negative.
#ifndef IDTR_DIGEST_H
#define IDTR_DIGEST_H

#include "geometry/Box.h"

#include <cstdint>

namespace idtr {

class Digest {
public:
  explicit Digest(uint64_t seed) : h(seed) {}
  void mix(int64_t v) { h ^= static_cast<uint64_t>(v) + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2); }
  void mix(const Shape &v) {
    mix(static_cast<int64_t>(v.size()));
    for (int64_t x : v)
      mix(x);
  }
  // splitmix64's finaliser, so that every bit of h reaches the top 63;
  // non-negative, as the agreement needs.
  int64_t value() const {
    uint64_t x = h;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    x ^= x >> 31;
    return static_cast<int64_t>(x >> 1);
  }

private:
  uint64_t h;
};

} // namespace idtr

#endif // IDTR_DIGEST_H
