// Plans: who sends what to whom for one redistribution, computed from the
// geometry of every rank (exchanged once, then cached). Building a plan is a
// pure function of that geometry, so it is unit-testable without MPI.
#ifndef IDTR_PLAN_H
#define IDTR_PLAN_H

#include "copy/Pack.h"
#include "geometry/Box.h"
#include "geometry/Geometry.h"
#include "plan/Packer.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace idtr {

class TeamGeometry;

// The messages with one peer (or the local copy when peer == own rank).
struct Transfer {
  int peer = -1;
  int64_t elements = 0;
  std::vector<BoxPiece> boxes; // permute / halo
  std::vector<RunPiece> runs;  // reshape
};

struct Plan {
  int64_t id = -1;
  // Built from the balanced formula (Balanced.h) on every rank: a repeat of
  // this rank's arguments is a repeat of every rank's, so the plan is reused
  // without asking the team (PlanAgreement.h).
  bool reusedLocally = false;
  OpKind kind = OpKind::Permute;
  // Moves this plan's pieces (Packer.h): chosen with the plan, by its kind.
  const Packer *packer = &boxPacker();
  PieceFrame frame;             // this rank's boxes
  std::vector<Transfer> sends;  // to other ranks, ascending peer
  std::vector<Transfer> recvs;  // from other ranks, ascending peer
  Transfer local;               // own input -> own outputs
  int64_t sendElements = 0;
  int64_t recvElements = 0;
};

// Builds the plan of rank `me` from the geometry of all ranks. Validates the
// geometry (same global shapes on all ranks, boxes inside the arrays, input
// boxes disjoint or identical replicas, every requested element owned by
// some rank) and throws Error otherwise. Replicated data comes from the
// receiver itself if it holds a replica, else from the lowest rank holding it. Work: O(P) box operations, plus, for reshape, the number
// of runs of this rank's boxes times P.
std::shared_ptr<Plan> buildPlan(const std::vector<Geometry> &all, int me, int64_t id);

// The plan of rank `me` from `team` (the function above is this with an
// ExplicitGeometry).
std::shared_ptr<Plan> buildPlan(const TeamGeometry &team, int me, int64_t id);

} // namespace idtr

#endif
