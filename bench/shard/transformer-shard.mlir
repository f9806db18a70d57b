// bench/shard: the tensor-parallel transformer layer of
// samples/shard/transformer.mlir at a model's sizes: sequence 1024, hidden
// 1024, 16 heads of 64, MLP 4096, f32, on a 1-D grid of P processes
// (bench/shard/run.sh sets P in the text; P must divide the 16 heads for
// the layer to keep whole heads per process). Wq, Wk, Wv and W1 are split
// by columns, Wo and W2 by rows; the attention of each process's heads and
// its block of the MLP need no communication, and two all_reduces sum the
// row-parallel partial products. The timed region (from @main's call of
// @now just before the call of @layer to the call of @now inside it, after
// the second residual add) holds the local slices of the weights, the six
// products, the attention, the GELU, both all_reduces and both residual
// adds, as transformer_mpi.c's does (calls are barriers for
// distruntime-overlap-comm, so the waits stay inside). Prints the sum and
// the sum of squares of the output and the slowest rank's best time over
// `--reps` calls.
shard.grid @grid0(shape = 2)

func.func private @now() -> f64 {
  %t = dist.wtime : f64
  return %t : f64
}

func.func @layer(%x: tensor<1024x1024xf32>, %wq: tensor<1024x1024xf32>, %wk: tensor<1024x1024xf32>, %wv: tensor<1024x1024xf32>,
                 %wo: tensor<1024x1024xf32>, %w1: tensor<1024x4096xf32>, %w2: tensor<4096x1024xf32>, %t0: f64) -> (tensor<1024x1024xf32>, f64) {
  // Column-parallel weights (split by columns: whole heads of Q, K and V,
  // a block of the MLP's hidden units), row-parallel ones (the same rows),
  // and the replicated layout of the activations between the two blocks.
  %cols = shard.sharding @grid0 split_axes = [[], [0]] : !shard.sharding
  %rows = shard.sharding @grid0 split_axes = [[0]] : !shard.sharding
  %repl = shard.sharding @grid0 split_axes = [[]] : !shard.sharding
  %wq_s = shard.shard %wq to %cols : tensor<1024x1024xf32>
  %wk_s = shard.shard %wk to %cols : tensor<1024x1024xf32>
  %wv_s = shard.shard %wv to %cols : tensor<1024x1024xf32>
  %wo_s = shard.shard %wo to %rows : tensor<1024x1024xf32>
  %w1_s = shard.shard %w1 to %cols : tensor<1024x4096xf32>
  %w2_s = shard.shard %w2 to %rows : tensor<4096x1024xf32>
  %zero = arith.constant 0.0 : f32

  // ---- attention ----
  // Q, K, V = x Wq, x Wk, x Wv: each process computes the columns of its heads.
  %e_sh = tensor.empty() : tensor<1024x1024xf32>
  %z_sh = linalg.fill ins(%zero : f32) outs(%e_sh : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %q = linalg.matmul ins(%x, %wq_s : tensor<1024x1024xf32>, tensor<1024x1024xf32>) outs(%z_sh : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %k = linalg.matmul ins(%x, %wk_s : tensor<1024x1024xf32>, tensor<1024x1024xf32>) outs(%z_sh : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %v = linalg.matmul ins(%x, %wv_s : tensor<1024x1024xf32>, tensor<1024x1024xf32>) outs(%z_sh : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  // The hidden dimension as (head, head dimension): a column block of whole
  // heads stays a block of heads, split the same way.
  %q3 = tensor.expand_shape %q [[0], [1, 2]] output_shape [1024, 16, 64] : tensor<1024x1024xf32> into tensor<1024x16x64xf32>
  %k3 = tensor.expand_shape %k [[0], [1, 2]] output_shape [1024, 16, 64] : tensor<1024x1024xf32> into tensor<1024x16x64xf32>
  %v3 = tensor.expand_shape %v [[0], [1, 2]] output_shape [1024, 16, 64] : tensor<1024x1024xf32> into tensor<1024x16x64xf32>
  // Heads first, the batch dimension of the products: Q scaled by
  // 1/sqrt(head dim) on the way (S x H multiplications instead of
  // heads x S x S on the scores), K transposed to (head, dim, key).
  %scale = arith.constant 1.250000000e-01 : f32
  %e_qt = tensor.empty() : tensor<16x1024x64xf32>
  %qt = linalg.generic {
      indexing_maps = [affine_map<(h, s, d) -> (s, h, d)>, affine_map<(h, s, d) -> (h, s, d)>],
      iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%q3 : tensor<1024x16x64xf32>) outs(%e_qt : tensor<16x1024x64xf32>) {
  ^bb0(%a: f32, %out: f32):
    %m = arith.mulf %a, %scale : f32
    linalg.yield %m : f32
  } -> tensor<16x1024x64xf32>
  %e_kt = tensor.empty() : tensor<16x64x1024xf32>
  %kt = linalg.transpose ins(%k3 : tensor<1024x16x64xf32>) outs(%e_kt : tensor<16x64x1024xf32>) permutation = [1, 2, 0]
  %e_vt = tensor.empty() : tensor<16x1024x64xf32>
  %vt = linalg.transpose ins(%v3 : tensor<1024x16x64xf32>) outs(%e_vt : tensor<16x1024x64xf32>) permutation = [1, 0, 2]
  // Scores, softmax along the key axis, weighted values: per head, local.
  %e_ss = tensor.empty() : tensor<16x1024x1024xf32>
  %z_ss = linalg.fill ins(%zero : f32) outs(%e_ss : tensor<16x1024x1024xf32>) -> tensor<16x1024x1024xf32>
  %scores = linalg.batch_matmul ins(%qt, %kt : tensor<16x1024x64xf32>, tensor<16x64x1024xf32>) outs(%z_ss : tensor<16x1024x1024xf32>) -> tensor<16x1024x1024xf32>
  %e_p = tensor.empty() : tensor<16x1024x1024xf32>
  %p = linalg.softmax dimension(2) ins(%scores : tensor<16x1024x1024xf32>) outs(%e_p : tensor<16x1024x1024xf32>) -> tensor<16x1024x1024xf32>
  %e_o = tensor.empty() : tensor<16x1024x64xf32>
  %z_o = linalg.fill ins(%zero : f32) outs(%e_o : tensor<16x1024x64xf32>) -> tensor<16x1024x64xf32>
  %o = linalg.batch_matmul ins(%p, %vt : tensor<16x1024x1024xf32>, tensor<16x1024x64xf32>) outs(%z_o : tensor<16x1024x64xf32>) -> tensor<16x1024x64xf32>
  %e_o3 = tensor.empty() : tensor<1024x16x64xf32>
  %o3 = linalg.transpose ins(%o : tensor<16x1024x64xf32>) outs(%e_o3 : tensor<1024x16x64xf32>) permutation = [1, 0, 2]
  %o2 = tensor.collapse_shape %o3 [[0], [1, 2]] : tensor<1024x16x64xf32> into tensor<1024x1024xf32>
  // Row-parallel output projection: partial sums over this process's heads,
  // summed by one all_reduce (the replicated annotation).
  %e_a = tensor.empty() : tensor<1024x1024xf32>
  %z_a = linalg.fill ins(%zero : f32) outs(%e_a : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %attn = linalg.matmul ins(%o2, %wo_s : tensor<1024x1024xf32>, tensor<1024x1024xf32>) outs(%z_a : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %attn_r = shard.shard %attn to %repl : tensor<1024x1024xf32>
  %e_h1 = tensor.empty() : tensor<1024x1024xf32>
  %h1 = linalg.add ins(%x, %attn_r : tensor<1024x1024xf32>, tensor<1024x1024xf32>) outs(%e_h1 : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>

  // ---- MLP ----
  // Column-parallel up projection and GELU (tanh approximation) on this
  // process's hidden units.
  %e_u = tensor.empty() : tensor<1024x4096xf32>
  %z_u = linalg.fill ins(%zero : f32) outs(%e_u : tensor<1024x4096xf32>) -> tensor<1024x4096xf32>
  %u = linalg.matmul ins(%h1, %w1_s : tensor<1024x1024xf32>, tensor<1024x4096xf32>) outs(%z_u : tensor<1024x4096xf32>) -> tensor<1024x4096xf32>
  %half = arith.constant 0.5 : f32
  %one = arith.constant 1.0 : f32
  %c_g = arith.constant 0.7978845608 : f32
  %c_3 = arith.constant 0.044715 : f32
  %e_g = tensor.empty() : tensor<1024x4096xf32>
  %g = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%u : tensor<1024x4096xf32>) outs(%e_g : tensor<1024x4096xf32>) {
  ^bb0(%a: f32, %out: f32):
    %a2 = arith.mulf %a, %a : f32
    %a3 = arith.mulf %a2, %a : f32
    %g0 = arith.mulf %a3, %c_3 : f32
    %g1 = arith.addf %a, %g0 : f32
    %g2 = arith.mulf %g1, %c_g : f32
    %th = math.tanh %g2 : f32
    %g3 = arith.addf %th, %one : f32
    %g4 = arith.mulf %a, %half : f32
    %r = arith.mulf %g4, %g3 : f32
    linalg.yield %r : f32
  } -> tensor<1024x4096xf32>
  // Row-parallel down projection: partial sums, one all_reduce.
  %e_y = tensor.empty() : tensor<1024x1024xf32>
  %z_y = linalg.fill ins(%zero : f32) outs(%e_y : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %y = linalg.matmul ins(%g, %w2_s : tensor<1024x4096xf32>, tensor<4096x1024xf32>) outs(%z_y : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %y_r = shard.shard %y to %repl : tensor<1024x1024xf32>
  %e_out = tensor.empty() : tensor<1024x1024xf32>
  %out = linalg.add ins(%h1, %y_r : tensor<1024x1024xf32>, tensor<1024x1024xf32>) outs(%e_out : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %t1 = func.call @now() : () -> f64
  %dt = arith.subf %t1, %t0 : f64
  return %out, %dt : tensor<1024x1024xf32>, f64
}

// Inputs whose values depend on the position (a wrong block, head or
// reduction changes the result): ((7 i + 3 j + seed) mod 11 - 5) * scale.
func.func @input(%rows: index, %cols: index, %seed: i64, %scale: f32) -> tensor<?x?xf32> {
  %t = tensor.generate %rows, %cols {
  ^bb0(%i: index, %j: index):
    %ii = arith.index_cast %i : index to i64
    %jj = arith.index_cast %j : index to i64
    %c7 = arith.constant 7 : i64
    %c3 = arith.constant 3 : i64
    %k = arith.muli %ii, %c7 : i64
    %l = arith.muli %jj, %c3 : i64
    %m = arith.addi %k, %l : i64
    %n = arith.addi %m, %seed : i64
    %c11 = arith.constant 11 : i64
    %r = arith.remsi %n, %c11 : i64
    %c5 = arith.constant 5 : i64
    %c = arith.subi %r, %c5 : i64
    %f = arith.sitofp %c : i64 to f32
    %v = arith.mulf %f, %scale : f32
    tensor.yield %v : f32
  } : tensor<?x?xf32>
  return %t : tensor<?x?xf32>
}

func.func @main() {
  %reps = dist.param "reps" default 5 : index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %s = arith.constant 1024 : index
  %h = arith.constant 1024 : index
  %f = arith.constant 4096 : index
  // Weights scaled by 1 / fan-in (a power of two): the periodic inputs
  // add up coherently, and activations stay of order 1.
  %sx = arith.constant 0.5 : f32
  %sw = arith.constant 0.0009765625 : f32
  %sf = arith.constant 0.000244140625 : f32
  %seed_x = arith.constant 0 : i64
  %x_d = call @input(%s, %h, %seed_x, %sx) : (index, index, i64, f32) -> tensor<?x?xf32>
  %x = tensor.cast %x_d : tensor<?x?xf32> to tensor<1024x1024xf32>
  %seed_wq = arith.constant 1 : i64
  %wq_d = call @input(%h, %h, %seed_wq, %sw) : (index, index, i64, f32) -> tensor<?x?xf32>
  %wq = tensor.cast %wq_d : tensor<?x?xf32> to tensor<1024x1024xf32>
  %seed_wk = arith.constant 2 : i64
  %wk_d = call @input(%h, %h, %seed_wk, %sw) : (index, index, i64, f32) -> tensor<?x?xf32>
  %wk = tensor.cast %wk_d : tensor<?x?xf32> to tensor<1024x1024xf32>
  %seed_wv = arith.constant 3 : i64
  %wv_d = call @input(%h, %h, %seed_wv, %sw) : (index, index, i64, f32) -> tensor<?x?xf32>
  %wv = tensor.cast %wv_d : tensor<?x?xf32> to tensor<1024x1024xf32>
  %seed_wo = arith.constant 4 : i64
  %wo_d = call @input(%h, %h, %seed_wo, %sw) : (index, index, i64, f32) -> tensor<?x?xf32>
  %wo = tensor.cast %wo_d : tensor<?x?xf32> to tensor<1024x1024xf32>
  %seed_w1 = arith.constant 5 : i64
  %w1_d = call @input(%h, %f, %seed_w1, %sw) : (index, index, i64, f32) -> tensor<?x?xf32>
  %w1 = tensor.cast %w1_d : tensor<?x?xf32> to tensor<1024x4096xf32>
  %seed_w2 = arith.constant 6 : i64
  %w2_d = call @input(%f, %h, %seed_w2, %sf) : (index, index, i64, f32) -> tensor<?x?xf32>
  %w2 = tensor.cast %w2_d : tensor<?x?xf32> to tensor<4096x1024xf32>
  %inf = arith.constant 1.0e30 : f64
  %y0 = tensor.empty() : tensor<1024x1024xf32>
  %best, %y = scf.for %r = %c0 to %reps step %c1 iter_args(%bi = %inf, %yi = %y0) -> (f64, tensor<1024x1024xf32>) {
    %t0 = func.call @now() : () -> f64
    %yn, %dt = func.call @layer(%x, %wq, %wk, %wv, %wo, %w1, %w2, %t0) : (tensor<1024x1024xf32>, tensor<1024x1024xf32>, tensor<1024x1024xf32>, tensor<1024x1024xf32>, tensor<1024x1024xf32>, tensor<1024x4096xf32>, tensor<4096x1024xf32>, f64) -> (tensor<1024x1024xf32>, f64)
    %slowest = dist.allreduce %dt max : f64
    %mn = arith.minimumf %bi, %slowest : f64
    scf.yield %mn, %yn : f64, tensor<1024x1024xf32>
  }
  %zero = arith.constant 0.0 : f64
  %sum:2 = scf.for %i = %c0 to %s step %c1 iter_args(%a = %zero, %b = %zero) -> (f64, f64) {
    %row:2 = scf.for %j = %c0 to %h step %c1 iter_args(%aj = %a, %bj = %b) -> (f64, f64) {
      %e = tensor.extract %y[%i, %j] : tensor<1024x1024xf32>
      %d = arith.extf %e : f32 to f64
      %an = arith.addf %aj, %d : f64
      %sq = arith.mulf %d, %d : f64
      %bn = arith.addf %bj, %sq : f64
      scf.yield %an, %bn : f64, f64
    }
    scf.yield %row#0, %row#1 : f64, f64
  }
  %me = dist.team_member
  %root = arith.cmpi eq, %me, %c0 : index
  scf.if %root {
    vector.print str "sum "
    vector.print %sum#0 : f64
    vector.print str "sumsq "
    vector.print %sum#1 : f64
    vector.print str "seconds "
    vector.print %best : f64
  }
  return
}
