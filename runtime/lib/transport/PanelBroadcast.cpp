// SUMMA's panel broadcasts (PanelBroadcast.h).
#include "transport/PanelBroadcast.h"

#include "copy/Descriptor.h"
#include "copy/StridedCopy.h"
#include "geometry/Balanced.h"
#include "support/CallSite.h"
#include "support/ElementTypes.h"
#include "support/Errors.h"
#include "support/Profile.h"
#include "support/Stats.h"
#include "support/Watchdog.h"
#include "transport/Handles.h"
#include "transport/Mpi.h"
#include "transport/Team.h"

#include "idtr/idtr.h"

#include <climits>
#include <complex>
#include <type_traits>
#include <vector>

namespace idtr {
namespace {

// A broadcast only moves elements: f16 and bf16, which MPI has no type for,
// travel as their 16-bit patterns.
template <typename T> MPI_Datatype movedType() {
  if constexpr (std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>)
    return MPI_UINT16_T;
  else
    return mpi::datatype<T>();
}

class PanelBroadcast final : public Operation {
public:
  std::vector<MPI_Request> requests;
  void complete() override {
    if (requests.empty())
      return;
    WatchedWait watch("MPI_Waitall (panel broadcast)");
    mpi::check(MPI_Waitall(static_cast<int>(requests.size()), requests.data(),
                           MPI_STATUSES_IGNORE),
               "MPI_Waitall");
  }
  const char *name() const override { return "bcast_panel"; }
};

// The MPI type of the 2-D (rows x cols) box at `view` with unit inner
// stride: one element for every matrix entry, in row-major order, so that
// the root's block and a receiver's panel (different row strides) have the
// same type signature.
MPI_Datatype boxType(const View &view, MPI_Datatype element) {
  MPI_Datatype type = MPI_DATATYPE_NULL;
  if (view.sizes[0] > INT_MAX || view.sizes[1] > INT_MAX || view.strides[0] > INT_MAX)
    fail("bcast_panel: a panel of %lld x %lld is too large for one broadcast",
         static_cast<long long>(view.sizes[0]), static_cast<long long>(view.sizes[1]));
  mpi::check(MPI_Type_vector(static_cast<int>(view.sizes[0]),
                             static_cast<int>(view.sizes[1]),
                             static_cast<int>(view.strides[0]), element, &type),
             "MPI_Type_vector");
  mpi::check(MPI_Type_commit(&type), "MPI_Type_commit");
  return type;
}

} // namespace

template <typename T>
int64_t broadcastPanel(int64_t teamId, int64_t extent, int64_t dim, const View &local,
                       int64_t start, const View &panel) {
  if (local.rank() != 2 || panel.rank() != 2 || dim < 0 || dim > 1)
    fail("bcast_panel: needs 2-D parts and dimension 0 or 1, got ranks %d, %d and "
         "dimension %lld",
         local.rank(), panel.rank(), static_cast<long long>(dim));
  int64_t other = 1 - dim;
  if (local.sizes[other] != panel.sizes[other])
    fail("bcast_panel: the local part has %lld entries along dimension %lld, the panel %lld",
         static_cast<long long>(local.sizes[other]), static_cast<long long>(other),
         static_cast<long long>(panel.sizes[other]));
  bool localStrided = local.strides[1] != 1 && local.volume() > 0;
  bool panelStrided = panel.strides[1] != 1 && panel.volume() > 0;
  if (localStrided || panelStrided)
    fail("bcast_panel: parts must have unit inner stride");
  Team &t = team(teamId);
  BalancedSplit split{extent, t.size};
  int64_t end = start + panel.sizes[dim];
  if (start < 0 || end > extent)
    fail("bcast_panel: panel [%lld, %lld) is outside the extent %lld",
         static_cast<long long>(start), static_cast<long long>(end),
         static_cast<long long>(extent));
  if (split.length(t.rank) != local.sizes[dim])
    fail("bcast_panel: rank %d holds %lld entries along dimension %lld, its balanced block "
         "of %lld on %d ranks has %lld",
         t.rank, static_cast<long long>(local.sizes[dim]), static_cast<long long>(dim),
         static_cast<long long>(extent), t.size, static_cast<long long>(split.length(t.rank)));
  std::vector<int> owners;
  split.owners(start, end, owners);
  auto op = std::make_unique<PanelBroadcast>();
  MPI_Datatype element = movedType<T>();
  for (int owner : owners) {
    int64_t lo = std::max(start, split.offset(owner));
    int64_t hi = std::min(end, split.offset(owner + 1));
    Shape at(2, 0), size(panel.sizes);
    at[dim] = lo - start;
    size[dim] = hi - lo;
    View into = panel.sub(at, size);
    if (into.volume() == 0)
      continue;
    View from;
    if (owner == t.rank) {
      Shape localAt(2, 0);
      localAt[dim] = lo - split.offset(owner);
      from = local.sub(localAt, size);
      copyView(into, from);
      stats().bytesLocal += into.volume() * static_cast<int64_t>(sizeof(T));
    }
    if (t.size == 1)
      continue;
    MPI_Datatype type = boxType(owner == t.rank ? from : into, element);
    MPI_Request request = MPI_REQUEST_NULL;
    mpi::check(MPI_Ibcast(owner == t.rank ? from.data : into.data, 1, type, owner, t.comm,
                          &request),
               "MPI_Ibcast");
    // MPI keeps the type alive until the broadcast is done.
    mpi::check(MPI_Type_free(&type), "MPI_Type_free");
    op->requests.push_back(request);
    int64_t bytes = into.volume() * static_cast<int64_t>(sizeof(T));
    if (owner == t.rank) {
      stats().messagesSent++;
      stats().bytesSent += bytes;
    } else {
      stats().messagesReceived++;
      stats().bytesReceived += bytes;
    }
  }
  if (op->requests.empty())
    return registerOperation(OperationPtr(), "bcast_panel", {});
  return registerOperation(std::move(op), "bcast_panel", {panel.allocated});
}

#define IDTR_INSTANTIATE_BCAST_PANEL(SUFFIX, T)                                          \
  template int64_t broadcastPanel<T>(int64_t, int64_t, int64_t, const View &, int64_t,    \
                                     const View &);
IDTR_FOR_EACH_ELEMENT_TYPE(IDTR_INSTANTIATE_BCAST_PANEL)

} // namespace idtr
