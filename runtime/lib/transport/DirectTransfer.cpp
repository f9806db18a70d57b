#include "transport/DirectTransfer.h"

#include "support/Errors.h"
#include "support/Settings.h"
#include "support/Stats.h"
#include "support/Watchdog.h"
#include "transport/BufferAllocator.h"
#include "transport/Mpi.h"

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

SharedBlock shareInput(const View &input) {
  SharedBlock shared;
  uintptr_t begin, end;
  if (input.volume() == 0 || !byteRange(input, begin, end))
    return shared;
  shareProgramBuffer(reinterpret_cast<const void *>(begin), reinterpret_cast<const void *>(end),
                     shared);
  return shared;
}

void announceDirect(DirectNote &note, const View &input, const Box &box,
                    const SharedBlock &shared, int peer, int tag, MPI_Comm comm,
                    MPI_Comm control, std::vector<MPI_Request> &requests) {
  const int rank = input.rank();
  int64_t *w = note.words;
  w[0] = static_cast<int64_t>(reinterpret_cast<uintptr_t>(input.data));
  w[1] = static_cast<int64_t>(input.elemSize);
  w[2] = rank;
  w[3] = shared.fd;
  w[4] = static_cast<int64_t>(shared.serial);
  w[5] = static_cast<int64_t>(shared.base);
  w[6] = static_cast<int64_t>(shared.bytes);
  for (int k = 0; k < rank; ++k) {
    w[DirectNote::kHeaderWords + k] = box.offsets[k];
    w[DirectNote::kHeaderWords + rank + k] = input.sizes[k];
    w[DirectNote::kHeaderWords + 2 * rank + k] = input.strides[k];
  }
  requests.emplace_back();
  mpi::check(MPI_Isend(w, DirectNote::kHeaderWords + 3 * rank, MPI_INT64_T, peer, tag, comm,
                       &requests.back()),
             "MPI_Isend");
  requests.emplace_back();
  mpi::check(MPI_Irecv(nullptr, 0, MPI_BYTE, peer, tag, control, &requests.back()),
             "MPI_Irecv");
  stats().messagesSent++;
}

void expectDirect(DirectNote &note, int peer, int tag, MPI_Comm comm,
                  std::vector<MPI_Request> &requests) {
  requests.emplace_back();
  mpi::check(MPI_Irecv(note.words, DirectNote::kMaxWords, MPI_INT64_T, peer, tag, comm,
                       &requests.back()),
             "MPI_Irecv");
}

View remoteInput(const char *op, const DirectNote &note, int peer, size_t elemSize, int rank,
                 Box &box) {
  const int64_t *w = note.words;
  if (w[1] != static_cast<int64_t>(elemSize) || w[2] != rank)
    fail("%s: rank %d announced elements of %lld bytes in %lld dimensions, %zu and %d expected",
         op, peer, static_cast<long long>(w[1]), static_cast<long long>(w[2]), elemSize, rank);
  View v;
  v.data = reinterpret_cast<char *>(static_cast<uintptr_t>(w[0]));
  v.elemSize = elemSize;
  box.offsets.assign(w + DirectNote::kHeaderWords, w + DirectNote::kHeaderWords + rank);
  v.sizes.assign(w + DirectNote::kHeaderWords + rank, w + DirectNote::kHeaderWords + 2 * rank);
  v.strides.assign(w + DirectNote::kHeaderWords + 2 * rank,
                   w + DirectNote::kHeaderWords + 3 * rank);
  box.sizes = v.sizes;
  stats().messagesReceived++;
  return v;
}

bool mapRemoteInput(const DirectNote &note, int pid, const View &remote, View &mapped) {
  const int64_t *w = note.words;
  if (w[3] < 0 || remote.volume() == 0)
    return false;
  SharedBlock block;
  block.fd = static_cast<int>(w[3]);
  block.serial = static_cast<uint64_t>(w[4]);
  block.base = static_cast<uint64_t>(w[5]);
  block.bytes = static_cast<uint64_t>(w[6]);
  // The sender only names a block that holds its whole input.
  uintptr_t begin, end;
  if (!byteRange(remote, begin, end) || begin < block.base || end - block.base > block.bytes)
    return false;
  const char *local = mapPeerBlock(pid, block);
  if (!local)
    return false;
  mapped = remote;
  mapped.data = const_cast<char *>(local) +
                (reinterpret_cast<uintptr_t>(remote.data) - block.base);
  return true;
}

void acknowledgeDirect(int peer, int tag, MPI_Comm control, std::vector<MPI_Request> &requests) {
  requests.emplace_back();
  mpi::check(MPI_Isend(nullptr, 0, MPI_BYTE, peer, tag, control, &requests.back()),
             "MPI_Isend");
  stats().controlMessages++;
}

void ProcessReader::read(const std::vector<Segment> &local,
                         const std::vector<Segment> &remote) const {
  readFromProcess(pid_, local, remote);
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
