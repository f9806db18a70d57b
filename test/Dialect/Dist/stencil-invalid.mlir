// RUN: %distc-opt %s --split-input-file --verify-diagnostics

// expected-error @+1 {{!dist.halo must be of a !dist.tensor, got 'tensor<4xf64>'}}
func.func @halo_of_tensor(%h: !dist.halo<tensor<4xf64>, low = [1], high = [1]>)

// -----

// expected-error @+1 {{!dist.halo expects 'low' and 'high' widths for each of the 2 dimensions}}
func.func @halo_rank(%h: !dist.halo<!dist.tensor<4x4xf64>, low = [1], high = [1, 1]>)

// -----

// expected-error @+1 {{!dist.halo width -1 in dimension 0 must be in [0, 2^48]}}
func.func @halo_negative(%h: !dist.halo<!dist.tensor<4xf64>, low = [-1], high = [1]>)

// -----

func.func @halo_fill(%u: !dist.tensor<4xf64>, %z: f32) {
  // expected-error @+1 {{failed to verify that fill has the element type of the halo's source}}
  %h = "dist.halo"(%u, %z) : (!dist.tensor<4xf64>, f32) -> !dist.halo<!dist.tensor<4xf64>, low = [1], high = [1]>
  return
}

// -----

func.func @halo_source(%u: !dist.tensor<8xf64>, %z: f64) {
  // expected-error @+1 {{failed to verify that source is the halo's source}}
  %h = "dist.halo"(%u, %z) : (!dist.tensor<8xf64>, f64) -> !dist.halo<!dist.tensor<4xf64>, low = [1], high = [1]>
  return
}

// -----

!H = !dist.halo<!dist.tensor<4x4xf64>, low = [1, 0], high = [1, 0]>
func.func @shift_count(%h: !H) {
  // expected-error @+1 {{expects 2 shifts per input (2 in all), got 1}}
  %r = dist.stencil %h shifts [1] : !H -> !dist.tensor<4x4xf64> {
  ^bb0(%x: f64):
    dist.yield %x : f64
  }
  return
}

// -----

!H = !dist.halo<!dist.tensor<4x4xf64>, low = [1, 0], high = [1, 0]>
func.func @shift_outside(%h: !H) {
  // expected-error @+1 {{shift 1 of input #0 in dimension 1 is outside its halo [-0, 0]}}
  %r = dist.stencil %h shifts [0, 1] : !H -> !dist.tensor<4x4xf64> {
  ^bb0(%x: f64):
    dist.yield %x : f64
  }
  return
}

// -----

!H = !dist.halo<!dist.tensor<4x4xf64>, low = [1, 0], high = [1, 0]>
func.func @plain_shifted(%h: !H, %a: !dist.tensor<4x4xf64>) {
  // expected-error @+1 {{input #1 is not a halo and must have a zero shift}}
  %r = dist.stencil %h, %a shifts [1, 0, 1, 0] : !H, !dist.tensor<4x4xf64> -> !dist.tensor<4x4xf64> {
  ^bb0(%x: f64, %y: f64):
    dist.yield %x : f64
  }
  return
}

// -----

func.func @no_halo(%a: !dist.tensor<4x4xf64>) {
  // expected-error @+1 {{expects at least one halo input (otherwise it is a dist.elementwise)}}
  %r = dist.stencil %a shifts [0, 0] : !dist.tensor<4x4xf64> -> !dist.tensor<4x4xf64> {
  ^bb0(%x: f64):
    dist.yield %x : f64
  }
  return
}

// -----

!H = !dist.halo<!dist.tensor<4x4xf64>, low = [1, 0], high = [1, 0]>
func.func @partition(%h: !H, %a: !dist.tensor<4x4xf64, split = 1>) {
  // expected-error @+1 {{input #1 ('!dist.tensor<4x4xf64, split = 1>') must have the global shape and the balanced partition of the result '!dist.tensor<4x4xf64>'}}
  %r = dist.stencil %h, %a shifts [1, 0, 0, 0] : !H, !dist.tensor<4x4xf64, split = 1> -> !dist.tensor<4x4xf64> {
  ^bb0(%x: f64, %y: f64):
    dist.yield %x : f64
  }
  return
}

// -----

!H = !dist.halo<!dist.tensor<4x4xf64>, low = [1, 0], high = [1, 0]>
func.func @shape(%h: !H) {
  // expected-error @+1 {{must have the global shape and the balanced partition of the result}}
  %r = dist.stencil %h shifts [1, 0] : !H -> !dist.tensor<8x4xf64> {
  ^bb0(%x: f64):
    dist.yield %x : f64
  }
  return
}

// -----

!H = !dist.halo<!dist.tensor<4x4xf64>, low = [1, 0], high = [1, 0]>
func.func @arguments(%h: !H) {
  // expected-error @+1 {{body must take one argument per input (1)}}
  %r = dist.stencil %h shifts [1, 0] : !H -> !dist.tensor<4x4xf64> {
  ^bb0(%x: f64, %y: f64):
    dist.yield %x : f64
  }
  return
}

// -----

!H = !dist.halo<!dist.tensor<4x4xf64>, low = [1, 0], high = [1, 0]>
func.func @argument_type(%h: !H) {
  // expected-error @+1 {{body argument #0 must have the element type of input}}
  %r = dist.stencil %h shifts [1, 0] : !H -> !dist.tensor<4x4xf64> {
  ^bb0(%x: f32):
    %y = arith.extf %x : f32 to f64
    dist.yield %y : f64
  }
  return
}

// -----

!H = !dist.halo<!dist.tensor<4x4xf64>, low = [1, 0], high = [1, 0]>
func.func @yield_type(%h: !H, %i: i32) {
  // expected-error @+1 {{body must yield one 'f64'}}
  %r = dist.stencil %h shifts [1, 0] : !H -> !dist.tensor<4x4xf64> {
  ^bb0(%x: f64):
    dist.yield %i : i32
  }
  return
}

// -----

!H = !dist.halo<!dist.tensor<4x4xf64>, low = [1, 0], high = [1, 0]>
func.func @collective(%h: !H) {
  // expected-error @+1 {{body must be per-element scalar code, but contains 'dist.team_size'}}
  %r = dist.stencil %h shifts [1, 0] : !H -> !dist.tensor<4x4xf64> {
  ^bb0(%x: f64):
    // expected-note @+1 {{see the offending op here}}
    %n = dist.team_size
    dist.yield %x : f64
  }
  return
}

// -----

!H = !dist.halo<!dist.tensor<4x4xf64>, low = [1, 0], high = [1, 0]>
func.func @index(%h: !H) {
  %r = dist.stencil %h shifts [1, 0] : !H -> !dist.tensor<4x4xf64> {
  ^bb0(%x: f64):
    // expected-error @+1 {{dimension 2 is out of range for '!dist.tensor<4x4xf64>'}}
    %i = dist.index 2 : index
    dist.yield %x : f64
  }
  return
}

// -----

// A halo without corners holds the faces only: a shift along both split
// dimensions would read a corner that no rank sends.
!G = !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>
!S = !dist.halo<!G, low = [1, 1], high = [1, 1], corners = false>
func.func @diagonal_of_star(%h: !S) {
  // expected-error @+1 {{shift [1, -1] of input #1 reads a corner of its halo, which has 'corners = false'}}
  %r = dist.stencil %h, %h shifts [1, 0, 1, -1] : !S, !S -> !G {
  ^bb0(%x: f64, %y: f64):
    dist.yield %x : f64
  }
  return
}

// -----

// Periodic dimensions wrap around: on 1-D blocks a shift along both
// dimensions of a periodic halo reads a (wrapped) corner too.
!P = !dist.halo<!dist.tensor<?x?xf64>, low = [1, 1], high = [1, 1], periodic = 3, corners = false>
func.func @diagonal_of_periodic_star(%h: !P) {
  // expected-error @+1 {{shift [-1, 1] of input #0 reads a corner of its halo, which has 'corners = false'}}
  %r = dist.stencil %h shifts [-1, 1] : !P -> !dist.tensor<?x?xf64> {
  ^bb0(%x: f64):
    dist.yield %x : f64
  }
  return
}
