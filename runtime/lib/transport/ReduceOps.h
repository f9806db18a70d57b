// The MPI reduction operator for each element type and reduction code.
// MPI's predefined operators are used where they compute what numpy does;
// user-defined ones where they do not (see ReduceOps.cpp).
#ifndef IDTR_REDUCEOPS_H
#define IDTR_REDUCEOPS_H

#include "idtr/idtr.h"

#include "support/ElementTypes.h"

#include <mpi.h>

#include <cstdint>
#include <type_traits>

namespace idtr {

// The reduction codes of idtr.h, under the runtime's names.
enum ReduceOp : int32_t {
  kMax = IDTR_MAX,
  kMean = IDTR_MEAN,
  kMin = IDTR_MIN,
  kProd = IDTR_PROD,
  kSum = IDTR_SUM,
  kBand = IDTR_BAND,
  kBor = IDTR_BOR,
  kBxor = IDTR_BXOR
};

// Whether a reduction of T takes its MEAN from 64-bit sums: i8, i16 and i32,
// so that the sum cannot wrap before the division (Allreduce.cpp).
template <typename T> constexpr bool meansWide(int32_t op) {
  return std::is_integral<T>::value && !std::is_same<T, bool>::value &&
         sizeof(T) < sizeof(int64_t) && op == kMean;
}

// The operator reducing elements of type T (bool for i1) under `op`; for
// MEAN, the operator of its sum. Fails for unknown codes, MEAN of i1, and
// MAX, MIN and the bitwise codes of complex numbers (which have no order).
// T is the type of the reduced buffer: int64_t for the wide sums above.
template <typename T> MPI_Op mpiOp(int32_t op);

} // namespace idtr

#endif
