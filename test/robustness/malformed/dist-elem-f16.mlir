// dist ops on f16, which the runtime cannot move.
// RUN: not %distc %s -o %t 2>&1 | FileCheck %s -DFILE=%s --implicit-check-not="PLEASE submit" --implicit-check-not="Stack dump"
// CHECK: [[FILE]]:8:8: error: element type 'f16' has no IDTR runtime entry point (supported: f64, f32, i64, i32, i16, i8, i1)

func.func @main() {
  %zero = arith.constant 0.0 : f16
  %a = dist.full %zero : !dist.tensor<8xf16>
  %b = dist.reshape %a : !dist.tensor<8xf16> -> !dist.tensor<2x4xf16>
  dist.print %b : !dist.tensor<2x4xf16>
  return
}
