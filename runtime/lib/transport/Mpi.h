// Thin value-returning wrappers over the MPI calls the runtime uses, and the
// type map from element types to MPI datatypes. No assumption about the
// representation of MPI handles: they are only stored and passed back.
#ifndef IDTR_MPI_H
#define IDTR_MPI_H

#include <mpi.h>

#include <cstdint>
#include <vector>

namespace idtr {
namespace mpi {

// Throws Error("<what>: <MPI error string>") unless rc == MPI_SUCCESS.
// Inline: it runs after every MPI call of the cached calls' paths.
[[noreturn]] void checkFailed(int rc, const char *what);
inline void check(int rc, const char *what) {
  if (rc != MPI_SUCCESS) [[unlikely]]
    checkFailed(rc, what);
}

int rank(MPI_Comm comm);
int size(MPI_Comm comm);

// Largest byte count of one message (1 GiB); bigger transfers are split into
// chunks because MPI counts are int. Messages between the same pair with the
// same tag are non-overtaking, so the chunks arrive in order. The environment
// variable IDTR_MAX_MESSAGE_BYTES lowers the limit so that tests exercise
// chunking with small arrays.
int64_t maxMessageBytes();

// Post the chunks of one transfer, appending their requests.
void postSend(std::vector<MPI_Request> &reqs, const char *data, int64_t bytes,
              int peer, int tag, MPI_Comm comm);
void postRecv(std::vector<MPI_Request> &reqs, char *data, int64_t bytes,
              int peer, int tag, MPI_Comm comm);

// Every wait for other ranks below is time-limited (Watchdog.h): a rank
// that skips a collective the others call, or never posts a matching send,
// ends the job with "idtr: error: ... timed out ... (rank R)" after
// IDTR_TIMEOUT seconds instead of hanging it forever.

// Blocks until one of `reqs` completes; returns its index (MPI_UNDEFINED when
// none is active).
int waitAny(std::vector<MPI_Request> &reqs);
void waitAll(std::vector<MPI_Request> &reqs);
void waitAll(MPI_Request *reqs, size_t count);

// Small blocking collectives for plan metadata (time-limited).
void allreduceMax(int64_t *values, int count, MPI_Comm comm);
std::vector<int64_t> allgather(const std::vector<int64_t> &mine, MPI_Comm comm);
// MPI_Barrier on MPI_COMM_WORLD, time-limited; called as MPI_Finalize
// starts.
void exitBarrier();
// MPI_Comm_dup, time-limited like the waits (a team's first use is
// collective too).
MPI_Comm commDup(MPI_Comm comm);

// Element type -> MPI datatype.
template <typename T> MPI_Datatype datatype();

} // namespace mpi
} // namespace idtr

#endif
