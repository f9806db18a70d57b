// Every call that starts an operation is preceded by _idtr_set_location
// with a constant "file:line:col: op" naming the user's op: the first file
// position of the op's location and the op name the dist lowering records
// as a NameLoc (or the distruntime op itself). Waits and team queries take
// none (a wait names the op that started its handle).
// RUN: %distc-opt %s --lower-distruntime-to-idtr | FileCheck %s

// One global per distinct location, reused by calls at the same position.
// CHECK-DAG: llvm.mlir.global internal constant @[[GATHER:__distc_loc_[0-9A-F]+]]("prog.mlir:10:8: dist.gather\00")
// CHECK-DAG: llvm.mlir.global internal constant @[[FUSED:__distc_loc_[0-9A-F]+]]("prog.mlir:20:3: dist.reduce\00")
// CHECK-DAG: llvm.mlir.global internal constant @[[INLINED:__distc_loc_[0-9A-F]+]]("lib.mlir:4:5: dist.repartition\00")
// CHECK-DAG: llvm.mlir.global internal constant @[[RAW:__distc_loc_[0-9A-F]+]]("raw.mlir:7:1: distruntime.copy_permute\00")
// CHECK-NOT: llvm.mlir.global

// CHECK-LABEL: func.func @located
// CHECK: %[[A:.*]] = llvm.mlir.addressof @[[GATHER]]
// CHECK-NEXT: call @_idtr_set_location(%[[A]]) : (!llvm.ptr) -> ()
// CHECK-NEXT: call @_idtr_copy_reshape_f64(
// CHECK-NOT: _idtr_set_location
// CHECK: call @_idtr_wait(
// CHECK: %[[B:.*]] = llvm.mlir.addressof @[[GATHER]]
// CHECK-NEXT: call @_idtr_set_location(%[[B]])
// CHECK-NEXT: call @_idtr_copy_reshape_f64(
// CHECK: %[[C:.*]] = llvm.mlir.addressof @[[FUSED]]
// CHECK-NEXT: call @_idtr_set_location(%[[C]])
// CHECK-NEXT: call @_idtr_allreduce_f64(
// CHECK: %[[D:.*]] = llvm.mlir.addressof @[[INLINED]]
// CHECK-NEXT: call @_idtr_set_location(%[[D]])
// CHECK-NEXT: call @_idtr_copy_reshape_f64(
// CHECK: %[[E:.*]] = llvm.mlir.addressof @[[RAW]]
// CHECK-NEXT: call @_idtr_set_location(%[[E]])
// CHECK-NEXT: call @_idtr_copy_permute_f64(
// An op without a file position has no location (the runtime reports the
// entry point instead):
// CHECK-NOT: _idtr_set_location
// CHECK: call @_idtr_update_halo_f64(
// CHECK: return
func.func @located(%x: tensor<?xf64>, %g: index, %o: index, %n: index) {
  %h, %y = distruntime.copy_reshape %x g_shape %g l_offs %o to n_g_shape %g n_offs %o n_shape %n {team = 0 : i64}
    : (tensor<?xf64>, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<?xf64>)
    loc("dist.gather"("prog.mlir":10:8))
  distruntime.wait %h : !distruntime.asynchandle
  %h2, %y2 = distruntime.copy_reshape %x g_shape %g l_offs %o to n_g_shape %g n_offs %o n_shape %n {team = 0 : i64}
    : (tensor<?xf64>, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<?xf64>)
    loc("dist.gather"("prog.mlir":10:8))
  distruntime.wait %h2 : !distruntime.asynchandle
  // Sibling reductions fused into one: named after the first.
  %h3, %s = distruntime.allreduce sum %x {team = 0 : i64} : (tensor<?xf64>) -> (!distruntime.asynchandle, tensor<?xf64>)
    loc(fused["dist.reduce"("prog.mlir":20:3), "dist.reduce"("prog.mlir":21:3)])
  distruntime.wait %h3 : !distruntime.asynchandle
  // Inlined from lib.mlir: the callee's position, not the call's; a name
  // a user gave a location ("step") is not an op name.
  %h4, %y4 = distruntime.copy_reshape %x g_shape %g l_offs %o to n_g_shape %g n_offs %o n_shape %n {team = 0 : i64}
    : (tensor<?xf64>, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<?xf64>)
    loc(callsite("step"("dist.repartition"("lib.mlir":4:5)) at "prog.mlir":30:3))
  distruntime.wait %h4 : !distruntime.asynchandle
  %h5, %y5 = distruntime.copy_permute %x g_shape %g l_offs %o to n_offs %o n_shape %n axes [0] {team = 0 : i64}
    : (tensor<?xf64>, index, index, index, index) -> (!distruntime.asynchandle, tensor<?xf64>)
    loc("raw.mlir":7:1)
  distruntime.wait %h5 : !distruntime.asynchandle
  %h6, %l, %r = distruntime.update_halo %x g_shape %g l_offs %o bb_offs %o bb_sizes %n {team = 0 : i64}
    : (tensor<?xf64>, index, index, index, index) -> (!distruntime.asynchandle, tensor<?xf64>, tensor<?xf64>)
    loc(unknown)
  distruntime.wait %h6 : !distruntime.asynchandle
  return
}
