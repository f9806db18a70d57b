#include "transport/Mpi.h"

#include "support/Settings.h"

#include "support/Errors.h"
#include "support/Stats.h"

#include "support/Watchdog.h"

#include <complex>
#include <cstdint>
#include <cstdlib>

namespace idtr {
namespace mpi {

void checkFailed(int rc, const char *what) {
  char msg[MPI_MAX_ERROR_STRING];
  int len = 0;
  MPI_Error_string(rc, msg, &len);
  fail("%s failed: %.*s", what, len, msg);
}

int rank(MPI_Comm comm) {
  int r = 0;
  check(MPI_Comm_rank(comm, &r), "MPI_Comm_rank");
  return r;
}

int size(MPI_Comm comm) {
  int s = 0;
  check(MPI_Comm_size(comm, &s), "MPI_Comm_size");
  return s;
}

int64_t maxMessageBytes() { return settings().maxMessageBytes; }

void postSend(std::vector<MPI_Request> &reqs, const char *data, int64_t bytes,
              int peer, int tag, MPI_Comm comm) {
  const int64_t chunk = maxMessageBytes();
  for (int64_t done = 0; done < bytes; done += chunk) {
    int n = static_cast<int>(bytes - done < chunk ? bytes - done : chunk);
    reqs.emplace_back();
    check(MPI_Isend(data + done, n, MPI_BYTE, peer, tag, comm, &reqs.back()), "MPI_Isend");
    stats().messagesSent++;
  }
  stats().bytesSent += bytes;
}

void postRecv(std::vector<MPI_Request> &reqs, char *data, int64_t bytes,
              int peer, int tag, MPI_Comm comm) {
  const int64_t chunk = maxMessageBytes();
  for (int64_t done = 0; done < bytes; done += chunk) {
    int n = static_cast<int>(bytes - done < chunk ? bytes - done : chunk);
    reqs.emplace_back();
    check(MPI_Irecv(data + done, n, MPI_BYTE, peer, tag, comm, &reqs.back()), "MPI_Irecv");
    stats().messagesReceived++;
  }
  stats().bytesReceived += bytes;
}

int waitAny(std::vector<MPI_Request> &reqs) {
  int index = MPI_UNDEFINED;
  WatchedWait watch("MPI_Waitany");
  check(MPI_Waitany(static_cast<int>(reqs.size()), reqs.data(), &index,
                    MPI_STATUS_IGNORE),
        "MPI_Waitany");
  return index;
}

void waitAll(std::vector<MPI_Request> &reqs) { waitAll(reqs.data(), reqs.size()); }

void waitAll(MPI_Request *reqs, size_t count) {
  if (count == 0)
    return;
  WatchedWait watch("MPI_Waitall");
  check(MPI_Waitall(static_cast<int>(count), reqs, MPI_STATUSES_IGNORE), "MPI_Waitall");
}

void allreduceMax(int64_t *values, int count, MPI_Comm comm) {
  WatchedWait watch("MPI_Allreduce (plan metadata)");
  check(MPI_Allreduce(MPI_IN_PLACE, values, count, MPI_INT64_T, MPI_MAX, comm),
        "MPI_Allreduce");
}

std::vector<int64_t> allgather(const std::vector<int64_t> &mine, MPI_Comm comm) {
  int P = size(comm);
  if (static_cast<int64_t>(mine.size()) * P > INT32_MAX)
    fail("plan metadata too large (%zu values per rank)", mine.size());
  std::vector<int64_t> all(mine.size() * P);
  WatchedWait watch("MPI_Allgather (plan metadata)");
  check(MPI_Allgather(mine.data(), static_cast<int>(mine.size()), MPI_INT64_T,
                      all.data(), static_cast<int>(mine.size()), MPI_INT64_T,
                      comm),
        "MPI_Allgather");
  return all;
}

void exitBarrier() {
  WatchedWait watch("MPI_Finalize (waiting for the other ranks to finish)");
  check(MPI_Barrier(MPI_COMM_WORLD), "MPI_Barrier");
}

MPI_Comm commDup(MPI_Comm comm) {
  MPI_Comm dup = MPI_COMM_NULL;
  WatchedWait watch("MPI_Comm_dup (first use of a team)");
  check(MPI_Comm_dup(comm, &dup), "MPI_Comm_dup");
  return dup;
}

template <> MPI_Datatype datatype<double>() { return MPI_DOUBLE; }
template <> MPI_Datatype datatype<float>() { return MPI_FLOAT; }
template <> MPI_Datatype datatype<int64_t>() { return MPI_INT64_T; }
template <> MPI_Datatype datatype<int32_t>() { return MPI_INT32_T; }
template <> MPI_Datatype datatype<int16_t>() { return MPI_INT16_T; }
template <> MPI_Datatype datatype<int8_t>() { return MPI_INT8_T; }
// i1 is one byte holding 0 or 1: unsigned, reduced with logical operators.
template <> MPI_Datatype datatype<bool>() { return MPI_UINT8_T; }
template <> MPI_Datatype datatype<std::complex<float>>() { return MPI_C_FLOAT_COMPLEX; }
template <> MPI_Datatype datatype<std::complex<double>>() { return MPI_C_DOUBLE_COMPLEX; }

} // namespace mpi
} // namespace idtr
