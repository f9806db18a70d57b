// shard.get_sharding of an annotated tensor is its annotation's sharding:
// the ops annotated with it are split the same way, and the result equals
// the serial one (3 * x + 1 on 10 elements, which 4 ranks do not divide).
// The splat constants 3 and 1 are split unevenly too (upstream made them
// `arith.constant dense<3.0> : tensor<?xf32>`, which did not compile).
// REQUIRES: compiler, idtr-runtime
// RUN: %distc %s -o %t
// RUN: %mpirun -n 4 %t | FileCheck %s
// CHECK: ( 1, 4, 7, 10, 13, 16, 19, 22, 25, 28 )
// CHECK-NOT: (

shard.grid @grid0(shape = 4)

func.func @affine(%x: tensor<10xf32>) -> tensor<10xf32> {
  %s = shard.sharding @grid0 split_axes = [[0]] : !shard.sharding
  %xs = shard.shard %x to %s : tensor<10xf32>
  %g = shard.get_sharding %xs : tensor<10xf32> -> !shard.sharding
  %xu = shard.shard %xs to %g annotate_for_users : tensor<10xf32>
  %three = arith.constant dense<3.0> : tensor<10xf32>
  %one = arith.constant dense<1.0> : tensor<10xf32>
  %e = tensor.empty() : tensor<10xf32>
  %m = linalg.mul ins(%xu, %three : tensor<10xf32>, tensor<10xf32>) outs(%e : tensor<10xf32>) -> tensor<10xf32>
  %ms = shard.shard %m to %g : tensor<10xf32>
  %mu = shard.shard %ms to %g annotate_for_users : tensor<10xf32>
  %a = linalg.add ins(%mu, %one : tensor<10xf32>, tensor<10xf32>) outs(%e : tensor<10xf32>) -> tensor<10xf32>
  %as = shard.shard %a to %g : tensor<10xf32>
  return %as : tensor<10xf32>
}

func.func @main() {
  %x = arith.constant dense<[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0]> : tensor<10xf32>
  %r = func.call @affine(%x) : (tensor<10xf32>) -> tensor<10xf32>
  %c0 = arith.constant 0 : index
  %z = arith.constant 0.0 : f32
  %v = vector.transfer_read %r[%c0], %z : tensor<10xf32>, vector<10xf32>
  %me = shard.process_linear_index on @grid0 : index
  %root = arith.cmpi eq, %me, %c0 : index
  scf.if %root {
    vector.print %v : vector<10xf32>
  }
  return
}
