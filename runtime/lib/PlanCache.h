// The plan cache and the collective protocol that makes reuse safe.
//
// Identical local arguments on one rank do not prove that the other ranks'
// arguments are identical too. So each rank looks up its own geometry and
// contributes the plan id it found (or -1); one MPI_Allreduce(MAX) of
// (id, -id, record length) tells whether ALL ranks found the same id. Ids are
// assigned collectively when a plan is built (a per-team counter), so equal
// ids mean every rank holds the plan built from this same set of arguments.
// Otherwise the ranks allgather their geometry and build a new plan.
#ifndef IDTR_PLANCACHE_H
#define IDTR_PLANCACHE_H

#include "Plan.h"

#include <list>
#include <map>
#include <memory>
#include <vector>

namespace idtr {

struct Team;

class PlanCache {
public:
  explicit PlanCache(size_t capacity = 64) : capacity_(capacity) {}

  // Local lookup (no communication); marks the entry most recently used.
  std::shared_ptr<const Plan> find(const std::vector<int64_t> &key);
  void insert(const std::vector<int64_t> &key, std::shared_ptr<const Plan> plan);
  size_t size() const { return entries_.size(); }
  int64_t nextId() { return nextId_++; }

private:
  using Lru = std::list<std::vector<int64_t>>;
  struct Entry {
    std::shared_ptr<const Plan> plan;
    Lru::iterator position;
  };
  size_t capacity_;
  int64_t nextId_ = 0;
  Lru lru_; // most recently used first
  std::map<std::vector<int64_t>, Entry> entries_;
};

// Collective over `team`: returns the plan for this rank's `geometry`,
// reusing a cached one when every rank agrees it applies.
std::shared_ptr<const Plan> obtainPlan(Team &team, const Geometry &geometry);

} // namespace idtr

#endif
