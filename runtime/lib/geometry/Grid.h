// Process grids of !dist.tensor<..., grid = [...]> (docs/dist.md): the
// balanced factoring of a team into the run-time (`?`) axes of a grid, as
// MPI_Dims_create does it. Pure geometry: every rank computes the same
// factors from the same numbers, without MPI.
#ifndef IDTR_GRID_H
#define IDTR_GRID_H

#include "geometry/Box.h"

#include <cstdint>

namespace idtr {

// `n` ranks factored into `axes` extents whose product is n, as close to
// each other as possible and in non-increasing order (MPI_Dims_create with
// every entry free): 12 on 2 axes is {4, 3}, 8 on 3 is {2, 2, 2}, a prime
// p on 2 is {p, 1}.
Shape balancedGridFactors(int64_t n, int64_t axes);

} // namespace idtr

#endif
