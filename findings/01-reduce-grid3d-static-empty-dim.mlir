func.func @main() {
  %one = arith.constant 1.0 : f64
  %a = dist.full %one : !dist.tensor<4x0x3xf64, grid = [?, ?], split = [2, 0]>
  %r = dist.reduce sum %a axis 2 : !dist.tensor<4x0x3xf64, grid = [?, ?], split = [2, 0]> -> !dist.tensor<4x0xf64>
  dist.print %r numpy : !dist.tensor<4x0xf64>
  return
}
// FINDINGS.md #1. distc (any -O) stops with
//   4:8: error: offset 1 is out-of-bounds: 0 >= 0
// Expected (numpy np.ones((4, 0, 3)).sum(axis=2), any number of ranks): []
