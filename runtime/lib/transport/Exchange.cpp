#include "transport/Exchange.h"

#include "support/Buffer.h"
#include "support/Errors.h"
#include "support/Stats.h"
#include "transport/DirectTransfer.h"
#include "transport/Mpi.h"
#include "transport/Runtime.h"
#include "transport/Team.h"

#include <algorithm>

namespace idtr {

namespace {

// Staging and send buffers up to this size stay with a pooled operation
// for its next call (larger ones go back to the buffer pool, Buffer.h: an
// idle operation must not pin a transpose's worth of memory).
constexpr size_t kKeptBufferBytes = size_t(64) << 10;

class Redistribution : public Operation {
public:
  void reset(Team &team, std::shared_ptr<const Plan> plan, const View *const *outputs,
             size_t count, Accumulate add) {
    team_ = &team;
    plan_ = std::move(plan);
    add_ = add;
    outputs_.resize(count);
    for (size_t i = 0; i < count; ++i)
      outputs_[i] = *outputs[i];
    elemSize_ = static_cast<int64_t>(outputs_.empty() ? 1 : outputs_[0].elemSize);
    recvRequests_.clear();
    sendRequests_.clear();
    withinCall_.clear();
    noteRequests_.clear();
    noteTransfer_.clear();
    requestTransfer_.clear();
  }

  const char *name() const override { return opName(plan_->kind); }

  // Back to the runtime context's idle redistributions (Runtime.h).
  void release() override {
    plan_.reset();
    runtime().idleRedistributions.emplace_back(this);
  }

  // Returns true if messages are in flight.
  //
  // Receives are posted first, so that a peer's message finds its buffer.
  // A transfer whose data is one dense block of the input (a halo's rows, a
  // reshape's run) is sent straight from the input; the input may change as
  // soon as this returns, so those sends are completed before it does. This
  // costs the overlap of the sends with what the caller does before its wait
  // but saves the pack, and what made the pack expensive was not the copy
  // itself: the receiver then reads lines freshly written in this core's
  // cache (a 16 KiB halo row took 4.5 us straight from the input and 12 us
  // from a freshly packed buffer, docs/performance.md). Other MPI transfers
  // are packed. Direct transfers (DirectTransfer.h) are read by the
  // receiver out of the sender's input, within this call on both ends.
  bool start(const View &input) {
    tag_ = team_->nextTag(plan_->id);
    postReceives(tag_);
    postSends(tag_, input);
    copyLocal(input);
    receiveDirect();
    mpi::waitAll(withinCall_);
    withinCall_.clear();
    return !recvRequests_.empty() || !sendRequests_.empty();
  }

  void complete() override {
    if (plainReceives_) {
      // Every receive lands in place: one MPI_Waitall for everything.
      recvRequests_.insert(recvRequests_.end(), sendRequests_.begin(), sendRequests_.end());
      mpi::waitAll(recvRequests_);
    } else {
      // Unpack each peer as soon as all of its chunks are in.
      while (true) {
        int index = mpi::waitAny(recvRequests_);
        if (index == MPI_UNDEFINED)
          break;
        int t = requestTransfer_[index];
        if (--chunksLeft_[t] == 0 && recvOffset_[t] >= 0)
          unpack(plan_->recvs[t], recvBuffer_.data() + recvOffset_[t]);
      }
      mpi::waitAll(sendRequests_);
    }
    if (recvBufferBytes_ > kKeptBufferBytes) {
      recvBuffer_ = Buffer();
      recvBufferBytes_ = 0;
    }
    if (sendBufferBytes_ > kKeptBufferBytes) {
      sendBuffer_ = Buffer();
      sendBufferBytes_ = 0;
    }
  }

private:
  // A buffer of at least `bytes`, reusing the kept one when it is enough.
  static void ensure(Buffer &buffer, size_t &capacity, int64_t bytes) {
    if (bytes == 0 || (static_cast<size_t>(bytes) <= capacity && buffer.data()))
      return;
    buffer = Buffer(static_cast<size_t>(bytes));
    capacity = static_cast<size_t>(bytes);
  }

  int64_t bytes(const Transfer &t) const { return t.elements * elemSize_; }
  bool isDirect(const Transfer &t) const { return isDirectTransfer(*team_, t.peer, bytes(t)); }
  const Packer &packer() const { return *plan_->packer; }

  void postReceives(int tag) {
    const auto &recvs = plan_->recvs;
    recvOffset_.assign(recvs.size(), -1);
    chunksLeft_.assign(recvs.size(), 0);
    // Peers whose data lands in one dense block of the output are received
    // in place (unless the operation adds into the output); the others go
    // to a staging buffer. Direct transfers need neither: only their notes
    // are received.
    std::vector<char *> &inPlace = inPlace_;
    inPlace.assign(recvs.size(), nullptr);
    int64_t staged = 0;
    size_t notes = 0;
    for (size_t t = 0; t < recvs.size(); ++t) {
      if (isDirect(recvs[t])) {
        ++notes;
        continue;
      }
      if (add_ == Accumulate::Assign)
        inPlace[t] = packer().denseTarget(recvs[t], plan_->frame, outputs_);
      if (!inPlace[t]) {
        recvOffset_[t] = staged;
        staged += bytes(recvs[t]);
      }
    }
    ensure(recvBuffer_, recvBufferBytes_, staged);
    notesIn_.resize(notes);
    for (size_t t = 0; t < recvs.size(); ++t) {
      if (isDirect(recvs[t])) {
        noteTransfer_.push_back(static_cast<int>(t));
        expectDirect(notesIn_[noteRequests_.size()], recvs[t].peer, tag, team_->comm,
                     noteRequests_);
        continue;
      }
      size_t before = recvRequests_.size();
      char *dst = inPlace[t] ? inPlace[t] : recvBuffer_.data() + recvOffset_[t];
      mpi::postRecv(recvRequests_, dst, bytes(recvs[t]), recvs[t].peer, tag, team_->comm);
      chunksLeft_[t] = static_cast<int>(recvRequests_.size() - before);
      requestTransfer_.resize(recvRequests_.size(), static_cast<int>(t));
    }
    plainReceives_ = staged == 0;
  }

  void postSends(int tag, const View &input) {
    const auto &sends = plan_->sends;
    // Which sends go straight from the input (MPI or direct); the others
    // are packed, back to back, into one buffer.
    sources_.assign(sends.size(), nullptr);
    int64_t packed = 0;
    size_t notes = 0;
    for (size_t i = 0; i < sends.size(); ++i) {
      if (isDirect(sends[i]))
        ++notes;
      else if (!(sources_[i] = packer().denseSource(sends[i], plan_->frame, input)))
        packed += bytes(sends[i]);
    }
    ensure(sendBuffer_, sendBufferBytes_, packed);
    notesOut_.resize(notes);
    DirectNote *note = notesOut_.data();
    char *cursor = sendBuffer_.data();
    // The input's block may be moved into shared memory unless this
    // operation's receives land in the same allocation (SharedMemory.h).
    bool shareable = notes > 0 && input.allocated;
    for (const View &out : outputs_)
      shareable = shareable && out.allocated != input.allocated;
    const SharedBlock shared = shareable ? shareInput(input) : SharedBlock();
    for (size_t i = 0; i < sends.size(); ++i) {
      const Transfer &t = sends[i];
      if (isDirect(t)) {
        announceDirect(*note++, input, plan_->frame.input, shared, t.peer, tag, team_->comm,
                       team_->controlComm, withinCall_);
        stats().bytesSent += bytes(t);
      } else if (sources_[i]) {
        mpi::postSend(withinCall_, sources_[i], bytes(t), t.peer, tag, team_->comm);
      } else {
        pack(t, input, cursor);
        mpi::postSend(sendRequests_, cursor, bytes(t), t.peer, tag, team_->comm);
        cursor += bytes(t);
      }
    }
  }

  // Reads each direct transfer out of its sender's input as soon as its
  // note is in, and acknowledges.
  void receiveDirect() {
    if (noteRequests_.empty())
      return; // no MPI_Waitany of nothing (the usual case: no direct transfer)
    while (true) {
      int index = mpi::waitAny(noteRequests_);
      if (index == MPI_UNDEFINED)
        break;
      const Transfer &t = plan_->recvs[noteTransfer_[index]];
      Box box;
      View remote = remoteInput(name(), notesIn_[index], t.peer, static_cast<size_t>(elemSize_),
                                plan_->frame.input.rank(), box);
      {
        StatsSection timed(&Stats::transferSeconds);
        const int pid = team_->directPid(t.peer);
        View mapped;
        if (mapRemoteInput(notesIn_[index], pid, remote, mapped)) {
          packer().copyMapped(t, plan_->frame, mapped, box, outputs_, add_);
          stats().mappedReads++;
        } else {
          packer().readRemote(t, plan_->frame, remote, box, outputs_, ProcessReader(pid), add_);
        }
      }
      stats().bytesReceived += bytes(t);
      acknowledgeDirect(t.peer, tag_, team_->controlComm, withinCall_);
    }
  }

  void copyLocal(const View &input) {
    if (plan_->local.elements == 0)
      return; // nothing of its own (a halo's)
    StatsSection timed(&Stats::transferSeconds);
    packer().copyLocal(plan_->local, plan_->frame, input, outputs_, add_);
    stats().bytesLocal += bytes(plan_->local);
  }

  void pack(const Transfer &t, const View &input, char *buffer) const {
    StatsSection timed(&Stats::packSeconds);
    packer().pack(t, plan_->frame, input, buffer);
  }

  void unpack(const Transfer &t, const char *data) {
    StatsSection timed(&Stats::packSeconds);
    packer().unpack(t, plan_->frame, outputs_, data, add_);
  }

  Team *team_ = nullptr;
  std::shared_ptr<const Plan> plan_;
  std::vector<View> outputs_;
  Accumulate add_ = Accumulate::Assign; // how the outputs are written
  int64_t elemSize_ = 1;
  int tag_ = 0;
  Buffer recvBuffer_, sendBuffer_;
  size_t recvBufferBytes_ = 0, sendBufferBytes_ = 0;
  std::vector<char *> inPlace_; // per receive transfer (postReceives)
  std::vector<MPI_Request> recvRequests_, sendRequests_;
  // Sends from the input, direct notes and acknowledgements: all over
  // before start returns.
  std::vector<MPI_Request> withinCall_;
  std::vector<const char *> sources_; // per send transfer: its data in the input, or null
  bool plainReceives_ = false;        // no staging
  std::vector<int> requestTransfer_;  // receive request -> index in plan_->recvs
  std::vector<int> chunksLeft_;       // per receive transfer
  std::vector<int64_t> recvOffset_;   // staging offset in bytes, -1 if in place
  // Direct transfers.
  std::vector<MPI_Request> noteRequests_;
  std::vector<int> noteTransfer_; // note request -> index in plan_->recvs
  std::vector<DirectNote> notesIn_, notesOut_;
};

} // namespace

bool isDirectTransfer(const Team &team, int peer, int64_t bytes) {
  return bytes >= directMinBytes() && team.directPid(peer) != 0;
}

OperationPtr startRedistribution(Team &team, std::shared_ptr<const Plan> plan, const View &input,
                                 std::initializer_list<const View *> outputs, Accumulate add) {
  return startRedistribution(team, std::move(plan), input, outputs.begin(), outputs.size(), add);
}

OperationPtr startRedistribution(Team &team, std::shared_ptr<const Plan> plan, const View &input,
                                 const View *const *outputs, size_t count, Accumulate add) {
  Redistribution *taken = nullptr;
  std::vector<std::unique_ptr<Operation>> &idle = runtime().idleRedistributions;
  if (!idle.empty()) {
    // Only this file makes them.
    taken = static_cast<Redistribution *>(idle.back().release());
    idle.pop_back();
  } else {
    taken = new Redistribution();
  }
  OperationPtr op(taken);
  taken->reset(team, std::move(plan), outputs, count, add);
  if (!taken->start(input))
    return nullptr;
  return op;
}

} // namespace idtr
