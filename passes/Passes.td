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
    `_idtr_wait`, ...; the table of runtime/include/idtr/entry_points.def, listed in
    docs/runtime.md, "Entry points"). Tensors are
    passed as unranked memrefs (`bufferization.to_buffer` + `memref.cast`),
    outputs are fresh `memref.alloc` buffers wrapped back into tensors with
    `bufferization.to_tensor restrict writable`; shapes, offsets and axes go
    through `memref.alloca` buffers in the function's entry block (no leak,
    no stack growth in loops). `!distruntime.asynchandle` becomes `i64`,
    including through function signatures and structured control flow.
    An accumulating `copy_permute` (`add_into %acc`) hands the runtime
    `%acc`'s own buffer when nothing reads `%acc` after it, and a copy of it
    otherwise; see `CopyPermuteLowering`.

    The ops may also come bufferized (a pipeline that bufferizes first,
    through the models of `registerBufferizableOpInterfaceExternalModels`):
    their memref operands are passed as they are and their memref results
    are the buffers the runtime fills. `distruntime.copy_rows`, which
    `distc-lower-strided-copies` makes after bufferization, is a memref op
    only; distc's pipeline runs this pass again after that one.

    The pass declares the whole ABI (every entry point for every element
    type) as private functions, once, in the module and in every nested
    module that holds distruntime ops (calls resolve in the nearest symbol
    table): existing declarations with the right type are reused, a
    conflicting one (another type, `llvm.emit_c_interface`, a symbol that is
    not a `func.func`) is an error. An element type without an entry point
    is an error, not a crash.

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
    "::mlir::linalg::LinalgDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

def PrintIDTRRuntimeAPI
    : Pass<"distc-print-idtr-abi", "::mlir::ModuleOp"> {
  let summary = "print the runtime ABI table (for tests and docs)";
  let description = [{
    Prints the table of runtime entry points (runtime/include/idtr/entry_points.def) to
    standard output and leaves the module unchanged: `format=c` the C
    prototypes of the public entry points, one per element type, as
    runtime/include/idtr/idtr.h declares them; `format=markdown` the rows of
    the entry-point table of docs/runtime.md; `format=mlir` every
    declaration the lowerings create, as `func.func`. The lit test
    `abi-table.test` compares the three with the header, the docs and the
    lowering's output.

    ```
    echo "" | distc-opt --distc-print-idtr-abi=format=c -o /dev/null
    int64_t _idtr_nprocs(int64_t team)
    ...
    ```
  }];
  let options = [
    Option<"format", "format", "std::string", "\"c\"",
           "what to print: c, markdown or mlir">,
  ];
  // The ABI's pointer arguments are !llvm.ptr.
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def FormStencils : Pass<"distc-form-stencils", "::mlir::ModuleOp"> {
  let summary = "group the shifts of a tensor into one halo and form stencils";
  let description = [{
    The dist -> dist step before `convert-dist-to-distruntime`:

    1. The `dist.shift`s of one tensor with one fill value in a block become
       slices of one `dist.extend`, wide enough for all of them, so that
       they share one halo exchange.
    2. An element-wise op (`dist.elementwise`, `dist.add`, ...) whose
       operands are such slices, all in the partition of its result,
       becomes a `dist.stencil` reading a `dist.halo` (built where the
       `dist.extend` was): its lowering computes the interior of this
       rank's part while the halo rows are in flight and never assembles
       the extended tensor.

    A `dist.extend` that something else also reads (a reduction of a
    shift, a shift of a shift, an operand in another partition) stays, and
    so do the element-wise ops reading it: the extended tensor is built
    anyway, and one exchange serves them all.

    ```mlir
    %n = dist.shift %u offsets [-1, 0] fill %zero : !dist.tensor<?x?xf64>
    %s = dist.shift %u offsets [1, 0] fill %zero : !dist.tensor<?x?xf64>
    %r = dist.add %n, %s : !dist.tensor<?x?xf64>
    ```

    becomes

    ```mlir
    %h = dist.halo %u fill %zero
      : !dist.halo<!dist.tensor<?x?xf64>, low = [1, 0], high = [1, 0]>
    %r = dist.stencil %h, %h shifts [-1, 0, 1, 0] : ... {
    ^bb0(%a: f64, %b: f64):
      %v = arith.addf %a, %b : f64
      dist.yield %v : f64
    }
    ```
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

def ConvertDistToDistRuntime
    : Pass<"convert-dist-to-distruntime", "::mlir::ModuleOp"> {
  let summary = "lower dist to local tensor/linalg code and distruntime ops";
  let description = [{
    Replaces every `!dist.tensor` value by its parts - this rank's local
    tensor, the global shape and the local offsets (index values) - also
    across function signatures, calls and structured control flow. Creation
    and element-wise ops become `tensor.generate`/`linalg` code on the local
    part, with partition arithmetic computed at run time from
    `distruntime.team_size`/`team_member`; reshape, permute, repartition and
    gather become `distruntime.copy_reshape`/`copy_permute`, reductions a
    local `linalg.reduce` plus `distruntime.allreduce`, stencil accesses
    (`dist.halo`, `dist.extend`, `dist.shift`) `distruntime.update_halo` and
    `dist.stencil` an interior and a frame of `linalg.generic`s. Each op is
    lowered on its own (1:1); `distc-form-stencils`, which runs before, is
    what groups the shifts of a tensor into one exchange (a `dist.shift`
    left for this pass gets an exchange of its own). Each distruntime op is followed by its wait;
    `distruntime-overlap-comm` moves the waits later.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    // dist.save/dist.load/formatted dist.print pass buffers to the runtime.
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::cf::ControlFlowDialect",
    // Reductions and element-wise ops of complex elements.
    "::mlir::complex::ComplexDialect",
    "::mlir::distruntime::DistRuntimeDialect",
    "::mlir::func::FuncDialect",
    "::mlir::LLVM::LLVMDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
    "::mlir::vector::VectorDialect",
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
      `tensor.cast`);
    - a handle waited on only inside regions of ops of its block must be
      waited on every path: some op of the block waits in every one of its
      regions (both branches of an `scf.if`; an `scf.if` without `else` never
      does), else "not waited on every path";
    - a wait inside a loop that the handle's operation is outside of is an
      error: it would run once per iteration.
    - a handle waited on in its block and also inside a region of an op of
      that block is waited on twice on the paths through the nested wait.

    Handles that escape (yielded, returned, passed to a call, used in another
    block) are not followed.
  }];
}

def OverlapCommunication : Pass<"distruntime-overlap-comm"> {
  let summary = "overlap team communication with independent computation";
  let description = [{
    Widens the window between the start of each asynchronous `distruntime`
    operation and its `distruntime.wait`, so that communication runs while
    the rank computes. Within each block (nothing moves across regions or
    blocks):

    - every `distruntime.wait` sinks to just before the first operation that
      uses a dependent value of its operation (also inside nested regions,
      and through values derived from it, e.g. by `tensor.cast`), before the
      block terminator, and before any call, any operation with unknown
      side effects and any blocking communication. A wait may move past
      later `copy_*`/`allreduce`/`update_halo` starts and other waits: it
      only completes a local request;
    - every start (`copy_reshape`, `copy_permute`, `allreduce`,
      `update_halo`) rises to just after the definition of its last operand
      in the block, but never above another communicating operation
      (start or wait), a call, or an operation that may write or free
      memory or has unknown side effects.

    A start also passes a wait it does not depend on (that is the wait
    sinking below it). The relative order of collective starts never
    changes, so every rank still issues the team's collectives in the same
    order. Each block is processed in three linear sweeps (starts rise, waits
    sink, starts rise past the waits that sank), which is where repeating
    both moves until nothing moves would end; the time is linear in the
    block plus the uses of the values each wait protects. Running the pass
    twice changes nothing.
    Waits whose handle is a block argument or comes from an operation that
    is not a `distruntime` start stay where they are. See docs/overlap.md.

    Example:

    ```mlir
    %h, %s = distruntime.allreduce sum %x {team = 1 : i64}
      : (tensor<4xf64>) -> (!distruntime.asynchandle, tensor<4xf64>)
    distruntime.wait %h : !distruntime.asynchandle
    %y = arith.addf %a, %b : tensor<4xf64>
    %z = arith.addf %s, %y : tensor<4xf64>
    ```

    becomes

    ```mlir
    %h, %s = distruntime.allreduce sum %x {team = 1 : i64}
      : (tensor<4xf64>) -> (!distruntime.asynchandle, tensor<4xf64>)
    %y = arith.addf %a, %b : tensor<4xf64>
    distruntime.wait %h : !distruntime.asynchandle
    %z = arith.addf %s, %y : tensor<4xf64>
    ```
  }];
  let statistics = [
    Statistic<"numWaitsSunk", "waits-sunk", "Number of waits moved down">,
    Statistic<"numStartsHoisted", "starts-hoisted",
              "Number of asynchronous starts moved up">,
  ];
}

def DropEmptySlices : Pass<"distc-drop-empty-slices"> {
  let summary = "replace slices that hold no element (before bufferization)";
  let description = [{
    A `tensor.extract_slice` whose result has a static size 0 becomes a
    `tensor.empty` of its type, and a `tensor.insert_slice` of such a source
    its destination. The dist lowering builds slices from box arithmetic
    that folds to constants only later (a run-time 2 x 4 tensor sliced to
    `0 x 4`): bufferized as they were, MLIR 22's cast-into-subview folding
    then builds subviews at static offsets of `memref<0x...>` buffers, which
    its slice verifier rejects although nothing is read ("offset 0 is
    out-of-bounds: 0 >= 0"). `convert-dist-to-distruntime` and
    `distc-form-stencils` apply the same rewrite to what they build
    (passes/Conversion/DistToDistRuntime/EmptySlices.h).
  }];
  let dependentDialects = ["::mlir::tensor::TensorDialect"];
}

def ChooseWholeTensors : Pass<"distc-choose-whole-tensors"> {
  let summary = "turn selects of whole tensors into scf.if (before bufferization)";
  let description = [{
    An `arith.select` whose condition is one `i1` and whose operands are
    tensors chooses one whole tensor, and the two may have different run-time
    sizes (canonicalization makes such selects of an `scf.if` that yields one
    of two loop-invariant tensors). `convert-elementwise-to-linalg` treats it
    as an element-wise op instead, over the shape of its first operand:
    the result then takes the first tensor's sizes whichever is chosen, and
    a `tensor.dim` of it reads a wrong size. This pass, run just before that
    conversion, rewrites the select as the `scf.if` it stands for, which
    one-shot bufferization turns into a choice of buffers (no copy). Selects
    with a tensor of conditions are left alone: they are element-wise.

    ```mlir
    %t = arith.select %c, %a, %b : tensor<?xf64>
    // becomes
    %t = scf.if %c -> (tensor<?xf64>) {
      scf.yield %a : tensor<?xf64>
    } else {
      scf.yield %b : tensor<?xf64>
    }
    ```
  }];
  let dependentDialects = ["::mlir::scf::SCFDialect"];
}

def ReuseInputBuffers : Pass<"distc-reuse-input-buffers"> {
  let summary = "let element-wise results overwrite a dead input";
  let description = [{
    Runs on tensors, just before bufferization (canonicalization would undo
    it). An element-wise `linalg.generic` (one result, identity maps, all
    loops parallel) whose init is a `tensor.empty` that the body never reads
    gets its first input of the same type as init instead. One-shot
    bufferization then writes the result into that input's buffer when the
    input is dead afterwards, e.g. `A = A + 1` in a loop updates A in place
    instead of allocating and first-touching a new array and keeping the old
    one alive; when the input is still live it allocates a new buffer as
    before, copying nothing since the body does not read the init. Inputs
    that are function arguments are left alone (writing into them would make
    every caller that still uses the value copy it first), except in a
    private function that returns the result: it updates that argument, and
    its callers get the argument's buffer back.

    ```mlir
    %e = tensor.empty(%n) : tensor<?xf64>
    %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
        ins(%a : tensor<?xf64>) outs(%e : tensor<?xf64>) { ... }
    ```

    becomes the same op with `outs(%a : tensor<?xf64>)`.
  }];
}

def LowerColdLoops : Pass<"distc-lower-cold-loops"> {
  let summary = "lower linalg ops marked cold to loops LLVM leaves alone";
  let description = [{
    Lowers every linalg op carrying the unit attribute `distc.cold` to
    `scf.for` loops annotated with `#llvm.loop_annotation<disableNonforced =
    true, vectorize = <disable = true>, unroll = <disable = true>>`, which
    LLVM's vectorizer and unroller obey. The dist lowering marks the frame
    of a stencil (a row or a column of the local block per slab): there,
    vectorized loops with runtime alias checks and epilogues cost compile
    time and code size for no run time worth measuring. Other linalg ops
    are left for `convert-linalg-to-loops`. Runs on buffers.

    ```mlir
    linalg.generic {..., distc.cold} ins(%a : memref<1x?xf64>) outs(%b : memref<1x?xf64>) {...}
    ```

    becomes

    ```mlir
    scf.for %i = ... {
      scf.for %j = ... {
        ...
      } {llvm.loop_annotation = #llvm.loop_annotation<...>}
    } {llvm.loop_annotation = #llvm.loop_annotation<...>}
    ```
  }];
  let dependentDialects = ["mlir::scf::SCFDialect", "mlir::LLVM::LLVMDialect"];
}

def SplitIndexConditions : Pass<"distc-split-index-conditions"> {
  let summary = "split loops where compares of the index change";
  let description = [{
    An element-wise body that tests its position (`dist.index` compared
    with bounds: PRK's active points, a boundary condition) becomes, after
    `convert-linalg-to-loops`, an innermost `scf.for` whose body compares
    `%iv + c` with a bound and selects. LLVM vectorizes such a loop with the
    compares as vector masks, a select of the loaded old value becomes a
    masked store (`vmaskmovpd`, slow on every x86 core), and the compares
    run on every element.

    For a loop with unit step, at most `max-ops` ops inside (inner loops
    are split first and counted as they became), and at least one signed
    compare (`slt`, `sle`, `sgt`, `sge`) of `%iv`,
    `%iv + c`, `c + %iv` or `%iv - c` (`c` defined outside the loop) with a
    bound defined outside the loop, this pass computes the range [a, b) in
    which every such compare is true, and rewrites the loop into three: [lb,
    a) and [b, ub) with the original body, annotated as
    `distc-lower-cold-loops` annotates (no vectorization, no unrolling), and
    [a, b) with the compares replaced by `true`, which LLVM then vectorizes
    without masks. The bounds are computed in 128-bit integers and [a, b)
    is also limited to where no `%iv + c` wraps around in 64 bits, so the
    rewrite is exact for any values: when no iteration has all compares
    true, a = ub and the loop runs as before.

    ```mlir
    scf.for %j = %c0 to %n step %c1 {
      %g = arith.addi %j, %off : index
      %in = arith.cmpi sge, %g, %c2 : index
      ...
    }
    ```

    becomes

    ```mlir
    scf.for %j = %c0 to %a step %c1 { ...original... } {llvm.loop_annotation = ...}
    scf.for %j = %a to %b step %c1 { ...with %in = true... }
    scf.for %j = %b to %n step %c1 { ...original... } {llvm.loop_annotation = ...}
    ```
  }];
  let options = [
    Option<"maxOps", "max-ops", "int64_t", "400",
           "split loops with at most this many ops inside (the body is "
           "copied twice)">,
  ];
  let dependentDialects = ["mlir::arith::ArithDialect", "mlir::LLVM::LLVMDialect"];
}

def LowerStridedCopies : Pass<"distc-lower-strided-copies", "ModuleOp"> {
  let summary = "copy 2-D strided views with a call that takes integers";
  let description = [{
    Rewrites `memref.copy` between 2-D views whose rows are contiguous
    (unit innermost stride) but which are not contiguous as a whole into
    `distruntime.copy_rows`, which `lower-distruntime-to-idtr` (run again
    after this pass) lowers to a call of the runtime's
    `_distc_copy_rows(elemSize, src, srcOffset, srcStride, dst, dstOffset,
    dstStride, rows, cols)`, with the aligned pointers passed as integers.

    `finalize-memref-to-llvm` lowers such a copy to a call of the
    runtime's generic `memrefCopy`, whose two memref descriptors and their
    unranked wrappers are built on the stack: about 40 LLVM instructions
    per copy where this call needs about 10. A stencil's frame has ~10 of
    these copies per function (the windows it fills from the local block
    and the halos): less code for LLVM to optimize and compile (a Jacobi
    step: 1377 -> 1169 instructions before optimization). Both helpers
    copy row by row with `memcpy`.

    Elements must be whole bytes and the views in the default memory
    space (`i1`, `index` and other copies are left alone).

    ```mlir
    memref.copy %a, %b : memref<?x?xf64, strided<[?, 1], offset: ?>>
                      to memref<?x?xf64, strided<[?, 1], offset: ?>>
    ```

    becomes

    ```mlir
    distruntime.copy_rows %a, %b : memref<?x?xf64, strided<[?, 1], offset: ?>>
                                to memref<?x?xf64, strided<[?, 1], offset: ?>>
    ```
  }];
  let dependentDialects = ["::mlir::distruntime::DistRuntimeDialect"];
}

def LoopStackScopes : Pass<"distc-loop-stack-scopes"> {
  let summary = "give back the stack a loop iteration allocates, every iteration";
  let description = [{
    `scf.for` and `scf.parallel` are automatic allocation scopes: what a
    `memref.alloca` in their body allocates dies at the end of the
    iteration. `convert-scf-to-cf` ignores that, and the conversion to the
    LLVM dialect adds stack allocations of its own at the position of the op
    it lowers: a ranked-to-unranked `memref.cast` (the descriptor of every
    buffer passed to the runtime) and a `memref.copy` between strided views
    put their descriptors in an `llvm.alloca`, and a call that returns an
    unranked memref copies the descriptor onto the stack. In a loop each
    iteration then grows the stack, and a loop that communicates 30,000
    times overflows it.

    This pass runs on loops, before `convert-scf-to-cf`: every region of a
    loop-like op (`scf.for`, `scf.parallel`, both regions of `scf.while`)
    that holds such an op (not counting those inside nested loops, which get
    their own scope) starts with `llvm.intr.stacksave` and ends with
    `llvm.intr.stackrestore` before its terminator, the lowering of
    `memref.alloca_scope` done at the loop's level (`memref.alloca_scope`
    cannot wrap a body that nested loops turn into several blocks). A region
    whose terminator forwards a memref that may live on that stack (the
    result of an alloca, an unranked memref, or a view of one) is left
    alone: freeing it would be wrong, and `scf.while` is no allocation
    scope. Running the pass twice adds nothing.

    ```mlir
    scf.for %i = %c0 to %n step %c1 {
      %u = memref.cast %buf : memref<4x4xf64> to memref<*xf64>
      func.call @use(%u) : (memref<*xf64>) -> ()
    }
    ```

    becomes

    ```mlir
    scf.for %i = %c0 to %n step %c1 {
      %sp = llvm.intr.stacksave : !llvm.ptr
      %u = memref.cast %buf : memref<4x4xf64> to memref<*xf64>
      func.call @use(%u) : (memref<*xf64>) -> ()
      llvm.intr.stackrestore %sp : !llvm.ptr
    }
    ```
  }];
  let dependentDialects = ["mlir::LLVM::LLVMDialect"];
  let statistics = [
    Statistic<"numScopes", "scopes", "Number of loop regions given a stack scope">,
  ];
}

def AttachLoopAnnotations : Pass<"distc-attach-loop-annotations"> {
  let summary = "make loop annotations carried to llvm.br reach LLVM IR";
  let description = [{
    `convert-scf-to-cf` carries an `scf.for`'s `llvm.loop_annotation`
    attribute to the loop's latch branch as a discardable attribute, and
    `convert-to-llvm` keeps it there, but translation to LLVM IR only reads
    the inherent `loop_annotation` of `llvm.br`/`llvm.cond_br`. This pass
    moves the one onto the other, so that annotations such as those of
    `distc-lower-cold-loops` become `!llvm.loop` metadata. Runs after the
    conversion to the LLVM dialect.
  }];
}

def LoopInitOwnership : Pass<"distc-loop-init-ownership"> {
  let summary = "hand the buffer a loop starts from to the loop";
  let description = [{
    Runs right after `ownership-based-buffer-deallocation`, which never
    passes the ownership of an `scf.for`'s initial buffer into the loop: it
    gives the loop `false` and frees the initial buffer after the loop. An
    iterative solver then keeps its initial state alive for the whole loop,
    and every iteration's new state needs one more buffer (three grids live
    instead of two for a Jacobi sweep, one more first touch of a grid).

    For each memref iter_arg whose ownership operand is a constant `false`
    and whose buffer is freed by a `bufferization.dealloc` after the loop in
    the same block, with condition `c`, the pass passes `c` into the loop
    instead and turns that dealloc's condition for the buffer into `false`:
    the loop frees the buffer after the first iteration (if nothing retains
    it), or returns it with its ownership if it runs zero times. It only
    does so when nothing else reads the buffer after the loop, nothing in
    the loop reads it except through the iter_arg, and `c` is available
    before the loop; otherwise the IR is left as it is.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect"];
}

def FreeAfterLastUse : Pass<"distc-free-after-last-use"> {
  let summary = "free a buffer right after the last op of its block that can reach it";
  let description = [{
    Runs after `ownership-based-buffer-deallocation` (and its
    simplification), which frees the buffers of a block in one
    `bufferization.dealloc` before the block's terminator: straight-line
    code keeps every buffer it allocated alive until the block ends, so a
    chain of N redistributions of a large array holds N + 1 copies of it
    (measured: six chained transposes of a 4096 x 4096 f64 array on one rank
    peaked at 930 MB, seven arrays; six calls of a function that transposes
    a 2048 x 2048 array 236 MB, 108 MB with this pass).

    For each buffer of such a dealloc that the block owns from its
    definition there -- allocated by a `memref.alloc` in the block, or the
    one memref result of a call in the block of a function that returns
    fresh buffers (every returned memref a `memref.alloc` or a
    `bufferization.clone` of the callee, as ownership-based deallocation's
    function boundary ABI makes them; the dealloc frees its base buffer) --
    and that is freed unconditionally (condition `true`), the pass
    computes every value that can carry it (its users' results, region
    arguments and results of users with regions, the results of an op whose
    terminator yields one; not the results of a call of a function that
    returns fresh buffers) and moves its free right after the last op of
    the block that uses one of them (for a call's result, with its base
    buffer extracted again there). Buffers whose ownership is decided at
    run time (an `scf.if` that yields one of two) keep their place, and so
    do the results of a call with several memref results (a function may
    return one buffer twice; only one dealloc may free it). It
    leaves the buffer where it
    was when a carrying value is retained by the dealloc, used outside the
    block, stored to memory or used by an LLVM dialect op. The runtime's
    outputs are safe to free before the operation's wait: the runtime
    defers such a free until the wait (docs/runtime.md, "Buffer
    lifetimes"), and it has read its inputs when a start call returns.

    Example:

    ```mlir
    %a = memref.alloc() : memref<8xf64>
    "use"(%a) : (memref<8xf64>) -> ()
    %b = memref.alloc() : memref<8xf64>
    "use"(%b) : (memref<8xf64>) -> ()
    bufferization.dealloc (%a, %b : memref<8xf64>, memref<8xf64>) if (%true, %true)
    ```

    becomes

    ```mlir
    %a = memref.alloc() : memref<8xf64>
    "use"(%a) : (memref<8xf64>) -> ()
    bufferization.dealloc (%a : memref<8xf64>) if (%true)
    %b = memref.alloc() : memref<8xf64>
    "use"(%b) : (memref<8xf64>) -> ()
    bufferization.dealloc (%b : memref<8xf64>) if (%true)
    ```
  }];
  let dependentDialects = ["mlir::arith::ArithDialect",
                           "mlir::bufferization::BufferizationDialect"];
}

def FPContract : Pass<"distc-fp-contract"> {
  let summary = "fuse each multiply with the add it feeds (-ffp-contract=on)";
  let description = [{
    Replaces each `arith.addf` or `arith.subf` one of whose operands is an
    `arith.mulf` of the same block with no other user (the SSA form of C's
    `a * b + c` within one expression) by `llvm.intr.fmuladd`, which LLVM
    computes with one rounding wherever the target has fused multiply-add
    instructions (and as a multiply and an add elsewhere, or with
    `-ffp-contract=off`: the back end's `AllowFPOpFusion`). The left
    operand's multiply is taken if both qualify, as clang does; `a * b - c`
    becomes `fmuladd(a, b, -c)` and `c - a * b` `fmuladd(-a, b, c)`
    (negation is exact). The fast-math flags both ops carry are kept.

    distc runs it first (the `distc-dist-to-distruntime` stage), on the
    program as written: the bodies of `dist.elementwise`, `dist.generate`,
    `dist.stencil`, `linalg.generic`, `linalg.map` and `linalg.reduce`, and
    scalar code anywhere. Element-wise fusion (`-O2`) later merges bodies
    of different ops, but a multiply and an add of two ops are never
    contracted, so every `-O` level rounds the same way. The implicit bodies
    of named linalg ops are left to `distc-fp-contract-named-ops`.

    ```mlir
    %t = arith.mulf %alpha, %x : f64
    %r = arith.addf %t, %y : f64
    ```

    becomes

    ```mlir
    %r = llvm.intr.fmuladd(%alpha, %x, %y) : (f64, f64, f64) -> f64
    ```
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect", "::mlir::LLVM::LLVMDialect",
  ];
}

def FPContractNamedOps : Pass<"distc-fp-contract-named-ops"> {
  let summary = "fuse the multiply-adds of named linalg ops (-ffp-contract=on)";
  let description = [{
    Rewrites each named linalg op whose body multiplies and adds floats
    (`linalg.matmul`, `matvec`, `vecmat`, `dot`, `batch_matmul`,
    convolutions, ...) as a `linalg.generic` whose body is contracted as
    `distc-fp-contract` contracts: `c += a * b` becomes
    `c = fmuladd(a, b, c)`. distc runs it right before linalg ops become
    loops, at every `-O` level: at `-O2` `distc-tile-matmul` has already
    vectorized the float `linalg.matmul`s into fused multiply-adds
    (`vector.fma`, also LLVM's `fmuladd`), and the products left, and all
    of them below `-O2`, are then fused the same way. Ops on buffers or
    tensors; other linalg ops are left alone.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect", "::mlir::LLVM::LLVMDialect",
    "::mlir::linalg::LinalgDialect",
  ];
}

def FuseElementwise : Pass<"distc-fuse-elementwise"> {
  let summary = "fuse element-wise linalg ops where the fused op does less work";
  let description = [{
    Upstream's element-wise fusion (`linalg-fuse-elementwise-ops`: the
    patterns of `linalg::populateElementwiseOpsFusionPatterns`, reshape
    folding by expansion, constant folding) with a cost rule deciding when
    a producer `linalg.generic` moves into its consumer. The fused op
    computes the producer's body wherever the consumer reads its result, so
    the rule counts how often that is per element of the producer:

    - the trip count of every loop between the two (`scf.for`,
      `scf.parallel`, any `LoopLikeOpInterface`) and 1 for regions entered
      at most once (`scf.if`); a loop without a static trip count,
      `scf.while` and regions that run once per element (the body of a
      `linalg.generic`, `tensor.generate`) count as many;
    - times the consumer's iterations over dimensions its indexing map
      drops (a broadcast of the producer's result).

    With `R` that count, `B` the cost of the producer's body per element
    (1 per arithmetic op; 8 per division, remainder or square root; 40 per
    transcendental `math` op; calls, loops and unknown ops never
    repeated), and memory reads and writes of an element at 4:

    - a producer whose only user is the consumer is fused when `R` times
      its body, plus the reads of the tensors it reads that the consumer
      does not, costs no more than computing it once, writing it and
      reading it `R` times. In straight-line code (`R` = 1) that always
      holds: chains of element-wise ops fuse as upstream;
    - a producer that stays (it has other users: fusing duplicates its
      body) or whose `R` is unknown is fused only when its body plus those
      new reads costs no more than the one read of its result the fusion
      saves: a cheap body (at most 4) that reads nothing the consumer does
      not already read.

    So a loop-invariant `dist.generate` of `sin` and `exp` stays a tensor
    computed once before the loop, while one computing `i * h` is still
    recomputed in the loop's element-wise op instead of being read from
    memory; and a producer with several users is copied into a consumer only
    when that saves memory traffic. Reshapes and constants fold into their
    one user in the same block only (folding a `tensor.pad` with the
    `tensor.expand_shape` of its result re-creates the pad there: in a
    loop, a copy per iteration).

    ```mlir
    %b = linalg.generic ... outs(%e : tensor<?xf64>) { sin, exp }
    %r = scf.for ... iter_args(%a = %a0) -> (tensor<?xf64>) {
      %s = linalg.generic ... ins(%a, %b : tensor<?xf64>, tensor<?xf64>) { addf }
      scf.yield %s : tensor<?xf64>
    }
    ```

    stays as it is (upstream moves `sin` and `exp` into the loop).

    Reshapes do not fold into or out of `linalg.matmul` and
    `linalg.batch_matmul` (upstream's expansion would turn the product
    into a `linalg.generic` with one loop more, e.g. a column block of Q
    viewed as heads, which `distc-tile-matmul` does not tile and which runs
    as a plain loop nest).
  }];
  let dependentDialects = [
    "::mlir::affine::AffineDialect", "::mlir::linalg::LinalgDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

def FuseSiblingReductions : Pass<"distc-fuse-sibling-reductions"> {
  let summary = "compute full reductions that read the same tensor in one pass";
  let description = [{
    Merges `linalg.generic` ops that reduce whole tensors to scalars (every
    loop a reduction, identity input maps, one rank-0 init) and share an
    input, within one block, into one `linalg.generic` with one init per
    original op: a sum and a maximum of the same array, or an error count
    and a checksum, then read the array once instead of once per reduction.
    The merged op takes the place of the first one; the second must not
    depend on the first, and its init must be available there (a
    `linalg.fill` of a `tensor.empty` is moved up). Runs on tensors, after
    element-wise fusion has folded producers into the reductions.

    ```mlir
    %s = linalg.generic {iterator_types = ["reduction"], ...}
        ins(%a : tensor<?xf64>) outs(%zero : tensor<f64>) { addf }
    %m = linalg.generic {iterator_types = ["reduction"], ...}
        ins(%a : tensor<?xf64>) outs(%ninf : tensor<f64>) { maximumf }
    ```

    becomes one `linalg.generic ins(%a) outs(%zero, %ninf)` yielding both.
  }];
}

def LowerScalarReductions : Pass<"distc-lower-scalar-reductions"> {
  let summary = "lower full reductions to loops that carry the accumulator";
  let description = [{
    Lowers each `linalg.generic` on buffers that reduces whole arrays to
    scalars (every loop a reduction, identity input maps, rank-0 inits) to an
    `scf.for` nest whose iter_args carry the accumulators: the inits are
    loaded once before the loops and stored once after them.
    `convert-linalg-to-loops` would load and store the 0-d init buffer for
    every element instead, and LLVM keeps it in memory whenever it cannot
    prove that the buffer does not alias the array (a chain of store-load
    forwarding per element: the reduction of a 256 MiB grid took ~3x its
    memory-bound time). The order of the combining operations is that of
    `convert-linalg-to-loops` (row-major), so results are bit-identical.

    When the body combines floats in an order LLVM must keep (`addf`,
    `subf`, `mulf` or `llvm.intr.fmuladd` without `reassoc`), the loops
    get an `llvm.loop_annotation` that disables unrolling: such a loop is a
    chain of dependent adds that neither vectorizes nor runs faster unrolled,
    and
    LLVM's -O3 full unrolling turned every reduction over a row of up to
    ~128 elements into straight-line code (twice the LLVM IR of -O2).
  }];
  let dependentDialects = ["mlir::scf::SCFDialect", "mlir::memref::MemRefDialect",
                           "mlir::LLVM::LLVMDialect"];
}

def TileMatmul : Pass<"distc-tile-matmul", "::mlir::func::FuncOp"> {
  let summary = "block-pack, tile and vectorize float linalg.matmul ops";
  let description = [{
    Rewrites every `linalg.matmul` on tensors of `f32` or `f64` (the local
    products of `dist.matmul`, and user code) into the loop nest of a tuned
    BLAS (docs/dist.md, "Matrix products"):

    - the operands are packed into blocks (upstream's block packing, with
      zero padding so that any size works): `A` into `6 x 1` column
      slivers, `B` into `1 x w` row slivers (`w` = two vector registers,
      8 for f64), `C` into `6 x w` tiles, each contiguous along `K`. Each
      pack is one `linalg.generic` that reads the operand, or zero past
      its end, and the result is unpacked the same way straight into `C`
      (upstream's lowering of `linalg.pack` copies the whole operand into a
      padded buffer first, a fresh allocation as large as the operand);
    - the packed product is tiled for the caches (`64` column tiles x `256`
      of `K` x `16` row tiles: a `K`-block of `B`'s sliver stays in L1, the
      `A` block in L2) and then by single tiles;
    - each `6 x w x 1` step is vectorized into `6 x 2` fused multiply-adds
      on `vector<6xw>` accumulators that stay in registers across the `K`
      loop (the read and write of the `C` tile are hoisted out of it).

    The additions of each element of `C` happen in the order of `K` as
    before, and the products are fused with them (`vector.fma`, which is
    LLVM's `llvm.fmuladd`): as `distc-fp-contract-named-ops` fuses them in
    the loops of the matmuls left and at every `-O` level, so results are
    those of `-O0`; with `-ffp-contract=off` the code generator keeps the
    multiply and the add apart here too. Integer products are left alone.

    A float `linalg.batch_matmul` with the default maps (`C[b,m,n] +=
    A[b,m,k] * B[b,k,n]`: per-head attention) is first tiled by one along
    its batch dimension, and each step rewritten as a `linalg.matmul` on
    the rank-reduced slices (`tensor.collapse_shape` of the `1 x M x K`
    slices, views), which is then packed and tiled as above.

    The register tile follows the target's vector registers (`vector-bits`,
    which distc sets from the CPU it compiles for): 256 (AVX2, 16
    registers) and 128 give the `6 x 2`-register tile above; 512 (AVX-512,
    32 registers) a `12 x 2`-register tile (`12 x 16` for f64: 24
    accumulators, 2 registers of `B`, one broadcast), so that enough
    independent fused multiply-adds are in flight to fill both FMA units.
  }];
  let options = [
    Option<"vectorBits", "vector-bits", "unsigned", "256",
           "width in bits of the target's vector registers: 128, 256 or "
           "512 (AVX-512: 32 registers and a 12-row register tile)">,
  ];
  let dependentDialects = [
    "::mlir::linalg::LinalgDialect", "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect", "::mlir::vector::VectorDialect",
    "::mlir::arith::ArithDialect", "::mlir::affine::AffineDialect",
  ];
}

//===----------------------------------------------------------------------===//
// The upstream `shard` front end (docs/shard.md)
//===----------------------------------------------------------------------===//

def ShardPartition : Pass<"distc-shard-partition", "::mlir::ModuleOp"> {
  let summary = "partition functions annotated with shard ops into SPMD form";
  let description = [{
    Runs upstream's `sharding-propagation` and `shard-partition` on every
    `func.func` that holds `shard.shard` ops (other functions, such as a
    `main` that prints, are left alone: propagation fails on every op
    without a sharding interface). Before that, it fixes the meaning of the
    function boundary for a whole program: a caller passes and receives
    *global* tensors, so every tensor argument is annotated as replicated
    (its user's `shard.shard` becomes the sharding its users want, so
    partitioning slices it locally) and every returned tensor is
    replicated before the return (partitioning gathers it). Upstream
    instead changes the signature to the local shard types, which no caller
    in the same module matches.

    Between propagation and partitioning, reshardings on grids of several
    axes that upstream would do in one (wrong) step are split into steps of
    one all_gather or all_slice each, and a `tensor.empty` with several
    users gets one copy per user.

    Uneven partitions (sizes not divisible by their shard count, or
    `sharded_dims_offsets`) get offsets tables that upstream's
    partitioning types dynamically, and their reshardings become
    `distc.reshard` casts that `convert-shard-to-distruntime` lowers (one
    redistribution each): upstream's resharding crashes on them. TOSA ops
    are lowered to linalg first (`tosa-to-linalg-named`, `tosa-to-linalg`,
    `tosa-to-arith`, `tosa-to-tensor`), in every function of the module.

    Errors of propagation and partitioning are reported at the op and fail
    the pass; what would crash upstream's partitioning and distc does not
    handle itself (a dynamic grid, a split dynamic dimension, dynamic
    offsets, halos on an uneven dimension) is rejected before it runs.

    With `remarks` (the driver sets it under `-v`), every op with tensor
    operands or results that has no sharding rule and is therefore
    computed replicated gets a remark at its location.
  }];
  let options = [
    Option<"remarks", "remarks", "bool", /*default=*/"false",
           "remark on each tensor op computed replicated">,
  ];
  let dependentDialects = [
    "::mlir::shard::ShardDialect",
    "::mlir::tensor::TensorDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::math::MathDialect",
  ];
}

def ConvertShardToDistRuntime
    : Pass<"convert-shard-to-distruntime", "::mlir::ModuleOp"> {
  let summary = "lower SPMD-level shard ops to distruntime";
  let description = [{
    Lowers what `shard-partition` leaves (and what a user may write by hand
    at the SPMD level) on static grids of any rank, whose processes are the
    ranks of the program (team id 0x5A0000 + the grid's position in the
    module). A collective over a subset of the grid's axes runs on a
    sub-grid team (`distruntime.define_subgrid_team`, ids from 0x5B0000, one
    per grid and ordered axis list, defined at the entry of `main` and of
    each function that uses it):

    - `shard.all_reduce` (sum, max, min, product; average on floats) ->
      `distruntime.allreduce`; `shard.reduce_scatter` -> the same and a
      local slice;
    - `shard.all_gather` and `shard.all_to_all` -> `distruntime.copy_reshape`
      (replicated target boxes, resp. a redistribution of the same global
      array from a split along `concat_axis` to one along `split_axis`;
      with both axes equal, of an array with the axis as two block
      dimensions, one per member);
    - `shard.all_slice` -> a local `tensor.extract_slice`;
    - `shard.update_halo` -> per split dimension (the last first),
      `distruntime.update_halo` of the owned rows and `tensor.insert_slice`
      of the received halos into the destination (a dimension other than 0
      is swapped to the front for it, a local transposed copy each way);
    - `shard.process_linear_index`, `process_multi_index` ->
      `distruntime.team_member` (and its row-major delinearization);
      `shard.grid_shape` -> constants; `shard.shard_shape` -> the balanced
      partition's (or `sharded_dims_offsets`') local sizes;
      `shard.neighbors_linear_indices` -> index arithmetic.

    Each communicating op is followed by its wait (`distruntime-overlap-comm`
    moves it later). Every function that uses a grid, and `main`, first
    check at run time that the team has as many ranks as the grid: on a
    mismatch the first rank prints one error that names the grid, its shape
    and the rank count, and every rank calls `exit(1)`. Any other shard
    op, and every op on a dynamic grid, is a located error. The
    `shard.grid` symbols are erased once nothing refers to them.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::cf::ControlFlowDialect",
    "::mlir::distruntime::DistRuntimeDialect",
    "::mlir::func::FuncDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
    "::mlir::vector::VectorDialect",
  ];
}

//===----------------------------------------------------------------------===//
// Program finalization: the last passes of every pipeline, on the LLVM
// dialect. They make the module a C program that links with others, so that
// what the pipeline prints is what distc translates (`--emit=mlir` output
// compiles again).
//===----------------------------------------------------------------------===//

def InternalizePrivateFunctions
    : Pass<"distc-internalize-private-functions", "::mlir::ModuleOp"> {
  let summary = "give private llvm.func definitions internal linkage";
  let description = [{
    MLIR's `private` symbol visibility survives the conversion to the LLVM
    dialect only as `sym_visibility`, which translation ignores: the
    functions would be exported from the object file, and two inputs that
    both got a `dealloc_helper` from buffer deallocation would clash at link
    time. This pass gives every private `llvm.func` definition `internal`
    linkage. Declarations keep theirs (they refer to another object's
    symbol).

    ```mlir
    llvm.func private @dealloc_helper(...)   // before
    llvm.func internal @dealloc_helper(...)  // after
    ```
  }];
}

def WrapVoidMain : Pass<"distc-wrap-void-main", "::mlir::ModuleOp"> {
  let summary = "give the program the C entry point `i32 main()`";
  let description = [{
    C's start files call `int main(...)`. A defined `llvm.func @main` that
    returns nothing is renamed `__distc_user_main` (internal, every use
    updated) and called from a new `llvm.func @main() -> i32` that returns
    0, so that a program that returns normally exits with status 0. A main
    that returns i32 only gets `external` linkage (it may have been
    private). Nothing else changes; a module without a defined `main` is
    left alone.

    ```mlir
    llvm.func @main() { ... }
    // becomes
    llvm.func internal @__distc_user_main() { ... }
    llvm.func @main() -> i32 {
      llvm.call @__distc_user_main() : () -> ()
      %0 = llvm.mlir.constant(0 : i32) : i32
      llvm.return %0 : i32
    }
    ```

    With `-g`, distc describes the wrapper in DWARF after translation
    (driver/distc/DebugInfo.cpp): an artificial subprogram cannot be
    expressed in the LLVM dialect.
  }];
}

def MarkAllocatorsNoAlias
    : Pass<"distc-mark-allocators-noalias", "::mlir::ModuleOp"> {
  let summary = "say that the buffer allocators return fresh memory";
  let description = [{
    The compiled program allocates buffers through the runtime's
    `_mlir_memref_to_llvm_alloc` and `_mlir_memref_to_llvm_aligned_alloc`
    (runtime/lib/transport/BufferAllocator.cpp), which return fresh memory like
    malloc. This pass gives their declarations a `llvm.noalias` result:
    LLVM can then keep a reduction's accumulator, a freshly allocated 0-d
    buffer, in a register instead of loading and storing it for every
    element, because it can prove that the buffer does not alias the array
    being reduced.

    ```mlir
    llvm.func @_mlir_memref_to_llvm_alloc(i64) -> (!llvm.ptr {llvm.noalias})
    ```
  }];
}

def RuntimeChecks : Pass<"distc-runtime-checks", "::mlir::ModuleOp"> {
  let summary = "check element accesses and upstream op contracts at run time";
  let description = [{
    What `distc --runtime-checks` (the default at `-O0`) adds, on the
    tensor level before the `dist` lowering, so that it sees the ops the
    user wrote:

    - every `tensor.extract`, `tensor.insert`, `memref.load` and
      `memref.store` checks each index against the size of its dimension
      (`0 <= index < size`, one unsigned compare); an access to the result
      of `dist.local` is an access to this rank's part, and the message
      says so (a global index is not a local one);
    - every other op with upstream MLIR's `RuntimeVerifiableOpInterface`
      (`tensor.cast`, `tensor.dim`, `tensor.extract_slice`, `memref.cast`,
      `memref.copy`, `memref.dim`, `memref.subview`, `memref.expand_shape`,
      `memref.assume_alignment`, atomic read-modify-writes, every linalg
      structured op) gets upstream's checks, with upstream's message.

    Each check is a `distruntime.check` of the op's condition, message
    (`<op>: <message>`) and the values that disagree; a failed check prints
    `file:line:col: error: <op>: <message>: a vs b` (the op's own location)
    and ends the job with a non-zero exit, without a signal (upstream's
    `cf.assert` would abort). Ops in the bodies of `dist` ops (scalar code)
    are not checked.

    Example:

    ```mlir
    %part = dist.local %a : !dist.tensor<8xf64> -> tensor<?xf64>
    %x = tensor.extract %part[%i] : tensor<?xf64>
    ```

    gets, before the `tensor.extract`,

    ```mlir
    %n = tensor.dim %part, %c0 : tensor<?xf64>
    %ok = arith.cmpi ult, %i, %n : index
    distruntime.check %ok, "tensor.extract: index out of bounds along dimension 0 (index vs size)"(%i, %n) : index, index
    ```
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::distruntime::DistRuntimeDialect",
    "::mlir::func::FuncDialect",
    "::mlir::LLVM::LLVMDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

#endif // DISTC_PASSES
