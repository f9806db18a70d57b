#include "Pack.h"

#include "StridedCopy.h"

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

// The piece as a sub-view of the input, with dimensions in output order.
View inputPart(const BoxPiece &p, const PieceFrame &f, const View &input) {
  Shape rel(p.source.offsets);
  for (size_t k = 0; k < rel.size(); ++k)
    rel[k] -= f.input.offsets[k];
  View v = input.sub(rel, p.source.sizes);
  v.sizes = permuteToOutput(v.sizes, f.axes);
  v.strides = permuteToOutput(v.strides, f.axes);
  return v;
}

// The piece as a sub-view of the receiver's output `p.target`.
View outputPart(const BoxPiece &p, const PieceFrame &f,
                const std::vector<View> &outputs) {
  const Box &target = f.outputs[p.target];
  Shape rel = permuteToOutput(p.source.offsets, f.axes);
  for (size_t k = 0; k < rel.size(); ++k)
    rel[k] -= target.offsets[k];
  return outputs[p.target].sub(rel, permuteToOutput(p.source.sizes, f.axes));
}

View denseView(char *data, size_t es, const Shape &sizes) {
  View v;
  v.data = data;
  v.elemSize = es;
  v.sizes = sizes;
  v.strides = rowMajorStrides(sizes);
  return v;
}

} // namespace

void packBoxes(const std::vector<BoxPiece> &pieces, const PieceFrame &frame,
               const View &input, char *buffer) {
  for (const BoxPiece &p : pieces) {
    View src = inputPart(p, frame, input);
    copyView(denseView(buffer, input.elemSize, src.sizes), src);
    buffer += src.volume() * input.elemSize;
  }
}

void unpackBoxes(const std::vector<BoxPiece> &pieces, const PieceFrame &frame,
                 const std::vector<View> &outputs, const char *buffer) {
  for (const BoxPiece &p : pieces) {
    View dst = outputPart(p, frame, outputs);
    copyView(dst, denseView(const_cast<char *>(buffer), dst.elemSize, dst.sizes));
    buffer += dst.volume() * dst.elemSize;
  }
}

void copyBoxesLocal(const std::vector<BoxPiece> &pieces, const PieceFrame &frame,
                    const View &input, const std::vector<View> &outputs) {
  for (const BoxPiece &p : pieces)
    copyView(outputPart(p, frame, outputs), inputPart(p, frame, input));
}

char *denseTarget(const std::vector<BoxPiece> &pieces, const PieceFrame &frame,
                  const std::vector<View> &outputs) {
  if (pieces.size() != 1)
    return nullptr;
  View dst = outputPart(pieces[0], frame, outputs);
  return dst.isContiguous() ? dst.data : nullptr;
}

// ---- run pieces -------------------------------------------------------------

namespace {

// A view flattened to its row-major order, with neighbouring dimensions that
// are contiguous in memory merged: position p -> memory offset by mixed radix.
struct LinearLayout {
  Shape sizes, strides; // merged, unit dims dropped; innermost last

  explicit LinearLayout(const View &v) {
    for (int k = 0; k < v.rank(); ++k) {
      if (v.sizes[k] == 1)
        continue;
      if (!sizes.empty() && strides.back() == v.strides[k] * v.sizes[k]) {
        sizes.back() *= v.sizes[k];
        strides.back() = v.strides[k];
      } else {
        sizes.push_back(v.sizes[k]);
        strides.push_back(v.strides[k]);
      }
    }
    if (sizes.empty()) {
      sizes.push_back(1);
      strides.push_back(1);
    }
  }
};

// Walks a LinearLayout from a position, one innermost row at a time.
struct Cursor {
  const LinearLayout &layout;
  Shape index;
  int64_t offset = 0; // in elements

  Cursor(const LinearLayout &l, int64_t pos) : layout(l), index(l.sizes.size()) {
    for (size_t k = l.sizes.size(); k-- > 0;) {
      index[k] = pos % l.sizes[k];
      pos /= l.sizes[k];
      offset += index[k] * l.strides[k];
    }
  }
  int64_t rowRemaining() const { return layout.sizes.back() - index.back(); }
  int64_t innerStride() const { return layout.strides.back(); }
  void advance(int64_t n) {
    size_t k = index.size() - 1;
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

void copyRun(size_t es, char *dst, int64_t ds, const char *src, int64_t ss, int64_t n) {
  if (ds == 1 && ss == 1)
    copyContiguous(dst, src, n * es);
  else
    copyStrided(es, dst, &ds, src, &ss, &n, 1);
}

// Copies `length` elements from position srcPos of `src` to dstPos of `dst`.
void copyLinear(const View &dstView, const LinearLayout &dst, int64_t dstPos,
                const View &srcView, const LinearLayout &src, int64_t srcPos,
                int64_t length) {
  size_t es = dstView.elemSize;
  Cursor d(dst, dstPos), s(src, srcPos);
  while (length > 0) {
    int64_t n = std::min({length, d.rowRemaining(), s.rowRemaining()});
    copyRun(es, dstView.data + d.offset * int64_t(es), d.innerStride(),
            srcView.data + s.offset * int64_t(es), s.innerStride(), n);
    length -= n;
    if (length > 0) {
      d.advance(n);
      s.advance(n);
    }
  }
}

View bufferView(const char *buffer, size_t es, int64_t n) {
  View v;
  v.data = const_cast<char *>(buffer);
  v.elemSize = es;
  v.sizes = {n};
  v.strides = {1};
  return v;
}

} // namespace

void packRuns(const std::vector<RunPiece> &pieces, const View &input, char *buffer) {
  LinearLayout in(input);
  View buf = bufferView(buffer, input.elemSize, pieceElements(pieces));
  LinearLayout bl(buf);
  int64_t pos = 0;
  for (const RunPiece &p : pieces) {
    copyLinear(buf, bl, pos, input, in, p.srcPos, p.length);
    pos += p.length;
  }
}

void unpackRuns(const std::vector<RunPiece> &pieces, const View &output,
                const char *buffer) {
  LinearLayout out(output);
  View buf = bufferView(buffer, output.elemSize, pieceElements(pieces));
  LinearLayout bl(buf);
  int64_t pos = 0;
  for (const RunPiece &p : pieces) {
    copyLinear(output, out, p.dstPos, buf, bl, pos, p.length);
    pos += p.length;
  }
}

void copyRunsLocal(const std::vector<RunPiece> &pieces, const View &input,
                   const View &output) {
  LinearLayout in(input), out(output);
  for (const RunPiece &p : pieces)
    copyLinear(output, out, p.dstPos, input, in, p.srcPos, p.length);
}

char *denseTarget(const std::vector<RunPiece> &pieces, const View &output) {
  if (pieces.size() != 1)
    return nullptr;
  LinearLayout out(output);
  Cursor c(out, pieces[0].dstPos);
  if (c.innerStride() != 1 || c.rowRemaining() < pieces[0].length)
    return nullptr;
  return output.data + c.offset * int64_t(output.elemSize);
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

} // namespace

bool sourceSegments(const std::vector<BoxPiece> &pieces, const PieceFrame &frame,
                    const View &input, size_t limit, std::vector<Segment> &out) {
  for (const BoxPiece &p : pieces)
    if (!appendViewSegments(inputPart(p, frame, input), limit, out))
      return false;
  return true;
}

bool targetSegments(const std::vector<BoxPiece> &pieces, const PieceFrame &frame,
                    const std::vector<View> &outputs, size_t limit,
                    std::vector<Segment> &out) {
  for (const BoxPiece &p : pieces)
    if (!appendViewSegments(outputPart(p, frame, outputs), limit, out))
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

} // namespace idtr
