// Patterns of upstream's shard partitioning tests, run on 4 ranks with
// 9 rows (which 4 do not divide) and compared with the serial values:
// - a reduction of a split tensor to a scalar whose annotation is
//   `split_axes = [[]]` on a rank-0 tensor (replicated);
// - a column reduction to a replicated vector;
// - tosa.abs then tosa.negate with its float zero points (broadcast inputs
//   the lowered body does not read), in a function that also takes a
//   tensor argument it never uses (upstream's partitioning crashed on both).
// REQUIRES: compiler, idtr-runtime
// RUN: %distc %s -o %t
// RUN: %mpirun -n 4 %t | FileCheck %s
// sum of (i * j - i) over 9 x 6, and per column:
// CHECK: 324
// CHECK-NEXT: ( -36, 0, 36, 72, 108, 144 )
// -|0.5 * (i * j - i)| for rows 0, 1 and 8:
// CHECK-NEXT: ( ( -0, -0, -0, -0, -0, -0 ), ( -0.5, -0, -0.5, -1, -1.5, -2 ) ), ( ( -4, -0, -4, -8, -12, -16 ) )

shard.grid @grid(shape = 4)

func.func @sum_all(%arg0: tensor<9x6xi32>) -> tensor<i32> {
  %split = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %in = shard.shard %arg0 to %split annotate_for_users : tensor<9x6xi32>
  %c0 = arith.constant 0 : i32
  %e = tensor.empty() : tensor<i32>
  %zero = linalg.fill ins(%c0 : i32) outs(%e : tensor<i32>) -> tensor<i32>
  %scalar = shard.sharding @grid split_axes = [[]] : !shard.sharding
  %init = shard.shard %zero to %scalar : tensor<i32>
  %sum = linalg.reduce ins(%in : tensor<9x6xi32>) outs(%init : tensor<i32>) dimensions = [0, 1]
    (%x: i32, %acc: i32) {
      %s = arith.addi %x, %acc : i32
      linalg.yield %s : i32
    }
  %out = shard.shard %sum to %scalar : tensor<i32>
  return %out : tensor<i32>
}

func.func @sum_columns(%arg0: tensor<9x6xi32>) -> tensor<6xi32> {
  %split = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %in = shard.shard %arg0 to %split annotate_for_users : tensor<9x6xi32>
  %c0 = arith.constant 0 : i32
  %e = tensor.empty() : tensor<6xi32>
  %zero = linalg.fill ins(%c0 : i32) outs(%e : tensor<6xi32>) -> tensor<6xi32>
  %rep = shard.sharding @grid split_axes = [[]] : !shard.sharding
  %init = shard.shard %zero to %rep : tensor<6xi32>
  %sum = linalg.reduce ins(%in : tensor<9x6xi32>) outs(%init : tensor<6xi32>) dimensions = [0]
    (%x: i32, %acc: i32) {
      %s = arith.addi %x, %acc : i32
      linalg.yield %s : i32
    }
  %out = shard.shard %sum to %rep : tensor<6xi32>
  return %out : tensor<6xi32>
}

func.func @neg_abs(%arg0: tensor<9x6xf32>, %zp_in: tensor<1xf32>, %zp_out: tensor<1xf32>,
                   %unused: tensor<3xf32>) -> tensor<9x6xf32> {
  %split = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %in = shard.shard %arg0 to %split annotate_for_users : tensor<9x6xf32>
  %a = tosa.abs %in : (tensor<9x6xf32>) -> tensor<9x6xf32>
  %as = shard.shard %a to %split : tensor<9x6xf32>
  %au = shard.shard %as to %split annotate_for_users : tensor<9x6xf32>
  %rep = shard.sharding @grid split_axes = [[]] : !shard.sharding
  %z1 = shard.shard %zp_in to %rep annotate_for_users : tensor<1xf32>
  %z2 = shard.shard %zp_out to %rep annotate_for_users : tensor<1xf32>
  %n = tosa.negate %au, %z1, %z2 : (tensor<9x6xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<9x6xf32>
  %ns = shard.shard %n to %split : tensor<9x6xf32>
  return %ns : tensor<9x6xf32>
}

func.func @main() {
  %a = tensor.generate {
  ^bb0(%i: index, %j: index):
    %k = arith.muli %i, %j : index
    %l = arith.subi %k, %i : index
    %v = arith.index_cast %l : index to i32
    tensor.yield %v : i32
  } : tensor<9x6xi32>
  %h = tensor.generate {
  ^bb0(%i: index, %j: index):
    %x = tensor.extract %a[%i, %j] : tensor<9x6xi32>
    %f = arith.sitofp %x : i32 to f32
    %half = arith.constant 0.5 : f32
    %y = arith.mulf %f, %half : f32
    tensor.yield %y : f32
  } : tensor<9x6xf32>
  %zp = arith.constant dense<0.0> : tensor<1xf32>
  %unused = arith.constant dense<7.0> : tensor<3xf32>
  %s = func.call @sum_all(%a) : (tensor<9x6xi32>) -> tensor<i32>
  %c = func.call @sum_columns(%a) : (tensor<9x6xi32>) -> tensor<6xi32>
  %n = func.call @neg_abs(%h, %zp, %zp, %unused)
      : (tensor<9x6xf32>, tensor<1xf32>, tensor<1xf32>, tensor<3xf32>) -> tensor<9x6xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %zi = arith.constant 0 : i32
  %zf = arith.constant 0.0 : f32
  %total = tensor.extract %s[] : tensor<i32>
  %cols = vector.transfer_read %c[%c0], %zi : tensor<6xi32>, vector<6xi32>
  %r0 = vector.transfer_read %n[%c0, %c0], %zf : tensor<9x6xf32>, vector<2x6xf32>
  %r8 = vector.transfer_read %n[%c8, %c0], %zf : tensor<9x6xf32>, vector<1x6xf32>
  %me = shard.process_linear_index on @grid : index
  %root = arith.cmpi eq, %me, %c0 : index
  scf.if %root {
    vector.print %total : i32
    vector.print %cols : vector<6xi32>
    vector.print %r0 : vector<2x6xf32> punctuation <comma>
    vector.print %r8 : vector<1x6xf32>
  }
  return
}
