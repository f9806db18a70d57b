#include "Exchange.h"

#include "Buffer.h"
#include "DirectTransfer.h"
#include "Errors.h"
#include "Mpi.h"
#include "Stats.h"
#include "Team.h"

#include <algorithm>

namespace idtr {

namespace {

// A direct read goes straight into the output only when the output's memory
// comes in long rows; below this average segment length it is read into a
// staging buffer and unpacked, as an MPI message would be.
constexpr int64_t kMinAverageSegmentBytes = 512;

size_t segmentLimit(int64_t bytes) {
  return static_cast<size_t>(std::max<int64_t>(1, bytes / kMinAverageSegmentBytes));
}

// Staging and send buffers up to this size stay with a pooled operation
// for its next call (larger ones go back to the buffer pool, Buffer.h: an
// idle operation must not pin a transpose's worth of memory).
constexpr size_t kKeptBufferBytes = size_t(64) << 10;

class Redistribution;
// Finished operations, reused by the next call: their vectors and views
// keep their capacity, so a cached call allocates nothing here.
std::vector<Redistribution *> &pool() {
  static auto *p = new std::vector<Redistribution *>(); // never destroyed
  return *p;
}

class Redistribution : public Operation {
public:
  void reset(Team &team, std::shared_ptr<const Plan> plan,
             std::initializer_list<const View *> outputs) {
    team_ = &team;
    plan_ = std::move(plan);
    outputs_.resize(outputs.size());
    size_t i = 0;
    for (const View *v : outputs)
      outputs_[i++] = *v;
    elemSize_ = static_cast<int64_t>(outputs_.empty() ? 1 : outputs_[0].elemSize);
    recvRequests_.clear();
    sendRequests_.clear();
    inputSends_.clear();
    requestTransfer_.clear();
    acks_.clear();
  }

  const char *name() const override { return opName(plan_->kind); }

  void release() override {
    plan_.reset();
    pool().push_back(this);
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
  // from a freshly packed buffer, docs/performance.md). Other transfers are
  // packed, or are direct (DirectTransfer.h).
  bool start(const View &input) {
    team_->releaseReadableBuffers();
    tag_ = team_->nextTag(plan_->id);
    postReceives(tag_);
    postSends(tag_, input);
    copyLocal(input);
    mpi::waitAll(inputSends_);
    inputSends_.clear();
    return !recvRequests_.empty() || !sendRequests_.empty();
  }

  void complete() override {
    if (plainReceives_) {
      // Every receive lands in place: one MPI_Waitall for everything.
      recvRequests_.insert(recvRequests_.end(), sendRequests_.begin(), sendRequests_.end());
      mpi::waitAll(recvRequests_);
    } else {
      // Unpack each peer as soon as all of its chunks are in; read a direct
      // transfer as soon as its note is in.
      while (true) {
        int index = mpi::waitAny(recvRequests_);
        if (index == MPI_UNDEFINED)
          break;
        int t = requestTransfer_[index];
        if (--chunksLeft_[t] != 0)
          continue;
        if (noteIndex_[t] >= 0)
          receiveDirect(t);
        else if (recvOffset_[t] >= 0)
          unpack(plan_->recvs[t], recvBuffer_.data() + recvOffset_[t]);
      }
      mpi::waitAll(sendRequests_);
    }
    if (recvBufferBytes_ > kKeptBufferBytes) {
      recvBuffer_ = Buffer();
      recvBufferBytes_ = 0;
    }
    if (!acks_.empty()) {
      team_->readableBuffers.push_back({std::move(sendBuffer_), std::move(acks_)});
      sendBufferBytes_ = 0;
    } else if (sendBufferBytes_ > kKeptBufferBytes) {
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
  bool isDirect(const Transfer &t) const {
    // The size first: small messages (halos) never search the peers.
    return bytes(t) >= directMinBytes() && team_->directPid(t.peer) != 0;
  }
  const Packer &packer() const { return *plan_->packer; }

  void postReceives(int tag) {
    const auto &recvs = plan_->recvs;
    recvOffset_.assign(recvs.size(), -1);
    chunksLeft_.assign(recvs.size(), 0);
    noteIndex_.assign(recvs.size(), -1);
    // Peers whose data lands in one dense block of the output are received
    // in place; the others go to a staging buffer. Direct transfers need
    // neither: their notes go to notesIn_.
    std::vector<char *> &inPlace = inPlace_;
    inPlace.assign(recvs.size(), nullptr);
    int64_t staged = 0, notes = 0;
    for (size_t t = 0; t < recvs.size(); ++t) {
      if (isDirect(recvs[t])) {
        noteIndex_[t] = notes++;
        continue;
      }
      inPlace[t] = packer().denseTarget(recvs[t], plan_->frame, outputs_);
      if (!inPlace[t]) {
        recvOffset_[t] = staged;
        staged += bytes(recvs[t]);
      }
    }
    ensure(recvBuffer_, recvBufferBytes_, staged);
    notesIn_.resize(notes);
    for (size_t t = 0; t < recvs.size(); ++t) {
      size_t before = recvRequests_.size();
      if (noteIndex_[t] >= 0) {
        expectDirect(notesIn_[noteIndex_[t]], recvs[t].peer, tag, team_->comm, recvRequests_);
      } else {
        char *dst = inPlace[t] ? inPlace[t] : recvBuffer_.data() + recvOffset_[t];
        mpi::postRecv(recvRequests_, dst, bytes(recvs[t]), recvs[t].peer, tag, team_->comm);
      }
      chunksLeft_[t] = static_cast<int>(recvRequests_.size() - before);
      requestTransfer_.resize(recvRequests_.size(), static_cast<int>(t));
    }
    plainReceives_ = staged == 0 && notes == 0;
  }

  void postSends(int tag, const View &input) {
    const auto &sends = plan_->sends;
    // Which sends go straight from the input; the others are packed, back
    // to back, into one buffer.
    sources_.assign(sends.size(), nullptr);
    int64_t packed = 0;
    size_t notes = 0;
    for (size_t i = 0; i < sends.size(); ++i) {
      if (isDirect(sends[i]))
        ++notes;
      else
        sources_[i] = packer().denseSource(sends[i], plan_->frame, input);
      if (!sources_[i])
        packed += bytes(sends[i]);
    }
    ensure(sendBuffer_, sendBufferBytes_, packed);
    notesOut_.resize(notes);
    DirectNote *note = notesOut_.data();
    char *cursor = sendBuffer_.data();
    for (size_t i = 0; i < sends.size(); ++i) {
      const Transfer &t = sends[i];
      if (sources_[i]) {
        mpi::postSend(inputSends_, sources_[i], bytes(t), t.peer, tag, team_->comm);
        continue;
      }
      pack(t, input, cursor);
      if (isDirect(t))
        announceDirect(*note++, cursor, bytes(t), t.peer, tag, team_->comm,
                       team_->controlComm, sendRequests_, acks_);
      else
        mpi::postSend(sendRequests_, cursor, bytes(t), t.peer, tag, team_->comm);
      cursor += bytes(t);
    }
  }

  // Reads direct transfer `t` from its sender's packed buffer into the
  // output (or, when the output's rows are short, into a staging buffer
  // that is then unpacked), and acknowledges.
  void receiveDirect(int t) {
    const Transfer &tr = plan_->recvs[t];
    const DirectNote &note = notesIn_[noteIndex_[t]];
    segments_.clear();
    Buffer staging;
    if (!packer().targetSegments(tr, plan_->frame, outputs_, segmentLimit(bytes(tr)),
                                 segments_)) {
      staging = Buffer(static_cast<size_t>(bytes(tr)));
      segments_.assign(1, {reinterpret_cast<uintptr_t>(staging.data()), bytes(tr)});
    }
    readDirect(name(), note, bytes(tr), tr.peer, team_->directPid(tr.peer), segments_, tag_,
               team_->controlComm, sendRequests_);
    if (staging.data())
      unpack(tr, staging.data());
  }

  void copyLocal(const View &input) {
    StatsSection timed(&Stats::transferSeconds);
    packer().copyLocal(plan_->local, plan_->frame, input, outputs_);
    stats().bytesLocal += bytes(plan_->local);
  }

  void pack(const Transfer &t, const View &input, char *buffer) const {
    StatsSection timed(&Stats::packSeconds);
    packer().pack(t, plan_->frame, input, buffer);
  }

  void unpack(const Transfer &t, const char *data) {
    StatsSection timed(&Stats::packSeconds);
    packer().unpack(t, plan_->frame, outputs_, data);
  }

  Team *team_ = nullptr;
  std::shared_ptr<const Plan> plan_;
  std::vector<View> outputs_;
  int64_t elemSize_ = 1;
  int tag_ = 0;
  Buffer recvBuffer_, sendBuffer_;
  size_t recvBufferBytes_ = 0, sendBufferBytes_ = 0;
  std::vector<char *> inPlace_; // per receive transfer (postReceives)
  std::vector<MPI_Request> recvRequests_, sendRequests_;
  std::vector<MPI_Request> inputSends_; // sends from the input, over before start returns
  std::vector<const char *> sources_;   // per send transfer: its data in the input, or null
  bool plainReceives_ = false;          // no staging, no direct transfer
  std::vector<int> requestTransfer_; // receive request -> index in plan_->recvs
  std::vector<int> chunksLeft_;      // per receive transfer
  std::vector<int64_t> recvOffset_;  // staging offset in bytes, -1 if in place
  // Direct transfers.
  std::vector<int64_t> noteIndex_;   // per receive transfer: its note, -1 if not direct
  std::vector<DirectNote> notesIn_, notesOut_;
  std::vector<MPI_Request> acks_;    // receives of the readers' acknowledgements
  std::vector<Segment> segments_;
};

} // namespace

OperationPtr startRedistribution(Team &team, std::shared_ptr<const Plan> plan, const View &input,
                                 std::initializer_list<const View *> outputs) {
  Redistribution *taken = nullptr;
  if (!pool().empty()) {
    taken = pool().back();
    pool().pop_back();
  } else {
    taken = new Redistribution();
  }
  OperationPtr op(taken);
  taken->reset(team, std::move(plan), outputs);
  if (!taken->start(input))
    return nullptr;
  return op;
}

} // namespace idtr
