// REQUIRES: compiler, idtr-runtime
// RUN: python3 %srcroot/scripts/shard-differential.py --distc %distc --mpirun "%mpirun" --ranks 1,2,3,4,2x2 --work %t %s | FileCheck %s
// CHECK: 1 ranks match the reference
// CHECK: 2 ranks match the reference
// CHECK: 3 ranks match the reference
// CHECK: 4 ranks match the reference
// CHECK: 4 ranks match the reference (grid 2x2)

// Differential check (scripts/shard-differential.py): on 1, 2, 3 and 4
// ranks, every rank prints what the program without its shard ops prints on
// one rank.
shard.grid @grid0(shape = 4)

// Column sums and the maximum of a row-split matrix: local partial
// reductions and a team reduction each.
func.func @colsum(%a: tensor<12x6xf64>) -> (tensor<6xf64>, tensor<f64>) {
  %rows = shard.sharding @grid0 split_axes = [[0]] : !shard.sharding
  %as = shard.shard %a to %rows : tensor<12x6xf64>
  %zero = arith.constant 0.0 : f64
  %e = tensor.empty() : tensor<6xf64>
  %z = linalg.fill ins(%zero : f64) outs(%e : tensor<6xf64>) -> tensor<6xf64>
  %s = linalg.reduce ins(%as : tensor<12x6xf64>) outs(%z : tensor<6xf64>) dimensions = [0]
    (%x: f64, %acc: f64) {
      %t = arith.addf %x, %acc : f64
      linalg.yield %t : f64
    }
  %ninf = arith.constant -1.0e300 : f64
  %e0 = tensor.empty() : tensor<f64>
  %m0 = linalg.fill ins(%ninf : f64) outs(%e0 : tensor<f64>) -> tensor<f64>
  %m = linalg.reduce ins(%as : tensor<12x6xf64>) outs(%m0 : tensor<f64>) dimensions = [0, 1]
    (%x: f64, %acc: f64) {
      %t = arith.maximumf %x, %acc : f64
      linalg.yield %t : f64
    }
  return %s, %m : tensor<6xf64>, tensor<f64>
}

func.func @main() {
  %a = tensor.generate {
  ^bb0(%i: index, %j: index):
    %ii = arith.index_cast %i : index to i64
    %jj = arith.index_cast %j : index to i64
    %c5 = arith.constant 5 : i64
    %c13 = arith.constant 13 : i64
    %k = arith.muli %ii, %c5 : i64
    %l = arith.addi %k, %jj : i64
    %r = arith.remsi %l, %c13 : i64
    %f = arith.sitofp %r : i64 to f64
    tensor.yield %f : f64
  } : tensor<12x6xf64>
  %s, %m = call @colsum(%a) : (tensor<12x6xf64>) -> (tensor<6xf64>, tensor<f64>)
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f64
  %v = vector.transfer_read %s[%c0], %pad : tensor<6xf64>, vector<6xf64>
  vector.print %v : vector<6xf64>
  %mx = tensor.extract %m[] : tensor<f64>
  vector.print %mx : f64
  return
}
