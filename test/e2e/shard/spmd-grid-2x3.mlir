// Hand-written SPMD code on a 2x3 grid: the index queries, all_reduce over
// one grid axis (sum along axis 1, max along axis 0), all_gather over both
// axes in the order [1, 0], and the neighbours along axis 1. Rank r is grid
// index (r / 3, r mod 3). Each collective over a subset of the axes runs on
// a sub-grid team that the runtime creates once.
// REQUIRES: compiler, idtr-runtime
// RUN: %distc %s -o %t
// RUN: %mpirun -n 6 --tag-output %t | FileCheck %s --match-full-lines
// RUN: not %mpirun -n 4 %t > %t.out 2>&1
// RUN: FileCheck %s --check-prefix=MISMATCH < %t.out

// Index (i0, i1), rank, neighbours down and up along axis 1.
// CHECK-DAG: [1,0]<stdout>:( 0, 0, 0, -1, 1 )
// CHECK-DAG: [1,1]<stdout>:( 0, 1, 1, 0, 2 )
// CHECK-DAG: [1,2]<stdout>:( 0, 2, 2, 1, -1 )
// CHECK-DAG: [1,3]<stdout>:( 1, 0, 3, -1, 4 )
// CHECK-DAG: [1,4]<stdout>:( 1, 1, 4, 3, 5 )
// CHECK-DAG: [1,5]<stdout>:( 1, 2, 5, 4, -1 )
// Sum of [r, 1] along axis 1 (rows of the grid), max along axis 0.
// CHECK-DAG: [1,0]<stdout>:( 3, 3, 3, 1 )
// CHECK-DAG: [1,1]<stdout>:( 3, 3, 4, 1 )
// CHECK-DAG: [1,2]<stdout>:( 3, 3, 5, 1 )
// CHECK-DAG: [1,3]<stdout>:( 12, 3, 3, 1 )
// CHECK-DAG: [1,4]<stdout>:( 12, 3, 4, 1 )
// CHECK-DAG: [1,5]<stdout>:( 12, 3, 5, 1 )
// Gathered in group order i1 * 2 + i0: ranks 0, 3, 1, 4, 2, 5.
// CHECK-DAG: [1,0]<stdout>:( 0, 1, 3, 1, 1, 1, 4, 1, 2, 1, 5, 1 )
// CHECK-DAG: [1,1]<stdout>:( 0, 1, 3, 1, 1, 1, 4, 1, 2, 1, 5, 1 )
// CHECK-DAG: [1,2]<stdout>:( 0, 1, 3, 1, 1, 1, 4, 1, 2, 1, 5, 1 )
// CHECK-DAG: [1,3]<stdout>:( 0, 1, 3, 1, 1, 1, 4, 1, 2, 1, 5, 1 )
// CHECK-DAG: [1,4]<stdout>:( 0, 1, 3, 1, 1, 1, 4, 1, 2, 1, 5, 1 )
// CHECK-DAG: [1,5]<stdout>:( 0, 1, 3, 1, 1, 1, 4, 1, 2, 1, 5, 1 )

// average of [r, 1] along axis 0 (columns): i1 + 1.5.
// CHECK-DAG: [1,0]<stdout>:( 1.5, 1 )
// CHECK-DAG: [1,4]<stdout>:( 2.5, 1 )
// CHECK-DAG: [1,5]<stdout>:( 3.5, 1 )
// reduce_scatter of [r, 2r, 3r, 1, 2, 3] along axis 1: block i1 of the row's
// sum ([3, 6, 9, 3, 6, 9] in grid row 0, [12, 24, 36, 3, 6, 9] in row 1).
// CHECK-DAG: [1,0]<stdout>:( 3, 6 )
// CHECK-DAG: [1,1]<stdout>:( 9, 3 )
// CHECK-DAG: [1,2]<stdout>:( 6, 9 )
// CHECK-DAG: [1,3]<stdout>:( 12, 24 )
// CHECK-DAG: [1,4]<stdout>:( 36, 3 )
// CHECK-DAG: [1,5]<stdout>:( 6, 9 )

// MISMATCH: spmd-grid-2x3.mlir:{{[0-9]+}}:1: error: shard grid @grid has shape 2x3 and needs exactly 6 ranks, but the program runs on another number (needed vs ranks): 6 vs 4
// MISMATCH-NOT: needs exactly

shard.grid @grid(shape = 2x3)

func.func @main() {
  %i:2 = shard.process_multi_index on @grid : index, index
  %r = shard.process_linear_index on @grid : index
  %d, %u = shard.neighbors_linear_indices on @grid[%i#0, %i#1] split_axes = [1] : index, index
  %i0 = arith.index_cast %i#0 : index to i64
  %i1 = arith.index_cast %i#1 : index to i64
  %r64 = arith.index_cast %r : index to i64
  %d64 = arith.index_cast %d : index to i64
  %u64 = arith.index_cast %u : index to i64
  %ids = vector.from_elements %i0, %i1, %r64, %d64, %u64 : vector<5xi64>
  vector.print %ids : vector<5xi64>

  %one = arith.constant 1 : i64
  %x = tensor.from_elements %r64, %one : tensor<2xi64>
  %s1 = shard.all_reduce %x on @grid grid_axes = [1] : tensor<2xi64> -> tensor<2xi64>
  %m0 = shard.all_reduce %x on @grid grid_axes = [0] reduction = max : tensor<2xi64> -> tensor<2xi64>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = tensor.extract %s1[%c0] : tensor<2xi64>
  %b = tensor.extract %s1[%c1] : tensor<2xi64>
  %c = tensor.extract %m0[%c0] : tensor<2xi64>
  %e = tensor.extract %m0[%c1] : tensor<2xi64>
  %red = vector.from_elements %a, %b, %c, %e : vector<4xi64>
  vector.print %red : vector<4xi64>

  %g = shard.all_gather %x on @grid grid_axes = [1, 0] gather_axis = 0 : tensor<2xi64> -> tensor<12xi64>
  %pad = arith.constant 0 : i64
  %v = vector.transfer_read %g[%c0], %pad : tensor<12xi64>, vector<12xi64>
  vector.print %v : vector<12xi64>

  %rf = arith.sitofp %r64 : i64 to f64
  %onef = arith.constant 1.0 : f64
  %xf = tensor.from_elements %rf, %onef : tensor<2xf64>
  %avg = shard.all_reduce %xf on @grid grid_axes = [0] reduction = average : tensor<2xf64> -> tensor<2xf64>
  %padf = arith.constant 0.0 : f64
  %va = vector.transfer_read %avg[%c0], %padf : tensor<2xf64>, vector<2xf64>
  vector.print %va : vector<2xf64>

  %two = arith.constant 2 : i64
  %three = arith.constant 3 : i64
  %r2 = arith.muli %r64, %two : i64
  %r3 = arith.muli %r64, %three : i64
  %y = tensor.from_elements %r64, %r2, %r3, %one, %two, %three : tensor<6xi64>
  %rs = shard.reduce_scatter %y on @grid grid_axes = [1] scatter_axis = 0 : tensor<6xi64> -> tensor<2xi64>
  %vs = vector.transfer_read %rs[%c0], %pad : tensor<2xi64>, vector<2xi64>
  vector.print %vs : vector<2xi64>
  return
}
