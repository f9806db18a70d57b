func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %fill = arith.constant -1.0 : f64
  %a = dist.generate (%c0, %c5, %c0) : !dist.tensor<?x?x?xf64> {
  ^bb0(%i: index, %j: index, %k: index):
    %v = arith.index_cast %i : index to i64
    %f = arith.sitofp %v : i64 to f64
    dist.yield %f : f64
  }
  %r = scf.for %it = %c0 to %c3 step %c1 iter_args(%u = %a) -> (!dist.tensor<?x?x?xf64>) {
    %s = dist.shift %u offsets [1, 0, -2] fill %fill : !dist.tensor<?x?x?xf64>
    %y = dist.sub %s, %u : !dist.tensor<?x?x?xf64>, !dist.tensor<?x?x?xf64> -> !dist.tensor<?x?x?xf64>
    scf.yield %y : !dist.tensor<?x?x?xf64>
  }
  return
}
// FINDINGS.md #3c. distc (-O0 to -O3) stops with
//   15:10: error: offset 2 is out-of-bounds: 0 >= 0
// Expected: compiles (and prints nothing).
