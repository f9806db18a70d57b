// Element-wise reductions over a team: every rank gets the result.
#ifndef IDTR_ALLREDUCE_H
#define IDTR_ALLREDUCE_H

#include "copy/Descriptor.h"
#include "support/ElementTypes.h"
#include "transport/Handles.h"
#include "transport/ReduceOps.h"

#include <cstdint>
#include <memory>

namespace idtr {

struct Team;


// Starts out = reduce(in over all ranks). `in` is read before this returns;
// `in` and `out` may alias. T is the element type (bool for i1). Returns
// nullptr if the reduction is already complete.
template <typename T>
std::unique_ptr<Operation> startAllreduce(Team &team, const View &in, const View &out,
                                          int32_t op);

// out = reduce(in) with one blocking MPI_Allreduce when both are dense,
// separate, small (up to 16 KiB) and the reduction is not MEAN. Returns false
// without doing anything otherwise; then startAllreduce handles the call.
template <typename T>
bool allreduceSmallDense(Team &team, const T *in, T *out, int64_t count, int32_t op);

// f16 and bf16 (HalfAllreduce.cpp): reduced as f32 (exact conversions; MPI has
// no half types), rounded back once; complete within the call. The small
// dense path does not apply to them.
template <>
std::unique_ptr<Operation> startAllreduce<Half>(Team &team, const View &in, const View &out,
                                                int32_t op);
template <>
std::unique_ptr<Operation> startAllreduce<BFloat16>(Team &team, const View &in,
                                                    const View &out, int32_t op);
template <>
bool allreduceSmallDense<Half>(Team &, const Half *, Half *, int64_t, int32_t);
template <>
bool allreduceSmallDense<BFloat16>(Team &, const BFloat16 *, BFloat16 *, int64_t, int32_t);

} // namespace idtr

#endif
