// _idtr_reduce_* (idtr.h): an element-wise reduction over a team whose
// result only the root needs (shard.reduce): one MPI_Ireduce, so the data
// of the others never comes back to them. The other members' output is
// their input (upstream leaves it unspecified; keeping the input is the
// cheapest defined answer).
//
// MEAN and the half types (reduced in f32, HalfTypes.cpp) take the
// allreduce (Allreduce.h) and then restore the others' input: neither is
// an MPI reduction of the elements as they are.
#include "idtr/idtr.h"

#include "Allreduce.h"
#include "Buffer.h"
#include "Descriptor.h"
#include "EntryCall.h"
#include "ElementTypes.h"
#include "Errors.h"
#include "Handles.h"
#include "Mpi.h"
#include "ReduceOps.h"
#include "Stats.h"
#include "StridedCopy.h"
#include "Team.h"

#include <algorithm>
#include <complex>
#include <type_traits>
#include <vector>

namespace idtr {
namespace {

template <typename T> class RootReduce : public Operation {
public:
  RootReduce(const View &out, bool root) : out_(out), root_(root) {}
  const char *name() const override { return "reduce"; }

  // Posts the reduction of `in` (staged densely) into the root's buffer.
  void start(Team &t, const View &in, int root, int32_t op) {
    int64_t count = in.volume();
    send_ = Buffer(static_cast<size_t>(count) * sizeof(T));
    copyView(denseLike(send_.data(), in), in);
    char *into = nullptr;
    if (root_) {
      if (out_.isContiguous() && !mayOverlap(in, out_)) {
        into = out_.data;
      } else {
        staging_ = Buffer(static_cast<size_t>(count) * sizeof(T));
        into = staging_.data();
      }
    }
    // int counts: the same chunks as the allreduce.
    const int64_t chunk = std::max<int64_t>(1, mpi::maxMessageBytes() / int64_t(sizeof(T)));
    for (int64_t done = 0; done < count; done += chunk) {
      int n = static_cast<int>(std::min(chunk, count - done));
      requests_.emplace_back();
      mpi::check(MPI_Ireduce(send_.data() + done * int64_t(sizeof(T)),
                             into ? into + done * int64_t(sizeof(T)) : nullptr, n,
                             mpi::datatype<T>(), mpiOp<T>(op), root, t.comm,
                             &requests_.back()),
                 "MPI_Ireduce");
    }
  }

  void complete() override {
    mpi::waitAll(requests_);
    if (root_ && staging_.data())
      copyView(out_, denseLike(staging_.data(), out_));
  }

private:
  View out_;
  bool root_;
  Buffer send_, staging_;
  std::vector<MPI_Request> requests_;
};

template <typename T>
int64_t reduce(int64_t teamId, int64_t root, int64_t inR, void *inD, int64_t outR, void *outD,
               int32_t op) {
  return guarded([&] {
    EntryCall call("reduce");
    Team &t = team(teamId);
    if (root < 0 || root >= t.size)
      fail("reduce: the root is outside the group (index %lld; the group has %d processes)",
           static_cast<long long>(root), t.size);
    View in = viewFromDescriptor(inR, inD, sizeof(T), "reduce: in");
    View out = viewFromDescriptor(outR, outD, sizeof(T), "reduce: out");
    if (in.sizes != out.sizes)
      fail("reduce: input and output shapes differ (%s vs %s)", str(in.sizes).c_str(),
           str(out.sizes).c_str());
    stats().reductions++;
    bool isRoot = root == t.rank;
    constexpr bool half = std::is_same<T, Half>::value || std::is_same<T, BFloat16>::value;
    if (half || op == kMean) {
      if (auto pending = startAllreduce<T>(t, in, out, op))
        pending->complete();
      if (!isRoot)
        copyView(out, in);
      return registerOperation(OperationPtr(), "reduce", {});
    }
    if constexpr (!half) {
      mpiOp<T>(op); // unknown codes fail here, before anything is posted
      if (!isRoot)
        copyView(out, in);
      auto red = std::make_unique<RootReduce<T>>(out, isRoot);
      red->start(t, in, static_cast<int>(root), op);
      return registerOperation(std::move(red), "reduce", {out.allocated});
    }
    return int64_t(0);
  });
}

} // namespace
} // namespace idtr

using namespace idtr;

extern "C" {

#define IDTR_DEFINE_ROOT_REDUCE(SUFFIX, T)                                              \
  int64_t _idtr_reduce_##SUFFIX(int64_t team, int64_t root, int64_t inRank, void *in,    \
                                int64_t outRank, void *out, int32_t op) {               \
    return reduce<T>(team, root, inRank, in, outRank, out, op);                         \
  }

IDTR_FOR_EACH_ELEMENT_TYPE(IDTR_DEFINE_ROOT_REDUCE)

} // extern "C"
