// update_halo along other dimensions than 0 and along two dimensions:
// A[i][j] = 10 * i + j. On a 1-D grid of 4, a 3x8 array split by columns
// (2 each) with one halo column on each side; on a 2x2 grid, a 4x4 array
// in 2x2 blocks with one halo row and column on each side (the corners
// come from the diagonal neighbour). Elements outside the array keep -1.
// REQUIRES: compiler, idtr-runtime
// RUN: %distc %s -o %t
// RUN: %mpirun -n 4 --tag-output %t | FileCheck %s --match-full-lines
// RUN: %distc -O2 %s -o %t.O2
// RUN: %mpirun -n 4 --tag-output %t.O2 | FileCheck %s --match-full-lines

// CHECK-DAG: [1,0]<stdout>:( ( -1, 0, 1, 2 ), ( -1, 10, 11, 12 ), ( -1, 20, 21, 22 ) )
// CHECK-DAG: [1,1]<stdout>:( ( 1, 2, 3, 4 ), ( 11, 12, 13, 14 ), ( 21, 22, 23, 24 ) )
// CHECK-DAG: [1,2]<stdout>:( ( 3, 4, 5, 6 ), ( 13, 14, 15, 16 ), ( 23, 24, 25, 26 ) )
// CHECK-DAG: [1,3]<stdout>:( ( 5, 6, 7, -1 ), ( 15, 16, 17, -1 ), ( 25, 26, 27, -1 ) )
// CHECK-DAG: [1,0]<stdout>:( ( -1, -1, -1, -1 ), ( -1, 0, 1, 2 ), ( -1, 10, 11, 12 ), ( -1, 20, 21, 22 ) )
// CHECK-DAG: [1,1]<stdout>:( ( -1, -1, -1, -1 ), ( 1, 2, 3, -1 ), ( 11, 12, 13, -1 ), ( 21, 22, 23, -1 ) )
// CHECK-DAG: [1,2]<stdout>:( ( -1, 10, 11, 12 ), ( -1, 20, 21, 22 ), ( -1, 30, 31, 32 ), ( -1, -1, -1, -1 ) )
// CHECK-DAG: [1,3]<stdout>:( ( 11, 12, 13, -1 ), ( 21, 22, 23, -1 ), ( 31, 32, 33, -1 ), ( -1, -1, -1, -1 ) )

shard.grid @line(shape = 4)
shard.grid @square(shape = 2x2)

func.func @main() {
  %minus = arith.constant -1 : i64
  %a = tensor.generate {
  ^bb0(%i: index, %j: index):
    %ii = arith.index_cast %i : index to i64
    %jj = arith.index_cast %j : index to i64
    %c10 = arith.constant 10 : i64
    %k = arith.muli %ii, %c10 : i64
    %l = arith.addi %k, %jj : i64
    tensor.yield %l : i64
  } : tensor<4x8xi64>

  // Columns: 3x2 owned, 3x4 with halos.
  %rows3 = tensor.extract_slice %a[0, 0] [3, 8] [1, 1] : tensor<4x8xi64> to tensor<3x8xi64>
  %cols = shard.all_slice %rows3 on @line grid_axes = [0] slice_axis = 1 : tensor<3x8xi64> -> tensor<3x2xi64>
  %e = tensor.empty() : tensor<3x4xi64>
  %f = linalg.fill ins(%minus : i64) outs(%e : tensor<3x4xi64>) -> tensor<3x4xi64>
  %d = tensor.insert_slice %cols into %f[0, 1] [3, 2] [1, 1] : tensor<3x2xi64> into tensor<3x4xi64>
  %h = shard.update_halo %d on @line split_axes = [[], [0]] halo_sizes = [1, 1] : tensor<3x4xi64>
  %c0 = arith.constant 0 : index
  %v = vector.transfer_read %h[%c0, %c0], %minus : tensor<3x4xi64>, vector<3x4xi64>
  vector.print %v : vector<3x4xi64>

  // Blocks: 2x2 owned, 4x4 with halos.
  %sq = tensor.extract_slice %a[0, 0] [4, 4] [1, 1] : tensor<4x8xi64> to tensor<4x4xi64>
  %b0 = shard.all_slice %sq on @square grid_axes = [0] slice_axis = 0 : tensor<4x4xi64> -> tensor<2x4xi64>
  %b = shard.all_slice %b0 on @square grid_axes = [1] slice_axis = 1 : tensor<2x4xi64> -> tensor<2x2xi64>
  %e2 = tensor.empty() : tensor<4x4xi64>
  %f2 = linalg.fill ins(%minus : i64) outs(%e2 : tensor<4x4xi64>) -> tensor<4x4xi64>
  %d2 = tensor.insert_slice %b into %f2[1, 1] [2, 2] [1, 1] : tensor<2x2xi64> into tensor<4x4xi64>
  %h2 = shard.update_halo %d2 on @square split_axes = [[0], [1]] halo_sizes = [1, 1, 1, 1] : tensor<4x4xi64>
  %w = vector.transfer_read %h2[%c0, %c0], %minus : tensor<4x4xi64>, vector<4x4xi64>
  vector.print %w : vector<4x4xi64>
  return
}
