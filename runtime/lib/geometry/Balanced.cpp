#include "geometry/Balanced.h"

#include "geometry/Digest.h"

#include <algorithm>

namespace idtr {

int BalancedSplit::firstAtOrAfter(int64_t x) const {
  int lo = 0, hi = P; // offset(P) == n: the answer lies in [0, P] when x <= n
  if (x > n)
    return P;
  while (lo < hi) {
    int mid = lo + (hi - lo) / 2;
    if (offset(mid) >= x)
      hi = mid;
    else
      lo = mid + 1;
  }
  return lo;
}

void BalancedSplit::owners(int64_t lo, int64_t hi, std::vector<int> &out) const {
  lo = std::max<int64_t>(lo, 0);
  hi = std::min(hi, n);
  if (lo >= hi)
    return;
  // offset(r + 1) > lo and offset(r) < hi.
  int first = std::max(firstAtOrAfter(lo + 1) - 1, 0), end = firstAtOrAfter(hi);
  for (int r = first; r < end; ++r)
    if (length(r) > 0)
      out.push_back(r);
}

namespace {

// The dimension along which `box` is a block of `shape`: the first one where
// it is not the whole extent (0 when it is the whole array); -1 when it
// differs from the whole extent in another dimension too.
int splitDimension(const Box &box, const Shape &shape) {
  int split = -1;
  for (size_t k = 0; k < shape.size(); ++k)
    if (box.offsets[k] != 0 || box.sizes[k] != shape[k]) {
      if (split >= 0)
        return -1;
      split = static_cast<int>(k);
    }
  return split < 0 ? 0 : split;
}

bool validRank(const Geometry &g) {
  size_t n = g.inShape.size();
  return n > 0 && g.input.offsets.size() == n && g.input.sizes.size() == n &&
         g.outShape.size() == g.axes.size() && insideShape(g.input, g.inShape);
}

} // namespace

Box balancedBlock(const Shape &shape, int split, int P, int r, bool extraLast) {
  BalancedSplit s{shape[split], P, extraLast};
  Box b{Shape(shape.size(), 0), shape};
  b.offsets[split] = s.offset(r);
  b.sizes[split] = s.length(r);
  return b;
}

Geometry BalancedForm::geometryOf(int r) const {
  Geometry g;
  g.kind = kind;
  g.inShape = inShape;
  g.outShape = outShape;
  g.axes = axes;
  g.input = balancedBlock(inShape, inSplit, P, r, extraLast);
  if (kind != OpKind::Halo) {
    g.outputs = {balancedBlock(outShape, outSplit, P, r)};
    return g;
  }
  int64_t n = inShape[0], lo = g.input.offsets[0], hi = lo + g.input.sizes[0];
  int64_t bbLo = std::max<int64_t>(0, lo - haloLo), bbHi = std::min(n, hi + haloHi);
  Box left = cross, right = cross;
  left.offsets[0] = bbLo;
  left.sizes[0] = lo - bbLo;
  right.offsets[0] = hi;
  right.sizes[0] = bbHi - hi;
  g.outputs = {left, right};
  return g;
}

int64_t BalancedForm::digest() const {
  Digest d(0x51ed27a3c0ffee11ull);
  d.mix(static_cast<int64_t>(kind));
  d.mix(inShape);
  d.mix(outShape);
  d.mix(axes);
  d.mix(inSplit);
  d.mix(outSplit);
  if (kind == OpKind::Halo) {
    d.mix(cross.offsets);
    d.mix(cross.sizes);
    d.mix(static_cast<int64_t>(extraLast));
  }
  return d.value();
}

bool recognizeBalanced(const Geometry &g, int P, int me, BalancedForm &form,
                       HaloWidthsSeen &seen) {
  if (!validRank(g))
    return false;
  form = BalancedForm();
  form.kind = g.kind;
  form.P = P;
  form.inShape = g.inShape;
  form.outShape = g.outShape;
  form.axes = g.axes;
  form.inSplit = g.kind == OpKind::Halo ? 0 : splitDimension(g.input, g.inShape);
  if (form.inSplit < 0)
    return false;
  if (!(g.input == balancedBlock(g.inShape, form.inSplit, P, me))) {
    // Halos: the shard convention, when it differs (n % P != 0).
    if (g.kind != OpKind::Halo || g.inShape[0] % P == 0 ||
        !(g.input == balancedBlock(g.inShape, 0, P, me, true)))
      return false;
    form.extraLast = true;
  }
  if (g.kind != OpKind::Halo) {
    if (g.outputs.size() != 1 || g.outputs[0].offsets.size() != g.outShape.size() ||
        g.outputs[0].sizes.size() != g.outShape.size() || g.outShape.empty() ||
        !insideShape(g.outputs[0], g.outShape))
      return false;
    form.outSplit = splitDimension(g.outputs[0], g.outShape);
    return form.outSplit >= 0 &&
           g.outputs[0] == balancedBlock(g.outShape, form.outSplit, P, me);
  }
  // Halo: the two boxes the entry point derives from the bounding box.
  if (g.outputs.size() != 2)
    return false;
  const Box &left = g.outputs[0], &right = g.outputs[1];
  size_t n = g.inShape.size();
  if (left.offsets.size() != n || left.sizes.size() != n || right.offsets.size() != n ||
      right.sizes.size() != n)
    return false;
  for (size_t k = 1; k < n; ++k)
    if (left.offsets[k] != right.offsets[k] || left.sizes[k] != right.sizes[k])
      return false;
  int64_t rows = g.inShape[0], lo = g.input.offsets[0], hi = lo + g.input.sizes[0];
  if (left.offsets[0] + left.sizes[0] != lo || right.offsets[0] != hi || left.sizes[0] < 0 ||
      right.sizes[0] < 0 || right.offsets[0] + right.sizes[0] > rows)
    return false;
  form.cross = left;
  form.cross.offsets[0] = form.cross.sizes[0] = 0; // per rank: not part of the form
  seen = HaloWidthsSeen();
  int64_t bbLo = left.offsets[0], bbHi = hi + right.sizes[0];
  if (bbLo > 0)
    seen.loExact = lo - bbLo;
  else
    seen.loAtLeast = lo;
  if (bbHi < rows)
    seen.hiExact = bbHi - hi;
  else
    seen.hiAtLeast = rows - hi;
  form.haloLo = seen.loExact >= 0 ? seen.loExact : seen.loAtLeast;
  form.haloHi = seen.hiExact >= 0 ? seen.hiExact : seen.hiAtLeast;
  return true;
}

HaloWidthsAgreed::HaloWidthsAgreed(const HaloWidthsSeen &seen) {
  int64_t mine[kWords] = {seen.loExact, seen.loExact >= 0 ? -seen.loExact : INT64_MIN,
                          seen.loAtLeast, seen.hiExact,
                          seen.hiExact >= 0 ? -seen.hiExact : INT64_MIN, seen.hiAtLeast};
  std::copy(mine, mine + kWords, words);
}

void HaloWidthsAgreed::add(const HaloWidthsAgreed &o) {
  for (int i = 0; i < kWords; ++i)
    words[i] = std::max(words[i], o.words[i]);
}

bool applyPromisedWidths(const PromisedWidths &promise, HaloWidthsSeen &seen) {
  auto one = [](int64_t width, int64_t &exact, int64_t &atLeast) {
    if (exact >= 0 ? exact != width : atLeast > width)
      return false;
    exact = width;
    atLeast = 0;
    return true;
  };
  return one(promise.lo, seen.loExact, seen.loAtLeast) &&
         one(promise.hi, seen.hiExact, seen.hiAtLeast);
}

namespace {
bool resolveWidth(int64_t exactMax, int64_t minusExactMin, int64_t atLeastMax, int64_t &width) {
  if (exactMax < 0) {
    width = atLeastMax;
    return true;
  }
  width = exactMax;
  return -minusExactMin == exactMax && atLeastMax <= exactMax;
}
} // namespace

bool HaloWidthsAgreed::resolve(int64_t &lo, int64_t &hi) const {
  return resolveWidth(words[0], words[1], words[2], lo) &&
         resolveWidth(words[3], words[4], words[5], hi);
}

namespace {
int splitsMatching(const Box &box, const Shape &shape, int P, int me) {
  int matching = 0;
  for (size_t d = 0; d < shape.size(); ++d)
    matching += box == balancedBlock(shape, static_cast<int>(d), P, me);
  return matching;
}
} // namespace

bool determinedLocally(const Geometry &g, const BalancedForm &form, const HaloWidthsSeen &seen,
                       int me) {
  if (form.kind != OpKind::Halo)
    return splitsMatching(g.input, g.inShape, form.P, me) == 1 &&
           splitsMatching(g.outputs[0], g.outShape, form.P, me) == 1;
  BalancedSplit rows{form.inShape[0], form.P, form.extraLast};
  int64_t lo = rows.offset(me), hi = rows.offset(me + 1);
  if (lo == hi)
    return true; // sends nothing
  // Rows above / below this rank's that some rank holds: their lower /
  // upper halos may take this rank's rows, by the width it may not see.
  bool hiddenLo = seen.loExact < 0 && hi < rows.n;
  bool hiddenHi = seen.hiExact < 0 && lo > 0;
  return !hiddenLo && !hiddenHi;
}

BalancedGeometry::BalancedGeometry(const BalancedForm &form, int me)
    : form_(form), me_(me), mine_(form.geometryOf(me)),
      in_{form.inShape[form.inSplit], form.P, form.extraLast},
      out_{form.kind == OpKind::Halo ? form.inShape[0] : form.outShape[form.outSplit],
           form.P, form.extraLast} {}

const Geometry &BalancedGeometry::of(int r) const {
  if (r == me_)
    return mine_;
  // Planners ask for the same rank many times in a row (one per run).
  if (r != scratchRank_) {
    scratch_ = form_.geometryOf(r);
    scratchRank_ = r;
  }
  return scratch_;
}

void BalancedGeometry::inputOwners(const Box &region, std::vector<int> &out) const {
  if (region.empty())
    return;
  int d = form_.inSplit;
  in_.owners(region.offsets[d], region.offsets[d] + region.sizes[d], out);
}

void BalancedGeometry::outputOwners(const Box &region, std::vector<int> &out) const {
  if (region.empty())
    return;
  if (form_.kind != OpKind::Halo) {
    // Rank r's output is a block along output dimension outSplit, whose
    // preimage is the same block along input dimension axes[outSplit].
    int e = static_cast<int>(form_.axes[form_.outSplit]);
    out_.owners(region.offsets[e], region.offsets[e] + region.sizes[e], out);
    return;
  }
  // Rank r's halos are rows [off(r) - haloLo, off(r)) and
  // [end(r), end(r) + haloHi): they meet rows [lo, hi) when
  // lo < off(r) < hi + haloLo or lo - haloHi < end(r) < hi, end(r) = off(r + 1).
  int64_t lo = region.offsets[0], hi = lo + region.sizes[0];
  const BalancedSplit &s = out_;
  int a = s.firstAtOrAfter(lo + 1), b = s.firstAtOrAfter(hi + form_.haloLo);
  int c = std::max(s.firstAtOrAfter(lo - form_.haloHi + 1) - 1, 0),
      d = s.firstAtOrAfter(hi) - 1;
  // [a, b) and [c, d) may overlap or not: emit their union in order.
  for (int r = std::min(a, c); r < std::max(b, d); ++r)
    if ((r >= a && r < b) || (r >= c && r < d))
      out.push_back(r);
}

void BalancedGeometry::flatOwners(bool input, int64_t lo, int64_t hi,
                                  std::vector<int> &out) const {
  const Shape &shape = input ? form_.inShape : form_.outShape;
  int d = input ? form_.inSplit : form_.outSplit;
  const BalancedSplit &s = input ? in_ : out_;
  if (lo >= hi || hasZeroExtent(shape))
    return;
  int64_t inner = 1;
  for (size_t k = d + 1; k < shape.size(); ++k)
    inner *= shape[k];
  int64_t span = inner * shape[d];
  if (lo / span != (hi - 1) / span) {
    // The run wraps around dimension d: every block may meet it.
    s.owners(0, shape[d], out);
    return;
  }
  s.owners((lo / inner) % shape[d], ((hi - 1) / inner) % shape[d] + 1, out);
}

} // namespace idtr
