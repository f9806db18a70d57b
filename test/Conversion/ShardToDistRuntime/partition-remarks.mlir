// RUN: %distc-opt %s --distc-shard-partition=remarks=true --verify-diagnostics -o /dev/null
// RUN: %distc -v -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=DRIVER
// RUN: %distc -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty

// With `remarks` (distc -v), each op with tensor operands or results that
// has no sharding rule, and is therefore computed replicated, says so at
// its location; scalar ops and ops with a sharding rule do not. Without
// it, nothing is said.
// QUIET-NOT: remark
// DRIVER: partition-remarks.mlir:[[@LINE+18]]:8: remark: distc: 'tensor.extract' has no sharding rule: computed replicated on every process of grid @grid0 (split operands are gathered first)

shard.grid @grid0(shape = 4)

func.func @main() {
  // expected-remark @+1 {{'tensor.generate' has no sharding rule: computed replicated on every process of grid @grid0}}
  %a = tensor.generate {
  ^bb0(%i: index):
    %f = arith.index_cast %i : index to i64
    tensor.yield %f : i64
  } : tensor<8xi64>
  %rows = shard.sharding @grid0 split_axes = [[0]] : !shard.sharding
  %as = shard.shard %a to %rows annotate_for_users : tensor<8xi64>
  %e = tensor.empty() : tensor<8xi64>
  %sq = linalg.mul ins(%as, %as : tensor<8xi64>, tensor<8xi64>) outs(%e : tensor<8xi64>) -> tensor<8xi64>
  %sqs = shard.shard %sq to %rows : tensor<8xi64>
  %c3 = arith.constant 3 : index
  // expected-remark @+1 {{'tensor.extract' has no sharding rule: computed replicated on every process of grid @grid0 (split operands are gathered first)}}
  %x = tensor.extract %sqs[%c3] : tensor<8xi64>
  vector.print %x : i64
  return
}
