// RUN: %distc-opt %s --split-input-file --verify-diagnostics

// expected-error @+1 {{!dist.tensor must have rank >= 1}}
func.func @rank0(%a: !dist.tensor<f64>) { return }

// -----

// expected-error @+1 {{split dimension 2 is out of range for rank 2}}
func.func @split_range(%a: !dist.tensor<4x4xf64, split = 2>) { return }

// -----

// expected-error @+1 {{!dist.tensor element type must be an integer, index, floating-point, complex<f32> or complex<f64> type, got 'tuple<f64>'}}
func.func @element(%a: !dist.tensor<4xtuple<f64>>) { return }

// -----

// expected-error @+1 {{unknown !dist.tensor parameter 'layout' (expected 'team', 'split', 'grid' or 'irregular')}}
func.func @param(%a: !dist.tensor<4xf64, layout = 1>) { return }

// -----

func.func @full_dynamic(%v: f64) {
  // expected-error @+1 {{expects 1 dynamic size operand(s), one per '?' in '!dist.tensor<?x8xf64>', but got 0}}
  %a = dist.full %v : !dist.tensor<?x8xf64>
  return
}

// -----

func.func @full_type(%v: f32) {
  // expected-error @+1 {{value has the element type of result}}
  %a = "dist.full"(%v) : (f32) -> !dist.tensor<8xf64>
  return
}

// -----

func.func @generate_args() {
  // expected-error @+1 {{body must take 2 index arguments (the global indices)}}
  %a = dist.generate : !dist.tensor<4x4xf64> {
  ^bb0(%i: index):
    %z = arith.constant 0.0 : f64
    dist.yield %z : f64
  }
  return
}

// -----

func.func @generate_yield() {
  // expected-error @+1 {{body must yield one 'f64'}}
  %a = dist.generate : !dist.tensor<4xf64> {
  ^bb0(%i: index):
    %z = arith.constant 0.0 : f32
    dist.yield %z : f32
  }
  return
}

// -----

func.func @arange_rank(%s: f64) {
  // expected-error @+1 {{result must be 1-D, got '!dist.tensor<4x4xf64>'}}
  %a = dist.arange %s, %s : !dist.tensor<4x4xf64>
  return
}

// -----

func.func @linspace_rank(%s: f64) {
  // expected-error @+1 {{result must be 1-D, got '!dist.tensor<4x4xf64>'}}
  %a = dist.linspace %s, %s : !dist.tensor<4x4xf64>
  return
}

// -----

func.func @from_local_rank(%t: tensor<?xf64>, %o: index) {
  // expected-error @+1 {{local tensor 'tensor<?xf64>' must have rank 2 like '!dist.tensor<?x8xf64>'}}
  %a = dist.from_local %t offset %o : tensor<?xf64> -> !dist.tensor<?x8xf64>
  return
}

// -----

func.func @from_local_shape(%t: tensor<?x7xf64>, %o: index) {
  // expected-error @+1 {{local tensor 'tensor<?x7xf64>' does not fit the part of '!dist.tensor<?x8xf64>' (expected 'tensor<?x8xf64>')}}
  %a = dist.from_local %t offset %o : tensor<?x7xf64> -> !dist.tensor<?x8xf64>
  return
}

// -----

func.func @local_type(%a: !dist.tensor<16x8xf64>) {
  // expected-error @+1 {{local tensor 'tensor<?x8xf32>' must have element type 'f64'}}
  %l = dist.local %a : !dist.tensor<16x8xf64> -> tensor<?x8xf32>
  return
}

// -----

func.func @global_dim(%a: !dist.tensor<16x8xf64>) {
  // expected-error @+1 {{dimension 2 is out of range for '!dist.tensor<16x8xf64>'}}
  %d = dist.global_dim %a, 2 : !dist.tensor<16x8xf64>
  return
}

// -----

func.func @local_offset(%a: !dist.tensor<16x8xf64>) {
  // expected-error @+1 {{dimension -1 is out of range for '!dist.tensor<16x8xf64>'}}
  %d = dist.local_offset %a, -1 : !dist.tensor<16x8xf64>
  return
}

// -----

func.func @with_local_result(%a: !dist.tensor<16x8xf64>, %p: tensor<?x8xf32>) {
  // expected-error @+1 {{result type must be '!dist.tensor<16x8xf32>'}}
  %w = dist.with_local %a, %p : !dist.tensor<16x8xf64>, tensor<?x8xf32> -> !dist.tensor<16x8xf64>
  return
}

// -----

func.func @elementwise_empty() {
  // expected-error @+1 {{expects at least one input (use dist.generate)}}
  %e = "dist.elementwise"() ({
  ^bb0:
    %z = arith.constant 0.0 : f64
    dist.yield %z : f64
  }) : () -> !dist.tensor<16xf64>
  return
}

// -----

func.func @elementwise_shape(%a: !dist.tensor<16xf64>) {
  // expected-error @+1 {{input '!dist.tensor<16xf64>' does not have the global shape of the result '!dist.tensor<17xf64>'}}
  %e = dist.elementwise %a : !dist.tensor<16xf64> -> !dist.tensor<17xf64> {
  ^bb0(%x: f64):
    dist.yield %x : f64
  }
  return
}

// -----

func.func @elementwise_team(%a: !dist.tensor<16xf64, team = 1>) {
  // expected-error @+1 {{operands and results must belong to the same team, got teams 1 and 0}}
  %e = dist.elementwise %a : !dist.tensor<16xf64, team = 1> -> !dist.tensor<16xf64> {
  ^bb0(%x: f64):
    dist.yield %x : f64
  }
  return
}

// -----

func.func @elementwise_args(%a: !dist.tensor<16xf64>) {
  // expected-error @+1 {{body must take one argument per input (1)}}
  %e = dist.elementwise %a : !dist.tensor<16xf64> -> !dist.tensor<16xf64> {
  ^bb0(%x: f64, %y: f64):
    dist.yield %x : f64
  }
  return
}

// -----

func.func @elementwise_arg_type(%a: !dist.tensor<16xf64>) {
  // expected-error @+1 {{body argument #0 must have the element type of input '!dist.tensor<16xf64>'}}
  %e = dist.elementwise %a : !dist.tensor<16xf64> -> !dist.tensor<16xf32> {
  ^bb0(%x: f32):
    dist.yield %x : f32
  }
  return
}

// -----

func.func @elementwise_yield(%a: !dist.tensor<16xf64>) {
  // expected-error @+1 {{body must yield one 'f32'}}
  %e = dist.elementwise %a : !dist.tensor<16xf64> -> !dist.tensor<16xf32> {
  ^bb0(%x: f64):
    dist.yield %x : f64
  }
  return
}

// -----

func.func @add_shape(%a: !dist.tensor<16xf64>, %b: !dist.tensor<8xf64>) {
  // expected-error @+1 {{global shapes differ: '!dist.tensor<8xf64>' vs '!dist.tensor<16xf64>'}}
  %c = dist.add %a, %b : !dist.tensor<16xf64>, !dist.tensor<8xf64> -> !dist.tensor<16xf64>
  return
}

// -----

func.func @mul_element(%a: !dist.tensor<16xf64>, %b: !dist.tensor<16xf32>) {
  // expected-error @+1 {{element types differ: 'f32' vs 'f64'}}
  %c = dist.mul %a, %b : !dist.tensor<16xf64>, !dist.tensor<16xf32> -> !dist.tensor<16xf64>
  return
}

// -----

func.func @reduce_scalar(%a: !dist.tensor<16xf64>) {
  // expected-error @+1 {{a full reduction returns 'f64', not 'f32'}}
  %s = dist.reduce sum %a : !dist.tensor<16xf64> -> f32
  return
}

// -----

func.func @reduce_axis_rank(%a: !dist.tensor<16xf64>) {
  // expected-error @+1 {{a reduction along an axis needs a source of rank >= 2 and returns a !dist.tensor of rank one less}}
  %s = dist.reduce sum %a axis 0 : !dist.tensor<16xf64> -> f64
  return
}

// -----

func.func @reduce_axis_range(%a: !dist.tensor<16x4xf64>) {
  // expected-error @+1 {{dimension 2 is out of range for '!dist.tensor<16x4xf64>'}}
  %s = dist.reduce sum %a axis 2 : !dist.tensor<16x4xf64> -> !dist.tensor<16xf64>
  return
}

// -----

func.func @reduce_axis_shape(%a: !dist.tensor<16x4xf64>) {
  // expected-error @+1 {{result '!dist.tensor<4xf64>' must have the source shape without dimension 1}}
  %s = dist.reduce sum %a axis 1 : !dist.tensor<16x4xf64> -> !dist.tensor<4xf64>
  return
}

// -----

func.func @reshape_count(%a: !dist.tensor<16x4xf64>) {
  // expected-error @+1 {{reshape changes the number of elements from 64 to 65}}
  %r = dist.reshape %a : !dist.tensor<16x4xf64> -> !dist.tensor<65xf64>
  return
}

// -----

func.func @reshape_dynamic(%a: !dist.tensor<16x4xf64>) {
  // expected-error @+1 {{expects 1 dynamic size operand(s), one per '?' in '!dist.tensor<?xf64>', but got 0}}
  %r = dist.reshape %a : !dist.tensor<16x4xf64> -> !dist.tensor<?xf64>
  return
}

// -----

func.func @permute_axes(%a: !dist.tensor<16x4xf64>) {
  // expected-error @+1 {{'axes' must be a permutation of [0, 2), got [1, 1]}}
  %p = dist.permute %a axes [1, 1] : !dist.tensor<16x4xf64> -> !dist.tensor<4x16xf64>
  return
}

// -----

func.func @permute_shape(%a: !dist.tensor<16x4xf64>) {
  // expected-error @+1 {{result '!dist.tensor<16x4xf64>' is not the permuted source shape}}
  %p = dist.permute %a axes [1, 0] : !dist.tensor<16x4xf64> -> !dist.tensor<16x4xf64>
  return
}

// -----

func.func @repartition(%a: !dist.tensor<16x4xf64>) {
  // expected-error @+1 {{global shapes differ: '!dist.tensor<16x4xf64>' vs '!dist.tensor<4x16xf64, split = 1>'}}
  %p = dist.repartition %a : !dist.tensor<16x4xf64> -> !dist.tensor<4x16xf64, split = 1>
  return
}

// -----

func.func @gather(%a: !dist.tensor<16x4xf64>) {
  // expected-error @+1 {{result must be 'tensor<16x4xf64>' (or a less static shape of it), got 'tensor<16x5xf64>'}}
  %g = dist.gather %a : !dist.tensor<16x4xf64> -> tensor<16x5xf64>
  return
}

// -----

func.func @shift_count(%a: !dist.tensor<16x4xf64>, %z: f64) {
  // expected-error @+1 {{expects one offset per dimension (2), got 1}}
  %s = dist.shift %a offsets [1] fill %z : !dist.tensor<16x4xf64>
  return
}

// -----

func.func @extend_widths(%a: !dist.tensor<16x4xf64>, %z: f64) {
  // expected-error @+1 {{halo widths must be non-negative}}
  %e = dist.extend %a low [1, -1] high [1, 1] fill %z : !dist.tensor<16x4xf64> -> tensor<?x?xf64>
  return
}

// -----

func.func @extend_count(%a: !dist.tensor<16x4xf64>, %z: f64) {
  // expected-error @+1 {{expects 'low' and 'high' widths for each of the 2 dimensions}}
  %e = dist.extend %a low [1] high [1, 1] fill %z : !dist.tensor<16x4xf64> -> tensor<?x?xf64>
  return
}

// -----

func.func @extend_result(%a: !dist.tensor<16x4xf64>, %z: f64) {
  // expected-error @+1 {{result dimension 1 must be 6 (global size + low + high)}}
  %e = dist.extend %a low [1, 1] high [1, 1] fill %z : !dist.tensor<16x4xf64> -> tensor<?x5xf64>
  return
}

// -----

func.func @extend_rank(%a: !dist.tensor<16x4xf64>, %z: f64) {
  // expected-error @+1 {{result must be a tensor of rank 2 and element type 'f64'}}
  %e = dist.extend %a low [1, 1] high [1, 1] fill %z : !dist.tensor<16x4xf64> -> tensor<?xf64>
  return
}

// -----

func.func @print(%m: memref<4xf64>) {
  // expected-error @+1 {{can print a scalar, a ranked tensor or a !dist.tensor, not 'memref<4xf64>'}}
  dist.print %m : memref<4xf64>
  return
}

// -----

func.func @yield_parent(%v: f64) {
  // expected-error @+1 {{expects parent op to be one of 'dist.generate, dist.elementwise, dist.stencil'}}
  dist.yield %v : f64
}

// -----

func.func @index_outside() -> index {
  // expected-error @+1 {{expects parent op to be one of 'dist.elementwise, dist.stencil'}}
  %i = dist.index 0 : index
  return %i : index
}

// -----

func.func @index_dim(%a: !dist.tensor<8x4xf64>) -> !dist.tensor<8x4xf64> {
  %b = dist.elementwise %a : !dist.tensor<8x4xf64> -> !dist.tensor<8x4xf64> {
  ^bb0(%x: f64):
    // expected-error @+1 {{dimension 2 is out of range for '!dist.tensor<8x4xf64>'}}
    %i = dist.index 2 : index
    dist.yield %x : f64
  }
  return %b : !dist.tensor<8x4xf64>
}

// -----

func.func @index_nested(%a: !dist.tensor<8xf64>, %c: i1) -> !dist.tensor<8xf64> {
  %b = dist.elementwise %a : !dist.tensor<8xf64> -> !dist.tensor<8xf64> {
  ^bb0(%x: f64):
    %y = scf.if %c -> f64 {
      // expected-error @+1 {{expects parent op to be one of 'dist.elementwise, dist.stencil'}}
      %i = dist.index 0 : index
      scf.yield %x : f64
    } else {
      scf.yield %x : f64
    }
    dist.yield %y : f64
  }
  return %b : !dist.tensor<8xf64>
}

// -----

// Static sizes whose element count wraps int64 (2^32 * 2^32 = 2^64).
// expected-error @+1 {{!dist.tensor has too many elements: the product of the static sizes does not fit in int64}}
func.func @huge_elements(%a: !dist.tensor<4294967296x4294967296xf64>) { return }

// -----

// 2^61 elements fit, 2^64 bytes do not; dynamic dimensions do not count.
// expected-error @+1 {{!dist.tensor is too large: 2305843009213693952 elements of 'f64' take more than INT64_MAX bytes}}
func.func @huge_bytes(%a: !dist.tensor<?x2305843009213693952xf64>) { return }

// -----

// The same count of i8 elements is fine.
func.func @large_bytes_ok(%a: !dist.tensor<?x2305843009213693952xi8>) { return }

// -----

// Collectives in per-element bodies: the body runs once per element of each
// rank's block, so a collective in it is not matched across ranks.
func.func @reduce_in_elementwise(%a: !dist.tensor<8xf64>) -> !dist.tensor<8xf64> {
  // expected-error @+1 {{'dist.elementwise' op body must be per-element scalar code, but contains 'dist.reduce'}}
  %b = dist.elementwise %a : !dist.tensor<8xf64> -> !dist.tensor<8xf64> {
  ^bb0(%x: f64):
    // expected-note @+1 {{see the offending op here}}
    %s = dist.reduce sum %a : !dist.tensor<8xf64> -> f64
    %y = arith.addf %x, %s : f64
    dist.yield %y : f64
  }
  return %b : !dist.tensor<8xf64>
}

// -----

func.func private @helper(%x: index) -> f64

func.func @call_in_generate() -> !dist.tensor<8xf64> {
  // expected-error @+1 {{'dist.generate' op body must be per-element scalar code, but contains 'func.call'}}
  %b = dist.generate : !dist.tensor<8xf64> {
  ^bb0(%i: index):
    // expected-note @+1 {{see the offending op here}}
    %y = func.call @helper(%i) : (index) -> f64
    dist.yield %y : f64
  }
  return %b : !dist.tensor<8xf64>
}

// -----

// Nested anywhere: a distruntime collective inside an scf.if of the body.
func.func @nested_distruntime(%a: !dist.tensor<8xf64>, %c: i1, %t: tensor<f64>) -> !dist.tensor<8xf64> {
  // expected-error @+1 {{'dist.elementwise' op body must be per-element scalar code, but contains 'distruntime.allreduce'}}
  %b = dist.elementwise %a : !dist.tensor<8xf64> -> !dist.tensor<8xf64> {
  ^bb0(%x: f64):
    %y = scf.if %c -> f64 {
      // expected-note @+1 {{see the offending op here}}
      %h, %r = distruntime.allreduce sum %t {team = 0 : i64} : (tensor<f64>) -> (!distruntime.asynchandle, tensor<f64>)
      %e = tensor.extract %r[] : tensor<f64>
      scf.yield %e : f64
    } else {
      scf.yield %x : f64
    }
    dist.yield %y : f64
  }
  return %b : !dist.tensor<8xf64>
}

// -----

// A nested dist op that does not communicate is rejected too: the body is
// scalar code, and the rule has no exceptions to keep track of.
func.func @team_size_in_generate() -> !dist.tensor<8xf64> {
  // expected-error @+1 {{'dist.generate' op body must be per-element scalar code, but contains 'dist.team_size'}}
  %b = dist.generate : !dist.tensor<8xf64> {
  ^bb0(%i: index):
    // expected-note @+1 {{see the offending op here}}
    %p = dist.team_size
    %s = arith.addi %i, %p : index
    %v = arith.index_cast %s : index to i64
    %f = arith.sitofp %v : i64 to f64
    dist.yield %f : f64
  }
  return %b : !dist.tensor<8xf64>
}

// -----

// A wrapped halo finds the neighbours' blocks with the balanced formula.
func.func @extend_periodic_irregular(%u: !dist.tensor<?xf64, irregular>, %z: f64) {
  // expected-error @+1 {{periodic halos need a balanced partition}}
  %e = dist.extend %u low [1] high [1] fill %z periodic : !dist.tensor<?xf64, irregular> -> tensor<?xf64>
  return
}

// -----

// expected-error @+1 {{!dist.halo 'periodic' has bits beyond the 1 dimensions}}
func.func @halo_periodic_bits(%h: !dist.halo<!dist.tensor<?xf64>, low = [1], high = [1], periodic = 2>) {
  return
}

// -----

// expected-error @+1 {{!dist.halo: periodic halos need a balanced partition}}
func.func @halo_periodic_irregular(%h: !dist.halo<!dist.tensor<?xf64, irregular>, low = [1], high = [1], periodic = 1>) {
  return
}
