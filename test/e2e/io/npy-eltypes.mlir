// f16, complex<f64> and complex<f32> .npy files ('<f2', '<c16', '<c8'):
// numpy writes arange arrays, distc loads them on 1-5 ranks (sizes that no
// rank count divides, split 0 and split 1), maps a to 2a + 1 (in f32 for
// the half, with complex.mul/add for the complex numbers), saves, and
// numpy checks the files.
// REQUIRES: compiler, idtr-runtime, numpy
// RUN: %distc %s -o %t
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: %numpy-python %S/Inputs/npy_check.py make %t.d/h.npy float16 7,5
// RUN: %numpy-python %S/Inputs/npy_check.py make %t.d/z.npy complex128 11
// RUN: %numpy-python %S/Inputs/npy_check.py make %t.d/s.npy complex64 3,5,4
// RUN: %mpirun -n 1 %t --h=%t.d/h.npy --h-out=%t.d/h1.npy --z=%t.d/z.npy --z-out=%t.d/z1.npy --s=%t.d/s.npy --s-out=%t.d/s1.npy | FileCheck %s --match-full-lines
// RUN: %mpirun -n 2 %t --h=%t.d/h.npy --h-out=%t.d/h2.npy --z=%t.d/z.npy --z-out=%t.d/z2.npy --s=%t.d/s.npy --s-out=%t.d/s2.npy | FileCheck %s --match-full-lines
// RUN: %mpirun -n 3 %t --h=%t.d/h.npy --h-out=%t.d/h3.npy --z=%t.d/z.npy --z-out=%t.d/z3.npy --s=%t.d/s.npy --s-out=%t.d/s3.npy | FileCheck %s --match-full-lines
// RUN: %mpirun -n 4 %t --h=%t.d/h.npy --h-out=%t.d/h4.npy --z=%t.d/z.npy --z-out=%t.d/z4.npy --s=%t.d/s.npy --s-out=%t.d/s4.npy | FileCheck %s --match-full-lines
// RUN: %mpirun -n 5 %t --h=%t.d/h.npy --h-out=%t.d/h5.npy --z=%t.d/z.npy --z-out=%t.d/z5.npy --s=%t.d/s.npy --s-out=%t.d/s5.npy | FileCheck %s --match-full-lines
// RUN: %numpy-python %S/Inputs/npy_check.py check %t.d/h1.npy float16 7,5 > %t.d/checks.txt
// RUN: %numpy-python %S/Inputs/npy_check.py check %t.d/z1.npy complex128 11 >> %t.d/checks.txt
// RUN: %numpy-python %S/Inputs/npy_check.py check %t.d/s1.npy complex64 3,5,4 >> %t.d/checks.txt
// RUN: %numpy-python %S/Inputs/npy_check.py check %t.d/h2.npy float16 7,5 >> %t.d/checks.txt
// RUN: %numpy-python %S/Inputs/npy_check.py check %t.d/z2.npy complex128 11 >> %t.d/checks.txt
// RUN: %numpy-python %S/Inputs/npy_check.py check %t.d/s2.npy complex64 3,5,4 >> %t.d/checks.txt
// RUN: %numpy-python %S/Inputs/npy_check.py check %t.d/h3.npy float16 7,5 >> %t.d/checks.txt
// RUN: %numpy-python %S/Inputs/npy_check.py check %t.d/z3.npy complex128 11 >> %t.d/checks.txt
// RUN: %numpy-python %S/Inputs/npy_check.py check %t.d/s3.npy complex64 3,5,4 >> %t.d/checks.txt
// RUN: %numpy-python %S/Inputs/npy_check.py check %t.d/h4.npy float16 7,5 >> %t.d/checks.txt
// RUN: %numpy-python %S/Inputs/npy_check.py check %t.d/z4.npy complex128 11 >> %t.d/checks.txt
// RUN: %numpy-python %S/Inputs/npy_check.py check %t.d/s4.npy complex64 3,5,4 >> %t.d/checks.txt
// RUN: %numpy-python %S/Inputs/npy_check.py check %t.d/h5.npy float16 7,5 >> %t.d/checks.txt
// RUN: %numpy-python %S/Inputs/npy_check.py check %t.d/z5.npy complex128 11 >> %t.d/checks.txt
// RUN: %numpy-python %S/Inputs/npy_check.py check %t.d/s5.npy complex64 3,5,4 >> %t.d/checks.txt
// RUN: FileCheck %s --check-prefix=NUMPY --match-full-lines --input-file=%t.d/checks.txt
// RUN: cmp %t.d/z1.npy %t.d/z4.npy
// RUN: cmp %t.d/h2.npy %t.d/h5.npy

// CHECK: 1225
// CHECK-NEXT: (121+0j)
// CHECK-NEXT: (3600+0j)

// NUMPY: ok float16 (7, 5)
// NUMPY-NEXT: ok complex128 (11,)
// NUMPY-NEXT: ok complex64 (3, 5, 4)
// NUMPY-NEXT: ok float16 (7, 5)
// NUMPY-NEXT: ok complex128 (11,)
// NUMPY-NEXT: ok complex64 (3, 5, 4)
// NUMPY-NEXT: ok float16 (7, 5)
// NUMPY-NEXT: ok complex128 (11,)
// NUMPY-NEXT: ok complex64 (3, 5, 4)
// NUMPY-NEXT: ok float16 (7, 5)
// NUMPY-NEXT: ok complex128 (11,)
// NUMPY-NEXT: ok complex64 (3, 5, 4)
// NUMPY-NEXT: ok float16 (7, 5)
// NUMPY-NEXT: ok complex128 (11,)
// NUMPY-NEXT: ok complex64 (3, 5, 4)
// NUMPY-EMPTY:

!H = !dist.tensor<?x?xf16, split = 1>
!Z = !dist.tensor<?xcomplex<f64>>
!S = !dist.tensor<?x?x?xcomplex<f32>>

func.func @main() {
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %h = dist.load "h.npy" param "h" : !H
  %h2 = dist.elementwise %h : !H -> !H {
  ^bb0(%x: f16):
    %w = arith.extf %x : f16 to f32
    %t = arith.mulf %w, %two : f32
    %y = arith.addf %t, %one : f32
    %r = arith.truncf %y : f32 to f16
    dist.yield %r : f16
  }
  dist.save %h2, "h-out.npy" param "h-out" : !H
  %hs = dist.reduce sum %h2 : !H -> f16
  dist.print %hs : f16
  %c2 = complex.constant [2.0, 0.0] : complex<f64>
  %c1 = complex.constant [1.0, 0.0] : complex<f64>
  %z = dist.load "z.npy" param "z" : !Z
  %z2 = dist.elementwise %z : !Z -> !Z {
  ^bb0(%x: complex<f64>):
    %t = complex.mul %x, %c2 : complex<f64>
    %y = complex.add %t, %c1 : complex<f64>
    dist.yield %y : complex<f64>
  }
  dist.save %z2, "z-out.npy" param "z-out" : !Z
  %zs = dist.reduce sum %z2 : !Z -> complex<f64>
  dist.print %zs : complex<f64>
  %f2 = complex.constant [2.0 : f32, 0.0 : f32] : complex<f32>
  %f1 = complex.constant [1.0 : f32, 0.0 : f32] : complex<f32>
  %s = dist.load "s.npy" param "s" : !S
  %s2 = dist.elementwise %s : !S -> !S {
  ^bb0(%x: complex<f32>):
    %t = complex.mul %x, %f2 : complex<f32>
    %y = complex.add %t, %f1 : complex<f32>
    dist.yield %y : complex<f32>
  }
  dist.save %s2, "s-out.npy" param "s-out" : !S
  %ss = dist.reduce sum %s2 : !S -> complex<f32>
  dist.print %ss : complex<f32>
  return
}
