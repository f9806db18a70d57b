// A static tensor type whose element count overflows 64 bits.
// RUN: not %distc %s -o %t 2>&1 | FileCheck %s -DFILE=%s --implicit-check-not="PLEASE submit" --implicit-check-not="Stack dump"
// CHECK: [[FILE]]:8:8: error: type 'tensor<4611686018427387904x4611686018427387904xf64>' has more elements or bytes than a 64-bit size can hold

func.func @main() {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f64
  %t = tensor.empty() : tensor<4611686018427387904x4611686018427387904xf64>
  %f = linalg.fill ins(%one : f64) outs(%t : tensor<4611686018427387904x4611686018427387904xf64>) -> tensor<4611686018427387904x4611686018427387904xf64>
  %v = tensor.extract %f[%c0, %c0] : tensor<4611686018427387904x4611686018427387904xf64>
  vector.print %v : f64
  return
}
