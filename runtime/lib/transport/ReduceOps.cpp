// User-defined MPI operators, where MPI's own do not compute numpy's result:
//
// - MAX and MIN of f32/f64 propagate NaN, as numpy's max/min (and the
//   per-rank part, arith.maximumf/minimumf) do. MPI_MAX/MPI_MIN compare
//   with < and so drop a NaN depending on the order of the combine: arange(10)
//   with one NaN gave nan on 1-3 ranks but 9 on 4-5. The result must not
//   depend on the number of ranks.
// - SUM of i8/i16 wraps as C's sum in the type: Open MPI 4.1's AVX
//   reduction component adds these types with saturating instructions (two
//   ranks' i8 100 + 100 gave 127 instead of -56 for vectors of 32 elements
//   and more). Summing in the type itself needs no widened copy of the data
//   (which took 8x the data of an i8 sum, plus MPI's temporary of that).
//
// All are commutative: MPI may combine in any order, like its own.
#include "transport/ReduceOps.h"

#include "support/Errors.h"
#include "transport/Mpi.h"

#include <cmath>

namespace idtr {

namespace {

template <typename F> void nanMax(const F *in, F *inout, int n) {
  for (int i = 0; i < n; ++i) {
    F a = in[i], b = inout[i];
    inout[i] = (a > b || std::isnan(a)) ? a : b; // b when b is NaN
  }
}

template <typename F> void nanMin(const F *in, F *inout, int n) {
  for (int i = 0; i < n; ++i) {
    F a = in[i], b = inout[i];
    inout[i] = (a < b || std::isnan(a)) ? a : b;
  }
}

template <typename I> void wrappingSum(const I *in, I *inout, int n) {
  using U = std::make_unsigned_t<I>;
  for (int i = 0; i < n; ++i)
    inout[i] = static_cast<I>(static_cast<U>(static_cast<U>(in[i]) + static_cast<U>(inout[i])));
}

// One MPI user function per operator; the datatype says which element type.
void maxFn(void *in, void *inout, int *len, MPI_Datatype *type) {
  if (*type == MPI_FLOAT)
    nanMax(static_cast<const float *>(in), static_cast<float *>(inout), *len);
  else
    nanMax(static_cast<const double *>(in), static_cast<double *>(inout), *len);
}

void minFn(void *in, void *inout, int *len, MPI_Datatype *type) {
  if (*type == MPI_FLOAT)
    nanMin(static_cast<const float *>(in), static_cast<float *>(inout), *len);
  else
    nanMin(static_cast<const double *>(in), static_cast<double *>(inout), *len);
}

void sumFn(void *in, void *inout, int *len, MPI_Datatype *type) {
  if (*type == MPI_INT8_T)
    wrappingSum(static_cast<const int8_t *>(in), static_cast<int8_t *>(inout), *len);
  else
    wrappingSum(static_cast<const int16_t *>(in), static_cast<int16_t *>(inout), *len);
}

// Created once, on first use (MPI is initialised by then); MPI_Finalize
// releases them.
MPI_Op userOp(MPI_User_function *fn) {
  MPI_Op op = MPI_OP_NULL;
  mpi::check(MPI_Op_create(fn, /*commute=*/1, &op), "MPI_Op_create");
  return op;
}

MPI_Op nanMaxOp() {
  static MPI_Op op = userOp(maxFn);
  return op;
}
MPI_Op nanMinOp() {
  static MPI_Op op = userOp(minFn);
  return op;
}
MPI_Op wrappingSumOp() {
  static MPI_Op op = userOp(sumFn);
  return op;
}

} // namespace

template <typename T> MPI_Op mpiOp(int32_t op) {
  if constexpr (isComplex<T>) {
    // MPI's SUM and PROD of MPI_C_*_COMPLEX; numpy orders complex numbers
    // lexicographically, which no predefined operator does (dist rejects
    // min/max of complex at compile time).
    if (op == kSum || op == kMean)
      return MPI_SUM;
    if (op == kProd)
      return MPI_PROD;
    fail("allreduce: reduction code %d is not defined for complex numbers (only PROD=3, SUM=4 "
         "and MEAN=1)",
         op);
  }
  // i1 is a logical type (numpy's bool: add is "or", multiply is "and").
  constexpr bool logical = std::is_same<T, bool>::value;
  constexpr bool floating = std::is_floating_point<T>::value;
  constexpr bool narrow = std::is_integral<T>::value && !logical && sizeof(T) <= 2;
  switch (op) {
  case kMax: return logical ? MPI_LOR : floating ? nanMaxOp() : MPI_MAX;
  case kMin: return logical ? MPI_LAND : floating ? nanMinOp() : MPI_MIN;
  case kSum: return logical ? MPI_LOR : narrow ? wrappingSumOp() : MPI_SUM;
  case kProd: return logical ? MPI_LAND : MPI_PROD;
  case kMean:
    if (logical)
      fail("allreduce: MEAN is not defined for i1");
    return MPI_SUM;
  // Bitwise reductions (shard's bitwise_and/or/xor): of integers only; of
  // i1 the logical ones.
  case kBand:
  case kBor:
  case kBxor:
    if (floating)
      fail("allreduce: bitwise reduction code %d is not defined for floats", op);
    if (op == kBand)
      return logical ? MPI_LAND : MPI_BAND;
    if (op == kBor)
      return logical ? MPI_LOR : MPI_BOR;
    return logical ? MPI_LXOR : MPI_BXOR;
  default:
    fail("allreduce: unknown reduction code %d (expected MAX=0 MEAN=1 MIN=2 PROD=3 SUM=4 "
         "BAND=9 BOR=10 BXOR=11)", op);
  }
}

#define IDTR_INSTANTIATE(T)                                                            \
  template MPI_Op mpiOp<T>(int32_t);
IDTR_INSTANTIATE(double)
IDTR_INSTANTIATE(float)
IDTR_INSTANTIATE(int64_t)
IDTR_INSTANTIATE(int32_t)
IDTR_INSTANTIATE(int16_t)
IDTR_INSTANTIATE(int8_t)
IDTR_INSTANTIATE(bool)
IDTR_INSTANTIATE(std::complex<float>)
IDTR_INSTANTIATE(std::complex<double>)
#undef IDTR_INSTANTIATE

} // namespace idtr
