// matvec: y = A x with A (M x N) in row blocks.
//
//   A[i,j] = i - j,  x[j] = j   =>   y[i] = i * S1 - S2,
//   S1 = sum_j j = N(N-1)/2,  S2 = sum_j j^2 = (N-1)N(2N-1)/6
//
// Every rank needs all of x to multiply its rows, so x is gathered
// (`dist.gather`, a `distruntime.copy_reshape` to the whole array on every
// rank). The product is ordinary linalg code on this rank's block of A
// (`dist.local`): `linalg.matvec`. Its result is this rank's block of y;
// `dist.with_local` makes it a distributed vector again, laid out like a
// 1-D dist tensor of length M, whose balanced partition has the same rows
// as A's. The multiplication is a function that takes and returns
// distributed tensors.
//
// The program compares y with the closed form (sum of absolute errors,
// expect 0) and prints the sum and the 2-norm of y:
//
//   errors 0
//   sum 2.35712e+07
//   norm 6.8425e+06             (M = 200, N = 128)
//
// Scale it with %m and %n below:
//
//   distc samples/matvec.mlir -o matvec && mpirun -n 4 ./matvec

// y = A x for A in row blocks (split 0) and x of any partition.
func.func @matvec(%a: !dist.tensor<?x?xf64>, %x: !dist.tensor<?xf64>)
    -> !dist.tensor<?xf64> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f64
  %m = dist.global_dim %a, 0 : !dist.tensor<?x?xf64>
  // The layout of y: M elements, balanced, like A's rows.
  %like = dist.full %zero (%m) : !dist.tensor<?xf64>
  %xall = dist.gather %x : !dist.tensor<?xf64> -> tensor<?xf64>
  %ablock = dist.local %a : !dist.tensor<?x?xf64> -> tensor<?x?xf64>
  %rows = tensor.dim %ablock, %c0 : tensor<?x?xf64>
  %empty = tensor.empty(%rows) : tensor<?xf64>
  %init = linalg.fill ins(%zero : f64) outs(%empty : tensor<?xf64>) -> tensor<?xf64>
  %yblock = linalg.matvec ins(%ablock, %xall : tensor<?x?xf64>, tensor<?xf64>)
                          outs(%init : tensor<?xf64>) -> tensor<?xf64>
  %y = dist.with_local %like, %yblock : !dist.tensor<?xf64>, tensor<?xf64> -> !dist.tensor<?xf64>
  return %y : !dist.tensor<?xf64>
}

func.func @main() {
  // Problem size: A is M x N.
  %m = arith.constant 200 : index
  %n = arith.constant 128 : index

  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %a = dist.generate (%m, %n) : !dist.tensor<?x?xf64> {
  ^bb0(%i: index, %j: index):
    %d = arith.subi %i, %j : index
    %v = arith.index_cast %d : index to i64
    %f = arith.sitofp %v : i64 to f64
    dist.yield %f : f64
  }
  %x = dist.arange %zero, %one (%n) : !dist.tensor<?xf64>

  %y = func.call @matvec(%a, %x) : (!dist.tensor<?x?xf64>, !dist.tensor<?xf64>) -> !dist.tensor<?xf64>

  // Closed form: y[i] = i * S1 - S2.
  %n_i = arith.index_cast %n : index to i64
  %nf = arith.sitofp %n_i : i64 to f64
  %two = arith.constant 2.0 : f64
  %six = arith.constant 6.0 : f64
  %nm1 = arith.subf %nf, %one : f64
  %nnm1 = arith.mulf %nf, %nm1 : f64
  %s1 = arith.divf %nnm1, %two : f64
  %n2 = arith.mulf %nf, %two : f64
  %n2m1 = arith.subf %n2, %one : f64
  %p = arith.mulf %nnm1, %n2m1 : f64
  %s2 = arith.divf %p, %six : f64
  %expected = dist.generate (%m) : !dist.tensor<?xf64> {
  ^bb0(%i: index):
    %iv = arith.index_cast %i : index to i64
    %if = arith.sitofp %iv : i64 to f64
    %t = arith.mulf %if, %s1 : f64
    %e = arith.subf %t, %s2 : f64
    dist.yield %e : f64
  }
  %absdiff = dist.elementwise %y, %expected
      : !dist.tensor<?xf64>, !dist.tensor<?xf64> -> !dist.tensor<?xf64> {
  ^bb0(%u: f64, %v: f64):
    %d = arith.subf %u, %v : f64
    %ad = math.absf %d : f64
    dist.yield %ad : f64
  }
  %errors = dist.reduce sum %absdiff : !dist.tensor<?xf64> -> f64
  %sum = dist.reduce sum %y : !dist.tensor<?xf64> -> f64
  %y2 = dist.mul %y, %y : !dist.tensor<?xf64>
  %sumsq = dist.reduce sum %y2 : !dist.tensor<?xf64> -> f64
  %norm = math.sqrt %sumsq : f64

  %me = dist.team_member
  %root = arith.cmpi eq, %me, %c0 : index
  scf.if %root {
    vector.print str "errors "
  }
  dist.print %errors : f64
  scf.if %root {
    vector.print str "sum "
  }
  dist.print %sum : f64
  scf.if %root {
    vector.print str "norm "
  }
  dist.print %norm : f64
  return
}
