// The cached calls of update_grid_halo (abi/GridHaloEntries.cpp): the plan of
// a call by its raw arguments, and where each of the plan's outputs lands in
// the halo buffer. Kept by the runtime context (transport/Runtime.h).
#ifndef IDTR_GRIDHALOCALLS_H
#define IDTR_GRIDHALOCALLS_H

#include "geometry/Box.h"
#include "plan/CallKey.h"
#include "plan/Plan.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace idtr {

// Where each output of a cached plan lands in the halo buffer.
struct PieceSlot {
  int64_t offset; // elements from the start of the halo buffer
  Shape strides;  // the slab's row-major strides
};

struct CachedGridHalo {
  uint64_t hash = 0;
  std::vector<int64_t> words;
  std::shared_ptr<const Plan> plan;
  std::vector<PieceSlot> slots;
  int64_t haloElements = 0;
};

class GridHaloCalls {
public:
  // The entry of the call `key`, or null.
  CachedGridHalo *find(const CallKey &key);
  // A new entry for `key` (its hash and words set), replacing the oldest
  // when all slots are taken.
  CachedGridHalo &insert(const CallKey &key);

  // The entry of the last call that could not be keyed (its key overflowed
  // CallKey), used for that call only.
  CachedGridHalo uncached;

private:
  static constexpr size_t kSlots = 16;
  std::vector<CachedGridHalo> entries_;
  size_t next_ = 0; // replaced round robin when full
};

} // namespace idtr

#endif
