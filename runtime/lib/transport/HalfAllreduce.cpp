// Reductions of f16 and bf16 arrays (_idtr_allreduce_f16, _reduce_all_bf16,
// ...). MPI has no 16-bit float types, and a user-defined operator on
// 2-byte elements would round every partial combination to 16 bits: the
// elements are widened to f32 (exact), reduced by the f32 path (its
// NaN-propagating min/max, MEAN's division), and rounded back once, to
// nearest even. A sum over P ranks thus rounds once instead of P - 1 times,
// as numpy's float16 sums accumulate in float32.
#include "transport/Allreduce.h"

#include "copy/StridedCopy.h"
#include "support/Buffer.h"
#include "support/Errors.h"

#include <cstring>
#include <vector>

namespace idtr {
namespace {

View denseLike(char *data, size_t elemSize, const View &like) {
  View v;
  v.data = data;
  v.elemSize = elemSize;
  v.sizes = like.sizes;
  v.strides = rowMajorStrides(like.sizes);
  return v;
}

template <typename H>
std::unique_ptr<Operation> reduceAsFloat(Team &team, const View &in, const View &out,
                                         int32_t op) {
  if (in.sizes != out.sizes)
    fail("allreduce: input and output shapes differ (%s vs %s)", str(in.sizes).c_str(),
         str(out.sizes).c_str());
  size_t n = static_cast<size_t>(out.volume());
  // The halves densely (in may be strided), then widened.
  Buffer halves(n * sizeof(H));
  copyView(denseLike(halves.data(), sizeof(H), in), in);
  std::vector<float> wide(n);
  const H *h = reinterpret_cast<const H *>(halves.data());
  for (size_t i = 0; i < n; ++i)
    wide[i] = toFloat(h[i]);
  View floats = denseLike(reinterpret_cast<char *>(wide.data()), sizeof(float), out);
  if (auto pending = startAllreduce<float>(team, floats, floats, op))
    pending->complete();
  H *narrow = reinterpret_cast<H *>(halves.data());
  for (size_t i = 0; i < n; ++i)
    narrow[i] = fromFloat<H>(wide[i]);
  copyView(out, denseLike(halves.data(), sizeof(H), out));
  return nullptr;
}

} // namespace

template <>
std::unique_ptr<Operation> startAllreduce<Half>(Team &team, const View &in, const View &out,
                                                int32_t op) {
  return reduceAsFloat<Half>(team, in, out, op);
}

template <>
std::unique_ptr<Operation> startAllreduce<BFloat16>(Team &team, const View &in,
                                                    const View &out, int32_t op) {
  return reduceAsFloat<BFloat16>(team, in, out, op);
}

template <> bool allreduceSmallDense<Half>(Team &, const Half *, Half *, int64_t, int32_t) {
  return false;
}

template <>
bool allreduceSmallDense<BFloat16>(Team &, const BFloat16 *, BFloat16 *, int64_t, int32_t) {
  return false;
}

} // namespace idtr
