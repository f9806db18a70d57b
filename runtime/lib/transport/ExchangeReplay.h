// The replay of a cached call's exchange: what brings a repeated halo within
// 1.1x of four hand-written MPI calls.
//
// A call whose plan is reused locally (PlanAgreement.h) and whose descriptors
// are byte for byte those of an earlier call at the same cache entry (same
// allocated and aligned pointers, offset, sizes and strides) moves the same
// bytes between the same addresses as that call did: every decision the
// exchange takes (Exchange.cpp: which transfers are direct, received in
// place or staged, sent from the input or packed, the local copy) is a
// function of the plan, the team, the settings and the views, and the views
// are functions of the descriptors. When every transfer of such a call was
// one dense block on both ends and nothing was direct (a halo's rows, a
// reshape's runs of rows), the exchange is kept as what it posts: for each
// message its address, byte count and peer, and the local copy as one
// memcpy. A repeat then posts exactly those messages, with the operation's
// own tag (Team::nextTag with the plan id, as the exchange does: the tags
// must still tell ranks that changed their arguments from those that did
// not), receives first, then sends, then the local copy; it completes the
// sends before it returns (the program may change the input as soon as it
// has). Its handle waits for the receives with one MPI_Waitall, unless an
// MPI_Testall after the sends finds them landed already (the peers sent at
// the same time, and this rank served their messages while it waited for
// its own): then the operation is complete within the call, and its handle
// needs no entry and holds nothing. The counters of Stats.h move exactly as
// on the ordinary path.
//
// Not MPI persistent requests (MPI_Send_init / MPI_Recv_init +
// MPI_Startall), which would save the matching setup of each post: a
// persistent request fixes its tag, and the tag of every operation is new
// (the team's operation sequence in its low bits), so that operations in
// flight at once never match each other's messages.
//
// Anything else takes the ordinary path: the first call of an entry, a
// plan agreed on with the team, descriptors that match no prepared exchange
// (they changed: the old pointers are never used), staged, packed or direct
// transfers, an input that shares memory with an output. Each entry keeps a
// few prepared exchanges (a program that alternates two buffers replays
// both).
#ifndef IDTR_EXCHANGEREPLAY_H
#define IDTR_EXCHANGEREPLAY_H

#include <cstddef>
#include <cstdint>
#include <memory>

namespace idtr {

struct Plan;
struct Team;
struct View;

// An array argument as the entry point received it: its rank and the ranked
// descriptor behind the unranked memref (allocated and aligned pointers,
// offset, sizes, strides).
struct RawDescriptor {
  int64_t rank;
  const void *desc;
};

// The prepared exchanges of one cached call are its entry's CallReplays
// (PlanCache::CallEntry::replays), made by its first ordinary cached call.
class CallReplays;

// Starts the exchange that `replays` prepared for exactly these descriptors
// (`args[0]` the input, then the outputs), if there is one, and returns its
// handle (the operation named `op`; a hit of the plan cache). Otherwise
// the caller takes its ordinary path: returns 0 when no prepared exchange
// matches (prepare one on the way), -1 when these descriptors were
// prepared before and found not replayable (nothing to prepare).
int64_t replayExchange(Team &team, const Plan &plan, CallReplays &replays, const char *op,
                       const RawDescriptor *args, size_t count);

// On the ordinary path of a cached call whose plan is reused locally:
// prepares the exchange of `plan` for these descriptors, `input` and
// `outputs` (`count - 1` of them, at most two) being the views read from
// them, or notes that it is not replayable; creates `replays` at the first
// use. Only reads: the caller then starts the exchange as usual.
void prepareExchange(Team &team, const Plan &plan, std::unique_ptr<CallReplays> &replays,
                     const RawDescriptor *args, size_t count, const View &input,
                     const View *const *outputs);

} // namespace idtr

#endif
