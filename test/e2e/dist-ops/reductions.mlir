// numpy's reductions of dist tensors: mean, prod, argmin/argmax (the first
// index in C order of the global array), any/all of i1, with numpy's NaN
// semantics, on 1 to 5 ranks (23 elements and 7x5 do not divide by 2..5, the
// first extremum sits on different ranks) and at -O0. The expected values are
// numpy's (computed in Python for the data below):
//   a = (7*i+5) % 23 % 10, i < 23: a.sum() 93, a.mean() 4.04348,
//     argmin 4 (also 12, 19), argmax 2 (also 17)
//   an = a with an[13] = an[17] = nan: sum, mean, max, min nan; argmax,
//     argmin 13 (numpy returns the first NaN)
//   b[i,j] = (3*(5i+j)+4) % 11 - 5, 7x5: argmin 6, argmax 2 (also with
//     the columns split); mean() 0.0285714, mean(axis=0), mean(axis=1)
//   c[i,j] = [1, 2, -1, 0.5][(5i+j) % 4], 3x5: prod 2, prod(axis=0)
//   argmax(b, axis=0) [4 6 0 2 4], argmin(b, axis=1) [3 1 0 2 1 3 2];
//   with b[3,2] = b[5,2] = nan: argmax and argmin(axis=0) [4 6 3 2 4],
//   [2 1 3 5 2]
// Before, `mean`, `any`, `all`, `argmin` and `argmax` did not parse.
// REQUIRES: compiler, idtr-runtime
// RUN: %distc %s -o %t
// RUN: %mpirun -n 1 %t | FileCheck %s --match-full-lines
// RUN: %mpirun -n 2 %t | FileCheck %s --match-full-lines
// RUN: %mpirun -n 3 %t | FileCheck %s --match-full-lines
// RUN: %mpirun -n 4 %t | FileCheck %s --match-full-lines
// RUN: %mpirun -n 5 %t | FileCheck %s --match-full-lines
// RUN: %distc -O0 %s -o %t.O0
// RUN: %mpirun -n 3 %t.O0 | FileCheck %s --match-full-lines

// CHECK: 93
// CHECK-NEXT: 4.04348
// CHECK-NEXT: 0
// CHECK-NEXT: 9
// CHECK-NEXT: 4
// CHECK-NEXT: 2
// CHECK-NEXT: nan
// CHECK-NEXT: nan
// CHECK-NEXT: nan
// CHECK-NEXT: nan
// CHECK-NEXT: 13
// CHECK-NEXT: 13
// CHECK-NEXT: 6
// CHECK-NEXT: 2
// CHECK-NEXT: 6
// CHECK-NEXT: 2
// CHECK-NEXT: 0.0285714
// CHECK-NEXT: ( 0, -0.142857, -0.285714, -0.428571, 1 )
// CHECK-NEXT: ( 0.6, 0.2, -0.2, -0.6, 1.2, -1.4, 0.4 )
// CHECK-NEXT: ( 4, 6, 0, 2, 4 )
// CHECK-NEXT: ( 3, 1, 0, 2, 1, 3, 2 )
// CHECK-NEXT: ( 3, 1, 0, 2, 1, 3, 2 )
// CHECK-NEXT: ( 4, 6, 0, 2, 4 )
// CHECK-NEXT: ( 4, 6, 3, 2, 4 )
// CHECK-NEXT: ( 2, 1, 3, 5, 2 )
// CHECK-NEXT: 2
// CHECK-NEXT: ( -2, -1, -0.5, 1, -2 )
// CHECK-NEXT: 1
// CHECK-NEXT: 0
// CHECK-NEXT: 1
// CHECK-NEXT: 0
// CHECK-NEXT: 1
// CHECK-NEXT: 1
// CHECK-NEXT: ( 1, 0, 1, 0, 1, 0, 1 )
// CHECK-NEXT: ( 0, 0, 0, 0, 0, 0, 0 )
// CHECK-NEXT: 0
// CHECK-NEXT: 2
// CHECK-NEXT: 4.04348

func.func @main() {
  %a = dist.generate : !dist.tensor<23xf64> {
  ^bb0(%i: index):
    %c5 = arith.constant 5 : index
    %c7 = arith.constant 7 : index
    %c10 = arith.constant 10 : index
    %c23 = arith.constant 23 : index
    %p = arith.muli %i, %c7 : index
    %q = arith.addi %p, %c5 : index
    %r = arith.remui %q, %c23 : index
    %s = arith.remui %r, %c10 : index
    %v = arith.index_cast %s : index to i64
    %f = arith.sitofp %v : i64 to f64
    dist.yield %f : f64
  }
  %sum = dist.reduce sum %a : !dist.tensor<23xf64> -> f64
  dist.print %sum : f64
  %mean = dist.reduce mean %a : !dist.tensor<23xf64> -> f64
  dist.print %mean : f64
  %min = dist.reduce min %a : !dist.tensor<23xf64> -> f64
  dist.print %min : f64
  %max = dist.reduce max %a : !dist.tensor<23xf64> -> f64
  dist.print %max : f64
  %amin = dist.reduce argmin %a : !dist.tensor<23xf64> -> index
  dist.print %amin : index
  %amax = dist.reduce argmax %a : !dist.tensor<23xf64> -> index
  dist.print %amax : index

  // Two NaNs: every reduction is NaN, argmin/argmax the first NaN.
  %nan = arith.constant 0x7FF8000000000000 : f64
  %an = dist.elementwise %a : !dist.tensor<23xf64> -> !dist.tensor<23xf64> {
  ^bb0(%x: f64):
    %i = dist.index 0 : index
    %c13 = arith.constant 13 : index
    %c17 = arith.constant 17 : index
    %is13 = arith.cmpi eq, %i, %c13 : index
    %is17 = arith.cmpi eq, %i, %c17 : index
    %isNan = arith.ori %is13, %is17 : i1
    %y = arith.select %isNan, %nan, %x : f64
    dist.yield %y : f64
  }
  %nsum = dist.reduce sum %an : !dist.tensor<23xf64> -> f64
  dist.print %nsum : f64
  %nmean = dist.reduce mean %an : !dist.tensor<23xf64> -> f64
  dist.print %nmean : f64
  %nmax = dist.reduce max %an : !dist.tensor<23xf64> -> f64
  dist.print %nmax : f64
  %nmin = dist.reduce min %an : !dist.tensor<23xf64> -> f64
  dist.print %nmin : f64
  %namax = dist.reduce argmax %an : !dist.tensor<23xf64> -> index
  dist.print %namax : index
  %namin = dist.reduce argmin %an : !dist.tensor<23xf64> -> index
  dist.print %namin : index

  // 2-D: the flat index is global in C order, whichever dimension is split.
  %b = dist.generate : !dist.tensor<7x5xf64> {
  ^bb0(%i: index, %j: index):
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c11 = arith.constant 11 : index
    %row = arith.muli %i, %c5 : index
    %k = arith.addi %row, %j : index
    %t = arith.muli %k, %c3 : index
    %u = arith.addi %t, %c4 : index
    %m = arith.remui %u, %c11 : index
    %v = arith.index_cast %m : index to i64
    %f = arith.sitofp %v : i64 to f64
    %five = arith.constant 5.0 : f64
    %g = arith.subf %f, %five : f64
    dist.yield %g : f64
  }
  %bmin = dist.reduce argmin %b : !dist.tensor<7x5xf64> -> index
  dist.print %bmin : index
  %bmax = dist.reduce argmax %b : !dist.tensor<7x5xf64> -> index
  dist.print %bmax : index
  %bc = dist.repartition %b : !dist.tensor<7x5xf64> -> !dist.tensor<7x5xf64, split = 1>
  %bcmin = dist.reduce argmin %bc : !dist.tensor<7x5xf64, split = 1> -> index
  dist.print %bcmin : index
  %bcmax = dist.reduce argmax %bc : !dist.tensor<7x5xf64, split = 1> -> index
  dist.print %bcmax : index
  %bmean = dist.reduce mean %b : !dist.tensor<7x5xf64> -> f64
  dist.print %bmean : f64
  // Along the split axis (partial sums combined, then divided) and along
  // the other one (local).
  %bmean0 = dist.reduce mean %b axis 0 : !dist.tensor<7x5xf64> -> !dist.tensor<5xf64>
  dist.print %bmean0 : !dist.tensor<5xf64>
  %bmean1 = dist.reduce mean %b axis 1 : !dist.tensor<7x5xf64> -> !dist.tensor<7xf64>
  dist.print %bmean1 : !dist.tensor<7xf64>

  // argmin/argmax along an axis: i64 global indices along it, the split
  // axis (rows, then columns) and the other one; with NaNs at (3, 2) and
  // (5, 2) the first NaN of column 2.
  %bam0 = dist.reduce argmax %b axis 0 : !dist.tensor<7x5xf64> -> !dist.tensor<5xi64>
  dist.print %bam0 : !dist.tensor<5xi64>
  %bim1 = dist.reduce argmin %b axis 1 : !dist.tensor<7x5xf64> -> !dist.tensor<7xi64>
  dist.print %bim1 : !dist.tensor<7xi64>
  %bcim1 = dist.reduce argmin %bc axis 1 : !dist.tensor<7x5xf64, split = 1> -> !dist.tensor<7xi64>
  dist.print %bcim1 : !dist.tensor<7xi64>
  %bcam0 = dist.reduce argmax %bc axis 0 : !dist.tensor<7x5xf64, split = 1> -> !dist.tensor<5xi64>
  dist.print %bcam0 : !dist.tensor<5xi64>
  %bn = dist.elementwise %b : !dist.tensor<7x5xf64> -> !dist.tensor<7x5xf64> {
  ^bb0(%x: f64):
    %i = dist.index 0 : index
    %j = dist.index 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %col2 = arith.cmpi eq, %j, %c2 : index
    %row3 = arith.cmpi eq, %i, %c3 : index
    %row5 = arith.cmpi eq, %i, %c5 : index
    %rows = arith.ori %row3, %row5 : i1
    %at = arith.andi %col2, %rows : i1
    %y = arith.select %at, %nan, %x : f64
    dist.yield %y : f64
  }
  %bnam0 = dist.reduce argmax %bn axis 0 : !dist.tensor<7x5xf64> -> !dist.tensor<5xi64>
  dist.print %bnam0 : !dist.tensor<5xi64>
  %bnim0 = dist.reduce argmin %bn axis 0 : !dist.tensor<7x5xf64> -> !dist.tensor<5xi64>
  dist.print %bnim0 : !dist.tensor<5xi64>

  %c = dist.generate : !dist.tensor<3x5xf64> {
  ^bb0(%i: index, %j: index):
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %row = arith.muli %i, %c5 : index
    %k = arith.addi %row, %j : index
    %m = arith.remui %k, %c4 : index
    %one = arith.constant 1.0 : f64
    %two = arith.constant 2.0 : f64
    %neg = arith.constant -1.0 : f64
    %half = arith.constant 0.5 : f64
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %is0 = arith.cmpi eq, %m, %c1 : index
    %is1 = arith.cmpi eq, %m, %c2 : index
    %is2 = arith.cmpi ult, %m, %c1 : index
    %x0 = arith.select %is0, %two, %half : f64
    %x1 = arith.select %is1, %neg, %x0 : f64
    %x2 = arith.select %is2, %one, %x1 : f64
    dist.yield %x2 : f64
  }
  %prod = dist.reduce prod %c : !dist.tensor<3x5xf64> -> f64
  dist.print %prod : f64
  %prod0 = dist.reduce prod %c axis 0 : !dist.tensor<3x5xf64> -> !dist.tensor<5xf64>
  dist.print %prod0 : !dist.tensor<5xf64>

  // any/all of i1.
  %eight = arith.constant 8.0 : f64
  %nine = arith.constant 9.0 : f64
  %zero = arith.constant 0.0 : f64
  %gt8 = dist.elementwise %a : !dist.tensor<23xf64> -> !dist.tensor<23xi1> {
  ^bb0(%x: f64):
    %y = arith.cmpf ogt, %x, %eight : f64
    dist.yield %y : i1
  }
  %gt9 = dist.elementwise %a : !dist.tensor<23xf64> -> !dist.tensor<23xi1> {
  ^bb0(%x: f64):
    %y = arith.cmpf ogt, %x, %nine : f64
    dist.yield %y : i1
  }
  %ge0 = dist.elementwise %a : !dist.tensor<23xf64> -> !dist.tensor<23xi1> {
  ^bb0(%x: f64):
    %y = arith.cmpf oge, %x, %zero : f64
    dist.yield %y : i1
  }
  %gt0 = dist.elementwise %a : !dist.tensor<23xf64> -> !dist.tensor<23xi1> {
  ^bb0(%x: f64):
    %y = arith.cmpf ogt, %x, %zero : f64
    dist.yield %y : i1
  }
  %any8 = dist.reduce any %gt8 : !dist.tensor<23xi1> -> i1
  dist.print %any8 : i1
  %any9 = dist.reduce any %gt9 : !dist.tensor<23xi1> -> i1
  dist.print %any9 : i1
  %all0 = dist.reduce all %ge0 : !dist.tensor<23xi1> -> i1
  dist.print %all0 : i1
  %allpos = dist.reduce all %gt0 : !dist.tensor<23xi1> -> i1
  dist.print %allpos : i1
  // sum and prod of i1 are or and and, on any number of ranks.
  %sumTrue = dist.reduce sum %ge0 : !dist.tensor<23xi1> -> i1
  dist.print %sumTrue : i1
  %prodTrue = dist.reduce prod %ge0 : !dist.tensor<23xi1> -> i1
  dist.print %prodTrue : i1
  // Rows of b without -5 (all along the unsplit axis) and rows with a
  // value above 5 (any along it: none).
  %minus5 = arith.constant -5.0 : f64
  %five = arith.constant 5.0 : f64
  %bgt = dist.elementwise %b : !dist.tensor<7x5xf64> -> !dist.tensor<7x5xi1> {
  ^bb0(%x: f64):
    %y = arith.cmpf ogt, %x, %minus5 : f64
    dist.yield %y : i1
  }
  %rowsAll = dist.reduce all %bgt axis 1 : !dist.tensor<7x5xi1> -> !dist.tensor<7xi1>
  dist.print %rowsAll : !dist.tensor<7xi1>
  %bbig = dist.elementwise %b : !dist.tensor<7x5xf64> -> !dist.tensor<7x5xi1> {
  ^bb0(%x: f64):
    %y = arith.cmpf ogt, %x, %five : f64
    dist.yield %y : i1
  }
  %rowsAny = dist.reduce any %bbig axis 1 : !dist.tensor<7x5xi1> -> !dist.tensor<7xi1>
  dist.print %rowsAny : !dist.tensor<7xi1>

  // Integers and f32: ai = a % 3 = [2, 2, 0, 0, 0, 1, ...] has argmax 0
  // and argmin 2; the f32 mean of a.
  %ai = dist.elementwise %a : !dist.tensor<23xf64> -> !dist.tensor<23xi64> {
  ^bb0(%x: f64):
    %y = arith.fptosi %x : f64 to i64
    %m = arith.constant 3 : i64
    %z = arith.remsi %y, %m : i64
    dist.yield %z : i64
  }
  %aiMax = dist.reduce argmax %ai : !dist.tensor<23xi64> -> index
  dist.print %aiMax : index
  %aiMin = dist.reduce argmin %ai : !dist.tensor<23xi64> -> index
  dist.print %aiMin : index
  %af = dist.elementwise %a : !dist.tensor<23xf64> -> !dist.tensor<23xf32> {
  ^bb0(%x: f64):
    %y = arith.truncf %x : f64 to f32
    dist.yield %y : f32
  }
  %afMean = dist.reduce mean %af : !dist.tensor<23xf32> -> f32
  dist.print %afMean : f32
  return
}
