// RUN: %distc-opt %s --distruntime-overlap-comm --split-input-file --allow-unregistered-dialect | FileCheck %s
// The pass is idempotent: a second run moves nothing.
// RUN: %distc-opt %s --distruntime-overlap-comm --distruntime-overlap-comm --split-input-file --allow-unregistered-dialect | FileCheck %s
// The result still satisfies the wait contract.
// RUN: %distc-opt %s --distruntime-overlap-comm --distruntime-check-waits --split-input-file --allow-unregistered-dialect | FileCheck %s

// The wait sinks below independent compute, to the first use of the result.
// CHECK-LABEL: func.func @sink_to_first_use
// CHECK: %[[H:.*]], %[[S:.*]] = distruntime.allreduce sum
// CHECK-NEXT: %[[Y:.*]] = arith.mulf
// CHECK-NEXT: %[[Z:.*]] = arith.addf %[[Y]], %[[Y]]
// CHECK-NEXT: distruntime.wait %[[H]]
// CHECK-NEXT: arith.addf %[[S]], %[[Z]]
func.func @sink_to_first_use(%x: tensor<4xf64>, %a: tensor<4xf64>) -> tensor<4xf64> {
  %h, %s = distruntime.allreduce sum %x {team = 1 : i64} : (tensor<4xf64>) -> (!distruntime.asynchandle, tensor<4xf64>)
  distruntime.wait %h : !distruntime.asynchandle
  %y = arith.mulf %a, %a : tensor<4xf64>
  %z = arith.addf %y, %y : tensor<4xf64>
  %r = arith.addf %s, %z : tensor<4xf64>
  return %r : tensor<4xf64>
}

// -----

// The start rises above compute it does not depend on; the wait then sinks
// below that compute.
// CHECK-LABEL: func.func @hoist_above_independent
// CHECK-NEXT: %[[H:.*]], %[[S:.*]] = distruntime.allreduce sum %arg0
// CHECK-NEXT: %[[Y:.*]] = arith.mulf %arg1, %arg1
// CHECK-NEXT: distruntime.wait %[[H]]
// CHECK-NEXT: arith.addf %[[S]], %[[Y]]
func.func @hoist_above_independent(%x: tensor<4xf64>, %a: tensor<4xf64>) -> tensor<4xf64> {
  %y = arith.mulf %a, %a : tensor<4xf64>
  %h, %s = distruntime.allreduce sum %x {team = 1 : i64} : (tensor<4xf64>) -> (!distruntime.asynchandle, tensor<4xf64>)
  distruntime.wait %h : !distruntime.asynchandle
  %r = arith.addf %s, %y : tensor<4xf64>
  return %r : tensor<4xf64>
}

// -----

// The start stops right after the definition of its operand (and may pass
// pure ops such as team queries and independent loops on the way).
// CHECK-LABEL: func.func @hoist_not_above_operand_def
// CHECK-NEXT: %[[X:.*]] = arith.addf %arg0, %arg0
// CHECK-NEXT: %[[H:.*]], %[[S:.*]] = distruntime.allreduce sum %[[X]]
// CHECK-NEXT: arith.mulf %arg1, %arg1
// CHECK-NEXT: distruntime.team_size
// CHECK-NEXT: arith.constant
// CHECK-NEXT: scf.for
// CHECK: distruntime.wait %[[H]]
// CHECK-NEXT: return %[[S]]
func.func @hoist_not_above_operand_def(%x0: tensor<4xf64>, %a: tensor<4xf64>, %lb: index, %ub: index) -> (tensor<4xf64>, tensor<4xf64>, index, tensor<4xf64>) {
  %x = arith.addf %x0, %x0 : tensor<4xf64>
  %y = arith.mulf %a, %a : tensor<4xf64>
  %n = distruntime.team_size {team = 1 : i64}
  %c1 = arith.constant 1 : index
  %l = scf.for %i = %lb to %ub step %c1 iter_args(%acc = %a) -> tensor<4xf64> {
    %t = arith.addf %acc, %acc : tensor<4xf64>
    scf.yield %t : tensor<4xf64>
  }
  %h, %s = distruntime.allreduce sum %x {team = 1 : i64} : (tensor<4xf64>) -> (!distruntime.asynchandle, tensor<4xf64>)
  distruntime.wait %h : !distruntime.asynchandle
  return %s, %y, %n, %l : tensor<4xf64>, tensor<4xf64>, index, tensor<4xf64>
}

// -----

// An accumulating copy_permute rises above independent compute but not
// above a read of its accumulator: bufferization would then copy the
// accumulator to add into it.
// CHECK-LABEL: func.func @accumulator_readers_stay_before
// CHECK-NEXT: arith.constant
// CHECK-NEXT: %[[R:.*]] = tensor.extract %arg1
// CHECK-NEXT: %[[H:.*]], %[[B:.*]] = distruntime.copy_permute %arg0 {{.*}} add_into %arg1
// CHECK-NEXT: arith.mulf %arg2, %arg2
// CHECK-NEXT: distruntime.wait %[[H]]
func.func @accumulator_readers_stay_before(%a: tensor<4x4xf64>, %b: tensor<4x4xf64>, %x: tensor<4xf64>, %i: index)
    -> (tensor<4x4xf64>, f64, tensor<4xf64>) {
  %c0 = arith.constant 0 : index
  %r = tensor.extract %b[%c0, %c0] : tensor<4x4xf64>
  %y = arith.mulf %x, %x : tensor<4xf64>
  %h, %bn = distruntime.copy_permute %a g_shape %i, %i l_offs %i, %i to n_offs %i, %i n_shape %i, %i axes [1, 0] add_into %b
    {team = 1 : i64} : (tensor<4x4xf64>, index, index, index, index, index, index, index, index, tensor<4x4xf64>) -> (!distruntime.asynchandle, tensor<4x4xf64>)
  distruntime.wait %h : !distruntime.asynchandle
  return %bn, %r, %y : tensor<4x4xf64>, f64, tensor<4xf64>
}

// -----

// A start never rises above an earlier start: the collective order is fixed.
// CHECK-LABEL: func.func @hoist_not_above_collective
// CHECK-NEXT: %[[HA:.*]], %[[A:.*]] = distruntime.allreduce sum %arg0
// CHECK-NEXT: %[[HB:.*]], %[[B:.*]] = distruntime.allreduce max %arg1
// CHECK-NEXT: arith.mulf
// CHECK-NEXT: distruntime.wait %[[HA]]
// CHECK-NEXT: distruntime.wait %[[HB]]
func.func @hoist_not_above_collective(%x: tensor<4xf64>, %a: tensor<4xf64>) -> (tensor<4xf64>, tensor<4xf64>, tensor<4xf64>) {
  %y = arith.mulf %a, %a : tensor<4xf64>
  %ha, %sa = distruntime.allreduce sum %x {team = 1 : i64} : (tensor<4xf64>) -> (!distruntime.asynchandle, tensor<4xf64>)
  %hb, %sb = distruntime.allreduce max %a {team = 1 : i64} : (tensor<4xf64>) -> (!distruntime.asynchandle, tensor<4xf64>)
  distruntime.wait %ha : !distruntime.asynchandle
  distruntime.wait %hb : !distruntime.asynchandle
  return %sa, %sb, %y : tensor<4xf64>, tensor<4xf64>, tensor<4xf64>
}

// -----

// Two collectives, each waited on before its use: the second start moves up
// next to the first (order kept), the first wait moves past the second start.
// CHECK-LABEL: func.func @two_collectives
// CHECK-NEXT: %[[HA:.*]], %[[A:.*]] = distruntime.allreduce sum %arg0
// CHECK-COUNT-3: arith.constant
// CHECK-NEXT: %[[HB:.*]], %[[B:.*]] = distruntime.copy_permute %arg1
// CHECK-NEXT: distruntime.wait %[[HA]]
// CHECK-NEXT: %[[UA:.*]] = arith.addf %[[A]], %[[A]]
// CHECK-NEXT: distruntime.wait %[[HB]]
// CHECK-NEXT: %[[UB:.*]] = arith.addi %[[B]], %[[B]]
func.func @two_collectives(%x: tensor<4xf64>, %p: tensor<5x2xi64>) -> (tensor<4xf64>, tensor<2x5xi64>) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c5 = arith.constant 5 : index
  %ha, %a = distruntime.allreduce sum %x {team = 1 : i64} : (tensor<4xf64>) -> (!distruntime.asynchandle, tensor<4xf64>)
  distruntime.wait %ha : !distruntime.asynchandle
  %ua = arith.addf %a, %a : tensor<4xf64>
  %hb, %b = distruntime.copy_permute %p g_shape %c5, %c2 l_offs %c0, %c0 to n_offs %c0, %c0 n_shape %c2, %c5 axes [1, 0]
    {team = 1 : i64} : (tensor<5x2xi64>, index, index, index, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<2x5xi64>)
  distruntime.wait %hb : !distruntime.asynchandle
  %ub = arith.addi %b, %b : tensor<2x5xi64>
  return %ua, %ub : tensor<4xf64>, tensor<2x5xi64>
}

// -----

// Waits may pass each other: the first wait moves down to its own use,
// past the second wait and the use of its result.
// CHECK-LABEL: func.func @waits_interleave
// CHECK-NEXT: %[[HA:.*]], %[[A:.*]] = distruntime.allreduce sum %arg0
// CHECK-NEXT: %[[HB:.*]], %[[B:.*]] = distruntime.allreduce sum %arg1
// CHECK-NEXT: distruntime.wait %[[HB]]
// CHECK-NEXT: arith.addf %[[B]], %[[B]]
// CHECK-NEXT: distruntime.wait %[[HA]]
// CHECK-NEXT: arith.addf %[[A]], %[[A]]
func.func @waits_interleave(%x: tensor<4xf64>, %y: tensor<4xf64>) -> (tensor<4xf64>, tensor<4xf64>) {
  %ha, %a = distruntime.allreduce sum %x {team = 1 : i64} : (tensor<4xf64>) -> (!distruntime.asynchandle, tensor<4xf64>)
  %hb, %b = distruntime.allreduce sum %y {team = 1 : i64} : (tensor<4xf64>) -> (!distruntime.asynchandle, tensor<4xf64>)
  distruntime.wait %ha : !distruntime.asynchandle
  distruntime.wait %hb : !distruntime.asynchandle
  %ub = arith.addf %b, %b : tensor<4xf64>
  %ua = arith.addf %a, %a : tensor<4xf64>
  return %ua, %ub : tensor<4xf64>, tensor<4xf64>
}

// -----

// A start whose input is the result of an earlier collective stays after
// that collective's wait (which cannot pass it); it still rises above the
// independent compute.
// CHECK-LABEL: func.func @chained
// CHECK-NEXT: %[[HA:.*]], %[[A:.*]] = distruntime.allreduce sum %arg0
// CHECK-NEXT: distruntime.wait %[[HA]]
// CHECK-NEXT: %[[HB:.*]], %[[B:.*]] = distruntime.allreduce max %[[A]]
// CHECK-NEXT: arith.mulf
// CHECK-NEXT: distruntime.wait %[[HB]]
func.func @chained(%x: tensor<4xf64>, %a: tensor<4xf64>) -> (tensor<4xf64>, tensor<4xf64>) {
  %ha, %sa = distruntime.allreduce sum %x {team = 1 : i64} : (tensor<4xf64>) -> (!distruntime.asynchandle, tensor<4xf64>)
  distruntime.wait %ha : !distruntime.asynchandle
  %y = arith.mulf %a, %a : tensor<4xf64>
  %hb, %sb = distruntime.allreduce max %sa {team = 1 : i64} : (tensor<4xf64>) -> (!distruntime.asynchandle, tensor<4xf64>)
  distruntime.wait %hb : !distruntime.asynchandle
  return %sb, %y : tensor<4xf64>, tensor<4xf64>
}

// -----

// A dependent value used right after the wait: nothing moves.
// CHECK-LABEL: func.func @used_immediately
// CHECK-NEXT: %[[H:.*]], %[[O:.*]] = distruntime.copy_reshape
// CHECK-NEXT: arith.constant
// CHECK-NEXT: distruntime.wait %[[H]]
// CHECK-NEXT: tensor.extract %[[O]]
// CHECK-NEXT: arith.addf
func.func @used_immediately(%x: tensor<?xf64>, %i: index, %f: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %h, %o = distruntime.copy_reshape %x g_shape %i l_offs %i to n_g_shape %i n_offs %i n_shape %i
    {team = 1 : i64} : (tensor<?xf64>, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<?xf64>)
  distruntime.wait %h : !distruntime.asynchandle
  %e = tensor.extract %o[%c0] : tensor<?xf64>
  %r = arith.addf %e, %f : f64
  return %r : f64
}

// -----

// Uses inside a region count; tensor.dim only reads the shape, which is
// known at the start, so the wait passes it.
// CHECK-LABEL: func.func @use_in_region
// CHECK: distruntime.update_halo
// CHECK: tensor.dim
// CHECK-NEXT: arith.addi
// CHECK-NEXT: arith.mulf
// CHECK-NEXT: distruntime.wait
// CHECK-NEXT: scf.if
func.func @use_in_region(%x: tensor<?x?xf64>, %i: index, %c: i1, %f: f64) -> (f64, index, f64) {
  %c0 = arith.constant 0 : index
  %h, %l, %r = distruntime.update_halo %x g_shape %i, %i l_offs %i, %i bb_offs %i, %i bb_sizes %i, %i
    {team = 1 : i64} : (tensor<?x?xf64>, index, index, index, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<?x?xf64>, tensor<?x?xf64>)
  distruntime.wait %h : !distruntime.asynchandle
  %d = tensor.dim %r, %c0 : tensor<?x?xf64>
  %d2 = arith.addi %d, %d : index
  %m = arith.mulf %f, %f : f64
  %v = scf.if %c -> f64 {
    %e = tensor.extract %r[%i, %i] : tensor<?x?xf64>
    scf.yield %e : f64
  } else {
    scf.yield %f : f64
  }
  return %v, %d2, %m : f64, index, f64
}

// -----

// A tensor.cast aliases the output: uses of its result count, whether the
// cast sits before the wait (as canonicalization places it) or after it.
// CHECK-LABEL: func.func @alias_through_cast
// CHECK: %[[H:.*]], %[[L:.*]], %[[R:.*]] = distruntime.update_halo
// CHECK: %[[LC:.*]] = tensor.cast %[[L]]
// CHECK-NEXT: %[[RC:.*]] = tensor.cast %[[R]]
// CHECK-NEXT: arith.mulf
// CHECK-NEXT: distruntime.wait %[[H]]
// CHECK-NEXT: tensor.extract %[[LC]]
// CHECK-NEXT: tensor.extract %[[RC]]
func.func @alias_through_cast(%x: tensor<?x?xf64>, %i: index, %f: f64) -> (f64, f64, f64) {
  %c0 = arith.constant 0 : index
  %h, %l, %r = distruntime.update_halo %x g_shape %i, %i l_offs %i, %i bb_offs %i, %i bb_sizes %i, %i
    {team = 1 : i64} : (tensor<?x?xf64>, index, index, index, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<?x?xf64>, tensor<?x?xf64>)
  %lc = tensor.cast %l : tensor<?x?xf64> to tensor<2x?xf64>
  distruntime.wait %h : !distruntime.asynchandle
  %rc = tensor.cast %r : tensor<?x?xf64> to tensor<?x3xf64>
  %m = arith.mulf %f, %f : f64
  %e = tensor.extract %lc[%c0, %c0] : tensor<2x?xf64>
  %e2 = tensor.extract %rc[%c0, %c0] : tensor<?x3xf64>
  return %e, %e2, %m : f64, f64, f64
}

// -----

// A tensor.cast right after the wait, the only user of the output: the wait
// may cross the cast (it reads only the shape) but must stop at the cast's
// users (it used to pass them: wrong data read from an unfinished copy).
// CHECK-LABEL: func.func @cast_after_wait
// CHECK: %[[H:.*]], %[[OUT:.*]] = distruntime.copy_reshape
// CHECK: %[[C:.*]] = tensor.cast %[[OUT]]
// CHECK-NEXT: arith.mulf
// CHECK-NEXT: distruntime.wait %[[H]]
// CHECK-NEXT: tensor.extract %[[C]]
func.func @cast_after_wait(%x: tensor<?xf64>, %i: index, %f: f64) -> (f64, f64) {
  %c0 = arith.constant 0 : index
  %h, %o = distruntime.copy_reshape %x g_shape %i l_offs %i to n_g_shape %i n_offs %i n_shape %i
    {team = 1 : i64} : (tensor<?xf64>, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<?xf64>)
  distruntime.wait %h : !distruntime.asynchandle
  %c = tensor.cast %o : tensor<?xf64> to tensor<8xf64>
  %m = arith.mulf %f, %f : f64
  %e = tensor.extract %c[%c0] : tensor<8xf64>
  return %e, %m : f64, f64
}

// -----

// A wait never leaves its region: it stops before the scf.yield, and the
// compute after the scf.if stays outside.
// CHECK-LABEL: func.func @stays_in_region
// CHECK: scf.if
// CHECK-NEXT: distruntime.allreduce
// CHECK-NEXT: arith.mulf
// CHECK-NEXT: distruntime.wait
// CHECK-NEXT: scf.yield
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: arith.addf
func.func @stays_in_region(%x: tensor<4xf64>, %c: i1, %a: tensor<4xf64>) -> (tensor<4xf64>, tensor<4xf64>) {
  %r = scf.if %c -> tensor<4xf64> {
    %h, %s = distruntime.allreduce sum %x {team = 1 : i64} : (tensor<4xf64>) -> (!distruntime.asynchandle, tensor<4xf64>)
    distruntime.wait %h : !distruntime.asynchandle
    %y = arith.mulf %a, %a : tensor<4xf64>
    scf.yield %s : tensor<4xf64>
  } else {
    scf.yield %x : tensor<4xf64>
  }
  %z = arith.addf %a, %a : tensor<4xf64>
  return %r, %z : tensor<4xf64>, tensor<4xf64>
}

// -----

// With no use at all, the wait stops before the terminator.
// CHECK-LABEL: func.func @before_terminator
// CHECK: distruntime.allreduce
// CHECK-NEXT: arith.mulf
// CHECK-NEXT: arith.addf
// CHECK-NEXT: distruntime.wait
// CHECK-NEXT: return
func.func @before_terminator(%x: tensor<4xf64>, %a: tensor<4xf64>) -> tensor<4xf64> {
  %h, %s = distruntime.allreduce sum %x {team = 1 : i64} : (tensor<4xf64>) -> (!distruntime.asynchandle, tensor<4xf64>)
  distruntime.wait %h : !distruntime.asynchandle
  %y = arith.mulf %a, %a : tensor<4xf64>
  %z = arith.addf %y, %y : tensor<4xf64>
  return %z : tensor<4xf64>
}

// -----

// Calls and ops with unknown effects may communicate: a wait does not sink
// past them and a start does not rise above them. A start does not rise
// above a memory write either (its input may be a view of that memory).
// CHECK-LABEL: func.func @barriers
// CHECK-NEXT: call @compute
// CHECK-NEXT: %[[HA:.*]], %{{.*}} = distruntime.allreduce sum
// CHECK-NEXT: arith.mulf
// CHECK-NEXT: distruntime.wait %[[HA]]
// CHECK-NEXT: call @compute
// CHECK-NEXT: memref.store
// CHECK-NEXT: %[[HB:.*]], %{{.*}} = distruntime.allreduce sum
// CHECK-NEXT: distruntime.wait %[[HB]]
// CHECK-NEXT: "test.unknown"()
// CHECK-NEXT: arith.mulf
func.func private @compute()
func.func @barriers(%x: tensor<4xf64>, %a: tensor<4xf64>, %m: memref<f64>, %f: f64) -> (tensor<4xf64>, tensor<4xf64>, tensor<4xf64>, tensor<4xf64>) {
  func.call @compute() : () -> ()
  %y = arith.mulf %a, %a : tensor<4xf64>
  %ha, %sa = distruntime.allreduce sum %x {team = 1 : i64} : (tensor<4xf64>) -> (!distruntime.asynchandle, tensor<4xf64>)
  distruntime.wait %ha : !distruntime.asynchandle
  func.call @compute() : () -> ()
  memref.store %f, %m[] : memref<f64>
  %hb, %sb = distruntime.allreduce sum %a {team = 1 : i64} : (tensor<4xf64>) -> (!distruntime.asynchandle, tensor<4xf64>)
  distruntime.wait %hb : !distruntime.asynchandle
  "test.unknown"() : () -> ()
  %z = arith.mulf %a, %a : tensor<4xf64>
  return %sa, %sb, %y, %z : tensor<4xf64>, tensor<4xf64>, tensor<4xf64>, tensor<4xf64>
}

// -----

// A wait may sink past ops that only touch other memory.
// CHECK-LABEL: func.func @wait_past_memory_ops
// CHECK: distruntime.allreduce
// CHECK-NEXT: memref.store
// CHECK-NEXT: memref.load
// CHECK-NEXT: distruntime.wait
// CHECK-NEXT: return
func.func @wait_past_memory_ops(%x: tensor<4xf64>, %m: memref<f64>, %f: f64) -> (tensor<4xf64>, f64) {
  %h, %s = distruntime.allreduce sum %x {team = 1 : i64} : (tensor<4xf64>) -> (!distruntime.asynchandle, tensor<4xf64>)
  distruntime.wait %h : !distruntime.asynchandle
  memref.store %f, %m[] : memref<f64>
  %v = memref.load %m[] : memref<f64>
  return %s, %v : tensor<4xf64>, f64
}

// -----

// A handle that arrives as a block argument has no visible owner: its wait
// stays put, in the function and in a loop body.
// CHECK-LABEL: func.func @handle_block_argument
// CHECK-NEXT: distruntime.wait %arg0
// CHECK-NEXT: arith.mulf
// CHECK: scf.for
// CHECK-NEXT: distruntime.wait
// CHECK-NEXT: arith.mulf
func.func @handle_block_argument(%h: !distruntime.asynchandle, %a: tensor<4xf64>, %n: index) -> tensor<4xf64> {
  distruntime.wait %h : !distruntime.asynchandle
  %y = arith.mulf %a, %a : tensor<4xf64>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%hh = %h) -> !distruntime.asynchandle {
    distruntime.wait %hh : !distruntime.asynchandle
    %z = arith.mulf %a, %a : tensor<4xf64>
    scf.yield %hh : !distruntime.asynchandle
  }
  return %y : tensor<4xf64>
}

// -----

// Sinking the first wait frees the second start to rise above compute it
// was stuck below; the pass repeats until nothing moves.
// CHECK-LABEL: func.func @fixpoint
// CHECK-NEXT: %[[HA:.*]], %[[A:.*]] = distruntime.allreduce sum %arg0
// CHECK-NEXT: %[[HB:.*]], %[[B:.*]] = distruntime.allreduce sum %arg1
// CHECK-NEXT: arith.mulf
// CHECK-NEXT: arith.subf
// CHECK-NEXT: distruntime.wait %[[HA]]
// CHECK-NEXT: arith.addf %[[A]], %[[A]]
// CHECK-NEXT: distruntime.wait %[[HB]]
// CHECK-NEXT: return
func.func @fixpoint(%x: tensor<4xf64>, %y: tensor<4xf64>, %a: tensor<4xf64>) -> (tensor<4xf64>, tensor<4xf64>, tensor<4xf64>, tensor<4xf64>) {
  %ha, %sa = distruntime.allreduce sum %x {team = 1 : i64} : (tensor<4xf64>) -> (!distruntime.asynchandle, tensor<4xf64>)
  %p = arith.mulf %a, %a : tensor<4xf64>
  distruntime.wait %ha : !distruntime.asynchandle
  %q = arith.subf %a, %a : tensor<4xf64>
  %hb, %sb = distruntime.allreduce sum %y {team = 1 : i64} : (tensor<4xf64>) -> (!distruntime.asynchandle, tensor<4xf64>)
  %ua = arith.addf %sa, %sa : tensor<4xf64>
  distruntime.wait %hb : !distruntime.asynchandle
  return %ua, %sb, %p, %q : tensor<4xf64>, tensor<4xf64>, tensor<4xf64>, tensor<4xf64>
}

// -----

// Starts and waits inside a loop body move within the body only.
// CHECK-LABEL: func.func @in_loop
// CHECK: scf.for
// CHECK-NEXT: %[[H:.*]], %[[S:.*]] = distruntime.allreduce sum %arg0
// CHECK-NEXT: arith.mulf
// CHECK-NEXT: distruntime.wait %[[H]]
// CHECK-NEXT: arith.addf %[[S]]
// CHECK-NEXT: scf.yield
func.func @in_loop(%x: tensor<4xf64>, %a: tensor<4xf64>, %n: index) -> tensor<4xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %a) -> tensor<4xf64> {
    %m = arith.mulf %acc, %acc : tensor<4xf64>
    %h, %s = distruntime.allreduce sum %x {team = 1 : i64} : (tensor<4xf64>) -> (!distruntime.asynchandle, tensor<4xf64>)
    distruntime.wait %h : !distruntime.asynchandle
    %t = arith.addf %s, %m : tensor<4xf64>
    scf.yield %t : tensor<4xf64>
  }
  return %r : tensor<4xf64>
}

// -----

// A start that reaches a wait it does not depend on passes it (the wait
// sinks below it) and keeps rising, here to the definition of its operand.
// CHECK-LABEL: func.func @start_rises_past_sunk_wait
// CHECK-NEXT: %[[HA:.*]], %[[A:.*]] = distruntime.allreduce sum %arg0
// CHECK-NEXT: %[[Y:.*]] = arith.mulf %arg1, %arg1
// CHECK-NEXT: %[[HB:.*]], %[[B:.*]] = distruntime.allreduce max %[[Y]]
// CHECK-NEXT: arith.mulf %arg2, %arg2
// CHECK-NEXT: distruntime.wait %[[HA]]
// CHECK-NEXT: arith.addf %[[A]], %[[A]]
// CHECK-NEXT: distruntime.wait %[[HB]]
// CHECK-NEXT: return
func.func @start_rises_past_sunk_wait(%x: tensor<4xf64>, %b: tensor<4xf64>, %c: tensor<4xf64>) -> (tensor<4xf64>, tensor<4xf64>, tensor<4xf64>) {
  %y = arith.mulf %b, %b : tensor<4xf64>
  %ha, %sa = distruntime.allreduce sum %x {team = 1 : i64} : (tensor<4xf64>) -> (!distruntime.asynchandle, tensor<4xf64>)
  %z = arith.mulf %c, %c : tensor<4xf64>
  distruntime.wait %ha : !distruntime.asynchandle
  %u = arith.addf %sa, %sa : tensor<4xf64>
  %hb, %sb = distruntime.allreduce max %y {team = 1 : i64} : (tensor<4xf64>) -> (!distruntime.asynchandle, tensor<4xf64>)
  distruntime.wait %hb : !distruntime.asynchandle
  return %u, %sb, %z : tensor<4xf64>, tensor<4xf64>, tensor<4xf64>
}
