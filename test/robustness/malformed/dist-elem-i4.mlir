// dist ops on i4, which the runtime cannot move (f16 it can).
// RUN: not %distc %s -o %t 2>&1 | FileCheck %s -DFILE=%s --implicit-check-not="PLEASE submit" --implicit-check-not="Stack dump"
// CHECK: [[FILE]]:8:8: error: element type 'i4' has no IDTR runtime entry point (supported: f64, f32, i64, i32, i16, i8, i1, f16, bf16, complex<f32>, complex<f64>)

func.func @main() {
  %zero = arith.constant 0 : i4
  %a = dist.full %zero : !dist.tensor<8xi4>
  %b = dist.reshape %a : !dist.tensor<8xi4> -> !dist.tensor<2x4xi4>
  dist.print %b : !dist.tensor<2x4xi4>
  return
}
