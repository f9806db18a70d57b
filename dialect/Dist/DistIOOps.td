//===- DistIOOps.td - dist printing and file I/O -----------*- tablegen -*-===//
//
// The ops through which a program's data leaves or enters it: printing on
// rank 0 and .npy files read and written by all ranks in parallel. None of
// them is Pure: output must not be erased, merged or reordered, and a load
// must see the file as the program left it.
//
// Included from DistOps.td (which defines Dist_Tensor and Dist_Op's
// traits); verifiers in DistIOOps.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef DIST_IO_OPS
#define DIST_IO_OPS

//===----------------------------------------------------------------------===//
// Output
//===----------------------------------------------------------------------===//

def Dist_PrintOp : Dist_Op<"print"> {
  let summary = "prints a value once for the whole team";
  let description = [{
    Prints a scalar, a tensor or a distributed tensor on rank 0 of the team,
    followed by a newline. The output of a program is therefore the same on
    any number of ranks.

    Without options the format is that of `vector.print`:
    `( ( 1, 2 ), ( 3, 4 ) )`, numbers as `%g` (a distributed tensor is
    gathered on rank 0 first).

    `numpy` prints an array (rank >= 1) as numpy's `print` does, byte for
    byte with numpy's default print options: `[[1 2]` and ` [3 4]]` on two
    lines, every element right-aligned to the widest, `True`/`False` for
    `i1`, floats in numpy's format (shortest digits, at most 8 after the
    point, points aligned, scientific when the magnitudes ask for it)
    unless `precision` or `format` is given, lines wrapped at 75 columns,
    and arrays of more than 1000 elements summarised with `...` (3 items
    at each end of every longer dimension). The ranks combine the widths
    of their shown elements with allreduces, and rank 0 receives only the
    shown elements. Complex numbers print as `(1+2j)`.
    `precision = p` (0 to 40) prints floats with `%.pg`: 17 digits
    reproduce any `f64` exactly, 9 any `f32`. `format = "..."` gives the
    printf conversion of one element: flags, width and precision, and one
    of `e E f F g G a A` for floats or `d i u x X o` for integers (no
    length modifier, no `*`, nothing else around it: checked here).
    With any option a distributed tensor is not gathered: rank 0 prints
    its own block (in the numpy layout: its shown elements) and then
    receives and prints the other ranks' one at a time, so it never holds
    more than the largest block (the tensor is repartitioned to row blocks
    first if it is split along another dimension or over a process grid).

    ```mlir
    dist.print %s : f64
    dist.print %a : !dist.tensor<4x4xf64>
    dist.print %a numpy : !dist.tensor<?x?xf64>
    dist.print %s precision = 17 : f64
    dist.print %a numpy format = "%.3e" : !dist.tensor<?xf64>
    ```
  }];
  let arguments = (ins AnyType:$value, DefaultValuedAttr<I64Attr, "0">:$team,
                   UnitAttr:$numpy, OptionalAttr<I64Attr>:$precision,
                   OptionalAttr<StrAttr>:$format);
  let assemblyFormat = [{
    $value (`numpy` $numpy^)? (`precision` `=` $precision^)?
    (`format` `=` $format^)? attr-dict `:` type($value)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// Whether the op has an option that the runtime's printer handles.
    bool isFormatted() { return getNumpy() || getPrecision() || getFormat(); }
  }];
}

//===----------------------------------------------------------------------===//
// Files
//===----------------------------------------------------------------------===//

def Dist_SaveOp : Dist_Op<"save"> {
  let summary = "writes a distributed tensor to a .npy file";
  let description = [{
    Writes the whole global array to `path` in numpy's `.npy` format
    (version 1.0, or 2.0 for a header longer than 64 KiB; C order,
    little-endian), as `numpy.save` would. All ranks of the tensor's team
    write at once with MPI-IO: rank 0 writes the header, every rank writes
    its own block (on a process grid, a box offset in every split
    dimension) at its place in the file; no rank holds more than its
    block. An existing file is replaced.

    `param "name"` makes the path a command-line parameter: `--name=<path>`
    (listed by `--help` like `dist.param`), `path` being its default.

    A file that cannot be created or written stops the program with an
    error naming the op's location and the file.

    ```mlir
    dist.save %a, "result.npy" : !dist.tensor<?x?xf64>
    dist.save %a, "out.npy" param "output" : !dist.tensor<?xf32>
    ```
  }];
  let arguments = (ins Dist_Tensor:$source, StrAttr:$path,
                   OptionalAttr<StrAttr>:$param);
  let assemblyFormat = [{
    $source `,` $path (`param` $param^)? attr-dict `:` type($source)
  }];
  let hasVerifier = 1;
}

def Dist_LoadOp : Dist_Op<"load"> {
  let summary = "reads a distributed tensor from a .npy file";
  let description = [{
    Reads the array stored in the `.npy` file `path` (versions 1.0 to 3.0,
    as `numpy.save` writes them) into a distributed tensor of the result
    type, balanced along its split dimension (or per axis of its process
    grid). Rank 0 reads and checks the header; then every rank reads only
    its own block with MPI-IO.

    The file must hold the result's element type (`<f8` for `f64`, `<i4`
    for `i32`, `|b1` for `i1`, ...), have the result's rank and its static
    sizes, be in C order and hold all the data its header announces. A
    missing file, another dtype, rank or shape, Fortran order, a
    big-endian file or a truncated one stops the program with an error
    naming the op's location and the file.

    `param "name"` takes the path from the command-line option
    `--name=<path>`, with `path` as its default.

    ```mlir
    %a = dist.load "input.npy" : !dist.tensor<?x?xf64>
    %b = dist.load "in.npy" param "input" : !dist.tensor<?x8xf32, split = 1>
    %g = dist.load "g.npy" : !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>
    ```
  }];
  let arguments = (ins StrAttr:$path, OptionalAttr<StrAttr>:$param);
  let results = (outs Dist_Tensor:$result);
  let assemblyFormat = [{
    $path (`param` $param^)? attr-dict `:` type($result)
  }];
  let hasVerifier = 1;
}

#endif // DIST_IO_OPS
