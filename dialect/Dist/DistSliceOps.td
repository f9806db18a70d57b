//===- DistSliceOps.td - slices and concatenation ----------*- tablegen -*-===//
//
// numpy's basic indexing of a distributed tensor: `a[lo:hi:step, ...]`, its
// inverse (assigning into a slice) and concatenation. Bounds are global
// indices with numpy's meaning (negative counts from the end, out of range
// clamps), constants (attributes) or index values the same on every rank,
// so the count of each dimension is a function of the global size and the
// bounds and every rank computes the same one.
//
//===----------------------------------------------------------------------===//

#ifndef DIST_SLICE_OPS
#define DIST_SLICE_OPS

// The parser and printer of `[lo:hi:step, ...]` (DistSliceOps.cpp), as
// static members so that the generated code finds them.
defvar SliceRangesDecl = [{
  static ::mlir::ParseResult parseSliceRanges(
      ::mlir::OpAsmParser &parser,
      ::llvm::SmallVectorImpl<::mlir::OpAsmParser::UnresolvedOperand>
          &dynamicLows,
      ::llvm::SmallVectorImpl<::mlir::OpAsmParser::UnresolvedOperand>
          &dynamicHighs,
      ::llvm::SmallVectorImpl<::mlir::OpAsmParser::UnresolvedOperand>
          &dynamicSteps,
      ::mlir::DenseI64ArrayAttr &lows, ::mlir::DenseI64ArrayAttr &highs,
      ::mlir::DenseI64ArrayAttr &steps);
  static void printSliceRanges(::mlir::OpAsmPrinter &printer,
                               ::mlir::Operation *op,
                               ::mlir::OperandRange dynamicLows,
                               ::mlir::OperandRange dynamicHighs,
                               ::mlir::OperandRange dynamicSteps,
                               ::mlir::DenseI64ArrayAttr lows,
                               ::mlir::DenseI64ArrayAttr highs,
                               ::mlir::DenseI64ArrayAttr steps);
  /// lo, hi and step of every dimension, constants or the run-time
  /// operands (ShapedType::kDynamic in the attribute); an omitted lo or hi
  /// is the constant kSliceEnd (SliceBounds.h).
  ::llvm::SmallVector<::mlir::OpFoldResult> getMixedLows();
  ::llvm::SmallVector<::mlir::OpFoldResult> getMixedHighs();
  ::llvm::SmallVector<::mlir::OpFoldResult> getMixedSteps();
}];

def Dist_SliceOp : Dist_Op<"slice", [NoMemoryEffect,
    AttrSizedOperandSegments]> {
  let summary = "numpy basic slice `a[lo:hi:step, ...]` of a distributed tensor";
  let description = [{
    One range `lo:hi:step` per dimension, with numpy's meaning on the
    global indices: a negative `lo` or `hi` counts from the end of the
    dimension, bounds outside it are clamped, `step` (not 0) defaults to 1;
    with a positive step `lo` defaults to 0 and `hi` to the size, with a
    negative one (`::-1` reverses) `lo` to the last element and `hi` to
    before the first. `:` alone keeps the whole dimension. The result has
    numpy's count of elements along a dimension (`ceil((hi - lo) / step)`,
    0 when the range is empty), the same element type and rank. Each of
    `lo`, `hi` and `step` is an integer constant or an `index` value
    (`[%lo:%hi:%s]`), normalised the same way at run time, where a zero
    step stops the program with the op's location.

    Every rank cuts its part of the slice out of its block (no
    communication). With an `irregular` result split like the source (the
    same split dimension, or the same dimensions over the same process
    grid) these pieces are the result: the slice is free when the step
    along every split dimension is a positive constant. A balanced result
    needs a redistribution (`distruntime.copy_reshape`), except when every
    split dimension is taken whole (`:`) from a balanced source split the
    same way: then the pieces are already balanced. Source and result may
    be 1-D or on process grids, in any combination.

    ```mlir
    %inner = dist.slice %u [1:-1, 1:-1] : !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64>
    %even = dist.slice %x [::2] : !dist.tensor<10xf64> -> !dist.tensor<5xf64>
    %cols = dist.slice %m [:, 2:5] : !dist.tensor<?x8xf64> -> !dist.tensor<?x3xf64>
    %rev = dist.slice %x [::-1] : !dist.tensor<?xf64> -> !dist.tensor<?xf64>
    %blk = dist.slice %g [1:-1, 1:-1]
      : !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>
      -> !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1], irregular>
    %part = dist.slice %x [%lo:%hi:%step] : !dist.tensor<?xf64> -> !dist.tensor<?xf64>
    ```
  }];
  let arguments = (ins Dist_Tensor:$source,
                       Variadic<Index>:$dynamicLows,
                       Variadic<Index>:$dynamicHighs,
                       Variadic<Index>:$dynamicSteps,
                       DenseI64ArrayAttr:$lows,
                       DenseI64ArrayAttr:$highs, DenseI64ArrayAttr:$steps);
  let results = (outs Dist_Tensor:$result);
  let assemblyFormat = [{
    $source custom<SliceRanges>($dynamicLows, $dynamicHighs, $dynamicSteps,
                                $lows, $highs, $steps) attr-dict `:`
    type($source) `->` type($result)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = SliceRangesDecl;
}

def Dist_InsertSliceOp : Dist_Op<"insert_slice", [NoMemoryEffect,
    AttrSizedOperandSegments, AllTypesMatch<["dest", "result"]>]> {
  let summary = "`dest` with a slice replaced by `source` (`d[lo:hi:step] = s`)";
  let description = [{
    The value of `dest` after numpy's `dest[lo:hi:step, ...] = source`:
    the ranges are those of `dist.slice` (global indices of `dest`), and
    `source` has exactly the slice's shape (checked at run time where a
    size is dynamic). The result has `dest`'s type and partition: every
    rank receives the part of `source` that lands in its block
    (`distruntime.copy_reshape`, skipped when `source` is already laid out
    that way: every split dimension taken whole, both balanced and split
    the same way) and writes it into a copy of its block. Either may be
    1-D or on a process grid.

    ```mlir
    %u1 = dist.insert_slice %inner into %u [1:-1, 1:-1]
      : !dist.tensor<?x?xf64> into !dist.tensor<?x?xf64>
    ```
  }];
  let arguments = (ins Dist_Tensor:$source, Dist_Tensor:$dest,
                       Variadic<Index>:$dynamicLows,
                       Variadic<Index>:$dynamicHighs,
                       Variadic<Index>:$dynamicSteps,
                       DenseI64ArrayAttr:$lows, DenseI64ArrayAttr:$highs,
                       DenseI64ArrayAttr:$steps);
  let results = (outs Dist_Tensor:$result);
  let assemblyFormat = [{
    $source `into` $dest custom<SliceRanges>($dynamicLows, $dynamicHighs,
                                             $dynamicSteps, $lows, $highs,
                                             $steps) attr-dict
    `:` type($source) `into` type($dest)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = SliceRangesDecl;
}

def Dist_ConcatOp : Dist_Op<"concat", [NoMemoryEffect]> {
  let summary = "concatenation of distributed tensors along one dimension";
  let description = [{
    `numpy.concatenate(inputs, axis)`: the inputs have the same rank,
    element type and sizes except along `axis`, where the result's size is
    the sum. The result is balanced along its split dimensions (1-D or on
    a process grid): every rank receives the parts of the inputs that land
    in its block (`distruntime.copy_reshape`), except from an input that is
    already laid out that way (`axis` is not a split dimension of the
    result and the input is balanced and split like it), which costs a
    local copy.

    ```mlir
    %c = dist.concat %a, %b axis 0 : !dist.tensor<?x4xf64>, !dist.tensor<?x4xf64> -> !dist.tensor<?x4xf64>
    ```
  }];
  let arguments = (ins Variadic<Dist_Tensor>:$inputs, I64Attr:$axis);
  let results = (outs Dist_Tensor:$result);
  let assemblyFormat = [{
    $inputs `axis` $axis attr-dict `:` type($inputs) `->` type($result)
  }];
  let hasVerifier = 1;
}

#endif // DIST_SLICE_OPS
