// Process grids: the factoring of a team into a grid's run-time axes
// (geometry/Grid.h) and the definition of a sub-grid team
// (transport/SubTeam.h).
#include "idtr/idtr.h"

#include "copy/Descriptor.h"
#include "geometry/Grid.h"
#include "support/Errors.h"
#include "transport/Mpi.h"
#include "transport/SubTeam.h"
#include "transport/Team.h"

#include <climits>

using namespace idtr;

extern "C" int64_t _idtr_grid_factor(int64_t n, int64_t axes, int64_t axis) {
  return guarded([&] {
    // A team has at most INT_MAX ranks (an MPI communicator's size).
    if (n <= 0 || n > INT_MAX || axes <= 0 || axis < 0 || axis >= axes)
      fail("grid_factor: cannot factor %lld ranks into axis %lld of %lld",
           static_cast<long long>(n), static_cast<long long>(axis),
           static_cast<long long>(axes));
    return balancedGridFactors(n, axes)[static_cast<size_t>(axis)];
  });
}

extern "C" void _idtr_define_subgrid_team(int64_t team, int64_t shapeRank, void *shape,
                                          int64_t axesRank, void *axes) {
  guarded([&] {
    Shape gridShape = readIndexArray(shapeRank, shape, "define_subgrid_team: grid shape");
    // Only a grid with `?` axes needs the world's size (and MPI) to define.
    int64_t worldSize = 0;
    if (hasRunTimeExtent(gridShape)) {
      ensureMpi();
      worldSize = mpi::size(MPI_COMM_WORLD);
    }
    defineSubgridTeam(team, gridShape, readIndexArray(axesRank, axes, "define_subgrid_team: axes"),
                      worldSize);
  });
}
