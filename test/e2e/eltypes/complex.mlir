// complex<f64> and complex<f32> tensors end to end, on 1 to 5 ranks with
// sizes that no rank count divides (23, 3x7): creation (dist.generate with
// complex.create, dist.full of a complex constant, dist.from_local),
// element-wise complex arithmetic (complex.mul/add/abs/re/im), a periodic
// shift, reshape, permute, gather, numpy printing (`1+2j`, `(1+2j)` for a
// scalar), sum/mean/prod (MPI_C_DOUBLE_COMPLEX), sums along an axis, a
// cumulative sum across the ranks, and dist.allreduce of a per-rank complex
// number. eltypes_check.py compares every value with numpy.
// REQUIRES: compiler, idtr-runtime, numpy
// RUN: %distc %s -o %t
// RUN: %mpirun -n 1 %t > %t.1.txt
// RUN: %numpy-python %S/Inputs/eltypes_check.py complex %t.1.txt 1 | FileCheck %s --check-prefix=OK
// RUN: %mpirun -n 2 %t > %t.2.txt
// RUN: %numpy-python %S/Inputs/eltypes_check.py complex %t.2.txt 2 | FileCheck %s --check-prefix=OK
// RUN: %mpirun -n 3 %t > %t.3.txt
// RUN: %numpy-python %S/Inputs/eltypes_check.py complex %t.3.txt 3 | FileCheck %s --check-prefix=OK
// RUN: %mpirun -n 4 %t > %t.4.txt
// RUN: %numpy-python %S/Inputs/eltypes_check.py complex %t.4.txt 4 | FileCheck %s --check-prefix=OK
// RUN: %mpirun -n 5 %t > %t.5.txt
// RUN: %numpy-python %S/Inputs/eltypes_check.py complex %t.5.txt 5 | FileCheck %s --check-prefix=OK
// RUN: %distc -O0 %s -o %t.O0
// RUN: %mpirun -n 3 %t.O0 > %t.O0.txt
// RUN: %numpy-python %S/Inputs/eltypes_check.py complex %t.O0.txt 3 | FileCheck %s --check-prefix=OK
// RUN: %mpirun -n 2 %t | FileCheck %s --check-prefix=FULL --match-full-lines

// OK: all {{[0-9]+}} values agree with numpy

// The first values, as numpy prints them (without its padding and its
// trailing dots), then dist.full and dist.from_local.
// FULL:      [-1.5-1j -1+0j -0.5+1j 0-0.5j 0.5+0.5j 1-1j 1.5+0j -1.5+1j -1-0.5j -0.5+0.5j 0-1j 0.5+0j 1+1j 1.5-0.5j -1.5+0.5j -1-1j -0.5+0j 0+1j 0.5-0.5j 1+0.5j 1.5-1j -1.5+0j -1+1j]
// FULL:      ( (1+2j), (1+2j), (1+2j), (1+2j), (1+2j) )
// FULL-NEXT: (4+8j)

!Z = !dist.tensor<23xcomplex<f64>>
!R = !dist.tensor<23xf64>
!Z21 = !dist.tensor<21xcomplex<f64>>
!M = !dist.tensor<3x7xcomplex<f64>>
!MT = !dist.tensor<7x3xcomplex<f64>>
!Z9 = !dist.tensor<9xcomplex<f64>>
!S = !dist.tensor<23xcomplex<f32>>

// Every generate computes z[n] = ((n mod 7) - 3 + i ((2n mod 5) - 2)) / 2.
func.func @main() {
  %z = dist.generate : !Z {
  ^bb0(%i: index):
    %c7 = arith.constant 7 : index
    %c5 = arith.constant 5 : index
    %c2i = arith.constant 2 : index
    %three = arith.constant 3.0 : f64
    %two = arith.constant 2.0 : f64
    %half = arith.constant 0.5 : f64
    %a = arith.remui %i, %c7 : index
    %n2 = arith.muli %i, %c2i : index
    %b = arith.remui %n2, %c5 : index
    %ai = arith.index_cast %a : index to i64
    %bi = arith.index_cast %b : index to i64
    %af = arith.sitofp %ai : i64 to f64
    %bf = arith.sitofp %bi : i64 to f64
    %re0 = arith.subf %af, %three : f64
    %im0 = arith.subf %bf, %two : f64
    %re = arith.mulf %re0, %half : f64
    %im = arith.mulf %im0, %half : f64
    %v = complex.create %re, %im : complex<f64>
    dist.yield %v : complex<f64>
  }
  dist.print %z numpy : !Z
  %zz = dist.elementwise %z : !Z -> !Z {
  ^bb0(%x: complex<f64>):
    %sq = complex.mul %x, %x : complex<f64>
    %y = complex.add %sq, %x : complex<f64>
    dist.yield %y : complex<f64>
  }
  dist.print %zz numpy : !Z
  %abs = dist.elementwise %z : !Z -> !R {
  ^bb0(%x: complex<f64>):
    %y = complex.abs %x : complex<f64>
    dist.yield %y : f64
  }
  dist.print %abs numpy precision = 17 : !R
  %zre = dist.elementwise %z : !Z -> !R {
  ^bb0(%x: complex<f64>):
    %y = complex.re %x : complex<f64>
    dist.yield %y : f64
  }
  dist.print %zre numpy precision = 17 : !R
  %zim = dist.elementwise %z : !Z -> !R {
  ^bb0(%x: complex<f64>):
    %y = complex.im %x : complex<f64>
    dist.yield %y : f64
  }
  dist.print %zim numpy precision = 17 : !R
  %roll = dist.shift %z offsets [2] periodic : !Z
  dist.print %roll numpy : !Z
  %z21 = dist.generate : !Z21 {
  ^bb0(%i: index):
    %c7 = arith.constant 7 : index
    %c5 = arith.constant 5 : index
    %c2i = arith.constant 2 : index
    %three = arith.constant 3.0 : f64
    %two = arith.constant 2.0 : f64
    %half = arith.constant 0.5 : f64
    %a = arith.remui %i, %c7 : index
    %n2 = arith.muli %i, %c2i : index
    %b = arith.remui %n2, %c5 : index
    %ai = arith.index_cast %a : index to i64
    %bi = arith.index_cast %b : index to i64
    %af = arith.sitofp %ai : i64 to f64
    %bf = arith.sitofp %bi : i64 to f64
    %re0 = arith.subf %af, %three : f64
    %im0 = arith.subf %bf, %two : f64
    %re = arith.mulf %re0, %half : f64
    %im = arith.mulf %im0, %half : f64
    %v = complex.create %re, %im : complex<f64>
    dist.yield %v : complex<f64>
  }
  %m = dist.reshape %z21 : !Z21 -> !M
  dist.print %m numpy : !M
  %mt = dist.permute %m axes [1, 0] : !M -> !MT
  dist.print %mt numpy : !MT
  %g = dist.gather %mt : !MT -> tensor<7x3xcomplex<f64>>
  dist.print %g numpy : tensor<7x3xcomplex<f64>>
  %sum = dist.reduce sum %z : !Z -> complex<f64>
  dist.print %sum precision = 17 : complex<f64>
  %mean = dist.reduce mean %z : !Z -> complex<f64>
  dist.print %mean precision = 17 : complex<f64>
  %z9 = dist.generate : !Z9 {
  ^bb0(%i: index):
    %c7 = arith.constant 7 : index
    %c5 = arith.constant 5 : index
    %c2i = arith.constant 2 : index
    %three = arith.constant 3.0 : f64
    %two = arith.constant 2.0 : f64
    %half = arith.constant 0.5 : f64
    %a = arith.remui %i, %c7 : index
    %n2 = arith.muli %i, %c2i : index
    %b = arith.remui %n2, %c5 : index
    %ai = arith.index_cast %a : index to i64
    %bi = arith.index_cast %b : index to i64
    %af = arith.sitofp %ai : i64 to f64
    %bf = arith.sitofp %bi : i64 to f64
    %re0 = arith.subf %af, %three : f64
    %im0 = arith.subf %bf, %two : f64
    %re = arith.mulf %re0, %half : f64
    %im = arith.mulf %im0, %half : f64
    %v = complex.create %re, %im : complex<f64>
    dist.yield %v : complex<f64>
  }
  %prod = dist.reduce prod %z9 : !Z9 -> complex<f64>
  dist.print %prod precision = 17 : complex<f64>
  %s0 = dist.reduce sum %m axis 0 : !M -> !dist.tensor<7xcomplex<f64>>
  dist.print %s0 numpy precision = 17 : !dist.tensor<7xcomplex<f64>>
  %s1 = dist.reduce sum %m axis 1 : !M -> !dist.tensor<3xcomplex<f64>>
  dist.print %s1 numpy precision = 17 : !dist.tensor<3xcomplex<f64>>
  %m1 = dist.reduce mean %m axis 1 : !M -> !dist.tensor<3xcomplex<f64>>
  dist.print %m1 numpy precision = 17 : !dist.tensor<3xcomplex<f64>>
  %cs = dist.scan sum %z axis 0 : !Z
  dist.print %cs numpy precision = 17 : !Z
  // complex<f32>
  %s = dist.generate : !S {
  ^bb0(%i: index):
    %c7 = arith.constant 7 : index
    %c5 = arith.constant 5 : index
    %c2i = arith.constant 2 : index
    %three = arith.constant 3.0 : f64
    %two = arith.constant 2.0 : f64
    %half = arith.constant 0.5 : f64
    %a = arith.remui %i, %c7 : index
    %n2 = arith.muli %i, %c2i : index
    %b = arith.remui %n2, %c5 : index
    %ai = arith.index_cast %a : index to i64
    %bi = arith.index_cast %b : index to i64
    %af = arith.sitofp %ai : i64 to f64
    %bf = arith.sitofp %bi : i64 to f64
    %re0 = arith.subf %af, %three : f64
    %im0 = arith.subf %bf, %two : f64
    %re = arith.mulf %re0, %half : f64
    %im = arith.mulf %im0, %half : f64
    %v = complex.create %re, %im : complex<f64>
    %r32 = arith.truncf %re : f64 to f32
    %j32 = arith.truncf %im : f64 to f32
    %w = complex.create %r32, %j32 : complex<f32>
    dist.yield %w : complex<f32>
  }
  %ssum = dist.reduce sum %s : !S -> complex<f32>
  dist.print %ssum precision = 9 : complex<f32>
  dist.print %s numpy : !S
  // dist.allreduce of (rank + 1j).
  %me = dist.team_member
  %mi = arith.index_cast %me : index to i64
  %mf = arith.sitofp %mi : i64 to f64
  %one = arith.constant 1.0 : f64
  %mz = complex.create %mf, %one : complex<f64>
  %ar = dist.allreduce %mz sum : complex<f64>
  dist.print %ar precision = 17 : complex<f64>
  %ap = dist.allreduce %mz prod : complex<f64>
  dist.print %ap precision = 17 : complex<f64>
  // dist.full of a complex constant (vector.print's layout, no option)
  // and dist.from_local: two (1+2j) per rank, summed: 2P (1+2j).
  %c = complex.constant [1.0, 2.0] : complex<f64>
  %f = dist.full %c : !dist.tensor<5xcomplex<f64>>
  dist.print %f : !dist.tensor<5xcomplex<f64>>
  %loc = tensor.splat %c : tensor<2xcomplex<f64>>
  %c2 = arith.constant 2 : index
  %o = arith.muli %me, %c2 : index
  %fl = dist.from_local %loc offset %o : tensor<2xcomplex<f64>> -> !dist.tensor<?xcomplex<f64>, irregular>
  %fs = dist.reduce sum %fl : !dist.tensor<?xcomplex<f64>, irregular> -> complex<f64>
  dist.print %fs : complex<f64>
  return
}
