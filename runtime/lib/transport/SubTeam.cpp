#include "transport/SubTeam.h"

#include "copy/Descriptor.h"
#include "geometry/Grid.h"
#include "support/Errors.h"
#include "support/Watchdog.h"
#include "transport/Mpi.h"
#include "transport/Team.h"

#include "idtr/idtr.h"

#include <climits>
#include <map>
#include <vector>

namespace idtr {

namespace {

// The tag of team `id`'s MPI_Comm_create_group. Groups of one team are
// disjoint; a tag per team keeps the creations of two teams whose groups
// overlap from matching each other (the MPI standard's minimum tag bound is
// 32767).
int createTag(int64_t id) { return static_cast<int>(static_cast<uint64_t>(id) % 32749); }

struct SubgridDef {
  Shape declared;  // as defined, `?` axes as kRunTimeExtent
  Shape gridShape; // resolved: the factoring of this run's world
  Shape axes;
};

std::map<int64_t, SubgridDef> &definitions() {
  static auto *defs = new std::map<int64_t, SubgridDef>; // used until MPI_Finalize
  return *defs;
}

} // namespace

void subgridColorKey(const Shape &gridShape, const Shape &axes, int64_t rank,
                     int64_t &color, int64_t &key) {
  // Row-major multi-index of `rank` (shard's process_multi_index).
  Shape index(gridShape.size());
  for (size_t d = gridShape.size(); d-- > 0;) {
    index[d] = rank % gridShape[d];
    rank /= gridShape[d];
  }
  std::vector<bool> inGroup(gridShape.size(), false);
  key = 0;
  for (int64_t a : axes) {
    inGroup[a] = true;
    key = key * gridShape[a] + index[a];
  }
  color = 0;
  for (size_t d = 0; d < gridShape.size(); ++d)
    if (!inGroup[d])
      color = color * gridShape[d] + index[d];
}

std::vector<int> subgridMembers(const Shape &gridShape, const Shape &axes, int64_t rank) {
  // Row-major strides of the grid: a world rank is sum(index[d] * stride[d]).
  Shape stride(gridShape.size(), 1);
  for (size_t d = gridShape.size(); d-- > 1;)
    stride[d - 1] = stride[d] * gridShape[d];
  // The member with all `axes` indices 0 and the other indices `rank`'s.
  int64_t base = 0;
  for (size_t d = 0; d < gridShape.size(); ++d)
    base += (rank / stride[d]) % gridShape[d] * stride[d];
  for (int64_t a : axes)
    base -= (rank / stride[a]) % gridShape[a] * stride[a];
  // Members in key order: row-major over `axes` in their order.
  int64_t size = 1;
  for (int64_t a : axes)
    size *= gridShape[a];
  std::vector<int> members(static_cast<size_t>(size));
  Shape index(axes.size(), 0);
  for (int64_t k = 0; k < size; ++k) {
    int64_t worldRank = base;
    for (size_t i = 0; i < axes.size(); ++i)
      worldRank += index[i] * stride[axes[i]];
    members[static_cast<size_t>(k)] = static_cast<int>(worldRank);
    for (size_t i = axes.size(); i-- > 0;) {
      if (++index[i] < gridShape[axes[i]])
        break;
      index[i] = 0;
    }
  }
  return members;
}

bool hasRunTimeExtent(const Shape &gridShape) {
  for (int64_t extent : gridShape)
    if (extent == kRunTimeExtent)
      return true;
  return false;
}

Shape resolveGridShape(const Shape &gridShape, int64_t worldSize) {
  int64_t fixed = 1, free = 0;
  for (int64_t extent : gridShape) {
    if (extent == kRunTimeExtent)
      ++free;
    else if (__builtin_mul_overflow(fixed, extent, &fixed))
      fail("subgrid_team: the static extents of the grid %s multiply to more than INT64_MAX",
           str(gridShape).c_str());
  }
  if (!free)
    return gridShape;
  if (fixed <= 0 || worldSize % fixed != 0)
    fail("subgrid_team: the static extents of the grid %s do not divide the %lld ranks",
         str(gridShape).c_str(), static_cast<long long>(worldSize));
  // The same factors, in the same order, as the lowering's calls of
  // _idtr_grid_factor for the tensor's own layout.
  Shape factors = balancedGridFactors(worldSize / fixed, free);
  Shape resolved(gridShape);
  size_t k = 0;
  for (int64_t &extent : resolved)
    if (extent == kRunTimeExtent)
      extent = factors[k++];
  return resolved;
}

void defineSubgridTeam(int64_t id, const Shape &declared, const Shape &axes,
                       int64_t worldSize) {
  // Checked here, once: the products of extents taken later (a sub-grid's
  // size, a member's color and key) are then bounded by this one.
  int64_t processes = 1;
  for (int64_t extent : declared) {
    if (extent == kRunTimeExtent)
      continue;
    if (extent <= 0)
      fail("subgrid_team %lld: grid extents must be positive, got %s",
           static_cast<long long>(id), str(declared).c_str());
    if (__builtin_mul_overflow(processes, extent, &processes) || processes > INT_MAX)
      fail("subgrid_team %lld: the static extents of the grid %s multiply to more than %d "
           "processes",
           static_cast<long long>(id), str(declared).c_str(), INT_MAX);
  }
  std::vector<bool> seen(declared.size(), false);
  for (int64_t a : axes) {
    if (a < 0 || a >= static_cast<int64_t>(declared.size()) || seen[a])
      fail("subgrid_team %lld: axes %s are not distinct axes of a grid of shape %s",
           static_cast<long long>(id), str(axes).c_str(), str(declared).c_str());
    seen[a] = true;
  }
  auto &defs = definitions();
  auto it = defs.find(id);
  if (it != defs.end()) {
    if (it->second.declared != declared || it->second.axes != axes)
      fail("subgrid_team %lld is defined twice: grid %s axes %s, then grid %s axes %s",
           static_cast<long long>(id), str(it->second.declared).c_str(),
           str(it->second.axes).c_str(), str(declared).c_str(), str(axes).c_str());
    return;
  }
  defs.emplace(id, SubgridDef{declared, resolveGridShape(declared, worldSize), axes});
}

bool isSubgridTeam(int64_t id) { return definitions().count(id) != 0; }

bool subgridPlace(int64_t id, int64_t rank, int64_t &size, int64_t &member) {
  auto it = definitions().find(id);
  if (it == definitions().end())
    return false;
  const SubgridDef &def = it->second;
  size = 1;
  for (int64_t a : def.axes)
    size *= def.gridShape[a];
  int64_t color = 0;
  subgridColorKey(def.gridShape, def.axes, rank, color, member);
  return true;
}

MPI_Comm subgridComm(int64_t id, MPI_Comm world) {
  auto it = definitions().find(id);
  if (it == definitions().end())
    return MPI_COMM_NULL;
  SubgridDef &def = it->second;
  int size = mpi::size(world);
  if (volume(def.gridShape) != size)
    fail("subgrid_team %lld: the grid %s has %lld processes, but the program runs on %d",
         static_cast<long long>(id), str(def.gridShape).c_str(),
         static_cast<long long>(volume(def.gridShape)), size);
  // Only the group makes its communicator (MPI_Comm_create_group is
  // collective over the group, not the world): a collective that one group
  // runs alone, as a sub-axis all_reduce inside a branch that only row 0 of
  // a grid takes, must not wait for the other groups. The member list is
  // the group's, O(team size), never O(world).
  std::vector<int> members = subgridMembers(def.gridShape, def.axes, mpi::rank(world));
  MPI_Group worldGroup = MPI_GROUP_NULL, group = MPI_GROUP_NULL;
  mpi::check(MPI_Comm_group(world, &worldGroup), "MPI_Comm_group");
  mpi::check(MPI_Group_incl(worldGroup, static_cast<int>(members.size()), members.data(), &group),
             "MPI_Group_incl");
  MPI_Comm comm = MPI_COMM_NULL;
  {
    WatchedWait watch("MPI_Comm_create_group (first use of a sub-grid team)");
    mpi::check(MPI_Comm_create_group(world, group, createTag(id), &comm),
               "MPI_Comm_create_group");
  }
  MPI_Group_free(&group);
  MPI_Group_free(&worldGroup);
  return comm;
}

} // namespace idtr
