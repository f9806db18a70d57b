#include "Mpi.h"

#include "Errors.h"
#include "Stats.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <thread>

namespace idtr {
namespace mpi {

void check(int rc, const char *what) {
  if (rc == MPI_SUCCESS)
    return;
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

int64_t maxMessageBytes() {
  static const int64_t limit = [] {
    int64_t dflt = int64_t(1) << 30;
    const char *env = std::getenv("IDTR_MAX_MESSAGE_BYTES");
    int64_t v = env ? std::strtoll(env, nullptr, 0) : 0;
    return v >= 8 && v < dflt ? v : dflt;
  }();
  return limit;
}

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

double timeoutSeconds() {
  static const double seconds = [] {
    const char *env = std::getenv("IDTR_TIMEOUT");
    char *end = nullptr;
    double v = env ? std::strtod(env, &end) : -1;
    return env && end != env && v >= 0 ? v : 300.0;
  }();
  return seconds;
}

namespace {

// Polls `done()` until it returns true. The first polls only yield the
// core; then the pause between polls doubles up to kMaxPause, so a long
// wait costs little CPU while MPI still makes progress inside each test.
// Any completion (`done` returning progress) resets the pause. Throws after
// timeoutSeconds() without progress.
template <typename Done> void pollUntil(Done done, const char *what) {
  using Clock = std::chrono::steady_clock;
  constexpr auto kMaxPause = std::chrono::microseconds(200);
  const double limit = timeoutSeconds();
  Clock::time_point start = Clock::now();
  std::chrono::microseconds pause(0);
  for (int polls = 0;; ++polls) {
    bool progress = false;
    if (done(progress))
      return;
    if (progress) {
      start = Clock::now();
      pause = std::chrono::microseconds(0);
      polls = 0;
      continue;
    }
    if (polls < 64) {
      std::this_thread::yield();
      continue;
    }
    if (limit > 0 &&
        std::chrono::duration<double>(Clock::now() - start).count() > limit)
      fail("%s: timed out after %g s waiting for other ranks (did a rank skip "
           "a collective operation? IDTR_TIMEOUT sets the limit)",
           what, limit);
    pause = pause.count() == 0 ? std::chrono::microseconds(1)
                               : std::min(pause * 2, kMaxPause);
    std::this_thread::sleep_for(pause);
  }
}

void waitRequest(MPI_Request &req, const char *what) {
  pollUntil(
      [&](bool &) {
        int flag = 0;
        check(MPI_Test(&req, &flag, MPI_STATUS_IGNORE), what);
        return flag != 0;
      },
      what);
}

} // namespace

int waitAny(std::vector<MPI_Request> &reqs) {
  int index = MPI_UNDEFINED;
  pollUntil(
      [&](bool &) {
        int flag = 0;
        check(MPI_Testany(static_cast<int>(reqs.size()), reqs.data(), &index, &flag,
                          MPI_STATUS_IGNORE),
              "MPI_Testany");
        return flag != 0; // also true, with MPI_UNDEFINED, when none is active
      },
      "MPI_Waitany");
  return index;
}

void waitAll(std::vector<MPI_Request> &reqs) {
  if (reqs.empty())
    return;
  // Testsome rather than Testall: completions count as progress, so a long
  // transfer that keeps moving never times out.
  std::vector<int> indices(reqs.size());
  size_t left = reqs.size();
  pollUntil(
      [&](bool &progress) {
        int count = 0;
        check(MPI_Testsome(static_cast<int>(reqs.size()), reqs.data(), &count,
                           indices.data(), MPI_STATUSES_IGNORE),
              "MPI_Testsome");
        if (count == MPI_UNDEFINED)
          return true;
        left -= static_cast<size_t>(count);
        progress = count > 0;
        return left == 0;
      },
      "MPI_Waitall");
}

void allreduceMax(int64_t *values, int count, MPI_Comm comm) {
  MPI_Request req;
  check(MPI_Iallreduce(MPI_IN_PLACE, values, count, MPI_INT64_T, MPI_MAX, comm, &req),
        "MPI_Iallreduce");
  waitRequest(req, "MPI_Allreduce (plan metadata)");
}

std::vector<int64_t> allgather(const std::vector<int64_t> &mine, MPI_Comm comm) {
  int P = size(comm);
  if (static_cast<int64_t>(mine.size()) * P > INT32_MAX)
    fail("plan metadata too large (%zu values per rank)", mine.size());
  std::vector<int64_t> all(mine.size() * P);
  MPI_Request req;
  check(MPI_Iallgather(mine.data(), static_cast<int>(mine.size()), MPI_INT64_T, all.data(),
                       static_cast<int>(mine.size()), MPI_INT64_T, comm, &req),
        "MPI_Iallgather");
  waitRequest(req, "MPI_Allgather (plan metadata)");
  return all;
}

void exitBarrier() {
  MPI_Request req;
  check(MPI_Ibarrier(MPI_COMM_WORLD, &req), "MPI_Ibarrier");
  waitRequest(req, "MPI_Finalize (waiting for the other ranks to finish)");
}

MPI_Comm commDup(MPI_Comm comm) {
  MPI_Comm dup = MPI_COMM_NULL;
  MPI_Request req;
  check(MPI_Comm_idup(comm, &dup, &req), "MPI_Comm_idup");
  waitRequest(req, "MPI_Comm_dup (first use of a team)");
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

} // namespace mpi
} // namespace idtr
