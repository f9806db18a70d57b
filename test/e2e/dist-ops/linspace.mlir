// dist.linspace ends exactly at `stop` and stays inside [start, stop], as
// numpy.linspace does: element i is start + i * step (step = (stop - start)
// / (n - 1)), the last element is stop itself. Each case compares every
// element bit for bit with numpy's values (written as exact decimal
// literals) and counts elements outside the interval, on 1 to 5 ranks (the
// blocks and the rank holding the last element change) and at -O0.
// Before the fix linspace(0.1, 0.7, 38) ended at 0.7000000000000001.
// REQUIRES: compiler, idtr-runtime
// RUN: %distc %s -o %t
// RUN: %mpirun -n 1 %t | FileCheck %s --match-full-lines
// RUN: %mpirun -n 2 %t | FileCheck %s --match-full-lines
// RUN: %mpirun -n 3 %t | FileCheck %s --match-full-lines
// RUN: %mpirun -n 4 %t | FileCheck %s --match-full-lines
// RUN: %mpirun -n 5 %t | FileCheck %s --match-full-lines
// RUN: %distc -O0 %s -o %t.O0
// RUN: %mpirun -n 3 %t.O0 | FileCheck %s --match-full-lines

// CHECK: mismatches 0
// CHECK-NEXT: outside 0
// CHECK-NEXT: mismatches 0
// CHECK-NEXT: outside 0
// CHECK-NEXT: mismatches 0
// CHECK-NEXT: outside 0
// CHECK-NEXT: mismatches 0
// CHECK-NEXT: outside 0
// CHECK-NEXT: mismatches 0
// CHECK-NEXT: outside 0
// CHECK-NEXT: mismatches 0
// CHECK-NEXT: outside 0
// CHECK-NEXT: mismatches 0
// CHECK-NEXT: outside 0
// CHECK-NEXT: mismatches 0
// CHECK-NEXT: outside 0

// Prints the number of elements of `x` that differ from `ref` (bit for bit:
// `une` is also true for a NaN) and the number outside [lo, hi].
func.func @compare_f64(%x: !dist.tensor<?xf64>, %ref: tensor<?xf64>, %lo: f64, %hi: f64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %all = dist.gather %x : !dist.tensor<?xf64> -> tensor<?xf64>
  %n = tensor.dim %ref, %c0 : tensor<?xf64>
  %counts:2 = scf.for %i = %c0 to %n step %c1 iter_args(%bad = %c0, %out = %c0) -> (index, index) {
    %v = tensor.extract %all[%i] : tensor<?xf64>
    %r = tensor.extract %ref[%i] : tensor<?xf64>
    %ne = arith.cmpf une, %v, %r : f64
    %below = arith.cmpf olt, %v, %lo : f64
    %above = arith.cmpf ogt, %v, %hi : f64
    %outside = arith.ori %below, %above : i1
    %dbad = arith.select %ne, %c1, %c0 : index
    %dout = arith.select %outside, %c1, %c0 : index
    %bad2 = arith.addi %bad, %dbad : index
    %out2 = arith.addi %out, %dout : index
    scf.yield %bad2, %out2 : index, index
  }
  %me = dist.team_member
  %root = arith.cmpi eq, %me, %c0 : index
  scf.if %root {
    vector.print str "mismatches "
  }
  dist.print %counts#0 : index
  scf.if %root {
    vector.print str "outside "
  }
  dist.print %counts#1 : index
  return
}

func.func @main() {
  // linspace(0.1, 0.7, 38)
  %a0 = arith.constant 0.1 : f64
  %b0 = arith.constant 0.7 : f64
  %n0 = arith.constant 38 : index
  %x0 = dist.linspace %a0, %b0 (%n0) : !dist.tensor<?xf64>
  %r0 = arith.constant dense<[0.1, 0.11621621621621622, 0.13243243243243244, 0.14864864864864866, 0.16486486486486487, 0.1810810810810811, 0.1972972972972973, 0.21351351351351353, 0.22972972972972974, 0.24594594594594596, 0.26216216216216215, 0.2783783783783784, 0.2945945945945946, 0.31081081081081086, 0.327027027027027, 0.3432432432432433, 0.35945945945945945, 0.3756756756756757, 0.3918918918918919, 0.40810810810810816, 0.4243243243243243, 0.4405405405405406, 0.45675675675675675, 0.472972972972973, 0.4891891891891892, 0.5054054054054055, 0.5216216216216216, 0.5378378378378379, 0.5540540540540541, 0.5702702702702703, 0.5864864864864865, 0.6027027027027027, 0.6189189189189189, 0.6351351351351352, 0.6513513513513514, 0.6675675675675675, 0.6837837837837838, 0.7]> : tensor<38xf64>
  %d0 = tensor.cast %r0 : tensor<38xf64> to tensor<?xf64>
  %lo0 = arith.minimumf %a0, %b0 : f64
  %hi0 = arith.maximumf %a0, %b0 : f64
  func.call @compare_f64(%x0, %d0, %lo0, %hi0) : (!dist.tensor<?xf64>, tensor<?xf64>, f64, f64) -> ()
  // linspace(0.7, 0.1, 38)
  %a1 = arith.constant 0.7 : f64
  %b1 = arith.constant 0.1 : f64
  %n1 = arith.constant 38 : index
  %x1 = dist.linspace %a1, %b1 (%n1) : !dist.tensor<?xf64>
  %r1 = arith.constant dense<[0.7, 0.6837837837837837, 0.6675675675675675, 0.6513513513513514, 0.6351351351351351, 0.6189189189189188, 0.6027027027027027, 0.5864864864864865, 0.5702702702702702, 0.554054054054054, 0.5378378378378378, 0.5216216216216216, 0.5054054054054054, 0.48918918918918913, 0.4729729729729729, 0.4567567567567567, 0.4405405405405405, 0.42432432432432426, 0.40810810810810805, 0.39189189189189183, 0.3756756756756756, 0.3594594594594594, 0.3432432432432432, 0.32702702702702696, 0.31081081081081074, 0.2945945945945945, 0.2783783783783783, 0.2621621621621621, 0.24594594594594588, 0.22972972972972966, 0.21351351351351344, 0.19729729729729728, 0.181081081081081, 0.16486486486486474, 0.14864864864864857, 0.1324324324324324, 0.11621621621621614, 0.1]> : tensor<38xf64>
  %d1 = tensor.cast %r1 : tensor<38xf64> to tensor<?xf64>
  %lo1 = arith.minimumf %a1, %b1 : f64
  %hi1 = arith.maximumf %a1, %b1 : f64
  func.call @compare_f64(%x1, %d1, %lo1, %hi1) : (!dist.tensor<?xf64>, tensor<?xf64>, f64, f64) -> ()
  // linspace(-1.0, 0.3, 7)
  %a2 = arith.constant -1.0 : f64
  %b2 = arith.constant 0.3 : f64
  %n2 = arith.constant 7 : index
  %x2 = dist.linspace %a2, %b2 (%n2) : !dist.tensor<?xf64>
  %r2 = arith.constant dense<[-1.0, -0.7833333333333333, -0.5666666666666667, -0.35, -0.1333333333333333, 0.08333333333333348, 0.3]> : tensor<7xf64>
  %d2 = tensor.cast %r2 : tensor<7xf64> to tensor<?xf64>
  %lo2 = arith.minimumf %a2, %b2 : f64
  %hi2 = arith.maximumf %a2, %b2 : f64
  func.call @compare_f64(%x2, %d2, %lo2, %hi2) : (!dist.tensor<?xf64>, tensor<?xf64>, f64, f64) -> ()
  // linspace(0.3, 0.9, 49)
  %a3 = arith.constant 0.3 : f64
  %b3 = arith.constant 0.9 : f64
  %n3 = arith.constant 49 : index
  %x3 = dist.linspace %a3, %b3 (%n3) : !dist.tensor<?xf64>
  %r3 = arith.constant dense<[0.3, 0.3125, 0.325, 0.3375, 0.35, 0.3625, 0.375, 0.3875, 0.4, 0.4125, 0.42500000000000004, 0.4375, 0.45, 0.4625, 0.47500000000000003, 0.48750000000000004, 0.5, 0.5125000000000001, 0.525, 0.5375000000000001, 0.55, 0.5625, 0.5750000000000001, 0.5875, 0.6000000000000001, 0.6125, 0.625, 0.6375000000000001, 0.6500000000000001, 0.6625000000000001, 0.675, 0.6875, 0.7000000000000001, 0.7125000000000001, 0.7250000000000001, 0.7375, 0.75, 0.7625000000000001, 0.7750000000000001, 0.7875000000000001, 0.8, 0.8125, 0.8250000000000002, 0.8375000000000001, 0.8500000000000001, 0.8625, 0.875, 0.8875000000000002, 0.9]> : tensor<49xf64>
  %d3 = tensor.cast %r3 : tensor<49xf64> to tensor<?xf64>
  %lo3 = arith.minimumf %a3, %b3 : f64
  %hi3 = arith.maximumf %a3, %b3 : f64
  func.call @compare_f64(%x3, %d3, %lo3, %hi3) : (!dist.tensor<?xf64>, tensor<?xf64>, f64, f64) -> ()
  // linspace(0.0, 1.0, 11)
  %a4 = arith.constant 0.0 : f64
  %b4 = arith.constant 1.0 : f64
  %n4 = arith.constant 11 : index
  %x4 = dist.linspace %a4, %b4 (%n4) : !dist.tensor<?xf64>
  %r4 = arith.constant dense<[0.0, 0.1, 0.2, 0.30000000000000004, 0.4, 0.5, 0.6000000000000001, 0.7000000000000001, 0.8, 0.9, 1.0]> : tensor<11xf64>
  %d4 = tensor.cast %r4 : tensor<11xf64> to tensor<?xf64>
  %lo4 = arith.minimumf %a4, %b4 : f64
  %hi4 = arith.maximumf %a4, %b4 : f64
  func.call @compare_f64(%x4, %d4, %lo4, %hi4) : (!dist.tensor<?xf64>, tensor<?xf64>, f64, f64) -> ()
  // linspace(0.25, 0.5, 1)
  %a5 = arith.constant 0.25 : f64
  %b5 = arith.constant 0.5 : f64
  %n5 = arith.constant 1 : index
  %x5 = dist.linspace %a5, %b5 (%n5) : !dist.tensor<?xf64>
  %r5 = arith.constant dense<[0.25]> : tensor<1xf64>
  %d5 = tensor.cast %r5 : tensor<1xf64> to tensor<?xf64>
  %lo5 = arith.minimumf %a5, %b5 : f64
  %hi5 = arith.maximumf %a5, %b5 : f64
  func.call @compare_f64(%x5, %d5, %lo5, %hi5) : (!dist.tensor<?xf64>, tensor<?xf64>, f64, f64) -> ()
  // linspace(0.5, 0.5, 4)
  %a6 = arith.constant 0.5 : f64
  %b6 = arith.constant 0.5 : f64
  %n6 = arith.constant 4 : index
  %x6 = dist.linspace %a6, %b6 (%n6) : !dist.tensor<?xf64>
  %r6 = arith.constant dense<[0.5, 0.5, 0.5, 0.5]> : tensor<4xf64>
  %d6 = tensor.cast %r6 : tensor<4xf64> to tensor<?xf64>
  %lo6 = arith.minimumf %a6, %b6 : f64
  %hi6 = arith.maximumf %a6, %b6 : f64
  func.call @compare_f64(%x6, %d6, %lo6, %hi6) : (!dist.tensor<?xf64>, tensor<?xf64>, f64, f64) -> ()
  // f32, static size: linspace(0.1, 0.7, 38) in single precision, compared as f64
  %sa = arith.constant 0.10000000149011612 : f32
  %sb = arith.constant 0.699999988079071 : f32
  %s = dist.linspace %sa, %sb : !dist.tensor<38xf32>
  %sw = dist.elementwise %s : !dist.tensor<38xf32> -> !dist.tensor<?xf64> {
  ^bb0(%v: f32):
    %w = arith.extf %v : f32 to f64
    dist.yield %w : f64
  }
  %sr = arith.constant dense<[0.10000000149011612, 0.11621621251106262, 0.13243243098258972, 0.14864864945411682, 0.16486486792564392, 0.18108108639717102, 0.19729728996753693, 0.21351349353790283, 0.22972971200942993, 0.24594593048095703, 0.26216214895248413, 0.27837836742401123, 0.29459458589553833, 0.31081080436706543, 0.32702699303627014, 0.34324321150779724, 0.35945942997932434, 0.37567564845085144, 0.39189186692237854, 0.40810808539390564, 0.42432430386543274, 0.44054049253463745, 0.45675671100616455, 0.47297292947769165, 0.48918914794921875, 0.5054053664207458, 0.521621584892273, 0.5378378033638, 0.5540540218353271, 0.5702702403068542, 0.5864864587783813, 0.6027026772499084, 0.6189188957214355, 0.6351351141929626, 0.6513513326644897, 0.6675675511360168, 0.683783769607544, 0.699999988079071]> : tensor<38xf64>
  %sd = tensor.cast %sr : tensor<38xf64> to tensor<?xf64>
  %slo = arith.extf %sa : f32 to f64
  %shi = arith.extf %sb : f32 to f64
  func.call @compare_f64(%sw, %sd, %slo, %shi) : (!dist.tensor<?xf64>, tensor<?xf64>, f64, f64) -> ()
  return
}
