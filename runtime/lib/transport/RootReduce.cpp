// The reduce to a root of the shard front end (RootReduce.h).
#include "transport/RootReduce.h"

#include "idtr/idtr.h"

#include "copy/Descriptor.h"
#include "copy/StridedCopy.h"
#include "support/Buffer.h"
#include "support/ElementTypes.h"
#include "support/Errors.h"
#include "support/Stats.h"
#include "transport/Allreduce.h"
#include "transport/Handles.h"
#include "transport/Mpi.h"
#include "transport/ReduceOps.h"
#include "transport/Team.h"

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

} // namespace

template <typename T>
int64_t reduceToRoot(Team &t, int64_t root, const View &in, const View &out, int32_t op) {
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
}

#define IDTR_INSTANTIATE_ROOT_REDUCE(SUFFIX, T)                                          \
  template int64_t reduceToRoot<T>(Team &, int64_t, const View &, const View &, int32_t);
IDTR_FOR_EACH_ELEMENT_TYPE(IDTR_INSTANTIATE_ROOT_REDUCE)

} // namespace idtr
