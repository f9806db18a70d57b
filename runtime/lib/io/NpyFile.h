// dist.save / dist.load: .npy files (Npy.h) written and read by all ranks
// of a team at once with MPI-IO. Each rank's block is described to MPI as
// a subarray of the global array (MPI_Type_create_subarray, C order) set as
// the rank's file view, so that any split dimension works, and so do the
// blocks of a process grid (boxes offset in several dimensions), and one
// collective write/read moves every block straight between the rank's
// memory and its place in the file: no rank holds more than its block.
//
// The header is written by rank 0 and read by rank 0 alone, which
// broadcasts the outcome: then every rank stops with the same located
// message (missing file, wrong dtype or shape, Fortran order, truncation).
#ifndef IDTR_NPYFILE_H
#define IDTR_NPYFILE_H

#include <cstddef>
#include <cstdint>

namespace idtr {

// dist.save and dist.load of the block of this rank (global shape, its
// offsets and its part: memref pairs as the entry points receive them) of
// an array of `Size`-byte elements, collective over team `teamId`; `site`
// names the op for errors. Instantiated for the element sizes of
// idtr/element_types.def.
template <size_t Size>
void saveNpy(const char *site, const char *path, const char *descr, int64_t teamId,
             int64_t gR, void *gD, int64_t oR, void *oD, int64_t pR, void *pD);
template <size_t Size>
void loadNpy(const char *site, const char *path, int64_t teamId, int64_t dataOffset,
             int64_t gR, void *gD, int64_t oR, void *oD, int64_t pR, void *pD);

// dist.load's header check (rank 0 reads, every rank learns the outcome):
// stores the file's shape into the 1-D index array (sR, sD) and returns the
// offset of the data.
int64_t readNpyHeader(const char *site, const char *path, const char *descr, int64_t teamId,
                      int64_t sR, void *sD);

} // namespace idtr

#endif
