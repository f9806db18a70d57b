// array: numpy-style array manipulation on distributed tensors.
//
//   a = arange(R*C)                  1-D, balanced blocks over the ranks
//   m = a.reshape(R, C)              copy_reshape to row blocks
//   t = m.T                          copy_permute (transpose)
//   sum, min, max of t               local reduction + allreduce
//   t.sum(axis=1), t.max(axis=0)     along a non-split / the split axis
//   mc = m in column blocks          dist.repartition (split = 1)
//   mc.sum(axis=0), m + mc           no communication / automatic repartition
//   v = from_local(parts)            irregular blocks made by the program
//
// The last part builds a distributed vector from parts of uneven size that
// each rank computes itself (rank r of P holds elements [n r^2/P^2,
// n (r+1)^2/P^2)), checks it against arange, and moves it to the balanced
// partition. Every array is printed once (gathered to rank 0), so the
// output is the same on any number of ranks:
//
//   m ( ( 0, 1, 2, 3, 4, 5 ), ( 6, 7, 8, 9, 10, 11 ), ... )
//
// Change the shape with %rows and %cols below:
//
//   distc samples/array.mlir -o array && mpirun -n 4 ./array
func.func @main() {
  // Problem size: the shape of the matrix.
  %rows = arith.constant 4 : index
  %cols = arith.constant 6 : index

  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %n = arith.muli %rows, %cols : index
  %me = dist.team_member
  %root = arith.cmpi eq, %me, %c0 : index

  %a = dist.arange %zero, %one (%n) : !dist.tensor<?xf64>
  %m = dist.reshape %a (%rows, %cols) : !dist.tensor<?xf64> -> !dist.tensor<?x?xf64>
  scf.if %root {
    vector.print str "m "
  }
  dist.print %m : !dist.tensor<?x?xf64>

  %t = dist.permute %m axes [1, 0] : !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64>
  scf.if %root {
    vector.print str "m.T "
  }
  dist.print %t : !dist.tensor<?x?xf64>

  %sum = dist.reduce sum %t : !dist.tensor<?x?xf64> -> f64
  %min = dist.reduce min %t : !dist.tensor<?x?xf64> -> f64
  %max = dist.reduce max %t : !dist.tensor<?x?xf64> -> f64
  scf.if %root {
    vector.print str "sum "
  }
  dist.print %sum : f64
  scf.if %root {
    vector.print str "min "
  }
  dist.print %min : f64
  scf.if %root {
    vector.print str "max "
  }
  dist.print %max : f64

  // Along the non-split axis (each rank reduces its rows) and along the
  // split axis (partial results combined with an allreduce).
  %tsum1 = dist.reduce sum %t axis 1 : !dist.tensor<?x?xf64> -> !dist.tensor<?xf64>
  scf.if %root {
    vector.print str "m.T.sum(axis=1) "
  }
  dist.print %tsum1 : !dist.tensor<?xf64>
  %tmax0 = dist.reduce max %t axis 0 : !dist.tensor<?x?xf64> -> !dist.tensor<?xf64>
  scf.if %root {
    vector.print str "m.T.max(axis=0) "
  }
  dist.print %tmax0 : !dist.tensor<?xf64>

  // Column blocks: summing along the rows is then local to every rank.
  %mc = dist.repartition %m : !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64, split = 1>
  %csum = dist.reduce sum %mc axis 0 : !dist.tensor<?x?xf64, split = 1> -> !dist.tensor<?xf64>
  scf.if %root {
    vector.print str "m.sum(axis=0) "
  }
  dist.print %csum : !dist.tensor<?xf64>
  // Operands in different partitions: mc is moved back to row blocks.
  %twice = dist.add %m, %mc : !dist.tensor<?x?xf64>, !dist.tensor<?x?xf64, split = 1> -> !dist.tensor<?x?xf64>
  scf.if %root {
    vector.print str "m + m "
  }
  dist.print %twice : !dist.tensor<?x?xf64>

  // Irregular parts: rank r of P holds [n r^2 / P^2, n (r+1)^2 / P^2).
  %P = dist.team_size
  %P2 = arith.muli %P, %P : index
  %r1 = arith.addi %me, %c1 : index
  %rr = arith.muli %me, %me : index
  %r1r1 = arith.muli %r1, %r1 : index
  %lo_n = arith.muli %n, %rr : index
  %lo = arith.divui %lo_n, %P2 : index
  %hi_n = arith.muli %n, %r1r1 : index
  %hi = arith.divui %hi_n, %P2 : index
  %len = arith.subi %hi, %lo : index
  %part = tensor.generate %len {
  ^bb0(%i: index):
    %g = arith.addi %lo, %i : index
    %gi = arith.index_cast %g : index to i64
    %gf = arith.sitofp %gi : i64 to f64
    tensor.yield %gf : f64
  } : tensor<?xf64>
  %v = dist.from_local %part offset %lo : tensor<?xf64> -> !dist.tensor<?xf64, irregular>
  %vb = dist.repartition %v : !dist.tensor<?xf64, irregular> -> !dist.tensor<?xf64>
  %d = dist.elementwise %vb, %a
      : !dist.tensor<?xf64>, !dist.tensor<?xf64> -> !dist.tensor<?xf64> {
  ^bb0(%x: f64, %y: f64):
    %e = arith.subf %x, %y : f64
    %ae = math.absf %e : f64
    dist.yield %ae : f64
  }
  %derr = dist.reduce max %d : !dist.tensor<?xf64> -> f64
  scf.if %root {
    vector.print str "from_local "
  }
  dist.print %v : !dist.tensor<?xf64, irregular>
  scf.if %root {
    vector.print str "max |from_local - arange| "
  }
  dist.print %derr : f64
  return
}
