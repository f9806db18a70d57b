// The runtime context: the state the runtime keeps from its start, when the
// first call that communicates initialises its MPI side (initMpi, Team.h),
// to MPI_Finalize, in one object, as MLIR's AsyncRuntime keeps its own.
// Created by initMpi and destroyed at the start of MPI_Finalize, after the
// statistics and the profile are reported (Team.cpp); a call after that
// finds no runtime and reports that MPI was finalised.
//
// What stays process-wide, outside it, and why:
//  - what compiled programs use before the runtime starts and after it
//    ends: the allocator of their arrays and its holds (BufferAllocator.h:
//    arrays outlive MPI), the pool of message buffers (Buffer.h: a Buffer
//    may outlive the context, below), the settings read from the
//    environment (Settings.h, which both read), the statistics counters
//    (Stats.h: allocations count from the first one, and the counters must
//    be one add away), the call site named by the program before a call
//    (CallSite.h), the run-time parameters (CommandLineParams.h) and the
//    sub-grid teams the program defines (SubTeam.h), both possibly before
//    MPI is initialised;
//  - what the watchdog thread reads (Watchdog.h): it outlives the context;
//  - what MPI may still read or write while MPI_Finalize runs, after the
//    context's end: the operations of handles never waited on (Handles.cpp)
//    and parked point-to-point sends (PointToPoint.cpp);
//  - constants of the process: the transpose kernel chosen by CPUID
//    (Transpose.cpp), MPI's user-defined reduction operators
//    (ReduceOps.cpp, freed by MPI_Finalize itself), the counter that makes
//    temporary file names unique (NpyFile.cpp).
//
// The runtime is single-threaded towards its callers (idtr.h, "Threads"):
// the context is used by the thread that called init, without locks.
#ifndef IDTR_RUNTIME_H
#define IDTR_RUNTIME_H

#include "copy/Descriptor.h"
#include "plan/GridHaloCalls.h"
#include "support/Profile.h"
#include "transport/HandleTable.h"
#include "transport/Handles.h"
#include "transport/PointToPoint.h"
#include "transport/SharedMemory.h"

#include <cstdint>
#include <map>
#include <memory>
#include <vector>

namespace idtr {

struct Team;

// The views the entry points' cached paths read their descriptors into
// (abi/): reused, so that their shape vectors keep their capacity and a
// cached call allocates nothing.
struct EntryScratch {
  View input;
  View outputs[2];
  // update_grid_halo: a view per output piece, into the halo buffer.
  std::vector<View> pieces;
  std::vector<const View *> pieceOutputs;
};

class Runtime {
public:
  // Starts the context (initMpi) and ends it (at MPI_Finalize).
  static void start();
  static void end();
  static bool started() { return current_ != nullptr; }
  // The context; only while started().
  static Runtime &get() { return *current_; }

  // Teams by id (Team.cpp), never erased while the context lives, and the
  // last one asked for: programs use one or two, so the hot path (many
  // small calls on the same team) skips the map lookup.
  std::map<int64_t, std::unique_ptr<Team>> teams;
  int64_t lastTeamId = 0;
  Team *lastTeam = nullptr;
  // The team reduce_all uses: the whole world, apart from the user teams.
  std::unique_ptr<Team> world;
  // The runtime called MPI_Init, so it finalises MPI at exit.
  bool initializedMpi = false;

  // Finished redistributions, reused by the next call: their vectors and
  // views keep their capacity, so that a cached call allocates nothing
  // (Exchange.cpp).
  std::vector<std::unique_ptr<Operation>> idleRedistributions;
  // The handles of operations in flight (Handles.cpp). After the idle
  // redistributions: an operation still held here goes back to them when it
  // ends with the context.
  HandleTable handles;
  // The outputs of a replayable exchange being prepared, as the one vector
  // the packer wants (ExchangeReplay.cpp): storage reused across calls.
  std::vector<View> replayOutputs;
  // The messages of members to themselves, by team (PointToPoint.cpp).
  std::map<int64_t, Mailbox> mailboxes;
  // The program buffers of the node's other ranks mapped here (direct
  // transfers, DirectTransfer.h).
  PeerMappings peerMappings;
  // The cached calls of update_grid_halo, and the entry points' scratch.
  GridHaloCalls gridHaloCalls;
  EntryScratch entryScratch;
  // The per-location profile (IDTR_PROFILE, IDTR_STATS), reported at
  // finalisation.
  ProfileRows profile;

private:
  Runtime() = default;
  ~Runtime();
  Runtime(const Runtime &) = delete;
  Runtime &operator=(const Runtime &) = delete;

  // The one context of the process, or null outside [start, end].
  static Runtime *current_;
};

// The runtime context (shorthand for Runtime::get()).
inline Runtime &runtime() { return Runtime::get(); }

} // namespace idtr

#endif
