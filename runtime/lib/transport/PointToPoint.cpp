// Point-to-point messages (PointToPoint.h): one tensor from one member of a
// team to another (shard.send / shard.recv, _idtr_send_* and _idtr_recv_*).
//
// Messages travel on the team's point-to-point communicator (Team.h), which
// carries nothing else: the runtime's own tags use the whole tag space of
// the data communicator. One tag, so that the messages between two members
// match in the order they were posted, as MPI's point-to-point does.
//
// A send never makes its caller wait for the receiver: the data is copied
// into a buffer of the runtime during the call, and when the wait on the
// send's handle comes before the receiver posted its receive (every member
// sends to its right neighbour, then receives from its left one), the send
// is parked and finished later (progressParked). Only a receive blocks in
// its wait, time-limited like every wait (Watchdog.h).
//
// A member that sends to itself copies locally: the copy waits in the
// team's mailbox for the receive (or fills a receive posted before it).
#include "transport/PointToPoint.h"

#include "copy/Descriptor.h"
#include "copy/StridedCopy.h"
#include "support/Buffer.h"
#include "support/ElementTypes.h"
#include "support/Errors.h"
#include "support/Watchdog.h"
#include "transport/Handles.h"
#include "transport/Mpi.h"
#include "transport/Runtime.h"
#include "transport/Team.h"

#include <complex>
#include <deque>
#include <map>
#include <memory>
#include <vector>

namespace idtr {
namespace {

constexpr int kTag = 0; // the point-to-point communicator carries nothing else

class Receive;

// Posts one message (chunked past IDTR_MAX_MESSAGE_BYTES), an empty one
// too: an empty tensor is still a message, so that a receive that expects
// data from an empty send fails the size check instead of taking the next
// message.
void postMessage(std::vector<MPI_Request> &requests, char *data, int64_t bytes, int peer,
                 MPI_Comm comm, bool receive) {
  if (bytes > 0) {
    if (receive)
      mpi::postRecv(requests, data, bytes, peer, kTag, comm);
    else
      mpi::postSend(requests, data, bytes, peer, kTag, comm);
    return;
  }
  requests.emplace_back();
  if (receive)
    mpi::check(MPI_Irecv(nullptr, 0, MPI_BYTE, peer, kTag, comm, &requests.back()), "MPI_Irecv");
  else
    mpi::check(MPI_Isend(nullptr, 0, MPI_BYTE, peer, kTag, comm, &requests.back()), "MPI_Isend");
}

// Sends whose wait came before their receive matched: their buffers stay
// alive until MPI is done with them.
struct Parked {
  std::vector<MPI_Request> requests;
  Buffer data;
};
std::vector<Parked> &parked() {
  // Process-wide, not the runtime context's: MPI may still read them until
  // MPI_Finalize returns, after the context's end.
  static auto *p = new std::vector<Parked>;
  return *p;
}

// Frees the parked sends that have completed (every point-to-point call).
void progressParked() {
  std::vector<Parked> &p = parked();
  for (size_t i = 0; i < p.size();) {
    int done = 0;
    mpi::check(MPI_Testall(static_cast<int>(p[i].requests.size()), p[i].requests.data(),
                           &done, MPI_STATUSES_IGNORE),
               "MPI_Testall");
    if (done) {
      p[i] = std::move(p.back());
      p.pop_back();
    } else {
      ++i;
    }
  }
}

// The peer's rank in the team, or a located error: the lowering passes -1
// for a destination or source outside the group.
int peerRank(const Team &t, int64_t peer, const char *op, const char *what) {
  if (peer < 0 || peer >= t.size)
    fail("%s: the %s is outside the group (index %lld; the group has %d processes)", op, what,
         static_cast<long long>(peer), t.size);
  return static_cast<int>(peer);
}

class Send : public Operation {
public:
  const char *name() const override { return "send"; }
  void complete() override {
    int done = 0;
    mpi::check(MPI_Testall(static_cast<int>(requests_.size()), requests_.data(), &done,
                           MPI_STATUSES_IGNORE),
               "MPI_Testall");
    if (!done)
      parked().push_back({std::move(requests_), std::move(data_)});
  }
  std::vector<MPI_Request> requests_;
  Buffer data_;
};

class Receive : public Operation {
public:
  explicit Receive(const View &out) : out_(out) {}
  const char *name() const override { return "recv"; }
  void complete() override {
    if (self_ && !filled_) {
      // Nothing can send it any more: its own later sends come after this wait.
      Mailbox &box = runtime().mailboxes[team_];
      for (auto it = box.waiting.begin(); it != box.waiting.end(); ++it)
        if (*it == this) {
          box.waiting.erase(it);
          break;
        }
      fail("recv: this process receives from itself, but sent nothing to itself before the "
           "wait");
    }
    std::vector<MPI_Status> statuses(requests_.size());
    if (!requests_.empty()) {
      WatchedWait watch("MPI_Waitall (recv)");
      mpi::check(MPI_Waitall(static_cast<int>(requests_.size()), requests_.data(),
                             statuses.data()),
                 "MPI_Waitall");
    }
    // A longer message is MPI's truncation error; a shorter one would leave
    // the end of the output stale without this check.
    int64_t received = 0;
    for (MPI_Status &st : statuses) {
      int n = 0;
      MPI_Get_count(&st, MPI_BYTE, &n);
      received += n;
    }
    if (!filled_ && received != out_.bytes())
      fail("recv: the sender sent %lld bytes but this receive takes %lld (sender and receiver "
           "must agree on the shape and element type)",
           static_cast<long long>(received), static_cast<long long>(out_.bytes()));
    if (staging_.data())
      copyView(out_, denseLike(staging_.data(), out_));
  }
  // Takes a send of this process to itself.
  void fill(const char *data, int64_t bytes) {
    if (bytes != out_.bytes())
      fail("recv: this process sent itself %lld bytes but receives %lld",
           static_cast<long long>(bytes), static_cast<long long>(out_.bytes()));
    copyView(out_, denseLike(const_cast<char *>(data), out_));
    filled_ = true;
  }
  // Posts the receive from `rank` (another member).
  void post(const Team &t, int rank) {
    char *into = out_.data;
    if (!out_.isContiguous()) {
      staging_ = Buffer(static_cast<size_t>(out_.bytes()));
      into = staging_.data();
    }
    postMessage(requests_, into, out_.bytes(), rank, t.p2pComm, /*receive=*/true);
  }
  void waitForSelf(int64_t team) {
    self_ = true;
    team_ = team;
  }
  bool filled() const { return filled_; }

private:
  View out_;
  Buffer staging_;
  std::vector<MPI_Request> requests_;
  bool self_ = false, filled_ = false;
  int64_t team_ = 0;
};

} // namespace

int64_t sendMessage(int64_t teamId, int64_t peer, const View &in) {
  progressParked();
  Team &t = team(teamId);
  int to = peerRank(t, peer, "send", "destination");
  int64_t bytes = in.bytes();
  Buffer data(static_cast<size_t>(bytes));
  copyView(denseLike(data.data(), in), in);
  if (to == t.rank) {
    Mailbox &box = runtime().mailboxes[teamId];
    if (!box.waiting.empty()) {
      Receive *r = static_cast<Receive *>(box.waiting.front());
      box.waiting.pop_front();
      r->fill(data.data(), bytes);
    } else {
      box.sent.emplace_back(std::move(data), bytes);
    }
    return registerOperation(OperationPtr(), "send", {});
  }
  auto op = std::make_unique<Send>();
  postMessage(op->requests_, data.data(), bytes, to, t.p2pComm, /*receive=*/false);
  op->data_ = std::move(data);
  return registerOperation(std::move(op), "send", {});
}

int64_t receiveMessage(int64_t teamId, int64_t peer, const View &out) {
  progressParked();
  Team &t = team(teamId);
  int from = peerRank(t, peer, "recv", "source");
  auto op = std::make_unique<Receive>(out);
  if (from == t.rank) {
    Mailbox &box = runtime().mailboxes[teamId];
    if (!box.sent.empty()) {
      auto [data, bytes] = std::move(box.sent.front());
      box.sent.pop_front();
      op->fill(data.data(), bytes);
      return registerOperation(OperationPtr(), "recv", {});
    }
    op->waitForSelf(teamId);
    box.waiting.push_back(op.get());
  } else {
    op->post(t, from);
  }
  return registerOperation(std::move(op), "recv", {out.allocated});
}

} // namespace idtr
