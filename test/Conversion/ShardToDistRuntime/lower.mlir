// RUN: %distc-opt %s --convert-shard-to-distruntime --canonicalize --cse --split-input-file | FileCheck %s

// SPMD-level shard ops on a 1-D grid become distruntime ops of the grid's
// team, each followed by its wait, after one run-time check per function
// that the team has as many ranks as the grid.

shard.grid @grid0(shape = 4)

// CHECK-LABEL: func.func @all_reduce
// CHECK: %[[N:.*]] = distruntime.team_size {team = 5898240 : i64}
// CHECK: %[[OK:.*]] = arith.cmpi eq, %[[N]], %c4
// CHECK: distruntime.check %[[OK]], "shard grid @grid0 has shape 4 and needs exactly 4 ranks, but the program runs on another number (needed vs ranks)"(%c4, %[[N]]) : index, index
// CHECK: %[[H0:.*]], %[[MAX:.*]] = distruntime.allreduce max %arg0 {team = 5898240 : i64} : (tensor<3x2xf32>) -> (!distruntime.asynchandle, tensor<3x2xf32>)
// CHECK-NEXT: distruntime.wait %[[H0]]
// CHECK: %[[H1:.*]], %[[SUM:.*]] = distruntime.allreduce sum %arg1 {team = 5898240 : i64}
// CHECK-NEXT: distruntime.wait %[[H1]]
// CHECK: %[[H2:.*]], %[[PROD:.*]] = distruntime.allreduce prod %arg1
// CHECK: %[[H3:.*]], %[[MIN:.*]] = distruntime.allreduce min %arg1
// CHECK-NOT: distruntime.check
// CHECK: return %[[MAX]], %[[SUM]], %[[PROD]], %[[MIN]], %arg0
func.func @all_reduce(%x: tensor<3x2xf32>, %i: tensor<5xi32>)
    -> (tensor<3x2xf32>, tensor<5xi32>, tensor<5xi32>, tensor<5xi32>, tensor<3x2xf32>) {
  %r = shard.all_reduce %x on @grid0 grid_axes = [0] reduction = max : tensor<3x2xf32> -> tensor<3x2xf32>
  %s = shard.all_reduce %i on @grid0 grid_axes = [0] : tensor<5xi32> -> tensor<5xi32>
  %p = shard.all_reduce %i on @grid0 grid_axes = [0] reduction = product : tensor<5xi32> -> tensor<5xi32>
  %m = shard.all_reduce %i on @grid0 grid_axes = [0] reduction = min : tensor<5xi32> -> tensor<5xi32>
  // No grid axes: each process is a group of its own, nothing to reduce.
  %n = shard.all_reduce %x on @grid0 reduction = max : tensor<3x2xf32> -> tensor<3x2xf32>
  return %r, %s, %p, %m, %n : tensor<3x2xf32>, tensor<5xi32>, tensor<5xi32>, tensor<5xi32>, tensor<3x2xf32>
}

// -----

shard.grid @grid0(shape = 4)

// all_gather: this rank's block of 3 rows starts at member * 3 of a 12-row
// array, and every rank receives all of it.
// CHECK-LABEL: func.func @all_gather
// CHECK-DAG: %[[C12:.*]] = arith.constant 12 : index
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK: distruntime.check
// CHECK: %[[R:.*]] = distruntime.team_member {team = 5898240 : i64}
// CHECK: %[[OFF:.*]] = arith.muli %[[R]], %[[C3]] : index
// CHECK: %[[H:.*]], %[[OUT:.*]] = distruntime.copy_reshape %arg0 g_shape %[[C12]], %[[C2]] l_offs %[[OFF]], %[[C0]] to n_g_shape %[[C12]], %[[C2]] n_offs %[[C0]], %[[C0]] n_shape %[[C12]], %[[C2]] {team = 5898240 : i64} : {{.*}} -> (!distruntime.asynchandle, tensor<12x2xf32>)
// CHECK-NEXT: distruntime.wait %[[H]]
// CHECK: return %[[OUT]]
func.func @all_gather(%x: tensor<3x2xf32>) -> tensor<12x2xf32> {
  %g = shard.all_gather %x on @grid0 grid_axes = [0] gather_axis = 0 : tensor<3x2xf32> -> tensor<12x2xf32>
  return %g : tensor<12x2xf32>
}

// -----

shard.grid @grid0(shape = 4)

// all_slice needs no communication: block `member` of the slice axis.
// CHECK-LABEL: func.func @all_slice
// CHECK: distruntime.check
// CHECK: %[[R:.*]] = distruntime.team_member
// CHECK: %[[OFF:.*]] = arith.muli %[[R]], %c2 : index
// CHECK: %[[S:.*]] = tensor.extract_slice %arg0[0, %[[OFF]]] [8, 2] [1, 1] : tensor<8x8xi64> to tensor<8x2xi64>
// CHECK-NOT: distruntime.copy_reshape
// CHECK: return %[[S]]
func.func @all_slice(%y: tensor<8x8xi64>) -> tensor<8x2xi64> {
  %s = shard.all_slice %y on @grid0 grid_axes = [0] slice_axis = 1 : tensor<8x8xi64> -> tensor<8x2xi64>
  return %s : tensor<8x2xi64>
}

// -----

shard.grid @grid0(shape = 4)

// all_to_all: the inputs are the column blocks of an 8x32 array, the
// results its row blocks: one redistribution of the same global array.
// CHECK-LABEL: func.func @all_to_all
// CHECK-DAG: %[[C32:.*]] = arith.constant 32 : index
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK: distruntime.check
// CHECK: %[[R:.*]] = distruntime.team_member
// CHECK-DAG: %[[ROW:.*]] = arith.muli %[[R]], %[[C2]] : index
// CHECK-DAG: %[[COL:.*]] = arith.muli %[[R]], %[[C8]] : index
// CHECK: %[[H:.*]], %[[OUT:.*]] = distruntime.copy_reshape %arg0 g_shape %[[C8]], %[[C32]] l_offs %[[C0]], %[[COL]] to n_g_shape %[[C8]], %[[C32]] n_offs %[[ROW]], %[[C0]] n_shape %[[C2]], %[[C32]] {{.*}} -> (!distruntime.asynchandle, tensor<2x32xi64>)
// CHECK-NEXT: distruntime.wait %[[H]]
func.func @all_to_all(%y: tensor<8x8xi64>) -> tensor<2x32xi64> {
  %a = shard.all_to_all %y on @grid0 grid_axes = [0] split_axis = 0 concat_axis = 1 : tensor<8x8xi64> -> tensor<2x32xi64>
  return %a : tensor<2x32xi64>
}

// -----

shard.grid @grid0(shape = 4)

// update_halo: the owned rows (after 2 halo rows, before 1) are exchanged
// within the box [start - 2, start + own + 1) clipped to the array; the
// received halos are inserted right before and after the owned rows.
// CHECK-LABEL: func.func @update_halo
// CHECK: distruntime.check
// CHECK: %[[R:.*]] = distruntime.team_member
// CHECK: %[[START:.*]] = arith.muli %[[R]], %c3 : index
// CHECK: %[[OWN:.*]] = tensor.extract_slice %arg0[2, 0] [3, 4] [1, 1] : tensor<6x4xf64> to tensor<3x4xf64>
// CHECK: arith.maxsi
// CHECK: arith.minsi
// CHECK: %[[H:.*]], %[[LH:.*]], %[[RH:.*]] = distruntime.update_halo %[[OWN]] g_shape %c12, %c4 l_offs %[[START]], %c0 bb_offs
// CHECK-SAME: -> (!distruntime.asynchandle, tensor<?x4xf64>, tensor<?x4xf64>)
// CHECK-NEXT: distruntime.wait %[[H]]
// CHECK: %[[L:.*]] = tensor.insert_slice %[[LH]] into %arg0
// CHECK: %[[RES:.*]] = tensor.insert_slice %[[RH]] into %[[L]][5, 0]
// CHECK: return %[[RES]]
func.func @update_halo(%t: tensor<6x4xf64>) -> tensor<6x4xf64> {
  %h = shard.update_halo %t on @grid0 split_axes = [[0]] halo_sizes = [2, 1] : tensor<6x4xf64>
  return %h : tensor<6x4xf64>
}

// -----

shard.grid @grid0(shape = 4)

// Index queries: the grid shape is a constant (checked at run time), the
// indices come from the team, the neighbours are -1 at the ends.
// CHECK-LABEL: func.func @queries
// CHECK-DAG: %[[CM1:.*]] = arith.constant -1 : index
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK: distruntime.check
// CHECK: %[[R:.*]] = distruntime.team_member
// CHECK: %[[DOWN:.*]] = arith.select %{{.*}}, %{{.*}}, %[[CM1]] : index
// CHECK: %[[UP:.*]] = arith.select %{{.*}}, %{{.*}}, %[[CM1]] : index
// CHECK: return %[[R]], %[[R]], %[[C4]], %[[DOWN]], %[[UP]]
func.func @queries() -> (index, index, index, index, index) {
  %me = shard.process_linear_index on @grid0 : index
  %mi = shard.process_multi_index on @grid0 : index
  %n = shard.grid_shape @grid0 : index
  %d, %u = shard.neighbors_linear_indices on @grid0[%me] split_axes = [0] : index, index
  return %me, %mi, %n, %d, %u : index, index, index, index, index
}

// -----

// The grid symbols go once nothing refers to them; a module without shard
// ops is unchanged.
// CHECK-NOT: shard.
// CHECK-LABEL: func.func @no_shard
shard.grid @unused(shape = 2)
func.func @no_shard(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}

// -----

shard.grid @grid0(shape = 4)

// Uneven blocks (dynamic types): all_slice keeps the balanced block
// (size / 4, one more on the last size % 4 shards); all_gather of dynamic
// blocks sums their sizes over the group, then places this block at its
// balanced offset.
// CHECK-LABEL: func.func @uneven
// CHECK: %[[R:.*]] = distruntime.team_member
// CHECK: %[[N:.*]] = tensor.dim %arg0, %c0
// CHECK: arith.divui %[[N]], %c4
// CHECK: arith.remui %[[N]], %c4
// CHECK: tensor.extract_slice %arg0[%{{.*}}] [%{{.*}}] [1] : tensor<?xf32> to tensor<?xf32>
// CHECK: distruntime.allreduce sum %{{.*}} {team = 5898240 : i64} : (tensor<1xi64>)
// CHECK: %[[TOTAL:.*]] = arith.index_cast %{{.*}} : i64 to index
// CHECK: distruntime.copy_reshape %{{.*}} g_shape %[[TOTAL]] l_offs %{{.*}} to n_g_shape %[[TOTAL]] n_offs %c0 n_shape %[[TOTAL]]
func.func @uneven(%x: tensor<?xf32>) -> tensor<?xf32> {
  %s = shard.all_slice %x on @grid0 grid_axes = [0] slice_axis = 0 : tensor<?xf32> -> tensor<?xf32>
  %g = shard.all_gather %s on @grid0 grid_axes = [0] gather_axis = 0 : tensor<?xf32> -> tensor<?xf32>
  return %g : tensor<?xf32>
}

// -----

shard.grid @grid0(shape = 4)

// Bitwise reductions of integers: distruntime's band, bor and bxor.
// CHECK-LABEL: func.func @bitwise
// CHECK: distruntime.allreduce band %arg0 {team = 5898240 : i64}
// CHECK: distruntime.allreduce bor %arg0 {team = 5898240 : i64}
// CHECK: distruntime.allreduce bxor %arg1 {team = 5898240 : i64} : (tensor<2xi1>)
func.func @bitwise(%x: tensor<4xi32>, %b: tensor<2xi1>) -> (tensor<4xi32>, tensor<4xi32>, tensor<2xi1>) {
  %a = shard.all_reduce %x on @grid0 grid_axes = [0] reduction = bitwise_and : tensor<4xi32> -> tensor<4xi32>
  %o = shard.all_reduce %x on @grid0 grid_axes = [0] reduction = bitwise_or : tensor<4xi32> -> tensor<4xi32>
  %e = shard.all_reduce %b on @grid0 grid_axes = [0] reduction = bitwise_xor : tensor<2xi1> -> tensor<2xi1>
  return %a, %o, %e : tensor<4xi32>, tensor<4xi32>, tensor<2xi1>
}

// -----

shard.grid @grid0(shape = 4)

// shift by 1 with rotate: the inputs stacked along dimension 0 (3 rows
// each, 12 in all), this member's box at 3 * r, its target box that of
// member (r + 3) mod 4.
// CHECK-LABEL: func.func @shift_rotate
// CHECK: distruntime.check
// CHECK: %[[R:.*]] = distruntime.team_member {team = 5898240 : i64}
// CHECK: %[[SUM:.*]] = arith.addi %[[R]], %c3
// CHECK: %[[SRC:.*]] = arith.remui %[[SUM]], %c4
// CHECK-DAG: %[[OFF:.*]] = arith.muli %[[R]], %c3
// CHECK-DAG: %[[NOFF:.*]] = arith.muli %[[SRC]], %c3
// CHECK: distruntime.copy_reshape %arg0 g_shape %c12, %c2 l_offs %[[OFF]], %c0 to n_g_shape %c12, %c2 n_offs %[[NOFF]], %c0 n_shape %c3, %c2 {team = 5898240 : i64}
func.func @shift_rotate(%x: tensor<3x2xf32>) -> tensor<3x2xf32> {
  %s = shard.shift %x on @grid0 grid_axes = [0] shift_axis = 0 offset = 1 rotate : tensor<3x2xf32> -> tensor<3x2xf32>
  return %s : tensor<3x2xf32>
}

// -----

shard.grid @grid0(shape = 4)

// shift by 2 without rotate: member r's source is r - 2 when that is a
// member, else r itself (it keeps its input).
// CHECK-LABEL: func.func @shift_open
// CHECK: distruntime.check
// CHECK: %[[R:.*]] = distruntime.team_member {team = 5898240 : i64}
// CHECK: %[[RAW:.*]] = arith.subi %[[R]], %c2
// CHECK: arith.cmpi sge, %[[RAW]], %c0
// CHECK: arith.cmpi slt, %[[RAW]], %c4
// CHECK: %[[SRC:.*]] = arith.select %{{.*}}, %[[RAW]], %[[R]]
// CHECK: distruntime.copy_reshape
func.func @shift_open(%x: tensor<3xf32>) -> tensor<3xf32> {
  %s = shard.shift %x on @grid0 grid_axes = [0] shift_axis = 0 offset = 2 : tensor<3xf32> -> tensor<3xf32>
  return %s : tensor<3xf32>
}

// -----

shard.grid @grid0(shape = 2x2)

// shift along axis 1 with grid_axes [0, 1]: the team of axis 1 alone.
// CHECK-LABEL: func.func @shift_subgrid
// CHECK: distruntime.define_subgrid_team {axes = array<i64: 1>, grid_shape = array<i64: 2, 2>, team = 5963776 : i64}
// CHECK: distruntime.copy_reshape %arg0 g_shape %c4 l_offs %{{.*}} to n_g_shape %c4 n_offs %{{.*}} n_shape %c2 {team = 5963776 : i64}
func.func @shift_subgrid(%x: tensor<2xi64>) -> tensor<2xi64> {
  %s = shard.shift %x on @grid0 grid_axes = [0, 1] shift_axis = 1 offset = 1 rotate : tensor<2xi64> -> tensor<2xi64>
  return %s : tensor<2xi64>
}

// -----

shard.grid @grid0(shape = 4)

// gather to root 1 only: every member's block at its offset, a target box
// of all 8 rows on the root and of none elsewhere; the others' result is
// an uninitialized tensor.
// CHECK-LABEL: func.func @gather_root
// CHECK: distruntime.check
// CHECK: %[[R:.*]] = distruntime.team_member {team = 5898240 : i64}
// CHECK: %[[ROOT:.*]] = arith.cmpi eq, %[[R]], %c1
// CHECK: %[[ROWS:.*]] = arith.select %[[ROOT]], %c8, %c0
// CHECK: %{{.*}}, %[[BOX:.*]] = distruntime.copy_reshape %arg0 g_shape %c8 l_offs %{{.*}} to n_g_shape %c8 n_offs %c0 n_shape %[[ROWS]] {team = 5898240 : i64} : {{.*}} -> (!distruntime.asynchandle, tensor<?xf32>)
// CHECK: scf.if %[[ROOT]] -> (tensor<8xf32>) {
// CHECK: tensor.cast %[[BOX]] : tensor<?xf32> to tensor<8xf32>
// CHECK: } else {
// CHECK: tensor.empty() : tensor<8xf32>
func.func @gather_root(%x: tensor<2xf32>) -> tensor<8xf32> {
  %g = shard.gather %x on @grid0 grid_axes = [0] gather_axis = 0 root = [1] : (tensor<2xf32>) -> tensor<8xf32>
  return %g : tensor<8xf32>
}
