// Helpers for the randomized MPI property tests.
//
// Every rank draws the same random cases from a shared seed (so all ranks
// agree on shapes and partitions) and can compute any element of the global
// array from its flat index: the reference is O(global), the library is not.
#ifndef IDTR_TEST_SUPPORT_H
#define IDTR_TEST_SUPPORT_H

#include "idtr/idtr.h"

#include <mpi.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <numeric>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

namespace idtr_test {

using Shape = std::vector<int64_t>;

uint64_t testSeed(); // IDTR_TEST_SEED or a fixed default; printed by main
int worldRank();
int worldSize();

inline int64_t volume(const Shape &s) {
  int64_t v = 1;
  for (int64_t x : s)
    v *= x;
  return v;
}

// The index of row-major position `flat` in `shape`, written into `idx`
// (resized to the rank): the element loops of the tests reuse one index
// instead of allocating one per element, which under the sanitizers
// (a DWARF unwind at every malloc) made the large transposes run minutes.
inline void delinearizeInto(int64_t flat, const Shape &shape, Shape &idx) {
  idx.resize(shape.size());
  for (size_t k = shape.size(); k-- > 0;) {
    idx[k] = shape[k] ? flat % shape[k] : 0;
    flat = shape[k] ? flat / shape[k] : 0;
  }
}

inline Shape delinearize(int64_t flat, const Shape &shape) {
  Shape idx;
  delinearizeInto(flat, shape, idx);
  return idx;
}

inline int64_t linearize(const Shape &idx, const Shape &shape) {
  int64_t f = 0;
  for (size_t k = 0; k < shape.size(); ++k)
    f = f * shape[k] + idx[k];
  return f;
}

inline uint64_t mix(uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

// The value of global element `flat` in case `salt`.
template <typename T> T valueAt(int64_t flat, uint64_t salt) {
  uint64_t h = mix(static_cast<uint64_t>(flat) ^ (salt << 20));
  if constexpr (std::is_same<T, bool>::value)
    return (h & 1) != 0;
  else if constexpr (std::is_floating_point<T>::value)
    return static_cast<T>(static_cast<int64_t>(h % 100000) - 50000) / 8;
  else
    return static_cast<T>(h);
}

struct Box {
  Shape offsets, sizes;
};

// An array of element type T held in a randomly laid out buffer (random
// dimension order, padding, base offset), with its memref descriptor.
// Padding is filled with a sentinel so that stray writes are detected.
template <typename T> struct Strided {
  // i1 is stored one byte per element (std::vector<bool> would pack bits).
  using S = typename std::conditional<std::is_same<T, bool>::value, uint8_t, T>::type;
  Shape sizes, strides;
  int64_t offset = 0;
  std::vector<S> buffer;
  std::vector<int64_t> desc; // {allocated, aligned, offset, sizes..., strides...}
  std::vector<bool> inView;

  Strided(const Shape &sz, std::mt19937_64 &rng, bool allowPadding) : sizes(sz) {
    int rank = static_cast<int>(sizes.size());
    std::vector<int> order(rank);
    std::iota(order.begin(), order.end(), 0);
    if (allowPadding && rng() % 3 == 0)
      std::shuffle(order.begin(), order.end(), rng);
    strides.assign(rank, 0);
    int64_t stride = allowPadding && rng() % 4 == 0 ? 2 : 1;
    for (int i = rank - 1; i >= 0; --i) {
      strides[order[i]] = stride;
      stride *= sizes[order[i]] + (allowPadding && rng() % 3 == 0 ? 1 + rng() % 2 : 0);
    }
    offset = allowPadding ? rng() % 3 : 0;
    int64_t n = offset + std::max<int64_t>(stride, 1) + 1;
    // Some dimensions run backwards (negative strides, as in reversed views).
    for (int k = 0; k < rank; ++k)
      if (allowPadding && rng() % 6 == 0 && sizes[k] > 1) {
        offset += (sizes[k] - 1) * strides[k];
        strides[k] = -strides[k];
      }
    buffer.assign(n, sentinel());
    inView.assign(n, false);
    Shape idx;
    for (int64_t f = 0; f < volume(sizes); ++f) {
      delinearizeInto(f, sizes, idx);
      inView[position(idx)] = true;
    }
    desc.assign(3 + 2 * rank, 0);
    S *data = buffer.data();
    std::memcpy(&desc[0], &data, sizeof(data));
    std::memcpy(&desc[1], &data, sizeof(data));
    desc[2] = offset;
    for (int k = 0; k < rank; ++k) {
      desc[3 + k] = sizes[k];
      desc[3 + rank + k] = strides[k];
    }
  }
  static S sentinel() { return static_cast<S>(std::is_same<T, bool>::value ? 2 : 77); }
  int64_t position(const Shape &idx) const {
    int64_t p = offset;
    for (size_t k = 0; k < idx.size(); ++k)
      p += idx[k] * strides[k];
    return p;
  }
  S &at(const Shape &idx) { return buffer[position(idx)]; }
  int64_t rank() const { return static_cast<int64_t>(sizes.size()); }
  void *descriptor() { return desc.data(); }
  // Number of padding elements that no longer hold the sentinel.
  int64_t paddingDamage() const {
    int64_t bad = 0;
    for (size_t i = 0; i < buffer.size(); ++i)
      bad += !inView[i] && !(buffer[i] == sentinel());
    return bad;
  }
};

// Fills `in`, the block `box` of the global array of `gShape`, with the
// elements of case `salt` (valueAt).
template <typename T>
void fillInput(Strided<T> &in, const Box &box, const Shape &gShape, uint64_t salt) {
  Shape idx, g;
  for (int64_t f = 0; f < volume(box.sizes); ++f) {
    delinearizeInto(f, box.sizes, idx);
    g = idx;
    for (size_t k = 0; k < g.size(); ++k)
      g[k] += box.offsets[k];
    in.at(idx) = valueAt<T>(linearize(g, gShape), salt);
  }
}

// A 1-D index array argument.
struct IndexArg {
  std::vector<int64_t> values;
  idtr_index_array_t desc;
  explicit IndexArg(const Shape &v) : values(v.empty() ? Shape{0} : v) {
    desc = idtr_index_array(values.data(), static_cast<int64_t>(v.size()));
  }
  IndexArg(const IndexArg &) = delete;
  void *ptr() { return &desc; }
};

// Random shape of the given rank, extents in [0, maxExtent] (0 rarely).
Shape randomShape(std::mt19937_64 &rng, int rank, int64_t maxExtent);
// A random shape of `rank` dims with exactly `volume` elements.
Shape randomShapeWithVolume(std::mt19937_64 &rng, int64_t volume, int rank);
// A partition of `shape` into `parts` boxes: a grid split along random
// dimensions at random (uneven, possibly empty) cut points, randomly
// assigned to ranks.
std::vector<Box> randomPartition(std::mt19937_64 &rng, const Shape &shape, int parts);
// A random sub-box of `shape` (possibly empty).
Box randomSubBox(std::mt19937_64 &rng, const Shape &shape);

// Gathers per-rank failure counts: true if every rank passed.
bool allRanksPassed(bool mine);

} // namespace idtr_test

#endif
