// dist.load reads .npy files that numpy wrote and dist.save writes files
// that numpy reads, on 1-5 ranks with sizes that no rank count divides:
// each array is loaded, mapped to 2 * a + 1 (i1: not(a)), saved, and
// checked by numpy; the saved f64 file is loaded back and printed. Paths
// come from path parameters (`param`), split 0 and split 1, ranks 1-3,
// f64, f32, i32 and i1.
// REQUIRES: compiler, idtr-runtime, numpy
// RUN: %distc %s -o %t
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: %numpy-python %S/Inputs/npy_check.py make %t.d/a.npy float64 7,5
// RUN: %numpy-python %S/Inputs/npy_check.py make %t.d/b.npy int32 11
// RUN: %numpy-python %S/Inputs/npy_check.py make %t.d/c.npy float32 3,5,4
// RUN: %numpy-python %S/Inputs/npy_check.py make %t.d/d.npy bool 10
// RUN: %t --help | FileCheck %s --check-prefix=HELP
// RUN: %mpirun -n 1 %t --a %t.d/a.npy --a-out=%t.d/a1.npy --b %t.d/b.npy --b-out %t.d/b1.npy --c %t.d/c.npy --c-out %t.d/c1.npy --d %t.d/d.npy --d-out %t.d/d1.npy > %t.d/out1.txt
// RUN: %numpy-python %S/Inputs/npy_check.py roundtrip %t.d 1 >> %t.d/checks.txt
// RUN: %mpirun -n 2 %t --a %t.d/a.npy --a-out=%t.d/a2.npy --b %t.d/b.npy --b-out %t.d/b2.npy --c %t.d/c.npy --c-out %t.d/c2.npy --d %t.d/d.npy --d-out %t.d/d2.npy > %t.d/out2.txt
// RUN: %numpy-python %S/Inputs/npy_check.py roundtrip %t.d 2 >> %t.d/checks.txt
// RUN: diff %t.d/out1.txt %t.d/out2.txt
// RUN: %mpirun -n 3 %t --a %t.d/a.npy --a-out=%t.d/a3.npy --b %t.d/b.npy --b-out %t.d/b3.npy --c %t.d/c.npy --c-out %t.d/c3.npy --d %t.d/d.npy --d-out %t.d/d3.npy > %t.d/out3.txt
// RUN: %numpy-python %S/Inputs/npy_check.py roundtrip %t.d 3 >> %t.d/checks.txt
// RUN: diff %t.d/out1.txt %t.d/out3.txt
// RUN: %mpirun -n 4 %t --a %t.d/a.npy --a-out=%t.d/a4.npy --b %t.d/b.npy --b-out %t.d/b4.npy --c %t.d/c.npy --c-out %t.d/c4.npy --d %t.d/d.npy --d-out %t.d/d4.npy > %t.d/out4.txt
// RUN: %numpy-python %S/Inputs/npy_check.py roundtrip %t.d 4 >> %t.d/checks.txt
// RUN: diff %t.d/out1.txt %t.d/out4.txt
// RUN: %mpirun -n 5 %t --a %t.d/a.npy --a-out=%t.d/a5.npy --b %t.d/b.npy --b-out %t.d/b5.npy --c %t.d/c.npy --c-out %t.d/c5.npy --d %t.d/d.npy --d-out %t.d/d5.npy > %t.d/out5.txt
// RUN: %numpy-python %S/Inputs/npy_check.py roundtrip %t.d 5 >> %t.d/checks.txt
// RUN: diff %t.d/out1.txt %t.d/out5.txt
// RUN: cmp %t.d/a1.npy %t.d/a5.npy
// RUN: FileCheck %s --check-prefix=NUMPY --match-full-lines < %t.d/checks.txt
// RUN: FileCheck %s --input-file=%t.d/out3.txt

// HELP:      --a=<path> default a.npy
// HELP-NEXT: --a-out=<path> default a-out.npy

// NUMPY:      ok float64 (7, 5)
// NUMPY-NEXT: ok int32 (11,)
// NUMPY-NEXT: ok float32 (3, 5, 4)
// NUMPY-NEXT: ok bool (10,)
// NUMPY-NEXT: ok float64 (7, 5)
// NUMPY-NEXT: ok int32 (11,)
// NUMPY-NEXT: ok float32 (3, 5, 4)
// NUMPY-NEXT: ok bool (10,)
// NUMPY-NEXT: ok float64 (7, 5)
// NUMPY-NEXT: ok int32 (11,)
// NUMPY-NEXT: ok float32 (3, 5, 4)
// NUMPY-NEXT: ok bool (10,)
// NUMPY-NEXT: ok float64 (7, 5)
// NUMPY-NEXT: ok int32 (11,)
// NUMPY-NEXT: ok float32 (3, 5, 4)
// NUMPY-NEXT: ok bool (10,)
// NUMPY-NEXT: ok float64 (7, 5)
// NUMPY-NEXT: ok int32 (11,)
// NUMPY-NEXT: ok float32 (3, 5, 4)
// NUMPY-NEXT: ok bool (10,)
// NUMPY-EMPTY:

// CHECK:      {{\[\[}} 1  3  5  7  9]
// CHECK-NEXT:  [11 13 15 17 19]
// CHECK-NEXT:  [21 23 25 27 29]
// CHECK-NEXT:  [31 33 35 37 39]
// CHECK-NEXT:  [41 43 45 47 49]
// CHECK-NEXT:  [51 53 55 57 59]
// CHECK-NEXT:  [61 63 65 67 69]]
// CHECK-NEXT: 1.0000000000000000e+00
// CHECK-NEXT: [ True False False  True False False  True False False  True]

!F = !dist.tensor<?x?xf64>
!B = !dist.tensor<?xi32>
!C = !dist.tensor<?x?x?xf32, split = 1>
!D = !dist.tensor<10xi1>

func.func @main() {
  %one = arith.constant 1.0 : f64
  %two = arith.constant 2.0 : f64
  %a = dist.load "a.npy" param "a" : !F
  %a2 = dist.elementwise %a : !F -> !F {
  ^bb0(%x: f64):
    %t = arith.mulf %x, %two : f64
    %y = arith.addf %t, %one : f64
    dist.yield %y : f64
  }
  dist.save %a2, "a-out.npy" param "a-out" : !F
  // Read back what this program wrote.
  %back = dist.load "a-out.npy" param "a-out" : !dist.tensor<?x5xf64, split = 1>
  dist.print %back numpy format = "%.0f" : !dist.tensor<?x5xf64, split = 1>
  %first = dist.reduce min %back : !dist.tensor<?x5xf64, split = 1> -> f64
  dist.print %first format = "%.16e" : f64

  %i1 = arith.constant 1 : i32
  %i2 = arith.constant 2 : i32
  %b = dist.load "b.npy" param "b" : !B
  %b2 = dist.elementwise %b : !B -> !B {
  ^bb0(%x: i32):
    %t = arith.muli %x, %i2 : i32
    %y = arith.addi %t, %i1 : i32
    dist.yield %y : i32
  }
  dist.save %b2, "b-out.npy" param "b-out" : !B

  %f1 = arith.constant 1.0 : f32
  %f2 = arith.constant 2.0 : f32
  %c = dist.load "c.npy" param "c" : !C
  %c2 = dist.elementwise %c : !C -> !C {
  ^bb0(%x: f32):
    %t = arith.mulf %x, %f2 : f32
    %y = arith.addf %t, %f1 : f32
    dist.yield %y : f32
  }
  dist.save %c2, "c-out.npy" param "c-out" : !C

  %true = arith.constant true
  %d = dist.load "d.npy" param "d" : !D
  dist.print %d numpy : !D
  %d2 = dist.elementwise %d : !D -> !D {
  ^bb0(%x: i1):
    %y = arith.xori %x, %true : i1
    dist.yield %y : i1
  }
  dist.save %d2, "d-out.npy" param "d-out" : !D
  return
}
