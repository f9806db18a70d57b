// Reductions of nothing give their identity at every -O level, also when
// element-wise fusion folds a constant producer into the reduction (the
// body then no longer reads its accumulator): sum 0, prod 1, any false,
// all true, mean NaN; along an empty axis, a vector of identities.
// REQUIRES: compiler, idtr-runtime
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %distc -O0 %s -o %t.dir/O0 && %distc -O1 %s -o %t.dir/O1 && %distc -O2 %s -o %t.dir/O2 && %distc -O3 %s -o %t.dir/O3
// RUN: cd %t.dir && %mpirun -n 2 ./O0 --n=0 | FileCheck %s
// RUN: cd %t.dir && %mpirun -n 2 ./O1 --n=0 | FileCheck %s
// RUN: cd %t.dir && %mpirun -n 3 ./O2 --n=0 | FileCheck %s
// RUN: cd %t.dir && %mpirun -n 2 ./O3 --n=0 | FileCheck %s
// RUN: cd %t.dir && %mpirun -n 3 ./O2 --n=4 | FileCheck %s --check-prefix=FOUR

// CHECK: 0
// CHECK-NEXT: 1
// CHECK-NEXT: 0
// CHECK-NEXT: 1
// CHECK-NEXT: nan
// CHECK-NEXT: [0. 0. 0.]
// CHECK-NEXT: [ True  True  True]
// FOUR: 8
// FOUR-NEXT: 16
// FOUR-NEXT: 1
// FOUR-NEXT: 0
// FOUR-NEXT: 2
// FOUR-NEXT: [8. 8. 8.]
// FOUR-NEXT: [False False False]
!V = !dist.tensor<?xf64>
!B = !dist.tensor<?xi1>
!M = !dist.tensor<3x?xf64, split = 0>
!MB = !dist.tensor<3x?xi1, split = 0>
func.func @main() {
  %n = dist.param "n" default 0 : index
  %two = arith.constant 2.0 : f64
  %f = arith.constant false
  %t = arith.constant true
  %twos = dist.full %two (%n) : !V
  %falses = dist.full %f (%n) : !B
  %s = dist.reduce sum %twos : !V -> f64
  %p = dist.reduce prod %twos : !V -> f64
  // Constant producers fused into the reductions: "true or x" and
  // "false and x" ignore the accumulator.
  %trues = dist.elementwise %falses : !B -> !B {
  ^bb0(%v: i1):
    %x = arith.xori %v, %t : i1
    dist.yield %x : i1
  }
  %any = dist.reduce any %trues : !B -> i1
  %all = dist.reduce all %falses : !B -> i1
  %mean = dist.reduce mean %twos : !V -> f64
  dist.print %s : f64
  dist.print %p : f64
  dist.print %any : i1
  dist.print %all : i1
  dist.print %mean : f64
  // Along an axis of global size n.
  %m = dist.full %two (%n) : !M
  %rows = dist.reduce sum %m axis 1 : !M -> !dist.tensor<3xf64>
  dist.print %rows numpy : !dist.tensor<3xf64>
  %mb = dist.full %f (%n) : !MB
  %rowall = dist.reduce all %mb axis 1 : !MB -> !dist.tensor<3xi1>
  dist.print %rowall numpy : !dist.tensor<3xi1>
  return
}
