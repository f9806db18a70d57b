// End-to-end: dist.scan and matrix-vector products on static process grids
// on 6 ranks, against numpy (Inputs/grid_check.py, table "static"):
//   v.sum0, vn.max1  scans of 7x10 f64 on grid = [2, 3] (vn has NaNs)
//   f.prod1          cumprod along axis 1 on grid = [2, ?]
//   a.sum0           cumsum of 23 i64 on a grid of one axis, grid = [6]
//   m23              A (7x10) on grid = [2, 3] times a 1-D x
//   m23v             A (13x5) on grid = [2, 3], split = [1, 0], x and y on
//                    grid = [6]
//   rows6            A (7x10) in row blocks, x and y on grid = [6]
// with the closed forms of scan.mlir and matvec.mlir. On 4 ranks the static
// grid stops the program with a located error.
// REQUIRES: compiler, idtr-runtime, numpy
// RUN: %distc %s -o %t
// RUN: %mpirun -n 6 %t > %t.6 && %numpy-python %S/Inputs/grid_check.py static %t.6 | FileCheck %s
// RUN: not %mpirun -n 4 %t 2>&1 | FileCheck %s --check-prefix=ERR --implicit-check-not="Stack dump"

// CHECK: all {{[0-9]+}} values agree with numpy
// ERR: static-scan-matvec.mlir:{{[0-9]+}}:{{[0-9]+}}: error: the {{.*}}process grid {{.*}}: {{[0-9]+}} vs 4

!G = !dist.tensor<7x10xf64, grid = [2, 3], split = [0, 1]>
!F = !dist.tensor<7x10xf64, grid = [2, ?], split = [0, 1]>
!V = !dist.tensor<23xi64, grid = [6], split = [0]>
!A = !dist.tensor<7x10xf64, grid = [2, 3], split = [0, 1]>
!AT = !dist.tensor<13x5xf64, grid = [2, 3], split = [1, 0]>
!R = !dist.tensor<7x10xf64>
!X6 = !dist.tensor<5xf64, grid = [6], split = [0]>
!Y6 = !dist.tensor<13xf64, grid = [6], split = [0]>
!X10 = !dist.tensor<10xf64, grid = [6], split = [0]>
!Y7 = !dist.tensor<7xf64, grid = [6], split = [0]>

func.func @main() {
  %c0 = arith.constant 0 : index
  %me = dist.team_member
  %root = arith.cmpi eq, %me, %c0 : index
  %nan = arith.constant 0x7FF8000000000000 : f64

  // v[i, j] = (7 i + 3 j + 5) % 11 - 5; vn: NaN where (10 i + j) % 13 == 6
  %v = dist.generate : !G {
  ^bb0(%i: index, %j: index):
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %c7 = arith.constant 7 : index
    %c11 = arith.constant 11 : index
    %a = arith.muli %i, %c7 : index
    %b = arith.muli %j, %c3 : index
    %s = arith.addi %a, %b : index
    %t = arith.addi %s, %c5 : index
    %m = arith.remui %t, %c11 : index
    %x = arith.index_cast %m : index to i64
    %f = arith.sitofp %x : i64 to f64
    %five = arith.constant 5.0 : f64
    %y = arith.subf %f, %five : f64
    dist.yield %y : f64
  }
  %vn = dist.elementwise %v : !G -> !G {
  ^bb0(%x: f64):
    %i = dist.index 0 : index
    %j = dist.index 1 : index
    %c6 = arith.constant 6 : index
    %c10 = arith.constant 10 : index
    %c13 = arith.constant 13 : index
    %a = arith.muli %i, %c10 : index
    %s = arith.addi %a, %j : index
    %m = arith.remui %s, %c13 : index
    %is = arith.cmpi eq, %m, %c6 : index
    %y = arith.select %is, %nan, %x : f64
    dist.yield %y : f64
  }
  %vs0 = dist.scan sum %v axis 0 : !G
  scf.if %root { vector.print str "v.sum0 " }
  dist.print %vs0 : !G
  %vnx1 = dist.scan max %vn axis 1 : !G
  scf.if %root { vector.print str "vn.max1 " }
  dist.print %vnx1 : !G

  // f[i, j] = [1, 2, -1, 0.5][(5 i + j) % 4]
  %f = dist.generate : !F {
  ^bb0(%i: index, %j: index):
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %a = arith.muli %i, %c5 : index
    %s = arith.addi %a, %j : index
    %m = arith.remui %s, %c4 : index
    %one = arith.constant 1.0 : f64
    %two = arith.constant 2.0 : f64
    %neg = arith.constant -1.0 : f64
    %half = arith.constant 0.5 : f64
    %is1 = arith.cmpi eq, %m, %c1 : index
    %is2 = arith.cmpi eq, %m, %c2 : index
    %is0 = arith.cmpi ult, %m, %c1 : index
    %x0 = arith.select %is1, %two, %half : f64
    %x1 = arith.select %is2, %neg, %x0 : f64
    %x2 = arith.select %is0, %one, %x1 : f64
    dist.yield %x2 : f64
  }
  %fp1 = dist.scan prod %f axis 1 : !F
  scf.if %root { vector.print str "f.prod1 " }
  dist.print %fp1 : !F

  // a[i] = (7 i + 5) % 23 % 10
  %av = dist.generate : !V {
  ^bb0(%i: index):
    %c5 = arith.constant 5 : index
    %c7 = arith.constant 7 : index
    %c10 = arith.constant 10 : index
    %c23 = arith.constant 23 : index
    %p = arith.muli %i, %c7 : index
    %q = arith.addi %p, %c5 : index
    %r = arith.remui %q, %c23 : index
    %s = arith.remui %r, %c10 : index
    %x = arith.index_cast %s : index to i64
    dist.yield %x : i64
  }
  %as = dist.scan sum %av axis 0 : !V
  scf.if %root { vector.print str "a.sum0 " }
  dist.print %as : !V

  // A[i, j] = (3 i + 5 j) % 7 - 3, x[j] = (2 j + 1) % 5 - 2
  %a1 = dist.generate : !A {
  ^bb0(%i: index, %j: index):
    %ea3 = arith.constant 3 : index
    %ea5 = arith.constant 5 : index
    %ea7 = arith.constant 7 : index
    %eai = arith.muli %i, %ea3 : index
    %eaj = arith.muli %j, %ea5 : index
    %eas = arith.addi %eai, %eaj : index
    %ear = arith.remui %eas, %ea7 : index
    %eax = arith.index_cast %ear : index to i64
    %eaf = arith.sitofp %eax : i64 to f64
    %ea3f = arith.constant 3.0 : f64
    %e = arith.subf %eaf, %ea3f : f64
    dist.yield %e : f64
  }
  %x1 = dist.generate : !dist.tensor<10xf64> {
  ^bb0(%j: index):
    %ex1 = arith.constant 1 : index
    %ex2 = arith.constant 2 : index
    %ex5 = arith.constant 5 : index
    %exa = arith.muli %j, %ex2 : index
    %exs = arith.addi %exa, %ex1 : index
    %exr = arith.remui %exs, %ex5 : index
    %exx = arith.index_cast %exr : index to i64
    %exf = arith.sitofp %exx : i64 to f64
    %ex2f = arith.constant 2.0 : f64
    %e = arith.subf %exf, %ex2f : f64
    dist.yield %e : f64
  }
  %y1 = dist.matmul %a1, %x1 : !A, !dist.tensor<10xf64> -> !dist.tensor<7xf64>
  scf.if %root { vector.print str "m23 " }
  dist.print %y1 : !dist.tensor<7xf64>

  %a2 = dist.generate : !AT {
  ^bb0(%i: index, %j: index):
    %ea3 = arith.constant 3 : index
    %ea5 = arith.constant 5 : index
    %ea7 = arith.constant 7 : index
    %eai = arith.muli %i, %ea3 : index
    %eaj = arith.muli %j, %ea5 : index
    %eas = arith.addi %eai, %eaj : index
    %ear = arith.remui %eas, %ea7 : index
    %eax = arith.index_cast %ear : index to i64
    %eaf = arith.sitofp %eax : i64 to f64
    %ea3f = arith.constant 3.0 : f64
    %e = arith.subf %eaf, %ea3f : f64
    dist.yield %e : f64
  }
  %x2 = dist.generate : !X6 {
  ^bb0(%j: index):
    %ex1 = arith.constant 1 : index
    %ex2 = arith.constant 2 : index
    %ex5 = arith.constant 5 : index
    %exa = arith.muli %j, %ex2 : index
    %exs = arith.addi %exa, %ex1 : index
    %exr = arith.remui %exs, %ex5 : index
    %exx = arith.index_cast %exr : index to i64
    %exf = arith.sitofp %exx : i64 to f64
    %ex2f = arith.constant 2.0 : f64
    %e = arith.subf %exf, %ex2f : f64
    dist.yield %e : f64
  }
  %y2 = dist.matmul %a2, %x2 : !AT, !X6 -> !Y6
  scf.if %root { vector.print str "m23v " }
  dist.print %y2 : !Y6

  %a3 = dist.generate : !R {
  ^bb0(%i: index, %j: index):
    %ea3 = arith.constant 3 : index
    %ea5 = arith.constant 5 : index
    %ea7 = arith.constant 7 : index
    %eai = arith.muli %i, %ea3 : index
    %eaj = arith.muli %j, %ea5 : index
    %eas = arith.addi %eai, %eaj : index
    %ear = arith.remui %eas, %ea7 : index
    %eax = arith.index_cast %ear : index to i64
    %eaf = arith.sitofp %eax : i64 to f64
    %ea3f = arith.constant 3.0 : f64
    %e = arith.subf %eaf, %ea3f : f64
    dist.yield %e : f64
  }
  %x3 = dist.generate : !X10 {
  ^bb0(%j: index):
    %ex1 = arith.constant 1 : index
    %ex2 = arith.constant 2 : index
    %ex5 = arith.constant 5 : index
    %exa = arith.muli %j, %ex2 : index
    %exs = arith.addi %exa, %ex1 : index
    %exr = arith.remui %exs, %ex5 : index
    %exx = arith.index_cast %exr : index to i64
    %exf = arith.sitofp %exx : i64 to f64
    %ex2f = arith.constant 2.0 : f64
    %e = arith.subf %exf, %ex2f : f64
    dist.yield %e : f64
  }
  %y3 = dist.matmul %a3, %x3 : !R, !X10 -> !Y7
  scf.if %root { vector.print str "rows6 " }
  dist.print %y3 : !Y7
  return
}

func.func @aij(%i: index, %j: index) -> f64 {
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %a = arith.muli %i, %c3 : index
  %b = arith.muli %j, %c5 : index
  %s = arith.addi %a, %b : index
  %r = arith.remui %s, %c7 : index
  %x = arith.index_cast %r : index to i64
  %f = arith.sitofp %x : i64 to f64
  %three = arith.constant 3.0 : f64
  %y = arith.subf %f, %three : f64
  return %y : f64
}

func.func @xj(%j: index) -> f64 {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c5 = arith.constant 5 : index
  %a = arith.muli %j, %c2 : index
  %s = arith.addi %a, %c1 : index
  %r = arith.remui %s, %c5 : index
  %x = arith.index_cast %r : index to i64
  %f = arith.sitofp %x : i64 to f64
  %two = arith.constant 2.0 : f64
  %y = arith.subf %f, %two : f64
  return %y : f64
}
