// A module split for the parallel back end links and computes what the
// unsplit one does when its functions share local constants: `main` passes
// a dense and a splat tensor constant to a function compiled in the other
// partition, and two functions in different partitions read the same dense
// constant. Each used to fail with "partition uses local variable
// '__constant_2x2xf32' it does not define". -distc-split-always splits
// this small module (ModulePartition.h); -save-temps keeps the objects.
// REQUIRES: idtr-runtime
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %distc %s -j 1 -o one
// RUN: %mpirun -n 2 ./one > one.out
// RUN: %distc %s -j 2 -mllvm -distc-split-always -save-temps -v -o two 2>&1 | FileCheck %s --check-prefix=SPLIT
// RUN: %mpirun -n 2 ./two > two.out
// RUN: diff one.out two.out
// RUN: FileCheck %s --input-file=two.out
// RUN: llvm-nm module-partition-constants.distc.o module-partition-constants.distc.1.o | FileCheck %s --check-prefix=NM
// SPLIT: optimize and generate code in 2 partitions in parallel
// The dense constant read in both partitions is defined once, hidden.
// NM-DAG: {{R|r}} __constant_2x2xf32.distc.{{[0-9a-f]+}}
// NM-DAG: U __constant_2x2xf32.distc.{{[0-9a-f]+}}
// CHECK: sum: 5
// CHECK-NEXT: 4
// CHECK-NEXT: 3.5
// CHECK-NEXT: 2

func.func @sum(%t: tensor<2x2xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = tensor.extract %t[%c0, %c0] : tensor<2x2xf32>
  %b = tensor.extract %t[%c1, %c1] : tensor<2x2xf32>
  %s = arith.addf %a, %b : f32
  return %s : f32
}
func.func @f(%i: index) -> f32 {
  %d = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %z = arith.constant dense<0.5> : tensor<4xf32>
  %c2 = arith.constant 2 : index
  %c0 = arith.constant 0 : index
  %x = tensor.extract %d[%i, %c0] : tensor<2x2xf32>
  %y = tensor.extract %z[%i] : tensor<4xf32>
  %r = arith.addf %x, %y : f32
  return %r : f32
}
func.func @g(%i: index) -> f32 {
  %d = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %z = arith.constant dense<0.5> : tensor<4xf32>
  %c1 = arith.constant 1 : index
  %x = tensor.extract %d[%c1, %i] : tensor<2x2xf32>
  %y = tensor.extract %z[%i] : tensor<4xf32>
  %r = arith.mulf %x, %y : f32
  return %r : f32
}
func.func @main() {
  %d = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %s = arith.constant dense<2.0> : tensor<2x2xf32>
  %a = func.call @sum(%d) : (tensor<2x2xf32>) -> f32
  %b = func.call @sum(%s) : (tensor<2x2xf32>) -> f32
  %n = dist.team_size
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %i = arith.subi %n, %c1 : index
  %u = func.call @f(%i) : (index) -> f32
  %v = func.call @g(%i) : (index) -> f32
  %me = dist.team_member
  %root = arith.cmpi eq, %me, %c0 : index
  scf.if %root {
    vector.print str "sum: "
    vector.print %a : f32
    vector.print %b : f32
    vector.print %u : f32
    vector.print %v : f32
  }
  return
}
