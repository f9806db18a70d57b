// Hand-written SPMD code on uneven partitions: 10 elements on 4 processes
// and 7 on 3, as the shard dialect partitions them (size / n each, one more
// on the last size % n shards). Upstream's verifier asks for equal static
// blocks, so uneven blocks have dynamic types: all_slice and reduce_scatter
// keep the balanced block, all_gather of dynamic blocks sums their sizes
// (one small reduction) and places each block at its balanced offset.
// REQUIRES: compiler, idtr-runtime
// RUN: %distc %s -o %t
// RUN: %mpirun -n 4 --tag-output %t | FileCheck %s --check-prefix=P4 --match-full-lines
// RUN: sed -e "s/shape = 4/shape = 3/; s/<10x/<7x/g; s/\[10\]/[7]/g" %s > %t.7.mlir
// RUN: %distc %t.7.mlir -o %t.7
// RUN: %mpirun -n 3 --tag-output %t.7 | FileCheck %s --check-prefix=P3 --match-full-lines

// Rank, block size, shard_shape: 2, 2, 3, 3 of 10; 2, 2, 3 of 7.
// P4-DAG: [1,0]<stdout>:( 0, 2, 2 )
// P4-DAG: [1,1]<stdout>:( 1, 2, 2 )
// P4-DAG: [1,2]<stdout>:( 2, 3, 3 )
// P4-DAG: [1,3]<stdout>:( 3, 3, 3 )
// P3-DAG: [1,0]<stdout>:( 0, 2, 2 )
// P3-DAG: [1,1]<stdout>:( 1, 2, 2 )
// P3-DAG: [1,2]<stdout>:( 2, 3, 3 )
// Gathered: i * i mod 11 + 100 * (the rank that held element i).
// P4-DAG: [1,0]<stdout>:( 0, 1, 104, 109, 205, 203, 203, 305, 309, 304 )
// P4-DAG: [1,1]<stdout>:( 0, 1, 104, 109, 205, 203, 203, 305, 309, 304 )
// P4-DAG: [1,2]<stdout>:( 0, 1, 104, 109, 205, 203, 203, 305, 309, 304 )
// P4-DAG: [1,3]<stdout>:( 0, 1, 104, 109, 205, 203, 203, 305, 309, 304 )
// P3-DAG: [1,0]<stdout>:( 0, 1, 104, 109, 205, 203, 203 )
// P3-DAG: [1,1]<stdout>:( 0, 1, 104, 109, 205, 203, 203 )
// P3-DAG: [1,2]<stdout>:( 0, 1, 104, 109, 205, 203, 203 )
// reduce_scatter (sum over the grid) then all_gather: P * (i * i mod 11).
// P4-DAG: [1,0]<stdout>:( 0, 4, 16, 36, 20, 12, 12, 20, 36, 16 )
// P4-DAG: [1,1]<stdout>:( 0, 4, 16, 36, 20, 12, 12, 20, 36, 16 )
// P4-DAG: [1,2]<stdout>:( 0, 4, 16, 36, 20, 12, 12, 20, 36, 16 )
// P4-DAG: [1,3]<stdout>:( 0, 4, 16, 36, 20, 12, 12, 20, 36, 16 )
// P3-DAG: [1,0]<stdout>:( 0, 3, 12, 27, 15, 9, 9 )
// P3-DAG: [1,1]<stdout>:( 0, 3, 12, 27, 15, 9, 9 )
// P3-DAG: [1,2]<stdout>:( 0, 3, 12, 27, 15, 9, 9 )

shard.grid @g(shape = 4)

func.func @main() {
  %a = tensor.generate {
  ^bb0(%i: index):
    %ii = arith.index_cast %i : index to i64
    %k = arith.muli %ii, %ii : i64
    %c11 = arith.constant 11 : i64
    %r = arith.remsi %k, %c11 : i64
    tensor.yield %r : i64
  } : tensor<10xi64>
  %c0 = arith.constant 0 : index
  // Upstream's verifier asks for equal static blocks: uneven ones are
  // dynamic, the global operand too.
  %ad = tensor.cast %a : tensor<10xi64> to tensor<?xi64>
  %r = shard.process_linear_index on @g : index
  %l = shard.all_slice %ad on @g grid_axes = [0] slice_axis = 0 : tensor<?xi64> -> tensor<?xi64>
  %n = tensor.dim %l, %c0 : tensor<?xi64>
  %sz = shard.sharding @g split_axes = [[0]] : !shard.sharding
  %m = shard.shard_shape dims = [10] sharding = %sz device = [%r] : index
  %ids = vector.from_elements %r, %n, %m : vector<3xindex>
  vector.print %ids : vector<3xindex>
  %rr = arith.index_cast %r : index to i64
  %c100 = arith.constant 100 : i64
  %off = arith.muli %rr, %c100 : i64
  %e = tensor.empty(%n) : tensor<?xi64>
  %l2 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%l : tensor<?xi64>) outs(%e : tensor<?xi64>) {
    ^bb0(%x: i64, %o: i64):
      %y = arith.addi %x, %off : i64
      linalg.yield %y : i64
  } -> tensor<?xi64>
  // The gathered size is dynamic too: the sum of the blocks.
  %gd = shard.all_gather %l2 on @g grid_axes = [0] gather_axis = 0 : tensor<?xi64> -> tensor<?xi64>
  %gs = tensor.cast %gd : tensor<?xi64> to tensor<10xi64>
  %pad = arith.constant 0 : i64
  %vd = vector.transfer_read %gs[%c0], %pad : tensor<10xi64>, vector<10xi64>
  vector.print %vd : vector<10xi64>
  // Sum over the grid, then each keeps its balanced block.
  %rs = shard.reduce_scatter %ad on @g grid_axes = [0] reduction = sum scatter_axis = 0 : tensor<?xi64> -> tensor<?xi64>
  %grd = shard.all_gather %rs on @g grid_axes = [0] gather_axis = 0 : tensor<?xi64> -> tensor<?xi64>
  %gr = tensor.cast %grd : tensor<?xi64> to tensor<10xi64>
  %vr = vector.transfer_read %gr[%c0], %pad : tensor<10xi64>, vector<10xi64>
  vector.print %vr : vector<10xi64>
  return
}
