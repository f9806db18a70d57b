// Every rank's record as the team's geometry, and who provides replicated data.
#include "geometry/TeamGeometry.h"

#include <map>
#include <utility>

namespace idtr {

ExplicitGeometry::ExplicitGeometry(const std::vector<Geometry> &all)
    : all_(all), lowestHolder_(all.size()) {
  // Who provides data held by several ranks (identical, replicated input
  // boxes): a receiver that holds a replica serves itself, any other
  // receiver gets it from the lowest rank holding it. Deterministic from the
  // geometry, so senders and receivers agree without talking.
  std::map<std::pair<Shape, Shape>, int> lowest;
  for (size_t r = 0; r < all.size(); ++r) {
    auto key = std::make_pair(all[r].input.offsets, all[r].input.sizes);
    auto it = lowest.emplace(key, static_cast<int>(r)).first;
    lowestHolder_[r] = it->second;
  }
}

bool ExplicitGeometry::provides(int s, int r) const {
  if (s == r)
    return true;
  bool replicaOfR = lowestHolder_[s] == lowestHolder_[r];
  return !replicaOfR && lowestHolder_[s] == s;
}

void ExplicitGeometry::everyone(std::vector<int> &out) const {
  for (int r = 0; r < size(); ++r)
    out.push_back(r);
}

} // namespace idtr
