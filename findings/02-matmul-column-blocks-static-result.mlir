func.func @main() {
  %one = arith.constant 1.0 : f64
  %a = dist.full %one : !dist.tensor<2x2xf64, split = 1>
  %b = dist.full %one : !dist.tensor<2x2xf64>
  %c = dist.matmul %a, %b : !dist.tensor<2x2xf64, split = 1>, !dist.tensor<2x2xf64> -> !dist.tensor<2x2xf64>
  dist.print %c numpy : !dist.tensor<2x2xf64>
  return
}
// FINDINGS.md #2. distc (any -O) stops with
//   5:8: error: expected type to be 'tensor<?x?xf64>' or a rank-reduced version. (size mismatch)
// Expected (numpy np.ones((2,2)) @ np.ones((2,2)), any number of ranks):
// [[2. 2.]
//  [2. 2.]]
