// Teams: each team id gets its own duplicate of MPI_COMM_WORLD (created
// lazily on first use), its own plan cache and its own message sequence.
// Also owns MPI initialisation and finalisation.
#ifndef IDTR_TEAM_H
#define IDTR_TEAM_H

#include "plan/PlanCache.h"
#include "support/Buffer.h"
#include "transport/DirectTransfer.h"
#include "transport/Runtime.h"

#include <mpi.h>

#include <algorithm>
#include <cstdint>
#include <vector>

namespace idtr {

struct Team {
  int64_t id = 0;
  MPI_Comm comm = MPI_COMM_NULL;
  // Receivers' acknowledgements of direct transfers (Exchange.cpp), apart
  // from the data so that they never match its receives.
  MPI_Comm controlComm = MPI_COMM_NULL;
  // Point-to-point messages of the program (shard.send/recv,
  // PointToPoint.cpp): a communicator of their own, since the data tags
  // above may use every tag MPI allows.
  MPI_Comm p2pComm = MPI_COMM_NULL;
  // The ranks whose process this one reads from directly, with its pid
  // (DirectTransfer.h), ascending rank: only ranks of this node, so
  // O(ranks per node) memory however large the team.
  std::vector<DirectPeer> directPeers;
  int rank = 0;
  int size = 1;
  PlanCache plans;
  uint32_t sequence = 0; // operations started on this team; identical on all ranks

  // The pid to read rank r's memory from, 0 if none (binary search).
  int directPid(int r) const {
    auto it = std::lower_bound(directPeers.begin(), directPeers.end(), r,
                               [](const DirectPeer &p, int rank) { return p.rank < rank; });
    return it != directPeers.end() && it->rank == r ? it->pid : 0;
  }

  // Tags: the low kSequenceBits count the team's operations (identical on
  // all ranks); above them, when MPI_TAG_UB leaves room (planIdBits > 0),
  // the low bits of the operation's plan id, so that a rank that reuses a
  // plan its peers replaced cannot match their messages, and a peer still
  // agreeing on a plan sees the message and reports it (PlanAgreement.cpp).
  static constexpr int kSequenceBits = 15;
  int planIdBits = 0;
  int sequenceTag() const { return static_cast<int>(sequence % (1u << kSequenceBits)); }
  int planTag(int64_t planId) const {
    return static_cast<int>(static_cast<uint64_t>(planId) & ((uint64_t(1) << planIdBits) - 1));
  }
  int tagFor(int64_t planId) const { return sequenceTag() | planTag(planId) << kSequenceBits; }
  // The tag of the next operation's messages, which uses plan `planId`.
  int nextTag(int64_t planId = 0) {
    int tag = tagFor(planId);
    ++sequence;
    return tag;
  }
};

// Initialises MPI if nobody has yet (then finalises it at exit) and starts
// the runtime context (Runtime.h), which ends at MPI_Finalize. Inline: every
// entry point calls it, and after the first call it is one load.
void initMpi();
inline void ensureMpi() {
  if (!Runtime::started())
    initMpi();
}

// The team for `id`; collective the first time a team id is used.
Team &team(int64_t id);

// The team reduce_all uses: the whole world, separate from user teams.
Team &worldTeam();

} // namespace idtr

#endif
