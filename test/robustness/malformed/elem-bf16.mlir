// Element type bf16 has no IDTR entry point.
// RUN: not %distc %s -o %t 2>&1 | FileCheck %s -DFILE=%s --implicit-check-not="PLEASE submit" --implicit-check-not="Stack dump"
// CHECK: [[FILE]]:7:12: error: element type 'bf16' has no IDTR runtime entry point (supported: f64, f32, i64, i32, i16, i8, i1)

func.func @main() {
  %x = tensor.empty() : tensor<4xbf16>
  %h, %s = distruntime.allreduce sum %x {team = 1 : i64} : (tensor<4xbf16>) -> (!distruntime.asynchandle, tensor<4xbf16>)
  distruntime.wait %h : !distruntime.asynchandle
  return
}
