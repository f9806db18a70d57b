// REQUIRES: compiler, idtr-runtime
// RUN: python3 %srcroot/scripts/shard-differential.py --distc %distc --mpirun "%mpirun" --ranks 2x2,1x3,3x1,2x1,1x5 --levels 0,2 --work %t %s | FileCheck %s
// CHECK: 4 ranks match the reference (grid 2x2) at -O0
// CHECK-NEXT: 4 ranks match the reference (grid 2x2) at -O2
// CHECK: 3 ranks match the reference (grid 1x3) at -O0
// CHECK-NEXT: 3 ranks match the reference (grid 1x3) at -O2
// CHECK: 3 ranks match the reference (grid 3x1) at -O0
// CHECK-NEXT: 3 ranks match the reference (grid 3x1) at -O2
// CHECK: 2 ranks match the reference (grid 2x1) at -O0
// CHECK-NEXT: 2 ranks match the reference (grid 2x1) at -O2
// CHECK: 5 ranks match the reference (grid 1x5) at -O0
// CHECK-NEXT: 5 ranks match the reference (grid 1x5) at -O2

// Differential check (scripts/shard-differential.py) of linalg.index in
// the bodies of partitioned ops: the index is the global one, offset by
// the first index of the process's block, for blocks of 2-D grids,
// dimensions split along two axes, uneven blocks (10 and 7 rows) and a
// split reduction loop.
shard.grid @grid(shape = 2x2)

#id = affine_map<(i, j) -> (i, j)>
#rows = affine_map<(i, j) -> (i)>

// out[i][j] = x[i][j] + 10 * i - j, in 2-D blocks.
func.func @blocks(%a: tensor<10x7xf32>) -> tensor<10x7xf32> {
  %blocks = shard.sharding @grid split_axes = [[0], [1]] : !shard.sharding
  %a1 = shard.shard %a to %blocks : tensor<10x7xf32>
  %e = tensor.empty() : tensor<10x7xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a1 : tensor<10x7xf32>) outs(%e : tensor<10x7xf32>) {
  ^bb0(%x: f32, %o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c10 = arith.constant 10 : index
    %t = arith.muli %i, %c10 : index
    %d = arith.subi %t, %j : index
    %n = arith.index_cast %d : index to i64
    %f = arith.sitofp %n : i64 to f32
    %y = arith.addf %x, %f : f32
    linalg.yield %y : f32
  } -> tensor<10x7xf32>
  %r1 = shard.shard %r to %blocks : tensor<10x7xf32>
  return %r1 : tensor<10x7xf32>
}

// Rows split along both axes, written from no input.
func.func @rows_two_axes(%a: tensor<7x3xi64>) -> tensor<7x3xi64> {
  %rows = shard.sharding @grid split_axes = [[0, 1]] : !shard.sharding
  %a1 = shard.shard %a to %rows : tensor<7x3xi64>
  %r = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]}
      outs(%a1 : tensor<7x3xi64>) {
  ^bb0(%o: i64):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c3 = arith.constant 3 : index
    %t = arith.muli %i, %c3 : index
    %d = arith.addi %t, %j : index
    %n = arith.index_cast %d : index to i64
    %y = arith.addi %n, %o : i64
    linalg.yield %y : i64
  } -> tensor<7x3xi64>
  %r1 = shard.shard %r to %rows : tensor<7x3xi64>
  return %r1 : tensor<7x3xi64>
}

// sum over j of x[i][j] * j, with j (a reduction loop) split.
func.func @weighted_row_sums(%a: tensor<10x7xf32>) -> tensor<10xf32> {
  %cols = shard.sharding @grid split_axes = [[], [1]] : !shard.sharding
  %a1 = shard.shard %a to %cols annotate_for_users : tensor<10x7xf32>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<10xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<10xf32>) -> tensor<10xf32>
  %r = linalg.generic {indexing_maps = [#id, #rows], iterator_types = ["parallel", "reduction"]}
      ins(%a1 : tensor<10x7xf32>) outs(%f : tensor<10xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %j = linalg.index 1 : index
    %n = arith.index_cast %j : index to i64
    %w = arith.sitofp %n : i64 to f32
    %p = arith.mulf %x, %w : f32
    %s = arith.addf %p, %acc : f32
    linalg.yield %s : f32
  } -> tensor<10xf32>
  return %r : tensor<10xf32>
}

func.func @main() {
  %in = tensor.generate {
  ^bb0(%i: index, %j: index):
    %ii = arith.index_cast %i : index to i64
    %jj = arith.index_cast %j : index to i64
    %k = arith.constant 2 : i64
    %p = arith.muli %jj, %k : i64
    %l = arith.subi %ii, %p : i64
    %x = arith.sitofp %l : i64 to f32
    tensor.yield %x : f32
  } : tensor<10x7xf32>
  %ones = arith.constant dense<100> : tensor<7x3xi64>
  %b = call @blocks(%in) : (tensor<10x7xf32>) -> tensor<10x7xf32>
  %r = call @rows_two_axes(%ones) : (tensor<7x3xi64>) -> tensor<7x3xi64>
  %s = call @weighted_row_sums(%in) : (tensor<10x7xf32>) -> tensor<10xf32>
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %ipad = arith.constant 0 : i64
  %vb = vector.transfer_read %b[%c0, %c0], %pad : tensor<10x7xf32>, vector<10x7xf32>
  vector.print %vb : vector<10x7xf32>
  %vr = vector.transfer_read %r[%c0, %c0], %ipad : tensor<7x3xi64>, vector<7x3xi64>
  vector.print %vr : vector<7x3xi64>
  %vs = vector.transfer_read %s[%c0], %pad : tensor<10xf32>, vector<10xf32>
  vector.print %vs : vector<10xf32>
  return
}
