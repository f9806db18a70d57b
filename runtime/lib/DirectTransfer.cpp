#include "DirectTransfer.h"
#include "Settings.h"

#include "Errors.h"
#include "Mpi.h"
#include "Stats.h"
#include "Watchdog.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>

#if defined(__linux__)
#include <sys/uio.h>
#include <unistd.h>
#define IDTR_HAVE_CMA 1
#else
#define IDTR_HAVE_CMA 0
#endif

namespace idtr {

namespace {

bool envDisabled() { return !settings().direct; }

// valgrind preloads its vgpreload_* libraries into every process it runs.
bool underValgrind() {
  const char *v = std::getenv("LD_PRELOAD");
  return v && std::strstr(v, "vgpreload");
}

// Read by peers to prove that they can reach this process.
volatile uint64_t probeWord = 0;

#if IDTR_HAVE_CMA
bool canReach(int pid, uint64_t address, uint64_t expected) {
  uint64_t value = 0;
  iovec local{&value, sizeof(value)};
  iovec remote{reinterpret_cast<void *>(address), sizeof(value)};
  return process_vm_readv(pid, &local, 1, &remote, 1, 0) ==
             static_cast<ssize_t>(sizeof(value)) &&
         value == expected;
}
#endif

} // namespace

std::vector<DirectPeer> probeDirectPeers(MPI_Comm comm) {
  std::vector<DirectPeer> peers;
  const bool enabled = IDTR_HAVE_CMA && !envDisabled() && !underValgrind();

  MPI_Comm node = MPI_COMM_NULL;
  {
    WatchedWait watch("MPI_Comm_split_type (first use of a team)");
    mpi::check(MPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node),
               "MPI_Comm_split_type");
  }
  const int n = mpi::size(node), me = mpi::rank(node);

  // Everyone publishes (pid, address of its probe word, the word's value);
  // the value mixes the pid and the clock, so a process of another pid
  // namespace that happens to have the same pid does not pass the test.
  uint64_t pid = 0;
#if IDTR_HAVE_CMA
  pid = static_cast<uint64_t>(getpid());
#endif
  probeWord = (pid << 32) ^
              static_cast<uint64_t>(
                  std::chrono::steady_clock::now().time_since_epoch().count()) ^
              0x9e3779b97f4a7c15ull;
  std::vector<int64_t> mine = {enabled ? int64_t(pid) : 0,
                               int64_t(reinterpret_cast<uintptr_t>(&probeWord)),
                               int64_t(probeWord)};
  std::vector<int64_t> all = mpi::allgather(mine, node);

  // Row `me` of the reachability matrix; each rank j receives entry j of
  // every row (an alltoall: O(ranks per node) bytes per rank, not the whole
  // matrix), so that both ends of a pair take the same decision.
  std::vector<int64_t> reach(n, 0);
#if IDTR_HAVE_CMA
  for (int j = 0; j < n && enabled; ++j)
    if (j != me && all[3 * j] != 0)
      reach[j] = canReach(static_cast<int>(all[3 * j]), uint64_t(all[3 * j + 1]),
                          uint64_t(all[3 * j + 2]));
#endif
  std::vector<int64_t> reachesMe(n, 0);
  {
    WatchedWait watch("MPI_Alltoall (first use of a team)");
    mpi::check(MPI_Alltoall(reach.data(), 1, MPI_INT64_T, reachesMe.data(), 1, MPI_INT64_T, node),
               "MPI_Alltoall");
  }

  MPI_Group nodeGroup, commGroup;
  mpi::check(MPI_Comm_group(node, &nodeGroup), "MPI_Comm_group");
  mpi::check(MPI_Comm_group(comm, &commGroup), "MPI_Comm_group");
  std::vector<int> nodeRanks(n), commRanks(n);
  for (int j = 0; j < n; ++j)
    nodeRanks[j] = j;
  mpi::check(MPI_Group_translate_ranks(nodeGroup, n, nodeRanks.data(), commGroup,
                                       commRanks.data()),
             "MPI_Group_translate_ranks");
  for (int j = 0; j < n; ++j)
    if (reach[j] && reachesMe[j])
      peers.push_back({commRanks[j], static_cast<int>(all[3 * j])});
  std::sort(peers.begin(), peers.end(),
            [](const DirectPeer &a, const DirectPeer &b) { return a.rank < b.rank; });
  MPI_Group_free(&nodeGroup);
  MPI_Group_free(&commGroup);
  MPI_Comm_free(&node);
  return peers;
}

int64_t directMinBytes() { return settings().directMinBytes; }

namespace {
constexpr int kNoteWords = 2;
} // namespace

void announceDirect(DirectNote &note, const char *data, int64_t bytes, int peer, int tag,
                    MPI_Comm comm, MPI_Comm control, std::vector<MPI_Request> &sends,
                    std::vector<MPI_Request> &acks) {
  note = {static_cast<int64_t>(reinterpret_cast<uintptr_t>(data)), bytes};
  sends.emplace_back();
  mpi::check(MPI_Isend(&note, kNoteWords, MPI_INT64_T, peer, tag, comm, &sends.back()),
             "MPI_Isend");
  acks.emplace_back();
  mpi::check(MPI_Irecv(nullptr, 0, MPI_BYTE, peer, tag, control, &acks.back()), "MPI_Irecv");
  stats().messagesSent++;
  stats().bytesSent += bytes;
}

void expectDirect(DirectNote &note, int peer, int tag, MPI_Comm comm,
                  std::vector<MPI_Request> &recvs) {
  recvs.emplace_back();
  mpi::check(MPI_Irecv(&note, kNoteWords, MPI_INT64_T, peer, tag, comm, &recvs.back()),
             "MPI_Irecv");
}

void readDirect(const char *op, const DirectNote &note, int64_t expected, int peer, int pid,
                const std::vector<Segment> &local, int tag, MPI_Comm control,
                std::vector<MPI_Request> &sends) {
  if (note.bytes != expected)
    fail("%s: rank %d announced %lld bytes, %lld expected", op, peer,
         static_cast<long long>(note.bytes), static_cast<long long>(expected));
  std::vector<Segment> remote = {{static_cast<uintptr_t>(note.address), note.bytes}};
  {
    StatsSection timed(&Stats::transferSeconds);
    readFromProcess(pid, local, remote);
  }
  stats().messagesReceived++;
  stats().bytesReceived += note.bytes;
  sends.emplace_back();
  mpi::check(MPI_Isend(nullptr, 0, MPI_BYTE, peer, tag, control, &sends.back()), "MPI_Isend");
  stats().controlMessages++;
}

void readFromProcess(int pid, const std::vector<Segment> &local,
                     const std::vector<Segment> &remote) {
#if IDTR_HAVE_CMA
  // The kernel takes at most IOV_MAX (1024) segments per side per call and
  // silently shortens a call beyond ~2 GiB, so the pairs of segments are cut
  // into batches of at most 1024 + 1024 entries and 1 GiB.
  constexpr size_t kMaxIov = 1024;
  constexpr int64_t kMaxBatchBytes = int64_t(1) << 30;
  iovec lv[kMaxIov], rv[kMaxIov];
  size_t li = 0, ri = 0;   // current segments
  int64_t lo = 0, ro = 0;  // bytes of them already written
  auto add = [](iovec *v, size_t &count, uintptr_t address, int64_t bytes) {
    if (count && reinterpret_cast<uintptr_t>(v[count - 1].iov_base) + v[count - 1].iov_len ==
                     address) {
      v[count - 1].iov_len += size_t(bytes);
      return;
    }
    v[count].iov_base = reinterpret_cast<void *>(address);
    v[count].iov_len = size_t(bytes);
    ++count;
  };
  while (li < local.size() && ri < remote.size()) {
    size_t nl = 0, nr = 0;
    int64_t batch = 0;
    while (li < local.size() && ri < remote.size() && nl < kMaxIov && nr < kMaxIov &&
           batch < kMaxBatchBytes) {
      int64_t n = std::min({local[li].bytes - lo, remote[ri].bytes - ro,
                            kMaxBatchBytes - batch});
      add(lv, nl, local[li].address + uintptr_t(lo), n);
      add(rv, nr, remote[ri].address + uintptr_t(ro), n);
      batch += n;
      lo += n;
      ro += n;
      if (lo == local[li].bytes) {
        ++li;
        lo = 0;
      }
      if (ro == remote[ri].bytes) {
        ++ri;
        ro = 0;
      }
    }
    ssize_t got;
    do {
      got = process_vm_readv(pid, lv, nl, rv, nr, 0);
    } while (got < 0 && errno == EINTR);
    if (got != batch)
      fail("direct read of %lld bytes from process %d failed: %s",
           static_cast<long long>(batch), pid,
           got < 0 ? std::strerror(errno) : "short read");
  }
  if (li != local.size() || ri != remote.size())
    fail("direct read from process %d: source and target sizes differ", pid);
#else
  fail("direct transfers are not supported on this system");
#endif
}

} // namespace idtr
