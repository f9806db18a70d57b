#include "geometry/Box.h"

#include "support/Errors.h"

#include <algorithm>

namespace idtr {

int64_t volume(const Shape &sizes) {
  if (hasZeroExtent(sizes))
    return 0;
  int64_t v = 1;
  for (int64_t s : sizes)
    if (__builtin_mul_overflow(v, s, &v))
      fail("the shape %s has more than 2^63 - 1 elements", str(sizes).c_str());
  return v;
}

Box intersect(const Box &a, const Box &b) {
  Box r;
  int n = a.rank();
  r.offsets.resize(n);
  r.sizes.resize(n);
  bool empty = false;
  for (int k = 0; k < n; ++k) {
    int64_t lo = std::max(a.offsets[k], b.offsets[k]);
    int64_t hi = std::min(a.offsets[k] + a.sizes[k], b.offsets[k] + b.sizes[k]);
    r.offsets[k] = lo;
    r.sizes[k] = hi > lo ? hi - lo : 0;
    empty |= r.sizes[k] == 0;
  }
  if (empty)
    std::fill(r.sizes.begin(), r.sizes.end(), 0);
  return r;
}

bool insideShape(const Box &box, const Shape &shape) {
  if (box.rank() != static_cast<int>(shape.size()) ||
      box.offsets.size() != box.sizes.size())
    return false;
  for (size_t k = 0; k < shape.size(); ++k) {
    if (box.sizes[k] < 0 || box.offsets[k] < 0)
      return false;
    // Empty boxes only need an offset inside [0, shape]; their extent is moot.
    if (box.offsets[k] > shape[k] || box.sizes[k] > shape[k] - box.offsets[k])
      return box.empty() && box.offsets[k] <= shape[k];
  }
  return true;
}

bool isPermutation(const Shape &axes) {
  std::vector<bool> seen(axes.size(), false);
  for (int64_t a : axes) {
    if (a < 0 || a >= static_cast<int64_t>(axes.size()) || seen[a])
      return false;
    seen[a] = true;
  }
  return true;
}

Box permutePreimage(const Box &out, const Shape &axes) {
  Box in;
  in.offsets.resize(axes.size());
  in.sizes.resize(axes.size());
  for (size_t i = 0; i < axes.size(); ++i) {
    in.offsets[axes[i]] = out.offsets[i];
    in.sizes[axes[i]] = out.sizes[i];
  }
  return in;
}

Shape permuteToOutput(const Shape &v, const Shape &axes) {
  Shape r(axes.size());
  for (size_t i = 0; i < axes.size(); ++i)
    r[i] = v[axes[i]];
  return r;
}

Shape rowMajorStrides(const Shape &shape) {
  Shape s(shape.size());
  int64_t stride = 1;
  for (size_t k = shape.size(); k-- > 0;) {
    s[k] = stride;
    stride *= shape[k];
  }
  return s;
}

int64_t linearize(const Shape &index, const Shape &shape) {
  int64_t flat = 0;
  for (size_t k = 0; k < shape.size(); ++k)
    flat = flat * shape[k] + index[k];
  return flat;
}

Shape delinearize(int64_t flat, const Shape &shape) {
  Shape index(shape.size());
  for (size_t k = shape.size(); k-- > 0;) {
    if (shape[k] == 0)
      return Shape(shape.size(), 0);
    index[k] = flat % shape[k];
    flat /= shape[k];
  }
  return index;
}

namespace {

// Appends a run, merging it with the previous one when they touch.
void appendRun(std::vector<FlatRun> &out, int64_t start, int64_t length) {
  if (length <= 0)
    return;
  if (!out.empty() && out.back().start + out.back().length == start)
    out.back().length += length;
  else
    out.push_back({start, length});
}

struct RunWalker {
  const Shape &shape;
  const Box &box;
  Shape strides;
  int contiguousFrom; // dims > contiguousFrom are full: dim contiguousFrom gives one run
  int64_t lo, hi;
  std::vector<FlatRun> &out;

  // Box elements with the index fixed on dims < d; `base` is their flat offset.
  void walk(int d, int64_t base) {
    int64_t stride = strides[d];
    int64_t first = box.offsets[d], last = box.offsets[d] + box.sizes[d]; // [first, last)
    if (d == contiguousFrom) {
      int64_t s = std::max(lo, base + first * stride);
      int64_t e = std::min(hi, base + last * stride);
      appendRun(out, s, e - s);
      return;
    }
    // Only indices whose slab [base + i*stride, base + (i+1)*stride) meets [lo, hi).
    int64_t iLo = lo > base ? (lo - base) / stride : 0;
    int64_t iHi = hi > base ? (hi - 1 - base) / stride + 1 : 0;
    iLo = std::max(iLo, first);
    iHi = std::min(iHi, last);
    for (int64_t i = iLo; i < iHi; ++i)
      walk(d + 1, base + i * stride);
  }
};

} // namespace

void appendRangeBoxRuns(const Shape &shape, const Box &box, int64_t lo,
                        int64_t hi, std::vector<FlatRun> &out) {
  if (box.empty() || lo >= hi)
    return;
  int n = static_cast<int>(shape.size());
  if (n == 0) {
    if (lo <= 0 && 0 < hi)
      appendRun(out, 0, 1);
    return;
  }
  // The box is one run per index of dims [0, c] once dims after c are full.
  int c = n - 1;
  while (c > 0 && box.offsets[c] == 0 && box.sizes[c] == shape[c])
    --c;
  RunWalker w{shape, box, rowMajorStrides(shape), c, lo, hi, out};
  FlatRun range = boundingRange(shape, box);
  w.lo = std::max(lo, range.start);
  w.hi = std::min(hi, range.start + range.length);
  if (w.lo < w.hi)
    w.walk(0, 0);
}

std::vector<FlatRun> boxRuns(const Shape &shape, const Box &box) {
  std::vector<FlatRun> runs;
  FlatRun r = boundingRange(shape, box);
  appendRangeBoxRuns(shape, box, r.start, r.start + r.length, runs);
  return runs;
}

FlatRun boundingRange(const Shape &shape, const Box &box) {
  if (box.empty())
    return {0, 0};
  Shape last(box.offsets);
  for (size_t k = 0; k < last.size(); ++k)
    last[k] += box.sizes[k] - 1;
  int64_t first = linearize(box.offsets, shape);
  return {first, linearize(last, shape) + 1 - first};
}

int64_t flatToBoxLinear(int64_t flat, const Shape &shape, const Box &box) {
  int64_t pos = 0;
  Shape index = delinearize(flat, shape);
  for (size_t k = 0; k < shape.size(); ++k)
    pos = pos * box.sizes[k] + (index[k] - box.offsets[k]);
  return pos;
}

std::string str(const Shape &v) {
  std::string s = "[";
  for (size_t i = 0; i < v.size(); ++i)
    s += (i ? ", " : "") + std::to_string(v[i]);
  return s + "]";
}

std::string str(const Box &b) { return "offsets " + str(b.offsets) + " sizes " + str(b.sizes); }

} // namespace idtr
