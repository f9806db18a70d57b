// min, max, argmin and argmax of nothing stop the program with the op's
// location, as numpy raises ("zero-size array to reduction operation
// maximum which has no identity"): there is no value to return (before,
// max gave -inf and argmax the index 9223372036854775807). Reducing a
// non-empty axis of an empty tensor is fine (an empty result), and so are
// the kinds with an identity (sum of nothing is 0).
// REQUIRES: compiler, idtr-runtime
// RUN: rm -rf %t && split-file %s %t
// RUN: %distc %t/axis.mlir -o %t/axis
// RUN: %mpirun -n 2 %t/axis --rows 2 | FileCheck %s --check-prefix=FULL --match-full-lines
// RUN: %mpirun -n 3 %t/axis --rows 0 --axis1 true | FileCheck %s --check-prefix=OTHER --match-full-lines
// RUN: not %mpirun -n 3 %t/axis --rows 0 2>&1 | FileCheck %s --check-prefix=MAX0 --implicit-check-not="Stack dump"
// RUN: not %mpirun -n 1 %t/axis --rows 0 2>&1 | FileCheck %s --check-prefix=MAX0 --implicit-check-not="Stack dump"
// RUN: %distc -O0 %t/argmin.mlir -o %t/argmin
// RUN: not %mpirun -n 2 %t/argmin 2>&1 | FileCheck %s --check-prefix=ARGMIN --implicit-check-not="Stack dump"
// RUN: %distc %t/whole.mlir -o %t/whole
// RUN: not %mpirun -n 2 %t/whole 2>&1 | FileCheck %s --check-prefix=WHOLE --implicit-check-not="Stack dump"
// RUN: %distc %t/grid.mlir -o %t/grid
// RUN: not %mpirun -n 4 %t/grid 2>&1 | FileCheck %s --check-prefix=GRID --implicit-check-not="Stack dump"

// FULL: ( 0, 0, 0 )
// FULL-NEXT: ( 0, 0, 0 )
// FULL-NEXT: ( 0, 0, 0 )
// OTHER: (  )
// OTHER-NEXT: ( 0, 0, 0 )
// MAX0: {{.*}}axis.mlir:11:10: error: dist.reduce: max along an empty axis 0 (rank {{[0-9]}})
// ARGMIN: {{.*}}argmin.mlir:5:8: error: dist.reduce: argmin along an empty axis 1 (rank {{[0-9]}})
// WHOLE: {{.*}}whole.mlir:5:8: error: dist.reduce: min of an empty tensor (rank {{[0-9]}})
// GRID: {{.*}}grid.mlir:6:8: error: dist.reduce: max along an empty axis 1 (rank {{[0-9]}})

//--- axis.mlir
func.func @main() {
  %z = arith.constant 0.0 : f64
  %rows = dist.param "rows" default 0 : index
  %axis1 = dist.param "axis1" default false : i1
  %c3 = arith.constant 3 : index
  %a = dist.full %z (%rows, %c3) : !dist.tensor<?x?xf64>
  scf.if %axis1 {
    %m = dist.reduce max %a axis 1 : !dist.tensor<?x?xf64> -> !dist.tensor<?xf64>
    dist.print %m : !dist.tensor<?xf64>
  } else {
    %m = dist.reduce max %a axis 0 : !dist.tensor<?x?xf64> -> !dist.tensor<?xf64>
    dist.print %m : !dist.tensor<?xf64>
    %i = dist.reduce argmax %a axis 0 : !dist.tensor<?x?xf64> -> !dist.tensor<?xi64>
    dist.print %i : !dist.tensor<?xi64>
  }
  %s = dist.reduce sum %a axis 0 : !dist.tensor<?x?xf64> -> !dist.tensor<?xf64>
  dist.print %s : !dist.tensor<?xf64>
  return
}

//--- argmin.mlir
func.func @main() {
  %z = arith.constant 1 : i32
  %c0 = arith.constant 0 : index
  %a = dist.full %z (%c0, %c0) : !dist.tensor<?x?xi32>
  %i = dist.reduce argmin %a axis 1 : !dist.tensor<?x?xi32> -> !dist.tensor<?xi64>
  dist.print %i : !dist.tensor<?xi64>
  return
}

//--- whole.mlir
func.func @main() {
  %z = arith.constant 1 : i64
  %c0 = arith.constant 0 : index
  %a = dist.full %z (%c0) : !dist.tensor<?xi64>
  %m = dist.reduce min %a : !dist.tensor<?xi64> -> i64
  dist.print %m : i64
  return
}

//--- grid.mlir
func.func @main() {
  %z = arith.constant 2.0 : f32
  %c5 = arith.constant 5 : index
  %c0 = arith.constant 0 : index
  %a = dist.full %z (%c5, %c0) : !dist.tensor<?x?xf32, grid = [?, ?], split = [0, 1]>
  %m = dist.reduce max %a axis 1 : !dist.tensor<?x?xf32, grid = [?, ?], split = [0, 1]> -> !dist.tensor<?xf32>
  dist.print %m : !dist.tensor<?xf32>
  return
}
