//===- DistTypes.td - dist types ---------------------------*- tablegen -*-===//

#ifndef DIST_TYPES
#define DIST_TYPES

include "DistBase.td"
include "mlir/IR/BuiltinTypeInterfaces.td"

def Dist_TensorType : TypeDef<Dist_Dialect, "DistTensor"> {
  let mnemonic = "tensor";
  let summary = "a tensor distributed over a team of ranks";
  let description = [{
    Syntax:

    ```
    dist-tensor ::= `!dist.tensor<` dimension-list element-type
                    (`,` `team` `=` integer)? (`,` `split` `=` integer)?
                    (`,` `irregular`)? `>`
                  | `!dist.tensor<` dimension-list element-type
                    (`,` `team` `=` integer)?
                    `,` `grid` `=` `[` grid-extents `]`
                    `,` `split` `=` `[` integer-list `]`
                    (`,` `irregular`)? `>`
    grid-extents ::= (integer | `?`) (`,` (integer | `?`))*
    ```

    A global array of the given shape (`?` for dimensions known only at run
    time) and element type, held by the ranks of team `team` (default 0).
    Each rank holds a contiguous block of dimension `split` (default 0) and
    all of the other dimensions. The blocks are balanced unless the type is
    `irregular`: then they are contiguous and in rank order but of any size,
    as built by `dist.from_local`.

    This rank's part is a `tensor` with the same shape except that dimension
    `split` is dynamic (`getLocalType()`).

    With `grid`, the team is a row-major process grid with one axis per
    extent (rank = linear index, last axis fastest) and tensor dimension
    `split[i]` is split over grid axis `i` with the balanced formula of the
    1-D form, each axis on its own: the rank at grid coordinates
    (c0, c1, ...) holds the balanced block c_i of dimension split[i] for
    every i and all of the other dimensions. A `?` extent is chosen at run
    time, as `MPI_Dims_create` does: the team size divided by the static
    extents is factored into the `?` axes as evenly as possible, larger
    factors first, the same on every rank without communication. The
    product of the extents must be the team size (checked at run time);
    static extents whose product does not fit in int64 are rejected. With
    `irregular` the blocks along each grid axis are contiguous and in grid
    order but of any size (as `dist.from_local` builds them): the ranks
    with the same coordinate c_i hold the same range of dimension
    split[i], so the blocks are still the product of one partition per
    axis.
    `grid = [?], split = [d]` is the 1-D form `split = d`.
    Every split dimension is dynamic in the local type.

    Examples:

    ```mlir
    !dist.tensor<1024x1024xf64>
    !dist.tensor<?x8xi32, split = 1>
    !dist.tensor<?xf64, team = 1, irregular>
    !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>
    !dist.tensor<64x64x3xf32, grid = [2, ?], split = [1, 0]>
    !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1], irregular>
    ```
  }];
  let parameters = (ins
    ArrayRefParameter<"int64_t">:$shape,
    "::mlir::Type":$elementType,
    DefaultValuedParameter<"int64_t", "0">:$team,
    DefaultValuedParameter<"int64_t", "0">:$split,
    DefaultValuedParameter<"bool", "true">:$balanced,
    OptionalArrayRefParameter<"int64_t">:$grid,
    OptionalArrayRefParameter<"int64_t">:$gridSplit);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let skipDefaultBuilders = 0;
  let extraClassDeclaration = [{
    int64_t getRank() const { return getShape().size(); }
    bool isDynamicDim(unsigned d) const {
      return ::mlir::ShapedType::isDynamic(getShape()[d]);
    }
    /// Whether the team is a process grid (`grid = [...]`): then
    /// `getGridSplit()[i]` is the dimension split over grid axis i and
    /// `getSplit()` means nothing.
    bool isGrid() const { return !getGrid().empty(); }
    /// The dimensions split over the ranks: `split`, or those of the grid.
    ::llvm::SmallVector<int64_t> getSplitDims() const;
    /// The grid axis dimension `d` is split over, or -1 if it is not split
    /// (for the 1-D form: 0 for `split`).
    int64_t getGridAxisOf(int64_t d) const;
    /// The type of this rank's part: the global shape with dynamic split
    /// dimensions.
    ::mlir::RankedTensorType getLocalType() const;
    /// The type of the whole array on one rank (after dist.gather).
    ::mlir::RankedTensorType getGlobalTensorType() const;
    /// True if both types put the same elements on the same rank whenever
    /// their global shapes agree (same team, split and balanced partition).
    bool hasSamePartitionAs(DistTensorType other) const;
    /// This type with another shape, element type, split or balance.
    DistTensorType withShape(::llvm::ArrayRef<int64_t> shape) const;
    DistTensorType withElementType(::mlir::Type elementType) const;
    /// A 1-D partition (drops the grid).
    DistTensorType withPartition(int64_t split, bool balanced) const;
    /// A grid partition (`grid` empty: the 1-D form along `splits[0]`),
    /// balanced per axis unless `balanced` is false (`irregular`).
    DistTensorType withGrid(::llvm::ArrayRef<int64_t> grid,
                            ::llvm::ArrayRef<int64_t> splits,
                            bool balanced = true) const;
  }];
}

// Internal: built by distc-form-stencils, lowered by
// convert-dist-to-distruntime; programs do not write it.
def Dist_HaloType : TypeDef<Dist_Dialect, "Halo"> {
  let mnemonic = "halo";
  let summary = "a distributed tensor's part with its halos (internal)";
  let description = [{
    Syntax:

    ```
    halo ::= `!dist.halo<` dist-tensor `,` `low` `=` `[` widths `]` `,`
             `high` `=` `[` widths `]` (`,` `periodic` `=` mask)?
             (`,` `corners` `=` `false`)? `>`
    ```

    The value of `dist.halo`: this rank's part of a `!dist.tensor` (the
    `source` type) together with the elements around it that a stencil
    reads, `low[d]` before and `high[d]` after the part in every dimension
    `d`: rows of the neighbouring ranks along dimension 0 and the fill value
    outside the global array. It is the extended tensor of `dist.extend`
    before it is assembled: `dist.stencil` reads windows of it without
    building it. The widths are part of the type because they decide what
    it lowers to (halo rows are exchanged only when `low[0]` or `high[0]`
    is not zero).

    `periodic` (a bit per dimension, as `distruntime.update_grid_halo`'s;
    0 when left out) makes the halos wrap around the array in those
    dimensions instead of holding the fill value: the halo of a periodic
    `dist.shift`. It is exchanged with update_grid_halo on any split
    dimension and needs a balanced partition.

    `corners = false` leaves out the elements that lie outside the part in
    two or more of the dimensions that reach other ranks (the split
    dimensions) or wrap around (the periodic ones): the halo is the faces
    only, what a star stencil (a 5-point one in 2-D) reads. Its exchange then
    sends no corner element and no message to a diagonal neighbour
    (`distruntime.update_grid_halo` with `corners = false`). A
    `dist.stencil` may not read such a halo with a shift that moves along
    two of those dimensions at once. `distc-form-stencils` sets it when
    none of the shifts of the halo does.

    Example:

    ```mlir
    !dist.halo<!dist.tensor<?x?xf64>, low = [1, 1], high = [1, 1]>
    !dist.halo<!dist.tensor<?xf64>, low = [1], high = [1], periodic = 1>
    !dist.halo<!dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>,
               low = [1, 1], high = [1, 1], corners = false>
    ```
  }];
  // `source` is a ::mlir::Type so that it prints in full (!dist.tensor<..>).
  let parameters = (ins "::mlir::Type":$source,
                        ArrayRefParameter<"int64_t">:$low,
                        ArrayRefParameter<"int64_t">:$high,
                        DefaultValuedParameter<"int64_t", "0">:$periodic,
                        DefaultValuedParameter<"bool", "true">:$corners);
  let assemblyFormat = [{
    `<` $source `,` `low` `=` `[` $low `]` `,` `high` `=` `[` $high `]`
    `` custom<HaloOptions>($periodic, $corners) `>`
  }];
  let builders = [
    TypeBuilder<(ins "::mlir::Type":$source, "::llvm::ArrayRef<int64_t>":$low,
                     "::llvm::ArrayRef<int64_t>":$high,
                     CArg<"int64_t", "0">:$periodic), [{
      return $_get($_ctxt, source, low, high, periodic, /*corners=*/true);
    }]>
  ];
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    DistTensorType getSourceType() const {
      return ::llvm::cast<DistTensorType>(getSource());
    }
    int64_t getRank() const { return getLow().size(); }
    /// Whether halo rows are exchanged along dimension 0 (update_halo: a
    /// 1-D split along dimension 0; a grid, or another split, exchanges
    /// grid slabs instead, update_grid_halo).
    bool hasHaloRows() const {
      return getPeriodic() == 0 && !getSourceType().isGrid() &&
             getSourceType().getSplit() == 0 &&
             (getLow()[0] != 0 || getHigh()[0] != 0);
    }
    /// Whether a shift by `shift` reads outside the part in two or more
    /// dimensions that reach other ranks or wrap around (a corner), which
    /// a halo without corners does not hold (dist::shiftReadsCorner).
    bool readsCorner(::llvm::ArrayRef<int64_t> shift) const {
      return shiftReadsCorner(getSourceType(), getPeriodic(), shift);
    }
  }];
}

#endif // DIST_TYPES
