// Point-to-point messages between the members of a team (shard.send and
// shard.recv), on the team's point-to-point communicator (Team.h).
#ifndef IDTR_POINTTOPOINT_H
#define IDTR_POINTTOPOINT_H

#include "copy/Descriptor.h"
#include "support/Buffer.h"

#include <cstdint>
#include <deque>
#include <utility>

namespace idtr {

// Starts sending `in` to member `peer` of team `teamId`, or receiving `out`
// from it; returns the handle. A send copies `in` during the call and never
// waits for the receiver; a member may send to itself.
int64_t sendMessage(int64_t teamId, int64_t peer, const View &in);
int64_t receiveMessage(int64_t teamId, int64_t peer, const View &out);

class Operation;

// A member's messages to itself that no receive took yet, and its receives
// from itself that no send filled yet (at most one side is non-empty), per
// team (the runtime context's, Runtime.h).
struct Mailbox {
  std::deque<std::pair<Buffer, int64_t>> sent; // data and byte count
  std::deque<Operation *> waiting;             // the receives (PointToPoint.cpp)
};

} // namespace idtr

#endif
