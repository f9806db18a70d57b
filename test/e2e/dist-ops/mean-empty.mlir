// The mean of an empty tensor is numpy's nan, not the "-nan" that x86's
// 0 / 0 prints with %g; non-empty means are unchanged.
// REQUIRES: compiler, idtr-runtime
// RUN: %distc %s -o %t
// RUN: %mpirun -n 1 %t | FileCheck %s --match-full-lines --check-prefix=EMPTY
// RUN: %mpirun -n 3 %t | FileCheck %s --match-full-lines --check-prefix=EMPTY
// RUN: %mpirun -n 3 %t --n 3 | FileCheck %s --match-full-lines --check-prefix=THREE

// EMPTY: nan
// EMPTY-NEXT: (  )
// EMPTY-NEXT: nan
// THREE: 0
// THREE-NEXT: ( 0, 0, 0 )
// THREE-NEXT: 0

func.func @main() {
  %zero = arith.constant 0.0 : f64
  %zf = arith.constant 0.0 : f32
  %n = dist.param "n" default 0 : index
  %x = dist.full %zero (%n) : !dist.tensor<?xf64>
  %mean = dist.reduce mean %x : !dist.tensor<?xf64> -> f64
  dist.print %mean : f64
  %m = dist.full %zero (%n, %n) : !dist.tensor<?x?xf64>
  %r = dist.reduce mean %m axis 0 : !dist.tensor<?x?xf64> -> !dist.tensor<?xf64>
  dist.print %r : !dist.tensor<?xf64>
  %f = dist.full %zf (%n) : !dist.tensor<?xf32>
  %fm = dist.reduce mean %f : !dist.tensor<?xf32> -> f32
  dist.print %fm : f32
  return
}
