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

// What a sender tells a receiver that reads directly: where the packed data
// is in the sender's memory, and how many bytes.
struct DirectNote {
  int64_t address = 0;
  int64_t bytes = 0;
};
constexpr int kNoteWords = 2;

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
  void reset(Team &team, std::shared_ptr<const Plan> plan, const View *const *outputs,
             size_t count) {
    team_ = &team;
    plan_ = std::move(plan);
    outputs_.resize(count);
    for (size_t i = 0; i < count; ++i)
      outputs_[i] = *outputs[i];
    elemSize_ = static_cast<int64_t>(outputs_.empty() ? 1 : outputs_[0].elemSize);
    recvRequests_.clear();
    sendRequests_.clear();
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
  // A transfer with a peer of the same node that this process can read
  // (DirectTransfer.h) is direct: the sender packs as for MPI but sends only
  // a note with the address of the packed data; the receiver, in its wait,
  // reads the data straight into its output and acknowledges. The sender
  // keeps the buffer until the acknowledgement arrives, without waiting for
  // it: a receiver acknowledges only when it waits on its handle, and
  // handles may be waited on in any order. Both ends know which transfers
  // are direct from the plan and the team alone.
  bool start(const View &input) {
    team_->releaseReadableBuffers();
    tag_ = team_->nextTag(plan_->id);
    postReceives(tag_);
    packAndSend(tag_, input);
    copyLocal(input);
    return !recvRequests_.empty() || !sendRequests_.empty();
  }

  void complete() override {
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
        readDirect(t);
      else if (recvOffset_[t] >= 0)
        unpack(plan_->recvs[t], recvBuffer_.data() + recvOffset_[t]);
    }
    mpi::waitAll(sendRequests_);
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
      inPlace[t] = denseTarget(recvs[t]);
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
        recvRequests_.emplace_back();
        mpi::check(MPI_Irecv(&notesIn_[noteIndex_[t]], kNoteWords, MPI_INT64_T,
                             recvs[t].peer, tag, team_->comm, &recvRequests_.back()),
                   "MPI_Irecv");
      } else {
        char *dst = inPlace[t] ? inPlace[t] : recvBuffer_.data() + recvOffset_[t];
        mpi::postRecv(recvRequests_, dst, bytes(recvs[t]), recvs[t].peer, tag, team_->comm);
      }
      chunksLeft_[t] = static_cast<int>(recvRequests_.size() - before);
      requestTransfer_.resize(recvRequests_.size(), static_cast<int>(t));
    }
  }

  void packAndSend(int tag, const View &input) {
    ensure(sendBuffer_, sendBufferBytes_, plan_->sendElements * elemSize_);
    size_t notes = 0;
    for (const Transfer &t : plan_->sends)
      notes += isDirect(t);
    notesOut_.resize(notes);
    DirectNote *note = notesOut_.data();
    char *cursor = sendBuffer_.data();
    for (const Transfer &t : plan_->sends) {
      pack(t, input, cursor);
      if (isDirect(t)) {
        *note = {static_cast<int64_t>(reinterpret_cast<uintptr_t>(cursor)), bytes(t)};
        sendRequests_.emplace_back();
        mpi::check(MPI_Isend(note, kNoteWords, MPI_INT64_T, t.peer, tag, team_->comm,
                             &sendRequests_.back()),
                   "MPI_Isend");
        acks_.emplace_back();
        mpi::check(MPI_Irecv(nullptr, 0, MPI_BYTE, t.peer, tag, team_->controlComm,
                             &acks_.back()),
                   "MPI_Irecv");
        ++note;
        stats().messagesSent++;
        stats().bytesSent += bytes(t);
      } else {
        mpi::postSend(sendRequests_, cursor, bytes(t), t.peer, tag, team_->comm);
      }
      cursor += bytes(t);
    }
  }

  // Reads transfer `t` from its sender's packed buffer into the output (or,
  // when the output's rows are short, into a staging buffer that is then
  // unpacked), and acknowledges.
  void readDirect(int t) {
    const Transfer &tr = plan_->recvs[t];
    const DirectNote &note = notesIn_[noteIndex_[t]];
    if (note.bytes != bytes(tr))
      fail("%s: rank %d announced %lld bytes, %lld expected", name(), tr.peer,
           static_cast<long long>(note.bytes), static_cast<long long>(bytes(tr)));
    std::vector<Segment> remote = {{static_cast<uintptr_t>(note.address), note.bytes}};
    segments_.clear();
    if (targetSegments(tr, segmentLimit(note.bytes), segments_)) {
      StatsSection timed(&Stats::transferSeconds);
      readFromProcess(team_->directPid(tr.peer), segments_, remote);
    } else {
      Buffer staging(note.bytes);
      segments_.assign(1, {reinterpret_cast<uintptr_t>(staging.data()), note.bytes});
      {
        StatsSection timed(&Stats::transferSeconds);
        readFromProcess(team_->directPid(tr.peer), segments_, remote);
      }
      unpack(tr, staging.data());
    }
    stats().messagesReceived++;
    stats().bytesReceived += note.bytes;
    sendRequests_.emplace_back();
    mpi::check(MPI_Isend(nullptr, 0, MPI_BYTE, tr.peer, tag_, team_->controlComm,
                         &sendRequests_.back()),
               "MPI_Isend");
    stats().controlMessages++;
  }

  void copyLocal(const View &input) {
    StatsSection timed(&Stats::transferSeconds);
    const Transfer &t = plan_->local;
    if (plan_->kind == OpKind::Reshape)
      copyRunsLocal(t.runs, input, outputs_[0]);
    else
      copyBoxesLocal(t.boxes, plan_->frame, input, outputs_);
    stats().bytesLocal += bytes(t);
  }

  void pack(const Transfer &t, const View &input, char *buffer) const {
    StatsSection timed(&Stats::packSeconds);
    if (plan_->kind == OpKind::Reshape)
      packRuns(t.runs, input, buffer);
    else
      packBoxes(t.boxes, plan_->frame, input, buffer);
  }

  char *denseTarget(const Transfer &t) const {
    if (plan_->kind == OpKind::Reshape)
      return idtr::denseTarget(t.runs, outputs_[0]);
    return idtr::denseTarget(t.boxes, plan_->frame, outputs_);
  }

  void unpack(const Transfer &t, const char *data) {
    StatsSection timed(&Stats::packSeconds);
    if (plan_->kind == OpKind::Reshape)
      unpackRuns(t.runs, outputs_[0], data);
    else
      unpackBoxes(t.boxes, plan_->frame, outputs_, data);
  }

  // Where a transfer's data goes in this rank's outputs.
  bool targetSegments(const Transfer &t, size_t limit, std::vector<Segment> &out) const {
    if (plan_->kind == OpKind::Reshape)
      return idtr::targetSegments(t.runs, outputs_[0], limit, out);
    return idtr::targetSegments(t.boxes, plan_->frame, outputs_, limit, out);
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
  return startRedistribution(team, std::move(plan), input, outputs.begin(), outputs.size());
}

OperationPtr startRedistribution(Team &team, std::shared_ptr<const Plan> plan, const View &input,
                                 const View *const *outputs, size_t count) {
  Redistribution *taken = nullptr;
  if (!pool().empty()) {
    taken = pool().back();
    pool().pop_back();
  } else {
    taken = new Redistribution();
  }
  OperationPtr op(taken);
  taken->reset(team, std::move(plan), outputs, count);
  if (!taken->start(input))
    return nullptr;
  return op;
}

} // namespace idtr
