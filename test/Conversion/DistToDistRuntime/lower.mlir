// RUN: %distc-opt %s --distc-form-stencils --convert-dist-to-distruntime --canonicalize --cse --split-input-file | FileCheck %s

// A !dist.tensor argument becomes (local tensor, global sizes, offsets);
// creation computes the balanced block from team_size/team_member at run
// time, never at compile time.
// CHECK-LABEL: func.func @full
// CHECK-SAME: () -> (tensor<?x8xf64>, index, index, index, index)
// CHECK-DAG: %[[P:.*]] = distruntime.team_size {team = 0 : i64}
// CHECK-DAG: %[[R:.*]] = distruntime.team_member {team = 0 : i64}
// CHECK-DAG: %[[C10:.*]] = arith.constant 10 : index
// CHECK: %[[Q:.*]] = arith.divui %[[C10]], %[[P]] : index
// CHECK: %[[REM:.*]] = arith.remui %[[C10]], %[[P]] : index
// CHECK: %[[EMPTY:.*]] = tensor.empty(%{{.*}}) : tensor<?x8xf64>
// CHECK: %[[FILL:.*]] = linalg.fill ins(%{{.*}} : f64) outs(%[[EMPTY]] : tensor<?x8xf64>)
// CHECK: return %[[FILL]], %[[C10]], %{{.*}}, %{{.*}}, %{{.*}} : tensor<?x8xf64>, index, index, index, index
func.func @full() -> !dist.tensor<10x8xf64> {
  %one = arith.constant 1.0 : f64
  %a = dist.full %one : !dist.tensor<10x8xf64>
  return %a : !dist.tensor<10x8xf64>
}

// -----

// CHECK-LABEL: func.func @permute
// CHECK-SAME: (%[[L:.*]]: tensor<?x4xf64>, %[[G0:.*]]: index, %[[G1:.*]]: index, %[[O0:.*]]: index, %[[O1:.*]]: index)
// CHECK: %[[H:.*]], %[[OUT:.*]] = distruntime.copy_permute %[[L]] g_shape %[[G0]], %[[G1]] l_offs %[[O0]], %[[O1]] to n_offs %{{.*}}, %{{.*}} n_shape %{{.*}}, %{{.*}} axes [1, 0] {team = 0 : i64}
// CHECK-SAME: -> (!distruntime.asynchandle, tensor<?x?xf64>)
// CHECK: distruntime.wait %[[H]]
// CHECK: return %{{.*}}, %[[G1]], %[[G0]],
func.func @permute(%a: !dist.tensor<?x4xf64>) -> !dist.tensor<4x?xf64> {
  %p = dist.permute %a axes [1, 0] : !dist.tensor<?x4xf64> -> !dist.tensor<4x?xf64>
  return %p : !dist.tensor<4x?xf64>
}

// -----

// CHECK-LABEL: func.func @reshape
// CHECK: %[[H:.*]], %{{.*}} = distruntime.copy_reshape %{{.*}} g_shape %{{.*}}, %{{.*}} l_offs %{{.*}}, %{{.*}} to n_g_shape %{{.*}} n_offs %{{.*}} n_shape %{{.*}} {team = 2 : i64}
// CHECK: distruntime.wait %[[H]]
func.func @reshape(%a: !dist.tensor<6x4xi32, team = 2>) -> !dist.tensor<24xi32, team = 2> {
  %r = dist.reshape %a : !dist.tensor<6x4xi32, team = 2> -> !dist.tensor<24xi32, team = 2>
  return %r : !dist.tensor<24xi32, team = 2>
}

// -----

// Element-wise ops on tensors with the same partition need no
// communication; a differently partitioned operand is repartitioned.
// CHECK-LABEL: func.func @add_same_partition
// CHECK-NOT: distruntime.copy
// CHECK: linalg.generic
// CHECK: arith.addf
func.func @add_same_partition(%a: !dist.tensor<16xf64>, %b: !dist.tensor<16xf64>) -> !dist.tensor<16xf64> {
  %c = dist.add %a, %b : !dist.tensor<16xf64>
  return %c : !dist.tensor<16xf64>
}
// CHECK-LABEL: func.func @add_repartition
// CHECK: distruntime.copy_reshape
// CHECK: distruntime.wait
// CHECK: linalg.generic
// CHECK: arith.mulf
func.func @add_repartition(%a: !dist.tensor<16xf64>, %b: !dist.tensor<16xf64, irregular>) -> !dist.tensor<16xf64> {
  %c = dist.mul %a, %b : !dist.tensor<16xf64>, !dist.tensor<16xf64, irregular> -> !dist.tensor<16xf64>
  return %c : !dist.tensor<16xf64>
}

// -----

// A full reduction: a local reduction (a linalg.generic, so that element-wise
// fusion can fold producers into it), its identity where this rank's block
// is empty (fusion may drop the initialized accumulator), then an allreduce
// of one element.
// CHECK-LABEL: func.func @reduce
// CHECK: %[[RED:.*]] = linalg.generic {{{.*}}iterator_types = ["reduction", "reduction"]} ins(%{{.*}} : tensor<?x4xf64>) outs(%{{.*}} : tensor<f64>)
// CHECK: arith.maximumf
// CHECK: %[[EMPTY:.*]] = arith.cmpi eq, %{{.*}}, %c0 : index
// CHECK: %[[PART:.*]] = scf.if %[[EMPTY]] -> (tensor<f64>) {
// CHECK: } else {
// CHECK-NEXT: scf.yield %[[RED]] : tensor<f64>
// CHECK: %[[H:.*]], %[[ALL:.*]] = distruntime.allreduce max %[[PART]] {team = 0 : i64} : (tensor<f64>) -> (!distruntime.asynchandle, tensor<f64>)
// CHECK: distruntime.wait %[[H]]
// CHECK: %[[V:.*]] = tensor.extract %[[ALL]][] : tensor<f64>
// CHECK: return %[[V]]
func.func @reduce(%a: !dist.tensor<8x4xf64>) -> f64 {
  %m = dist.reduce max %a : !dist.tensor<8x4xf64> -> f64
  return %m : f64
}

// -----

// Four shifts of one tensor: one update_halo. Each dist.add of two shifts is
// computed as an interior that reads views of the local part at constant
// offsets (no extended copy), guarded by whether the part is large enough
// to have one (here: 2 rows; 8 columns are static), then a frame whose slabs
// read small windows with the halo rows.
// CHECK-LABEL: func.func @stencil
// CHECK-SAME: (%[[U:[^:]*]]: tensor<?x8xf64>
// CHECK: %{{.*}}, %[[LO:.*]], %[[HI:.*]] = distruntime.update_halo %[[U]]
// CHECK-NOT: distruntime.update_halo
// CHECK: %[[FITS:.*]] = arith.cmpi sge, %{{.*}}, %c2 : index
// CHECK: scf.if %[[FITS]] -> (tensor<?x8xf64>)
// CHECK: %[[N:.*]] = tensor.extract_slice %[[U]][0, 0] [%{{.*}}, 8] [1, 1] : tensor<?x8xf64> to tensor<?x8xf64>
// CHECK: %[[S:.*]] = tensor.extract_slice %[[U]][2, 0] [%{{.*}}, 8] [1, 1] : tensor<?x8xf64> to tensor<?x8xf64>
// CHECK: linalg.generic {{.*}} ins(%[[N]], %[[S]] : tensor<?x8xf64>, tensor<?x8xf64>)
// CHECK: tensor.extract_slice %[[LO]]
// CHECK: tensor.extract_slice %[[HI]]
// CHECK: linalg.generic
// CHECK: tensor.extract_slice %[[LO]]
// CHECK: tensor.extract_slice %[[HI]]
// CHECK: linalg.generic
// CHECK-NOT: scf.if
// CHECK: %[[W:.*]] = tensor.extract_slice %[[U]][0, 0] [%{{.*}}, 6] [1, 1] : tensor<?x8xf64> to tensor<?x6xf64>
// CHECK: %[[E:.*]] = tensor.extract_slice %[[U]][0, 2] [%{{.*}}, 6] [1, 1] : tensor<?x8xf64> to tensor<?x6xf64>
// CHECK: linalg.generic {{.*}} ins(%[[W]], %[[E]] : tensor<?x6xf64>, tensor<?x6xf64>)
// CHECK-NOT: distruntime.update_halo
// CHECK: return
func.func @stencil(%u: !dist.tensor<8x8xf64>) -> !dist.tensor<8x8xf64> {
  %z = arith.constant 0.0 : f64
  %n = dist.shift %u offsets [-1, 0] fill %z : !dist.tensor<8x8xf64>
  %s = dist.shift %u offsets [1, 0] fill %z : !dist.tensor<8x8xf64>
  %w = dist.shift %u offsets [0, -1] fill %z : !dist.tensor<8x8xf64>
  %e = dist.shift %u offsets [0, 1] fill %z : !dist.tensor<8x8xf64>
  %a = dist.add %n, %s : !dist.tensor<8x8xf64>
  %b = dist.add %w, %e : !dist.tensor<8x8xf64>
  %c = dist.add %a, %b : !dist.tensor<8x8xf64>
  return %c : !dist.tensor<8x8xf64>
}

// -----

// A 5-point dist.elementwise: the interior is one linalg.generic over views
// of the local part, before anything reads the halos (so the exchange can
// stay in flight during it), then 2 slabs per shifted dimension. dist.index
// becomes linalg.index plus the piece's global origin.
// CHECK-LABEL: func.func @five_point
// CHECK-SAME: (%[[U:[^:]*]]: tensor<?x8xf64>, %{{[^:]*}}: index, %{{[^:]*}}: index, %[[OFF:[^:]*]]: index
// CHECK: %{{.*}}, %[[LO:.*]], %[[HI:.*]] = distruntime.update_halo %[[U]]
// CHECK: %[[N:.*]] = tensor.extract_slice %[[U]][0, 1] [%{{.*}}, 6] [1, 1] : tensor<?x8xf64> to tensor<?x6xf64>
// CHECK: %[[S:.*]] = tensor.extract_slice %[[U]][2, 1] [%{{.*}}, 6] [1, 1] : tensor<?x8xf64> to tensor<?x6xf64>
// CHECK: %[[W:.*]] = tensor.extract_slice %[[U]][1, 0] [%{{.*}}, 6] [1, 1] : tensor<?x8xf64> to tensor<?x6xf64>
// CHECK: %[[E:.*]] = tensor.extract_slice %[[U]][1, 2] [%{{.*}}, 6] [1, 1] : tensor<?x8xf64> to tensor<?x6xf64>
// CHECK: %[[ROW0:.*]] = arith.addi %[[OFF]], %{{.*}} : index
// CHECK: linalg.generic {{.*}} ins(%[[N]], %[[S]], %[[W]], %[[E]] : {{.*}}) outs(%{{.*}} : tensor<?x6xf64>)
// CHECK: %[[I:.*]] = linalg.index 0 : index
// CHECK: arith.addi %[[I]], %[[ROW0]] : index
// CHECK-NOT: %[[LO]]
// CHECK: } -> tensor<?x6xf64>
// CHECK: tensor.dim %[[LO]]
// CHECK-COUNT-4: linalg.index 0
// CHECK-NOT: linalg.generic
// CHECK: return
func.func @five_point(%u: !dist.tensor<8x8xf64>) -> !dist.tensor<8x8xf64> {
  %z = arith.constant 0.0 : f64
  %n = dist.shift %u offsets [-1, 0] fill %z : !dist.tensor<8x8xf64>
  %s = dist.shift %u offsets [1, 0] fill %z : !dist.tensor<8x8xf64>
  %w = dist.shift %u offsets [0, -1] fill %z : !dist.tensor<8x8xf64>
  %e = dist.shift %u offsets [0, 1] fill %z : !dist.tensor<8x8xf64>
  %r = dist.elementwise %n, %s, %w, %e : !dist.tensor<8x8xf64>, !dist.tensor<8x8xf64>, !dist.tensor<8x8xf64>, !dist.tensor<8x8xf64> -> !dist.tensor<8x8xf64> {
  ^bb0(%a: f64, %b: f64, %c: f64, %d: f64):
    %i = dist.index 0 : index
    %ii = arith.index_cast %i : index to i64
    %fi = arith.sitofp %ii : i64 to f64
    %x = arith.addf %a, %b : f64
    %y = arith.addf %c, %d : f64
    %t = arith.addf %x, %y : f64
    %v = arith.addf %t, %fi : f64
    dist.yield %v : f64
  }
  return %r : !dist.tensor<8x8xf64>
}

// -----

// A shift that is also read whole (here by a reduction) still gets the whole
// extended tensor; the element-wise op next to it is split all the same.
// CHECK-LABEL: func.func @shift_read_whole
// CHECK-COUNT-1: distruntime.update_halo
// CHECK: linalg.generic {{.*}}iterator_types = ["reduction", "reduction"]
// CHECK: return
func.func @shift_read_whole(%u: !dist.tensor<8x8xf64>) -> (!dist.tensor<8x8xf64>, f64) {
  %z = arith.constant 0.0 : f64
  %n = dist.shift %u offsets [-1, 0] fill %z : !dist.tensor<8x8xf64>
  %a = dist.add %n, %u : !dist.tensor<8x8xf64>
  %m = dist.reduce max %n : !dist.tensor<8x8xf64> -> f64
  return %a, %m : !dist.tensor<8x8xf64>, f64
}

// Shifts only along dimension 1 stay local: no communication.
// CHECK-LABEL: func.func @local_shift
// CHECK-NOT: distruntime.update_halo
// CHECK: return
func.func @local_shift(%u: !dist.tensor<8x8xf64>) -> !dist.tensor<8x8xf64> {
  %z = arith.constant 0.0 : f64
  %w = dist.shift %u offsets [0, -1] fill %z : !dist.tensor<8x8xf64>
  return %w : !dist.tensor<8x8xf64>
}

// -----

// dist.print: rank 0 prints, the others take part in the gather only.
// CHECK-LABEL: func.func @print
// CHECK: %[[R:.*]] = distruntime.team_member {team = 0 : i64}
// CHECK: %[[ROOT:.*]] = arith.cmpi eq, %[[R]], %{{.*}} : index
// CHECK: distruntime.copy_reshape
// CHECK: scf.if %[[ROOT]] {
// CHECK: vector.print punctuation <open>
// CHECK: vector.print %{{.*}} : f64 punctuation <no_punctuation>
// CHECK: vector.print punctuation <close>
// CHECK: vector.print{{$}}
func.func @print(%a: !dist.tensor<4xf64>) {
  dist.print %a : !dist.tensor<4xf64>
  return
}

// -----

// from_local checks the parts at run time: a distruntime.check with a
// message naming the op, and the values that differ (the IDTR conversion
// adds the location).
// CHECK-LABEL: func.func @from_local
// CHECK: distruntime.allreduce sum
// CHECK: scf.for
// CHECK: distruntime.check %{{.*}}, "dist.from_local: the offsets of the parts do not tile the split dimension in rank order{{.*}}"(%{{.*}}, %{{.*}}) : index, index
func.func @from_local(%t: tensor<?xf64>, %o: index) -> !dist.tensor<?xf64, irregular> {
  %d = dist.from_local %t offset %o : tensor<?xf64> -> !dist.tensor<?xf64, irregular>
  return %d : !dist.tensor<?xf64, irregular>
}

// -----

// dist tensors through scf.for and calls.
// CHECK-LABEL: func.func @loop
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) -> (tensor<?xf64>, index, index)
// CHECK: call @callee(%{{.*}}, %{{.*}}, %{{.*}}) : (tensor<?xf64>, index, index) -> (tensor<?xf64>, index, index)
func.func private @callee(!dist.tensor<16xf64>) -> !dist.tensor<16xf64>
func.func @loop(%a: !dist.tensor<16xf64>, %n: index) -> !dist.tensor<16xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a) -> (!dist.tensor<16xf64>) {
    %y = func.call @callee(%x) : (!dist.tensor<16xf64>) -> !dist.tensor<16xf64>
    scf.yield %y : !dist.tensor<16xf64>
  }
  return %r : !dist.tensor<16xf64>
}

// -----

// Dynamic sizes that an element-wise op assumes equal are compared at run
// time, outside the loop nest.
// CHECK-LABEL: func.func @add_dynamic
// CHECK-SAME: (%{{.*}}: tensor<?xf64>, %[[N:[^:]*]]: index, %{{.*}}: index, %{{.*}}: tensor<?xf64>, %[[M:[^:]*]]: index, %{{.*}}: index)
// CHECK: %[[SAME:.*]] = arith.cmpi eq, %[[N]], %[[M]] : index
// CHECK: distruntime.check %[[SAME]], "dist.add: operand sizes differ along dimension 0"(%[[N]], %[[M]]) : index, index
// CHECK: linalg.generic
func.func @add_dynamic(%a: !dist.tensor<?xf64>, %b: !dist.tensor<?xf64>) -> !dist.tensor<?xf64> {
  %c = dist.add %a, %b : !dist.tensor<?xf64>
  return %c : !dist.tensor<?xf64>
}

// -----

// Operands whose sizes are the same value need no check; the sizes given
// to creation ops are checked (non-negative, byte count within int64).
// CHECK-LABEL: func.func @add_same_size
// CHECK-NOT: operand sizes differ
// CHECK: distruntime.check %{{.*}}, "dist.full: the size of dimension 0 is negative"
// CHECK: arith.mului_extended
// CHECK-NOT: operand sizes differ
func.func @add_same_size(%n: index) -> !dist.tensor<?xf64> {
  %one = arith.constant 1.0 : f64
  %a = dist.full %one (%n) : !dist.tensor<?xf64>
  %b = dist.full %one (%n) : !dist.tensor<?xf64>
  %c = dist.add %a, %b : !dist.tensor<?xf64>
  return %c : !dist.tensor<?xf64>
}

// -----

// Static shapes need no check at all.
// CHECK-LABEL: func.func @add_static
// CHECK-NOT: distruntime.check
func.func @add_static(%a: !dist.tensor<8xf64>, %b: !dist.tensor<8xf64>) -> !dist.tensor<8xf64> {
  %c = dist.add %a, %b : !dist.tensor<8xf64>
  return %c : !dist.tensor<8xf64>
}

// -----

// A shift of a shift: the inner shift's group is rewritten first and the
// outer one extends its result (distc used to crash here).
// CHECK-LABEL: func.func @shift_of_shift
// CHECK: distruntime.update_halo
// CHECK: distruntime.update_halo
// CHECK-NOT: = dist.
// CHECK: return
func.func @shift_of_shift(%u: !dist.tensor<?x?xf64>) -> !dist.tensor<?x?xf64> {
  %zero = arith.constant 0.0 : f64
  %s = dist.shift %u offsets [-1, 0] fill %zero : !dist.tensor<?x?xf64>
  %t = dist.shift %s offsets [1, 1] fill %zero : !dist.tensor<?x?xf64>
  %r = dist.add %t, %s : !dist.tensor<?x?xf64>
  return %r : !dist.tensor<?x?xf64>
}

// -----

// A check sits right after the definitions of its sizes (here the function
// arguments), not at its op: a failure is reported before any later
// communication starts.
// CHECK-LABEL: func.func @check_before_communication
// CHECK: distruntime.check
// CHECK: distruntime.allreduce
// CHECK: distruntime.wait
// CHECK-NOT: distruntime.check
// CHECK: linalg.generic
func.func @check_before_communication(%x: !dist.tensor<?xf64>, %a: !dist.tensor<?xf64>, %b: !dist.tensor<?xf64>) -> (f64, !dist.tensor<?xf64>) {
  %s = dist.reduce sum %x : !dist.tensor<?xf64> -> f64
  %c = dist.add %a, %b : !dist.tensor<?xf64>
  return %s, %c : f64, !dist.tensor<?xf64>
}
