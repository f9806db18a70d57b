// Panel broadcasts of SUMMA (docs/dist.md, "Matrix products"): the ranks of
// a team (a row or column of a process grid, SubTeam.h) hold balanced blocks
// of one dimension of a matrix; a panel is a run of that dimension, and
// every member receives it whole. The owners of the panel's pieces (one,
// or a few where the panel straddles a block boundary) each broadcast their
// piece with one MPI_Ibcast on the team, straight from their block into the
// receivers' panel through MPI vector datatypes (no packing); the owner
// copies its own piece locally. The call returns at once: the operation
// completes at _idtr_wait, so the next panels travel while the program
// multiplies the current ones.
#ifndef IDTR_PANELBROADCAST_H
#define IDTR_PANELBROADCAST_H

#include "copy/Descriptor.h"

#include <cstdint>

namespace idtr {

// Starts broadcasting rows or columns (`dim` 0 or 1) [start, start +
// panel.sizes[dim]) of a matrix of `extent` such entries along `dim`, held
// in balanced blocks by team `teamId`, into every member's `panel` (2-D,
// unit inner stride, like `local`, this member's block); returns the
// handle. Instantiated for every element type (ElementTypes.h).
template <typename T>
int64_t broadcastPanel(int64_t teamId, int64_t extent, int64_t dim, const View &local,
                       int64_t start, const View &panel);

} // namespace idtr

#endif
