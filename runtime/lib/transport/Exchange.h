// Execution of a plan: post receives, send (straight from the input, or
// packed), copy the local part while messages fly, read the direct
// transfers, then (in wait) unpack each peer's data as it arrives.
#ifndef IDTR_EXCHANGE_H
#define IDTR_EXCHANGE_H

#include "copy/Descriptor.h"
#include "plan/Plan.h"
#include "transport/Handles.h"

#include <initializer_list>
#include <memory>
#include <vector>

namespace idtr {

struct Team;

// Starts the redistribution described by `plan`. The input is only read
// before this returns; the outputs are copied, or added to with `add`'s
// arithmetic (Accumulate.h; the plan is the copy's). Returns nullptr if the
// operation is already complete. Operations are pooled: in steady state
// this allocates nothing.
OperationPtr startRedistribution(Team &team, std::shared_ptr<const Plan> plan,
                                 const View &input, std::initializer_list<const View *> outputs,
                                 Accumulate add = Accumulate::Assign);
// The same with `count` outputs (the pieces of an N-D halo, GridHalo.h).
OperationPtr startRedistribution(Team &team, std::shared_ptr<const Plan> plan,
                                 const View &input, const View *const *outputs, size_t count,
                                 Accumulate add = Accumulate::Assign);

// Whether a transfer of `bytes` with `peer` is direct (DirectTransfer.h)
// rather than an MPI message: both ends decide it from the plan and the
// team alone (the size first: small messages, halos, never search the
// peers).
bool isDirectTransfer(const Team &team, int peer, int64_t bytes);

} // namespace idtr

#endif
