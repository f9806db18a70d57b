// Global sizes that a dist op adds up from sizes known only at run time
// are checked not to wrap int64 (a wrapped sum was taken as the global
// size: the programs below printed -9223372036854775808). The tensors have
// a zero extent, so they hold no bytes however large the other is.
// REQUIRES: compiler, idtr-runtime
// RUN: rm -rf %t && split-file %s %t
// RUN: %distc %t/concat.mlir -o %t/concat
// RUN: not %mpirun -n 2 %t/concat 2>&1 | FileCheck %s --check-prefix=CONCAT --implicit-check-not=-9223372036854775808
// RUN: %distc %t/from-local.mlir -o %t/from-local
// RUN: not %mpirun -n 2 %t/from-local 2>&1 | FileCheck %s --check-prefix=FROMLOCAL --implicit-check-not=-9223372036854775808

// CONCAT: concat.mlir:8:8: error: dist.concat: the inputs' sizes along the axis add up to more than INT64_MAX (the sum so far vs the next input's size): 4611686018427387904 vs 4611686018427387904
// FROMLOCAL: from-local.mlir:7:8: error: dist.from_local: the parts' sizes along dimension 0 add up to more than INT64_MAX

//--- concat.mlir
func.func @main() {
  %zero = arith.constant 0.0 : f64
  %c0 = arith.constant 0 : index
  %quarter = arith.constant 2305843009213693952 : index
  %p = dist.team_size
  %half = arith.muli %quarter, %p : index
  %a = dist.full %zero (%c0, %half) : !dist.tensor<?x?xf64>
  %c = dist.concat %a, %a axis 1 : !dist.tensor<?x?xf64>, !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64>
  %n = dist.global_dim %c, 1 : !dist.tensor<?x?xf64>
  dist.print %n : index
  return
}

//--- from-local.mlir
func.func @main() {
  %c0 = arith.constant 0 : index
  %half = arith.constant 4611686018427387904 : index
  %me = dist.team_member
  %off = arith.muli %half, %me : index
  %part = tensor.empty(%half, %c0) : tensor<?x?xf64>
  %a = dist.from_local %part offset %off : tensor<?x?xf64> -> !dist.tensor<?x?xf64, irregular>
  %n = dist.global_dim %a, 0 : !dist.tensor<?x?xf64, irregular>
  dist.print %n : index
  return
}
