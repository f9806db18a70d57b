// permute: a 4x6 array split by rows over the ranks is transposed into a
// 6x4 array split by rows.
//
// Global input a[i][j] = 10*i + j; rank r of P holds rows [r*4/P, (r+1)*4/P).
// Output transpose(a) (axes [1, 0]): rank r receives rows [r*6/P, (r+1)*6/P),
// row g being ( g, 10+g, 20+g, 30+g ). Each rank prints how many rows it got
// and every row with its global index:
//   rank 0: 3 rows
//   rank 0 row 2: ( 2, 12, 22, 32 )
//
//   distc samples/permute.mlir -o permute && mpirun -n 3 ./permute
func.func @main() {
  %P = distruntime.team_size {team = 1 : i64}
  %r = distruntime.team_member {team = 1 : i64}
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c6 = arith.constant 6 : index
  %c10 = arith.constant 10 : index

  // This rank's rows of the input: [lo, hi) of 4.
  %r1 = arith.addi %r, %c1 : index
  %lo_n = arith.muli %r, %c4 : index
  %lo = arith.divui %lo_n, %P : index
  %hi_n = arith.muli %r1, %c4 : index
  %hi = arith.divui %hi_n, %P : index
  %len = arith.subi %hi, %lo : index
  %local = tensor.generate %len {
  ^bb0(%i: index, %j: index):
    %gi = arith.addi %lo, %i : index
    %t = arith.muli %gi, %c10 : index
    %g = arith.addi %t, %j : index
    %v = arith.index_cast %g : index to i64
    tensor.yield %v : i64
  } : tensor<?x6xi64>

  // This rank's rows of the output: [nlo, nhi) of 6.
  %nlo_n = arith.muli %r, %c6 : index
  %nlo = arith.divui %nlo_n, %P : index
  %nhi_n = arith.muli %r1, %c6 : index
  %nhi = arith.divui %nhi_n, %P : index
  %rows = arith.subi %nhi, %nlo : index

  %h, %out = distruntime.copy_permute %local
    g_shape %c4, %c6 l_offs %lo, %c0
    to n_offs %nlo, %c0 n_shape %rows, %c4 axes [1, 0]
    {team = 1 : i64}
    : (tensor<?x6xi64>, index, index, index, index, index, index, index, index)
    -> (!distruntime.asynchandle, tensor<?x4xi64>)
  distruntime.wait %h : !distruntime.asynchandle

  vector.print str "rank "
  vector.print %r : index punctuation <no_punctuation>
  vector.print str ": "
  vector.print %rows : index punctuation <no_punctuation>
  vector.print str " rows\n"
  %pad = arith.constant 0 : i64
  scf.for %i = %c0 to %rows step %c1 {
    %g = arith.addi %nlo, %i : index
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
