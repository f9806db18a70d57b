// dist.matmul's double-buffered panel loop (MatmulLowering.cpp,
// pipelinedPanels) with more than two panels, on 1 to 6 ranks: the panels
// have one width w = ceil(K / max(4, ceil(K / 1024))) and the last one is
// shifted back to end at the extent, so only its tail is new. Checked
// element by element against the closed form of
//   A[i,k] = i + k,  B[k,j] = k - j:  C[i,j] = (i - j) S1 - K i j + S2,
//   S1 = K (K - 1) / 2,  S2 = (K - 1) K (2K - 1) / 6
// (integers below 2^53: exact in any order of summation). Three
// algorithms: A in row blocks (B fetched in column panels, N = 9: panels of
// 3 columns, the last new in 0), B and C in column blocks (A fetched in row
// panels, M = 13: 4 panels of 4 rows, the last shifted to [9, 13) with one
// new row), and SUMMA on a run-time grid (panels of K = 13: 4 of 4; with
// --k 1030, 4 of 258, the last shifted to [772, 1030); with --k 4097, 5
// of 820, the last at [3277, 4097); --k 0 is one empty panel). None of the
// sizes divides by the panel count or the rank counts.
// REQUIRES: compiler, idtr-runtime
// RUN: %distc %s -o %t
// RUN: %mpirun -n 1 %t | FileCheck %s --match-full-lines
// RUN: %mpirun -n 2 %t | FileCheck %s --match-full-lines
// RUN: %mpirun -n 3 %t | FileCheck %s --match-full-lines
// RUN: %mpirun -n 4 %t | FileCheck %s --match-full-lines
// RUN: %mpirun -n 5 %t | FileCheck %s --match-full-lines
// RUN: %mpirun -n 6 %t | FileCheck %s --match-full-lines
// RUN: %mpirun -n 3 %t --k 1030 | FileCheck %s --match-full-lines
// RUN: %mpirun -n 4 %t --k 1030 --m 5 | FileCheck %s --match-full-lines
// RUN: %mpirun -n 6 %t --k 1030 --n 17 | FileCheck %s --match-full-lines
// RUN: %mpirun -n 4 %t --k 4097 --m 3 --n 2 | FileCheck %s --match-full-lines
// RUN: %mpirun -n 3 %t --k 0 | FileCheck %s --match-full-lines
// RUN: %distc -O0 %s -o %t0
// RUN: %mpirun -n 3 %t0 | FileCheck %s --match-full-lines

// CHECK: rows 0
// CHECK-NEXT: columns 0
// CHECK-NEXT: summa 0
!R = !dist.tensor<?x?xf64>
!C = !dist.tensor<?x?xf64, split = 1>
!G = !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>
func.func @main() {
  %m = dist.param "m" default 13 : index
  %k = dist.param "k" default 13 : index
  %n = dist.param "n" default 9 : index
  %a = dist.generate (%m, %k) : !R {
  ^bb0(%i: index, %l: index):
    %s = arith.addi %i, %l : index
    %v = arith.index_cast %s : index to i64
    %f = arith.sitofp %v : i64 to f64
    dist.yield %f : f64
  }
  %b = dist.generate (%k, %n) : !R {
  ^bb0(%l: index, %j: index):
    %s = arith.subi %l, %j : index
    %v = arith.index_cast %s : index to i64
    %f = arith.sitofp %v : i64 to f64
    dist.yield %f : f64
  }
  %rows = dist.matmul %a, %b : !R, !R -> !R
  %bc = dist.repartition %b : !R -> !C
  %cc = dist.matmul %a, %bc : !R, !C -> !C
  %columns = dist.repartition %cc : !C -> !R
  %cg = dist.matmul %a, %b : !R, !R -> !G
  %summa = dist.repartition %cg : !G -> !R

  %e0 = func.call @errors(%rows, %k) : (!R, index) -> f64
  %e1 = func.call @errors(%columns, %k) : (!R, index) -> f64
  %e2 = func.call @errors(%summa, %k) : (!R, index) -> f64
  %c0 = arith.constant 0 : index
  %me = dist.team_member
  %root = arith.cmpi eq, %me, %c0 : index
  scf.if %root {
    vector.print str "rows "
  }
  dist.print %e0 : f64
  scf.if %root {
    vector.print str "columns "
  }
  dist.print %e1 : f64
  scf.if %root {
    vector.print str "summa "
  }
  dist.print %e2 : f64
  return
}

// The sum of |C - closed form| over all elements.
func.func private @errors(%c: !R, %k: index) -> f64 {
  %one = arith.constant 1.0 : f64
  %two = arith.constant 2.0 : f64
  %six = arith.constant 6.0 : f64
  %k64 = arith.index_cast %k : index to i64
  %kf = arith.sitofp %k64 : i64 to f64
  %km1 = arith.subf %kf, %one : f64
  %kkm1 = arith.mulf %kf, %km1 : f64
  %s1 = arith.divf %kkm1, %two : f64
  %k2m1 = arith.addf %km1, %kf : f64
  %p = arith.mulf %kkm1, %k2m1 : f64
  %s2 = arith.divf %p, %six : f64
  %absdiff = dist.elementwise %c : !R -> !R {
  ^bb0(%x: f64):
    %i = dist.index 0 : index
    %j = dist.index 1 : index
    %iv = arith.index_cast %i : index to i64
    %jv = arith.index_cast %j : index to i64
    %fi = arith.sitofp %iv : i64 to f64
    %fj = arith.sitofp %jv : i64 to f64
    %d = arith.subf %fi, %fj : f64
    %t = arith.mulf %d, %s1 : f64
    %ij = arith.mulf %fi, %fj : f64
    %kij = arith.mulf %kf, %ij : f64
    %u = arith.subf %t, %kij : f64
    %e = arith.addf %u, %s2 : f64
    %r = arith.subf %x, %e : f64
    %ad = math.absf %r : f64
    dist.yield %ad : f64
  }
  %errors = dist.reduce sum %absdiff : !R -> f64
  return %errors : f64
}
