func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %fill = arith.constant -2.0 : f64
  %a = dist.full %fill (%c2, %c0) : !dist.tensor<?x?xf64>
  %e = dist.extend %a low [0, 1] high [0, 1] fill %fill : !dist.tensor<?x?xf64> -> tensor<?x?xf64>
  %l = dist.local %a : !dist.tensor<?x?xf64> -> tensor<?x?xf64>
  %d0 = tensor.dim %l, %c0 : tensor<?x?xf64>
  %d1 = tensor.dim %l, %c1 : tensor<?x?xf64>
  %s = tensor.extract_slice %e[0, 2][%d0, %d1][1, 1] : tensor<?x?xf64> to tensor<?x?xf64>
  %y = dist.with_local %a, %s : !dist.tensor<?x?xf64>, tensor<?x?xf64> -> !dist.tensor<?x?xf64>
  dist.print %y numpy : !dist.tensor<?x?xf64>
  return
}
// FINDINGS.md #3b. distc -O0 stops with
//   11:8: error: offset 1 is out-of-bounds: 2 >= 2
// -O2 compiles it; expected (a shift of a 2 x 0 array, any number of ranks): []
