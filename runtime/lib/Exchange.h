// Execution of a plan: post receives, pack and send, copy the local part
// while messages fly, then (in wait) unpack each peer's data as it arrives.
#ifndef IDTR_EXCHANGE_H
#define IDTR_EXCHANGE_H

#include "Descriptor.h"
#include "Handles.h"
#include "Plan.h"

#include <memory>
#include <vector>

namespace idtr {

struct Team;

// Starts the redistribution described by `plan`. The input is only read
// before this returns. Returns nullptr if the operation is already complete.
std::unique_ptr<Operation> startRedistribution(Team &team,
                                               std::shared_ptr<const Plan> plan,
                                               const View &input,
                                               std::vector<View> outputs);

} // namespace idtr

#endif
