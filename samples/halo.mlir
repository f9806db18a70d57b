// halo: an 8x3 array split by rows over the ranks; every rank fetches the
// row just before and just after its own block (where they exist), as a
// 3-point stencil along dimension 0 would.
//
// Global a[i][j] = 10*i + j; rank r of P owns rows [lo, hi) =
// [r*8/P, (r+1)*8/P) and needs the box of rows [max(lo-1, 0), min(hi+1, 8)).
// update_halo returns the rows of that box before lo (left halo) and after
// hi (right halo). Each rank prints the size of both halos and their rows:
//   rank 1: left 1 right 0
//   rank 1 left row 3: ( 30, 31, 32 )
//
//   distc samples/halo.mlir -o halo && mpirun -n 4 ./halo
func.func @main() {
  %P = distruntime.team_size {team = 1 : i64}
  %r = distruntime.team_member {team = 1 : i64}
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c8 = arith.constant 8 : index
  %c10 = arith.constant 10 : index

  // This rank's rows: [lo, hi) of 8.
  %r1 = arith.addi %r, %c1 : index
  %lo_n = arith.muli %r, %c8 : index
  %lo = arith.divui %lo_n, %P : index
  %hi_n = arith.muli %r1, %c8 : index
  %hi = arith.divui %hi_n, %P : index
  %len = arith.subi %hi, %lo : index
  %local = tensor.generate %len {
  ^bb0(%i: index, %j: index):
    %gi = arith.addi %lo, %i : index
    %t = arith.muli %gi, %c10 : index
    %g = arith.addi %t, %j : index
    %gv = arith.index_cast %g : index to i64
    %v = arith.sitofp %gv : i64 to f64
    tensor.yield %v : f64
  } : tensor<?x3xf64>

  // The box this rank reads: one row more on each side, inside [0, 8).
  %lo_m1 = arith.subi %lo, %c1 : index
  %has_left = arith.cmpi ugt, %lo, %c0 : index
  %bb_lo = arith.select %has_left, %lo_m1, %c0 : index
  %hi_p1 = arith.addi %hi, %c1 : index
  %bb_hi = arith.minui %hi_p1, %c8 : index
  %bb_rows = arith.subi %bb_hi, %bb_lo : index

  %h, %lh, %rh = distruntime.update_halo %local
    g_shape %c8, %c3 l_offs %lo, %c0 bb_offs %bb_lo, %c0 bb_sizes %bb_rows, %c3
    {team = 1 : i64}
    : (tensor<?x3xf64>, index, index, index, index, index, index, index, index)
    -> (!distruntime.asynchandle, tensor<?x?xf64>, tensor<?x?xf64>)
  distruntime.wait %h : !distruntime.asynchandle

  %left = tensor.cast %lh : tensor<?x?xf64> to tensor<?x3xf64>
  %right = tensor.cast %rh : tensor<?x?xf64> to tensor<?x3xf64>
  %nl = tensor.dim %left, %c0 : tensor<?x3xf64>
  %nr = tensor.dim %right, %c0 : tensor<?x3xf64>
  vector.print str "rank "
  vector.print %r : index punctuation <no_punctuation>
  vector.print str ": left "
  vector.print %nl : index punctuation <no_punctuation>
  vector.print str " right "
  vector.print %nr : index

  %pad = arith.constant 0.0 : f64
  scf.for %i = %c0 to %nl step %c1 {
    %g = arith.addi %bb_lo, %i : index
    %row = vector.transfer_read %left[%i, %c0], %pad
      : tensor<?x3xf64>, vector<3xf64>
    vector.print str "rank "
    vector.print %r : index punctuation <no_punctuation>
    vector.print str " left row "
    vector.print %g : index punctuation <no_punctuation>
    vector.print str ": "
    vector.print %row : vector<3xf64>
  }
  scf.for %i = %c0 to %nr step %c1 {
    %g = arith.addi %hi, %i : index
    %row = vector.transfer_read %right[%i, %c0], %pad
      : tensor<?x3xf64>, vector<3xf64>
    vector.print str "rank "
    vector.print %r : index punctuation <no_punctuation>
    vector.print str " right row "
    vector.print %g : index punctuation <no_punctuation>
    vector.print str ": "
    vector.print %row : vector<3xf64>
  }
  return
}
