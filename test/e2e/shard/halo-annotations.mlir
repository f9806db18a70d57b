// Annotations with halo_sizes (upstream's `ew_chain_with_halo` pattern) on
// a tensor that 4 ranks do not divide (10 rows): the function computes
// 2 * |x| + 1 element-wise and the result equals the serial one; the halos
// do not change it (docs/shard.md). Upstream 22 crashes on this input.
// REQUIRES: compiler, idtr-runtime
// RUN: %distc %s -o %t
// RUN: %mpirun -n 4 %t | FileCheck %s
// RUN: %distc -v -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=REMARK
// CHECK: ( ( 21, 19, 17 ), ( 15, 13, 11 ), ( 9, 7, 5 ), ( 3, 1, 3 ), ( 5, 7, 9 ), ( 11, 13, 15 ), ( 17, 19, 21 ), ( 23, 25, 27 ), ( 29, 31, 33 ), ( 35, 37, 39 ) )
// CHECK-NOT: (
// REMARK: halo-annotations.mlir:[[@LINE+5]]:8: remark: distc: the halo_sizes of this sharding do not change the global result

shard.grid @grid0(shape = 4)

func.func @chain(%x: tensor<10x3xf32>) -> tensor<10x3xf32> {
  %s = shard.sharding @grid0 split_axes = [[0]] halo_sizes = [1, 2] : !shard.sharding
  %xs = shard.shard %x to %s annotate_for_users : tensor<10x3xf32>
  %a = tosa.abs %xs : (tensor<10x3xf32>) -> tensor<10x3xf32>
  %as = shard.shard %a to %s : tensor<10x3xf32>
  %au = shard.shard %as to %s annotate_for_users : tensor<10x3xf32>
  %two = arith.constant dense<2.0> : tensor<10x3xf32>
  %one = arith.constant dense<1.0> : tensor<10x3xf32>
  %e = tensor.empty() : tensor<10x3xf32>
  %m = linalg.mul ins(%au, %two : tensor<10x3xf32>, tensor<10x3xf32>) outs(%e : tensor<10x3xf32>) -> tensor<10x3xf32>
  %ms = shard.shard %m to %s : tensor<10x3xf32>
  %mu = shard.shard %ms to %s annotate_for_users : tensor<10x3xf32>
  %r = linalg.add ins(%mu, %one : tensor<10x3xf32>, tensor<10x3xf32>) outs(%e : tensor<10x3xf32>) -> tensor<10x3xf32>
  %rs = shard.shard %r to %s : tensor<10x3xf32>
  return %rs : tensor<10x3xf32>
}

func.func @main() {
  %x0 = tensor.generate {
  ^bb0(%i: index, %j: index):
    %c3 = arith.constant 3 : index
    %c10 = arith.constant 10 : index
    %t = arith.muli %i, %c3 : index
    %u = arith.addi %t, %j : index
    %v = arith.subi %u, %c10 : index
    %w = arith.index_cast %v : index to i64
    %f = arith.sitofp %w : i64 to f32
    tensor.yield %f : f32
  } : tensor<10x3xf32>
  %r = func.call @chain(%x0) : (tensor<10x3xf32>) -> tensor<10x3xf32>
  %c0 = arith.constant 0 : index
  %z = arith.constant 0.0 : f32
  %v = vector.transfer_read %r[%c0, %c0], %z : tensor<10x3xf32>, vector<10x3xf32>
  %me = shard.process_linear_index on @grid0 : index
  %root = arith.cmpi eq, %me, %c0 : index
  scf.if %root {
    vector.print %v : vector<10x3xf32>
  }
  return
}
