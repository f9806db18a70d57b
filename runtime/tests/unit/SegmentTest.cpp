// Memory segments of plan pieces and direct reads (DirectTransfer.h),
// against the packers: reading a message through the target segments must
// write exactly what unpacking it writes, and reading the source segments
// must give exactly what packing gives. The reads use this process's own
// pid (process_vm_readv on oneself), so no second process is needed.
#include "copy/Pack.h"
#include "plan/Plan.h"
#include "support/Errors.h"
#include "transport/DirectTransfer.h"

#include <gtest/gtest.h>

#include <cstring>

#include <unistd.h>

#include <algorithm>
#include <climits>
#include <numeric>
#include <random>

using namespace idtr;

namespace {

using Elem = uint32_t;

// A random strided layout of `sizes`: dimension order shuffled, rows padded,
// sometimes a non-unit innermost stride. Returns the view over `storage`.
View randomView(std::mt19937_64 &rng, const Shape &sizes, std::vector<Elem> &storage) {
  int rank = static_cast<int>(sizes.size());
  std::vector<int> order(rank);
  std::iota(order.begin(), order.end(), 0);
  if (rng() % 2)
    std::shuffle(order.begin(), order.end(), rng);
  Shape strides(rank, 0);
  int64_t stride = rng() % 4 == 0 ? 2 : 1;
  for (int i = rank - 1; i >= 0; --i) {
    strides[order[i]] = stride;
    stride *= sizes[order[i]] + static_cast<int64_t>(rng() % 3);
  }
  storage.assign(stride, 0);
  View v;
  v.data = reinterpret_cast<char *>(storage.data());
  v.elemSize = sizeof(Elem);
  v.sizes = sizes;
  v.strides = strides;
  return v;
}

Shape randomShape(std::mt19937_64 &rng) {
  Shape s(1 + rng() % 3);
  for (auto &d : s)
    d = 1 + static_cast<int64_t>(rng() % 7);
  return s;
}

std::vector<Segment> whole(std::vector<Elem> &buffer) {
  return {{reinterpret_cast<uintptr_t>(buffer.data()),
           static_cast<int64_t>(buffer.size() * sizeof(Elem))}};
}

// Increasing, disjoint runs inside [0, n).
std::vector<RunPiece> randomRuns(std::mt19937_64 &rng, int64_t inVolume, int64_t outVolume) {
  std::vector<RunPiece> runs;
  int64_t s = 0, d = 0;
  while (true) {
    s += static_cast<int64_t>(rng() % 3);
    d += static_cast<int64_t>(rng() % 3);
    int64_t len = 1 + static_cast<int64_t>(rng() % 9);
    if (s + len > inVolume || d + len > outVolume)
      break;
    runs.push_back({s, d, len});
    s += len;
    d += len;
  }
  return runs;
}

// What a receiver's direct read of `runs` (`n` elements) out of `in` (a
// "sender" that is this process, `pid`) writes into `out` when `out` is
// backed by `target`, written as `add` says.
void readRunsDirect(const std::vector<RunPiece> &runs, int64_t n, const View &in,
                    const View &out, std::vector<Elem> &target, int pid, Accumulate add) {
  std::vector<View> outs = {out};
  outs[0].data = reinterpret_cast<char *>(target.data());
  Transfer t;
  t.runs = runs;
  t.elements = n;
  runPacker().readRemote(t, PieceFrame{}, in, Box{Shape(in.rank(), 0), in.sizes}, outs,
                         ProcessReader(pid), add);
}

} // namespace

TEST(Segments, RunPiecesMatchPackAndUnpack) {
  std::mt19937_64 rng(11);
  const int pid = getpid();
  for (int iter = 0; iter < 300; ++iter) {
    std::vector<Elem> inStore, outStore, refStore;
    View in = randomView(rng, randomShape(rng), inStore);
    View out = randomView(rng, randomShape(rng), outStore);
    for (size_t i = 0; i < inStore.size(); ++i)
      inStore[i] = static_cast<Elem>(i * 7 + 1);
    auto runs = randomRuns(rng, in.volume(), out.volume());
    int64_t n = pieceElements(runs);

    std::vector<Elem> packed(n), read(n);
    packRuns(runs, in, reinterpret_cast<char *>(packed.data()));
    std::vector<Segment> source;
    ASSERT_TRUE(sourceSegments(runs, in, SIZE_MAX, source));
    if (n)
      readFromProcess(pid, whole(read), source);
    ASSERT_EQ(read, packed) << "iteration " << iter;

    refStore = outStore;
    View ref = out;
    ref.data = reinterpret_cast<char *>(refStore.data());
    unpackRuns(runs, ref, reinterpret_cast<const char *>(packed.data()));
    // A send straight from the input carries the packed message.
    if (const char *dense = denseSource(runs, in))
      ASSERT_EQ(0, std::memcmp(dense, packed.data(), n * sizeof(Elem))) << "iteration " << iter;
    // A direct read out of the "sender's" input (this process) gives what
    // unpacking the message gives.
    std::vector<Elem> direct = outStore;
    readRunsDirect(runs, n, in, out, direct, pid, Accumulate::Assign);
    ASSERT_EQ(direct, refStore) << "iteration " << iter;
    std::vector<Segment> target;
    ASSERT_TRUE(targetSegments(runs, out, SIZE_MAX, target));
    if (n)
      readFromProcess(pid, target, whole(packed));
    ASSERT_EQ(outStore, refStore) << "iteration " << iter;
  }
}

TEST(Segments, BoxPiecesMatchPackAndUnpack) {
  std::mt19937_64 rng(12);
  const int pid = getpid();
  for (int iter = 0; iter < 300; ++iter) {
    // One rank's input box and one output box of the permuted array.
    Shape inSizes = randomShape(rng);
    int rank = static_cast<int>(inSizes.size());
    Shape axes(rank);
    std::iota(axes.begin(), axes.end(), 0);
    std::shuffle(axes.begin(), axes.end(), rng);
    PieceFrame frame;
    frame.input = {Shape(rank, 3), inSizes};
    frame.outputs = {{permuteToOutput(frame.input.offsets, axes), permuteToOutput(inSizes, axes)}};
    frame.axes = axes;
    std::vector<Elem> inStore, outStore, refStore;
    View in = randomView(rng, inSizes, inStore);
    std::vector<View> outs = {randomView(rng, frame.outputs[0].sizes, outStore)};
    for (size_t i = 0; i < inStore.size(); ++i)
      inStore[i] = static_cast<Elem>(i * 5 + 2);
    // Random sub-boxes of the input box, in global coordinates.
    std::vector<BoxPiece> pieces;
    for (int p = 0, count = 1 + rng() % 3; p < count; ++p) {
      Box b{Shape(rank), Shape(rank)};
      for (int k = 0; k < rank; ++k) {
        int64_t lo = static_cast<int64_t>(rng() % inSizes[k]);
        b.offsets[k] = frame.input.offsets[k] + lo;
        b.sizes[k] = 1 + static_cast<int64_t>(rng() % (inSizes[k] - lo));
      }
      pieces.push_back({0, b});
    }
    int64_t n = pieceElements(pieces);

    std::vector<Elem> packed(n), read(n);
    packBoxes(pieces, frame, in, reinterpret_cast<char *>(packed.data()));
    std::vector<Segment> source;
    if (sourceSegments(pieces, frame, in, SIZE_MAX, source)) {
      readFromProcess(pid, whole(read), source);
      ASSERT_EQ(read, packed) << "iteration " << iter;
    }

    refStore = outStore;
    std::vector<View> refs = outs;
    refs[0].data = reinterpret_cast<char *>(refStore.data());
    unpackBoxes(pieces, frame, refs, reinterpret_cast<const char *>(packed.data()));
    if (pieces.size() == 1)
      if (const char *dense = denseSource(pieces, frame, in))
        ASSERT_EQ(0, std::memcmp(dense, packed.data(), n * sizeof(Elem))) << "iteration " << iter;
    // A direct read out of the "sender's" input (this process): straight
    // into the output, or through the tile for a transposition.
    std::vector<Elem> direct = outStore;
    std::vector<View> directOuts = outs;
    directOuts[0].data = reinterpret_cast<char *>(direct.data());
    Transfer t;
    t.boxes = pieces;
    t.elements = n;
    boxPacker().readRemote(t, frame, in, frame.input, directOuts, ProcessReader(pid),
                           Accumulate::Assign);
    ASSERT_EQ(direct, refStore) << "iteration " << iter;
    std::vector<Segment> target;
    ASSERT_TRUE(targetSegments(pieces, frame, outs, SIZE_MAX, target));
    readFromProcess(pid, target, whole(packed));
    ASSERT_EQ(outStore, refStore) << "iteration " << iter;
  }
}

TEST(Segments, AccumulatingRunReadsMatchAddingUnpack) {
  // Run pieces (reshape) write through the same Accumulate mode, though no
  // entry point adds with them yet: an accumulating direct read (through
  // the staging buffer), the adding unpack and the adding local copy all
  // add each element of the runs once.
  std::mt19937_64 rng(14);
  const int pid = getpid();
  for (int iter = 0; iter < 300; ++iter) {
    std::vector<Elem> inStore, outStore;
    View in = randomView(rng, randomShape(rng), inStore);
    View out = randomView(rng, randomShape(rng), outStore);
    for (size_t i = 0; i < inStore.size(); ++i)
      inStore[i] = static_cast<Elem>(i * 7 + 1);
    for (size_t i = 0; i < outStore.size(); ++i)
      outStore[i] = static_cast<Elem>(i * 3 + 5);
    auto runs = randomRuns(rng, in.volume(), out.volume());
    int64_t n = pieceElements(runs);
    std::vector<Elem> packed(n);
    packRuns(runs, in, reinterpret_cast<char *>(packed.data()));
    // The reference: the copy into zeros, added to the initial values.
    std::vector<Elem> copied(outStore.size(), 0), expect = outStore;
    View copies = out;
    copies.data = reinterpret_cast<char *>(copied.data());
    unpackRuns(runs, copies, reinterpret_cast<const char *>(packed.data()));
    for (size_t i = 0; i < expect.size(); ++i)
      expect[i] += copied[i];
    std::vector<Elem> unpacked = outStore, local = outStore, direct = outStore;
    View u = out, l = out;
    u.data = reinterpret_cast<char *>(unpacked.data());
    l.data = reinterpret_cast<char *>(local.data());
    unpackRuns(runs, u, reinterpret_cast<const char *>(packed.data()), Accumulate::I32);
    copyRunsLocal(runs, in, l, Accumulate::I32);
    readRunsDirect(runs, n, in, out, direct, pid, Accumulate::I32);
    ASSERT_EQ(unpacked, expect) << "iteration " << iter;
    ASSERT_EQ(local, expect) << "iteration " << iter;
    ASSERT_EQ(direct, expect) << "iteration " << iter;
  }
}

TEST(Segments, AccumulatingReadsMatchAddingUnpack) {
  // An accumulating direct read (always through the tile, also in the
  // same dimension order) adds exactly what unpacking the message with
  // addition adds: disjoint pieces (slabs of the input box along dimension
  // 0, as a plan's), every permutation including the identity.
  std::mt19937_64 rng(13);
  const int pid = getpid();
  for (int iter = 0; iter < 300; ++iter) {
    Shape inSizes = randomShape(rng);
    int rank = static_cast<int>(inSizes.size());
    Shape axes(rank);
    std::iota(axes.begin(), axes.end(), 0);
    if (rng() % 3)
      std::shuffle(axes.begin(), axes.end(), rng);
    PieceFrame frame;
    frame.input = {Shape(rank, 2), inSizes};
    frame.outputs = {{permuteToOutput(frame.input.offsets, axes), permuteToOutput(inSizes, axes)}};
    frame.axes = axes;
    std::vector<Elem> inStore, outStore;
    View in = randomView(rng, inSizes, inStore);
    std::vector<View> outs = {randomView(rng, frame.outputs[0].sizes, outStore)};
    for (size_t i = 0; i < inStore.size(); ++i)
      inStore[i] = static_cast<Elem>(i * 5 + 2);
    for (size_t i = 0; i < outStore.size(); ++i)
      outStore[i] = static_cast<Elem>(i * 3 + 1);
    std::vector<BoxPiece> pieces;
    for (int64_t r0 = 0; r0 < inSizes[0];) {
      int64_t rows = 1 + static_cast<int64_t>(rng() % (inSizes[0] - r0));
      Box b = frame.input;
      b.offsets[0] += r0;
      b.sizes[0] = rows;
      pieces.push_back({0, b});
      r0 += rows;
    }
    int64_t n = pieceElements(pieces);
    std::vector<Elem> packed(n);
    packBoxes(pieces, frame, in, reinterpret_cast<char *>(packed.data()));
    std::vector<Elem> refStore = outStore, direct = outStore;
    std::vector<View> refs = outs, directOuts = outs;
    refs[0].data = reinterpret_cast<char *>(refStore.data());
    directOuts[0].data = reinterpret_cast<char *>(direct.data());
    unpackBoxes(pieces, frame, refs, reinterpret_cast<const char *>(packed.data()),
                Accumulate::I32);
    Transfer t;
    t.boxes = pieces;
    t.elements = n;
    boxPacker().readRemote(t, frame, in, frame.input, directOuts, ProcessReader(pid),
                           Accumulate::I32);
    ASSERT_EQ(direct, refStore) << "iteration " << iter;
    // And the adding unpack added every element once.
    std::vector<Elem> copied = outStore;
    std::vector<View> copies = outs;
    copies[0].data = reinterpret_cast<char *>(copied.data());
    std::fill(copied.begin(), copied.end(), 0);
    unpackBoxes(pieces, frame, copies, reinterpret_cast<const char *>(packed.data()));
    for (size_t i = 0; i < refStore.size(); ++i)
      ASSERT_EQ(refStore[i], outStore[i] + copied[i]) << "iteration " << iter << " at " << i;
  }
}

TEST(Segments, LimitStopsFragmentedLayouts) {
  // A transposed 64 x 64 view: every element is its own segment.
  std::vector<Elem> store(64 * 64);
  View v;
  v.data = reinterpret_cast<char *>(store.data());
  v.elemSize = sizeof(Elem);
  v.sizes = {64, 64};
  v.strides = {1, 64};
  std::vector<RunPiece> all = {{0, 0, 64 * 64}};
  std::vector<Segment> segs;
  EXPECT_FALSE(sourceSegments(all, v, 100, segs));
  EXPECT_LE(segs.size(), 100u);
  segs.clear();
  EXPECT_TRUE(sourceSegments(all, v, 64 * 64, segs));
  EXPECT_EQ(segs.size(), 64u * 64u);
  // Row-major: one segment however small the limit.
  v.strides = {64, 1};
  segs.clear();
  EXPECT_TRUE(sourceSegments(all, v, 1, segs));
  ASSERT_EQ(segs.size(), 1u);
  EXPECT_EQ(segs[0].bytes, int64_t(64 * 64 * sizeof(Elem)));
}

TEST(Segments, ReadsInBatchesAndChecksSizes) {
  // 3000 separate destination segments: more than one call's 1024 entries.
  const int pid = getpid();
  std::vector<Elem> src(3000), dst(6000, 0);
  std::iota(src.begin(), src.end(), 1);
  std::vector<Segment> target;
  for (int i = 0; i < 3000; ++i)
    appendSegment(target, reinterpret_cast<uintptr_t>(&dst[2 * i]), sizeof(Elem), SIZE_MAX);
  ASSERT_EQ(target.size(), 3000u);
  readFromProcess(pid, target, whole(src));
  for (int i = 0; i < 3000; ++i) {
    ASSERT_EQ(dst[2 * i], src[i]);
    ASSERT_EQ(dst[2 * i + 1], 0u);
  }
  std::vector<Segment> shorter = {target[0]};
  EXPECT_THROW(readFromProcess(pid, shorter, whole(src)), Error);
}
