//===- DistLinalgOps.td - dist linear algebra --------------*- tablegen -*-===//
//
// Linear algebra on distributed tensors. Included from DistOps.td, whose
// Dist_Tensor constraint it uses; the verifiers are in DistLinalgOps.cpp,
// the lowering in passes/Conversion/DistToDistRuntime/MatmulLowering.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef DIST_LINALG_OPS
#define DIST_LINALG_OPS

def Dist_MatmulOp : Dist_Op<"matmul", [NoMemoryEffect]> {
  let summary = "matrix product (and matrix-vector product) of distributed tensors";
  let description = [{
    `C = A B` (`numpy.matmul` / `@` for these ranks): `A` is `M x K`, `B` is
    `K x N` and the result `M x N`; with a vector `B` of `K` elements the
    result is the vector `A B` of `M` elements. All three have the same
    element type (integer or float) and team; the operands may be in any
    partition (row blocks, column blocks, irregular), the result is
    balanced.

    The lowering chooses the algorithm from the partitions (docs/dist.md,
    "Matrix products"): `A` in row blocks fetches `B` in column panels
    while it multiplies the panels already there, `B` and the result in
    column blocks fetch `A` instead, `A` in column blocks multiplies its
    block by the matching rows of `B` and combines the partial products
    across the ranks. When an operand or the result is on a 2-D process
    grid (`grid = [?, ?]` or static), the product is SUMMA on that grid:
    the operands are moved to its balanced `split = [0, 1]` blocks if they
    are not there, and for each panel of the inner dimension the panel of
    `A` is broadcast along the grid rows and that of `B` along the grid
    columns while the previous panels are multiplied. A matrix-vector
    product with `A` on a 2-D grid leaves `A` in place: each rank fetches
    the piece of `x` under its columns, multiplies its block, and the
    partial results are summed within its grid row (an allreduce on the
    row's sub-grid team) and stored into the vector's blocks; vectors may
    be in any 1-D partition or on a grid of one axis. Matrices on grids of
    other than 2 axes are refused. The local products are
    `linalg.matmul` / `linalg.matvec`, which the pipeline tiles and
    vectorizes.

    ```mlir
    %c = dist.matmul %a, %b : !dist.tensor<?x?xf64>, !dist.tensor<?x?xf64>
                           -> !dist.tensor<?x?xf64>
    %y = dist.matmul %a, %x : !dist.tensor<?x?xf64>, !dist.tensor<?xf64>
                           -> !dist.tensor<?xf64>
    %d = dist.matmul %a, %bc : !dist.tensor<?x?xf64, split = 1>,
                               !dist.tensor<?x?xf64>
                            -> !dist.tensor<?x?xf64, split = 1>
    %g = dist.matmul %ga, %gb : !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>,
                                !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>
                             -> !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>
    %gy = dist.matmul %ga, %x : !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>,
                                !dist.tensor<?xf64> -> !dist.tensor<?xf64>
    ```
  }];
  let arguments = (ins Dist_Tensor:$lhs, Dist_Tensor:$rhs);
  let results = (outs Dist_Tensor:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs) `->` type($result)
  }];
  let hasVerifier = 1;
}

#endif // DIST_LINALG_OPS
