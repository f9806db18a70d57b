// Sub-grid teams: a team whose ranks are the processes of a grid that share
// their indices along every grid axis but a chosen subset (the groups of a
// shard collective over `grid_axes`). Defining one is local; its
// communicator is made by the group's members alone, once, when the team is
// first used (Team.cpp asks subgridComm), and freed at finalisation.
#ifndef IDTR_SUBTEAM_H
#define IDTR_SUBTEAM_H

#include "geometry/Box.h"

#include <mpi.h>

#include <cstdint>
#include <vector>

namespace idtr {

// Records that team `id` is the sub-grid of the row-major grid `gridShape`
// (world rank = linear index) spanning `axes`, in that order: a member's
// number in the team is the row-major linear index of its indices along
// `axes`. An extent of kRunTimeExtent (a `?` axis of a dist grid) is
// resolved here from `worldSize` as the dist lowering resolves it
// (resolveGridShape), so the team is the same factoring the tensors use.
// No communication. Defining an id again with the same grid and axes is a
// no-op; with others, an error.
void defineSubgridTeam(int64_t id, const Shape &gridShape, const Shape &axes,
                       int64_t worldSize);

// The extent that stands for a `?` grid axis in a definition.
constexpr int64_t kRunTimeExtent = -1;

// `gridShape` with its kRunTimeExtent axes replaced by the balanced factoring
// (Grid.h) of the ranks the static extents leave of `worldSize`; fails if the
// static extents do not divide it.
Shape resolveGridShape(const Shape &gridShape, int64_t worldSize);

// Whether `gridShape` has a kRunTimeExtent axis.
bool hasRunTimeExtent(const Shape &gridShape);

// Whether `id` was defined by defineSubgridTeam.
bool isSubgridTeam(int64_t id);

// The size of sub-grid team `id` and the member number in it of world rank
// `rank` (the queries _idtr_nprocs/_idtr_prank answer for the team, not the
// world), from the geometry alone; false if `id` is not a sub-grid team.
bool subgridPlace(int64_t id, int64_t rank, int64_t &size, int64_t &member);

// The communicator of sub-grid team `id`, made from `world` by the members
// of the caller's group only (collective over the group, not `world`: groups
// may first use their teams at different times, or never); MPI_COMM_NULL if `id` is not a sub-grid team. Fails if the
// world's size is not the grid's.
MPI_Comm subgridComm(int64_t id, MPI_Comm world);

// The colour (linear index along the other axes) and key (linear index along
// `axes` in their order) of world rank `rank` in the grid: the geometry of
// the split, without MPI.
void subgridColorKey(const Shape &gridShape, const Shape &axes, int64_t rank,
                     int64_t &color, int64_t &key);

// The world ranks of the group of world rank `rank` (the ranks that share
// its indices along every axis but `axes`), in member order: O(group size).
std::vector<int> subgridMembers(const Shape &gridShape, const Shape &axes, int64_t rank);

} // namespace idtr

#endif
