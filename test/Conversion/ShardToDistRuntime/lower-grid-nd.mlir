// RUN: %distc-opt %s --convert-shard-to-distruntime --canonicalize --cse --split-input-file | FileCheck %s

// SPMD-level shard ops on N-D grids. A collective over all axes of the grid,
// in order, runs on the grid's team; one over a subset of them (or all in
// another order) on a sub-grid team, one per grid and axis list, defined at
// the entry of main and of every function that uses it. A process's index
// in its group is computed from its rank, row-major.

shard.grid @grid(shape = 2x3)

// CHECK-LABEL: func.func @main
// CHECK-DAG: distruntime.define_subgrid_team {axes = array<i64: 1>, grid_shape = array<i64: 2, 3>, team = 5963776 : i64}
// CHECK-DAG: distruntime.define_subgrid_team {axes = array<i64: 0>, grid_shape = array<i64: 2, 3>, team = 5963777 : i64}
// CHECK-DAG: distruntime.define_subgrid_team {axes = array<i64: 1, 0>, grid_shape = array<i64: 2, 3>, team = 5963778 : i64}
// CHECK: distruntime.check %{{.*}}, "shard grid @grid has shape 2x3 and needs exactly 6 ranks, but the program runs on another number (needed vs ranks)"
func.func @main() {
  return
}

// CHECK-LABEL: func.func @reduce
// CHECK-DAG: distruntime.define_subgrid_team {axes = array<i64: 1>, grid_shape = array<i64: 2, 3>, team = 5963776 : i64}
// CHECK-DAG: distruntime.define_subgrid_team {axes = array<i64: 0>, grid_shape = array<i64: 2, 3>, team = 5963777 : i64}
// CHECK: %[[H1:.*]], %[[R1:.*]] = distruntime.allreduce sum %arg0 {team = 5963776 : i64}
// CHECK: distruntime.wait %[[H1]]
// CHECK: %[[H0:.*]], %[[R0:.*]] = distruntime.allreduce max %[[R1]] {team = 5963777 : i64}
// CHECK: %[[HA:.*]], %[[RA:.*]] = distruntime.allreduce min %[[R0]] {team = 5898240 : i64}
// CHECK: return %[[RA]]
func.func @reduce(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = shard.all_reduce %x on @grid grid_axes = [1] : tensor<4xf32> -> tensor<4xf32>
  %b = shard.all_reduce %a on @grid grid_axes = [0] reduction = max : tensor<4xf32> -> tensor<4xf32>
  %c = shard.all_reduce %b on @grid grid_axes = [0, 1] reduction = min : tensor<4xf32> -> tensor<4xf32>
  return %c : tensor<4xf32>
}

// all_gather over grid axis 1 (3 processes): the block of this process
// starts at (rank mod 3) * 2 of the 6 gathered rows.
// CHECK-LABEL: func.func @gather
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C6:.*]] = arith.constant 6 : index
// CHECK: distruntime.check
// CHECK: %[[R:.*]] = distruntime.team_member {team = 5898240 : i64}
// CHECK: %[[I1:.*]] = arith.remui %[[R]], %[[C3]]
// CHECK: %[[OFF:.*]] = arith.muli %[[I1]], %[[C2]]
// CHECK: distruntime.copy_reshape %arg0 g_shape %[[C6]], %{{.*}} l_offs %[[OFF]], %{{.*}} to n_g_shape %[[C6]], {{.*}} {team = 5963776 : i64}
func.func @gather(%x: tensor<2x5xf32>) -> tensor<6x5xf32> {
  %g = shard.all_gather %x on @grid grid_axes = [1] gather_axis = 0 : tensor<2x5xf32> -> tensor<6x5xf32>
  return %g : tensor<6x5xf32>
}

// all_slice over grid axes [1, 0] (6 processes, axis 1 major): index
// (rank mod 3) * 2 + rank / 3; no communication.
// CHECK-LABEL: func.func @slice
// CHECK: distruntime.check
// CHECK: %[[R:.*]] = distruntime.team_member {team = 5898240 : i64}
// CHECK: %[[I1:.*]] = arith.remui %[[R]], %c3
// CHECK: %[[I0:.*]] = arith.divui %[[R]], %c3
// CHECK: %[[M:.*]] = arith.muli %[[I1]], %c2
// CHECK: %[[G:.*]] = arith.addi %[[M]], %[[I0]]
// CHECK: %[[OFF:.*]] = arith.muli %[[G]], %c2
// CHECK: tensor.extract_slice %arg0[%[[OFF]], 0] [2, 5] [1, 1]
// CHECK-NOT: distruntime.copy_reshape
func.func @slice(%x: tensor<12x5xf32>) -> tensor<2x5xf32> {
  %s = shard.all_slice %x on @grid grid_axes = [1, 0] slice_axis = 0 : tensor<12x5xf32> -> tensor<2x5xf32>
  return %s : tensor<2x5xf32>
}

// CHECK-LABEL: func.func @indices
// CHECK: distruntime.check
// CHECK: %[[R:.*]] = distruntime.team_member {team = 5898240 : i64}
// CHECK-DAG: %[[I1:.*]] = arith.remui %[[R]], %c3
// CHECK-DAG: %[[I0:.*]] = arith.divui %[[R]], %c3
// CHECK: return %[[I0]], %[[I1]], %[[I1]], %c2, %c3, %c3
func.func @indices() -> (index, index, index, index, index, index) {
  %i:2 = shard.process_multi_index on @grid : index, index
  %j = shard.process_multi_index on @grid axes = [1] : index
  %s:2 = shard.grid_shape @grid : index, index
  %t = shard.grid_shape @grid axes = [1] : index
  return %i#0, %i#1, %j, %s#0, %s#1, %t : index, index, index, index, index, index
}

// Neighbours along grid axis 1 of device (1, 1): linear indices 3 and 5.
// CHECK-LABEL: func.func @neighbors
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG: %[[C5:.*]] = arith.constant 5 : index
// CHECK: return %[[C3]], %[[C5]]
func.func @neighbors() -> (index, index) {
  %c1 = arith.constant 1 : index
  %d, %u = shard.neighbors_linear_indices on @grid[%c1, %c1] split_axes = [1] : index, index
  return %d, %u : index, index
}

// all_to_all over grid axis 0 (2 processes) on the sub-grid team.
// CHECK-LABEL: func.func @to_all
// CHECK: distruntime.copy_reshape %arg0 {{.*}} {team = 5963777 : i64}
func.func @to_all(%x: tensor<4x6xf32>) -> tensor<8x3xf32> {
  %t = shard.all_to_all %x on @grid grid_axes = [0] split_axis = 1 concat_axis = 0 : tensor<4x6xf32> -> tensor<8x3xf32>
  return %t : tensor<8x3xf32>
}

// CHECK-LABEL: func.func @reversed_axes
// CHECK: distruntime.define_subgrid_team {axes = array<i64: 1, 0>, grid_shape = array<i64: 2, 3>, team = 5963778 : i64}
// CHECK: distruntime.allreduce sum %arg0 {team = 5963778 : i64}
func.func @reversed_axes(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = shard.all_reduce %x on @grid grid_axes = [1, 0] : tensor<4xf32> -> tensor<4xf32>
  return %a : tensor<4xf32>
}

// -----

shard.grid @grid(shape = 2x3)

// average: the group's sum divided by its size (3 along axis 1).
// CHECK-LABEL: func.func @average
// CHECK: %[[H:.*]], %[[S:.*]] = distruntime.allreduce sum %arg0 {team = 5963776 : i64}
// CHECK: distruntime.wait %[[H]]
// CHECK: linalg.generic {{.*}} outs(%[[S]] : tensor<4xf32>)
// CHECK: arith.divf %{{.*}}, %cst
func.func @average(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = shard.all_reduce %x on @grid grid_axes = [1] reduction = average : tensor<4xf32> -> tensor<4xf32>
  return %a : tensor<4xf32>
}

// reduce_scatter over axis 0 (2 processes): the sum, then block rank / 3
// of 2 rows.
// CHECK-LABEL: func.func @reduce_scatter
// CHECK: %[[I0:.*]] = arith.divui %{{.*}}, %c3
// CHECK: %[[H:.*]], %[[S:.*]] = distruntime.allreduce max %arg0 {team = 5963777 : i64}
// CHECK: distruntime.wait %[[H]]
// CHECK: %[[OFF:.*]] = arith.muli %[[I0]], %c2
// CHECK: tensor.extract_slice %[[S]][%[[OFF]], 0] [2, 5] [1, 1]
func.func @reduce_scatter(%x: tensor<4x5xf32>) -> tensor<2x5xf32> {
  %r = shard.reduce_scatter %x on @grid grid_axes = [0] reduction = max scatter_axis = 0 : tensor<4x5xf32> -> tensor<2x5xf32>
  return %r : tensor<2x5xf32>
}

// -----

shard.grid @grid(shape = 2x3)

// shard_shape, balanced: 10 rows on the 3 shards of grid axis 1 are 3, 3, 4
// (the remainder on the trailing shards); 7 columns on axis 0 are 3, 4.
// Device (0, 1) has 3x3, device (1, 2) 4x4.
// CHECK-LABEL: func.func @shard_shape
// CHECK-NOT: shard.
// CHECK: return %c3, %c3, %c4, %c4
func.func @shard_shape() -> (index, index, index, index) {
  %s = shard.sharding @grid split_axes = [[1], [0]] : !shard.sharding
  %a:2 = shard.shard_shape dims = [10, 7] sharding = %s device = [0, 1] : index, index
  %b:2 = shard.shard_shape dims = [10, 7] sharding = %s device = [1, 2] : index, index
  return %a#0, %a#1, %b#0, %b#1 : index, index, index, index
}

// sharded_dims_offsets: the sizes are differences of offsets; a dynamic
// device reads them from a table.
// CHECK-LABEL: func.func @shard_shape_offsets
// CHECK: %[[T:.*]] = arith.constant dense<[0, 1, 3, 8]> : tensor<4xindex>
// CHECK: %[[NEXT:.*]] = tensor.extract %[[T]]
// CHECK: %[[AT:.*]] = tensor.extract %[[T]][%arg0]
// CHECK: %[[S:.*]] = arith.subi %[[NEXT]], %[[AT]]
// CHECK: return %c5, %[[S]] : index, index
func.func @shard_shape_offsets(%j: index) -> (index, index) {
  %s = shard.sharding @grid split_axes = [[1]] sharded_dims_offsets = [0, 1, 3, 8] : !shard.sharding
  %a = shard.shard_shape dims = [8] sharding = %s device = [0, 2] : index
  %b = shard.shard_shape dims = [8] sharding = %s device = [0, %j] : index
  return %a, %b : index, index
}

// -----

shard.grid @grid(shape = 2x3)

// Rooted collectives over grid axis 1 (a sub-grid team): broadcast and
// scatter copy from the root's box (the others' box is empty: 0 rows);
// scatter's blocks are balanced (7 over 3: 2, 2, 3).
// CHECK-LABEL: func.func @rooted
// CHECK: %[[ISROOT:.*]] = arith.cmpi eq, %{{.*}}, %c2 : index
// CHECK: %[[ROWS:.*]] = arith.select %[[ISROOT]], %c4, %c0 : index
// CHECK: %[[BOX:.*]] = tensor.extract_slice %arg0[0, 0] [%[[ROWS]], 5] [1, 1] : tensor<4x5xf32> to tensor<?x5xf32>
// CHECK: distruntime.copy_reshape %[[BOX]] g_shape %c4, %c5 l_offs %c0, %c0 to n_g_shape %c4, %c5 n_offs %c0, %c0 n_shape %c4, %c5 {team = 5963776 : i64}
// CHECK: arith.maxsi %{{.*}}, %c0 : index
// CHECK: distruntime.copy_reshape %{{.*}} g_shape %c7 l_offs %c0 to n_g_shape %c7 n_offs %{{.*}} n_shape %{{.*}} {team = 5963776 : i64}
// CHECK: distruntime.reduce max %arg0 root %{{.*}} {team = 5963776 : i64}
// CHECK: distruntime.copy_reshape %arg0 g_shape %c12, %c5
func.func @rooted(%x: tensor<4x5xf32>, %y: tensor<?xf32>) -> (tensor<4x5xf32>, tensor<?xf32>, tensor<4x5xf32>, tensor<12x5xf32>) {
  %b = shard.broadcast %x on @grid grid_axes = [1] root = [2] : (tensor<4x5xf32>) -> tensor<4x5xf32>
  %c7 = arith.constant 7 : index
  %y7 = tensor.empty(%c7) : tensor<?xf32>
  %s = shard.scatter %y7 on @grid grid_axes = [1] scatter_axis = 0 root = [0] : (tensor<?xf32>) -> tensor<?xf32>
  %r = shard.reduce %x on @grid grid_axes = [1] reduction = max root = [0] : (tensor<4x5xf32>) -> tensor<4x5xf32>
  %g = shard.gather %x on @grid grid_axes = [1] gather_axis = 0 root = [0] : (tensor<4x5xf32>) -> tensor<12x5xf32>
  return %b, %s, %r, %g : tensor<4x5xf32>, tensor<?xf32>, tensor<4x5xf32>, tensor<12x5xf32>
}
