#include "copy/Pack.h"

#include "support/Buffer.h"

#include "copy/StridedCopy.h"

#include <algorithm>
#include <cstring>

namespace idtr {

int64_t pieceElements(const std::vector<BoxPiece> &pieces) {
  int64_t n = 0;
  for (const BoxPiece &p : pieces)
    n += p.source.volume();
  return n;
}

int64_t pieceElements(const std::vector<RunPiece> &pieces) {
  int64_t n = 0;
  for (const RunPiece &p : pieces)
    n += p.length;
  return n;
}

// ---- box pieces -------------------------------------------------------------

namespace {

// A piece's memory: a strided block in fixed storage (no allocation per
// piece; ranks are at most kMaxViewRank).
struct Strided {
  char *data = nullptr;
  int rank = 0;
  int64_t sizes[kMaxViewRank];
  int64_t strides[kMaxViewRank];

  int64_t volume() const {
    int64_t v = 1;
    for (int k = 0; k < rank; ++k)
      v *= sizes[k];
    return v;
  }
  bool isContiguous() const { return idtr::isContiguous(sizes, strides, rank); }
  // The same sizes, dense row-major at `at`.
  Strided dense(char *at) const {
    Strided d;
    d.data = at;
    d.rank = rank;
    int64_t stride = 1;
    for (int k = rank; k-- > 0;) {
      d.sizes[k] = sizes[k];
      d.strides[k] = stride;
      stride *= sizes[k];
    }
    return d;
  }
};

// dst = src, or dst += src when `add` says so (never streamed: it reads dst).
void copy(size_t es, const Strided &dst, const Strided &src, bool streamed = false,
          Accumulate add = Accumulate::Assign) {
  if (add != Accumulate::Assign)
    addStrided(add, dst.data, dst.strides, src.data, src.strides, dst.sizes, dst.rank);
  else
    copyStrided(es, dst.data, dst.strides, src.data, src.strides, dst.sizes, dst.rank,
                streamed);
}

// A piece as a sub-view of `source`, the block `box` of the input (this
// rank's, or a peer's mapped or remote one: addresses in its process), with
// dimensions in input order.
Strided sourcePart(const BoxPiece &p, const Box &box, const View &source) {
  Strided v;
  v.rank = source.rank();
  int64_t off = 0;
  for (int k = 0; k < v.rank; ++k) {
    off += (p.source.offsets[k] - box.offsets[k]) * source.strides[k];
    v.sizes[k] = p.source.sizes[k];
    v.strides[k] = source.strides[k];
  }
  v.data = source.data + off * static_cast<int64_t>(source.elemSize);
  return v;
}

// `v` (in input order) with its dimensions in output order: dimension i is
// input dimension axes[i].
Strided inOutputOrder(const Strided &v, const Shape &axes) {
  Strided out = v;
  for (int i = 0; i < v.rank; ++i) {
    out.sizes[i] = v.sizes[axes[i]];
    out.strides[i] = v.strides[axes[i]];
  }
  return out;
}

// The piece as a sub-view of this rank's input, with dimensions in output
// order.
Strided inputPart(const BoxPiece &p, const PieceFrame &f, const View &input) {
  return inOutputOrder(sourcePart(p, f.input, input), f.axes);
}

// The piece as a sub-view of the receiver's output `p.target`.
Strided outputPart(const BoxPiece &p, const PieceFrame &f, const std::vector<View> &outputs) {
  const Box &target = f.outputs[p.target];
  const View &out = outputs[p.target];
  Strided v;
  v.rank = out.rank();
  int64_t off = 0;
  for (int i = 0; i < v.rank; ++i) {
    off += (p.source.offsets[f.axes[i]] - target.offsets[i]) * out.strides[i];
    v.sizes[i] = p.source.sizes[f.axes[i]];
    v.strides[i] = out.strides[i];
  }
  v.data = out.data + off * static_cast<int64_t>(out.elemSize);
  return v;
}

} // namespace

void packBoxes(const std::vector<BoxPiece> &pieces, const PieceFrame &frame,
               const View &input, char *buffer) {
  for (const BoxPiece &p : pieces) {
    Strided src = inputPart(p, frame, input);
    copy(input.elemSize, src.dense(buffer), src);
    buffer += src.volume() * static_cast<int64_t>(input.elemSize);
  }
}

void unpackBoxes(const std::vector<BoxPiece> &pieces, const PieceFrame &frame,
                 const std::vector<View> &outputs, const char *buffer, Accumulate add) {
  for (const BoxPiece &p : pieces) {
    Strided dst = outputPart(p, frame, outputs);
    size_t es = outputs[p.target].elemSize;
    copy(es, dst, dst.dense(const_cast<char *>(buffer)), false, add);
    buffer += dst.volume() * static_cast<int64_t>(es);
  }
}

void copyBoxesLocal(const std::vector<BoxPiece> &pieces, const PieceFrame &frame,
                    const View &input, const std::vector<View> &outputs, Accumulate add) {
  for (const BoxPiece &p : pieces)
    copy(input.elemSize, outputPart(p, frame, outputs), inputPart(p, frame, input), false,
         add);
}

char *denseTarget(const std::vector<BoxPiece> &pieces, const PieceFrame &frame,
                  const std::vector<View> &outputs) {
  if (pieces.size() != 1)
    return nullptr;
  Strided dst = outputPart(pieces[0], frame, outputs);
  return dst.isContiguous() ? dst.data : nullptr;
}

const char *denseSource(const std::vector<BoxPiece> &pieces, const PieceFrame &frame,
                        const View &input) {
  if (pieces.size() != 1)
    return nullptr;
  Strided src = inputPart(pieces[0], frame, input);
  return src.isContiguous() ? src.data : nullptr;
}

// ---- run pieces -------------------------------------------------------------

namespace {

// A view flattened to its row-major order, with neighbouring dimensions that
// are contiguous in memory merged: position p -> memory offset by mixed radix.
// Fixed storage: no allocation per call.
struct LinearLayout {
  int64_t sizes[kMaxViewRank], strides[kMaxViewRank]; // merged, unit dims dropped; innermost last
  int n = 0;

  explicit LinearLayout(const View &v) {
    for (int k = 0; k < v.rank(); ++k) {
      if (v.sizes[k] == 1)
        continue;
      if (n && strides[n - 1] == v.strides[k] * v.sizes[k]) {
        sizes[n - 1] *= v.sizes[k];
        strides[n - 1] = v.strides[k];
      } else {
        sizes[n] = v.sizes[k];
        strides[n++] = v.strides[k];
      }
    }
    if (!n) {
      sizes[0] = strides[0] = 1;
      n = 1;
    }
  }
  // A dense buffer of `length` elements.
  explicit LinearLayout(int64_t length) : n(1) {
    sizes[0] = length > 0 ? length : 1;
    strides[0] = 1;
  }
};

// Walks a LinearLayout from a position, one innermost row at a time.
struct Cursor {
  const LinearLayout &layout;
  int64_t index[kMaxViewRank];
  int64_t offset = 0; // in elements

  Cursor(const LinearLayout &l, int64_t pos) : layout(l) {
    for (int k = l.n; k-- > 0;) {
      index[k] = pos % l.sizes[k];
      pos /= l.sizes[k];
      offset += index[k] * l.strides[k];
    }
  }
  int64_t rowRemaining() const { return layout.sizes[layout.n - 1] - index[layout.n - 1]; }
  int64_t innerStride() const { return layout.strides[layout.n - 1]; }
  void advance(int64_t n) {
    int k = layout.n - 1;
    index[k] += n;
    offset += n * layout.strides[k];
    while (k > 0 && index[k] == layout.sizes[k]) {
      offset -= index[k] * layout.strides[k];
      index[k] = 0;
      --k;
      ++index[k];
      offset += layout.strides[k];
    }
  }
};

void copyRun(size_t es, char *dst, int64_t ds, const char *src, int64_t ss, int64_t n,
             Accumulate add) {
  if (add != Accumulate::Assign)
    addRow(add, dst, ds, src, ss, n);
  else if (ds == 1 && ss == 1)
    copyContiguous(dst, src, n * es);
  else
    copyStrided(es, dst, &ds, src, &ss, &n, 1);
}

// Copies (or adds, Accumulate.h) `length` elements from position srcPos of
// `src` (memory at srcData) to dstPos of `dst`.
void copyLinear(size_t es, char *dstData, const LinearLayout &dst, int64_t dstPos,
                const char *srcData, const LinearLayout &src, int64_t srcPos, int64_t length,
                Accumulate add = Accumulate::Assign) {
  Cursor d(dst, dstPos), s(src, srcPos);
  while (length > 0) {
    int64_t n = std::min({length, d.rowRemaining(), s.rowRemaining()});
    copyRun(es, dstData + d.offset * int64_t(es), d.innerStride(),
            srcData + s.offset * int64_t(es), s.innerStride(), n, add);
    length -= n;
    if (length > 0) {
      d.advance(n);
      s.advance(n);
    }
  }
}

} // namespace

void packRuns(const std::vector<RunPiece> &pieces, const View &input, char *buffer) {
  LinearLayout in(input), bl(pieceElements(pieces));
  int64_t pos = 0;
  for (const RunPiece &p : pieces) {
    copyLinear(input.elemSize, buffer, bl, pos, input.data, in, p.srcPos, p.length);
    pos += p.length;
  }
}

void unpackRuns(const std::vector<RunPiece> &pieces, const View &output,
                const char *buffer, Accumulate add) {
  LinearLayout out(output), bl(pieceElements(pieces));
  int64_t pos = 0;
  for (const RunPiece &p : pieces) {
    copyLinear(output.elemSize, output.data, out, p.dstPos, buffer, bl, pos, p.length, add);
    pos += p.length;
  }
}

void copyRunsLocal(const std::vector<RunPiece> &pieces, const View &input,
                   const View &output, Accumulate add) {
  LinearLayout in(input), out(output);
  for (const RunPiece &p : pieces)
    copyLinear(output.elemSize, output.data, out, p.dstPos, input.data, in, p.srcPos, p.length,
               add);
}

namespace {

// The address of `length` positions of `v` from `pos` if they are one dense
// run of its memory, else nullptr.
char *denseRun(const View &v, int64_t pos, int64_t length) {
  LinearLayout layout(v);
  Cursor c(layout, pos);
  if (c.innerStride() != 1 || c.rowRemaining() < length)
    return nullptr;
  return v.data + c.offset * int64_t(v.elemSize);
}

} // namespace

char *denseTarget(const std::vector<RunPiece> &pieces, const View &output) {
  return pieces.size() == 1 ? denseRun(output, pieces[0].dstPos, pieces[0].length) : nullptr;
}

const char *denseSource(const std::vector<RunPiece> &pieces, const View &input) {
  return pieces.size() == 1 ? denseRun(input, pieces[0].srcPos, pieces[0].length) : nullptr;
}

// ---- memory segments ---------------------------------------------------------

bool appendSegment(std::vector<Segment> &out, uintptr_t address, int64_t bytes,
                   size_t limit) {
  if (bytes <= 0)
    return true;
  if (!out.empty() && out.back().address + uintptr_t(out.back().bytes) == address) {
    out.back().bytes += bytes;
    return true;
  }
  if (out.size() >= limit)
    return false;
  out.push_back({address, bytes});
  return true;
}

namespace {

// The memory of `length` positions of `v` (row-major order of its layout `l`)
// from position `pos`: one segment per row when rows are contiguous, one per
// element otherwise (the limit stops that early).
bool appendLinearSegments(const View &v, const LinearLayout &l, int64_t pos,
                          int64_t length, size_t limit, std::vector<Segment> &out) {
  if (length <= 0)
    return true;
  const int64_t es = static_cast<int64_t>(v.elemSize);
  // Unsigned arithmetic: negative strides wrap modulo 2^64 as they should.
  const uintptr_t base = reinterpret_cast<uintptr_t>(v.data);
  Cursor c(l, pos);
  while (length > 0) {
    int64_t n = c.innerStride() == 1 ? std::min(length, c.rowRemaining()) : 1;
    if (!appendSegment(out, base + uintptr_t(c.offset * es), n * es, limit))
      return false;
    length -= n;
    if (length > 0)
      c.advance(n);
  }
  return true;
}

bool appendViewSegments(const View &v, size_t limit, std::vector<Segment> &out) {
  if (v.volume() == 0)
    return true;
  return appendLinearSegments(v, LinearLayout(v), 0, v.volume(), limit, out);
}

// Direct transfers only (large: a View per piece is fine there).
bool appendViewSegments(const Strided &s, size_t es, size_t limit, std::vector<Segment> &out) {
  View v;
  v.data = s.data;
  v.elemSize = es;
  v.sizes.assign(s.sizes, s.sizes + s.rank);
  v.strides.assign(s.strides, s.strides + s.rank);
  return appendViewSegments(v, limit, out);
}

} // namespace

bool sourceSegments(const std::vector<BoxPiece> &pieces, const PieceFrame &frame,
                    const View &input, size_t limit, std::vector<Segment> &out) {
  for (const BoxPiece &p : pieces)
    if (!appendViewSegments(inputPart(p, frame, input), input.elemSize, limit, out))
      return false;
  return true;
}

bool targetSegments(const std::vector<BoxPiece> &pieces, const PieceFrame &frame,
                    const std::vector<View> &outputs, size_t limit,
                    std::vector<Segment> &out) {
  for (const BoxPiece &p : pieces)
    if (!appendViewSegments(outputPart(p, frame, outputs), outputs[p.target].elemSize, limit,
                            out))
      return false;
  return true;
}

bool sourceSegments(const std::vector<RunPiece> &pieces, const View &input,
                    size_t limit, std::vector<Segment> &out) {
  LinearLayout in(input);
  for (const RunPiece &p : pieces)
    if (!appendLinearSegments(input, in, p.srcPos, p.length, limit, out))
      return false;
  return true;
}

bool targetSegments(const std::vector<RunPiece> &pieces, const View &output,
                    size_t limit, std::vector<Segment> &out) {
  LinearLayout layout(output);
  for (const RunPiece &p : pieces)
    if (!appendLinearSegments(output, layout, p.dstPos, p.length, limit, out))
      return false;
  return true;
}

// ---- reads from another process (direct transfers) --------------------------

namespace {

// Segments of at least this average length are read straight into the
// outputs; shorter ones go through a staging buffer.
constexpr int64_t kMinAverageSegmentBytes = 512;
// The staging tile of a transposing read: it stays in the L2 cache between
// the read and the transposition.
// (512 KiB: 16 rows of 4096 doubles, the transposition kernel's block width).
constexpr int64_t kTileBytes = int64_t(512) << 10;
// Pieces from this size up are written with non-temporal stores, tile by
// tile (StridedCopy.h).
constexpr int64_t kStreamedBytes = int64_t(4) << 20;

size_t segmentLimit(int64_t bytes) {
  return static_cast<size_t>(std::max<int64_t>(1, bytes / kMinAverageSegmentBytes));
}

bool isIdentity(const Shape &axes) {
  for (size_t i = 0; i < axes.size(); ++i)
    if (axes[i] != static_cast<int64_t>(i))
      return false;
  return true;
}

} // namespace

void copyBoxesMapped(const std::vector<BoxPiece> &pieces, const PieceFrame &frame,
                     const View &mapped, const Box &box, const std::vector<View> &outputs,
                     Accumulate add) {
  const size_t es = mapped.elemSize;
  for (const BoxPiece &p : pieces) {
    const int64_t bytes = p.source.volume() * static_cast<int64_t>(es);
    if (bytes == 0)
      continue;
    copy(es, outputPart(p, frame, outputs), inOutputOrder(sourcePart(p, box, mapped), frame.axes),
         bytes >= kStreamedBytes, add);
  }
}

void readBoxesRemote(const std::vector<BoxPiece> &pieces, const PieceFrame &frame,
                     const View &remote, const Box &box, const std::vector<View> &outputs,
                     const RemoteReader &reader, Accumulate add) {
  const size_t es = remote.elemSize;
  const int rank = remote.rank();
  std::vector<Segment> local, source;
  Buffer staging;
  int64_t stagingBytes = 0;
  for (const BoxPiece &p : pieces) {
    const int64_t bytes = p.source.volume() * static_cast<int64_t>(es);
    if (bytes == 0)
      continue;
    if ((rank == 0 || isIdentity(frame.axes)) && add == Accumulate::Assign) {
      // Same order on both sides: one copy if both are long rows.
      local.clear();
      source.clear();
      size_t limit = segmentLimit(bytes);
      if (appendViewSegments(outputPart(p, frame, outputs), es, limit, local) &&
          appendViewSegments(sourcePart(p, box, remote), es, limit, source)) {
        reader.read(local, source);
        continue;
      }
    }
    if (rank == 0) {
      // One element, added (a copy took the path above): through the tile.
      if (bytes > stagingBytes) {
        staging = Buffer(static_cast<size_t>(bytes));
        stagingBytes = bytes;
      }
      local.assign(1, {reinterpret_cast<uintptr_t>(staging.data()), bytes});
      source.clear();
      appendViewSegments(sourcePart(p, box, remote), es, SIZE_MAX, source);
      reader.read(local, source);
      Strided out = outputPart(p, frame, outputs);
      copy(es, out, out.dense(staging.data()), false, add);
      continue;
    }
    // Slabs of the piece along its first input dimension, each read into the
    // tile (dense, input order) and copied (or added) from there into the
    // outputs.
    int64_t slice = bytes / p.source.sizes[0];
    int64_t rows = std::max<int64_t>(1, kTileBytes / slice);
    rows = std::min(rows, p.source.sizes[0]);
    if (rows * slice > stagingBytes) {
      staging = Buffer(static_cast<size_t>(rows * slice));
      stagingBytes = rows * slice;
    }
    for (int64_t r0 = 0; r0 < p.source.sizes[0]; r0 += rows) {
      BoxPiece q = p;
      q.source.offsets[0] += r0;
      q.source.sizes[0] = std::min(rows, p.source.sizes[0] - r0);
      Strided dense = sourcePart(q, box, remote).dense(staging.data());
      local.assign(1, {reinterpret_cast<uintptr_t>(staging.data()),
                       dense.volume() * static_cast<int64_t>(es)});
      source.clear();
      appendViewSegments(sourcePart(q, box, remote), es, SIZE_MAX, source);
      reader.read(local, source);
      // The tile in output order.
      copy(es, outputPart(q, frame, outputs), inOutputOrder(dense, frame.axes),
           bytes >= kStreamedBytes, add);
    }
  }
}

void readRunsRemote(const std::vector<RunPiece> &pieces, const View &remote,
                    const View &output, const RemoteReader &reader, Accumulate add) {
  const int64_t bytes = pieceElements(pieces) * static_cast<int64_t>(output.elemSize);
  if (bytes == 0)
    return;
  std::vector<Segment> local, source;
  size_t limit = segmentLimit(bytes);
  if (add == Accumulate::Assign && targetSegments(pieces, output, limit, local) &&
      sourceSegments(pieces, remote, limit, source)) {
    reader.read(local, source);
    return;
  }
  Buffer staging(static_cast<size_t>(bytes));
  local.assign(1, {reinterpret_cast<uintptr_t>(staging.data()), bytes});
  source.clear();
  sourceSegments(pieces, remote, SIZE_MAX, source);
  reader.read(local, source);
  unpackRuns(pieces, output, staging.data(), add);
}

} // namespace idtr
