// The extern "C" ABI (idtr.h). Entry points are thin: read and validate the
// descriptors, describe the request as Geometry, and hand over to the plan
// and exchange layers. Every exception becomes "idtr: error: ..." + abort.
#include "idtr/detail/HaloRows.h"
#include "idtr/idtr.h"

#include "copy/Accumulate.h"
#include "copy/Descriptor.h"
#include "copy/StridedCopy.h"
#include "plan/CallKey.h"
#include "plan/PlanCache.h"
#include "support/Buffer.h"
#include "support/CallSite.h"
#include "support/ElementTypes.h"
#include "support/Errors.h"
#include "support/Profile.h"
#include "support/Stats.h"
#include "transport/Allreduce.h"
#include "transport/EntryCall.h"
#include "transport/Exchange.h"
#include "transport/ExchangeReplay.h"
#include "transport/Handles.h"
#include "transport/Mpi.h"
#include "transport/PlanAgreement.h"
#include "transport/Runtime.h"
#include "transport/SubTeam.h"
#include "transport/Team.h"

#include <algorithm>
#include <complex>
#include <initializer_list>
#include <numeric>
#include <string>

namespace idtr {
namespace {

void expectLength(const char *op, const char *what, const Shape &v, size_t n,
                  const char *reference) {
  if (v.size() != n)
    fail("%s: %s has %zu entries but %s has rank %zu", op, what, v.size(), reference, n);
}

Shape identity(size_t n) {
  Shape axes(n);
  std::iota(axes.begin(), axes.end(), 0);
  return axes;
}

// The input of a redistribution, apart from its outputs. Outputs are written
// while the input is still being read (a peer's message may land in the
// output before this rank packs its input; the local part is copied
// straight from input to output), so an output that shares memory with the
// input - the same buffer passed as both through the C ABI - would be read
// after it was overwritten. Such an input is first copied to `keep` (dense);
// the copy is needed only until the call returns: sends are packed and the
// local part is copied within it.
View separateInput(const View &in, std::initializer_list<const View *> outs, Buffer &keep) {
  bool shared = false;
  for (const View *out : outs)
    shared |= mayOverlap(in, *out);
  return shared ? denseCopy(in, keep) : in;
}

// A cached call (PlanCache.h) whose descriptors (`args`: the input, then
// the outputs) are those of an earlier ordinary cached call at the same
// entry: the exchange that call prepared, replayed (ExchangeReplay.h).
// Returns its handle, else 0 or -1 (replayExchange): the ordinary cached
// path runs, and prepares the exchange for a repeat on 0.
int64_t replayCached(Team &t, PlanCache::CallEntry &call, const char *op,
                     const RawDescriptor *args, size_t count) {
  return call.replays && call.plan->reusedLocally
             ? replayExchange(t, *call.plan, *call.replays, op, args, count)
             : 0;
}

// The fast path of a call whose raw arguments (`key`) are those of an
// earlier call (PlanCache.h): no Geometry, no checks to redo (the key
// passed them), views read into per-entry-point storage; the agreement
// round, if the plan needs one, from what was kept of the first call.
// `call` is the cache's entry for the key; `prepare`, if not null, the
// descriptors the views were read from (input, then outputs), for which
// the exchange is prepared to be replayed by the next call with the same
// ones. `add`: how the output is written (one output only). Returns 0 when
// it does not apply (then the checked path runs); handles are positive.
template <size_t N>
int64_t startCached(Team &t, PlanCache::CallEntry *call, const char *op, View &in,
                    const View *(&outs)[N], const RawDescriptor *prepare,
                    Accumulate add = Accumulate::Assign) {
  for (const View *out : outs)
    if (mayOverlap(in, *out))
      return 0; // separateInput's copy: the checked path
  if (call->plan->reusedLocally) {
    stats().planHits++;
    if (prepare)
      prepareExchange(t, *call->plan, call->replays, prepare, N + 1, in, outs);
  }
  // Else one agreement round (which counts the hit), as the checked path
  // would run it.
  const std::shared_ptr<const Plan> *plan = &agreeOnCall(t, *call);
  if (N == 1)
    return registerOperation(startRedistribution(t, *plan, in, {outs[0]}, add), op,
                             {outs[0]->allocated});
  return registerOperation(startRedistribution(t, *plan, in, {outs[0], outs[N - 1]}), op,
                           {outs[0]->allocated, outs[N - 1]->allocated});
}

// startCached for the copies (one input lPart, one output nlPart).
template <typename T>
int64_t startCachedCopy(Team &t, const CallKey &key, const char *op, int64_t iR, void *iD,
                        int64_t outR, void *outD, const char *inWhat, const char *outWhat,
                        Accumulate add) {
  PlanCache::CallEntry *call = key.ok() ? t.plans.findCall(key) : nullptr;
  if (!call)
    return 0;
  // A replay assigns what it receives and copies (ExchangeReplay.h): an
  // accumulating call (its own entry: the key holds `add`) never replays.
  const RawDescriptor args[2] = {{iR, iD}, {outR, outD}};
  int64_t replayed = add == Accumulate::Assign ? replayCached(t, *call, op, args, 2) : -1;
  if (replayed > 0)
    return replayed;
  EntryScratch &scratch = runtime().entryScratch;
  View &in = scratch.input, &out = scratch.outputs[0];
  readView(in, iR, iD, sizeof(T), inWhat);
  readView(out, outR, outD, sizeof(T), outWhat);
  const View *outs[1] = {&out};
  return startCached(t, call, op, in, outs, replayed == 0 ? args : nullptr, add);
}

// The key of a call: where it comes from, what it is, and its element size;
// the entry point adds its arguments in ABI order.
CallKey callKey(OpKind kind, size_t elemSize) {
  CallKey key;
  key.push(siteKey());
  key.push(callFlags());
  key.push(static_cast<int64_t>(kind));
  key.push(static_cast<int64_t>(elemSize));
  return key;
}

// The checked path's end, common to every redistribution: the plan (built
// or reused after the agreement), kept for the fast path under `key`, then
// started on the input (copied first if it shares memory with an output).
int64_t startChecked(Team &t, const CallKey &key, const char *op, const Geometry &g,
                     const View &in, std::initializer_list<const View *> outs,
                     const PromisedWidths &promise = {}, Accumulate add = Accumulate::Assign) {
  std::unique_ptr<PlanRequest> request;
  auto plan = obtainPlan(t, g, &request, promise);
  if (key.ok())
    t.plans.insertCall(key, plan, std::move(request));
  Buffer keep;
  View source = separateInput(in, outs, keep);
  const View *first = *outs.begin(), *last = *(outs.end() - 1);
  if (outs.size() == 1)
    return registerOperation(startRedistribution(t, plan, source, {first}, add), op,
                             {first->allocated});
  return registerOperation(startRedistribution(t, plan, source, {first, last}), op,
                           {first->allocated, last->allocated});
}

// copy_reshape and copy_permute: one input lPart at lOffs of the array
// gShape, one output nlPart at nlOffs; the reshape's output array is ngShape,
// the permutation's is gShape permuted by `axes`. copy_permute_add (`add`
// not Assign) adds into nlPart instead: the same plan, told apart in the
// key because it writes differently.
template <typename T>
int64_t copyEntry(OpKind kind, int64_t teamId, int64_t gR, void *gD, int64_t oR, void *oD,
                  int64_t iR, void *iD, int64_t ngR, void *ngD, int64_t noR, void *noD,
                  int64_t outR, void *outD, int64_t axR, void *axD,
                  Accumulate add = Accumulate::Assign) {
  return guarded([&] {
    const bool reshape = kind == OpKind::Reshape;
    const bool adds = add != Accumulate::Assign;
    const char *op = reshape ? "copy_reshape" : adds ? "copy_permute_add" : "copy_permute";
    const char *lPart = reshape ? "copy_reshape: lPart"
                        : adds  ? "copy_permute_add: lPart"
                                : "copy_permute: lPart";
    const char *nlPart = reshape ? "copy_reshape: nlPart"
                         : adds  ? "copy_permute_add: nlPart"
                                 : "copy_permute: nlPart";
    EntryCall call(op);
    CallKey key = callKey(kind, sizeof(T));
    key.push(static_cast<int64_t>(add));
    key.indexArray(gR, gD);
    key.indexArray(oR, oD);
    key.sizes(iR, iD);
    if (reshape)
      key.indexArray(ngR, ngD);
    key.indexArray(noR, noD);
    key.sizes(outR, outD);
    if (!reshape)
      key.indexArray(axR, axD);
    Team &t = team(teamId);
    if (int64_t handle =
            startCachedCopy<T>(t, key, op, iR, iD, outR, outD, lPart, nlPart, add))
      return handle;
    Geometry g;
    g.kind = kind;
    g.inShape = readIndexArray(gR, gD, reshape ? "copy_reshape: gShape" : "copy_permute: gShape");
    View in = viewFromDescriptor(iR, iD, sizeof(T), lPart);
    View out = viewFromDescriptor(outR, outD, sizeof(T), nlPart);
    expectLength(op, "gShape", g.inShape, in.rank(), "the local input lPart");
    if (reshape) {
      g.outShape = readIndexArray(ngR, ngD, "copy_reshape: ngShape");
      expectLength(op, "ngShape", g.outShape, out.rank(), "the local output nlPart");
      g.axes = identity(out.rank());
    } else {
      g.axes = readIndexArray(axR, axD, "copy_permute: axes");
      expectLength(op, "axes", g.axes, in.rank(), "the local input lPart");
      if (!isPermutation(g.axes))
        fail("copy_permute: axes %s are not a permutation", str(g.axes).c_str());
      if (out.rank() != in.rank())
        fail("copy_permute: input has rank %d but output has rank %d", in.rank(), out.rank());
      g.outShape = permuteToOutput(g.inShape, g.axes);
    }
    g.input = {readIndexArray(oR, oD, reshape ? "copy_reshape: lOffs" : "copy_permute: lOffs"),
               in.sizes};
    expectLength(op, "lOffs", g.input.offsets, in.rank(), "the local input lPart");
    g.outputs = {
        {readIndexArray(noR, noD, reshape ? "copy_reshape: nlOffs" : "copy_permute: nlOffs"),
         out.sizes}};
    expectLength(op, "nlOffs", g.outputs[0].offsets, out.rank(), "the local output nlPart");
    return startChecked(t, key, op, g, in, {&out}, {}, add);
  });
}

template <typename T>
int64_t copyReshape(int64_t teamId, int64_t gR, void *gD, int64_t oR, void *oD, int64_t iR,
                    void *iD, int64_t ngR, void *ngD, int64_t noR, void *noD, int64_t outR,
                    void *outD) {
  return copyEntry<T>(OpKind::Reshape, teamId, gR, gD, oR, oD, iR, iD, ngR, ngD, noR, noD, outR,
                      outD, 0, nullptr);
}

template <typename T>
int64_t copyPermute(int64_t teamId, int64_t gR, void *gD, int64_t oR, void *oD, int64_t iR,
                    void *iD, int64_t noR, void *noD, int64_t outR, void *outD, int64_t axR,
                    void *axD) {
  return copyEntry<T>(OpKind::Permute, teamId, gR, gD, oR, oD, iR, iD, 0, nullptr, noR, noD, outR,
                      outD, axR, axD);
}

// out += permute(in): copyPermute's arguments, nlPart read and written.
template <typename T>
int64_t copyPermuteAdd(int64_t teamId, int64_t gR, void *gD, int64_t oR, void *oD, int64_t iR,
                       void *iD, int64_t noR, void *noD, int64_t outR, void *outD, int64_t axR,
                       void *axD) {
  return copyEntry<T>(OpKind::Permute, teamId, gR, gD, oR, oD, iR, iD, 0, nullptr, noR, noD, outR,
                      outD, axR, axD, accumulateFor<T>());
}

template <typename T>
int64_t updateHalo(int64_t teamId, int64_t gR, void *gD, int64_t oR, void *oD, int64_t iR, void *iD,
                   int64_t bbOR, void *bbOD, int64_t bbSR, void *bbSD, int64_t lhR, void *lhD,
                   int64_t rhR, void *rhD, int64_t haloKey) {
  return guarded([&] {
    const char *op = "update_halo";
    EntryCall call(op);
    // The widths the key promises (idtr.h): what lets the ranks at the
    // array's edges reuse a balanced plan without asking the team.
    PromisedWidths promise;
    promise.given = idtr_halo_key_widths(haloKey, &promise.lo, &promise.hi);
    CallKey key = callKey(OpKind::Halo, sizeof(T));
    key.push(haloKey < 0 ? -1 : haloKey);
    key.indexArray(gR, gD);
    key.indexArray(oR, oD);
    key.sizes(iR, iD);
    key.indexArray(bbOR, bbOD);
    key.indexArray(bbSR, bbSD);
    key.sizes(lhR, lhD);
    key.sizes(rhR, rhD);
    Team &t = team(teamId);
    if (PlanCache::CallEntry *call = key.ok() ? t.plans.findCall(key) : nullptr) {
      const RawDescriptor args[3] = {{iR, iD}, {lhR, lhD}, {rhR, rhD}};
      int64_t replayed = replayCached(t, *call, op, args, 3);
      if (replayed > 0)
        return replayed;
      EntryScratch &scratch = runtime().entryScratch;
      View &in = scratch.input, &lh = scratch.outputs[0], &rh = scratch.outputs[1];
      readView(in, iR, iD, sizeof(T), "update_halo: lPart");
      readView(lh, lhR, lhD, sizeof(T), "update_halo: lHalo");
      readView(rh, rhR, rhD, sizeof(T), "update_halo: rHalo");
      const View *outs[2] = {&lh, &rh};
      if (int64_t handle = startCached(t, call, op, in, outs, replayed == 0 ? args : nullptr))
        return handle;
    }
    Geometry g;
    g.kind = OpKind::Halo;
    g.inShape = readIndexArray(gR, gD, "update_halo: gShape");
    View in = viewFromDescriptor(iR, iD, sizeof(T), "update_halo: lPart");
    size_t n = in.rank();
    if (n == 0)
      fail("update_halo: arrays must have rank >= 1 (partitioned along dimension 0)");
    expectLength(op, "gShape", g.inShape, n, "the local part lPart");
    g.input = {readIndexArray(oR, oD, "update_halo: lOffs"), in.sizes};
    expectLength(op, "lOffs", g.input.offsets, n, "the local part lPart");
    Box bb{readIndexArray(bbOR, bbOD, "update_halo: bbOffs"),
           readIndexArray(bbSR, bbSD, "update_halo: bbSizes")};
    expectLength(op, "bbOffs", bb.offsets, n, "the local part lPart");
    expectLength(op, "bbSizes", bb.sizes, n, "the local part lPart");
    if (!insideShape(bb, g.inShape))
      fail("update_halo: the box (offsets %s sizes %s) lies outside the array of shape %s",
           str(bb.offsets).c_str(), str(bb.sizes).c_str(), str(g.inShape).c_str());
    g.outShape = g.inShape;
    g.axes = identity(n);
    // Rows of the box before / after this rank's own rows.
    int64_t lo = g.input.offsets[0], hi;
    if (__builtin_add_overflow(lo, g.input.sizes[0], &hi))
      fail("update_halo: the local part (offsets %s sizes %s) lies outside the array of "
           "shape %s",
           str(g.input.offsets).c_str(), str(g.input.sizes).c_str(), str(g.inShape).c_str());
    Box left = bb, right = bb;
    left.sizes[0] = detail::haloRowsBefore(lo, bb.offsets[0], bb.sizes[0]);
    right.offsets[0] = detail::haloRightBegin(hi, bb.offsets[0], g.inShape[0]);
    right.sizes[0] = detail::haloRowsAfter(hi, bb.offsets[0], bb.sizes[0]);
    View lh = viewFromDescriptor(lhR, lhD, sizeof(T), "update_halo: lHalo");
    View rh = viewFromDescriptor(rhR, rhD, sizeof(T), "update_halo: rHalo");
    if (lh.sizes != left.sizes)
      fail("update_halo: the left halo has sizes %s but the box needs %s",
           str(lh.sizes).c_str(), str(left.sizes).c_str());
    if (rh.sizes != right.sizes)
      fail("update_halo: the right halo has sizes %s but the box needs %s",
           str(rh.sizes).c_str(), str(right.sizes).c_str());
    g.outputs = {left, right};
    return startChecked(t, key, op, g, in, {&lh, &rh}, promise);
  });
}

template <typename T>
int64_t allreduce(int64_t teamId, int64_t inR, void *inD, int64_t outR, void *outD, int32_t op) {
  return guarded([&] {
    EntryCall call("allreduce");
    // Scalars and short dense vectors go straight to MPI_Allreduce: no
    // View (heap-allocated shapes), no operation object.
    char *inData = nullptr, *outData = nullptr;
    int64_t inCount = 0, outCount = -1;
    if (denseArray(inR, inD, sizeof(T), inData, inCount) &&
        denseArray(outR, outD, sizeof(T), outData, outCount) && inCount == outCount &&
        inR == outR && sameSizes(inR, inD, outD) &&
        allreduceSmallDense<T>(team(teamId), reinterpret_cast<const T *>(inData),
                               reinterpret_cast<T *>(outData), inCount, op))
      return registerOperation(OperationPtr(), "allreduce", {});
    View in = viewFromDescriptor(inR, inD, sizeof(T), "allreduce: in");
    View out = viewFromDescriptor(outR, outD, sizeof(T), "allreduce: out");
    return registerOperation(startAllreduce<T>(team(teamId), in, out, op), "allreduce",
                             {out.allocated});
  });
}

template <typename T> void reduceAll(int64_t rank, void *desc, int32_t op) {
  guarded([&] {
    EntryCall call("reduce_all");
    View data = viewFromDescriptor(rank, desc, sizeof(T), "reduce_all: data");
    if (auto pending = startAllreduce<T>(worldTeam(), data, data, op))
      pending->complete();
  });
}

} // namespace
} // namespace idtr

using namespace idtr;

extern "C" {

// Every team but a sub-grid team is a copy of the world; a sub-grid team
// answers for itself (from its geometry: no communicator is made).
int64_t _idtr_nprocs(int64_t teamId) {
  return guarded([&] {
    ensureMpi();
    int64_t size = 0, member = 0;
    if (subgridPlace(teamId, mpi::rank(MPI_COMM_WORLD), size, member))
      return size;
    return static_cast<int64_t>(mpi::size(MPI_COMM_WORLD));
  });
}

int64_t _idtr_prank(int64_t teamId) {
  return guarded([&] {
    ensureMpi();
    int64_t size = 0, member = 0;
    if (subgridPlace(teamId, mpi::rank(MPI_COMM_WORLD), size, member))
      return member;
    return static_cast<int64_t>(mpi::rank(MPI_COMM_WORLD));
  });
}

void _idtr_wait(int64_t handle) {
  guarded([&] {
    // waitHandle makes the site of the handle's operation active.
    SiteScope site;
    enterSite(nullptr, "wait");
    ProfileScope profile;
    waitHandle(handle);
  });
}

// The typed entry points, with the parameters of their lines in
// idtr/entry_points.def (idtr.h declares them from there: a mismatch does
// not compile).
#define IDTR_DEFINE_TYPED(SUFFIX, T)                                                      \
  int64_t _idtr_copy_reshape_##SUFFIX(int64_t team, int64_t gShapeRank, void *gShape,     \
                                      int64_t lOffsRank, void *lOffs, int64_t lPartRank,  \
                                      void *lPart, int64_t ngShapeRank, void *ngShape,    \
                                      int64_t nlOffsRank, void *nlOffs,                   \
                                      int64_t nlPartRank, void *nlPart) {                 \
    return copyReshape<T>(team, gShapeRank, gShape, lOffsRank, lOffs, lPartRank, lPart,   \
                          ngShapeRank, ngShape, nlOffsRank, nlOffs, nlPartRank, nlPart);  \
  }                                                                                       \
  int64_t _idtr_copy_permute_##SUFFIX(int64_t team, int64_t gShapeRank, void *gShape,     \
                                      int64_t lOffsRank, void *lOffs, int64_t lPartRank,  \
                                      void *lPart, int64_t nlOffsRank, void *nlOffs,      \
                                      int64_t nlPartRank, void *nlPart, int64_t axesRank, \
                                      void *axes) {                                       \
    return copyPermute<T>(team, gShapeRank, gShape, lOffsRank, lOffs, lPartRank, lPart,   \
                          nlOffsRank, nlOffs, nlPartRank, nlPart, axesRank, axes);        \
  }                                                                                       \
  int64_t _idtr_copy_permute_add_##SUFFIX(                                                \
      int64_t team, int64_t gShapeRank, void *gShape, int64_t lOffsRank, void *lOffs,     \
      int64_t lPartRank, void *lPart, int64_t nlOffsRank, void *nlOffs,                   \
      int64_t nlPartRank, void *nlPart, int64_t axesRank, void *axes) {                   \
    return copyPermuteAdd<T>(team, gShapeRank, gShape, lOffsRank, lOffs, lPartRank,       \
                             lPart, nlOffsRank, nlOffs, nlPartRank, nlPart, axesRank,     \
                             axes);                                                       \
  }                                                                                       \
  int64_t _idtr_update_halo_##SUFFIX(                                                     \
      int64_t team, int64_t gShapeRank, void *gShape, int64_t lOffsRank, void *lOffs,     \
      int64_t lPartRank, void *lPart, int64_t bbOffsRank, void *bbOffs,                   \
      int64_t bbSizesRank, void *bbSizes, int64_t lHaloRank, void *lHalo,                 \
      int64_t rHaloRank, void *rHalo, int64_t key) {                                      \
    return updateHalo<T>(team, gShapeRank, gShape, lOffsRank, lOffs, lPartRank, lPart,    \
                         bbOffsRank, bbOffs, bbSizesRank, bbSizes, lHaloRank, lHalo,      \
                         rHaloRank, rHalo, key);                                          \
  }                                                                                       \
  int64_t _idtr_allreduce_##SUFFIX(int64_t team, int64_t inRank, void *in,                \
                                   int64_t outRank, void *out, int32_t op) {              \
    return allreduce<T>(team, inRank, in, outRank, out, op);                              \
  }                                                                                       \
  void _idtr_reduce_all_##SUFFIX(int64_t dataRank, void *data, int32_t op) {              \
    reduceAll<T>(dataRank, data, op);                                                     \
  }

// f16/bf16 are moved by size and reduced as f32 (HalfAllreduce.cpp); complex
// numbers are reduced with MPI's complex types.
IDTR_FOR_EACH_ELEMENT_TYPE(IDTR_DEFINE_TYPED)

} // extern "C"
