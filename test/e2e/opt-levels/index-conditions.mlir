// Element-wise bodies that test their position, with every signed compare,
// the index on either side, bounds from the command line (empty, partial
// and full ranges, bounds outside the array), 1-D and on a 2-D grid:
// distc-split-index-conditions (-O2, -O3) splits their loops where the
// tests change; every -O level prints what -O0 prints, on 1 and 3 ranks.
// REQUIRES: compiler, idtr-runtime
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %distc -O0 %s -o %t.dir/O0 && %distc -O1 %s -o %t.dir/O1 && %distc -O2 %s -o %t.dir/O2 && %distc -O3 %s -o %t.dir/O3
// RUN: cd %t.dir && %mpirun -n 1 ./O0 --n 9 --lo 2 --hi 6 > O0.out && FileCheck %s --input-file=O0.out
// RUN: cd %t.dir && bash -c 'for args in "--n 9 --lo 2 --hi 6" "--n 1 --lo 0 --hi 1" "--n 7 --lo 5 --hi 3" "--n 8 --lo -4 --hi 40" "--n 11 --lo 9223372036854775807 --hi -9223372036854775808" "--n 5 --lo -9223372036854775808 --hi 9223372036854775807"; do \
// RUN:   for np in 1 3; do %mpirun -n $np ./O0 $args > want || exit 1; \
// RUN:     for o in O1 O2 O3; do %mpirun -n $np ./$o $args | diff want - || { echo "$o on $np ranks: $args"; exit 1; }; done; \
// RUN:   done; done'

// CHECK: [0. 0. 2. 3. 4. 5. 0. 0. 0.]
// CHECK-NEXT: [0. 0. 0. 3. 4. 5. 6. 0. 0.]
// CHECK-NEXT: 14
// CHECK-NEXT: 39

!V = !dist.tensor<?xf64>
!G = !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>
func.func @main() {
  %n = dist.param "n" default 9 : index
  %lo = dist.param "lo" default 2 : index
  %hi = dist.param "hi" default 6 : index
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %x = dist.arange %zero, %one (%n) : !V
  // lo <= i < hi
  %a = dist.elementwise %x : !V -> !V {
  ^bb0(%v: f64):
    %i = dist.index 0 : index
    %c1 = arith.cmpi sge, %i, %lo : index
    %c2 = arith.cmpi slt, %i, %hi : index
    %c = arith.andi %c1, %c2 : i1
    %r = arith.select %c, %v, %zero : f64
    dist.yield %r : f64
  }
  dist.print %a numpy : !V
  // lo < i <= hi, written with the bounds on the left
  %b = dist.elementwise %x : !V -> !V {
  ^bb0(%v: f64):
    %i = dist.index 0 : index
    %c1 = arith.cmpi slt, %lo, %i : index
    %c2 = arith.cmpi sge, %hi, %i : index
    %c = arith.andi %c1, %c2 : i1
    %r = arith.select %c, %v, %zero : f64
    dist.yield %r : f64
  }
  dist.print %b numpy : !V
  // On a 2-D grid: count of the points with lo <= i + j - 1 < hi and
  // j > lo - 1 (shifted and subtracted indices), and of those outside.
  %g = dist.full %one (%n, %n) : !G
  %m = dist.elementwise %g : !G -> !G {
  ^bb0(%v: f64):
    %i = dist.index 0 : index
    %j = dist.index 1 : index
    %k1 = arith.constant 1 : index
    %s = arith.addi %i, %j : index
    %t = arith.subi %s, %k1 : index
    %lo1 = arith.subi %lo, %k1 : index
    %c1 = arith.cmpi sge, %t, %lo : index
    %c2 = arith.cmpi slt, %t, %hi : index
    %c3 = arith.cmpi sgt, %j, %lo1 : index
    %c12 = arith.andi %c1, %c2 : i1
    %c = arith.andi %c12, %c3 : i1
    %r = arith.select %c, %v, %zero : f64
    dist.yield %r : f64
  }
  %inside = dist.reduce sum %m : !G -> f64
  dist.print %inside : f64
  %o = dist.elementwise %g : !G -> !G {
  ^bb0(%v: f64):
    %i = dist.index 0 : index
    %j = dist.index 1 : index
    %c1 = arith.cmpi sle, %j, %lo : index
    %c2 = arith.cmpi sgt, %i, %hi : index
    %c = arith.ori %c1, %c2 : i1
    %r = arith.select %c, %v, %zero : f64
    dist.yield %r : f64
  }
  %outside = dist.reduce sum %o : !G -> f64
  dist.print %outside : f64
  return
}
