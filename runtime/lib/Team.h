// Teams: each team id gets its own duplicate of MPI_COMM_WORLD (created
// lazily on first use), its own plan cache and its own message sequence.
// Also owns MPI initialisation and finalisation.
#ifndef IDTR_TEAM_H
#define IDTR_TEAM_H

#include "PlanCache.h"

#include <mpi.h>

#include <cstdint>

namespace idtr {

struct Team {
  int64_t id = 0;
  MPI_Comm comm = MPI_COMM_NULL;
  int rank = 0;
  int size = 1;
  PlanCache plans;
  uint32_t sequence = 0; // operations started on this team; identical on all ranks

  // A tag for the next operation's messages (wraps within MPI's guaranteed range).
  int nextTag() { return static_cast<int>(sequence++ % 32768u); }
};

// Initialises MPI if nobody has yet (then finalises it at exit).
void ensureMpi();

// The team for `id`; collective the first time a team id is used.
Team &team(int64_t id);

// The team reduce_all uses: the whole world, separate from user teams.
Team &worldTeam();

} // namespace idtr

#endif
