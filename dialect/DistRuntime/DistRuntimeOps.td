//===- DistRuntimeOps.td - distruntime operations ----------*- tablegen -*-===//
//
// The operations of the runtime-boundary dialect. DistRuntimeDialect.md (built
// into build/docs/, docs/README.md) is generated from the descriptions here; docs/distruntime-notes.md records
// the decisions beyond them.
//
//===----------------------------------------------------------------------===//

#ifndef DISTRUNTIME_OPS
#define DISTRUNTIME_OPS

include "DistRuntimeBase.td"
include "DistRuntimeTypes.td"
include "DistRuntimeInterfaces.td"
include "ReduceKind.td"
include "mlir/IR/EnumAttr.td"
include "mlir/Interfaces/InferTypeOpInterface.td"

//===----------------------------------------------------------------------===//
// copy_reshape
//===----------------------------------------------------------------------===//

def DistRuntime_CopyReshapeOp : DistRuntime_Op<"copy_reshape", [
    AttrSizedOperandSegments, DistRuntime_Communicates,
    DeclareOpInterfaceMethods<DistRuntime_AsyncOpInterface>,
    DeclareOpInterfaceMethods<ReifyRankedShapedTypeOpInterface,
        ["reifyResultShapes"]>,
    AllElementTypesMatch<["lArray", "nlArray"]>]> {
  let summary = "redistributing copy into a reshaped distributed tensor";
  let description = [{
    The team holds a global array of shape `g_shape` in C order; this rank
    holds the box that starts at `l_offs` and has the shape of `%local`. The
    operation starts the copy of `reshape(global, n_g_shape)` into this
    rank's box of the new array, which starts at `n_offs` and has shape
    `n_shape`; the result tensor is that box. Boxes may be uneven, empty, or
    split along any dimensions. `%local` is not modified.

    `g_shape` and `l_offs` have one value per dimension of `%local`;
    `n_g_shape`, `n_offs` and `n_shape` one per dimension of the result.
    Element types of input and output are equal. When constant, the global
    element counts of `g_shape` and `n_g_shape` must be equal and `n_shape`
    must agree with static result dimensions.

    The result is valid only after `distruntime.wait` on the handle.

    The `irregular` unit attribute says that the blocks of the arrays are
    not functions of their global shapes (a `dist.from_local` partition,
    chosen by the program at run time; `convert-dist-to-distruntime` sets
    it). The runtime then never reuses a plan without agreeing with the
    team: a rank whose block repeats its balanced block of an earlier call
    at this site must not skip the agreement that ranks whose blocks
    changed take part in.

    Example:

    ```mlir
    %h, %out = distruntime.copy_reshape %local
      g_shape %g0, %g1 l_offs %o0, %o1
      to n_g_shape %ng0 n_offs %no0 n_shape %ns0
      {team = 22 : i64}
      : (tensor<?x?xi64>, index, index, index, index, index, index, index)
      -> (!distruntime.asynchandle, tensor<?xi64>)
    distruntime.wait %h : !distruntime.asynchandle
    ```
  }];

  let arguments = (ins
    DistRuntime_Array:$lArray,
    Variadic<Index>:$gShape,
    Variadic<Index>:$lOffsets,
    Variadic<Index>:$ngShape,
    Variadic<Index>:$nlOffsets,
    Variadic<Index>:$nlShape,
    DistRuntime_TeamAttr:$team,
    UnitAttr:$irregular);
  let results = (outs DistRuntime_AsyncHandle:$handle,
                      DistRuntime_NewArray:$nlArray);

  let assemblyFormat = [{
    $lArray `g_shape` $gShape `l_offs` $lOffsets
    `to` `n_g_shape` $ngShape `n_offs` $nlOffsets `n_shape` $nlShape
    attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

//===----------------------------------------------------------------------===//
// copy_permute
//===----------------------------------------------------------------------===//

def DistRuntime_CopyPermuteOp : DistRuntime_Op<"copy_permute", [
    AttrSizedOperandSegments,
    // Communicates, and the result is a new array unless it is `add_into`'s
    // accumulator (DistRuntimeOps.cpp).
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
    DeclareOpInterfaceMethods<DistRuntime_AsyncOpInterface>,
    DeclareOpInterfaceMethods<ReifyRankedShapedTypeOpInterface,
        ["reifyResultShapes"]>,
    AllElementTypesMatch<["lArray", "nlArray"]>]> {
  let summary = "redistributing copy into a permuted distributed tensor";
  let description = [{
    The team holds a global array of shape `g_shape`; this rank holds the box
    at `l_offs` with the shape of `%local`. The output global array is
    `transpose(global, axes)`: output dimension `i` has size
    `g_shape[axes[i]]`. This rank receives the box at `n_offs` of shape
    `n_shape`. `axes` is any permutation of `[0, rank)`. `%local` is not
    modified; the result is valid only after `distruntime.wait`.

    With `add_into %acc` the op accumulates: the result is `%acc` plus the
    received box, element by element, with the addition of the element type
    (`arith.addf`, `arith.addi` -- modulo 2 for `i1` -- or `complex.add`).
    `%acc` has the result's type (so its sizes are `n_shape`) and is the
    destination in the sense of destination-passing style: the lowering
    (`lower-distruntime-to-idtr`, `_idtr_copy_permute_add_T`) passes the
    buffer of `%acc` to the runtime, which adds the permuted elements
    straight into it -- no temporary for the permuted box, and one pass
    over the destination instead of a copy and an add. Bufferization then
    writes into `%acc`'s buffer in place when nothing reads `%acc` (or a
    value sharing its buffer) afterwards, and into a copy of it otherwise.
    `dist.add %b, (dist.permute %a)` lowers to this form when the permute
    has no other use.

    The `irregular` unit attribute says that the blocks of the arrays are
    not functions of their global shapes (a `dist.from_local` partition,
    chosen by the program at run time; `convert-dist-to-distruntime` sets
    it). The runtime then never reuses a plan without agreeing with the
    team: a rank whose block repeats its balanced block of an earlier call
    at this site must not skip the agreement that ranks whose blocks
    changed take part in.

    Example:

    ```mlir
    %h, %out = distruntime.copy_permute %local
      g_shape %g0, %g1 l_offs %o0, %o1
      to n_offs %no0, %no1 n_shape %ns0, %ns1 axes [1, 0]
      {team = 22 : i64}
      : (tensor<5x2xi64>, index, index, index, index, index, index, index, index)
      -> (!distruntime.asynchandle, tensor<2x5xi64>)
    distruntime.wait %h : !distruntime.asynchandle

    // B += A^T for this rank's row block %b of B:
    %h2, %bn = distruntime.copy_permute %a
      g_shape %n, %n l_offs %r0, %c0
      to n_offs %r0, %c0 n_shape %rows, %n axes [1, 0] add_into %b
      {team = 22 : i64}
      : (tensor<?x?xf64>, index, index, index, index, index, index, index,
         index, tensor<?x?xf64>)
      -> (!distruntime.asynchandle, tensor<?x?xf64>)
    distruntime.wait %h2 : !distruntime.asynchandle
    ```
  }];

  let arguments = (ins
    DistRuntime_Array:$lArray,
    Variadic<Index>:$gShape,
    Variadic<Index>:$lOffsets,
    Variadic<Index>:$nlOffsets,
    Variadic<Index>:$nlShape,
    Optional<DistRuntime_Array>:$acc,
    DenseI64ArrayAttr:$axes,
    DistRuntime_TeamAttr:$team,
    UnitAttr:$irregular);
  let results = (outs DistRuntime_AsyncHandle:$handle,
                      DistRuntime_Array:$nlArray);

  let assemblyFormat = [{
    $lArray `g_shape` $gShape `l_offs` $lOffsets
    `to` `n_offs` $nlOffsets `n_shape` $nlShape `axes` $axes
    (`add_into` $acc^)?
    attr-dict `:` functional-type(operands, results)
  }];
  let builders = [
    // The copy (no accumulator), as before the accumulating form existed.
    OpBuilder<(ins "::mlir::TypeRange":$resultTypes, "::mlir::Value":$lArray,
                   "::mlir::ValueRange":$gShape, "::mlir::ValueRange":$lOffsets,
                   "::mlir::ValueRange":$nlOffsets, "::mlir::ValueRange":$nlShape,
                   "::llvm::ArrayRef<int64_t>":$axes, "int64_t":$team), [{
      build($_builder, $_state, resultTypes, lArray, gShape, lOffsets,
            nlOffsets, nlShape, /*acc=*/::mlir::Value(), axes, team,
            /*irregular=*/false);
    }]>
  ];
  let extraClassDeclaration = [{
    /// Whether the op adds into `acc` (`add_into`) instead of copying.
    bool accumulates() { return static_cast<bool>(getAcc()); }
  }];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

//===----------------------------------------------------------------------===//
// wait
//===----------------------------------------------------------------------===//

def DistRuntime_WaitOp : DistRuntime_Op<"wait", [DistRuntime_Communicates]> {
  let summary = "completes an asynchronous team operation";
  let description = [{
    Blocks until the operation that produced `%handle` has completed on this
    rank. Afterwards the dependent values of that operation are valid (and
    any buffer behind them may be reused). Every handle must be waited on
    exactly once on every path.

    Example:

    ```mlir
    distruntime.wait %h : !distruntime.asynchandle
    ```
  }];

  let arguments = (ins DistRuntime_AsyncHandle:$handle);
  let assemblyFormat = "$handle attr-dict `:` type($handle)";
}

//===----------------------------------------------------------------------===//
// team_size, team_member
//===----------------------------------------------------------------------===//

class DistRuntime_TeamQueryOp<string mnemonic>
    : DistRuntime_Op<mnemonic, [Pure]> {
  let arguments = (ins DistRuntime_TeamAttr:$team);
  let results = (outs Index:$result);
  let assemblyFormat = "attr-dict";
}

def DistRuntime_TeamSizeOp : DistRuntime_TeamQueryOp<"team_size"> {
  let summary = "number of ranks in a team";
  let description = [{
    Returns the number of ranks of team `team`. Never folded to a constant
    at compile time: one executable runs on any number of ranks.

    Example:

    ```mlir
    %n = distruntime.team_size {team = 22 : i64}
    ```
  }];
}

def DistRuntime_TeamMemberOp : DistRuntime_TeamQueryOp<"team_member"> {
  let summary = "this rank's number within a team";
  let description = [{
    Returns this rank's number `r` within team `team`, `0 <= r < n` where `n`
    is `distruntime.team_size` of the same team. Never folded to a constant.

    Example:

    ```mlir
    %r = distruntime.team_member {team = 22 : i64}
    ```
  }];
}

//===----------------------------------------------------------------------===//
// allreduce
//===----------------------------------------------------------------------===//

def DistRuntime_AllReduceOp : DistRuntime_Op<"allreduce", [
    DistRuntime_Communicates,
    DeclareOpInterfaceMethods<DistRuntime_AsyncOpInterface>,
    AllElementTypesMatch<["input", "result"]>]> {
  let summary = "element-wise reduction over a team";
  let description = [{
    Starts the element-wise reduction of `%x` over all ranks of the team with
    `sum`, `prod`, `min` or `max`; every rank receives the reduced tensor,
    valid after `distruntime.wait` on the handle. Input and result have the
    same element type and compatible shapes.

    Example:

    ```mlir
    %h, %sum = distruntime.allreduce sum %x {team = 22 : i64}
      : (tensor<4xf64>) -> (!distruntime.asynchandle, tensor<4xf64>)
    distruntime.wait %h : !distruntime.asynchandle
    ```
  }];

  let arguments = (ins DistRuntime_RuntimeReduceKind:$kind, DistRuntime_Array:$input,
                       DistRuntime_TeamAttr:$team);
  let results = (outs DistRuntime_AsyncHandle:$handle,
                      DistRuntime_NewArray:$result);
  let assemblyFormat = [{
    $kind $input attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// update_halo
//===----------------------------------------------------------------------===//

def DistRuntime_UpdateHaloOp : DistRuntime_Op<"update_halo", [
    AttrSizedOperandSegments, DistRuntime_Communicates,
    DeclareOpInterfaceMethods<DistRuntime_AsyncOpInterface>,
    AllElementTypesMatch<["lArray", "lHalo", "rHalo"]>]> {
  let summary = "fetches the rows of a box owned by other ranks";
  let description = [{
    The global array of shape `g_shape` is partitioned along dimension 0;
    this rank owns the rows of `%local`, which starts at `l_offs`.
    `bb_offs`/`bb_sizes` is the box of the global array this rank needs to
    read. The left halo receives the rows of that box that lie before this
    rank's own rows, the right halo those after them (either may have 0
    rows), restricted in dimensions >= 1 to the box. The rows come from
    whichever ranks own them, not only direct neighbours. Both halos are
    valid after `distruntime.wait` on the handle.

    The optional `widths` attribute, `[low, high]`, says that the box is
    this rank's own rows widened by `low` rows before and `high` rows after,
    clipped to the array (`idtr/detail/HaloRows.h`, `haloBox`): the same
    constants on every rank and at every call. The dist and shard lowerings
    set it when they make the op. `lower-distruntime-to-idtr` then passes
    the runtime a halo key that encodes the widths and the call site, so
    that a cached halo needs no agreement among the team (docs/runtime.md,
    "Halo keys"); a box that contradicts the widths is a run-time error.
    Without `widths` the runtime agrees with the team at every call.

    The optional `key` attribute is passed to the runtime as the halo key
    as it is, instead of the one derived from `widths` (-1 means none).

    The `irregular` unit attribute says that the blocks of the array are
    not functions of its global shape (a `dist.from_local` partition,
    chosen by the program at run time; `convert-dist-to-distruntime` sets
    it). The runtime then never reuses a plan without agreeing with the
    team: a rank whose block repeats its balanced block of an earlier call
    at this site must not skip the agreement that ranks whose blocks
    changed take part in.

    Example:

    ```mlir
    %h, %lh, %rh = distruntime.update_halo %local
      g_shape %g0, %g1 l_offs %o0, %o1 bb_offs %b0, %b1 bb_sizes %s0, %s1
      {team = 22 : i64, widths = array<i64: 1, 1>}
      : (tensor<?x?xf64>, index, index, index, index, index, index, index, index)
      -> (!distruntime.asynchandle, tensor<?x?xf64>, tensor<?x?xf64>)
    distruntime.wait %h : !distruntime.asynchandle
    ```
  }];

  let arguments = (ins
    DistRuntime_Array:$lArray,
    Variadic<Index>:$gShape,
    Variadic<Index>:$lOffsets,
    Variadic<Index>:$bbOffsets,
    Variadic<Index>:$bbSizes,
    DistRuntime_TeamAttr:$team,
    OptionalAttr<I64Attr>:$key,
    OptionalAttr<DenseI64ArrayAttr>:$widths,
    UnitAttr:$irregular);
  let results = (outs DistRuntime_AsyncHandle:$handle,
                      DistRuntime_NewArray:$lHalo,
                      DistRuntime_NewArray:$rHalo);
  let assemblyFormat = [{
    $lArray `g_shape` $gShape `l_offs` $lOffsets
    `bb_offs` $bbOffsets `bb_sizes` $bbSizes
    attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

//===----------------------------------------------------------------------===//
// update_grid_halo
//===----------------------------------------------------------------------===//

def DistRuntime_UpdateGridHaloOp : DistRuntime_Op<"update_grid_halo", [
    AttrSizedOperandSegments, DistRuntime_Communicates,
    DeclareOpInterfaceMethods<DistRuntime_AsyncOpInterface>,
    AllElementTypesMatch<["lArray", "halo"]>]> {
  let summary = "fetches the N-D halo of a block of a process grid";
  let description = [{
    The global array of shape `g_shape` is distributed over the row-major
    process grid `grid` (one extent per grid axis, their product the team
    size): grid axis `k` splits dimension `split[k]` in balanced blocks, and
    `%local` is this rank's block, at `l_offs`. The result `halo` (1-D)
    receives the elements of the *extended box* around the block -- `low[d]`
    before and `high[d]` after it in every dimension `d`, clipped to the
    array, or wrapped around it in the dimensions whose bit is set in
    `periodic` -- except the block itself, as `2 * rank` slabs one after the
    other, each dense row-major: for dimension `d`, the low then the high
    slab, spanning the block's range in the dimensions before `d` and the
    extended range in those after it (so the slabs of dimension 0 hold the
    corners; `runtime/include/idtr/detail/GridHaloSlabs.h` has the
    formula); `size` is their total element count (the runtime checks it).
    Every neighbour sends one message, faces and corners packed together.
    The halo is valid after `distruntime.wait` on the handle.

    With `corners = false` every slab spans only the block's range in the
    other dimensions: the halo is the faces, what a star stencil reads (no
    shift along two split or periodic dimensions at once), and the diagonal
    neighbours exchange nothing. The lowering of `dist` sets it from the
    shifts that read the halo.

    The optional `key` is passed to the runtime (-1, the default, means
    none): a key promises that every rank calls with the same arguments
    at every repeat, so that a repeated call needs no collective.
    `lower-distruntime-to-idtr` sets it to a hash of the call site.

    Example:

    ```mlir
    %h, %halo = distruntime.update_grid_halo %local
      g_shape %g0, %g1 l_offs %o0, %o1 grid %e0, %e1 size %n
      {team = 0 : i64, split = array<i64: 0, 1>, low = array<i64: 1, 1>,
       high = array<i64: 1, 1>, periodic = 0 : i64, corners = false}
      : (tensor<?x?xf64>, index, index, index, index, index, index, index)
      -> (!distruntime.asynchandle, tensor<?xf64>)
    distruntime.wait %h : !distruntime.asynchandle
    ```
  }];

  let arguments = (ins
    DistRuntime_Array:$lArray,
    Variadic<Index>:$gShape,
    Variadic<Index>:$lOffsets,
    Variadic<Index>:$grid,
    Index:$haloSize,
    DistRuntime_TeamAttr:$team,
    DenseI64ArrayAttr:$split,
    DenseI64ArrayAttr:$low,
    DenseI64ArrayAttr:$high,
    DefaultValuedAttr<I64Attr, "0">:$periodic,
    DefaultValuedAttr<BoolAttr, "true">:$corners,
    OptionalAttr<I64Attr>:$key);
  let results = (outs DistRuntime_AsyncHandle:$handle,
                      DistRuntime_NewArrayOf<AnyTypeOf<[1DTensorOf<[AnyType]>,
                          MemRefRankOf<[AnyType], [1]>],
                          "1-D tensor or memref", "::mlir::ShapedType">>:$halo);
  let assemblyFormat = [{
    $lArray `g_shape` $gShape `l_offs` $lOffsets `grid` $grid
    `size` $haloSize attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// define_subgrid_team (shard front end)
//===----------------------------------------------------------------------===//

def DistRuntime_DefineSubgridTeamOp : DistRuntime_Op<"define_subgrid_team", [
    DistRuntime_Communicates]> {
  let summary = "makes a team the sub-grid of a process grid along some axes";
  let description = [{
    Declares team `team` to be a sub-grid of the row-major process grid
    `grid_shape`, whose linear index is the rank in the world: its members
    are the processes whose grid indices agree along every axis not in
    `axes`, and a member's number in the team (`distruntime.team_member`
    excepted, which is the world's) is the row-major linear index of its
    indices along `axes`, in the order listed. Every process belongs to one
    such team of the id; collectives on `team` run within it.

    An extent of -1 is a run-time axis (`?` in a `!dist.tensor` grid): the
    runtime factors the world's size into the -1 axes exactly as the dist
    lowering does for the tensor's layout (`_idtr_grid_factor`), so one
    definition serves every number of processes.

    The definition itself is local. The team's communicator is made once, at
    its first use by the members of one group alone (the other groups are
    not involved, and may never use it), cached for the rest of the run
    and freed at finalisation. Every rank must define the team before any
    rank uses it: the shard lowering defines all sub-grid teams of a module
    at the start of `main` (and again, idempotently, at the entry of each
    function that uses one). The grid must have as many processes as the
    program has ranks.

    Example:

    ```mlir
    // The columns of a 2x3 grid: teams of 2 processes along grid axis 0.
    distruntime.define_subgrid_team {team = 5963777 : i64,
                                     grid_shape = array<i64: 2, 3>,
                                     axes = array<i64: 0>}
    ```
  }];

  let arguments = (ins DistRuntime_TeamAttr:$team,
                       DenseI64ArrayAttr:$grid_shape,
                       DenseI64ArrayAttr:$axes);
  let assemblyFormat = "attr-dict";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// bcast_panel
//===----------------------------------------------------------------------===//

def DistRuntime_BcastPanelOp : DistRuntime_Op<"bcast_panel", [
    DistRuntime_Communicates,
    DeclareOpInterfaceMethods<DistRuntime_AsyncOpInterface>,
    AllElementTypesMatch<["local", "panel"]>]> {
  let summary = "broadcasts a panel of a matrix split along a team";
  let description = [{
    The members of `team` hold the balanced blocks of dimension `dim` (of
    global size `extent`) of a matrix, `%local` being this member's. The op
    starts the broadcast of the panel `[start, start + sizes[dim])` of that
    dimension to every member: each owner of a piece of the panel broadcasts
    it from its block (one non-blocking broadcast per owner, usually one),
    and `%panel` (of `sizes`) holds the whole panel after
    `distruntime.wait` on the handle. The other dimension is the local
    part's. SUMMA (dist.matmul on a 2-D grid) broadcasts panels of A along
    grid rows and of B along grid columns, sub-grid teams.

    Example:

    ```mlir
    %h, %p = distruntime.bcast_panel %a extent %k start %k0 sizes(%m, %w)
      {dim = 1 : i64, team = 7854277750571778049 : i64}
      : tensor<?x?xf64> -> tensor<?x?xf64>
    distruntime.wait %h : !distruntime.asynchandle
    ```
  }];

  let arguments = (ins DistRuntime_Array:$local, Index:$extent, Index:$start,
                       Variadic<Index>:$sizes, I64Attr:$dim,
                       DistRuntime_TeamAttr:$team);
  let results = (outs DistRuntime_AsyncHandle:$handle,
                      DistRuntime_NewArray:$panel);
  let assemblyFormat = [{
    $local `extent` $extent `start` $start `sizes` `(` $sizes `)` attr-dict
    `:` type($local) `->` type($panel)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// send, recv
//===----------------------------------------------------------------------===//

def DistRuntime_SendOp : DistRuntime_Op<"send", [
    DistRuntime_Communicates,
    DeclareOpInterfaceMethods<DistRuntime_AsyncOpInterface>]> {
  let summary = "starts sending a tensor to one member of a team";
  let description = [{
    Starts sending `%x` to member `%peer` of the team (its number in the
    team, `0 <= %peer < team size`; any other value is a run-time error that
    names the op). The tensor is copied during the call: the sender never
    waits for the receiver, also not in `distruntime.wait` on the handle,
    so members may all send before they receive. A member that sends to
    itself copies locally (a later `distruntime.recv` from itself receives
    it). The messages between two members are received in the order they
    were sent, and the receiver's tensor must have as many bytes.

    Example:

    ```mlir
    %h = distruntime.send %x to %right {team = 5898240 : i64}
      : tensor<4xf64>
    distruntime.wait %h : !distruntime.asynchandle
    ```
  }];

  let arguments = (ins DistRuntime_Array:$input, Index:$peer,
                       DistRuntime_TeamAttr:$team);
  let results = (outs DistRuntime_AsyncHandle:$handle);
  let assemblyFormat = [{
    $input `to` $peer attr-dict `:` type($input)
  }];
  let hasVerifier = 1;
}

def DistRuntime_RecvOp : DistRuntime_Op<"recv", [
    DistRuntime_Communicates,
    DeclareOpInterfaceMethods<DistRuntime_AsyncOpInterface>,
    AllTypesMatch<["like", "result"]>]> {
  let summary = "starts receiving a tensor from one member of a team";
  let description = [{
    Starts receiving the next tensor that member `%peer` of the team sends
    to this one (`distruntime.send`) into a new tensor of the shape of
    `%like` (whose contents are not read); the result is valid after
    `distruntime.wait` on the handle. `%peer` outside the team is a
    run-time error that names the op. A receive from the member itself
    takes its own earlier send (locally); waiting on one that no send of
    its own preceded is a run-time error.

    Example:

    ```mlir
    %h, %y = distruntime.recv %x from %left {team = 5898240 : i64}
      : tensor<4xf64>
    distruntime.wait %h : !distruntime.asynchandle
    ```
  }];

  let arguments = (ins DistRuntime_Array:$like, Index:$peer,
                       DistRuntime_TeamAttr:$team);
  let results = (outs DistRuntime_AsyncHandle:$handle,
                      DistRuntime_NewArray:$result);
  let assemblyFormat = [{
    $like `from` $peer attr-dict `:` type($like)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// reduce
//===----------------------------------------------------------------------===//

def DistRuntime_ReduceOp : DistRuntime_Op<"reduce", [
    DistRuntime_Communicates,
    DeclareOpInterfaceMethods<DistRuntime_AsyncOpInterface>,
    AllElementTypesMatch<["input", "result"]>]> {
  let summary = "element-wise reduction over a team to one member";
  let description = [{
    Starts the element-wise reduction of `%x` over all members of the team
    with the kinds of `distruntime.allreduce`; only member `%root` receives
    the reduced tensor (the data is not sent back to the others, unlike
    `allreduce`), and the result of every other member is its own `%x`. The
    result is valid after `distruntime.wait` on the handle. `%root` outside
    the team is a run-time error that names the op.

    Example:

    ```mlir
    %h, %r = distruntime.reduce sum %x root %c1 {team = 5898240 : i64}
      : (tensor<4xf64>) -> tensor<4xf64>
    distruntime.wait %h : !distruntime.asynchandle
    ```
  }];

  let arguments = (ins DistRuntime_RuntimeReduceKind:$kind,
                       DistRuntime_Array:$input, Index:$root,
                       DistRuntime_TeamAttr:$team);
  let results = (outs DistRuntime_AsyncHandle:$handle,
                      DistRuntime_NewArray:$result);
  let assemblyFormat = [{
    $kind $input `root` $root attr-dict `:` `(` type($input) `)` `->`
    type($result)
  }];
  let hasVerifier = 1;
}

include "DistRuntimeServiceOps.td"

#endif // DISTRUNTIME_OPS
