// Element type f128 has no IDTR entry point.
// RUN: not %distc %s -o %t 2>&1 | FileCheck %s -DFILE=%s --implicit-check-not="PLEASE submit" --implicit-check-not="Stack dump"
// CHECK: [[FILE]]:7:12: error: element type 'f128' has no IDTR runtime entry point (supported: f64, f32, i64, i32, i16, i8, i1, f16, bf16, complex<f32>, complex<f64>)

func.func @main() {
  %x = tensor.empty() : tensor<4xf128>
  %h, %s = distruntime.allreduce sum %x {team = 1 : i64} : (tensor<4xf128>) -> (!distruntime.asynchandle, tensor<4xf128>)
  distruntime.wait %h : !distruntime.asynchandle
  return
}
