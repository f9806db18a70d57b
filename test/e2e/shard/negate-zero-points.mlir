// Integer tosa.negate with its zero points in an annotated function, on 10
// rows that 4 ranks do not divide: its linalg form reads the zero points at
// one position (the map (d0, d1) -> (0)), which upstream's sharding rule
// rejects; distc reads them once before the op (docs/shard.md). The result
// is TOSA's, zp1 + zp2 - x = 7 - x, against the serial values.
// REQUIRES: compiler, idtr-runtime
// RUN: %distc %s -o %t
// RUN: %mpirun -n 4 %t | FileCheck %s
// CHECK: ( ( 7, 6, 5 ), ( 4, 3, 2 ), ( 1, 0, -1 ), ( -2, -3, -4 ), ( -5, -6, -7 ), ( -8, -9, -10 ), ( -11, -12, -13 ), ( -14, -15, -16 ), ( -17, -18, -19 ), ( -20, -21, -22 ) )
// CHECK-NOT: (

shard.grid @grid0(shape = 4)

func.func @negate(%x: tensor<10x3xi32>, %z1: tensor<1xi32>, %z2: tensor<1xi32>) -> tensor<10x3xi32> {
  %s = shard.sharding @grid0 split_axes = [[0]] : !shard.sharding
  %xs = shard.shard %x to %s annotate_for_users : tensor<10x3xi32>
  %r = shard.sharding @grid0 split_axes = [[]] : !shard.sharding
  %zs1 = shard.shard %z1 to %r annotate_for_users : tensor<1xi32>
  %zs2 = shard.shard %z2 to %r annotate_for_users : tensor<1xi32>
  %n = tosa.negate %xs, %zs1, %zs2 : (tensor<10x3xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<10x3xi32>
  %ns = shard.shard %n to %s : tensor<10x3xi32>
  return %ns : tensor<10x3xi32>
}

func.func @main() {
  %x = tensor.generate {
  ^bb0(%i: index, %j: index):
    %c3 = arith.constant 3 : index
    %t = arith.muli %i, %c3 : index
    %u = arith.addi %t, %j : index
    %w = arith.index_cast %u : index to i32
    tensor.yield %w : i32
  } : tensor<10x3xi32>
  %z1 = arith.constant dense<2> : tensor<1xi32>
  %z2 = arith.constant dense<5> : tensor<1xi32>
  %r = func.call @negate(%x, %z1, %z2) : (tensor<10x3xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<10x3xi32>
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0 : i32
  %v = vector.transfer_read %r[%c0, %c0], %zero : tensor<10x3xi32>, vector<10x3xi32>
  %me = shard.process_linear_index on @grid0 : index
  %root = arith.cmpi eq, %me, %c0 : index
  scf.if %root {
    vector.print %v : vector<10x3xi32>
  }
  return
}
