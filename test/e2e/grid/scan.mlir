// End-to-end: dist.scan along dimensions split over a process grid (a scan
// across the sub-grid team of the ranks that hold one line of the array),
// against numpy (Inputs/grid_check.py builds the same arrays from the same
// closed forms and compares every printed element):
// - 7x10 f64 on grid = [?, ?], split = [0, 1]: sum, prod, min, max along
//   both axes, min/max/sum with NaNs (numpy.minimum.accumulate semantics:
//   a NaN makes every later element NaN);
// - 13x5 with run-time sizes on grid = [?, ?], split = [1, 0];
// - 5x4x7 i64 on a 3-axis grid [?, ?, ?] (all four kinds along each axis)
//   and i32 on grid = [?, ?], split = [2, 0] (dimension 1 not split);
// - f32 on grid = [1, ?] (a static extent), i16 min and sum; complex<f64>
//   sum and prod, f16 sum and max (NaNs), i8 min, i1 or/and (sum, min);
// - 2x3x2x3x2 i64 on a grid of 5 axes (no sub-grid team id: through rows);
// - 7x6 i64 in irregular grid blocks (dist.from_local, quadratic edges:
//   uneven, and empty blocks on 3 x 1 and 3 x 2).
// P = 1..6: grids 1x1, 2x1, 3x1, 2x2, 5x1, 3x2 (3-D: 2x1x1, ..., 3x2x1);
// no size divides evenly on most of them. Only rank 0 prints.
// REQUIRES: compiler, idtr-runtime, numpy
// RUN: %distc %s -o %t
// RUN: %mpirun -n 1 %t > %t.1 && %numpy-python %S/Inputs/grid_check.py scan %t.1 | FileCheck %s
// RUN: %mpirun -n 2 %t > %t.2 && %numpy-python %S/Inputs/grid_check.py scan %t.2 | FileCheck %s
// RUN: %mpirun -n 3 %t > %t.3 && %numpy-python %S/Inputs/grid_check.py scan %t.3 | FileCheck %s
// RUN: %mpirun -n 4 %t > %t.4 && %numpy-python %S/Inputs/grid_check.py scan %t.4 | FileCheck %s
// RUN: %mpirun -n 5 %t > %t.5 && %numpy-python %S/Inputs/grid_check.py scan %t.5 | FileCheck %s
// RUN: %mpirun -n 6 %t > %t.6 && %numpy-python %S/Inputs/grid_check.py scan %t.6 | FileCheck %s
// RUN: %distc -O0 %s -o %t.O0
// RUN: %mpirun -n 6 %t.O0 > %t.O0.6 && %numpy-python %S/Inputs/grid_check.py scan %t.O0.6 | FileCheck %s

// CHECK: all {{[0-9]+}} values agree with numpy

!G = !dist.tensor<7x10xf64, grid = [?, ?], split = [0, 1]>
!D = !dist.tensor<?x?xf64, grid = [?, ?], split = [1, 0]>
!T3 = !dist.tensor<5x4x7xi64, grid = [?, ?, ?], split = [0, 1, 2]>
!T2 = !dist.tensor<5x4x7xi32, grid = [?, ?], split = [2, 0]>
!S = !dist.tensor<7x10xf32, grid = [1, ?], split = [0, 1]>
!H = !dist.tensor<7x10xi16, grid = [?, ?], split = [0, 1]>
!I = !dist.tensor<7x6xi64, grid = [?, ?], split = [0, 1], irregular>
!C = !dist.tensor<7x10xcomplex<f64>, grid = [?, ?], split = [0, 1]>
!F16 = !dist.tensor<7x10xf16, grid = [?, ?], split = [1, 0]>
!B8 = !dist.tensor<7x10xi8, grid = [?, ?], split = [0, 1]>
!B1 = !dist.tensor<7x10xi1, grid = [?, ?], split = [0, 1]>
!T5 = !dist.tensor<2x3x2x3x2xi64, grid = [?, ?, ?, ?, ?], split = [4, 3, 2, 1, 0]>

func.func @main() {
  %c0 = arith.constant 0 : index
  %me = dist.team_member
  %root = arith.cmpi eq, %me, %c0 : index
  %nan = arith.constant 0x7FF8000000000000 : f64

  // v[i, j] = (7 i + 3 j + 5) % 11 - 5
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
  // vn: v with NaN where (10 i + j) % 13 == 6
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
  // f[i, j] = [1, 2, -1, 0.5][(5 i + j) % 4]
  %f = dist.generate : !G {
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

  %vs0 = dist.scan sum %v axis 0 : !G
  scf.if %root { vector.print str "v.sum0 " }
  dist.print %vs0 : !G
  %fp0 = dist.scan prod %f axis 0 : !G
  scf.if %root { vector.print str "f.prod0 " }
  dist.print %fp0 : !G
  %vnm0 = dist.scan min %vn axis 0 : !G
  scf.if %root { vector.print str "vn.min0 " }
  dist.print %vnm0 : !G
  %vnx0 = dist.scan max %vn axis 0 : !G
  scf.if %root { vector.print str "vn.max0 " }
  dist.print %vnx0 : !G
  %vns0 = dist.scan sum %vn axis 0 : !G
  scf.if %root { vector.print str "vn.sum0 " }
  dist.print %vns0 : !G
  %vs1 = dist.scan sum %v axis 1 : !G
  scf.if %root { vector.print str "v.sum1 " }
  dist.print %vs1 : !G
  %fp1 = dist.scan prod %f axis 1 : !G
  scf.if %root { vector.print str "f.prod1 " }
  dist.print %fp1 : !G
  %vnm1 = dist.scan min %vn axis 1 : !G
  scf.if %root { vector.print str "vn.min1 " }
  dist.print %vnm1 : !G
  %vnx1 = dist.scan max %vn axis 1 : !G
  scf.if %root { vector.print str "vn.max1 " }
  dist.print %vnx1 : !G
  %vns1 = dist.scan sum %vn axis 1 : !G
  scf.if %root { vector.print str "vn.sum1 " }
  dist.print %vns1 : !G

  // d[i, j] = (5 i + 2 j) % 9 - 4, 13 x 5 with run-time sizes.
  %r0 = dist.param "rows" default 13 : index
  %r1 = dist.param "cols" default 5 : index
  %d = dist.generate (%r0, %r1) : !D {
  ^bb0(%i: index, %j: index):
    %c2 = arith.constant 2 : index
    %c5 = arith.constant 5 : index
    %c9 = arith.constant 9 : index
    %a = arith.muli %i, %c5 : index
    %b = arith.muli %j, %c2 : index
    %s = arith.addi %a, %b : index
    %m = arith.remui %s, %c9 : index
    %x = arith.index_cast %m : index to i64
    %y = arith.sitofp %x : i64 to f64
    %four = arith.constant 4.0 : f64
    %z = arith.subf %y, %four : f64
    dist.yield %z : f64
  }
  %ds0 = dist.scan sum %d axis 0 : !D
  scf.if %root { vector.print str "d.sum0 " }
  dist.print %ds0 : !D
  %dx0 = dist.scan max %d axis 0 : !D
  scf.if %root { vector.print str "d.max0 " }
  dist.print %dx0 : !D
  %ds1 = dist.scan sum %d axis 1 : !D
  scf.if %root { vector.print str "d.sum1 " }
  dist.print %ds1 : !D
  %dx1 = dist.scan max %d axis 1 : !D
  scf.if %root { vector.print str "d.max1 " }
  dist.print %dx1 : !D

  // t[i, j, k] = (3 i + 5 j + 7 k) % 13 - 6; tf = [1, 2, -1, 1][(i + 2 j + 3 k) % 4]
  %t = dist.generate : !T3 {
  ^bb0(%i: index, %j: index, %k: index):
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %c7 = arith.constant 7 : index
    %c13 = arith.constant 13 : index
    %a = arith.muli %i, %c3 : index
    %b = arith.muli %j, %c5 : index
    %c = arith.muli %k, %c7 : index
    %s = arith.addi %a, %b : index
    %u = arith.addi %s, %c : index
    %m = arith.remui %u, %c13 : index
    %x = arith.index_cast %m : index to i64
    %six = arith.constant 6 : i64
    %y = arith.subi %x, %six : i64
    dist.yield %y : i64
  }
  %tf = dist.generate : !T3 {
  ^bb0(%i: index, %j: index, %k: index):
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %b = arith.muli %j, %c2 : index
    %c = arith.muli %k, %c3 : index
    %s = arith.addi %i, %b : index
    %u = arith.addi %s, %c : index
    %m = arith.remui %u, %c4 : index
    %one = arith.constant 1 : i64
    %two = arith.constant 2 : i64
    %neg = arith.constant -1 : i64
    %is1 = arith.cmpi eq, %m, %c1 : index
    %is2 = arith.cmpi eq, %m, %c2 : index
    %x0 = arith.select %is1, %two, %one : i64
    %x1 = arith.select %is2, %neg, %x0 : i64
    dist.yield %x1 : i64
  }
  %ts0 = dist.scan sum %t axis 0 : !T3
  scf.if %root { vector.print str "t3.sum0 " }
  dist.print %ts0 : !T3
  %tm0 = dist.scan min %t axis 0 : !T3
  scf.if %root { vector.print str "t3.min0 " }
  dist.print %tm0 : !T3
  %tx0 = dist.scan max %t axis 0 : !T3
  scf.if %root { vector.print str "t3.max0 " }
  dist.print %tx0 : !T3
  %tp0 = dist.scan prod %tf axis 0 : !T3
  scf.if %root { vector.print str "tf3.prod0 " }
  dist.print %tp0 : !T3
  %ts1 = dist.scan sum %t axis 1 : !T3
  scf.if %root { vector.print str "t3.sum1 " }
  dist.print %ts1 : !T3
  %tm1 = dist.scan min %t axis 1 : !T3
  scf.if %root { vector.print str "t3.min1 " }
  dist.print %tm1 : !T3
  %tx1 = dist.scan max %t axis 1 : !T3
  scf.if %root { vector.print str "t3.max1 " }
  dist.print %tx1 : !T3
  %tp1 = dist.scan prod %tf axis 1 : !T3
  scf.if %root { vector.print str "tf3.prod1 " }
  dist.print %tp1 : !T3
  %ts2 = dist.scan sum %t axis 2 : !T3
  scf.if %root { vector.print str "t3.sum2 " }
  dist.print %ts2 : !T3
  %tm2 = dist.scan min %t axis 2 : !T3
  scf.if %root { vector.print str "t3.min2 " }
  dist.print %tm2 : !T3
  %tx2 = dist.scan max %t axis 2 : !T3
  scf.if %root { vector.print str "t3.max2 " }
  dist.print %tx2 : !T3
  %tp2 = dist.scan prod %tf axis 2 : !T3
  scf.if %root { vector.print str "tf3.prod2 " }
  dist.print %tp2 : !T3

  %t32 = dist.elementwise %t : !T3 -> !T2 {
  ^bb0(%x: i64):
    %y = arith.trunci %x : i64 to i32
    dist.yield %y : i32
  }
  %u0 = dist.scan sum %t32 axis 0 : !T2
  scf.if %root { vector.print str "t2.sum0 " }
  dist.print %u0 : !T2
  %u1 = dist.scan sum %t32 axis 1 : !T2
  scf.if %root { vector.print str "t2.sum1 " }
  dist.print %u1 : !T2
  %u2 = dist.scan sum %t32 axis 2 : !T2
  scf.if %root { vector.print str "t2.sum2 " }
  dist.print %u2 : !T2

  %v32 = dist.elementwise %v : !G -> !S {
  ^bb0(%x: f64):
    %y = arith.truncf %x : f64 to f32
    dist.yield %y : f32
  }
  %v32s1 = dist.scan sum %v32 axis 1 : !S
  scf.if %root { vector.print str "v32.sum1 " }
  dist.print %v32s1 : !S
  %vn32 = dist.elementwise %vn : !G -> !S {
  ^bb0(%x: f64):
    %y = arith.truncf %x : f64 to f32
    dist.yield %y : f32
  }
  %vn32x1 = dist.scan max %vn32 axis 1 : !S
  scf.if %root { vector.print str "vn32.max1 " }
  dist.print %vn32x1 : !S
  %v16 = dist.elementwise %v : !G -> !H {
  ^bb0(%x: f64):
    %y = arith.fptosi %x : f64 to i16
    dist.yield %y : i16
  }
  %v16m0 = dist.scan min %v16 axis 0 : !H
  scf.if %root { vector.print str "v16.min0 " }
  dist.print %v16m0 : !H
  %v16s0 = dist.scan sum %v16 axis 0 : !H
  scf.if %root { vector.print str "v16.sum0 " }
  dist.print %v16s0 : !H

  // The other element types, converted to f64/i64 for printing.
  %cx = dist.elementwise %v, %f : !G, !G -> !C {
  ^bb0(%x: f64, %y: f64):
    %z = complex.create %x, %y : complex<f64>
    dist.yield %z : complex<f64>
  }
  %cxs0 = dist.scan sum %cx axis 0 : !C
  func.call @printComplex(%root, %cxs0) : (i1, !C) -> ()
  %cxp1 = dist.scan prod %cx axis 1 : !C
  func.call @printComplex(%root, %cxp1) : (i1, !C) -> ()
  %h = dist.elementwise %vn : !G -> !F16 {
  ^bb0(%x: f64):
    %y = arith.truncf %x : f64 to f16
    dist.yield %y : f16
  }
  %hs1 = dist.scan sum %h axis 1 : !F16
  %hs1w = dist.elementwise %hs1 : !F16 -> !G {
  ^bb0(%x: f16):
    %y = arith.extf %x : f16 to f64
    dist.yield %y : f64
  }
  scf.if %root { vector.print str "vn16.sum1 " }
  dist.print %hs1w : !G
  %hx0 = dist.scan max %h axis 0 : !F16
  %hx0w = dist.elementwise %hx0 : !F16 -> !G {
  ^bb0(%x: f16):
    %y = arith.extf %x : f16 to f64
    dist.yield %y : f64
  }
  scf.if %root { vector.print str "vn16.max0 " }
  dist.print %hx0w : !G
  %b8 = dist.elementwise %v : !G -> !B8 {
  ^bb0(%x: f64):
    %y = arith.fptosi %x : f64 to i8
    dist.yield %y : i8
  }
  %b8m1 = dist.scan min %b8 axis 1 : !B8
  scf.if %root { vector.print str "v8.min1 " }
  dist.print %b8m1 : !B8
  %flags = dist.elementwise %v : !G -> !B1 {
  ^bb0(%x: f64):
    %two = arith.constant 2.0 : f64
    %y = arith.cmpf ogt, %x, %two : f64
    dist.yield %y : i1
  }
  %any0 = dist.scan sum %flags axis 0 : !B1
  %any0w = dist.elementwise %any0 : !B1 -> !H {
  ^bb0(%x: i1):
    %y = arith.extui %x : i1 to i16
    dist.yield %y : i16
  }
  scf.if %root { vector.print str "b.or0 " }
  dist.print %any0w : !H
  %flags2 = dist.elementwise %v : !G -> !B1 {
  ^bb0(%x: f64):
    %m4 = arith.constant -4.0 : f64
    %y = arith.cmpf ogt, %x, %m4 : f64
    dist.yield %y : i1
  }
  %all1 = dist.scan min %flags2 axis 1 : !B1
  %all1w = dist.elementwise %all1 : !B1 -> !H {
  ^bb0(%x: i1):
    %y = arith.extui %x : i1 to i16
    dist.yield %y : i16
  }
  scf.if %root { vector.print str "b.and1 " }
  dist.print %all1w : !H

  // A grid of 5 axes has no sub-grid team id: the blocks go through rows.
  // t5[i, j, k, l, m] = (5 i + 7 j + 3 k + 11 l + 13 m) % 9 - 4
  %t5 = dist.generate : !T5 {
  ^bb0(%i: index, %j: index, %k: index, %l: index, %m: index):
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %c7 = arith.constant 7 : index
    %c9 = arith.constant 9 : index
    %c11 = arith.constant 11 : index
    %c13 = arith.constant 13 : index
    %q0 = arith.muli %i, %c5 : index
    %q1 = arith.muli %j, %c7 : index
    %q2 = arith.muli %k, %c3 : index
    %q3 = arith.muli %l, %c11 : index
    %q4 = arith.muli %m, %c13 : index
    %s1 = arith.addi %q0, %q1 : index
    %s2 = arith.addi %s1, %q2 : index
    %s3 = arith.addi %s2, %q3 : index
    %s4 = arith.addi %s3, %q4 : index
    %q5 = arith.remui %s4, %c9 : index
    %x = arith.index_cast %q5 : index to i64
    %four = arith.constant 4 : i64
    %y = arith.subi %x, %four : i64
    dist.yield %y : i64
  }
  %t5s1 = dist.scan sum %t5 axis 1 : !T5
  scf.if %root { vector.print str "t5.sum1 " }
  dist.print %t5s1 : !T5
  %t5x4 = dist.scan max %t5 axis 4 : !T5
  scf.if %root { vector.print str "t5.max4 " }
  dist.print %t5x4 : !T5

  %one = arith.constant 1 : i64
  %minus = arith.constant -1 : i64
  %g = func.call @irregular(%one) : (i64) -> !I
  %gn = func.call @irregular(%minus) : (i64) -> !I
  %gs0 = dist.scan sum %g axis 0 : !I
  scf.if %root { vector.print str "gi.sum0 " }
  dist.print %gs0 : !I
  %gx0 = dist.scan max %gn axis 0 : !I
  scf.if %root { vector.print str "gi.max0 " }
  dist.print %gx0 : !I
  %gs1 = dist.scan sum %g axis 1 : !I
  scf.if %root { vector.print str "gi.sum1 " }
  dist.print %gs1 : !I
  %gx1 = dist.scan max %gn axis 1 : !I
  scf.if %root { vector.print str "gi.max1 " }
  dist.print %gx1 : !I
  return
}

// sign * g in irregular grid blocks, g[i, j] = 7 (10 i + j + 1) % 23
// (7 x 6): each
// rank finds its grid coordinates c and extents E from a balanced P x P
// helper (its block is P/E0 x P/E1) and provides the block
// [7 c0^2 / E0^2, 7 (c0+1)^2 / E0^2) x [6 c1^2 / E1^2, 6 (c1+1)^2 / E1^2).
func.func @irregular(%sign: i64) -> !I {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %c7 = arith.constant 7 : index
  %zi = arith.constant 0 : i64
  %p = dist.team_size
  %h = dist.full %zi (%p, %p) : !dist.tensor<?x?xi64, grid = [?, ?], split = [0, 1]>
  %hl = dist.local %h : !dist.tensor<?x?xi64, grid = [?, ?], split = [0, 1]> -> tensor<?x?xi64>
  %b0 = tensor.dim %hl, %c0 : tensor<?x?xi64>
  %b1 = tensor.dim %hl, %c1 : tensor<?x?xi64>
  %e0 = arith.divui %p, %b0 : index
  %e1 = arith.divui %p, %b1 : index
  %ho0 = dist.local_offset %h, 0 : !dist.tensor<?x?xi64, grid = [?, ?], split = [0, 1]>
  %ho1 = dist.local_offset %h, 1 : !dist.tensor<?x?xi64, grid = [?, ?], split = [0, 1]>
  %k0 = arith.divui %ho0, %b0 : index
  %k1 = arith.divui %ho1, %b1 : index
  %lo0 = func.call @edge(%c7, %k0, %e0) : (index, index, index) -> index
  %k0n = arith.addi %k0, %c1 : index
  %hi0 = func.call @edge(%c7, %k0n, %e0) : (index, index, index) -> index
  %lo1 = func.call @edge(%c6, %k1, %e1) : (index, index, index) -> index
  %k1n = arith.addi %k1, %c1 : index
  %hi1 = func.call @edge(%c6, %k1n, %e1) : (index, index, index) -> index
  %rows = arith.subi %hi0, %lo0 : index
  %cols = arith.subi %hi1, %lo1 : index
  %blk = tensor.generate %rows, %cols {
  ^bb0(%i: index, %j: index):
    %c10 = arith.constant 10 : index
    %gi = arith.addi %i, %lo0 : index
    %gj = arith.addi %j, %lo1 : index
    %t = arith.muli %gi, %c10 : index
    %s = arith.addi %t, %gj : index
    %s1 = arith.addi %s, %c1 : index
    %v = arith.index_cast %s1 : index to i64
    %c7i = arith.constant 7 : i64
    %c23i = arith.constant 23 : i64
    %v7 = arith.muli %v, %c7i : i64
    %vm = arith.remsi %v7, %c23i : i64
    %w = arith.muli %vm, %sign : i64
    tensor.yield %w : i64
  } : tensor<?x?xi64>
  %g = dist.from_local %blk offset %lo0, %lo1 : tensor<?x?xi64> -> !I
  return %g : !I
}

// Prints the real and the imaginary parts of `c` (the caller's label
// comes first in each: ".re", ".im" lines, in this order).
func.func @printComplex(%root: i1, %c: !C) {
  %re = dist.elementwise %c : !C -> !G {
  ^bb0(%z: complex<f64>):
    %x = complex.re %z : complex<f64>
    dist.yield %x : f64
  }
  %im = dist.elementwise %c : !C -> !G {
  ^bb0(%z: complex<f64>):
    %y = complex.im %z : complex<f64>
    dist.yield %y : f64
  }
  scf.if %root { vector.print str "c.re " }
  dist.print %re : !G
  scf.if %root { vector.print str "c.im " }
  dist.print %im : !G
  return
}

func.func @edge(%n: index, %k: index, %e: index) -> index {
  %kk = arith.muli %k, %k : index
  %nkk = arith.muli %n, %kk : index
  %ee = arith.muli %e, %e : index
  %r = arith.divui %nkk, %ee : index
  return %r : index
}
