//===- DistOps.td - dist operations ------------------------*- tablegen -*-===//
//
// Operations on distributed tensors. Value-semantic ops have no memory
// effects: every rank runs the same program, so erasing, merging or hoisting
// a dist op happens identically on all ranks and keeps collectives matched.
// Communication appears only when lowering to distruntime, whose ops are
// ordered by their effects.
//
//===----------------------------------------------------------------------===//

#ifndef DIST_OPS
#define DIST_OPS

include "DistBase.td"
include "DistTypes.td"
include "mlir/IR/EnumAttr.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"

// The C++ type stays ::mlir::Type so that the declarative printer writes
// the full `!dist.tensor<...>` form (a typed constraint prints it stripped).
def Dist_Tensor : Type<CPred<"::llvm::isa<::mlir::dist::DistTensorType>($_self)">,
                       "distributed tensor">;

// The reduction kinds are distruntime's (one enum for both dialects).
include "dialect/DistRuntime/ReduceKind.td"

def Dist_Halo : Type<CPred<"::llvm::isa<::mlir::dist::HaloType>($_self)">,
                     "halo of a distributed tensor">;

class ElementTypeOf<string operand, string tensor>
    : TypesMatchWith<operand # " has the element type of " # tensor,
                     tensor, operand,
                     "::llvm::cast<::mlir::dist::DistTensorType>($_self).getElementType()">;

//===----------------------------------------------------------------------===//
// Team queries
//===----------------------------------------------------------------------===//

class Dist_TeamQueryOp<string mnemonic> : Dist_Op<mnemonic, [Pure]> {
  let arguments = (ins DefaultValuedAttr<I64Attr, "0">:$team);
  let results = (outs Index:$result);
  let assemblyFormat = "attr-dict";
}

def Dist_TeamSizeOp : Dist_TeamQueryOp<"team_size"> {
  let summary = "number of ranks in a team";
  let description = [{
    The number of ranks of team `team` (default 0), known at run time.

    ```mlir
    %n = dist.team_size
    %m = dist.team_size {team = 1 : i64}
    ```
  }];
}

def Dist_TeamMemberOp : Dist_TeamQueryOp<"team_member"> {
  let summary = "this rank's number in a team";
  let description = [{
    This rank's number `r`, `0 <= r < dist.team_size`.

    ```mlir
    %r = dist.team_member
    ```
  }];
}

//===----------------------------------------------------------------------===//
// Creation
//===----------------------------------------------------------------------===//

def Dist_FullOp : Dist_Op<"full", [NoMemoryEffect,
    ElementTypeOf<"value", "result">]> {
  let summary = "a distributed tensor filled with one value";
  let description = [{
    Every element is `%value`. Dynamic dimensions of the result take their
    sizes from the operands in parentheses, in order.

    ```mlir
    %zero = arith.constant 0.0 : f64
    %a = dist.full %zero : !dist.tensor<1024x1024xf64>
    %b = dist.full %zero (%n) : !dist.tensor<?x8xf64>
    ```
  }];
  let arguments = (ins AnyType:$value, Variadic<Index>:$dynamicSizes);
  let results = (outs Dist_Tensor:$result);
  let assemblyFormat = [{
    $value (`(` $dynamicSizes^ `)`)? attr-dict `:` type($result)
  }];
  let hasVerifier = 1;
}

def Dist_GenerateOp : Dist_Op<"generate", [NoMemoryEffect,
    RecursiveMemoryEffects, SingleBlock]> {
  let summary = "a distributed tensor computed from global indices";
  let description = [{
    Like `tensor.generate`, but the block arguments are *global* indices:
    each rank evaluates the region for the elements it owns and yields the
    element value with `dist.yield`. The body is per-element scalar code:
    it must not contain dist or distruntime ops or calls (anywhere, also
    nested), since ranks run it different numbers of times and a
    collective in it would not be matched across ranks.

    ```mlir
    %a = dist.generate : !dist.tensor<4x4xf64> {
    ^bb0(%i: index, %j: index):
      %s = arith.addi %i, %j : index
      %v = arith.index_cast %s : index to i64
      %f = arith.sitofp %v : i64 to f64
      dist.yield %f : f64
    }
    ```
  }];
  let arguments = (ins Variadic<Index>:$dynamicSizes);
  let results = (outs Dist_Tensor:$result);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    (`(` $dynamicSizes^ `)`)? attr-dict `:` type($result) $body
  }];
  let hasRegionVerifier = 1;
}

def Dist_ArangeOp : Dist_Op<"arange", [NoMemoryEffect,
    ElementTypeOf<"start", "result">, ElementTypeOf<"step", "result">]> {
  let summary = "evenly spaced values by step (numpy arange)";
  let description = [{
    A 1-D distributed tensor with element `i` equal to `start + i * step`.
    Its length is the (static or dynamic) size of the result type.

    ```mlir
    %a = dist.arange %c0, %c1 : !dist.tensor<100xi64>
    %b = dist.arange %x0, %dx (%n) : !dist.tensor<?xf64>
    ```
  }];
  let arguments = (ins AnyTypeOf<[AnyInteger, Index, AnyFloat]>:$start,
                       AnyTypeOf<[AnyInteger, Index, AnyFloat]>:$step,
                       Variadic<Index>:$dynamicSizes);
  let results = (outs Dist_Tensor:$result);
  let assemblyFormat = [{
    $start `,` $step (`(` $dynamicSizes^ `)`)? attr-dict `:` type($result)
  }];
  let hasVerifier = 1;
}

def Dist_LinspaceOp : Dist_Op<"linspace", [NoMemoryEffect,
    ElementTypeOf<"start", "result">, ElementTypeOf<"stop", "result">]> {
  let summary = "evenly spaced values over an interval (numpy linspace)";
  let description = [{
    A 1-D floating-point distributed tensor of `n` values from `start` to
    `stop` inclusive, as `numpy.linspace`: element `i` is
    `start + i * step` with `step = (stop - start) / (n - 1)`, except that
    the last element is exactly `stop`, and no element lies outside
    `[min(start, stop), max(start, stop)]` (rounding is clamped). With
    `n == 1` the only element is `start`.

    ```mlir
    %x = dist.linspace %zero, %one : !dist.tensor<11xf64>
    ```
  }];
  let arguments = (ins AnyFloat:$start, AnyFloat:$stop,
                       Variadic<Index>:$dynamicSizes);
  let results = (outs Dist_Tensor:$result);
  let assemblyFormat = [{
    $start `,` $stop (`(` $dynamicSizes^ `)`)? attr-dict `:` type($result)
  }];
  let hasVerifier = 1;
}

def Dist_FromLocalOp : Dist_Op<"from_local", [NoMemoryEffect]> {
  let summary = "a distributed tensor from each rank's part and offset";
  let description = [{
    Each rank contributes `%local` starting at global index `%offset` of the
    split dimension; the other dimensions are complete on every rank. The
    global size of the split dimension is the sum of the parts. At run time
    the parts are checked to be consistent: the offsets tile the split
    dimension in rank order without gaps or overlaps, the other dimensions
    agree on all ranks, and a balanced result type gets balanced parts. A
    violation stops the program with a message.

    On a process grid there is one offset per grid axis (the offset along
    dimension `split[i]`, in grid-axis order). The parts must form one
    partition per axis: the ranks with the same coordinate along axis `i`
    have parts of the same size along `split[i]`, and the offsets tile each
    split dimension in the order of the coordinates. The sizes along axis
    `i` are exchanged within the ranks that differ only in that coordinate
    (an allreduce of `extent(i)` values on that sub-grid team) and checked
    within those that share it (an allreduce of two values): O(extent)
    per rank, not O(P).

    ```mlir
    %d = dist.from_local %part offset %off
      : tensor<?x8xf64> -> !dist.tensor<?x8xf64, irregular>
    %g = dist.from_local %block offset %row, %col
      : tensor<?x?xf64> -> !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1], irregular>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$local, Variadic<Index>:$offsets);
  let results = (outs Dist_Tensor:$result);
  let assemblyFormat = [{
    $local `offset` $offsets attr-dict `:` type($local) `->` type($result)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Queries and local access
//===----------------------------------------------------------------------===//

def Dist_LocalOp : Dist_Op<"local", [Pure]> {
  let summary = "this rank's part of a distributed tensor";
  let description = [{
    The block of the global array that this rank holds: the global shape
    with a dynamic split dimension (`!dist.tensor` `getLocalType()`).

    ```mlir
    %part = dist.local %a : !dist.tensor<1024x8xf64> -> tensor<?x8xf64>
    ```
  }];
  let arguments = (ins Dist_Tensor:$source);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$source attr-dict `:` type($source) `->` type($result)";
  let hasVerifier = 1;
}

def Dist_GlobalDimOp : Dist_Op<"global_dim", [Pure]> {
  let summary = "a dimension of the global shape";
  let description = [{
    ```mlir
    %n = dist.global_dim %a, 0 : !dist.tensor<?x8xf64>
    ```
  }];
  let arguments = (ins Dist_Tensor:$source, I64Attr:$dim);
  let results = (outs Index:$result);
  let assemblyFormat = "$source `,` $dim attr-dict `:` type($source)";
  let hasVerifier = 1;
}

def Dist_LocalOffsetOp : Dist_Op<"local_offset", [Pure]> {
  let summary = "global index where this rank's part starts in a dimension";
  let description = [{
    The global index of the first element of this rank's part along `dim`
    (0 for every dimension but the split one).

    ```mlir
    %o = dist.local_offset %a, 0 : !dist.tensor<?x8xf64>
    ```
  }];
  let arguments = (ins Dist_Tensor:$source, I64Attr:$dim);
  let results = (outs Index:$result);
  let assemblyFormat = "$source `,` $dim attr-dict `:` type($source)";
  let hasVerifier = 1;
}

def Dist_WithLocalOp : Dist_Op<"with_local", [Pure]> {
  let summary = "a distributed tensor laid out like another, with new parts";
  let description = [{
    A distributed tensor with the global shape, team and partition of
    `%like` whose part on this rank is `%local` (which must have the shape of
    `%like`'s part, checked at run time; the element type may differ). No
    communication: this is how the result of local tensor/linalg code
    becomes distributed again.

    ```mlir
    %part = dist.local %a : !dist.tensor<64x8xf64> -> tensor<?x8xf64>
    %sq = linalg.map ins(%part : tensor<?x8xf64>) outs(%init : tensor<?x8xf64>)
      (%x: f64) { %y = arith.mulf %x, %x : f64  linalg.yield %y : f64 }
    %b = dist.with_local %a, %sq
      : !dist.tensor<64x8xf64>, tensor<?x8xf64> -> !dist.tensor<64x8xf64>
    ```
  }];
  let arguments = (ins Dist_Tensor:$like, AnyRankedTensor:$local);
  let results = (outs Dist_Tensor:$result);
  let assemblyFormat = [{
    $like `,` $local attr-dict `:` type($like) `,` type($local) `->` type($result)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Element-wise computation
//===----------------------------------------------------------------------===//

def Dist_YieldOp : Dist_Op<"yield", [Pure, Terminator, ReturnLike,
    ParentOneOf<["GenerateOp", "ElementwiseOp", "StencilOp"]>]> {
  let summary = "yields the element computed by a dist region";
  let description = [{
    ```mlir
    dist.yield %v : f64
    ```
  }];
  let arguments = (ins AnyType:$value);
  let assemblyFormat = "$value attr-dict `:` type($value)";
}

def Dist_ElementwiseOp : Dist_Op<"elementwise", [NoMemoryEffect,
    RecursiveMemoryEffects, SingleBlock]> {
  let summary = "element-wise computation over distributed tensors";
  let description = [{
    Applies the region to corresponding elements of the inputs, which have
    the global shape of the result. The block has one argument per input
    (its element type) and yields the result element. Inputs partitioned
    differently from the result are repartitioned to the result's
    partition first. Values from above (scalars) may be used in the region.
    As for `dist.generate`, the body is per-element scalar code: no dist
    ops other than `dist.index` and the `dist.yield`, no distruntime ops and
    no calls, anywhere in it. Dynamic sizes of the inputs and static sizes
    of the result must agree; that is checked at run time when the types
    leave it open.

    ```mlir
    %c = dist.elementwise %a, %b
      : !dist.tensor<1024xf64>, !dist.tensor<1024xf64> -> !dist.tensor<1024xf64> {
    ^bb0(%x: f64, %y: f64):
      %t = arith.mulf %alpha, %x : f64
      %s = arith.addf %t, %y : f64
      dist.yield %s : f64
    }
    ```
  }];
  let arguments = (ins Variadic<Dist_Tensor>:$inputs);
  let results = (outs Dist_Tensor:$result);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    $inputs attr-dict `:` type($inputs) `->` type($result) $body
  }];
  let hasRegionVerifier = 1;
}

def Dist_IndexOp : Dist_Op<"index", [Pure,
    ParentOneOf<["ElementwiseOp", "StencilOp"]>]> {
  let summary = "global index of the element a dist.elementwise computes";
  let description = [{
    Inside the body of `dist.elementwise`, the global index along `dim` of
    the element being computed (like `linalg.index`, but global: the same
    value on whichever rank owns the element). It lets a computation depend
    on the position without materializing a tensor of coordinates, e.g. a
    source term that is nonzero on part of the grid. It must be directly in
    the body (compute it before an `scf.if` that needs it).

    ```mlir
    %b = dist.elementwise %a : !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64> {
    ^bb0(%x: f64):
      %i = dist.index 0 : index
      %in = arith.cmpi ult, %i, %rows : index
      %y = arith.select %in, %x, %zero : f64
      dist.yield %y : f64
    }
    ```
  }];
  let arguments = (ins I64Attr:$dim);
  let results = (outs Index:$result);
  let assemblyFormat = "$dim attr-dict `:` type($result)";
  let hasVerifier = 1;
}

class Dist_BinaryOp<string mnemonic, string what>
    : Dist_Op<mnemonic, [NoMemoryEffect]> {
  let summary = "element-wise " # what # " of two distributed tensors";
  let description = [{
    Element-wise }] # what # [{ (signed for integers). The operands have the
    global shape of the result; an operand partitioned differently is
    repartitioned first. The short form `: T` means all three types are T.

    ```mlir
    %c = dist.}] # mnemonic # [{ %a, %b : !dist.tensor<16x16xf64>
    %d = dist.}] # mnemonic # [{ %a, %t : !dist.tensor<16x16xf64>, !dist.tensor<16x16xf64, split = 1> -> !dist.tensor<16x16xf64>
    ```
  }];
  let arguments = (ins Dist_Tensor:$lhs, Dist_Tensor:$rhs);
  let results = (outs Dist_Tensor:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def Dist_AddOp : Dist_BinaryOp<"add", "sum">;
def Dist_SubOp : Dist_BinaryOp<"sub", "difference">;
def Dist_MulOp : Dist_BinaryOp<"mul", "product">;
def Dist_DivOp : Dist_BinaryOp<"div", "quotient">;
def Dist_MaxOp : Dist_BinaryOp<"max", "maximum">;
def Dist_MinOp : Dist_BinaryOp<"min", "minimum">;

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

def Dist_ReduceOp : Dist_Op<"reduce", [NoMemoryEffect]> {
  let summary = "reduction of a distributed tensor";
  let description = [{
    Without `axis`: reduces all elements to a scalar that every rank
    receives. With `axis`: reduces along that dimension to a distributed
    tensor of rank one less (balanced along the result type's split
    dimension). The kinds, with numpy's semantics:

    - `sum`, `prod`, `min`, `max`: of any element type; for floats `min`
      and `max` are NaN if any element is NaN, as `sum` and `prod` are.
      `sum`, `prod` and `mean` of `f16`/`bf16` accumulate in `f32` and
      round once (numpy's float16 sums accumulate in float32). Complex
      elements have `sum`, `prod` and `mean` only (no order).
    - `mean`: `sum` divided by the number of reduced elements, for float
      element types only (NaN for an empty tensor, as numpy's).
    - `any`, `all`: of `i1` elements (logical or, and).
    - `argmin`, `argmax`: the position of the first minimal (maximal)
      element, for floats of the first NaN if there is one. Without `axis`
      an `index`, in C order of the *global* array, the same on every rank
      (an empty tensor is an error at run time); with `axis` a
      `!dist.tensor` of `i64` global indices along that axis.

    ```mlir
    %s = dist.reduce sum %a : !dist.tensor<1024xf64> -> f64
    %r = dist.reduce max %m axis 1 : !dist.tensor<64x32xf64> -> !dist.tensor<64xf64>
    %avg = dist.reduce mean %a : !dist.tensor<1024xf64> -> f64
    %i = dist.reduce argmax %m : !dist.tensor<64x32xf64> -> index
    %j = dist.reduce argmin %m axis 0 : !dist.tensor<64x32xf64> -> !dist.tensor<32xi64>
    %ok = dist.reduce all %flags : !dist.tensor<?xi1> -> i1
    ```
  }];
  let arguments = (ins DistRuntime_ReduceKind:$kind, Dist_Tensor:$source,
                       OptionalAttr<I64Attr>:$axis);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    $kind $source (`axis` $axis^)? attr-dict `:` type($source) `->` type($result)
  }];
  let hasVerifier = 1;
}

def Dist_ScanOp : Dist_Op<"scan", [NoMemoryEffect,
    AllTypesMatch<["source", "result"]>]> {
  let summary = "cumulative reduction along an axis (numpy cumsum, cumprod)";
  let description = [{
    `result[..., i, ...] = source[..., 0, ...] (+) ... (+) source[..., i, ...]`
    along dimension `axis`, with `sum` (`numpy.cumsum(a, axis)`), `prod`
    (`numpy.cumprod`), `min` or `max` (`numpy.minimum.accumulate`,
    `maximum.accumulate`; NaN-propagating for floats). The result has the
    source's type and partition. Along the split dimension each rank scans
    its block starting from the combined totals of the ranks before it (a
    scan across the ranks: one allreduce of a vector of one slice per rank).
    Along a dimension split over a process grid axis the ranks before it
    are those of its grid line along that axis, and the allreduce is on
    their sub-grid team only (one slice per rank of the line).

    ```mlir
    %c = dist.scan sum %a axis 0 : !dist.tensor<?xf64>
    %p = dist.scan prod %m axis 1 : !dist.tensor<64x32xf64>
    %g = dist.scan max %b axis 1 : !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>
    ```
  }];
  let arguments = (ins DistRuntime_ReduceKind:$kind, Dist_Tensor:$source,
                       I64Attr:$axis);
  let results = (outs Dist_Tensor:$result);
  let assemblyFormat = [{
    $kind $source `axis` $axis attr-dict `:` type($result)
  }];
  let hasVerifier = 1;
}

def Dist_AllReduceOp : Dist_Op<"allreduce", [NoMemoryEffect,
    AllTypesMatch<["value", "result"]>]> {
  let summary = "reduction of a per-rank scalar across the team";
  let description = [{
    Combines the value `%value` of every rank of team `team` (default 0)
    with `sum`, `prod`, `min`, `max` (integers, floats and `index`; `min`
    and `max` of floats propagate NaN; `f16` and `bf16` are combined in
    `f32` and rounded once), `sum`, `prod` (`complex<f32>`,
    `complex<f64>`) or `any`, `all` (`i1`); every rank
    receives the result. It is for program-level scalars that differ
    between ranks, such as timings or convergence flags; a reduction of a
    distributed tensor is `dist.reduce`. As every collective, all ranks of
    the team must execute it.

    ```mlir
    %t = dist.allreduce %elapsed max : f64
    %done = dist.allreduce %converged all : i1
    %n = dist.allreduce %count sum {team = 0 : i64} : index
    ```
  }];
  let arguments = (ins AnyTypeOf<[AnySignlessInteger, AnyFloat, Index, AnyComplex]>:$value,
                       DistRuntime_ReduceKind:$kind,
                       DefaultValuedAttr<I64Attr, "0">:$team);
  let results = (outs AnyTypeOf<[AnySignlessInteger, AnyFloat, Index, AnyComplex]>:$result);
  let assemblyFormat = "$value $kind attr-dict `:` type($result)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Redistribution
//===----------------------------------------------------------------------===//

def Dist_ReshapeOp : Dist_Op<"reshape", [NoMemoryEffect]> {
  let summary = "reshape of a distributed tensor (C order)";
  let description = [{
    `numpy.reshape` of the global array in C order; the result is balanced
    along its split dimension. Dynamic result dimensions take their sizes
    from the operands in parentheses. Lowers to `distruntime.copy_reshape`.

    ```mlir
    %b = dist.reshape %a : !dist.tensor<64x64xf64> -> !dist.tensor<32x128xf64>
    %c = dist.reshape %a (%n) : !dist.tensor<64x64xf64> -> !dist.tensor<?xf64>
    ```
  }];
  let arguments = (ins Dist_Tensor:$source, Variadic<Index>:$dynamicSizes);
  let results = (outs Dist_Tensor:$result);
  let assemblyFormat = [{
    $source (`(` $dynamicSizes^ `)`)? attr-dict `:` type($source) `->` type($result)
  }];
  let hasVerifier = 1;
}

def Dist_PermuteOp : Dist_Op<"permute", [NoMemoryEffect]> {
  let summary = "transposition of a distributed tensor";
  let description = [{
    `numpy.transpose(a, axes)`: result dimension `i` is input dimension
    `axes[i]`. The result is balanced along its split dimension. Lowers to
    `distruntime.copy_permute`.

    ```mlir
    %t = dist.permute %a axes [1, 0] : !dist.tensor<64x32xf64> -> !dist.tensor<32x64xf64>
    ```
  }];
  let arguments = (ins Dist_Tensor:$source, DenseI64ArrayAttr:$axes);
  let results = (outs Dist_Tensor:$result);
  let assemblyFormat = [{
    $source `axes` $axes attr-dict `:` type($source) `->` type($result)
  }];
  let hasVerifier = 1;
}

def Dist_RepartitionOp : Dist_Op<"repartition", [NoMemoryEffect]> {
  let summary = "moves a distributed tensor to another partition";
  let description = [{
    The same global array, balanced along the split dimension of the result
    type (for example from rows to columns, or from an irregular to a
    balanced partition).

    ```mlir
    %c = dist.repartition %a : !dist.tensor<64x64xf64> -> !dist.tensor<64x64xf64, split = 1>
    ```
  }];
  let arguments = (ins Dist_Tensor:$source);
  let results = (outs Dist_Tensor:$result);
  let assemblyFormat = "$source attr-dict `:` type($source) `->` type($result)";
  let hasVerifier = 1;
}

def Dist_GatherOp : Dist_Op<"gather", [NoMemoryEffect]> {
  let summary = "the whole distributed tensor on every rank";
  let description = [{
    Copies the global array to every rank as an ordinary tensor.

    ```mlir
    %all = dist.gather %x : !dist.tensor<?xf64> -> tensor<?xf64>
    ```
  }];
  let arguments = (ins Dist_Tensor:$source);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$source attr-dict `:` type($source) `->` type($result)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Stencil access
//===----------------------------------------------------------------------===//

def Dist_ShiftOp : Dist_Op<"shift", [NoMemoryEffect,
    OptionalTypesMatchWith<"fill has the element type of result", "result",
        "fill", "::llvm::cast<::mlir::dist::DistTensorType>($_self).getElementType()">,
    AllTypesMatch<["source", "result"]>]> {
  let summary = "a shifted view for stencils: fill value outside, or periodic";
  let description = [{
    `result[i] = source[i + offsets]` where `i + offsets` lies inside the
    global array, and `%fill` elsewhere. Reading neighbours along the split
    dimension fetches rows owned by other ranks (`distruntime.update_halo`,
    one exchange for all shifts of the same tensor); this requires the split
    dimension to be 0.

    With `periodic` instead of a fill value the array wraps around in every
    dimension: `result[i] = source[(i + offsets) mod shape]`, numpy's
    `roll(source, -offsets)`. Any dimension may be shifted, also a split
    dimension other than 0: along the split dimension the rows come from
    the neighbouring ranks and, at the ends, from the other end of the
    array (`distruntime.copy_reshape` of two boxes), along the others the
    block is rotated locally.

    ```mlir
    %north = dist.shift %u offsets [-1, 0] fill %zero : !dist.tensor<?x?xf64>
    %left = dist.shift %u offsets [0, -1] periodic : !dist.tensor<?x?xf64>
    ```
  }];
  let arguments = (ins Dist_Tensor:$source, DenseI64ArrayAttr:$offsets,
                       Optional<AnyType>:$fill, UnitAttr:$periodic);
  let results = (outs Dist_Tensor:$result);
  let assemblyFormat = [{
    $source `offsets` $offsets (`fill` $fill^)? (`periodic` $periodic^)?
    attr-dict `:` type($result)
  }];
  let hasVerifier = 1;
}

def Dist_ExtendOp : Dist_Op<"extend", [NoMemoryEffect,
    TypesMatchWith<"fill has the element type of the result", "result", "fill",
                   "::llvm::cast<::mlir::RankedTensorType>($_self).getElementType()">]> {
  let summary = "this rank's part extended by halos";
  let description = [{
    This rank's part grown by `low[d]` elements before and `high[d]` after it
    in every dimension `d`: elements of the global array come from whichever
    rank owns them (`distruntime.update_halo` along split dimension 0,
    `distruntime.update_grid_halo` for balanced blocks along other split
    dimensions or on a grid, one `copy_reshape` of the extended box for
    irregular ones), elements outside the global array are `%fill`. Local
    stencil code reads neighbours from the result.

    With `periodic` the array wraps around in every dimension instead
    (`extended[x] = source[x mod shape]`, one `distruntime.update_grid_halo`
    with every periodic bit set, any split dimension) and `%fill` is never
    read; this needs a balanced partition (the runtime computes the
    neighbours' blocks). `distc-form-stencils` builds it from periodic
    `dist.shift`s.

    ```mlir
    %ext = dist.extend %u low [1, 1] high [1, 1] fill %zero
      : !dist.tensor<?x?xf64> -> tensor<?x?xf64>
    %wrapped = dist.extend %v low [1] high [1] fill %zero periodic
      : !dist.tensor<?xf64> -> tensor<?xf64>
    ```
  }];
  let arguments = (ins Dist_Tensor:$source, DenseI64ArrayAttr:$low,
                       DenseI64ArrayAttr:$high, AnyType:$fill,
                       UnitAttr:$periodic);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $source `low` $low `high` $high `fill` $fill (`periodic` $periodic^)?
    attr-dict `:` type($source) `->` type($result)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Stencils formed by distc-form-stencils (internal)
//===----------------------------------------------------------------------===//

def Dist_HaloOp : Dist_Op<"halo", [NoMemoryEffect,
    TypesMatchWith<"source is the halo's source", "result", "source",
                   "::llvm::cast<::mlir::dist::HaloType>($_self).getSource()">,
    TypesMatchWith<"fill has the element type of the halo's source", "result",
                   "fill",
                   "::llvm::cast<::mlir::dist::HaloType>($_self).getSourceType().getElementType()">]> {
  let summary = "this rank's part and the halos a stencil reads (internal)";
  let description = [{
    The elements around this rank's part of `%source` that the stencils
    reading it need, by the widths of the result type: the rows of the
    neighbouring ranks along dimension 0 (one `distruntime.update_halo`)
    and `%fill` outside the global array. Unlike `dist.extend`, the extended
    tensor is not assembled: `dist.stencil` reads the pieces directly.

    With a `periodic` mask in the type (from periodic shifts) the halos wrap
    around the array in those dimensions and `%fill` is not read there.

    `distc-form-stencils` builds one `dist.halo` for all the shifts of one
    tensor with one fill value (or all its periodic shifts) in a block, so
    that they share one exchange; programs write `dist.shift` instead.

    ```mlir
    %h = dist.halo %u fill %zero
      : !dist.halo<!dist.tensor<?x?xf64>, low = [1, 1], high = [1, 1]>
    ```
  }];
  let arguments = (ins Dist_Tensor:$source, AnyType:$fill);
  let results = (outs Dist_Halo:$result);
  let assemblyFormat = "$source `fill` $fill attr-dict `:` type($result)";
}

def Dist_StencilOp : Dist_Op<"stencil", [NoMemoryEffect,
    RecursiveMemoryEffects, SingleBlock]> {
  let summary = "element-wise computation over shifted views (internal)";
  let description = [{
    `dist.elementwise` whose inputs may be shifted: input `i` is either a
    `!dist.tensor` (read as it is) or a `!dist.halo`, read at
    `source[x + shift_i]` (the fill value outside the global array), where
    `shift_i` is entry `i` of `shifts` (one offset per dimension, flattened:
    `rank` values per input, zeros for a `!dist.tensor` input) and lies
    within the halo's widths. Every input has the global shape and the
    partition of the result, and at least one input is a halo.

    It lowers to the interior of this rank's part, which reads no halo and
    no fill and is computed while the halo rows are in flight, and a frame
    of thin slabs that read small windows of the halo (see
    `docs/dist.md`). `distc-form-stencils` builds it from an element-wise
    op (`dist.elementwise`, `dist.add`, ...) whose operands are
    `dist.shift`s; programs do not write it.

    ```mlir
    %r = dist.stencil %h, %h, %f shifts [-1, 0, 1, 0, 0, 0]
      : !dist.halo<!dist.tensor<?x?xf64>, low = [1, 0], high = [1, 0]>,
        !dist.halo<!dist.tensor<?x?xf64>, low = [1, 0], high = [1, 0]>,
        !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64> {
    ^bb0(%n: f64, %s: f64, %c: f64):
      %t = arith.addf %n, %s : f64
      %v = arith.subf %t, %c : f64
      dist.yield %v : f64
    }
    ```
  }];
  let arguments = (ins Variadic<AnyTypeOf<[Dist_Tensor, Dist_Halo]>>:$inputs,
                       DenseI64ArrayAttr:$shifts);
  let results = (outs Dist_Tensor:$result);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    $inputs `shifts` $shifts attr-dict `:` type($inputs) `->`
    type($result) $body
  }];
  let hasRegionVerifier = 1;
  let extraClassDeclaration = [{
    /// The shift of input `i` (one offset per dimension).
    ::llvm::ArrayRef<int64_t> getShift(unsigned i);
    /// The `!dist.tensor` that input `i` reads (the source of a halo).
    DistTensorType getInputTensorType(unsigned i);
  }];
}

//===----------------------------------------------------------------------===//
// Program parameters and time
//===----------------------------------------------------------------------===//

// Neither op is Pure: a dist.param must survive dead-code elimination so
// that `--help` lists it, and two dist.wtime must not be merged or moved.
def Dist_ParamOp : Dist_Op<"param"> {
  let summary = "a named parameter from the program's command line";
  let description = [{
    The value of the command-line option `--<name>=<value>` or
    `--<name> <value>` of the program, or `default` if it is not given.
    Every rank parses the same command line (mpirun passes it to all
    ranks), so the value is the same on every rank. The result is an
    integer, `index` or float type; `i1` parameters take `true`, `false`,
    `1` or `0`, and `--<name>` alone means `true`. The default is an
    integer attribute for integer and `index` results, a float or integer
    attribute for floats and `true`/`false` for `i1`.

    `./prog --help` prints the parameters of the program with their types
    and defaults (on rank 0) and exits with status 0 on every rank. A value
    that does not parse as the parameter's type or does not fit it, an
    unknown `--option` or a stray argument stops the program with an error
    that names it. The command line is examined when the first `dist.param`
    runs. Parameters of the same name in one module must agree in type and
    default.

    ```mlir
    %n = dist.param "n" default 1000 : index
    %dt = dist.param "dt" default 1.0e-3 : f64
    %verbose = dist.param "verbose" default false : i1
    ```
  }];
  let arguments = (ins StrAttr:$name, AnyAttr:$defaultValue);
  let results = (outs AnyTypeOf<[AnySignlessInteger, AnyFloat, Index]>:$result);
  // `default 1000 : index`: the literal and its type are parsed as one
  // attribute, the type being the result's (`true`/`false` take `: i1`).
  let assemblyFormat = [{
    $name `default` custom<ParamDefault>($defaultValue, type($result)) attr-dict
  }];
  let hasVerifier = 1;
}

def Dist_WtimeOp : Dist_Op<"wtime"> {
  let summary = "wall-clock time in seconds, for timing phases";
  let description = [{
    Seconds since an arbitrary point fixed for the process (a monotonic
    clock, like `MPI_Wtime`): the difference of two values is the time
    between them on this rank. Ranks' clocks are not synchronized; reduce
    a per-rank duration with `dist.allreduce ... max` for the time of the
    slowest rank.

    ```mlir
    %t0 = dist.wtime : f64
    // ... iterations ...
    %t1 = dist.wtime : f64
    %dt = arith.subf %t1, %t0 : f64
    %slowest = dist.allreduce %dt max : f64
    ```
  }];
  let results = (outs F64:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

include "DistSliceOps.td"

include "DistIOOps.td"

include "DistLinalgOps.td"

#endif // DIST_OPS
