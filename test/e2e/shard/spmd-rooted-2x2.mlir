// Rooted collectives at the SPMD level on a 2x2 grid (rank r = grid index
// (r / 2, r mod 2)): broadcast over one axis and over both, gather, reduce,
// and scatter (even static blocks, and 7 elements over 4 processes in
// balanced dynamic blocks 1, 2, 2, 2). Broadcast and scatter are
// redistributions from the root's box; gather sends the array to the root
// only; reduce sends the result to the root only (the others keep their
// input).
// REQUIRES: compiler, idtr-runtime
// RUN: %distc %s -o %t
// RUN: %mpirun -n 4 --tag-output %t | FileCheck %s --match-full-lines

// broadcast along axis 1 from index 1 there.
// CHECK-DAG: [1,0]<stdout>:( 1, 11, 21 )
// CHECK-DAG: [1,1]<stdout>:( 1, 11, 21 )
// CHECK-DAG: [1,2]<stdout>:( 3, 13, 23 )
// CHECK-DAG: [1,3]<stdout>:( 3, 13, 23 )
// broadcast from (1, 0).
// CHECK-DAG: [1,0]<stdout>:( 2, 12, 22 )
// CHECK-DAG: [1,1]<stdout>:( 2, 12, 22 )
// CHECK-DAG: [1,2]<stdout>:( 2, 12, 22 )
// CHECK-DAG: [1,3]<stdout>:( 2, 12, 22 )
// gather along axis 0.
// CHECK-DAG: [1,0]<stdout>:( 0, 10, 20, 2, 12, 22 )
// CHECK-DAG: [1,1]<stdout>:( 1, 11, 21, 3, 13, 23 )
// (only the roots, ranks 0 and 1, receive it; the others print what an
// uninitialized tensor holds)
// reduce max to rank 3 only; the others keep their input.
// CHECK-DAG: [1,0]<stdout>:( 0, 10, 20 )
// CHECK-DAG: [1,1]<stdout>:( 1, 11, 21 )
// CHECK-DAG: [1,2]<stdout>:( 2, 12, 22 )
// CHECK-DAG: [1,3]<stdout>:( 3, 13, 23 )
// scatter along axis 1 from index 0 there.
// CHECK-DAG: [1,0]<stdout>:( 0, 1, 2, 3, 4 )
// CHECK-DAG: [1,1]<stdout>:( 5, 6, 7, 8, 9 )
// CHECK-DAG: [1,2]<stdout>:( 200, 201, 202, 203, 204 )
// CHECK-DAG: [1,3]<stdout>:( 205, 206, 207, 208, 209 )
// scatter of 7 from (0, 1): block size and first element.
// CHECK-DAG: [1,0]<stdout>:( 1, 100 )
// CHECK-DAG: [1,1]<stdout>:( 2, 101 )
// CHECK-DAG: [1,2]<stdout>:( 2, 103 )
// CHECK-DAG: [1,3]<stdout>:( 2, 105 )

shard.grid @g(shape = 2x2)

func.func @main() {
  %c0 = arith.constant 0 : index
  %i:2 = shard.process_multi_index on @g : index, index
  %lin = shard.process_linear_index on @g : index
  %r = arith.index_cast %lin : index to i64
  // [r, r + 10, r + 20] on every process.
  %x = tensor.generate {
  ^bb0(%k: index):
    %kk = arith.index_cast %k : index to i64
    %c10 = arith.constant 10 : i64
    %t = arith.muli %kk, %c10 : i64
    %v = arith.addi %t, %r : i64
    tensor.yield %v : i64
  } : tensor<3xi64>
  %pad = arith.constant 0 : i64
  // Broadcast along grid axis 1 from the member with index 1 there.
  %b = shard.broadcast %x on @g grid_axes = [1] root = [1] : (tensor<3xi64>) -> tensor<3xi64>
  %vb = vector.transfer_read %b[%c0], %pad : tensor<3xi64>, vector<3xi64>
  vector.print %vb : vector<3xi64>
  // Broadcast over the whole grid from grid index (1, 0): rank 2.
  %bw = shard.broadcast %x on @g grid_axes = [0, 1] root = [1, 0] : (tensor<3xi64>) -> tensor<3xi64>
  %vbw = vector.transfer_read %bw[%c0], %pad : tensor<3xi64>, vector<3xi64>
  vector.print %vbw : vector<3xi64>
  // Gather along grid axis 0 to root 0: grid row 0 receives it.
  %ga = shard.gather %x on @g grid_axes = [0] gather_axis = 0 root = [0] : (tensor<3xi64>) -> tensor<6xi64>
  %vg = vector.transfer_read %ga[%c0], %pad : tensor<6xi64>, vector<6xi64>
  vector.print %vg : vector<6xi64>
  // Reduce (max) over the grid to the root (1, 1).
  %rd = shard.reduce %x on @g grid_axes = [0, 1] reduction = max root = [1, 1] : (tensor<3xi64>) -> tensor<3xi64>
  %vr = vector.transfer_read %rd[%c0], %pad : tensor<3xi64>, vector<3xi64>
  vector.print %vr : vector<3xi64>
  // Scatter of 10 elements from the root along grid axis 1: balanced 5, 5;
  // and of 7 over the whole grid: 1, 2, 2, 2 (dynamic blocks).
  %s = tensor.generate {
  ^bb0(%k: index):
    %kk = arith.index_cast %k : index to i64
    %c100 = arith.constant 100 : i64
    %t = arith.muli %r, %c100 : i64
    %v = arith.addi %t, %kk : i64
    tensor.yield %v : i64
  } : tensor<10xi64>
  %sc = shard.scatter %s on @g grid_axes = [1] scatter_axis = 0 root = [0] : (tensor<10xi64>) -> tensor<5xi64>
  %vs = vector.transfer_read %sc[%c0], %pad : tensor<5xi64>, vector<5xi64>
  vector.print %vs : vector<5xi64>
  %s7 = tensor.extract_slice %s[0] [7] [1] : tensor<10xi64> to tensor<7xi64>
  %s7d = tensor.cast %s7 : tensor<7xi64> to tensor<?xi64>
  %sd = shard.scatter %s7d on @g grid_axes = [0, 1] scatter_axis = 0 root = [0, 1] : (tensor<?xi64>) -> tensor<?xi64>
  %n = tensor.dim %sd, %c0 : tensor<?xi64>
  %first = tensor.extract %sd[%c0] : tensor<?xi64>
  %nn = arith.index_cast %n : index to i64
  %vsd = vector.from_elements %nn, %first : vector<2xi64>
  vector.print %vsd : vector<2xi64>
  return
}
