#include "PlanCache.h"

#include "Mpi.h"
#include "Stats.h"
#include "Team.h"

#include <algorithm>

namespace idtr {

std::shared_ptr<const Plan> PlanCache::find(const std::vector<int64_t> &key) {
  auto it = entries_.find(key);
  if (it == entries_.end())
    return nullptr;
  lru_.splice(lru_.begin(), lru_, it->second.position);
  return it->second.plan;
}

void PlanCache::insert(const std::vector<int64_t> &key, std::shared_ptr<const Plan> plan) {
  auto it = entries_.find(key);
  if (it != entries_.end()) {
    it->second.plan = std::move(plan);
    lru_.splice(lru_.begin(), lru_, it->second.position);
    return;
  }
  lru_.push_front(key);
  entries_[key] = {std::move(plan), lru_.begin()};
  while (entries_.size() > capacity_) {
    entries_.erase(lru_.back());
    lru_.pop_back();
  }
}

std::shared_ptr<const Plan> obtainPlan(Team &team, const Geometry &geometry) {
  std::vector<int64_t> key = geometry.encode();
  std::shared_ptr<const Plan> cached = team.plans.find(key);
  int64_t id = cached ? cached->id : -1;
  int64_t agree[3] = {id, -id, static_cast<int64_t>(key.size())};
  mpi::allreduceMax(agree, 3, team.comm);
  stats().metadataCollectives++;
  if (cached && agree[0] == id && -agree[1] == id) {
    stats().planHits++;
    return cached;
  }
  // Build collectively: every rank contributes its record, padded to the
  // longest so one fixed-size allgather suffices.
  int64_t width = agree[2] + 1;
  std::vector<int64_t> record(width, 0);
  record[0] = static_cast<int64_t>(key.size());
  std::copy(key.begin(), key.end(), record.begin() + 1);
  std::vector<int64_t> records = mpi::allgather(record, team.comm);
  stats().metadataCollectives++;
  std::vector<Geometry> all(team.size);
  for (int r = 0; r < team.size; ++r) {
    const int64_t *rec = records.data() + r * width;
    all[r] = Geometry::decode(rec + 1, std::min(rec[0], width - 1));
  }
  std::shared_ptr<const Plan> plan = buildPlan(all, team.rank, team.plans.nextId());
  team.plans.insert(key, plan);
  stats().planBuilds++;
  return plan;
}

} // namespace idtr
