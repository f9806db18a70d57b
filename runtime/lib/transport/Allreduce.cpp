#include "transport/Allreduce.h"

#include "copy/StridedCopy.h"
#include "support/Buffer.h"
#include "support/Errors.h"
#include "support/Stats.h"
#include "support/Watchdog.h"
#include "transport/Mpi.h"
#include "transport/ReduceOps.h"
#include "transport/Team.h"

#include <algorithm>
#include <complex>
#include <type_traits>

namespace idtr {

namespace {

// Reductions up to this size complete within the call.
constexpr int64_t kCompleteAtOnceBytes = 16 * 1024;

// MEAN of narrow integers sums in 64 bits, in chunks of this many elements
// (8 MiB of sums): the widened copy of the whole array was 8x the data of
// an i8 array, and MPI's temporary for reducing it as much again.
constexpr int64_t kWideChunkElements = int64_t(1) << 20;

// Ranks must agree on what they reduce: element count, shape, element
// type and reduction. For a mismatch MPI reports MPI_ERR_TRUNCATE on some
// ranks only, or crashes inside a non-blocking reduction; so every reduction
// that takes the non-blocking path (more than kCompleteAtOnceBytes) first
// compares a fingerprint of its arguments: one small allreduce of the values
// and their negations under MAX (all equal iff max(v) == -max(-v)). Which
// reductions check is decided from the count and type alone, never from a
// rank's own layout, so that all ranks call the same collectives. Small
// reductions are not checked (the check would double their cost): a
// mismatch there is MPI's MPI_ERR_TRUNCATE, or, when one rank reduces 0
// elements, the others wait until IDTR_TIMEOUT.
template <typename T> void agreeOnReduction(Team &team, const View &out, int32_t op) {
  uint64_t shapeHash = 1469598103934665603ull;
  for (int64_t s : out.sizes)
    shapeHash = (shapeHash ^ static_cast<uint64_t>(s)) * 1099511628211ull;
  const int64_t mine[4] = {out.volume(), static_cast<int64_t>(shapeHash >> 1), op,
                           static_cast<int64_t>(sizeof(T)) * 4 +
                               2 * std::is_floating_point<T>::value +
                               std::is_same<T, bool>::value + 3 * isComplex<T>};
  int64_t both[8];
  for (int i = 0; i < 4; ++i) {
    both[i] = mine[i];
    both[4 + i] = -mine[i];
  }
  mpi::allreduceMax(both, 8, team.comm);
  stats().metadataCollectives++;
  static const char *what[4] = {"element count", "shape", "reduction", "element type"};
  for (int i = 0; i < 4; ++i)
    if (both[i] != -both[4 + i])
      fail("allreduce: ranks disagree on the %s (this rank: %s, %lld elements, reduction "
           "code %d)",
           what[i], str(out.sizes).c_str(), static_cast<long long>(out.volume()), op);
}

template <typename T> class Allreduce : public Operation {
public:
  Allreduce(const View &out, int32_t op, int teamSize)
      : out_(out), op_(op), teamSize_(teamSize) {}

  const char *name() const override { return "allreduce"; }

  bool start(Team &team, const View &in) {
    MPI_Op mop = mpiOp<T>(op_);
    int64_t count = out_.volume();
    // Reduce in place in the output when it is dense and cannot clobber the
    // input before it is read; otherwise in a staging buffer.
    bool disjoint = !mayOverlap(in, out_);
    bool same = in.data == out_.data && in.strides == out_.strides;
    if (out_.isContiguous() && (disjoint || same || count == 0)) {
      data_ = reinterpret_cast<T *>(out_.data);
    } else {
      staging_ = Buffer(count * sizeof(T));
      data_ = reinterpret_cast<T *>(staging_.data());
    }
    copyView(denseLike(reinterpret_cast<char *>(data_), out_), in);
    if (meansWide<T>(op_)) {
      reduceWideMean(team, count);
      return false;
    }
    char *reduced = reinterpret_cast<char *>(data_);
    MPI_Datatype type = mpi::datatype<T>();
    int64_t elemBytes = sizeof(T);
    // Small reductions complete right here with a blocking MPI_Allreduce:
    // for a few KiB there is nothing to overlap, and a non-blocking
    // collective plus its later wait costs several times the reduction.
    // The wait is still time-limited (Watchdog.h).
    if (count * elemBytes <= kCompleteAtOnceBytes) {
      WatchedWait watch("MPI_Allreduce");
      mpi::check(MPI_Allreduce(MPI_IN_PLACE, reduced, static_cast<int>(count), type, mop,
                               team.comm),
                 "MPI_Allreduce");
      return false;
    }
    // Elements per MPI call: int counts, same limit as point-to-point.
    const int64_t chunk = std::max<int64_t>(1, mpi::maxMessageBytes() / elemBytes);
    for (int64_t done = 0; done < count; done += chunk) {
      int n = static_cast<int>(std::min(chunk, count - done));
      requests_.emplace_back();
      mpi::check(MPI_Iallreduce(MPI_IN_PLACE, reduced + done * elemBytes, n, type, mop,
                                team.comm, &requests_.back()),
                 "MPI_Iallreduce");
    }
    return !requests_.empty();
  }

  void complete() override {
    mpi::waitAll(requests_);
    int64_t count = out_.volume();
    if constexpr (!std::is_same<T, bool>::value) {
      // MEAN of i64 and floats divides here; integer division truncates
      // toward zero, like C's (narrow integers divided in reduceWideMean).
      if (op_ == kMean && !meansWide<T>(op_))
        for (int64_t i = 0; i < count; ++i)
          data_[i] = static_cast<T>(data_[i] / static_cast<T>(teamSize_));
    }
    if (staging_.data())
      copyView(out_, denseLike(staging_.data(), out_));
  }

private:
  // MEAN of i8/i16/i32 from 64-bit sums, so that the sum cannot wrap
  // before the division, one fixed-size chunk at a time (extra memory: one
  // chunk and MPI's temporary for it, whatever the array size). Completes
  // within the call: chunks posted later, in _idtr_wait, would interleave
  // differently with the team's other collectives on ranks that wait on
  // their handles in different orders.
  void reduceWideMean(Team &team, int64_t count) {
    if (count == 0)
      return;
    int64_t chunk = std::min(count, kWideChunkElements);
    Buffer buffer(static_cast<size_t>(chunk) * sizeof(int64_t));
    auto *wide = reinterpret_cast<int64_t *>(buffer.data());
    for (int64_t begin = 0; begin < count; begin += chunk) {
      int n = static_cast<int>(std::min(chunk, count - begin));
      for (int i = 0; i < n; ++i)
        if constexpr (!isComplex<T>) // never called for them: meansWide is false
          wide[i] = static_cast<int64_t>(data_[begin + i]);
      {
        WatchedWait watch("MPI_Allreduce");
        mpi::check(MPI_Allreduce(MPI_IN_PLACE, wide, n, MPI_INT64_T, MPI_SUM, team.comm),
                   "MPI_Allreduce");
      }
      for (int i = 0; i < n; ++i)
        if constexpr (!isComplex<T>)
          data_[begin + i] = static_cast<T>(wide[i] / teamSize_);
    }
  }

  View out_;
  int32_t op_;
  int teamSize_;
  T *data_ = nullptr;
  Buffer staging_;
  std::vector<MPI_Request> requests_;
};

} // namespace

template <typename T>
std::unique_ptr<Operation> startAllreduce(Team &team, const View &in, const View &out,
                                          int32_t op) {
  if (in.sizes != out.sizes)
    fail("allreduce: input and output shapes differ (%s vs %s)", str(in.sizes).c_str(),
         str(out.sizes).c_str());
  stats().reductions++;
  if (out.volume() * int64_t(meansWide<T>(op) ? sizeof(int64_t) : sizeof(T)) >
      kCompleteAtOnceBytes)
    agreeOnReduction<T>(team, out, op);
  auto red = std::make_unique<Allreduce<T>>(out, op, team.size);
  if (!red->start(team, in)) {
    red->complete();
    return nullptr;
  }
  return red;
}

template <typename T>
bool allreduceSmallDense(Team &team, const T *in, T *out, int64_t count, int32_t op) {
  int64_t bytes = count * int64_t(sizeof(T));
  const char *inBytes = reinterpret_cast<const char *>(in);
  const char *outBytes = reinterpret_cast<const char *>(out);
  bool separate = inBytes + bytes <= outBytes || outBytes + bytes <= inBytes;
  if (op == kMean || count <= 0 || bytes > kCompleteAtOnceBytes ||
      !separate)
    return false;
  MPI_Op mop = mpiOp<T>(op);
  stats().reductions++;
  WatchedWait watch("MPI_Allreduce");
  mpi::check(MPI_Allreduce(in, out, static_cast<int>(count), mpi::datatype<T>(), mop,
                           team.comm),
             "MPI_Allreduce");
  return true;
}

template bool allreduceSmallDense<double>(Team &, const double *, double *, int64_t, int32_t);
template bool allreduceSmallDense<float>(Team &, const float *, float *, int64_t, int32_t);
template bool allreduceSmallDense<int64_t>(Team &, const int64_t *, int64_t *, int64_t, int32_t);
template bool allreduceSmallDense<int32_t>(Team &, const int32_t *, int32_t *, int64_t, int32_t);
template bool allreduceSmallDense<int16_t>(Team &, const int16_t *, int16_t *, int64_t, int32_t);
template bool allreduceSmallDense<int8_t>(Team &, const int8_t *, int8_t *, int64_t, int32_t);
template bool allreduceSmallDense<bool>(Team &, const bool *, bool *, int64_t, int32_t);
template bool allreduceSmallDense<std::complex<float>>(Team &, const std::complex<float> *,
                                                       std::complex<float> *, int64_t, int32_t);
template bool allreduceSmallDense<std::complex<double>>(Team &, const std::complex<double> *,
                                                        std::complex<double> *, int64_t,
                                                        int32_t);

template std::unique_ptr<Operation> startAllreduce<double>(Team &, const View &, const View &, int32_t);
template std::unique_ptr<Operation> startAllreduce<float>(Team &, const View &, const View &, int32_t);
template std::unique_ptr<Operation> startAllreduce<int64_t>(Team &, const View &, const View &, int32_t);
template std::unique_ptr<Operation> startAllreduce<int32_t>(Team &, const View &, const View &, int32_t);
template std::unique_ptr<Operation> startAllreduce<int16_t>(Team &, const View &, const View &, int32_t);
template std::unique_ptr<Operation> startAllreduce<int8_t>(Team &, const View &, const View &, int32_t);
template std::unique_ptr<Operation> startAllreduce<bool>(Team &, const View &, const View &, int32_t);
template std::unique_ptr<Operation> startAllreduce<std::complex<float>>(Team &, const View &,
                                                                        const View &, int32_t);
template std::unique_ptr<Operation> startAllreduce<std::complex<double>>(Team &, const View &,
                                                                         const View &, int32_t);

} // namespace idtr
