// The balanced factoring of a team into a process grid's `?` axes
// (Grid.h), as MPI_Dims_create gives it.
#include "geometry/Grid.h"

#include <gtest/gtest.h>

using namespace idtr;

namespace {

TEST(Grid, KnownFactorings) {
  EXPECT_EQ(balancedGridFactors(1, 2), (Shape{1, 1}));
  EXPECT_EQ(balancedGridFactors(2, 2), (Shape{2, 1}));
  EXPECT_EQ(balancedGridFactors(3, 2), (Shape{3, 1}));
  EXPECT_EQ(balancedGridFactors(4, 2), (Shape{2, 2}));
  EXPECT_EQ(balancedGridFactors(6, 2), (Shape{3, 2}));
  EXPECT_EQ(balancedGridFactors(12, 2), (Shape{4, 3}));
  EXPECT_EQ(balancedGridFactors(1024, 2), (Shape{32, 32}));
  EXPECT_EQ(balancedGridFactors(8, 3), (Shape{2, 2, 2}));
  EXPECT_EQ(balancedGridFactors(7, 1), (Shape{7}));
}

// Every factoring multiplies to n and is non-increasing; a square count is
// factored into its square root.
TEST(Grid, Properties) {
  for (int n = 1; n <= 64; ++n)
    for (int axes = 1; axes <= 3; ++axes) {
      Shape dims = balancedGridFactors(n, axes);
      int64_t product = 1;
      for (size_t i = 0; i < dims.size(); ++i) {
        product *= dims[i];
        if (i)
          EXPECT_GE(dims[i - 1], dims[i]);
      }
      EXPECT_EQ(product, n);
    }
  for (int64_t k = 1; k <= 40; ++k)
    EXPECT_EQ(balancedGridFactors(k * k, 2), (Shape{k, k}));
}

} // namespace
