// reshape: a 1-D array of 12 elements, split in blocks over the ranks, is
// reshaped into a 3x4 array split by rows.
//
// Global input a = [0, 1, ..., 11]; rank r of P holds a[r*12/P, (r+1)*12/P).
// Output reshape(a, 3x4): rank r receives rows [r*3/P, (r+1)*3/P) (some
// ranks receive none when P > 3). Each rank prints how many rows it got and
// then every row with its global index:
//   rank 1: 1 rows
//   rank 1 row 1: ( 4, 5, 6, 7 )
//
//   distc samples/reshape.mlir -o reshape && mpirun -n 2 ./reshape
func.func @main() {
  %P = distruntime.team_size {team = 1 : i64}
  %r = distruntime.team_member {team = 1 : i64}
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c12 = arith.constant 12 : index

  // This rank's block of the input: [lo, hi) of 12.
  %r1 = arith.addi %r, %c1 : index
  %lo_n = arith.muli %r, %c12 : index
  %lo = arith.divui %lo_n, %P : index
  %hi_n = arith.muli %r1, %c12 : index
  %hi = arith.divui %hi_n, %P : index
  %len = arith.subi %hi, %lo : index
  %local = tensor.generate %len {
  ^bb0(%i: index):
    %g = arith.addi %lo, %i : index
    %v = arith.index_cast %g : index to i64
    tensor.yield %v : i64
  } : tensor<?xi64>

  // This rank's rows of the output: [rlo, rhi) of 3.
  %rlo_n = arith.muli %r, %c3 : index
  %rlo = arith.divui %rlo_n, %P : index
  %rhi_n = arith.muli %r1, %c3 : index
  %rhi = arith.divui %rhi_n, %P : index
  %rows = arith.subi %rhi, %rlo : index

  %h, %out = distruntime.copy_reshape %local
    g_shape %c12 l_offs %lo
    to n_g_shape %c3, %c4 n_offs %rlo, %c0 n_shape %rows, %c4
    {team = 1 : i64}
    : (tensor<?xi64>, index, index, index, index, index, index, index, index)
    -> (!distruntime.asynchandle, tensor<?x4xi64>)
  distruntime.wait %h : !distruntime.asynchandle

  vector.print str "rank "
  vector.print %r : index punctuation <no_punctuation>
  vector.print str ": "
  vector.print %rows : index punctuation <no_punctuation>
  vector.print str " rows\n"
  %pad = arith.constant 0 : i64
  scf.for %i = %c0 to %rows step %c1 {
    %g = arith.addi %rlo, %i : index
    %row = vector.transfer_read %out[%i, %c0], %pad
      : tensor<?x4xi64>, vector<4xi64>
    vector.print str "rank "
    vector.print %r : index punctuation <no_punctuation>
    vector.print str " row "
    vector.print %g : index punctuation <no_punctuation>
    vector.print str ": "
    vector.print %row : vector<4xi64>
  }
  return
}
