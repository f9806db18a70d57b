#include "transport/Team.h"

#include "support/CallSite.h"
#include "support/Errors.h"
#include "support/Profile.h"
#include "support/Stats.h"
#include "transport/DirectTransfer.h"
#include "transport/Handles.h"
#include "transport/Mpi.h"
#include "transport/Runtime.h"
#include "transport/SubTeam.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <thread>

namespace idtr {

namespace {

// Runs at the start of MPI_Finalize (attribute on MPI_COMM_SELF), whoever
// calls it: report forgotten handles, print statistics.
int onFinalize(MPI_Comm, int, void *, void *) {
  if (!Runtime::started())
    return MPI_SUCCESS;
  Runtime &rt = runtime();
  // What follows serves no op of the program: a timeout in the exit
  // barrier must not name the op this rank last waited on.
  enterSite(nullptr, nullptr);
  try {
    // Time-limited barrier first: a rank that ends while another still
    // waits in a collective it skipped must not sit in MPI_Finalize when
    // that rank aborts (Open MPI 4.1's mpirun can then hang in its own
    // shutdown). Both wait here, and the time limit ends the job cleanly.
    mpi::exitBarrier();
    completeForgottenHandles();
    // Sub-grid communicators are the program's own splits: give them back.
    for (auto &entry : rt.teams)
      if (isSubgridTeam(entry.first)) {
        mpi::check(MPI_Comm_free(&entry.second->comm), "MPI_Comm_free");
        if (entry.second->controlComm != MPI_COMM_NULL)
          mpi::check(MPI_Comm_free(&entry.second->controlComm), "MPI_Comm_free");
        if (entry.second->p2pComm != MPI_COMM_NULL)
          mpi::check(MPI_Comm_free(&entry.second->p2pComm), "MPI_Comm_free");
      }
  } catch (const std::exception &e) {
    abortWithError(e.what());
  }
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  printStats(rank);
  // Every rank gets here (after the exit barrier): the gather to rank 0
  // cannot hang on a rank that is gone.
  try {
    reportProfile(rt.profile, MPI_COMM_WORLD);
  } catch (const std::exception &e) {
    warn(std::string("the profile report failed: ") + e.what());
  }
  Runtime::end();
  return MPI_SUCCESS;
}

void finalizeAtExit() {
  int fin = 0;
  MPI_Finalized(&fin);
  if (fin)
    return;
  // If another rank is aborting (an idtr error it detected alone), this rank
  // must not race into MPI_Finalize: Open MPI 4.1's mpirun occasionally hangs
  // when a normal finalize and an abort cross. In the barrier it is simply
  // killed with the rest of the job. Every rank gets here: the runtime
  // initialised MPI, so no rank's program did.
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
}

// Whether every rank reaches the exit within `seconds`: a non-blocking
// barrier on the world, polled. (Ranks elsewhere never match it: a
// collective of another kind or communicator does not complete it.)
bool allRanksExitWithin(double seconds) {
  MPI_Request request = MPI_REQUEST_NULL;
  if (MPI_Ibarrier(MPI_COMM_WORLD, &request) != MPI_SUCCESS)
    return false;
  auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  do {
    int done = 0;
    if (MPI_Test(&request, &done, MPI_STATUS_IGNORE) != MPI_SUCCESS)
      return false;
    if (done)
      return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  } while (std::chrono::steady_clock::now() < deadline);
  return false;
}

// Runs when the process exits (return from main or exit()), whoever
// initialised MPI. A zero status is the normal end: finalise if the runtime
// initialised MPI. A non-zero status while MPI is still running usually
// means the rank gave up in the middle (exit(3) on one rank): the other
// ranks may be waiting for it in a collective, and the exit barrier would
// hold this rank until IDTR_TIMEOUT and then blame a skipped collective,
// losing the status. Unless all ranks are exiting too (a program whose
// ranks all return 1 at the end: then it ends as before, with its status),
// it ends the job within seconds, naming the rank and its status. (A rank
// that calls exit(0) early while the others still communicate is caught by
// the timeout.)
void atProcessExit(int status, void *) {
  int init = 0, fin = 0;
  MPI_Initialized(&init);
  MPI_Finalized(&fin);
  if (!init || fin)
    return;
  if (status != 0 && !allRanksExitWithin(3.0)) {
    int rank = -1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    std::fflush(stdout);
    std::fprintf(stderr,
                 "idtr: error: rank %d exited with status %d without finishing the program\n",
                 rank, status);
    std::fflush(stderr);
    // The low 8 bits are what a parent sees of an exit status: keep them
    // non-zero.
    MPI_Abort(MPI_COMM_WORLD, (status & 0xff) ? (status & 0xff) : 1);
  }
  if (Runtime::started() && runtime().initializedMpi)
    finalizeAtExit();
}

// `redistributes`: the team runs copies and halos (user teams), not only
// reductions (the world team), and so may read directly from its peers.
std::unique_ptr<Team> makeTeam(int64_t id, bool redistributes) {
  auto t = std::make_unique<Team>();
  t->id = id;
  // A sub-grid team (SubTeam.h) is made by its group, any other is a copy of
  // the world.
  t->comm = subgridComm(id, MPI_COMM_WORLD);
  if (t->comm == MPI_COMM_NULL)
    t->comm = mpi::commDup(MPI_COMM_WORLD);
  // Errors come back to us and take the documented error path.
  MPI_Comm_set_errhandler(t->comm, MPI_ERRORS_RETURN);
  t->rank = mpi::rank(t->comm);
  t->size = mpi::size(t->comm);
  int *tagUb = nullptr, found = 0;
  MPI_Comm_get_attr(t->comm, MPI_TAG_UB, &tagUb, &found);
  if (found && tagUb)
    for (int64_t room = (static_cast<int64_t>(*tagUb) + 1) >> Team::kSequenceBits;
         room > 1 && t->planIdBits < 16; room >>= 1)
      ++t->planIdBits;
  if (redistributes) {
    t->controlComm = mpi::commDup(t->comm);
    MPI_Comm_set_errhandler(t->controlComm, MPI_ERRORS_RETURN);
    t->p2pComm = mpi::commDup(t->comm);
    MPI_Comm_set_errhandler(t->p2pComm, MPI_ERRORS_RETURN);
    t->directPeers = probeDirectPeers(t->comm);
  }
  return t;
}

} // namespace

void initMpi() {
  if (Runtime::started())
    return;
  int init = 0, fin = 0;
  MPI_Initialized(&init);
  MPI_Finalized(&fin);
  if (fin)
    fail("MPI was finalised before an idtr call");
  bool initializing = !init;
  if (initializing) {
    int provided = 0;
    // The runtime calls MPI from the calling thread only.
    mpi::check(MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided),
               "MPI_Init_thread");
  }
  // Also when the program initialised MPI: its rank may exit() early too.
  on_exit(atProcessExit, nullptr);
  int keyval = MPI_KEYVAL_INVALID;
  mpi::check(MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, onFinalize, &keyval, nullptr),
             "MPI_Comm_create_keyval");
  mpi::check(MPI_Comm_set_attr(MPI_COMM_SELF, keyval, nullptr), "MPI_Comm_set_attr");
  Runtime::start();
  runtime().initializedMpi = initializing;
}

namespace {

// The world team's key in the creation rounds below; user teams are (0, id).
constexpr int64_t kWorldKind = 1;

// Copies of the world are created collectively over it, so every rank must
// create them in the same order, yet ranks may first use their teams in
// different orders (rank 0 team 1 then team 2, rank 1 the reverse). Each
// creation is therefore a round: every rank says which team it needs (an
// allgather, which also makes the k-th creation of every rank meet), and all
// create the teams of every id named, in ascending order. A team id thus gets
// the same communicator on every rank whatever the order of first use.
void createTeamsFor(int64_t kind, int64_t id) {
  Runtime &rt = runtime();
  std::vector<int64_t> wanted = mpi::allgather({kind, id}, MPI_COMM_WORLD);
  std::vector<std::pair<int64_t, int64_t>> keys;
  for (size_t i = 0; i + 1 < wanted.size(); i += 2)
    keys.emplace_back(wanted[i], wanted[i + 1]);
  std::sort(keys.begin(), keys.end());
  keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
  for (const auto &[k, teamId] : keys) {
    if (k == kWorldKind) {
      if (!rt.world)
        rt.world = makeTeam(-1, /*redistributes=*/false);
    } else if (!rt.teams.count(teamId)) {
      rt.teams.emplace(teamId, makeTeam(teamId, /*redistributes=*/true));
    }
  }
}

} // namespace

Team &team(int64_t id) {
  ensureMpi();
  Runtime &rt = runtime();
  // Programs use one or two teams: remember the last one so that the hot
  // path (many small calls on the same team) skips the map lookup.
  if (rt.lastTeam && rt.lastTeamId == id)
    return *rt.lastTeam;
  auto it = rt.teams.find(id);
  if (it == rt.teams.end()) {
    // A sub-grid team's communicator is made by its group alone (SubTeam.h):
    // no round over the world, which the other groups may never join.
    if (isSubgridTeam(id))
      it = rt.teams.emplace(id, makeTeam(id, /*redistributes=*/true)).first;
    else {
      createTeamsFor(0, id);
      it = rt.teams.find(id);
    }
  }
  rt.lastTeamId = id;
  rt.lastTeam = it->second.get();
  return *it->second;
}

Team &worldTeam() {
  ensureMpi();
  Runtime &rt = runtime();
  if (!rt.world)
    createTeamsFor(kWorldKind, -1);
  return *rt.world;
}

} // namespace idtr
