// A tensor-parallel transformer layer (Megatron's decomposition) on a 1-D
// grid of 4 processes (run with mpirun -n 4; the grid's size must equal the
// number of ranks, so for P ranks write `shape = P`).
//
//   attention  Q, K, V = x Wq, x Wk, x Wv        column-parallel: whole heads
//              per head softmax(Q K^T / sqrt(dh)) V   local to each process
//              a = o Wo                         row-parallel: partial sums,
//              h1 = x + all_reduce(a)           one shard.all_reduce
//   MLP        u = gelu_tanh(h1 W1)             column-parallel
//              out = h1 + all_reduce(u W2)      row-parallel, one all_reduce
//
// Only the weights are annotated: Wq, Wk, Wv and W1 split by columns, Wo and
// W2 by rows (the same blocks of heads and hidden units), the two results
// of the row-parallel products replicated. Propagation carries the column
// split through the reshape to (seq, heads, head dim) (a block of whole
// heads when the grid's size divides the number of heads), the transposes,
// the batched products and the softmax along the key axis, so the compiled
// program communicates exactly twice, the two all_reduces, and gathers
// nothing (`distc --emit=mlir` shows two distruntime.allreduce ops).
// Remove the shard ops and the program computes the same result on one rank
// (test/e2e/shard/transformer.mlir checks it on 1-4 ranks and a 2x2 grid).
//
// Sizes: sequence 32, hidden 96, 12 heads of 8, MLP 384, f32, so that it
// runs in well under a second and 1, 2, 3, 4 and 6 processes hold whole
// heads. A model's sizes (sequence 1024, hidden 1024, 16 heads of 64, MLP
// 4096) only change the static shapes: bench/shard/transformer-shard.mlir
// is this layer at those sizes, timed, against the C + MPI + OpenBLAS
// version (bench/shard/transformer_mpi.c).
shard.grid @grid0(shape = 4)

func.func @layer(%x: tensor<32x96xf32>, %wq: tensor<96x96xf32>, %wk: tensor<96x96xf32>, %wv: tensor<96x96xf32>,
                 %wo: tensor<96x96xf32>, %w1: tensor<96x384xf32>, %w2: tensor<384x96xf32>) -> tensor<32x96xf32> {
  // Column-parallel weights (split by columns: whole heads of Q, K and V,
  // a block of the MLP's hidden units), row-parallel ones (the same rows),
  // and the replicated layout of the activations between the two blocks.
  %cols = shard.sharding @grid0 split_axes = [[], [0]] : !shard.sharding
  %rows = shard.sharding @grid0 split_axes = [[0]] : !shard.sharding
  %repl = shard.sharding @grid0 split_axes = [[]] : !shard.sharding
  %wq_s = shard.shard %wq to %cols : tensor<96x96xf32>
  %wk_s = shard.shard %wk to %cols : tensor<96x96xf32>
  %wv_s = shard.shard %wv to %cols : tensor<96x96xf32>
  %wo_s = shard.shard %wo to %rows : tensor<96x96xf32>
  %w1_s = shard.shard %w1 to %cols : tensor<96x384xf32>
  %w2_s = shard.shard %w2 to %rows : tensor<384x96xf32>
  %zero = arith.constant 0.0 : f32

  // ---- attention ----
  // Q, K, V = x Wq, x Wk, x Wv: each process computes the columns of its heads.
  %e_sh = tensor.empty() : tensor<32x96xf32>
  %z_sh = linalg.fill ins(%zero : f32) outs(%e_sh : tensor<32x96xf32>) -> tensor<32x96xf32>
  %q = linalg.matmul ins(%x, %wq_s : tensor<32x96xf32>, tensor<96x96xf32>) outs(%z_sh : tensor<32x96xf32>) -> tensor<32x96xf32>
  %k = linalg.matmul ins(%x, %wk_s : tensor<32x96xf32>, tensor<96x96xf32>) outs(%z_sh : tensor<32x96xf32>) -> tensor<32x96xf32>
  %v = linalg.matmul ins(%x, %wv_s : tensor<32x96xf32>, tensor<96x96xf32>) outs(%z_sh : tensor<32x96xf32>) -> tensor<32x96xf32>
  // The hidden dimension as (head, head dimension): a column block of whole
  // heads stays a block of heads, split the same way.
  %q3 = tensor.expand_shape %q [[0], [1, 2]] output_shape [32, 12, 8] : tensor<32x96xf32> into tensor<32x12x8xf32>
  %k3 = tensor.expand_shape %k [[0], [1, 2]] output_shape [32, 12, 8] : tensor<32x96xf32> into tensor<32x12x8xf32>
  %v3 = tensor.expand_shape %v [[0], [1, 2]] output_shape [32, 12, 8] : tensor<32x96xf32> into tensor<32x12x8xf32>
  // Heads first, the batch dimension of the products: Q scaled by
  // 1/sqrt(head dim) on the way (S x H multiplications instead of
  // heads x S x S on the scores), K transposed to (head, dim, key).
  %scale = arith.constant 3.535533906e-01 : f32
  %e_qt = tensor.empty() : tensor<12x32x8xf32>
  %qt = linalg.generic {
      indexing_maps = [affine_map<(h, s, d) -> (s, h, d)>, affine_map<(h, s, d) -> (h, s, d)>],
      iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%q3 : tensor<32x12x8xf32>) outs(%e_qt : tensor<12x32x8xf32>) {
  ^bb0(%a: f32, %out: f32):
    %m = arith.mulf %a, %scale : f32
    linalg.yield %m : f32
  } -> tensor<12x32x8xf32>
  %e_kt = tensor.empty() : tensor<12x8x32xf32>
  %kt = linalg.transpose ins(%k3 : tensor<32x12x8xf32>) outs(%e_kt : tensor<12x8x32xf32>) permutation = [1, 2, 0]
  %e_vt = tensor.empty() : tensor<12x32x8xf32>
  %vt = linalg.transpose ins(%v3 : tensor<32x12x8xf32>) outs(%e_vt : tensor<12x32x8xf32>) permutation = [1, 0, 2]
  // Scores, softmax along the key axis, weighted values: per head, local.
  %e_ss = tensor.empty() : tensor<12x32x32xf32>
  %z_ss = linalg.fill ins(%zero : f32) outs(%e_ss : tensor<12x32x32xf32>) -> tensor<12x32x32xf32>
  %scores = linalg.batch_matmul ins(%qt, %kt : tensor<12x32x8xf32>, tensor<12x8x32xf32>) outs(%z_ss : tensor<12x32x32xf32>) -> tensor<12x32x32xf32>
  %e_p = tensor.empty() : tensor<12x32x32xf32>
  %p = linalg.softmax dimension(2) ins(%scores : tensor<12x32x32xf32>) outs(%e_p : tensor<12x32x32xf32>) -> tensor<12x32x32xf32>
  %e_o = tensor.empty() : tensor<12x32x8xf32>
  %z_o = linalg.fill ins(%zero : f32) outs(%e_o : tensor<12x32x8xf32>) -> tensor<12x32x8xf32>
  %o = linalg.batch_matmul ins(%p, %vt : tensor<12x32x32xf32>, tensor<12x32x8xf32>) outs(%z_o : tensor<12x32x8xf32>) -> tensor<12x32x8xf32>
  %e_o3 = tensor.empty() : tensor<32x12x8xf32>
  %o3 = linalg.transpose ins(%o : tensor<12x32x8xf32>) outs(%e_o3 : tensor<32x12x8xf32>) permutation = [1, 0, 2]
  %o2 = tensor.collapse_shape %o3 [[0], [1, 2]] : tensor<32x12x8xf32> into tensor<32x96xf32>
  // Row-parallel output projection: partial sums over this process's heads,
  // summed by one all_reduce (the replicated annotation).
  %e_a = tensor.empty() : tensor<32x96xf32>
  %z_a = linalg.fill ins(%zero : f32) outs(%e_a : tensor<32x96xf32>) -> tensor<32x96xf32>
  %attn = linalg.matmul ins(%o2, %wo_s : tensor<32x96xf32>, tensor<96x96xf32>) outs(%z_a : tensor<32x96xf32>) -> tensor<32x96xf32>
  %attn_r = shard.shard %attn to %repl : tensor<32x96xf32>
  %e_h1 = tensor.empty() : tensor<32x96xf32>
  %h1 = linalg.add ins(%x, %attn_r : tensor<32x96xf32>, tensor<32x96xf32>) outs(%e_h1 : tensor<32x96xf32>) -> tensor<32x96xf32>

  // ---- MLP ----
  // Column-parallel up projection and GELU (tanh approximation) on this
  // process's hidden units.
  %e_u = tensor.empty() : tensor<32x384xf32>
  %z_u = linalg.fill ins(%zero : f32) outs(%e_u : tensor<32x384xf32>) -> tensor<32x384xf32>
  %u = linalg.matmul ins(%h1, %w1_s : tensor<32x96xf32>, tensor<96x384xf32>) outs(%z_u : tensor<32x384xf32>) -> tensor<32x384xf32>
  %half = arith.constant 0.5 : f32
  %one = arith.constant 1.0 : f32
  %c_g = arith.constant 0.7978845608 : f32
  %c_3 = arith.constant 0.044715 : f32
  %e_g = tensor.empty() : tensor<32x384xf32>
  %g = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%u : tensor<32x384xf32>) outs(%e_g : tensor<32x384xf32>) {
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
  } -> tensor<32x384xf32>
  // Row-parallel down projection: partial sums, one all_reduce.
  %e_y = tensor.empty() : tensor<32x96xf32>
  %z_y = linalg.fill ins(%zero : f32) outs(%e_y : tensor<32x96xf32>) -> tensor<32x96xf32>
  %y = linalg.matmul ins(%g, %w2_s : tensor<32x384xf32>, tensor<384x96xf32>) outs(%z_y : tensor<32x96xf32>) -> tensor<32x96xf32>
  %y_r = shard.shard %y to %repl : tensor<32x96xf32>
  %e_out = tensor.empty() : tensor<32x96xf32>
  %out = linalg.add ins(%h1, %y_r : tensor<32x96xf32>, tensor<32x96xf32>) outs(%e_out : tensor<32x96xf32>) -> tensor<32x96xf32>
  return %out : tensor<32x96xf32>
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
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %s = arith.constant 32 : index
  %h = arith.constant 96 : index
  %f = arith.constant 384 : index
  // Weights scaled by 1 / fan-in (a power of two): the periodic inputs
  // add up coherently, and activations stay of order 1.
  %sx = arith.constant 0.5 : f32
  %sw = arith.constant 0.0078125 : f32
  %sf = arith.constant 0.001953125 : f32
  %seed_x = arith.constant 0 : i64
  %x_d = call @input(%s, %h, %seed_x, %sx) : (index, index, i64, f32) -> tensor<?x?xf32>
  %x = tensor.cast %x_d : tensor<?x?xf32> to tensor<32x96xf32>
  %seed_wq = arith.constant 1 : i64
  %wq_d = call @input(%h, %h, %seed_wq, %sw) : (index, index, i64, f32) -> tensor<?x?xf32>
  %wq = tensor.cast %wq_d : tensor<?x?xf32> to tensor<96x96xf32>
  %seed_wk = arith.constant 2 : i64
  %wk_d = call @input(%h, %h, %seed_wk, %sw) : (index, index, i64, f32) -> tensor<?x?xf32>
  %wk = tensor.cast %wk_d : tensor<?x?xf32> to tensor<96x96xf32>
  %seed_wv = arith.constant 3 : i64
  %wv_d = call @input(%h, %h, %seed_wv, %sw) : (index, index, i64, f32) -> tensor<?x?xf32>
  %wv = tensor.cast %wv_d : tensor<?x?xf32> to tensor<96x96xf32>
  %seed_wo = arith.constant 4 : i64
  %wo_d = call @input(%h, %h, %seed_wo, %sw) : (index, index, i64, f32) -> tensor<?x?xf32>
  %wo = tensor.cast %wo_d : tensor<?x?xf32> to tensor<96x96xf32>
  %seed_w1 = arith.constant 5 : i64
  %w1_d = call @input(%h, %f, %seed_w1, %sw) : (index, index, i64, f32) -> tensor<?x?xf32>
  %w1 = tensor.cast %w1_d : tensor<?x?xf32> to tensor<96x384xf32>
  %seed_w2 = arith.constant 6 : i64
  %w2_d = call @input(%f, %h, %seed_w2, %sf) : (index, index, i64, f32) -> tensor<?x?xf32>
  %w2 = tensor.cast %w2_d : tensor<?x?xf32> to tensor<384x96xf32>
  %y = call @layer(%x, %wq, %wk, %wv, %wo, %w1, %w2) : (tensor<32x96xf32>, tensor<96x96xf32>, tensor<96x96xf32>, tensor<96x96xf32>, tensor<96x96xf32>, tensor<96x384xf32>, tensor<384x96xf32>) -> tensor<32x96xf32>
  %zero = arith.constant 0.0 : f64
  %sumsq = scf.for %i = %c0 to %s step %c1 iter_args(%b = %zero) -> (f64) {
    %row = scf.for %j = %c0 to %h step %c1 iter_args(%bj = %b) -> (f64) {
      %e = tensor.extract %y[%i, %j] : tensor<32x96xf32>
      %d = arith.extf %e : f32 to f64
      %sq = arith.mulf %d, %d : f64
      %bn = arith.addf %bj, %sq : f64
      scf.yield %bn : f64
    }
    scf.yield %row : f64
  }
  %pad = arith.constant 0.0 : f32
  %last = arith.constant 31 : index
  %tail = arith.constant 88 : index
  // Rounded (the sum of squares to an integer, elements to 3 decimals):
  // the row-parallel products add their partial sums in another order on
  // each grid size, which changes the last bits of an f32 result.
  %ssq = math.round %sumsq : f64
  vector.print str "sum of squares "
  vector.print %ssq : f64
  %k = arith.constant dense<1000.0> : vector<8xf32>
  %first = vector.transfer_read %y[%c0, %c0], %pad : tensor<32x96xf32>, vector<8xf32>
  %first_k = arith.mulf %first, %k : vector<8xf32>
  %first_r = math.round %first_k : vector<8xf32>
  %first_p = arith.divf %first_r, %k : vector<8xf32>
  vector.print str "y[0, :8] "
  vector.print %first_p : vector<8xf32>
  %lastv = vector.transfer_read %y[%last, %tail], %pad : tensor<32x96xf32>, vector<8xf32>
  %last_k = arith.mulf %lastv, %k : vector<8xf32>
  %last_r = math.round %last_k : vector<8xf32>
  %last_p = arith.divf %last_r, %k : vector<8xf32>
  vector.print str "y[31, -8:] "
  vector.print %last_p : vector<8xf32>
  return
}
