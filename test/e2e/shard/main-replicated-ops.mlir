// REQUIRES: compiler, idtr-runtime
// RUN: python3 %srcroot/scripts/shard-differential.py --distc %distc --mpirun "%mpirun" --ranks 1,2,3,4,2x2 --work %t %s | FileCheck %s
// CHECK: 1 ranks match the reference
// CHECK: 2 ranks match the reference
// CHECK: 3 ranks match the reference
// CHECK: 4 ranks match the reference
// CHECK: 4 ranks match the reference (grid 2x2)

// Everything in main, as upstream-style programs are written: annotations,
// linalg ops that partitioning splits, and ops without a sharding rule
// (tensor.generate, tensor.extract, tensor.dim, scalar arith, vector.print),
// which distc computes replicated instead of failing in propagation.
shard.grid @grid0(shape = 4)

func.func @main() {
  %a = tensor.generate {
  ^bb0(%i: index, %j: index):
    %ii = arith.index_cast %i : index to i64
    %jj = arith.index_cast %j : index to i64
    %c3 = arith.constant 3 : i64
    %k = arith.muli %ii, %c3 : i64
    %l = arith.addi %k, %jj : i64
    %f = arith.sitofp %l : i64 to f64
    tensor.yield %f : f64
  } : tensor<12x5xf64>
  %rows = shard.sharding @grid0 split_axes = [[0]] : !shard.sharding
  %as = shard.shard %a to %rows annotate_for_users : tensor<12x5xf64>
  %e = tensor.empty() : tensor<12x5xf64>
  %sq = linalg.mul ins(%as, %as : tensor<12x5xf64>, tensor<12x5xf64>) outs(%e : tensor<12x5xf64>) -> tensor<12x5xf64>
  %sqs = shard.shard %sq to %rows : tensor<12x5xf64>
  %zero = arith.constant 0.0 : f64
  %e0 = tensor.empty() : tensor<5xf64>
  %z = linalg.fill ins(%zero : f64) outs(%e0 : tensor<5xf64>) -> tensor<5xf64>
  %cols = linalg.reduce ins(%sqs : tensor<12x5xf64>) outs(%z : tensor<5xf64>) dimensions = [0]
    (%x: f64, %acc: f64) {
      %t = arith.addf %x, %acc : f64
      linalg.yield %t : f64
    }
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %first = tensor.extract %cols[%c0] : tensor<5xf64>
  %last = tensor.extract %cols[%c4] : tensor<5xf64>
  %d = arith.subf %last, %first : f64
  vector.print %d : f64
  %n = tensor.dim %sq, %c0 : tensor<12x5xf64>
  vector.print %n : index
  %mid = tensor.extract %sq[%c4, %c4] : tensor<12x5xf64>
  vector.print %mid : f64
  return
}
