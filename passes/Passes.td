//===- Passes.td - distc passes -----------------------------*- tablegen -*-===//

#ifndef DISTC_PASSES
#define DISTC_PASSES

include "mlir/Pass/PassBase.td"

def LowerDistRuntimeToIDTR
    : Pass<"lower-distruntime-to-idtr", "::mlir::ModuleOp"> {
  let summary = "lower distruntime operations to calls into the IDTR runtime";
  let description = [{
    Replaces every `distruntime` operation with a `func.call` to the typed
    entry point of the IDTR runtime ABI (`_idtr_copy_reshape_f64`,
    `_idtr_wait`, ...; see docs/runtime-abi in shared design). Tensors are
    passed as unranked memrefs (`bufferization.to_buffer` + `memref.cast`),
    outputs are fresh `memref.alloc` buffers wrapped back into tensors with
    `bufferization.to_tensor restrict writable`; shapes, offsets and axes go
    through `memref.alloca` buffers in the function's entry block (no leak,
    no stack growth in loops). `!distruntime.asynchandle` becomes `i64`,
    including through function signatures and structured control flow.

    The pass declares the whole ABI (every entry point for every element
    type) as private functions, once: existing declarations with the right
    type are reused, a conflicting one is an error. An element type without
    an entry point is an error, not a crash.

    Example:

    ```mlir
    %h, %out = distruntime.allreduce sum %x {team = 22 : i64}
      : (tensor<4xf64>) -> (!distruntime.asynchandle, tensor<4xf64>)
    distruntime.wait %h : !distruntime.asynchandle
    ```

    becomes (abridged)

    ```mlir
    %in = bufferization.to_buffer %x read_only : ...
    %buf = memref.alloc() : memref<4xf64>
    %h = call @_idtr_allreduce_f64(%c22, %in_u, %buf_u, %c4_i32)
      : (i64, memref<*xf64>, memref<*xf64>, i32) -> i64
    %out = bufferization.to_tensor %buf restrict writable : ...
    call @_idtr_wait(%h) : (i64) -> ()
    ```
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::func::FuncDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

def CheckDistRuntimeWaits
    : Pass<"distruntime-check-waits", "::mlir::ModuleOp"> {
  let summary = "diagnose missing, repeated and late waits on async handles";
  let description = [{
    Checks, where the IR lets it see all uses, that every
    `!distruntime.asynchandle` reaches exactly one `distruntime.wait` and that
    no dependent value is used before that wait:

    - a handle with no `distruntime.wait` and no other use (yield, call,
      return, block argument) is an error ("never waited on");
    - two waits on the same handle in the same block are an error;
    - a use of a dependent value that precedes the wait in the same block is
      an error, except for ops that only read the shape (`tensor.dim`,
      `tensor.cast`).

    Handles that escape into control flow or calls are not followed.
  }];
}

#endif // DISTC_PASSES
