// Element-wise arith and math ops on whole builtin tensors (valid MLIR that
// neither front end produces, but a user may write in main next to dist or
// shard code) compile: convert-elementwise-to-linalg before bufferization.
// REQUIRES: compiler, idtr-runtime
// RUN: %distc %s -o %t
// RUN: %mpirun -n 1 %t | FileCheck %s
// RUN: %mpirun -n 3 %t | FileCheck %s
// CHECK: ( 1, 1.5, 3, 5.5 )
// CHECK-NEXT: ( 0, 1, 0, 1 )
// CHECK-NOT: (
func.func @main() {
  %a = arith.constant dense<[0.0, 1.0, 2.0, 3.0]> : tensor<4xf32>
  %half = arith.constant dense<0.5> : tensor<4xf32>
  %one = arith.constant dense<1.0> : tensor<4xf32>
  %sq = arith.mulf %a, %a : tensor<4xf32>
  %h = arith.mulf %sq, %half : tensor<4xf32>
  %y = arith.addf %h, %one : tensor<4xf32>
  %r = math.absf %y : tensor<4xf32>
  %i = arith.fptosi %a : tensor<4xf32> to tensor<4xi32>
  %two = arith.constant dense<2> : tensor<4xi32>
  %m = arith.remsi %i, %two : tensor<4xi32>
  %odd = arith.cmpi eq, %m, %two : tensor<4xi32>
  %even = arith.xori %odd, %odd : tensor<4xi1>
  %e = arith.select %even, %m, %m : tensor<4xi1>, tensor<4xi32>
  %c0 = arith.constant 0 : index
  %zf = arith.constant 0.0 : f32
  %zi = arith.constant 0 : i32
  %v = vector.transfer_read %r[%c0], %zf : tensor<4xf32>, vector<4xf32>
  %w = vector.transfer_read %e[%c0], %zi : tensor<4xi32>, vector<4xi32>
  %me = dist.team_member
  %root = arith.cmpi eq, %me, %c0 : index
  scf.if %root {
    vector.print %v : vector<4xf32>
    vector.print %w : vector<4xi32>
  }
  return
}
