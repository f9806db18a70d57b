// Hand-written SPMD code on a 2x2 grid with uneven blocks of a 5x7 matrix:
// split [[0], [1]] (rows 2, 3 along grid axis 0, columns 3, 4 along grid
// axis 1, the shard dialect's balanced partition), an all_to_all along grid
// axis 1 (columns joined, the block's rows split again: 1 + 1 and 1 + 2),
// then all_gather back along both axes. Blocks have dynamic types, as
// upstream's verifier asks for uneven ones.
// REQUIRES: compiler, idtr-runtime
// RUN: %distc %s -o %t
// RUN: %mpirun -n 4 --tag-output %t | FileCheck %s --match-full-lines

// Grid index, block sizes after the slices.
// CHECK-DAG: [1,0]<stdout>:( 0, 0, 2, 3 )
// CHECK-DAG: [1,1]<stdout>:( 0, 1, 2, 4 )
// CHECK-DAG: [1,2]<stdout>:( 1, 0, 3, 3 )
// CHECK-DAG: [1,3]<stdout>:( 1, 1, 3, 4 )
// After the all_to_all.
// CHECK-DAG: [1,0]<stdout>:( 0, 0, 1, 7 )
// CHECK-DAG: [1,1]<stdout>:( 0, 1, 1, 7 )
// CHECK-DAG: [1,2]<stdout>:( 1, 0, 1, 7 )
// CHECK-DAG: [1,3]<stdout>:( 1, 1, 2, 7 )
// Gathered: 10 * i + j + 1000 * (the linear index of the block's owner).
// CHECK-DAG: [1,0]<stdout>:( ( 0, 1, 2, 1003, 1004, 1005, 1006 ), ( 10, 11, 12, 1013, 1014, 1015, 1016 ), ( 2020, 2021, 2022, 3023, 3024, 3025, 3026 ), ( 2030, 2031, 2032, 3033, 3034, 3035, 3036 ), ( 2040, 2041, 2042, 3043, 3044, 3045, 3046 ) )
// CHECK-DAG: [1,1]<stdout>:( ( 0, 1, 2, 1003, 1004, 1005, 1006 ), ( 10, 11, 12, 1013, 1014, 1015, 1016 ), ( 2020, 2021, 2022, 3023, 3024, 3025, 3026 ), ( 2030, 2031, 2032, 3033, 3034, 3035, 3036 ), ( 2040, 2041, 2042, 3043, 3044, 3045, 3046 ) )
// CHECK-DAG: [1,2]<stdout>:( ( 0, 1, 2, 1003, 1004, 1005, 1006 ), ( 10, 11, 12, 1013, 1014, 1015, 1016 ), ( 2020, 2021, 2022, 3023, 3024, 3025, 3026 ), ( 2030, 2031, 2032, 3033, 3034, 3035, 3036 ), ( 2040, 2041, 2042, 3043, 3044, 3045, 3046 ) )
// CHECK-DAG: [1,3]<stdout>:( ( 0, 1, 2, 1003, 1004, 1005, 1006 ), ( 10, 11, 12, 1013, 1014, 1015, 1016 ), ( 2020, 2021, 2022, 3023, 3024, 3025, 3026 ), ( 2030, 2031, 2032, 3033, 3034, 3035, 3036 ), ( 2040, 2041, 2042, 3043, 3044, 3045, 3046 ) )

shard.grid @g(shape = 2x2)

func.func @main() {
  %a = tensor.generate {
  ^bb0(%i: index, %j: index):
    %ii = arith.index_cast %i : index to i64
    %jj = arith.index_cast %j : index to i64
    %c10 = arith.constant 10 : i64
    %k = arith.muli %ii, %c10 : i64
    %r = arith.addi %k, %jj : i64
    tensor.yield %r : i64
  } : tensor<5x7xi64>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ad = tensor.cast %a : tensor<5x7xi64> to tensor<?x?xi64>
  %i:2 = shard.process_multi_index on @g : index, index
  %lin = shard.process_linear_index on @g : index
  // Blocks of [[0], [1]]: rows 2, 3 along grid axis 0, columns 3, 4 along axis 1.
  %rows = shard.all_slice %ad on @g grid_axes = [0] slice_axis = 0 : tensor<?x?xi64> -> tensor<?x?xi64>
  %l = shard.all_slice %rows on @g grid_axes = [1] slice_axis = 1 : tensor<?x?xi64> -> tensor<?x?xi64>
  %n0 = tensor.dim %l, %c0 : tensor<?x?xi64>
  %n1 = tensor.dim %l, %c1 : tensor<?x?xi64>
  %ids = vector.from_elements %i#0, %i#1, %n0, %n1 : vector<4xindex>
  vector.print %ids : vector<4xindex>
  %rr = arith.index_cast %lin : index to i64
  %c1000 = arith.constant 1000 : i64
  %off = arith.muli %rr, %c1000 : i64
  %e = tensor.empty(%n0, %n1) : tensor<?x?xi64>
  %l2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%l : tensor<?x?xi64>) outs(%e : tensor<?x?xi64>) {
    ^bb0(%x: i64, %o: i64):
      %y = arith.addi %x, %off : i64
      linalg.yield %y : i64
  } -> tensor<?x?xi64>
  // Along grid axis 1: columns joined, the block's rows split (all_to_all).
  %t = shard.all_to_all %l2 on @g grid_axes = [1] split_axis = 0 concat_axis = 1 : tensor<?x?xi64> -> tensor<?x?xi64>
  %m0 = tensor.dim %t, %c0 : tensor<?x?xi64>
  %m1 = tensor.dim %t, %c1 : tensor<?x?xi64>
  %tids = vector.from_elements %i#0, %i#1, %m0, %m1 : vector<4xindex>
  vector.print %tids : vector<4xindex>
  %g1 = shard.all_gather %t on @g grid_axes = [1] gather_axis = 0 : tensor<?x?xi64> -> tensor<?x?xi64>
  %g0 = shard.all_gather %g1 on @g grid_axes = [0] gather_axis = 0 : tensor<?x?xi64> -> tensor<?x?xi64>
  %gs = tensor.cast %g0 : tensor<?x?xi64> to tensor<5x7xi64>
  %pad = arith.constant 0 : i64
  %v = vector.transfer_read %gs[%c0, %c0], %pad : tensor<5x7xi64>, vector<5x7xi64>
  vector.print %v : vector<5x7xi64>
  return
}
