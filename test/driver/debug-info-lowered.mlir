// After the whole pipeline (distruntime lowering, bufferization, loops,
// LLVM), the instructions made for an op keep that op's line: the runtime
// calls of a distruntime.allreduce and a wait, the allocation of a tensor
// and the loop of a tensor.generate.
// RUN: %distc -O0 -g --emit=llvm %s -o - | FileCheck %s

// CHECK: call ptr @_mlir_memref_to_llvm_alloc({{.*}}), !dbg ![[GENERATE:[0-9]+]]
// CHECK: call i64 @_idtr_allreduce_f64(i64 5, {{.*}}), !dbg ![[ALLREDUCE:[0-9]+]]
// CHECK: call void @_idtr_wait(i64 {{.*}}), !dbg ![[WAIT:[0-9]+]]
// CHECK-DAG: ![[GENERATE]] = !DILocation(line: [[#@LINE+6]], column: 8,
// CHECK-DAG: ![[ALLREDUCE]] = !DILocation(line: [[#@LINE+12]], column: 14,
// CHECK-DAG: ![[WAIT]] = !DILocation(line: [[#@LINE+13]], column: 3,
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
