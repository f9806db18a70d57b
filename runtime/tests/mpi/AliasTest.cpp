// Copies whose output is the input's own buffer (the same memory passed as
// both through the C ABI). Outputs are written while the input is still
// being read - the local part straight from input to output, peers'
// messages possibly before this rank packed its input - so the runtime
// copies such an input first. Before, an in-place transpose was silently
// wrong.
#include "Entries.h"
#include "TestSupport.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <vector>

using namespace idtr_test;

// The N x N matrix A[i][j] = i * N + j, rows split evenly over the ranks,
// transposed into the same row split, in place.
TEST(Alias, PermuteInPlace) {
  int P = worldSize(), me = worldRank();
  for (int64_t rows : {int64_t(1), int64_t(4), int64_t(37)}) {
    int64_t N = rows * P;
    std::vector<double> data(rows * N);
    for (int64_t i = 0; i < rows; ++i)
      for (int64_t j = 0; j < N; ++j)
        data[i * N + j] = static_cast<double>((me * rows + i) * N + j);
    int64_t sizes[2] = {rows, N}, shape[2] = {N, N}, offs[2] = {me * rows, 0},
            axes[2] = {1, 0};
    IDTR_MEMREF(double, 2) part;
    idtr_init_contiguous(&part, data.data(), 2, sizes);
    idtr_index_array_t g = idtr_index_array(shape, 2), o = idtr_index_array(offs, 2),
                       ax = idtr_index_array(axes, 2);
    _idtr_wait(_idtr_copy_permute_f64(0, 1, &g, 1, &o, 2, &part, 1, &o, 2, &part, 1, &ax));
    int64_t bad = 0;
    for (int64_t i = 0; i < rows; ++i)
      for (int64_t j = 0; j < N; ++j)
        bad += data[i * N + j] != static_cast<double>(j * N + me * rows + i);
    EXPECT_EQ(bad, 0) << rows << " rows per rank";
  }
}

// A 1-D array whose blocks move to the mirrored rank, received into the
// buffer they are sent from; and a reshape [P*6] -> [P*6] shifted by half a
// block within one buffer's view (output and input overlap partially).
TEST(Alias, ReshapeInPlace) {
  int P = worldSize(), me = worldRank();
  const int64_t B = 6;
  int64_t n = B * P;
  std::vector<int32_t> data(B);
  for (int64_t i = 0; i < B; ++i)
    data[i] = static_cast<int32_t>(me * B + i);
  int64_t shape[1] = {n}, inOff[1] = {me * B}, outOff[1] = {(P - 1 - me) * B};
  IDTR_MEMREF(int32_t, 1) part;
  idtr_init_contiguous(&part, data.data(), 1, &B);
  idtr_index_array_t g = idtr_index_array(shape, 1), io = idtr_index_array(inOff, 1),
                     oo = idtr_index_array(outOff, 1);
  _idtr_wait(_idtr_copy_reshape_i32(0, 1, &g, 1, &io, 1, &part, 1, &g, 1, &oo, 1, &part));
  int64_t bad = 0;
  for (int64_t i = 0; i < B; ++i)
    bad += data[i] != static_cast<int32_t>((P - 1 - me) * B + i);
  EXPECT_EQ(bad, 0);

  // Input: elements [0, B) of a buffer of 2B; output: elements [B/2, B/2+B)
  // of the same buffer, holding the same global block (a copy in place
  // shifted by half a block).
  std::vector<int32_t> buffer(2 * B, -1);
  for (int64_t i = 0; i < B; ++i)
    buffer[i] = static_cast<int32_t>(me * B + i);
  IDTR_MEMREF(int32_t, 1) in, out;
  idtr_init_contiguous(&in, buffer.data(), 1, &B);
  idtr_init_contiguous(&out, buffer.data() + B / 2, 1, &B);
  _idtr_wait(_idtr_copy_reshape_i32(0, 1, &g, 1, &io, 1, &in, 1, &g, 1, &io, 1, &out));
  bad = 0;
  for (int64_t i = 0; i < B; ++i)
    bad += buffer[B / 2 + i] != static_cast<int32_t>(me * B + i);
  EXPECT_EQ(bad, 0);
}
