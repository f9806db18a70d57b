//===- DistRuntimeServiceOps.td - runtime services ---------*- tablegen -*-===//
//
// The operations through which a program uses the runtime for anything but
// moving array data: printing, .npy files, command-line parameters, the
// clock, run-time checks and process-grid factorization. They exist so that
// lower-distruntime-to-idtr stays the only producer of runtime calls and so
// that every optimization before it sees what each of them reads (its tensor
// operands, as values) and that it touches the world outside the program
// (the host resource: the terminal, files, the command line, the clock, the
// exit status), which keeps them alive, in order and inside their loops.
//
//===----------------------------------------------------------------------===//

#ifndef DISTRUNTIME_SERVICE_OPS
#define DISTRUNTIME_SERVICE_OPS

/// The process's environment as the runtime reaches it: standard output,
/// files, the command line, the clock, the exit status. An op that reads or
/// writes it is neither erased, merged with another, nor moved across
/// another such op or a loop boundary.
def DistRuntime_HostResource
    : Resource<"::mlir::distruntime::HostResource">;

def DistRuntime_UsesHost : MemoryEffects<[
    MemRead<DistRuntime_HostResource>, MemWrite<DistRuntime_HostResource>]>;

//===----------------------------------------------------------------------===//
// print
//===----------------------------------------------------------------------===//

def DistRuntime_PrintOp : DistRuntime_Op<"print", [
    DistRuntime_Communicates, DistRuntime_UsesHost]> {
  let summary = "prints a tensor (or a distributed tensor's parts) on rank 0";
  let description = [{
    Prints `%value` on standard output of member 0 of the team, formatting
    every element with the printf conversion `format` (the empty format:
    numpy's own float format, shortest digits with aligned points), in
    numpy's layout (`np.array2string`) with `numpy`, else as a nested list.

    Without `distributed`, `%value` is a whole (replicated) tensor: member 0
    prints its own copy and the others do nothing. With `distributed`,
    `%value` is this member's block of a tensor partitioned in row blocks,
    in member order: the op is collective and member 0 prints the blocks as
    they arrive (no gather of the whole tensor).

    Example:

    ```mlir
    distruntime.print %part distributed numpy format "%g" {team = 0 : i64}
      : tensor<?x4xf64>
    distruntime.print %scalar format "%.3f" {team = 0 : i64} : tensor<f32>
    ```
  }];

  let arguments = (ins DistRuntime_Array:$value, StrAttr:$format,
                       UnitAttr:$distributed, UnitAttr:$numpy,
                       DistRuntime_TeamAttr:$team);
  let assemblyFormat = [{
    $value (`distributed` $distributed^)? (`numpy` $numpy^)? `format` $format
    attr-dict `:` type($value)
  }];
}

//===----------------------------------------------------------------------===//
// npy_save, npy_read_header, npy_load
//===----------------------------------------------------------------------===//

def DistRuntime_NpySaveOp : DistRuntime_Op<"npy_save", [
    DistRuntime_Communicates, DistRuntime_UsesHost, AttrSizedOperandSegments]> {
  let summary = "writes a distributed array to a .npy file, collectively";
  let description = [{
    Writes the array of global shape `g_shape`, of which this member holds
    `%part` at offsets `l_offs`, to the .npy file `path` (or to the path
    given by the command-line parameter `param`, whose default is `path`).
    Every member writes its own block (MPI-IO); the file appears whole or
    not at all. Collective over the team.

    Example:

    ```mlir
    distruntime.npy_save %part "out.npy" param "output"
      g_shape %m, %n l_offs %r0, %c0 {team = 0 : i64} : tensor<?x?xf64>
    ```
  }];

  let arguments = (ins DistRuntime_Array:$part, StrAttr:$path,
                       OptionalAttr<StrAttr>:$param,
                       Variadic<Index>:$g_shape, Variadic<Index>:$l_offs,
                       DistRuntime_TeamAttr:$team);
  let assemblyFormat = [{
    $part $path (`param` $param^)? `g_shape` $g_shape `l_offs` $l_offs
    attr-dict `:` type($part)
  }];
  let hasVerifier = 1;
}

def DistRuntime_NpyReadHeaderOp : DistRuntime_Op<"npy_read_header", [
    DistRuntime_Communicates, DistRuntime_UsesHost]> {
  let summary = "reads and checks the header of a .npy file, collectively";
  let description = [{
    Member 0 reads the header of the .npy file `path` (or of the path given by
    the parameter `param`) and checks it against `array_type`: its element
    type, its rank and its static sizes. Every member receives the byte
    offset of the data (`%data_offset`) and the file's global shape, one
    `index` per dimension. A file that does not match is a run-time error
    naming the op and the file.

    Example:

    ```mlir
    %offset, %m, %n = distruntime.npy_read_header "in.npy" {team = 0 : i64}
      : tensor<?x?xf32> -> i64, index, index
    ```
  }];

  let arguments = (ins StrAttr:$path, OptionalAttr<StrAttr>:$param,
                       TypeAttrOf<AnyRankedTensor>:$array_type,
                       DistRuntime_TeamAttr:$team);
  let results = (outs I64:$data_offset, Variadic<Index>:$global_shape);
  let assemblyFormat = [{
    $path (`param` $param^)? attr-dict `:` $array_type `->` type(results)
  }];
  let hasVerifier = 1;
}

def DistRuntime_NpyLoadOp : DistRuntime_Op<"npy_load", [
    DistRuntime_Communicates, DistRuntime_UsesHost, AttrSizedOperandSegments]> {
  let summary = "reads this member's block of a .npy file, collectively";
  let description = [{
    Reads the block at offsets `l_offs` of the array of global shape
    `g_shape` stored from byte `%data_offset` on in the .npy file `path` (or
    the path of parameter `param`), as `distruntime.npy_read_header` found
    it. The result is a new tensor; `l_sizes` gives its dynamic sizes, as
    for `tensor.empty`. Collective over the team.

    Example:

    ```mlir
    %part = distruntime.npy_load "in.npy" data_offset %offset
      g_shape %m, %n l_offs %r0, %c0 l_sizes %rows {team = 0 : i64}
      : tensor<?x8xf32>
    ```
  }];

  let arguments = (ins StrAttr:$path, OptionalAttr<StrAttr>:$param,
                       I64:$data_offset, Variadic<Index>:$g_shape,
                       Variadic<Index>:$l_offs, Variadic<Index>:$l_sizes,
                       DistRuntime_TeamAttr:$team);
  let results = (outs DistRuntime_NewArray:$result);
  let assemblyFormat = [{
    $path (`param` $param^)? `data_offset` $data_offset `g_shape` $g_shape
    `l_offs` $l_offs (`l_sizes` $l_sizes^)? attr-dict `:` type($result)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// param, wtime
//===----------------------------------------------------------------------===//

def DistRuntime_ParamOp : DistRuntime_Op<"param", [DistRuntime_UsesHost]> {
  let summary = "a named parameter from the program's command line";
  let description = [{
    The value of the command-line option `--<name>` (or `--<name>=<value>`),
    else `default_value`. The runtime checks that the value fits the result
    type. The program's parameter table, which `--help` lists and against
    which unknown options are rejected, is every `distruntime.param` of the
    module together with the `param` paths of its `.npy` ops; a name
    declared twice with different types or defaults is an error.

    Example:

    ```mlir
    %n = distruntime.param "n" default 1000 : index
    %dt = distruntime.param "dt" default 1.0e-3 : f64
    %v = distruntime.param "verbose" default false : i1
    ```
  }];

  let arguments = (ins StrAttr:$name, AnyAttr:$default_value);
  let results = (outs AnyTypeOf<[AnySignlessInteger, F32, F64, Index]>:$result);
  let assemblyFormat = [{
    $name `default` custom<ParamDefault>($default_value, type($result))
    attr-dict
  }];
  let hasVerifier = 1;
}

def DistRuntime_WtimeOp : DistRuntime_Op<"wtime", [DistRuntime_UsesHost]> {
  let summary = "wall-clock time in seconds";
  let description = [{
    The wall-clock time of this rank in seconds (`MPI_Wtime`). Reads the
    clock where it stands: never merged with another read or moved out of a
    loop.

    Example:

    ```mlir
    %t0 = distruntime.wtime : f64
    ```
  }];

  let results = (outs F64:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

//===----------------------------------------------------------------------===//
// check
//===----------------------------------------------------------------------===//

def DistRuntime_CheckOp : DistRuntime_Op<"check", [DistRuntime_UsesHost]> {
  let summary = "stops the program with a located error unless a condition holds";
  let description = [{
    Does nothing when `%condition` is true. Otherwise prints
    `<file:line:col of the op>: error: <message>`, followed by `: a` or
    `: a vs b` for the (at most two) `values`, on standard error and ends
    the whole job with a non-zero status (`MPI_Abort`). The run-time checks
    of the front ends (sizes that must agree, parts that must tile) are
    these ops: their place in the program is where the values they compare
    are current, so they are never moved out of their block, merged or
    dropped. A check does not communicate: a wait may move past it (ending
    the job needs no agreement of the other ranks).

    Example:

    ```mlir
    distruntime.check %same, "dist.add: operand sizes differ along dimension 0"
      (%n, %m) : index, index
    ```
  }];

  let arguments = (ins I1:$condition, StrAttr:$message,
                       Variadic<AnySignlessIntegerOrIndex>:$values);
  let assemblyFormat = [{
    $condition `,` $message (`(` $values^ `)` `:` type($values))? attr-dict
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// grid_factor
//===----------------------------------------------------------------------===//

def DistRuntime_GridFactorOp : DistRuntime_Op<"grid_factor", [Pure]> {
  let summary = "one extent of a balanced factorization of a number of ranks";
  let description = [{
    The extent along axis `axis` of the process grid with `axes` axes that
    the runtime makes of `%ranks` ranks: the most balanced factorization, in
    non-increasing order (`MPI_Dims_create`). A pure function of its
    operands.

    Example:

    ```mlir
    %rows = distruntime.grid_factor %p axes 2 axis 0
    ```
  }];

  let arguments = (ins Index:$ranks, ConfinedAttr<I64Attr, [IntPositive]>:$axes,
                       ConfinedAttr<I64Attr, [IntNonNegative]>:$axis);
  let results = (outs Index:$result);
  let assemblyFormat = "$ranks `axes` $axes `axis` $axis attr-dict";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// copy_rows
//===----------------------------------------------------------------------===//

def DistRuntime_CopyRowsOp : DistRuntime_Op<"copy_rows"> {
  let summary = "copies a 2-D view whose rows are contiguous, on this rank";
  let description = [{
    Copies `%source` into `%target`, row by row: two 2-D views of the same
    shape and element type whose rows are contiguous (innermost stride 1),
    in the default memory space, with elements of whole bytes. A memref op:
    `distc-lower-strided-copies` makes it of the `memref.copy`s between such
    views after bufferization, and `lower-distruntime-to-idtr` lowers it to
    the runtime's `_distc_copy_rows`, which takes the two views as integers
    (about 10 LLVM instructions where a generic `memrefCopy` needs two
    descriptors on the stack, about 40).

    Example:

    ```mlir
    distruntime.copy_rows %a, %b
      : memref<?x?xf64, strided<[?, 1], offset: ?>>
        to memref<4x?xf64, strided<[?, 1], offset: ?>>
    ```
  }];

  let arguments = (ins
      Arg<StridedMemRefRankOf<[AnyType], [2]>, "", [MemRead]>:$source,
      Arg<StridedMemRefRankOf<[AnyType], [2]>, "", [MemWrite]>:$target);
  let assemblyFormat = [{
    $source `,` $target attr-dict `:` type($source) `to` type($target)
  }];
  let hasVerifier = 1;
}

#endif // DISTRUNTIME_SERVICE_OPS
