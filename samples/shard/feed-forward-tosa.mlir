shard.grid @grid0(shape = 4)

// The weight-stationary feed-forward layer sigmoid(A @ B) @ C written in
// TOSA (batched 3-D matmuls): B split by columns, C by rows, so the second
// matmul's partial sums are reduced. distc-shard-partition lowers TOSA to
// linalg before propagation (upstream partitions tosa.matmul wrongly).
func.func @ff(%a: tensor<1x8x6xf32>, %b: tensor<1x6x12xf32>, %c: tensor<1x12x5xf32>) -> tensor<1x8x5xf32> {
  %cols = shard.sharding @grid0 split_axes = [[], [], [0]] : !shard.sharding
  %rows = shard.sharding @grid0 split_axes = [[], [0]] : !shard.sharding
  %b1 = shard.shard %b to %cols : tensor<1x6x12xf32>
  %c1 = shard.shard %c to %rows : tensor<1x12x5xf32>
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %h = tosa.matmul %a, %b1, %zp, %zp : (tensor<1x8x6xf32>, tensor<1x6x12xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x8x12xf32>
  %s = tosa.sigmoid %h : (tensor<1x8x12xf32>) -> tensor<1x8x12xf32>
  %t = tosa.tanh %s : (tensor<1x8x12xf32>) -> tensor<1x8x12xf32>
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %m = tosa.mul %s, %t, %shift : (tensor<1x8x12xf32>, tensor<1x8x12xf32>, tensor<1xi8>) -> tensor<1x8x12xf32>
  %d = tosa.sub %m, %s : (tensor<1x8x12xf32>, tensor<1x8x12xf32>) -> tensor<1x8x12xf32>
  %e = tosa.add %d, %h : (tensor<1x8x12xf32>, tensor<1x8x12xf32>) -> tensor<1x8x12xf32>
  %y = tosa.matmul %e, %c1, %zp, %zp : (tensor<1x8x12xf32>, tensor<1x12x5xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x8x5xf32>
  return %y : tensor<1x8x5xf32>
}

func.func @main() {
  %a = tensor.generate {
  ^bb0(%i: index, %j: index, %k: index):
    %jj = arith.index_cast %j : index to i64
    %kk = arith.index_cast %k : index to i64
    %c3 = arith.constant 3 : i64
    %p = arith.muli %jj, %c3 : i64
    %l = arith.subi %p, %kk : i64
    %x = arith.sitofp %l : i64 to f32
    %sc = arith.constant 0.0625 : f32
    %y = arith.mulf %x, %sc : f32
    tensor.yield %y : f32
  } : tensor<1x8x6xf32>
  %b = tensor.generate {
  ^bb0(%i: index, %j: index, %k: index):
    %jj = arith.index_cast %j : index to i64
    %kk = arith.index_cast %k : index to i64
    %l = arith.subi %kk, %jj : i64
    %x = arith.sitofp %l : i64 to f32
    %sc = arith.constant 0.125 : f32
    %y = arith.mulf %x, %sc : f32
    tensor.yield %y : f32
  } : tensor<1x6x12xf32>
  %c = tensor.generate {
  ^bb0(%i: index, %j: index, %k: index):
    %jj = arith.index_cast %j : index to i64
    %kk = arith.index_cast %k : index to i64
    // One nonzero per column (rows k and k + 5): exact in any summation
    // order, and a missing reduction still shows.
    %c5 = arith.constant 5 : i64
    %k5 = arith.addi %kk, %c5 : i64
    %d0 = arith.cmpi eq, %jj, %kk : i64
    %d1 = arith.cmpi eq, %jj, %k5 : i64
    %on = arith.ori %d0, %d1 : i1
    %one = arith.constant 0.5 : f32
    %zero = arith.constant 0.0 : f32
    %y = arith.select %on, %one, %zero : f32
    tensor.yield %y : f32
  } : tensor<1x12x5xf32>
  %y = call @ff(%a, %b, %c) : (tensor<1x8x6xf32>, tensor<1x6x12xf32>, tensor<1x12x5xf32>) -> tensor<1x8x5xf32>
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %v = vector.transfer_read %y[%c0, %c0, %c0], %pad : tensor<1x8x5xf32>, vector<1x8x5xf32>
  vector.print %v : vector<1x8x5xf32>
  return
}
