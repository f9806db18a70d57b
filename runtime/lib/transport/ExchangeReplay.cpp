#include "transport/ExchangeReplay.h"

#include "copy/Descriptor.h"
#include "plan/Plan.h"
#include "plan/PlanCache.h"
#include "support/Stats.h"
#include "transport/Exchange.h"
#include "transport/Handles.h"
#include "transport/Mpi.h"
#include "transport/Runtime.h"
#include "transport/Team.h"

#include <cstring>
#include <vector>

namespace idtr {

namespace {

static_assert(sizeof(void *) == sizeof(int64_t), "descriptor words are 8 bytes");

// Prepared exchanges per cache entry: the buffers of a program that
// alternates two (a stencil's sweeps) or three of them each replay.
constexpr size_t kSlots = 4;
// Outputs a handle holds (Handles.h: the two halos at most).
constexpr size_t kMaxOutputs = 2;
// Arrays of higher rank take the ordinary path (the descriptors of a
// prepared exchange live in fixed storage).
constexpr int64_t kMaxRank = 8;
constexpr size_t kMaxDescriptorWords = (1 + kMaxOutputs) * (1 + 3 + 2 * kMaxRank);

// One MPI message (a chunk of a transfer: Mpi.h, maxMessageBytes).
struct Message {
  char *data;
  int bytes;
  int peer;
};

// What one call posts, for the descriptors it was prepared with.
struct Prepared {
  bool used = false;
  // False when these descriptors' exchange was found not replayable
  // (staged, packed or strided local copy): remembered so that repeats
  // take the ordinary path without preparing again.
  bool replayable = false;
  // Per argument: its rank, then the 3 + 2 rank words of its descriptor
  // (allocated, aligned, offset, sizes, strides).
  size_t numArgs = 0;
  int64_t descriptors[kMaxDescriptorWords];
  // Receives first, then sends, each in the plan's order (Exchange.cpp).
  std::vector<Message> messages;
  size_t receives = 0;
  int64_t recvBytes = 0, sendBytes = 0;
  // The send requests of a replay (completed within it).
  std::vector<MPI_Request> sendRequests;
  // The rank's own part, input to output (none when localBytes is 0).
  const char *localFrom = nullptr;
  char *localTo = nullptr;
  int64_t localBytes = 0;
  // The outputs' allocations, held until the wait (Handles.h).
  const void *outputs[kMaxOutputs] = {};
  size_t numOutputs = 0;
};

// The words of a descriptor of rank `rank` after the rank.
size_t descriptorBytes(int64_t rank) { return (3 + 2 * static_cast<size_t>(rank)) * 8; }

// Whether `args` are, byte for byte, the descriptors `p` was prepared with.
bool matches(const Prepared &p, const RawDescriptor *args, size_t count) {
  if (count != p.numArgs)
    return false;
  const int64_t *w = p.descriptors;
  for (size_t i = 0; i < count; ++i) {
    // A stored rank passed readView's checks: a malformed one never equals it.
    if (*w != args[i].rank || !args[i].desc)
      return false;
    size_t bytes = descriptorBytes(*w++);
    if (std::memcmp(w, args[i].desc, bytes) != 0)
      return false;
    w += bytes / 8;
  }
  return true;
}

// The receives of a replayed call. Pooled like the exchange's operations,
// so that a replay allocates nothing in steady state: a free list through
// the finished ones (a plain pointer: no guard to test, nothing to destroy
// at exit).
class ReplayedReceives;
ReplayedReceives *freeReceives = nullptr;

class ReplayedReceives final : public Operation {
public:
  std::vector<MPI_Request> requests;
  OpKind kind = OpKind::Halo;
  ReplayedReceives *nextFree = nullptr;

  // Every receive lands in place: one MPI_Waitall, as the exchange's
  // complete() does when nothing is staged.
  void complete() override { mpi::waitAll(requests); }
  const char *name() const override { return opName(kind); }
  void release() override {
    nextFree = freeReceives;
    freeReceives = this;
  }
};

// Whether no transfer of `plan` is direct: the part of the verdict that
// depends on the plan and the team only (computed once per entry).
bool noDirectTransfers(const Team &team, const Plan &plan, int64_t elemSize) {
  for (const auto *list : {&plan.recvs, &plan.sends})
    for (const Transfer &t : *list)
      if (isDirectTransfer(team, t.peer, t.elements * elemSize))
        return false;
  return true;
}

// Appends the chunks of a transfer of `bytes` at `data`, as mpi::postSend
// and mpi::postRecv split it (nothing for an empty one).
void appendChunks(std::vector<Message> &out, char *data, int64_t bytes, int peer) {
  const int64_t chunk = mpi::maxMessageBytes();
  for (int64_t done = 0; done < bytes; done += chunk)
    out.push_back({data + done, static_cast<int>(bytes - done < chunk ? bytes - done : chunk),
                   peer});
}

} // namespace

class ExchangeReplays final : public CallReplays {
public:
  // -1 unknown, 0 no direct transfer (replayable views may follow), 1 some.
  int direct = -1;
  Prepared slots[kSlots];
  size_t next = 0; // replaced round robin
};


int64_t replayExchange(Team &team, const Plan &plan, CallReplays &prepared, const char *op,
                       const RawDescriptor *args, size_t count) {
  // Only this file makes the CallReplays of a call (prepareExchange).
  ExchangeReplays &replays = static_cast<ExchangeReplays &>(prepared);
  Prepared *p = nullptr;
  for (Prepared &slot : replays.slots)
    if (slot.used && matches(slot, args, count)) {
      p = &slot;
      break;
    }
  if (!p)
    return 0;
  if (!p->replayable)
    return -1;
  Stats &s = stats();
  s.planHits++;
  const int tag = team.nextTag(plan.id);
  ReplayedReceives *receives = nullptr;
  if (p->receives) {
    receives = freeReceives;
    if (receives)
      freeReceives = receives->nextFree;
    else
      receives = new ReplayedReceives();
    receives->kind = plan.kind;
    receives->requests.resize(p->receives);
  }
  OperationPtr pending(receives);
  const Message *m = p->messages.data();
  for (size_t i = 0; i < p->receives; ++i, ++m)
    mpi::check(MPI_Irecv(m->data, m->bytes, MPI_BYTE, m->peer, tag, team.comm,
                         &receives->requests[i]),
               "MPI_Irecv");
  MPI_Request *sends = p->sendRequests.data();
  const size_t numSends = p->sendRequests.size();
  for (size_t i = 0; i < numSends; ++i, ++m)
    mpi::check(MPI_Isend(m->data, m->bytes, MPI_BYTE, m->peer, tag, team.comm, &sends[i]),
               "MPI_Isend");
  s.messagesReceived += static_cast<int64_t>(p->receives);
  s.bytesReceived += p->recvBytes;
  s.messagesSent += static_cast<int64_t>(numSends);
  s.bytesSent += p->sendBytes;
  if (p->localBytes) {
    StatsSection timed(&Stats::transferSeconds);
    std::memcpy(p->localTo, p->localFrom, static_cast<size_t>(p->localBytes));
  }
  s.bytesLocal += p->localBytes;
  // Sent straight from the input, which the program may change as soon as
  // this returns.
  mpi::waitAll(sends, numSends);
  // While this rank waited for its sends it served its peers' messages,
  // which they sent at the same time: the receives have often landed.
  // Then the operation is complete, and its handle is that of a completed
  // operation (no entry in the handle table, no output held).
  if (receives && numSends) {
    int done = 0;
    mpi::check(MPI_Testall(static_cast<int>(p->receives), receives->requests.data(), &done,
                           MPI_STATUSES_IGNORE),
               "MPI_Testall");
    if (done)
      pending.reset();
  }
  return registerOperation(std::move(pending), op, p->outputs, p->numOutputs);
}

void prepareExchange(Team &team, const Plan &plan, std::unique_ptr<CallReplays> &replays,
                     const RawDescriptor *args, size_t count, const View &input,
                     const View *const *outputs) {
  size_t numOutputs = count - 1;
  if (!plan.reusedLocally || numOutputs == 0 || numOutputs > kMaxOutputs)
    return;
  for (size_t i = 0; i < count; ++i)
    if (args[i].rank > kMaxRank)
      return;
  if (!replays)
    replays.reset(new ExchangeReplays());
  ExchangeReplays &r = static_cast<ExchangeReplays &>(*replays);
  // The exchange's element size (Exchange.cpp): its first output's.
  const int64_t es = static_cast<int64_t>(outputs[0]->elemSize);
  if (r.direct < 0)
    r.direct = noDirectTransfers(team, plan, es) ? 0 : 1;
  if (r.direct)
    return;
  // The packer wants the outputs as one vector (copied: reused storage, so
  // that preparing allocates nothing once it has grown).
  std::vector<View> &views = runtime().replayOutputs;
  views.resize(numOutputs);
  for (size_t i = 0; i < numOutputs; ++i)
    views[i] = *outputs[i];
  // An unused slot, else the next one round robin.
  size_t at = r.next;
  for (size_t i = 0; i < kSlots; ++i)
    if (!r.slots[i].used) {
      at = i;
      break;
    }
  Prepared &p = r.slots[at];
  p.used = true;
  p.replayable = false;
  p.numArgs = count;
  int64_t *w = p.descriptors;
  for (size_t i = 0; i < count; ++i) {
    *w++ = args[i].rank;
    size_t bytes = descriptorBytes(args[i].rank);
    std::memcpy(w, args[i].desc, bytes);
    w += bytes / 8;
  }
  if (at == r.next)
    r.next = (r.next + 1) % kSlots;
  p.messages.clear();
  p.recvBytes = p.sendBytes = 0;
  const Packer &packer = *plan.packer;
  // As Exchange.cpp posts them: every receive in place, every send from
  // the input; an empty transfer posts nothing.
  for (const Transfer &t : plan.recvs) {
    int64_t bytes = t.elements * es;
    if (bytes == 0)
      continue;
    char *target = packer.denseTarget(t, plan.frame, views);
    if (!target)
      return; // staged and unpacked in the wait
    appendChunks(p.messages, target, bytes, t.peer);
    p.recvBytes += bytes;
  }
  p.receives = p.messages.size();
  for (const Transfer &t : plan.sends) {
    int64_t bytes = t.elements * es;
    if (bytes == 0)
      continue;
    const char *source = packer.denseSource(t, plan.frame, input);
    if (!source)
      return; // packed
    appendChunks(p.messages, const_cast<char *>(source), bytes, t.peer);
    p.sendBytes += bytes;
  }
  p.sendRequests.resize(p.messages.size() - p.receives);
  p.localBytes = plan.local.elements * es;
  p.localFrom = nullptr;
  p.localTo = nullptr;
  if (p.localBytes) {
    // One dense block on both sides, in the same element order (the
    // packer's dense source is in the output's dimension order): memcpy.
    p.localFrom = packer.denseSource(plan.local, plan.frame, input);
    p.localTo = packer.denseTarget(plan.local, plan.frame, views);
    if (!p.localFrom || !p.localTo)
      return;
  }
  p.numOutputs = numOutputs;
  for (size_t i = 0; i < numOutputs; ++i)
    p.outputs[i] = outputs[i]->allocated;
  p.replayable = true;
}

} // namespace idtr
