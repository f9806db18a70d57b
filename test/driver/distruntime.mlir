// A distruntime-level program goes through the default pipeline: the ops
// become IDTR runtime calls, once per op, and `main` is the C entry point.
// RUN: %distc --emit=llvm -O0 %s -o - | FileCheck %s
// CHECK-DAG: declare i64 @_idtr_nprocs(i64)
// CHECK-DAG: declare i64 @_idtr_prank(i64)
// CHECK-DAG: declare i64 @_idtr_allreduce_f64(i64, i64, ptr, i64, ptr, i32)
// CHECK-DAG: declare void @_idtr_wait(i64)
// CHECK-DAG: define i32 @main()
// CHECK-DAG: call i64 @_idtr_allreduce_f64(i64 5,

func.func @main() {
  %n = distruntime.team_size {team = 5 : i64}
  %r = distruntime.team_member {team = 5 : i64}
  %x = tensor.generate {
  ^bb0(%i: index):
    %s = arith.addi %i, %r : index
    %v = arith.index_cast %s : index to i64
    %f = arith.sitofp %v : i64 to f64
    tensor.yield %f : f64
  } : tensor<4xf64>
  %h, %sum = distruntime.allreduce sum %x {team = 5 : i64}
    : (tensor<4xf64>) -> (!distruntime.asynchandle, tensor<4xf64>)
  distruntime.wait %h : !distruntime.asynchandle
  %c0 = arith.constant 0 : index
  %e = tensor.extract %sum[%c0] : tensor<4xf64>
  vector.print %e : f64
  vector.print %n : index
  return
}
