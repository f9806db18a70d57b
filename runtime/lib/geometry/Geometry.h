// What one rank asks of a redistribution: the geometry the plan factory
// (plan/Plan.h) turns into who sends what to whom.
#ifndef IDTR_GEOMETRY_H
#define IDTR_GEOMETRY_H

#include "geometry/Box.h"

#include <cstdint>
#include <vector>

namespace idtr {

enum class OpKind : int64_t { Reshape = 1, Permute = 2, Halo = 3 };

const char *opName(OpKind kind);

// What one rank asks of a redistribution.
struct Geometry {
  OpKind kind = OpKind::Permute;
  Shape inShape;            // global input shape
  Box input;                // this rank's part of the input
  Shape outShape;           // global output shape
  Shape axes;               // output dim i is input dim axes[i] (identity unless permute)
  std::vector<Box> outputs; // boxes of the output this rank receives

  // Flat encoding: the cache key and the record exchanged between ranks.
  std::vector<int64_t> encode() const;
  static Geometry decode(const int64_t *data, int64_t length);
};

} // namespace idtr

#endif
