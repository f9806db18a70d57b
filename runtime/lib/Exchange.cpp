#include "Exchange.h"

#include "Buffer.h"
#include "Mpi.h"
#include "Stats.h"
#include "Team.h"

namespace idtr {

namespace {

class Redistribution : public Operation {
public:
  Redistribution(std::shared_ptr<const Plan> plan, std::vector<View> outputs)
      : plan_(std::move(plan)), outputs_(std::move(outputs)),
        elemSize_(static_cast<int64_t>(outputs_.empty() ? 1 : outputs_[0].elemSize)) {}

  const char *name() const override { return opName(plan_->kind); }

  // Returns true if messages are in flight.
  bool start(Team &team, const View &input) {
    int tag = team.nextTag();
    postReceives(team, tag);
    packAndSend(team, tag, input);
    copyLocal(input);
    return !recvRequests_.empty() || !sendRequests_.empty();
  }

  void complete() override {
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
    recvBuffer_ = Buffer();
    sendBuffer_ = Buffer();
  }

private:
  void postReceives(Team &team, int tag) {
    const auto &recvs = plan_->recvs;
    recvOffset_.assign(recvs.size(), -1);
    chunksLeft_.assign(recvs.size(), 0);
    // Peers whose data lands in one dense block of the output are received
    // in place; the others go to a staging buffer.
    std::vector<char *> inPlace(recvs.size());
    int64_t staged = 0;
    for (size_t t = 0; t < recvs.size(); ++t) {
      inPlace[t] = denseTarget(recvs[t]);
      if (!inPlace[t]) {
        recvOffset_[t] = staged;
        staged += recvs[t].elements * elemSize_;
      }
    }
    recvBuffer_ = Buffer(staged);
    for (size_t t = 0; t < recvs.size(); ++t) {
      char *dst = inPlace[t] ? inPlace[t] : recvBuffer_.data() + recvOffset_[t];
      size_t before = recvRequests_.size();
      mpi::postRecv(recvRequests_, dst, recvs[t].elements * elemSize_, recvs[t].peer, tag,
                    team.comm);
      chunksLeft_[t] = static_cast<int>(recvRequests_.size() - before);
      requestTransfer_.resize(recvRequests_.size(), static_cast<int>(t));
    }
  }

  void packAndSend(Team &team, int tag, const View &input) {
    sendBuffer_ = Buffer(plan_->sendElements * elemSize_);
    char *cursor = sendBuffer_.data();
    for (const Transfer &t : plan_->sends) {
      if (plan_->kind == OpKind::Reshape)
        packRuns(t.runs, input, cursor);
      else
        packBoxes(t.boxes, plan_->frame, input, cursor);
      int64_t bytes = t.elements * elemSize_;
      mpi::postSend(sendRequests_, cursor, bytes, t.peer, tag, team.comm);
      cursor += bytes;
    }
  }

  void copyLocal(const View &input) {
    const Transfer &t = plan_->local;
    if (plan_->kind == OpKind::Reshape)
      copyRunsLocal(t.runs, input, outputs_[0]);
    else
      copyBoxesLocal(t.boxes, plan_->frame, input, outputs_);
    stats().bytesLocal += t.elements * elemSize_;
  }

  char *denseTarget(const Transfer &t) const {
    if (plan_->kind == OpKind::Reshape)
      return idtr::denseTarget(t.runs, outputs_[0]);
    return idtr::denseTarget(t.boxes, plan_->frame, outputs_);
  }

  void unpack(const Transfer &t, const char *data) {
    if (plan_->kind == OpKind::Reshape)
      unpackRuns(t.runs, outputs_[0], data);
    else
      unpackBoxes(t.boxes, plan_->frame, outputs_, data);
  }

  std::shared_ptr<const Plan> plan_;
  std::vector<View> outputs_;
  int64_t elemSize_;
  Buffer recvBuffer_, sendBuffer_;
  std::vector<MPI_Request> recvRequests_, sendRequests_;
  std::vector<int> requestTransfer_; // receive request -> index in plan_->recvs
  std::vector<int> chunksLeft_;      // per receive transfer
  std::vector<int64_t> recvOffset_;  // staging offset in bytes, -1 if in place
};

} // namespace

std::unique_ptr<Operation> startRedistribution(Team &team, std::shared_ptr<const Plan> plan,
                                               const View &input, std::vector<View> outputs) {
  auto op = std::make_unique<Redistribution>(std::move(plan), std::move(outputs));
  if (!op->start(team, input))
    return nullptr;
  return op;
}

} // namespace idtr
