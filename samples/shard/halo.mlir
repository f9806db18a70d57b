// SPMD level, written by hand: each of the 4 processes of a 1-D grid owns 3
// rows of a 12x2 array with one halo row on each side (5 local rows);
// shard.update_halo fills the halos from the neighbours, a 3-point stencil
// runs on the owned rows, and shard.all_gather collects the result.
// Run with mpirun -n 4; the global array is 12x2 with row r, column c
// holding 10 r + c, and the result row r is the sum of rows r-1, r, r+1
// (with -1 outside the array).
shard.grid @grid0(shape = 4)

func.func @main() {
  %me = shard.process_linear_index on @grid0 : index
  %n = shard.grid_shape @grid0 : index
  %down, %up = shard.neighbors_linear_indices on @grid0[%me] split_axes = [0] : index, index
  // Owned rows hold their global row number * 10 + column; halo rows -1.
  %local = tensor.generate {
  ^bb0(%i: index, %j: index):
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c10 = arith.constant 10 : index
    %lo = arith.cmpi uge, %i, %c1 : index
    %hi = arith.cmpi ult, %i, %c4 : index
    %own = arith.andi %lo, %hi : i1
    %base = arith.muli %me, %c3 : index
    %r0 = arith.addi %base, %i : index
    %row = arith.subi %r0, %c1 : index
    %t = arith.muli %row, %c10 : index
    %v = arith.addi %t, %j : index
    %vi = arith.index_cast %v : index to i64
    %m1 = arith.constant -1 : i64
    %x = arith.select %own, %vi, %m1 : i64
    tensor.yield %x : i64
  } : tensor<5x2xi64>
  %h = shard.update_halo %local on @grid0 split_axes = [[0]] halo_sizes = [1, 1] : tensor<5x2xi64>
  // Sum of the row above, the row itself and the row below.
  %e = tensor.empty() : tensor<3x2xi64>
  %above = tensor.extract_slice %h[0, 0] [3, 2] [1, 1] : tensor<5x2xi64> to tensor<3x2xi64>
  %mid = tensor.extract_slice %h[1, 0] [3, 2] [1, 1] : tensor<5x2xi64> to tensor<3x2xi64>
  %below = tensor.extract_slice %h[2, 0] [3, 2] [1, 1] : tensor<5x2xi64> to tensor<3x2xi64>
  %s0 = linalg.add ins(%above, %mid : tensor<3x2xi64>, tensor<3x2xi64>) outs(%e : tensor<3x2xi64>) -> tensor<3x2xi64>
  %s = linalg.add ins(%s0, %below : tensor<3x2xi64>, tensor<3x2xi64>) outs(%e : tensor<3x2xi64>) -> tensor<3x2xi64>
  %all = shard.all_gather %s on @grid0 grid_axes = [0] gather_axis = 0 : tensor<3x2xi64> -> tensor<12x2xi64>
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0 : i64
  %v = vector.transfer_read %all[%c0, %c0], %pad : tensor<12x2xi64>, vector<12x2xi64>
  vector.print %v : vector<12x2xi64>
  // This process's neighbours (-1: none) and the grid size.
  %di = arith.index_cast %down : index to i64
  %ui = arith.index_cast %up : index to i64
  %ni = arith.index_cast %n : index to i64
  %q = vector.from_elements %di, %ui, %ni : vector<3xi64>
  vector.print %q : vector<3xi64>
  return
}
