// The agreement on a plan between the ranks of a team (PlanAgreement.h).
#include "transport/PlanAgreement.h"

#include "idtr/idtr.h"

#include "geometry/Balanced.h"
#include "plan/CallKey.h"
#include "support/CallSite.h"
#include "support/Errors.h"
#include "support/Stats.h"
#include "support/Watchdog.h"
#include "transport/Mpi.h"
#include "transport/Team.h"

#include <algorithm>
#include <cstring>

namespace idtr {

namespace {

// The agreement of a call that reuses no local plan: MPI_Allreduce(MAX) of
// `words`, polled so that a data message of this very operation arriving
// meanwhile is seen: it comes from a peer that skipped the agreement
// because it reuses a local plan, while this rank's arguments changed. A
// peer that agreed already and sends sends with plan id `nextId` (a new
// plan) or `cachedId` (the plan this rank found, if all found it).
void agree(Team &team, OpKind kind, int64_t *words, int count, int64_t cachedId) {
  WatchedWait watch("MPI_Allreduce (plan metadata)");
  // Always the non-blocking allreduce, polled: a blocking one on some ranks
  // would not match it on the others. (Open MPI's allocates its schedule,
  // 15-35 heap blocks per call: the allocations of a cached halo.)
  MPI_Request request = MPI_REQUEST_NULL;
  mpi::check(MPI_Iallreduce(MPI_IN_PLACE, words, count, MPI_INT64_T, MPI_MAX, team.comm,
                            &request),
             "MPI_Iallreduce");
  int fresh = team.tagFor(team.plans.peekNextId());
  int reused = cachedId >= 0 ? team.tagFor(cachedId) : fresh;
  while (true) {
    int done = 0;
    mpi::check(MPI_Test(&request, &done, MPI_STATUS_IGNORE), "MPI_Test");
    if (done)
      return;
    if (team.planIdBits == 0)
      continue;
    int arrived = 0;
    MPI_Status status;
    mpi::check(MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, team.comm, &arrived, &status),
               "MPI_Iprobe");
    int mask = (1 << Team::kSequenceBits) - 1;
    if (arrived && (status.MPI_TAG & mask) == team.sequenceTag() && status.MPI_TAG != fresh &&
        status.MPI_TAG != reused)
      fail("%s: rank %d reuses the plan of an earlier call whose arguments were the same on "
           "its side, but the arguments of this rank (%d) changed: on balanced partitions "
           "all ranks must repeat or change their arguments together at one call site",
           opName(kind), status.MPI_SOURCE, team.rank);
  }
}

constexpr int kAgreementWords = PlanRequest::kWords;

void prepare(Team &team, const Geometry &geometry, std::vector<int64_t> key,
             const PromisedWidths &promise, PlanRequest &req) {
  req.geometry = geometry;
  req.key = std::move(key);
  req.promise = promise;
  // Without plan ids in the tags a reused local plan could not be told from
  // a new one: balanced plans are then agreed on like any other.
  // Nor are blocks that the program chose at run time (IDTR_CALL_IRREGULAR,
  // idtr.h): one rank's may equal its balanced block at this site while
  // another rank's changed since the plan was built.
  bool balanced = team.planIdBits > 0 && !(callFlags() & IDTR_CALL_IRREGULAR) &&
                  recognizeBalanced(geometry, team.size, team.rank, req.form, req.seen);
  if (balanced && promise.given) {
    if (!applyPromisedWidths(promise, req.seen)) {
      const Box &left = geometry.outputs[0], &right = geometry.outputs[1];
      fail("update_halo: the key promises halo widths %lld (before) and %lld (after) around this "
           "rank's rows [%lld, %lld), but the bounding box has rows [%lld, %lld)",
           static_cast<long long>(promise.lo), static_cast<long long>(promise.hi),
           static_cast<long long>(geometry.input.offsets[0]),
           static_cast<long long>(geometry.input.offsets[0] + geometry.input.sizes[0]),
           static_cast<long long>(left.offsets[0]),
           static_cast<long long>(right.offsets[0] + right.sizes[0]));
    }
    req.form.haloLo = promise.lo;
    req.form.haloHi = promise.hi;
  }
  int64_t digest = balanced ? req.form.digest() : -1;
  HaloWidthsAgreed widths(balanced ? req.seen : HaloWidthsSeen());
  bool determined = balanced && determinedLocally(geometry, req.form, req.seen, team.rank);
  int64_t head[7] = {-1, 1, static_cast<int64_t>(req.key.size()), balanced ? 0 : 1, digest,
                     -digest, determined ? 0 : 1};
  std::copy(head, head + 7, req.words);
  std::copy(widths.words, widths.words + HaloWidthsAgreed::kWords, req.words + 7);
}

// One agreement round for `req` with the plan this rank found (or none):
// the plan every rank agrees on, built if need be.
std::shared_ptr<const Plan> agreeAndBuild(Team &team, const PlanRequest &req,
                                          const std::shared_ptr<const Plan> &cached) {
  const Geometry &geometry = req.geometry;
  const std::vector<int64_t> &key = req.key;
  BalancedForm form = req.form;
  int64_t id = cached ? cached->id : -1;
  int64_t agreement[kAgreementWords];
  std::copy(req.words, req.words + kAgreementWords, agreement);
  agreement[0] = id;
  agreement[1] = -id;
  agree(team, geometry.kind, agreement, kAgreementWords, id);
  stats().metadataCollectives++;
  if (cached && agreement[0] == id && -agreement[1] == id) {
    stats().planHits++;
    return cached;
  }
  HaloWidthsAgreed widths;
  std::copy(agreement + 7, agreement + kAgreementWords, widths.words);
  std::shared_ptr<Plan> plan;
  if (agreement[3] == 0 && agreement[4] == -agreement[5] &&
      widths.resolve(form.haloLo, form.haloHi)) {
    // Every rank is the same balanced formula: nothing to exchange.
    plan = buildPlan(BalancedGeometry(form, team.rank), team.rank, team.plans.nextId());
    // Reused without agreement only if no rank's plan depends on what its
    // own arguments do not show (Balanced.h, determinedLocally).
    plan->reusedLocally = agreement[6] == 0;
  } else {
    // Build collectively: every rank contributes its record, padded to the
    // longest so one fixed-size allgather suffices.
    int64_t width = agreement[2] + 1;
    std::vector<int64_t> record(width, 0);
    record[0] = static_cast<int64_t>(key.size());
    std::copy(key.begin(), key.end(), record.begin() + 1);
    std::vector<int64_t> records = mpi::allgather(record, team.comm);
    stats().metadataCollectives++;
    std::vector<Geometry> all(team.size);
    for (int r = 0; r < team.size; ++r) {
      const int64_t *rec = records.data() + r * width;
      all[r] = Geometry::decode(rec + 1, std::min(rec[0], width - 1));
    }
    plan = buildPlan(all, team.rank, team.plans.nextId());
  }
  team.plans.insert(key, plan);
  stats().planBuilds++;
  return plan;
}

} // namespace

std::shared_ptr<const Plan> obtainPlan(Team &team, const Geometry &geometry,
                                       std::unique_ptr<PlanRequest> *keep,
                                       const PromisedWidths &promise) {
  std::vector<int64_t> key = geometry.encode();
  // The call site too (siteKey, CallSite.h); Geometry::decode ignores the
  // words after the record, as it does the promised widths below.
  key.push_back(siteKey());
  key.push_back(callFlags());
  if (promise.given) {
    // A plan reused on the strength of a promise is not one for a call
    // without it, whose hidden widths may differ. (Geometry::decode reads
    // the record this key also is up to these words and ignores them.)
    key.push_back(promise.lo);
    key.push_back(promise.hi);
  }
  std::shared_ptr<const Plan> cached = team.plans.find(key);
  if (cached && cached->reusedLocally) {
    stats().planHits++;
    return cached;
  }
  auto req = std::make_unique<PlanRequest>();
  prepare(team, geometry, std::move(key), promise, *req);
  std::shared_ptr<const Plan> plan = agreeAndBuild(team, *req, cached);
  if (keep && !plan->reusedLocally)
    *keep = std::move(req);
  return plan;
}

const std::shared_ptr<const Plan> &agreeOnCall(Team &team, PlanCache::CallEntry &call) {
  if (!call.plan->reusedLocally)
    call.plan = agreeAndBuild(team, *call.request, call.plan);
  return call.plan;
}

} // namespace idtr
