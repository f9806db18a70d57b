// The sizes that the types leave open are checked at run time, with the
// location of the user's op: a source that does not have the shape of the
// slice it is inserted into, inputs of dist.concat that differ off the
// axis, a slice whose size differs from the static result size.
// REQUIRES: compiler, idtr-runtime
// RUN: %distc %s -o %t
// RUN: %mpirun -n 2 %t | FileCheck %s --check-prefix=OK
// RUN: not %mpirun -n 2 %t --m 4 2>&1 | FileCheck %s --check-prefix=INSERT
// RUN: not %mpirun -n 2 %t --k 3 2>&1 | FileCheck %s --check-prefix=CONCAT
// RUN: not %mpirun -n 2 %t --n 8 2>&1 | FileCheck %s --check-prefix=SLICE

// OK: ( 0, 0, 1, 1, 1, 1, 1, 0, 0, 0 )
// OK-NEXT: ( ( 1, 1 ), ( 1, 1 ), ( 1, 1 ), ( 1, 1 ) )
// OK-NEXT: ( 1, 1, 1 )
// INSERT: slice-errors.mlir:{{[0-9]+}}:{{[0-9]+}}: error: dist.insert_slice: the source size along dimension 0 differs from the slice's: 4 vs 5
// CONCAT: slice-errors.mlir:{{[0-9]+}}:{{[0-9]+}}: error: dist.concat: input 1 differs from input 0 along dimension 1: 3 vs 2
// SLICE: slice-errors.mlir:{{[0-9]+}}:{{[0-9]+}}: error: dist.slice: the slice size along dimension 0 differs from !dist.tensor<3xi64>: 2 vs 3
func.func @main() {
  %m = dist.param "m" default 5 : index
  %k = dist.param "k" default 2 : index
  %n = dist.param "n" default 10 : index
  %c2 = arith.constant 2 : index
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %d = dist.full %zero : !dist.tensor<10xi64>
  %s = dist.full %one (%m) : !dist.tensor<?xi64>
  %r = dist.insert_slice %s into %d [2:7] : !dist.tensor<?xi64> into !dist.tensor<10xi64>
  dist.print %r : !dist.tensor<10xi64>
  %a = dist.full %one (%c2, %c2) : !dist.tensor<?x?xi64>
  %b = dist.full %one (%c2, %k) : !dist.tensor<?x?xi64>
  %c = dist.concat %a, %b axis 0 : !dist.tensor<?x?xi64>, !dist.tensor<?x?xi64> -> !dist.tensor<?x?xi64>
  dist.print %c : !dist.tensor<?x?xi64>
  %x = dist.full %one (%n) : !dist.tensor<?xi64>
  %y = dist.slice %x [::4] : !dist.tensor<?xi64> -> !dist.tensor<3xi64>
  dist.print %y : !dist.tensor<3xi64>
  return
}
