// RUN: %distc-opt %s --distc-form-stencils --convert-dist-to-distruntime --canonicalize --cse --split-input-file | FileCheck %s

// A tensor on a run-time grid: both extents come from the runtime's
// factoring of the team (no communication), the rank's coordinates are its
// row-major indices (last axis fastest), and each split dimension gets the
// balanced block of its grid axis.
// CHECK-LABEL: func.func @full
// CHECK-SAME: -> (tensor<?x?xf64>, index, index, index, index)
// CHECK-DAG: %[[C6:.*]] = arith.constant 6 : index
// CHECK-DAG: %[[C5:.*]] = arith.constant 5 : index
// CHECK: %[[P:.*]] = distruntime.team_size
// CHECK: %[[E0:.*]] = distruntime.grid_factor %[[P]] axes 2 axis 0
// CHECK: %[[X1:.*]] = distruntime.grid_factor %[[P]] axes 2 axis 1
// CHECK: %[[ME:.*]] = distruntime.team_member
// CHECK: %[[COORD1:.*]] = arith.remui %[[ME]], %[[X1]]
// CHECK: %[[REST:.*]] = arith.divui %[[ME]], %[[X1]]
// CHECK: arith.divui %[[C6]]
// CHECK: arith.divui %[[C5]], %[[X1]]
// CHECK: tensor.empty(%{{.*}}, %{{.*}}) : tensor<?x?xf64>
// CHECK-NOT: distruntime.copy_reshape
// CHECK: return
func.func @full(%v: f64) -> !dist.tensor<6x5xf64, grid = [?, ?], split = [0, 1]> {
  %a = dist.full %v : !dist.tensor<6x5xf64, grid = [?, ?], split = [0, 1]>
  return %a : !dist.tensor<6x5xf64, grid = [?, ?], split = [0, 1]>
}

// -----

// A static extent: the team must be a multiple of it, checked at run time;
// the only `?` axis gets the quotient.
// CHECK-LABEL: func.func @static_extent
// CHECK: %[[P:.*]] = distruntime.team_size
// CHECK: %[[Q:.*]] = arith.divui %[[P]], %c3
// CHECK: arith.muli %[[Q]], %c3
// CHECK: distruntime.check
// CHECK-NOT: distruntime.grid_factor
// CHECK: %[[ME:.*]] = distruntime.team_member
// CHECK: arith.remui %[[ME]], %[[Q]]
func.func @static_extent(%v: f64) -> !dist.tensor<6x5xf64, grid = [3, ?], split = [0, 1]> {
  %a = dist.full %v : !dist.tensor<6x5xf64, grid = [3, ?], split = [0, 1]>
  return %a : !dist.tensor<6x5xf64, grid = [3, ?], split = [0, 1]>
}

// -----

// The same grid and split dimensions: element-wise work is local; another
// distribution is repartitioned (copy_reshape to the grid blocks).
// CHECK-LABEL: func.func @mixed
// CHECK-COUNT-1: distruntime.copy_reshape
// CHECK-NOT: distruntime.copy_reshape
// CHECK: return
func.func @mixed(%a: !dist.tensor<6x5xf64, grid = [?, ?], split = [0, 1]>,
                 %b: !dist.tensor<6x5xf64, grid = [?, ?], split = [0, 1]>,
                 %c: !dist.tensor<6x5xf64>) -> !dist.tensor<6x5xf64, grid = [?, ?], split = [0, 1]> {
  %s = dist.add %a, %b : !dist.tensor<6x5xf64, grid = [?, ?], split = [0, 1]>
  %t = dist.elementwise %s, %c : !dist.tensor<6x5xf64, grid = [?, ?], split = [0, 1]>, !dist.tensor<6x5xf64> -> !dist.tensor<6x5xf64, grid = [?, ?], split = [0, 1]> {
  ^bb0(%x: f64, %y: f64):
    %z = arith.addf %x, %y : f64
    dist.yield %z : f64
  }
  return %t : !dist.tensor<6x5xf64, grid = [?, ?], split = [0, 1]>
}

// -----

// Along a dimension split over a static grid's axis: the partial results
// are combined within the grid column (a sub-grid team spanning axis 0),
// not over the whole team, then moved into the result's blocks.
// CHECK-LABEL: func.func @reduce_column
// CHECK: distruntime.define_subgrid_team {axes = array<i64: 0>, grid_shape = array<i64: 2, 3>, team = [[COL:[0-9]+]] : i64}
// CHECK: distruntime.allreduce {{.*}}team = [[COL]] : i64
// CHECK: distruntime.copy_reshape
func.func @reduce_column(%a: !dist.tensor<8x9xf64, grid = [2, 3], split = [0, 1]>) -> !dist.tensor<9xf64> {
  %r = dist.reduce sum %a axis 0 : !dist.tensor<8x9xf64, grid = [2, 3], split = [0, 1]> -> !dist.tensor<9xf64>
  return %r : !dist.tensor<9xf64>
}
