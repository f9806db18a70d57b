// all_to_all with split_axis == concat_axis: member i receives block i of
// every member's input, in member order. Inputs X_j[k][c] = 100 * j + 10 * k + c
// (4 rows, 2 columns on each of 4 processes; blocks of one row), along
// dimension 0 on a 1-D grid of 4, and along dimension 1 over one axis of
// a 2x2 grid (blocks of one column).
// REQUIRES: compiler, idtr-runtime
// RUN: %distc %s -o %t
// RUN: %mpirun -n 4 --tag-output %t | FileCheck %s --match-full-lines
// RUN: %distc -O2 %s -o %t.O2
// RUN: %mpirun -n 4 --tag-output %t.O2 | FileCheck %s --match-full-lines

// CHECK-DAG: [1,0]<stdout>:( ( 0, 1 ), ( 100, 101 ), ( 200, 201 ), ( 300, 301 ) )
// CHECK-DAG: [1,1]<stdout>:( ( 10, 11 ), ( 110, 111 ), ( 210, 211 ), ( 310, 311 ) )
// CHECK-DAG: [1,2]<stdout>:( ( 20, 21 ), ( 120, 121 ), ( 220, 221 ), ( 320, 321 ) )
// CHECK-DAG: [1,3]<stdout>:( ( 30, 31 ), ( 130, 131 ), ( 230, 231 ), ( 330, 331 ) )
// Along axis 1 of the 2x2 grid: members (r, 0) and (r, 1) exchange columns.
// CHECK-DAG: [1,0]<stdout>:cols ( ( 0, 100 ), ( 10, 110 ), ( 20, 120 ), ( 30, 130 ) )
// CHECK-DAG: [1,1]<stdout>:cols ( ( 1, 101 ), ( 11, 111 ), ( 21, 121 ), ( 31, 131 ) )
// CHECK-DAG: [1,2]<stdout>:cols ( ( 200, 300 ), ( 210, 310 ), ( 220, 320 ), ( 230, 330 ) )
// CHECK-DAG: [1,3]<stdout>:cols ( ( 201, 301 ), ( 211, 311 ), ( 221, 321 ), ( 231, 331 ) )

shard.grid @line(shape = 4)
shard.grid @square(shape = 2x2)

func.func @main() {
  %p = shard.process_linear_index on @line : index
  %pp = arith.index_cast %p : index to i64
  %x = tensor.generate {
  ^bb0(%k: index, %c: index):
    %kk = arith.index_cast %k : index to i64
    %cc = arith.index_cast %c : index to i64
    %c100 = arith.constant 100 : i64
    %c10 = arith.constant 10 : i64
    %a = arith.muli %pp, %c100 : i64
    %b = arith.muli %kk, %c10 : i64
    %s = arith.addi %a, %b : i64
    %t = arith.addi %s, %cc : i64
    tensor.yield %t : i64
  } : tensor<4x2xi64>
  %r = shard.all_to_all %x on @line grid_axes = [0] split_axis = 0 concat_axis = 0 : tensor<4x2xi64> -> tensor<4x2xi64>
  %c0 = arith.constant 0 : index
  %pad = arith.constant -1 : i64
  %v = vector.transfer_read %r[%c0, %c0], %pad : tensor<4x2xi64>, vector<4x2xi64>
  vector.print %v : vector<4x2xi64>
  %q = shard.all_to_all %x on @square grid_axes = [1] split_axis = 1 concat_axis = 1 : tensor<4x2xi64> -> tensor<4x2xi64>
  %w = vector.transfer_read %q[%c0, %c0], %pad : tensor<4x2xi64>, vector<4x2xi64>
  vector.print str "cols "
  vector.print %w : vector<4x2xi64>
  return
}
