// The flat encoding of a Geometry (Geometry.h) and the names of the kinds.
#include "geometry/Geometry.h"

#include "support/Errors.h"

namespace idtr {

const char *opName(OpKind kind) {
  switch (kind) {
  case OpKind::Reshape: return "copy_reshape";
  case OpKind::Permute: return "copy_permute";
  case OpKind::Halo: return "update_halo";
  }
  return "?";
}

// ---- encoding ---------------------------------------------------------------

namespace {
void put(std::vector<int64_t> &out, const Shape &v) {
  out.push_back(static_cast<int64_t>(v.size()));
  out.insert(out.end(), v.begin(), v.end());
}

struct Reader {
  const int64_t *p, *end;
  int64_t next() {
    if (p >= end)
      fail("corrupt geometry record");
    return *p++;
  }
  Shape shape() {
    int64_t n = next();
    if (n < 0 || n > end - p)
      fail("corrupt geometry record");
    Shape v(p, p + n);
    p += n;
    return v;
  }
};

} // namespace

std::vector<int64_t> Geometry::encode() const {
  std::vector<int64_t> out;
  out.push_back(static_cast<int64_t>(kind));
  put(out, inShape);
  put(out, input.offsets);
  put(out, input.sizes);
  put(out, outShape);
  put(out, axes);
  out.push_back(static_cast<int64_t>(outputs.size()));
  for (const Box &b : outputs) {
    put(out, b.offsets);
    put(out, b.sizes);
  }
  return out;
}

Geometry Geometry::decode(const int64_t *data, int64_t length) {
  Reader r{data, data + length};
  Geometry g;
  g.kind = static_cast<OpKind>(r.next());
  g.inShape = r.shape();
  g.input.offsets = r.shape();
  g.input.sizes = r.shape();
  g.outShape = r.shape();
  g.axes = r.shape();
  int64_t n = r.next();
  if (n < 0 || n > length)
    fail("corrupt geometry record");
  g.outputs.resize(n);
  for (Box &b : g.outputs) {
    b.offsets = r.shape();
    b.sizes = r.shape();
  }
  return g;
}

} // namespace idtr
