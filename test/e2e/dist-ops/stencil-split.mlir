// Stencils computed as interior + frame (passes/Conversion/DistToDistRuntime/Stencil.h)
// against values computed independently (by a script, from the definition
// result[i] = source[i + offsets] inside the array, fill outside): shifts of
// width 2 along the split dimension (with 7 rows on 4 ranks one rank holds a
// single row and gets halo rows from a rank that is not its neighbour), a
// diagonal shift, a 3-D tensor shifted in every dimension (5 rows on 4
// ranks), a shift read both by a split dist.add and whole by reductions, and
// dist.index inside split and plain element-wise ops. Integers, so every
// digit is checked; the output must be identical on every rank count.
// REQUIRES: compiler, idtr-runtime
// RUN: %distc %s -o %t
// RUN: %mpirun -n 1 %t | FileCheck %s --match-full-lines
// RUN: %mpirun -n 2 %t | FileCheck %s --match-full-lines
// RUN: %mpirun -n 3 %t | FileCheck %s --match-full-lines
// RUN: %mpirun -n 4 %t | FileCheck %s --match-full-lines
// RUN: %distc -O0 %s -o %t.O0
// RUN: %mpirun -n 4 %t.O0 | FileCheck %s --match-full-lines

// CHECK: ( ( -98009001, 99903001099, 199904011199, 299899021299, 399899031399 ), ( 10111991999, 110213102099, 210314112199, 310399122299, 409899132399 ), ( 21121993000, 121223203101, 221324213202, 321399223303, 419899233404 ), ( 32131994010, 132233304111, 232334314212, 332399324313, 429899334414 ), ( 43141995020, 143243405121, 243344415222, 343399425323, 439899435424 ), ( 54151996030, 154253506131, 254354516232, 354399526333, 449899536434 ), ( 65161989940, 165263599941, 265364609942, 365399619943, 459899629944 ) )
// CHECK-NEXT: ( ( ( 7001007100, 7002007101, 7007007102 ), ( 7011000110, 7012001111, 7007002112 ), ( 7021010120, 7022011121, 7007012122 ), ( 7031020130, 7032021131, 7007022132 ) ), ( ( 7101007200, 10102007201, 11007007202 ), ( 7111100210, 20112101211, 21007102212 ), ( 7121110220, 30122111221, 31007112222 ), ( 7131120230, 7132121231, 7007122232 ) ), ( ( 7201007300, 110202007301, 111007007302 ), ( 7211200310, 120212201311, 121007202312 ), ( 7221210320, 130222211321, 131007212322 ), ( 7231220330, 7232221331, 7007222332 ) ), ( ( 7301007400, 210302007401, 211007007402 ), ( 7311300410, 220312301411, 221007302412 ), ( 7321310420, 230322311421, 231007312422 ), ( 7331320430, 7332321431, 7007322432 ) ), ( ( 7401007007, 310402007007, 311007007007 ), ( 7411400007, 320412401007, 321007402007 ), ( 7421410007, 330422411007, 331007412007 ), ( 7431420007, 7432421007, 7007422007 ) ) )
// CHECK-NEXT: ( ( -1, 0, 1, 2, 3 ), ( 10, 12, 14, 16, 18 ), ( 30, 32, 34, 36, 38 ), ( 50, 52, 54, 56, 58 ), ( 70, 72, 74, 76, 78 ), ( 90, 92, 94, 96, 98 ), ( 110, 112, 114, 116, 118 ) )
// CHECK-NEXT: 54
// CHECK-NEXT: 805
// CHECK-NEXT: ( 0, 1003, 2006, 3009, 4012, 5015, 6018, 7021, 8024, 9027, 10030 )

// r = n2 + 100 s1 + 10^4 w + 10^6 e2 + 10^8 d + 10^10 i + 10^11 j
func.func @two_d(%g: !dist.tensor<7x5xi64>) -> !dist.tensor<7x5xi64> {
  %fill = arith.constant -1 : i64
  %n2 = dist.shift %g offsets [-2, 0] fill %fill : !dist.tensor<7x5xi64>
  %s1 = dist.shift %g offsets [1, 0] fill %fill : !dist.tensor<7x5xi64>
  %w = dist.shift %g offsets [0, -1] fill %fill : !dist.tensor<7x5xi64>
  %e2 = dist.shift %g offsets [0, 2] fill %fill : !dist.tensor<7x5xi64>
  %d = dist.shift %g offsets [-1, 1] fill %fill : !dist.tensor<7x5xi64>
  %r = dist.elementwise %n2, %s1, %w, %e2, %d
      : !dist.tensor<7x5xi64>, !dist.tensor<7x5xi64>, !dist.tensor<7x5xi64>,
        !dist.tensor<7x5xi64>, !dist.tensor<7x5xi64> -> !dist.tensor<7x5xi64> {
  ^bb0(%a: i64, %b: i64, %c: i64, %e: i64, %f: i64):
    %k2 = arith.constant 100 : i64
    %k4 = arith.constant 10000 : i64
    %k6 = arith.constant 1000000 : i64
    %k8 = arith.constant 100000000 : i64
    %k10 = arith.constant 10000000000 : i64
    %k11 = arith.constant 100000000000 : i64
    %i = dist.index 0 : index
    %j = dist.index 1 : index
    %ii = arith.index_cast %i : index to i64
    %jj = arith.index_cast %j : index to i64
    %t1 = arith.muli %b, %k2 : i64
    %t2 = arith.muli %c, %k4 : i64
    %t3 = arith.muli %e, %k6 : i64
    %t4 = arith.muli %f, %k8 : i64
    %t5 = arith.muli %ii, %k10 : i64
    %t6 = arith.muli %jj, %k11 : i64
    %u1 = arith.addi %a, %t1 : i64
    %u2 = arith.addi %u1, %t2 : i64
    %u3 = arith.addi %u2, %t3 : i64
    %u4 = arith.addi %u3, %t4 : i64
    %u5 = arith.addi %u4, %t5 : i64
    %u6 = arith.addi %u5, %t6 : i64
    dist.yield %u6 : i64
  }
  return %r : !dist.tensor<7x5xi64>
}

// r = a + 1000 b + 10^6 c + 10^9 dd
func.func @three_d(%h: !dist.tensor<5x4x3xi64>) -> !dist.tensor<5x4x3xi64> {
  %fill = arith.constant 7 : i64
  %a = dist.shift %h offsets [1, 0, 0] fill %fill : !dist.tensor<5x4x3xi64>
  %b = dist.shift %h offsets [0, -1, 0] fill %fill : !dist.tensor<5x4x3xi64>
  %c = dist.shift %h offsets [0, 0, 1] fill %fill : !dist.tensor<5x4x3xi64>
  %dd = dist.shift %h offsets [-1, 1, -1] fill %fill : !dist.tensor<5x4x3xi64>
  %r = dist.elementwise %a, %b, %c, %dd
      : !dist.tensor<5x4x3xi64>, !dist.tensor<5x4x3xi64>, !dist.tensor<5x4x3xi64>,
        !dist.tensor<5x4x3xi64> -> !dist.tensor<5x4x3xi64> {
  ^bb0(%x: i64, %y: i64, %z: i64, %v: i64):
    %k3 = arith.constant 1000 : i64
    %k6 = arith.constant 1000000 : i64
    %k9 = arith.constant 1000000000 : i64
    %t1 = arith.muli %y, %k3 : i64
    %t2 = arith.muli %z, %k6 : i64
    %t3 = arith.muli %v, %k9 : i64
    %u1 = arith.addi %x, %t1 : i64
    %u2 = arith.addi %u1, %t2 : i64
    %u3 = arith.addi %u2, %t3 : i64
    dist.yield %u3 : i64
  }
  return %r : !dist.tensor<5x4x3xi64>
}

func.func @main() {
  %g = dist.generate : !dist.tensor<7x5xi64> {
  ^bb0(%i: index, %j: index):
    %c10 = arith.constant 10 : index
    %m = arith.muli %i, %c10 : index
    %s = arith.addi %m, %j : index
    %v = arith.index_cast %s : index to i64
    dist.yield %v : i64
  }
  %r2 = func.call @two_d(%g) : (!dist.tensor<7x5xi64>) -> !dist.tensor<7x5xi64>
  dist.print %r2 : !dist.tensor<7x5xi64>

  %h = dist.generate : !dist.tensor<5x4x3xi64> {
  ^bb0(%i: index, %j: index, %k: index):
    %c100 = arith.constant 100 : index
    %c10 = arith.constant 10 : index
    %a = arith.muli %i, %c100 : index
    %b = arith.muli %j, %c10 : index
    %s = arith.addi %a, %b : index
    %t = arith.addi %s, %k : index
    %v = arith.index_cast %t : index to i64
    dist.yield %v : i64
  }
  %r3 = func.call @three_d(%h) : (!dist.tensor<5x4x3xi64>) -> !dist.tensor<5x4x3xi64>
  dist.print %r3 : !dist.tensor<5x4x3xi64>

  %minus1 = arith.constant -1 : i64
  %up = dist.shift %g offsets [-1, 0] fill %minus1 : !dist.tensor<7x5xi64>
  %sum = dist.add %up, %g : !dist.tensor<7x5xi64>
  dist.print %sum : !dist.tensor<7x5xi64>
  %mx = dist.reduce max %up : !dist.tensor<7x5xi64> -> i64
  dist.print %mx : i64
  %tot = dist.reduce sum %up : !dist.tensor<7x5xi64> -> i64
  dist.print %tot : i64

  %start = arith.constant 0 : i64
  %step = arith.constant 3 : i64
  %line = dist.arange %start, %step : !dist.tensor<11xi64>
  %idx = dist.elementwise %line : !dist.tensor<11xi64> -> !dist.tensor<11xi64> {
  ^bb0(%x: i64):
    %k = arith.constant 1000 : i64
    %i = dist.index 0 : index
    %ii = arith.index_cast %i : index to i64
    %t = arith.muli %ii, %k : i64
    %y = arith.addi %x, %t : i64
    dist.yield %y : i64
  }
  dist.print %idx : !dist.tensor<11xi64>
  return
}
