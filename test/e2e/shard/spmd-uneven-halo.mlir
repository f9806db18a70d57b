// update_halo on an uneven partition: 10 rows on 4 processes own 2, 2, 3, 3
// rows (dynamic shard types), with one halo row on each side. The global
// size is the sum of the owned rows, each shard starts at its balanced
// offset; the outer halos of the first and last shard keep their -1.
// REQUIRES: compiler, idtr-runtime
// RUN: %distc %s -o %t
// RUN: %mpirun -n 4 --tag-output %t | FileCheck %s --match-full-lines

// Halo, owned rows, halo (-7: past the shard's end).
// CHECK-DAG: [1,0]<stdout>:( -1, 0, 10, 20, -7 )
// CHECK-DAG: [1,1]<stdout>:( 10, 20, 30, 40, -7 )
// CHECK-DAG: [1,2]<stdout>:( 30, 40, 50, 60, 70 )
// CHECK-DAG: [1,3]<stdout>:( 60, 70, 80, 90, -1 )

shard.grid @g(shape = 4)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a = tensor.generate {
  ^bb0(%i: index):
    %ii = arith.index_cast %i : index to i64
    %c10 = arith.constant 10 : i64
    %k = arith.muli %ii, %c10 : i64
    tensor.yield %k : i64
  } : tensor<10xi64>
  %ad = tensor.cast %a : tensor<10xi64> to tensor<?xi64>
  // The owned rows (2, 2, 3, 3), with one halo row on each side.
  %own = shard.all_slice %ad on @g grid_axes = [0] slice_axis = 0 : tensor<?xi64> -> tensor<?xi64>
  %n = tensor.dim %own, %c0 : tensor<?xi64>
  %m = arith.addi %n, %c2 : index
  %minus = arith.constant -1 : i64
  %e = tensor.empty(%m) : tensor<?xi64>
  %f = linalg.fill ins(%minus : i64) outs(%e : tensor<?xi64>) -> tensor<?xi64>
  %d = tensor.insert_slice %own into %f[1] [%n] [1] : tensor<?xi64> into tensor<?xi64>
  %h = shard.update_halo %d on @g split_axes = [[0]] halo_sizes = [1, 1] : tensor<?xi64>
  %pad = arith.constant -7 : i64
  %v = vector.transfer_read %h[%c0], %pad : tensor<?xi64>, vector<5xi64>
  vector.print %v : vector<5xi64>
  return
}
