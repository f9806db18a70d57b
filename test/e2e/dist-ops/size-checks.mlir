// Sizes that a dist op assumes equal but that are known only at run time
// are checked when the program runs (sizes that fold to constants may be
// caught by distc already, so some of these come from dist.team_size): a mismatch stops the program with the
// source location of the op, the sizes that differ and a non-zero exit
// from MPI_Abort (`not`, not `not --crash`: no signal, no backtrace).
// Before, dist.add of a length-8 and a length-9 `?` vector and
// dist.repartition of 9 elements to !dist.tensor<8xf64> ran and printed
// wrong, rank-dependent results; negative or overflowing dynamic sizes
// corrupted the heap.
// REQUIRES: compiler, idtr-runtime
// RUN: rm -rf %t && split-file %s %t
// RUN: %distc %t/add.mlir -o %t/add
// RUN: not %mpirun -n 2 %t/add 2>&1 | FileCheck %s --check-prefix=ADD --implicit-check-not="Stack dump" --implicit-check-not="signal" --implicit-check-not="idtr: error"
// RUN: not %mpirun -n 3 %t/add 2>&1 | FileCheck %s --check-prefix=ADD --implicit-check-not="Stack dump" --implicit-check-not="signal" --implicit-check-not="idtr: error"
// RUN: %distc %t/elementwise.mlir -o %t/elementwise
// RUN: not %mpirun -n 2 %t/elementwise 2>&1 | FileCheck %s --check-prefix=ELEM
// RUN: %distc %t/repartition.mlir -o %t/repartition
// RUN: not %mpirun -n 2 %t/repartition 2>&1 | FileCheck %s --check-prefix=REPART
// RUN: %distc %t/reshape.mlir -o %t/reshape
// RUN: not %mpirun -n 2 %t/reshape 2>&1 | FileCheck %s --check-prefix=RESHAPE
// RUN: %distc %t/with-local.mlir -o %t/with-local
// RUN: not %mpirun -n 2 %t/with-local 2>&1 | FileCheck %s --check-prefix=WITHLOCAL
// RUN: %distc %t/from-local.mlir -o %t/from-local
// RUN: not %mpirun -n 2 %t/from-local 2>&1 | FileCheck %s --check-prefix=FROMLOCAL
// RUN: %distc %t/from-local-dims.mlir -o %t/from-local-dims
// RUN: not %mpirun -n 2 %t/from-local-dims 2>&1 | FileCheck %s --check-prefix=FROMLOCALDIMS
// RUN: %distc %t/extend.mlir -o %t/extend
// RUN: not %mpirun -n 2 %t/extend 2>&1 | FileCheck %s --check-prefix=EXTEND
// RUN: %distc %t/negative.mlir -o %t/negative
// RUN: not %mpirun -n 2 %t/negative 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// RUN: %distc %t/overflow.mlir -o %t/overflow
// RUN: not %mpirun -n 2 %t/overflow 2>&1 | FileCheck %s --check-prefix=OVERFLOW
// RUN: %distc -O0 %t/overflow.mlir -o %t/overflow.O0
// RUN: not %mpirun -n 1 %t/overflow.O0 2>&1 | FileCheck %s --check-prefix=OVERFLOW
// A tensor with an empty dimension is empty, however large the others:
// RUN: %distc %t/empty.mlir -o %t/empty
// RUN: %mpirun -n 3 %t/empty | FileCheck %s --check-prefix=EMPTY
// RUN: %distc -O0 %t/empty.mlir -o %t/empty.O0
// RUN: %mpirun -n 2 %t/empty.O0 | FileCheck %s --check-prefix=EMPTY
// The checks cost nothing when the sizes agree:
// RUN: %distc %t/ok.mlir -o %t/ok
// RUN: %mpirun -n 3 %t/ok | FileCheck %s --check-prefix=OK

// ADD: {{^}}{{.*}}add.mlir:7:8: error: dist.add: operand sizes differ along dimension 0: 8 vs 9
// ADD-NOT: printed
// ELEM: elementwise.mlir:8:8: error: dist.elementwise: operand sizes differ along dimension 1 (operands #0 and #2): 4 vs 5
// REPART: repartition.mlir:5:8: error: dist.repartition: the source size along dimension 0 differs from !dist.tensor<8xf64>: 9 vs 8
// RESHAPE: reshape.mlir:9:8: error: dist.reshape: the number of elements changes: 12 vs 10
// WITHLOCAL: with-local.mlir:7:8: error: dist.with_local: the block size along dimension 0 differs from the part of the layout operand
// FROMLOCAL: from-local.mlir:7:8: error: dist.from_local: the part size along dimension 1 differs from the result type's: 3 vs 4
// FROMLOCALDIMS: from-local-dims.mlir:8:8: error: dist.from_local: the parts differ along dimension 1, which is not the split dimension (largest vs smallest): 4 vs 3
// EXTEND: extend.mlir:7:8: error: dist.extend: the extended size along dimension 1 differs from the result type's: 8 vs 6
// NEGATIVE: negative.mlir:6:8: error: dist.full: the size of dimension 0 is negative: -3
// OVERFLOW: overflow.mlir:5:8: error: dist.generate: the tensor is too large: its size in bytes does not fit in int64
// OK: 24
// EMPTY: 0
// EMPTY-NEXT: 0
// EMPTY-NEXT: 0

//--- add.mlir
func.func @main() {
  %zero = arith.constant 0.0 : f64
  %c8 = arith.constant 8 : index
  %c9 = arith.constant 9 : index
  %a = dist.full %zero (%c8) : !dist.tensor<?xf64>
  %b = dist.full %zero (%c9) : !dist.tensor<?xf64>
  %c = dist.add %a, %b : !dist.tensor<?xf64>
  vector.print str "printed\n"
  dist.print %c : !dist.tensor<?xf64>
  return
}
//--- elementwise.mlir
func.func @main() {
  %one = arith.constant 1.0 : f64
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %a = dist.full %one (%c3, %c4) : !dist.tensor<?x?xf64>
  %b = dist.full %one (%c5) : !dist.tensor<3x?xf64>
  %c = dist.elementwise %a, %a, %b : !dist.tensor<?x?xf64>, !dist.tensor<?x?xf64>, !dist.tensor<3x?xf64> -> !dist.tensor<?x?xf64> {
  ^bb0(%x: f64, %y: f64, %z: f64):
    %s = arith.addf %x, %z : f64
    dist.yield %s : f64
  }
  dist.print %c : !dist.tensor<?x?xf64>
  return
}
//--- repartition.mlir
func.func @main() {
  %one = arith.constant 1.0 : f64
  %c9 = arith.constant 9 : index
  %a = dist.full %one (%c9) : !dist.tensor<?xf64>
  %b = dist.repartition %a : !dist.tensor<?xf64> -> !dist.tensor<8xf64>
  dist.print %b : !dist.tensor<8xf64>
  return
}
//--- reshape.mlir
func.func @main() {
  %one = arith.constant 1.0 : f64
  %c12 = arith.constant 12 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %p = dist.team_size
  %c5 = arith.addi %p, %c3 : index
  %a = dist.full %one (%c12) : !dist.tensor<?xf64>
  %b = dist.reshape %a (%c2, %c5) : !dist.tensor<?xf64> -> !dist.tensor<?x?xf64>
  dist.print %b : !dist.tensor<?x?xf64>
  return
}
//--- with-local.mlir
func.func @main() {
  %one = arith.constant 1.0 : f64
  %c4 = arith.constant 4 : index
  %c40 = arith.constant 40 : index
  %a = dist.full %one (%c4) : !dist.tensor<?xf64>
  %block = tensor.empty(%c40) : tensor<?xf64>
  %b = dist.with_local %a, %block : !dist.tensor<?xf64>, tensor<?xf64> -> !dist.tensor<?xf64>
  dist.print %b : !dist.tensor<?xf64>
  return
}
//--- from-local.mlir
func.func @main() {
  %one = arith.constant 1.0 : f64
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %part = tensor.splat %one[%c0, %c3] : tensor<?x?xf64>
  %me = dist.team_member
  %a = dist.from_local %part offset %c0 : tensor<?x?xf64> -> !dist.tensor<?x4xf64, irregular>
  dist.print %a : !dist.tensor<?x4xf64, irregular>
  return
}
//--- from-local-dims.mlir
func.func @main() {
  %one = arith.constant 1.0 : f64
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %me = dist.team_member
  %k = arith.addi %c3, %me : index
  %part = tensor.splat %one[%c0, %k] : tensor<?x?xf64>
  %a = dist.from_local %part offset %c0 : tensor<?x?xf64> -> !dist.tensor<?x?xf64, irregular>
  dist.print %a : !dist.tensor<?x?xf64, irregular>
  return
}
//--- extend.mlir
func.func @main() {
  %one = arith.constant 1.0 : f64
  %c4 = arith.constant 4 : index
  %p = dist.team_size
  %m = arith.addi %p, %c4 : index
  %a = dist.full %one (%c4, %m) : !dist.tensor<?x?xf64>
  %e = dist.extend %a low [0, 1] high [0, 1] fill %one : !dist.tensor<?x?xf64> -> tensor<?x6xf64>
  %c0 = arith.constant 0 : index
  %v = tensor.extract %e[%c0, %c0] : tensor<?x6xf64>
  vector.print %v : f64
  return
}
//--- negative.mlir
func.func @main() {
  %one = arith.constant 1.0 : f64
  %c5 = arith.constant 5 : index
  %p = dist.team_size
  %m3 = arith.subi %p, %c5 : index
  %a = dist.full %one (%m3) : !dist.tensor<?xf64>
  dist.print %a : !dist.tensor<?xf64>
  return
}
//--- overflow.mlir
func.func @main() {
  %big = arith.constant 4294967296 : index
  %p = dist.team_size
  %n = arith.muli %big, %p : index
  %a = dist.generate (%n, %n) : !dist.tensor<?x?xf64> {
  ^bb0(%i: index, %j: index):
    %z = arith.constant 0.0 : f64
    dist.yield %z : f64
  }
  %s = dist.reduce sum %a : !dist.tensor<?x?xf64> -> f64
  dist.print %s : f64
  return
}
//--- empty.mlir
func.func @main() {
  %half = arith.constant 2305843009213693952 : index
  %p = dist.team_size
  %big = arith.muli %half, %p : index
  %n0 = arith.subi %p, %p : index
  %one = arith.constant 1 : index
  %a = dist.full %one (%big, %n0) : !dist.tensor<?x?xindex>
  %sa = dist.reduce sum %a : !dist.tensor<?x?xindex> -> index
  dist.print %sa : index
  %b = dist.full %one (%n0, %big) : !dist.tensor<?x?xindex>
  %sb = dist.reduce sum %b : !dist.tensor<?x?xindex> -> index
  dist.print %sb : index
  %one64 = arith.constant 1 : i64
  %t = dist.full %one64 : !dist.tensor<4611686018427387904x0xi64>
  %st = dist.reduce sum %t : !dist.tensor<4611686018427387904x0xi64> -> i64
  dist.print %st : i64
  return
}
//--- ok.mlir
func.func @main() {
  %one = arith.constant 1.0 : f64
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c12 = arith.constant 12 : index
  %a = dist.full %one (%c3, %c4) : !dist.tensor<?x?xf64>
  %b = dist.full %one (%c4) : !dist.tensor<3x?xf64>
  %c = dist.add %a, %b : !dist.tensor<?x?xf64>, !dist.tensor<3x?xf64> -> !dist.tensor<?x?xf64>
  %f = dist.reshape %c (%c12) : !dist.tensor<?x?xf64> -> !dist.tensor<?xf64>
  %r = dist.repartition %f : !dist.tensor<?xf64> -> !dist.tensor<12xf64>
  %s = dist.reduce sum %r : !dist.tensor<12xf64> -> f64
  dist.print %s : f64
  return
}
