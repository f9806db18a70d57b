// TOSA broadcasts in an annotated function, on 10 rows that 4 ranks do not
// divide: a row vector added to every row (tensor<1x3xf32>, read with the
// map (d0, d1) -> (0, d1)) and a column vector multiplying every column
// (tensor<10x1xf32>, (d0, d1) -> (d0, 0)). Upstream's sharding rule rejects
// constants in those maps; distc reads the rank-reduced slices instead
// (docs/shard.md). (x + b) * c with x[i][j] = 3 i + j, b[j] = j + 1,
// c[i] = i - 4, against the serial values.
// REQUIRES: compiler, idtr-runtime
// RUN: %distc %s -o %t
// RUN: %mpirun -n 4 %t | FileCheck %s
// CHECK: ( ( -4, -12, -20 ), ( -12, -18, -24 ), ( -14, -18, -22 ), ( -10, -12, -14 ), ( 0, 0, 0 ), ( 16, 18, 20 ), ( 38, 42, 46 ), ( 66, 72, 78 ), ( 100, 108, 116 ), ( 140, 150, 160 ) )
// CHECK-NOT: (

shard.grid @grid0(shape = 4)

func.func @affine(%x: tensor<10x3xf32>, %b: tensor<1x3xf32>, %c: tensor<10x1xf32>) -> tensor<10x3xf32> {
  %s = shard.sharding @grid0 split_axes = [[0]] : !shard.sharding
  %xs = shard.shard %x to %s annotate_for_users : tensor<10x3xf32>
  %sum = tosa.add %xs, %b : (tensor<10x3xf32>, tensor<1x3xf32>) -> tensor<10x3xf32>
  %sums = shard.shard %sum to %s : tensor<10x3xf32>
  %sumu = shard.shard %sums to %s annotate_for_users : tensor<10x3xf32>
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %p = tosa.mul %sumu, %c, %shift : (tensor<10x3xf32>, tensor<10x1xf32>, tensor<1xi8>) -> tensor<10x3xf32>
  %ps = shard.shard %p to %s : tensor<10x3xf32>
  return %ps : tensor<10x3xf32>
}

func.func @main() {
  %x = tensor.generate {
  ^bb0(%i: index, %j: index):
    %c3 = arith.constant 3 : index
    %t = arith.muli %i, %c3 : index
    %u = arith.addi %t, %j : index
    %w = arith.index_cast %u : index to i64
    %f = arith.sitofp %w : i64 to f32
    tensor.yield %f : f32
  } : tensor<10x3xf32>
  %b = arith.constant dense<[[1.0, 2.0, 3.0]]> : tensor<1x3xf32>
  %c = tensor.generate {
  ^bb0(%i: index, %j: index):
    %c4 = arith.constant 4 : index
    %u = arith.subi %i, %c4 : index
    %w = arith.index_cast %u : index to i64
    %f = arith.sitofp %w : i64 to f32
    tensor.yield %f : f32
  } : tensor<10x1xf32>
  %r = func.call @affine(%x, %b, %c) : (tensor<10x3xf32>, tensor<1x3xf32>, tensor<10x1xf32>) -> tensor<10x3xf32>
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
