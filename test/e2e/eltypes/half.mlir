// f16 and bf16 tensors end to end, on 1 to 5 ranks with sizes that no rank
// count divides (7x5, 23): creation and f32 arithmetic inside
// dist.elementwise, redistribution (permute, reshape, repartition), a halo
// stencil, gather, numpy printing (the fewest digits that identify the
// half, as numpy prints float16), the reductions (sum, prod and mean
// accumulate in f32 and round once; min and max are exact) and
// dist.allreduce of a per-rank half. eltypes_check.py compares every value
// with numpy: data movement and min/max exactly, sums with a tolerance.
// numpy rounds the multiply and the add of `k * 0.1 - 0.7` apart, as
// -ffp-contract=off does (by default they are one fused multiply-add).
// REQUIRES: compiler, idtr-runtime, numpy
// RUN: %distc -ffp-contract=off %s -o %t
// RUN: %mpirun -n 1 %t > %t.1.txt
// RUN: %numpy-python %S/Inputs/eltypes_check.py half %t.1.txt 1 | FileCheck %s --check-prefix=OK
// RUN: %mpirun -n 2 %t > %t.2.txt
// RUN: %numpy-python %S/Inputs/eltypes_check.py half %t.2.txt 2 | FileCheck %s --check-prefix=OK
// RUN: %mpirun -n 3 %t > %t.3.txt
// RUN: %numpy-python %S/Inputs/eltypes_check.py half %t.3.txt 3 | FileCheck %s --check-prefix=OK
// RUN: %mpirun -n 4 %t > %t.4.txt
// RUN: %numpy-python %S/Inputs/eltypes_check.py half %t.4.txt 4 | FileCheck %s --check-prefix=OK
// RUN: %mpirun -n 5 %t > %t.5.txt
// RUN: %numpy-python %S/Inputs/eltypes_check.py half %t.5.txt 5 | FileCheck %s --check-prefix=OK
// RUN: FileCheck %s --input-file=%t.3.txt --match-full-lines

// OK: all {{[0-9]+}} values agree with numpy

// The first rows of the 7x5 f16 array, as numpy prints float16.
// CHECK:      {{\[\[}}-0.6 -0.3  0.   0.3  0.6]
// CHECK-NEXT:  [ 0.9 -0.5 -0.2  0.1  0.4]

!H = !dist.tensor<7x5xf16>
!HT = !dist.tensor<5x7xf16>
!H1 = !dist.tensor<7x5xf16, split = 1>
!V = !dist.tensor<35xf16>
!B = !dist.tensor<23xbf16>

func.func @main() {
  %c5 = arith.constant 5 : index
  %c3 = arith.constant 3 : index
  %c1 = arith.constant 1 : index
  %c17 = arith.constant 17 : index
  %tenth = arith.constant 0.1 : f32
  %off = arith.constant -0.7 : f32
  %one = arith.constant 1.0 : f32
  %hzero = arith.constant 0.0 : f16
  // a[i, j] = ((3 * (5i + j) + 1) mod 17) * 0.1 - 0.7, rounded to f16.
  %a = dist.generate : !H {
  ^bb0(%i: index, %j: index):
    %m = arith.muli %i, %c5 : index
    %f = arith.addi %m, %j : index
    %t = arith.muli %f, %c3 : index
    %u = arith.addi %t, %c1 : index
    %k = arith.remui %u, %c17 : index
    %ki = arith.index_cast %k : index to i64
    %kf = arith.sitofp %ki : i64 to f32
    %s = arith.mulf %kf, %tenth : f32
    %v = arith.addf %s, %off : f32
    %h = arith.truncf %v : f32 to f16
    dist.yield %h : f16
  }
  dist.print %a numpy : !H
  %p = dist.permute %a axes [1, 0] : !H -> !HT
  dist.print %p numpy : !HT
  %r = dist.reshape %a : !H -> !V
  dist.print %r numpy : !V
  // Columns, then + 1 in f32.
  %a1 = dist.repartition %a : !H -> !H1
  %b = dist.elementwise %a1 : !H1 -> !H1 {
  ^bb0(%x: f16):
    %w = arith.extf %x : f16 to f32
    %y = arith.addf %w, %one : f32
    %h = arith.truncf %y : f32 to f16
    dist.yield %h : f16
  }
  dist.print %b numpy : !H1
  // A halo stencil: a[i-1, j] + a[i+1, j] (0 outside), summed in f32.
  %n = dist.shift %a offsets [-1, 0] fill %hzero : !H
  %s = dist.shift %a offsets [1, 0] fill %hzero : !H
  %st = dist.elementwise %n, %s : !H, !H -> !H {
  ^bb0(%x: f16, %y: f16):
    %wx = arith.extf %x : f16 to f32
    %wy = arith.extf %y : f16 to f32
    %z = arith.addf %wx, %wy : f32
    %h = arith.truncf %z : f32 to f16
    dist.yield %h : f16
  }
  dist.print %st numpy : !H
  %g = dist.gather %p : !HT -> tensor<5x7xf16>
  dist.print %g numpy : tensor<5x7xf16>
  // Reductions.
  %sum = dist.reduce sum %a : !H -> f16
  dist.print %sum precision = 9 : f16
  %mean = dist.reduce mean %a : !H -> f16
  dist.print %mean precision = 9 : f16
  %min = dist.reduce min %a : !H -> f16
  dist.print %min precision = 9 : f16
  %max = dist.reduce max %a : !H -> f16
  dist.print %max precision = 9 : f16
  %q = dist.elementwise %a : !H -> !H {
  ^bb0(%x: f16):
    %w = arith.extf %x : f16 to f32
    %y = arith.mulf %w, %tenth : f32
    %z = arith.addf %y, %one : f32
    %h = arith.truncf %z : f32 to f16
    dist.yield %h : f16
  }
  %prod = dist.reduce prod %q : !H -> f16
  dist.print %prod precision = 9 : f16
  %s0 = dist.reduce sum %a axis 0 : !H -> !dist.tensor<5xf16>
  dist.print %s0 numpy : !dist.tensor<5xf16>
  %s1 = dist.reduce sum %a axis 1 : !H -> !dist.tensor<7xf16>
  dist.print %s1 numpy : !dist.tensor<7xf16>
  %m1 = dist.reduce max %a1 axis 0 : !H1 -> !dist.tensor<5xf16>
  dist.print %m1 numpy : !dist.tensor<5xf16>
  %am = dist.reduce argmax %a : !H -> index
  dist.print %am : index
  // dist.allreduce of a per-rank f16: (rank + 1) * 0.5 summed.
  %me = dist.team_member
  %mi = arith.index_cast %me : index to i64
  %mf = arith.sitofp %mi : i64 to f32
  %m2 = arith.addf %mf, %one : f32
  %half = arith.constant 0.5 : f32
  %m3 = arith.mulf %m2, %half : f32
  %mh = arith.truncf %m3 : f32 to f16
  %ar = dist.allreduce %mh sum : f16
  dist.print %ar precision = 9 : f16
  %armax = dist.allreduce %mh max : f16
  dist.print %armax precision = 9 : f16
  // bf16: the same values, 23 of them.
  %c = dist.generate : !B {
  ^bb0(%i: index):
    %t = arith.muli %i, %c3 : index
    %u = arith.addi %t, %c1 : index
    %k = arith.remui %u, %c17 : index
    %ki = arith.index_cast %k : index to i64
    %kf = arith.sitofp %ki : i64 to f32
    %s2 = arith.mulf %kf, %tenth : f32
    %v = arith.addf %s2, %off : f32
    %h = arith.truncf %v : f32 to bf16
    dist.yield %h : bf16
  }
  dist.print %c numpy : !B
  %cs = dist.shift %c offsets [1] periodic : !B
  dist.print %cs numpy : !B
  %csum = dist.reduce sum %c : !B -> bf16
  dist.print %csum precision = 9 : bf16
  %cmax = dist.reduce max %c : !B -> bf16
  dist.print %cmax precision = 9 : bf16
  %cb = arith.truncf %m3 : f32 to bf16
  %car = dist.allreduce %cb sum : bf16
  dist.print %car precision = 9 : bf16
  return
}
