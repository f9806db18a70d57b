// _idtr_update_grid_halo_* (idtr.h): the N-D halo of a block of a process
// grid. The geometry is GridHalo.h's; this file reads the arguments, caches
// the plan by the call's raw arguments and runs it with Exchange.h.
//
// Agreement: the first call of a site (and every call without a key)
// checks with one non-blocking allreduce that all ranks describe the same
// halo (shape, grid, widths, periodicity, corners). A call with a key (>= 0) whose
// arguments repeat an earlier one's then reuses the plan without any
// collective: the block is the balanced block of the grid, checked, so a
// repeat of this rank's arguments is a repeat of every rank's (as for the
// 1-D balanced halos, PlanAgreement.h).
#include "idtr/idtr.h"

#include "copy/Descriptor.h"
#include "geometry/GridHalo.h"
#include "plan/CallKey.h"
#include "support/CallSite.h"
#include "support/ElementTypes.h"
#include "support/Errors.h"
#include "support/Profile.h"
#include "support/Stats.h"
#include "support/Watchdog.h"
#include "transport/EntryCall.h"
#include "transport/Exchange.h"
#include "transport/Handles.h"
#include "plan/GridHaloCalls.h"
#include "transport/Mpi.h"
#include "transport/Runtime.h"
#include "transport/Team.h"

#include <vector>

namespace idtr {
namespace {

// All ranks describe the same halo: MAX of (d, -d) over the team.
void agreeOnForm(Team &t, int64_t digest) {
  int64_t words[2] = {digest, -digest};
  MPI_Request request = MPI_REQUEST_NULL;
  // Non-blocking, as PlanAgreement.cpp's agreement: a blocking collective on
  // some ranks would not match a non-blocking one on others.
  mpi::check(MPI_Iallreduce(MPI_IN_PLACE, words, 2, MPI_INT64_T, MPI_MAX, t.comm, &request),
             "MPI_Iallreduce");
  {
    WatchedWait watch("MPI_Allreduce (grid halo)");
    mpi::check(MPI_Wait(&request, MPI_STATUS_IGNORE), "MPI_Wait");
  }
  stats().metadataCollectives++;
  if (words[0] != digest || -words[1] != digest)
    failOnEveryRank(t.rank, "update_grid_halo: ranks disagree on the halo (global shape, grid, "
                            "split dimensions, widths, periodic dimensions or corners)");
}

void expectEntries(const Shape &v, size_t n, const char *what, const char *per) {
  if (v.size() != n)
    fail("update_grid_halo: %s has %zu entries but needs %zu (%s)", what, v.size(), n, per);
}

// Builds the plan of a call seen for the first time (its checked path).
void buildEntry(Team &t, CachedGridHalo &entry, const GridHaloForm &form, const View &in,
                const Shape &offsets) {
  std::string problem = form.problem();
  if (!problem.empty())
    fail("update_grid_halo: %s", problem.c_str());
  if (form.P() != t.size)
    fail("update_grid_halo: the grid %s has %d ranks but the team has %d", str(form.grid).c_str(),
         form.P(), t.size);
  Box block = form.blockOf(t.rank);
  if (!(block == Box{offsets, in.sizes}))
    fail("update_grid_halo: the local part (offsets %s sizes %s) is not this rank's block of the "
         "grid %s (offsets %s sizes %s)",
         str(offsets).c_str(), str(in.sizes).c_str(), str(form.grid).c_str(),
         str(block.offsets).c_str(), str(block.sizes).c_str());
  std::vector<GridHaloPiece> pieces;
  gridHaloGeometry(form, t.rank, &pieces);
  std::vector<Box> slabs = form.slabsOf(t.rank);
  std::vector<int64_t> slabOffset(slabs.size());
  int64_t total = 0;
  for (size_t k = 0; k < slabs.size(); ++k) {
    slabOffset[k] = total;
    // Each slab's volume fits (volume() checks); their sum may not.
    if (__builtin_add_overflow(total, slabs[k].volume(), &total))
      fail("update_grid_halo: the halo slabs of the block (offsets %s sizes %s) hold more than "
           "INT64_MAX elements",
           str(block.offsets).c_str(), str(block.sizes).c_str());
  }
  entry.haloElements = total;
  entry.slots.clear();
  for (const GridHaloPiece &p : pieces) {
    Shape strides = rowMajorStrides(slabs[p.slab].sizes);
    int64_t at = slabOffset[p.slab];
    for (size_t d = 0; d < strides.size(); ++d)
      at += p.at[d] * strides[d];
    entry.slots.push_back({at, std::move(strides)});
  }
  entry.plan = buildPlan(GridHaloTeam(form, t.rank), t.rank, t.plans.nextId());
  stats().planBuilds++;
}

template <typename T>
int64_t updateGridHalo(int64_t teamId, int64_t gR, void *gD, int64_t oR, void *oD, int64_t iR,
                       void *iD, int64_t grR, void *grD, int64_t sR, void *sD, int64_t wR,
                       void *wD, int64_t hR, void *hD, int64_t periodic, int64_t corners,
                       int64_t haloKey) {
  return guarded([&] {
    const char *op = "update_grid_halo";
    EntryCall call(op);
    CallKey key;
    key.push(teamId);
    key.push(siteKey());
    key.push(sizeof(T));
    key.push(haloKey < 0 ? -1 : haloKey);
    key.push(periodic);
    key.push(corners);
    key.indexArray(gR, gD);
    key.indexArray(oR, oD);
    key.sizes(iR, iD);
    key.indexArray(grR, grD);
    key.indexArray(sR, sD);
    key.indexArray(wR, wD);
    key.sizes(hR, hD);
    Team &t = team(teamId);
    EntryScratch &scratch = runtime().entryScratch;
    View &in = scratch.input, &halo = scratch.outputs[0];
    readView(in, iR, iD, sizeof(T), "update_grid_halo: lPart");
    readView(halo, hR, hD, sizeof(T), "update_grid_halo: halo");
    GridHaloCalls &calls = runtime().gridHaloCalls;
    CachedGridHalo *entry = key.ok() ? calls.find(key) : nullptr;
    GridHaloForm form;
    bool agree = !entry || haloKey < 0 || t.planIdBits == 0;
    if (!entry || agree) {
      form.shape = readIndexArray(gR, gD, "update_grid_halo: gShape");
      size_t n = in.rank();
      expectEntries(form.shape, n, "gShape", "one per dimension of lPart");
      Shape offsets = readIndexArray(oR, oD, "update_grid_halo: lOffs");
      expectEntries(offsets, n, "lOffs", "one per dimension of lPart");
      form.grid = readIndexArray(grR, grD, "update_grid_halo: grid");
      form.split = readIndexArray(sR, sD, "update_grid_halo: split");
      expectEntries(form.split, form.grid.size(), "split", "one per grid axis");
      Shape widths = readIndexArray(wR, wD, "update_grid_halo: widths");
      expectEntries(widths, 2 * n, "widths", "low and high per dimension of lPart");
      for (size_t d = 0; d < n; ++d) {
        form.lo.push_back(widths[2 * d]);
        form.hi.push_back(widths[2 * d + 1]);
        form.periodic.push_back(d < 63 && ((periodic >> d) & 1));
      }
      if (corners != 0 && corners != 1)
        fail("update_grid_halo: corners must be 0 or 1, got %lld",
             static_cast<long long>(corners));
      form.corners = corners == 1;
      if (!entry) {
        CachedGridHalo fresh;
        buildEntry(t, fresh, form, in, offsets);
        if (key.ok()) {
          CachedGridHalo &slot = calls.insert(key);
          fresh.hash = slot.hash;
          fresh.words = std::move(slot.words);
          slot = std::move(fresh);
          entry = &slot;
        } else {
          calls.uncached = std::move(fresh);
          entry = &calls.uncached;
        }
      }
      agreeOnForm(t, form.digest());
    } else {
      stats().planHits++;
    }
    if (halo.rank() != 1 || !halo.isContiguous() || halo.sizes[0] != entry->haloElements)
      fail("update_grid_halo: the halo buffer must be one dense 1-D array of %lld elements (the "
           "slabs, idtr/detail/GridHaloSlabs.h), got sizes %s",
           static_cast<long long>(entry->haloElements), str(halo.sizes).c_str());
    if (mayOverlap(in, halo))
      fail("update_grid_halo: the halo buffer overlaps the local part");
    // One view per output piece, into the halo buffer: reused storage, so a
    // cached call allocates nothing here once the vectors have grown.
    std::vector<View> &views = scratch.pieces;
    std::vector<const View *> &outs = scratch.pieceOutputs;
    const Plan &plan = *entry->plan;
    size_t count = entry->slots.size();
    views.resize(count);
    outs.resize(count);
    for (size_t k = 0; k < count; ++k) {
      View &v = views[k];
      v.data = halo.data + entry->slots[k].offset * static_cast<int64_t>(sizeof(T));
      v.allocated = halo.allocated;
      v.elemSize = sizeof(T);
      v.sizes = plan.frame.outputs[k].sizes;
      v.strides = entry->slots[k].strides;
      outs[k] = &v;
    }
    // The exchange takes the element size from its first output: a rank
    // that receives nothing (no slab inside the array) still passes one,
    // empty, or it would send bytes instead of elements.
    if (count == 0) {
      views.resize(1);
      views[0] = View();
      views[0].elemSize = sizeof(T);
      outs.assign(1, &views[0]);
    }
    return registerOperation(
        startRedistribution(t, entry->plan, in, outs.data(), outs.size()), op,
        {halo.allocated});
  });
}

} // namespace
} // namespace idtr

using namespace idtr;

extern "C" {

// The parameters of the line in idtr/entry_points.def.
#define IDTR_DEFINE_GRID_HALO(SUFFIX, T)                                                   \
  int64_t _idtr_update_grid_halo_##SUFFIX(                                                 \
      int64_t team, int64_t gShapeRank, void *gShape, int64_t lOffsRank, void *lOffs,      \
      int64_t lPartRank, void *lPart, int64_t gridRank, void *grid, int64_t splitRank,     \
      void *split, int64_t widthsRank, void *widths, int64_t haloRank, void *halo,         \
      int64_t periodic, int64_t corners, int64_t key) {                                    \
    return updateGridHalo<T>(team, gShapeRank, gShape, lOffsRank, lOffs, lPartRank, lPart, \
                             gridRank, grid, splitRank, split, widthsRank, widths,         \
                             haloRank, halo, periodic, corners, key);                      \
  }

// Every element type of the ABI (ElementTypes.h): the exchange moves
// elements by their size.
IDTR_FOR_EACH_ELEMENT_TYPE(IDTR_DEFINE_GRID_HALO)

} // extern "C"
