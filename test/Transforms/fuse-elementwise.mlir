// RUN: %distc-opt %s --split-input-file --distc-fuse-elementwise | FileCheck %s

#id = affine_map<(d0) -> (d0)>

// A loop-invariant producer with a costly body (sin, exp) stays before the
// loop: fused, it would be computed again in every iteration.
// CHECK-LABEL: func.func @invariant_costly
// CHECK: %[[B:.*]] = linalg.generic
// CHECK: math.sin
// CHECK: math.exp
// CHECK: scf.for
// CHECK: linalg.generic {{.*}} ins(%{{.*}}, %[[B]] : tensor<?xf64>, tensor<?xf64>)
// CHECK-NOT: math.
// CHECK: scf.yield
func.func @invariant_costly(%a0: tensor<?xf64>, %n: index, %iters: index) -> tensor<?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %e = tensor.empty(%n) : tensor<?xf64>
  %b = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel"]}
      outs(%e : tensor<?xf64>) {
  ^bb0(%out: f64):
    %i = linalg.index 0 : index
    %ii = arith.index_cast %i : index to i64
    %f = arith.sitofp %ii : i64 to f64
    %s = math.sin %f : f64
    %x = math.exp %s : f64
    linalg.yield %x : f64
  } -> tensor<?xf64>
  %r = scf.for %k = %c0 to %iters step %c1 iter_args(%a = %a0) -> (tensor<?xf64>) {
    %e2 = tensor.empty(%n) : tensor<?xf64>
    %s = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
        ins(%a, %b : tensor<?xf64>, tensor<?xf64>) outs(%e2 : tensor<?xf64>) {
    ^bb0(%x: f64, %y: f64, %out: f64):
      %z = arith.addf %x, %y : f64
      linalg.yield %z : f64
    } -> tensor<?xf64>
    scf.yield %s : tensor<?xf64>
  }
  return %r : tensor<?xf64>
}

// -----

#id = affine_map<(d0) -> (d0)>

// The same loop with a division: costly too.
// CHECK-LABEL: func.func @invariant_division
// CHECK: arith.divf
// CHECK: scf.for
// CHECK-NOT: arith.divf
// CHECK: scf.yield
func.func @invariant_division(%a0: tensor<?xf64>, %n: index, %iters: index) -> tensor<?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f64
  %e = tensor.empty(%n) : tensor<?xf64>
  %b = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel"]}
      outs(%e : tensor<?xf64>) {
  ^bb0(%out: f64):
    %i = linalg.index 0 : index
    %ii = arith.index_cast %i : index to i64
    %f = arith.sitofp %ii : i64 to f64
    %x = arith.divf %one, %f : f64
    linalg.yield %x : f64
  } -> tensor<?xf64>
  %r = scf.for %k = %c0 to %iters step %c1 iter_args(%a = %a0) -> (tensor<?xf64>) {
    %e2 = tensor.empty(%n) : tensor<?xf64>
    %s = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
        ins(%a, %b : tensor<?xf64>, tensor<?xf64>) outs(%e2 : tensor<?xf64>) {
    ^bb0(%x: f64, %y: f64, %out: f64):
      %z = arith.addf %x, %y : f64
      linalg.yield %z : f64
    } -> tensor<?xf64>
    scf.yield %s : tensor<?xf64>
  }
  return %r : tensor<?xf64>
}

// -----

#id = affine_map<(d0) -> (d0)>

// A cheap producer that reads no tensor costs less recomputed in the loop
// than read from memory in every iteration: it is fused.
// CHECK-LABEL: func.func @invariant_cheap
// CHECK-NOT: linalg.generic
// CHECK: scf.for
// CHECK: linalg.generic {{.*}} ins(%{{[^ ]*}} : tensor<?xf64>)
// CHECK: linalg.index
// CHECK: arith.sitofp
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK-NOT: linalg.generic
func.func @invariant_cheap(%a0: tensor<?xf64>, %n: index, %iters: index) -> tensor<?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %h = arith.constant 1.0e-3 : f64
  %e = tensor.empty(%n) : tensor<?xf64>
  %b = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel"]}
      outs(%e : tensor<?xf64>) {
  ^bb0(%out: f64):
    %i = linalg.index 0 : index
    %ii = arith.index_cast %i : index to i64
    %f = arith.sitofp %ii : i64 to f64
    %x = arith.mulf %f, %h : f64
    linalg.yield %x : f64
  } -> tensor<?xf64>
  %r = scf.for %k = %c0 to %iters step %c1 iter_args(%a = %a0) -> (tensor<?xf64>) {
    %e2 = tensor.empty(%n) : tensor<?xf64>
    %s = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
        ins(%a, %b : tensor<?xf64>, tensor<?xf64>) outs(%e2 : tensor<?xf64>) {
    ^bb0(%x: f64, %y: f64, %out: f64):
      %z = arith.addf %x, %y : f64
      linalg.yield %z : f64
    } -> tensor<?xf64>
    scf.yield %s : tensor<?xf64>
  }
  return %r : tensor<?xf64>
}

// -----

#id = affine_map<(d0) -> (d0)>

// A cheap producer that reads a tensor the consumer does not: in the loop
// the consumer would read %x instead of %b, and compute on top. Not fused
// for 20 iterations; fused for one, where it runs once either way.
// CHECK-LABEL: func.func @invariant_reads
// CHECK: %[[B:.*]] = linalg.generic
// CHECK: scf.for
// CHECK: linalg.generic {{.*}} ins(%{{.*}}, %[[B]] : tensor<?xf64>, tensor<?xf64>)
// CHECK: scf.yield
// CHECK: scf.for
// CHECK: linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<?xf64>, tensor<?xf64>)
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK: scf.yield
func.func @invariant_reads(%a0: tensor<?xf64>, %x: tensor<?xf64>, %n: index) -> (tensor<?xf64>, tensor<?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c20 = arith.constant 20 : index
  %two = arith.constant 2.0 : f64
  %e = tensor.empty(%n) : tensor<?xf64>
  %b = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<?xf64>) outs(%e : tensor<?xf64>) {
  ^bb0(%v: f64, %out: f64):
    %w = arith.mulf %v, %two : f64
    linalg.yield %w : f64
  } -> tensor<?xf64>
  %r = scf.for %k = %c0 to %c20 step %c1 iter_args(%a = %a0) -> (tensor<?xf64>) {
    %e2 = tensor.empty(%n) : tensor<?xf64>
    %s = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
        ins(%a, %b : tensor<?xf64>, tensor<?xf64>) outs(%e2 : tensor<?xf64>) {
    ^bb0(%p: f64, %q: f64, %out: f64):
      %z = arith.addf %p, %q : f64
      linalg.yield %z : f64
    } -> tensor<?xf64>
    scf.yield %s : tensor<?xf64>
  }
  %b1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<?xf64>) outs(%e : tensor<?xf64>) {
  ^bb0(%v: f64, %out: f64):
    %w = arith.mulf %v, %two : f64
    linalg.yield %w : f64
  } -> tensor<?xf64>
  %r1 = scf.for %k = %c0 to %c1 step %c1 iter_args(%a = %a0) -> (tensor<?xf64>) {
    %e2 = tensor.empty(%n) : tensor<?xf64>
    %s = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
        ins(%a, %b1 : tensor<?xf64>, tensor<?xf64>) outs(%e2 : tensor<?xf64>) {
    ^bb0(%p: f64, %q: f64, %out: f64):
      %z = arith.addf %p, %q : f64
      linalg.yield %z : f64
    } -> tensor<?xf64>
    scf.yield %s : tensor<?xf64>
  }
  return %r, %r1 : tensor<?xf64>, tensor<?xf64>
}

// -----

#id = affine_map<(d0) -> (d0)>

// Straight-line chains fuse, whatever the producer's cost, and so do
// producers outside an scf.if (entered at most once).
// CHECK-LABEL: func.func @chain
// CHECK: linalg.generic
// CHECK: math.sin
// CHECK: arith.addf
// CHECK: arith.mulf
// CHECK-NOT: linalg.generic
// CHECK: scf.if
// CHECK: linalg.generic
// CHECK: math.exp
// CHECK: arith.subf
// CHECK-NOT: linalg.generic
// CHECK: return
func.func @chain(%x: tensor<?xf64>, %c: i1) -> (tensor<?xf64>, tensor<?xf64>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?xf64>
  %e = tensor.empty(%n) : tensor<?xf64>
  %s = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<?xf64>) outs(%e : tensor<?xf64>) {
  ^bb0(%v: f64, %out: f64):
    %w = math.sin %v : f64
    linalg.yield %w : f64
  } -> tensor<?xf64>
  %t = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%s, %x : tensor<?xf64>, tensor<?xf64>) outs(%e : tensor<?xf64>) {
  ^bb0(%v: f64, %u: f64, %out: f64):
    %w = arith.addf %v, %u : f64
    linalg.yield %w : f64
  } -> tensor<?xf64>
  %m = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%t : tensor<?xf64>) outs(%e : tensor<?xf64>) {
  ^bb0(%v: f64, %out: f64):
    %w = arith.mulf %v, %v : f64
    linalg.yield %w : f64
  } -> tensor<?xf64>
  %p = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<?xf64>) outs(%e : tensor<?xf64>) {
  ^bb0(%v: f64, %out: f64):
    %w = math.exp %v : f64
    linalg.yield %w : f64
  } -> tensor<?xf64>
  %r = scf.if %c -> (tensor<?xf64>) {
    %q = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
        ins(%p, %x : tensor<?xf64>, tensor<?xf64>) outs(%e : tensor<?xf64>) {
    ^bb0(%v: f64, %u: f64, %out: f64):
      %w = arith.subf %v, %u : f64
      linalg.yield %w : f64
    } -> tensor<?xf64>
    scf.yield %q : tensor<?xf64>
  } else {
    scf.yield %x : tensor<?xf64>
  }
  return %m, %r : tensor<?xf64>, tensor<?xf64>
}

// -----

#id = affine_map<(d0) -> (d0)>

// A costly producer with two users is computed once, and both read it.
// CHECK-LABEL: func.func @two_users_costly
// CHECK: %[[B:.*]] = linalg.generic
// CHECK: math.sin
// CHECK: linalg.generic {{.*}} ins(%[[B]], %{{.*}} : tensor<?xf64>, tensor<?xf64>)
// CHECK-NOT: math.sin
// CHECK: linalg.generic {{.*}} ins(%[[B]], %{{.*}} : tensor<?xf64>, tensor<?xf64>)
// CHECK-NOT: math.sin
// CHECK: return
func.func @two_users_costly(%x: tensor<?xf64>, %y: tensor<?xf64>) -> (tensor<?xf64>, tensor<?xf64>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?xf64>
  %e = tensor.empty(%n) : tensor<?xf64>
  %b = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<?xf64>) outs(%e : tensor<?xf64>) {
  ^bb0(%v: f64, %out: f64):
    %w = math.sin %v : f64
    linalg.yield %w : f64
  } -> tensor<?xf64>
  %u = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%b, %x : tensor<?xf64>, tensor<?xf64>) outs(%e : tensor<?xf64>) {
  ^bb0(%v: f64, %w: f64, %out: f64):
    %z = arith.addf %v, %w : f64
    linalg.yield %z : f64
  } -> tensor<?xf64>
  %t = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%b, %y : tensor<?xf64>, tensor<?xf64>) outs(%e : tensor<?xf64>) {
  ^bb0(%v: f64, %w: f64, %out: f64):
    %z = arith.mulf %v, %w : f64
    linalg.yield %z : f64
  } -> tensor<?xf64>
  return %u, %t : tensor<?xf64>, tensor<?xf64>
}

// -----

#id = affine_map<(d0) -> (d0)>

// A cheap producer with two users that read what it reads is copied into
// both (each saves a read of %b) and disappears; one whose other user does
// not read %x stays for that user.
// CHECK-LABEL: func.func @two_users_cheap
// CHECK-NEXT: arith.constant
// CHECK-NEXT: tensor.dim
// CHECK-NEXT: tensor.empty
// CHECK-NEXT: linalg.generic {{.*}} ins(%{{[^ ]*}} : tensor<?xf64>)
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK: linalg.generic {{.*}} ins(%{{[^ ]*}} : tensor<?xf64>)
// CHECK: arith.mulf
// CHECK: arith.subf
// CHECK: %[[C:.*]] = linalg.generic {{.*}} ins(%{{[^ ]*}} : tensor<?xf64>)
// CHECK: arith.mulf
// CHECK: linalg.yield
// CHECK: linalg.generic {{.*}} ins(%[[C]], %{{.*}} : tensor<?xf64>, tensor<?xf64>)
// CHECK: linalg.generic {{.*}} ins(%[[C]] : tensor<?xf64>) outs(%{{.*}} : tensor<f64>)
// CHECK: return
#scalar = affine_map<(d0) -> ()>
func.func @two_users_cheap(%x: tensor<?xf64>, %y: tensor<?xf64>, %acc: tensor<f64>)
    -> (tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<f64>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?xf64>
  %e = tensor.empty(%n) : tensor<?xf64>
  %b = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<?xf64>) outs(%e : tensor<?xf64>) {
  ^bb0(%v: f64, %out: f64):
    %w = arith.mulf %v, %v : f64
    linalg.yield %w : f64
  } -> tensor<?xf64>
  %u = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%b, %x : tensor<?xf64>, tensor<?xf64>) outs(%e : tensor<?xf64>) {
  ^bb0(%v: f64, %w: f64, %out: f64):
    %z = arith.addf %v, %w : f64
    linalg.yield %z : f64
  } -> tensor<?xf64>
  %t = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%b, %x : tensor<?xf64>, tensor<?xf64>) outs(%e : tensor<?xf64>) {
  ^bb0(%v: f64, %w: f64, %out: f64):
    %z = arith.subf %v, %w : f64
    linalg.yield %z : f64
  } -> tensor<?xf64>
  %c = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%y : tensor<?xf64>) outs(%e : tensor<?xf64>) {
  ^bb0(%v: f64, %out: f64):
    %w = arith.mulf %v, %v : f64
    linalg.yield %w : f64
  } -> tensor<?xf64>
  %d = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%c, %x : tensor<?xf64>, tensor<?xf64>) outs(%e : tensor<?xf64>) {
  ^bb0(%v: f64, %w: f64, %out: f64):
    %z = arith.addf %v, %w : f64
    linalg.yield %z : f64
  } -> tensor<?xf64>
  %s = linalg.generic {indexing_maps = [#id, #scalar], iterator_types = ["reduction"]}
      ins(%c : tensor<?xf64>) outs(%acc : tensor<f64>) {
  ^bb0(%v: f64, %out: f64):
    %z = arith.addf %v, %out : f64
    linalg.yield %z : f64
  } -> tensor<f64>
  return %u, %t, %d, %s : tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<f64>
}

// -----

#row = affine_map<(d0, d1) -> (d1)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#id = affine_map<(d0) -> (d0)>

// A consumer that broadcasts the producer's result along a dimension
// would compute the producer's body once per row: a costly body stays.
// CHECK-LABEL: func.func @broadcast
// CHECK: %[[B:.*]] = linalg.generic
// CHECK: math.exp
// CHECK: linalg.generic {{.*}} ins(%{{.*}}, %[[B]] : tensor<?x?xf64>, tensor<?xf64>)
// CHECK-NOT: math.exp
// CHECK: return
func.func @broadcast(%m: tensor<?x?xf64>, %x: tensor<?xf64>) -> tensor<?x?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %x, %c0 : tensor<?xf64>
  %rows = tensor.dim %m, %c0 : tensor<?x?xf64>
  %e = tensor.empty(%n) : tensor<?xf64>
  %b = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<?xf64>) outs(%e : tensor<?xf64>) {
  ^bb0(%v: f64, %out: f64):
    %w = math.exp %v : f64
    linalg.yield %w : f64
  } -> tensor<?xf64>
  %e2 = tensor.empty(%rows, %n) : tensor<?x?xf64>
  %r = linalg.generic {indexing_maps = [#id2, #row, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%m, %b : tensor<?x?xf64>, tensor<?xf64>) outs(%e2 : tensor<?x?xf64>) {
  ^bb0(%v: f64, %w: f64, %out: f64):
    %z = arith.mulf %v, %w : f64
    linalg.yield %z : f64
  } -> tensor<?x?xf64>
  return %r : tensor<?x?xf64>
}

// -----

#id = affine_map<(d0) -> (d0)>

// scf.while runs its body any number of times.
// CHECK-LABEL: func.func @while_loop
// CHECK: math.tanh
// CHECK: scf.while
// CHECK-NOT: math.tanh
// CHECK: return
func.func @while_loop(%a0: tensor<?xf64>, %x: tensor<?xf64>, %limit: f64) -> tensor<?xf64> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?xf64>
  %e = tensor.empty(%n) : tensor<?xf64>
  %b = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<?xf64>) outs(%e : tensor<?xf64>) {
  ^bb0(%v: f64, %out: f64):
    %w = math.tanh %v : f64
    linalg.yield %w : f64
  } -> tensor<?xf64>
  %r = scf.while (%a = %a0) : (tensor<?xf64>) -> tensor<?xf64> {
    %first = tensor.extract %a[%c0] : tensor<?xf64>
    %go = arith.cmpf olt, %first, %limit : f64
    scf.condition(%go) %a : tensor<?xf64>
  } do {
  ^bb0(%a: tensor<?xf64>):
    %s = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
        ins(%a, %b : tensor<?xf64>, tensor<?xf64>) outs(%e : tensor<?xf64>) {
    ^bb0(%p: f64, %q: f64, %out: f64):
      %z = arith.addf %p, %q : f64
      linalg.yield %z : f64
    } -> tensor<?xf64>
    scf.yield %s : tensor<?xf64>
  }
  return %r : tensor<?xf64>
}

// -----

// Folding a reshape with a tensor.pad re-creates the pad at the reshape:
// not into a loop.
// CHECK-LABEL: func.func @pad_in_loop
// CHECK: tensor.pad
// CHECK: scf.for
// CHECK-NOT: tensor.pad
// CHECK: tensor.expand_shape
// CHECK-NOT: tensor.pad
// CHECK: return
func.func @pad_in_loop(%x: tensor<4x8xf32>, %n: index) -> tensor<6x2x4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %x low[1, 0] high[1, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %zero : f32
  } : tensor<4x8xf32> to tensor<6x8xf32>
  %init = tensor.empty() : tensor<6x2x4xf32>
  %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<6x2x4xf32>) {
    %e = tensor.expand_shape %p [[0], [1, 2]] output_shape [6, 2, 4] : tensor<6x8xf32> into tensor<6x2x4xf32>
    scf.yield %e : tensor<6x2x4xf32>
  }
  return %r : tensor<6x2x4xf32>
}

// -----

// Reshapes stay out of the products that distc-tile-matmul tiles: Q's
// column block viewed as (seq, heads, head dim) and the heads' outputs
// collapsed back into rows for the output projection keep their
// linalg.matmul (folded, each would be a linalg.generic with one loop more,
// computed as a plain loop nest).
// CHECK-LABEL: func.func @reshapes_around_matmuls
// CHECK: %[[Q:.*]] = linalg.matmul ins(%arg0, %arg1 : tensor<8x16xf32>, tensor<16x16xf32>)
// CHECK: tensor.expand_shape %[[Q]] {{\[\[}}0], [1, 2]] output_shape [8, 2, 8]
// CHECK: %[[O:.*]] = tensor.collapse_shape %arg2 {{\[\[}}0], [1, 2]]
// CHECK: linalg.matmul ins(%[[O]], %arg1 : tensor<8x16xf32>, tensor<16x16xf32>)
// CHECK: linalg.batch_matmul
// CHECK-NOT: linalg.matmul
// CHECK: return
func.func @reshapes_around_matmuls(%x: tensor<8x16xf32>, %w: tensor<16x16xf32>, %o: tensor<8x2x8xf32>,
                                   %a: tensor<2x8x8xf32>, %b: tensor<16x8xf32>)
    -> (tensor<8x2x8xf32>, tensor<8x16xf32>, tensor<2x8x8xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x16xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<8x16xf32>) -> tensor<8x16xf32>
  %q = linalg.matmul ins(%x, %w : tensor<8x16xf32>, tensor<16x16xf32>) outs(%z : tensor<8x16xf32>) -> tensor<8x16xf32>
  %q3 = tensor.expand_shape %q [[0], [1, 2]] output_shape [8, 2, 8] : tensor<8x16xf32> into tensor<8x2x8xf32>
  %o2 = tensor.collapse_shape %o [[0], [1, 2]] : tensor<8x2x8xf32> into tensor<8x16xf32>
  %p = linalg.matmul ins(%o2, %w : tensor<8x16xf32>, tensor<16x16xf32>) outs(%z : tensor<8x16xf32>) -> tensor<8x16xf32>
  %b3 = tensor.expand_shape %b [[0, 1], [2]] output_shape [2, 8, 8] : tensor<16x8xf32> into tensor<2x8x8xf32>
  %ez = tensor.empty() : tensor<2x8x8xf32>
  %zz = linalg.fill ins(%zero : f32) outs(%ez : tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
  %s = linalg.batch_matmul ins(%a, %b3 : tensor<2x8x8xf32>, tensor<2x8x8xf32>) outs(%zz : tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
  return %q3, %p, %s : tensor<8x2x8xf32>, tensor<8x16xf32>, tensor<2x8x8xf32>
}
