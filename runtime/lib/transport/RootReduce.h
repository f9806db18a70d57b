// _idtr_reduce_* (idtr.h): an element-wise reduction over a team whose
// result only the root needs (shard.reduce): one MPI_Ireduce, so the data
// of the others never comes back to them. The other members' output is
// their input (upstream leaves it unspecified; keeping the input is the
// cheapest defined answer).
//
// MEAN and the half types (reduced in f32, HalfAllreduce.cpp) take the
// allreduce (Allreduce.h) and then restore the others' input: neither is
// an MPI reduction of the elements as they are.
#ifndef IDTR_ROOTREDUCE_H
#define IDTR_ROOTREDUCE_H

#include "copy/Descriptor.h"

#include <cstdint>

namespace idtr {

struct Team;

// Starts reducing every member's `in` into `out` of member `root` (a member
// index of `t`, checked by the caller) with reduction `op` (idtr.h); the
// other members' `out` receives their own `in`. Returns the handle.
// Instantiated for every element type (ElementTypes.h).
template <typename T>
int64_t reduceToRoot(Team &t, int64_t root, const View &in, const View &out, int32_t op);

} // namespace idtr

#endif
