// The plan cache and the protocol that makes reuse safe.
//
// Identical local arguments on one rank do not prove in general that the
// other ranks' arguments are identical too. Two cases:
//
//  - Balanced partitions (Balanced.h; what distc compiles by default): when
//    a plan was built with every rank's geometry the balanced formula, a
//    repeat of this rank's arguments (its global shapes, its block, its
//    halo box) is a repeat of every rank's, and the cached plan is reused
//    with no communication at all: a cached halo sends and receives only
//    its neighbours' messages. Their tags carry the plan id (Team.h), and a
//    rank whose arguments did change, and so is agreeing on a new plan,
//    reports a peer's message that carries an old one ("reuses the plan of
//    an earlier call ...") instead of reading it. (A rank that changes its
//    arguments while a rank it does not exchange with reuses its plan waits
//    in the agreement until IDTR_TIMEOUT.)
//  - Otherwise, each rank looks up its own geometry and contributes the plan
//    id it found (or -1) to one MPI_Allreduce(MAX) of (id, -id, ...) that
//    tells whether ALL ranks found the same id. Ids are assigned
//    collectively when a plan is built (a per-team counter), so equal ids
//    mean every rank holds the plan built from this same set of arguments.
//
// A plan that is not reused is built after that one agreement: from the
// formula when every rank reported the same balanced form (digest and halo
// widths in the same allreduce: no geometry is exchanged), else from every
// rank's geometry (one allgather).
#ifndef IDTR_PLANAGREEMENT_H
#define IDTR_PLANAGREEMENT_H

#include "geometry/Balanced.h"
#include "geometry/Geometry.h"
#include "plan/Plan.h"
#include "plan/PlanCache.h"

#include <memory>

namespace idtr {

struct Team;

// Collective over `team`: returns the plan for this rank's `geometry`,
// reusing a cached one when every rank agrees it applies.
// `keep`, if given, receives what a later agreement on the same call needs
// (for insertCall) when the plan is not reused locally. `promise`: the
// widths a halo's key promises; with them a balanced halo's plan is a
// function of this rank's arguments on every rank (the edge ranks' too), so
// it is reused without agreement (Balanced.h, determinedLocally).
std::shared_ptr<const Plan> obtainPlan(Team &team, const Geometry &geometry,
                                       std::unique_ptr<PlanRequest> *keep = nullptr,
                                       const PromisedWidths &promise = {});

// The plan of a cached call: its own if reused locally, else after the
// agreement (collective over `team`), rebuilt if another rank changed.
const std::shared_ptr<const Plan> &agreeOnCall(Team &team, PlanCache::CallEntry &call);

} // namespace idtr

#endif
