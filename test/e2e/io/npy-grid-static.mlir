// dist.load and dist.save with static process grids (grid = [2, 3] and
// [3, 2], split = [2, 0] for the 3-D array) on the 6 ranks they need,
// 7 x 10 and 5 x 3 x 4 (neither divides by the grid): numpy writes
// arange arrays, the program maps them to 2x + 1 and saves them from the
// grid types, numpy checks the files. A file of another shape or rank,
// and a team that is not the grid's size, stop the program with an error
// at the dist.load; every rank reports the same, the job exits non-zero.
// REQUIRES: compiler, idtr-runtime, numpy
// RUN: %distc %s -o %t
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: %numpy-python %S/Inputs/npy_check.py make %t.d/s.npy int32 7,10
// RUN: %numpy-python %S/Inputs/npy_check.py make %t.d/t.npy float64 5,3,4
// RUN: %numpy-python %S/Inputs/npy_check.py make %t.d/wide.npy int32 7,11
// RUN: %numpy-python %S/Inputs/npy_check.py make %t.d/flat.npy float64 60
// RUN: %mpirun -n 6 %t --s=%t.d/s.npy --s-out=%t.d/s6.npy --t=%t.d/t.npy --t-out=%t.d/t6.npy | FileCheck %s --check-prefix=OUT
// RUN: %numpy-python %S/Inputs/npy_check.py check %t.d/s6.npy int32 7,10 > %t.d/checks.txt
// RUN: %numpy-python %S/Inputs/npy_check.py check %t.d/t6.npy float64 5,3,4 >> %t.d/checks.txt
// RUN: FileCheck %s --check-prefix=NUMPY --match-full-lines --input-file=%t.d/checks.txt
// RUN: not %mpirun -n 4 %t --s=%t.d/s.npy --s-out=%t.d/s4.npy --t=%t.d/t.npy --t-out=%t.d/t4.npy 2>&1 | FileCheck %s --check-prefix=TEAM --implicit-check-not="Stack dump"
// RUN: not %mpirun -n 6 %t --s=%t.d/wide.npy --s-out=%t.d/x.npy --t=%t.d/t.npy --t-out=%t.d/y.npy 2>&1 | FileCheck %s --check-prefix=SHAPE --implicit-check-not="Stack dump"
// RUN: not %mpirun -n 6 %t --s=%t.d/s.npy --s-out=%t.d/x.npy --t=%t.d/flat.npy --t-out=%t.d/y.npy 2>&1 | FileCheck %s --check-prefix=RANK --implicit-check-not="Stack dump"

// OUT: 4900
// OUT-NEXT: 3600

// NUMPY:      ok int32 (7, 10)
// NUMPY-NEXT: ok float64 (5, 3, 4)
// NUMPY-EMPTY:

// TEAM: npy-grid-static.mlir:[[@LINE+10]]:8: error: the process grid does not have as many processes as the team (its size vs the team size): 6 vs 4
// SHAPE: npy-grid-static.mlir:[[@LINE+9]]:8: error: dist.load: '{{.*}}wide.npy': holds shape (7, 11) but the result type needs 10 along dimension 1
// RANK: npy-grid-static.mlir:[[@LINE+21]]:8: error: dist.load: '{{.*}}flat.npy': holds an array of rank 1 (60,) but the result type has rank 3

!S = !dist.tensor<7x10xi32, grid = [2, 3], split = [0, 1]>
!T = !dist.tensor<5x3x4xf64, grid = [3, 2], split = [2, 0]>

func.func @main() {
  %i1 = arith.constant 1 : i32
  %i2 = arith.constant 2 : i32
  %s = dist.load "s.npy" param "s" : !S
  %s2 = dist.elementwise %s : !S -> !S {
  ^bb0(%x: i32):
    %m = arith.muli %x, %i2 : i32
    %y = arith.addi %m, %i1 : i32
    dist.yield %y : i32
  }
  dist.save %s2, "s-out.npy" param "s-out" : !S
  %ss = dist.reduce sum %s2 : !S -> i32
  dist.print %ss : i32

  %one = arith.constant 1.0 : f64
  %two = arith.constant 2.0 : f64
  %t = dist.load "t.npy" param "t" : !T
  %t2 = dist.elementwise %t : !T -> !T {
  ^bb0(%x: f64):
    %m = arith.mulf %x, %two : f64
    %y = arith.addf %m, %one : f64
    dist.yield %y : f64
  }
  dist.save %t2, "t-out.npy" param "t-out" : !T
  %ts = dist.reduce sum %t2 : !T -> f64
  dist.print %ts : f64
  return
}
