func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %fill = arith.constant -2.0 : f64
  %a = dist.full %fill (%c1, %c0) : !dist.tensor<?x?xf64>
  %s = dist.shift %a offsets [0, 1] fill %fill : !dist.tensor<?x?xf64>
  dist.print %s numpy : !dist.tensor<?x?xf64>
  return
}
// FINDINGS.md #3a. distc -O0 stops with
//   6:8: error: offset 1 is out-of-bounds: 1 >= 1
// -O1/-O2 compile it; expected (numpy, any number of ranks): []
