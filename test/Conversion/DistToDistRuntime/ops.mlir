// FileCheck tests of the lowering of the dist ops that the other files here
// do not cover: creation from indices, queries and local access, data
// movement, dist.extend and the binary ops other than add.
// RUN: %distc-opt %s --convert-dist-to-distruntime --canonicalize --cse --split-input-file | FileCheck %s

// Creation from global indices: the balanced block of 6 rows, and the
// body evaluated at local index + block offset.
// CHECK-LABEL: func.func @generate
// CHECK-DAG: %[[C6:.*]] = arith.constant 6 : index
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[P:.*]] = distruntime.team_size
// CHECK: %[[R:.*]] = distruntime.team_member
// CHECK: %[[Q:.*]] = arith.divui %[[C6]], %[[P]]
// CHECK: %[[MUL:.*]] = arith.muli %[[R]], %[[Q]]
// CHECK: %[[OFF:.*]] = arith.addi %[[MUL]]
// CHECK: %[[ROWS:.*]] = arith.addi %[[Q]]
// CHECK: %[[E:.*]] = tensor.empty(%[[ROWS]]) : tensor<?x4xi64>
// CHECK: %[[G:.*]] = linalg.generic {{.*}} outs(%[[E]] : tensor<?x4xi64>)
// CHECK: %[[I:.*]] = linalg.index 0
// CHECK-NEXT: %[[GI:.*]] = arith.addi %[[I]], %[[OFF]]
// CHECK-NEXT: %[[J:.*]] = linalg.index 1
// CHECK-NEXT: arith.addi %[[GI]], %[[J]]
// CHECK: return %[[G]], %[[C6]], %[[C4]], %[[OFF]], %[[C0]]
func.func @generate() -> !dist.tensor<6x4xi64> {
  %g = dist.generate : !dist.tensor<6x4xi64> {
  ^bb0(%i: index, %j: index):
    %s = arith.addi %i, %j : index
    %v = arith.index_cast %s : index to i64
    dist.yield %v : i64
  }
  return %g : !dist.tensor<6x4xi64>
}

// -----

// CHECK-LABEL: func.func @arange
// CHECK-SAME: (%[[START:.*]]: i64, %[[STEP:.*]]: i64)
// CHECK: %[[C100:.*]] = arith.constant 100 : index
// CHECK: %[[Q:.*]] = arith.divui %[[C100]]
// CHECK: %[[MUL:.*]] = arith.muli %{{.*}}, %[[Q]]
// CHECK: %[[OFF:.*]] = arith.addi %[[MUL]]
// CHECK: %[[ROWS:.*]] = arith.addi %[[Q]]
// CHECK: tensor.empty(%[[ROWS]])
// CHECK: linalg.generic
// CHECK: %[[I:.*]] = linalg.index 0
// CHECK-NEXT: %[[GI:.*]] = arith.addi %[[I]], %[[OFF]]
// CHECK-NEXT: %[[X:.*]] = arith.index_cast %[[GI]] : index to i64
// CHECK-NEXT: %[[M:.*]] = arith.muli %[[X]], %[[STEP]]
// CHECK-NEXT: %[[V:.*]] = arith.addi %[[START]], %[[M]]
// CHECK-NEXT: linalg.yield %[[V]]
// CHECK: return %{{.*}}, %[[C100]], %[[OFF]]
func.func @arange(%start: i64, %step: i64) -> !dist.tensor<100xi64> {
  %a = dist.arange %start, %step : !dist.tensor<100xi64>
  return %a : !dist.tensor<100xi64>
}

// -----

// The step (stop - start) / (n - 1), clamped into [min, max], and the last
// element exactly stop.
// CHECK-LABEL: func.func @linspace
// CHECK-SAME: (%[[A:.*]]: f64, %[[B:.*]]: f64)
// CHECK-DAG: %[[TEN:.*]] = arith.constant 1.000000e+01 : f64
// CHECK-DAG: %[[LAST:.*]] = arith.constant 10 : index
// CHECK: %[[D:.*]] = arith.subf %[[B]], %[[A]]
// CHECK-NEXT: %[[STEP:.*]] = arith.divf %[[D]], %[[TEN]]
// CHECK-NEXT: %[[LO:.*]] = arith.minimumf %[[A]], %[[B]]
// CHECK-NEXT: %[[HI:.*]] = arith.maximumf %[[A]], %[[B]]
// CHECK: linalg.generic
// CHECK: %[[GI:.*]] = arith.addi
// CHECK: arith.mulf %{{.*}}, %[[STEP]]
// CHECK: %[[C1:.*]] = arith.maximumf %{{.*}}, %[[LO]]
// CHECK-NEXT: %[[C2:.*]] = arith.minimumf %[[C1]], %[[HI]]
// CHECK-NEXT: %[[IS:.*]] = arith.cmpi eq, %[[GI]], %[[LAST]]
// CHECK-NEXT: arith.select %[[IS]], %[[B]], %[[C2]]
func.func @linspace(%a: f64, %b: f64) -> !dist.tensor<11xf64> {
  %x = dist.linspace %a, %b : !dist.tensor<11xf64>
  return %x : !dist.tensor<11xf64>
}

// -----

// CHECK-LABEL: func.func @local
// CHECK-SAME: (%[[L:.*]]: tensor<?x8xf64>, %{{.*}}: index, %{{.*}}: index, %{{.*}}: index, %{{.*}}: index) -> tensor<?x8xf64>
// CHECK-NEXT: return %[[L]]
func.func @local(%a: !dist.tensor<?x8xf64>) -> tensor<?x8xf64> {
  %l = dist.local %a : !dist.tensor<?x8xf64> -> tensor<?x8xf64>
  return %l : tensor<?x8xf64>
}

// -----

// Queries are parts of the converted tensor: no code.
// CHECK-LABEL: func.func @global_dim
// CHECK-SAME: (%{{.*}}: tensor<?x8xf64>, %[[G0:.*]]: index, %{{.*}}: index, %[[O0:.*]]: index, %{{.*}}: index)
// CHECK-NEXT: return %[[G0]], %[[O0]]
func.func @global_dim(%a: !dist.tensor<?x8xf64>) -> (index, index) {
  %n = dist.global_dim %a, 0 : !dist.tensor<?x8xf64>
  %o = dist.local_offset %a, 0 : !dist.tensor<?x8xf64>
  return %n, %o : index, index
}

// -----

// The new part replaces the layout operand's, checked to have its size.
// CHECK-LABEL: func.func @with_local
// CHECK-SAME: (%[[A:.*]]: tensor<?x8xf64>, %[[G0:.*]]: index, %[[G1:.*]]: index, %[[O0:.*]]: index, %[[O1:.*]]: index, %[[T:.*]]: tensor<?x8xf32>)
// CHECK: %[[DA:.*]] = tensor.dim %[[A]]
// CHECK: %[[DT:.*]] = tensor.dim %[[T]]
// CHECK: %[[EQ:.*]] = arith.cmpi eq, %[[DT]], %[[DA]]
// CHECK: distruntime.check %[[EQ]]
// CHECK: return %[[T]], %[[G0]], %[[G1]], %[[O0]], %[[O1]]
func.func @with_local(%a: !dist.tensor<?x8xf64>, %t: tensor<?x8xf32>) -> !dist.tensor<?x8xf32> {
  %b = dist.with_local %a, %t : !dist.tensor<?x8xf64>, tensor<?x8xf32> -> !dist.tensor<?x8xf32>
  return %b : !dist.tensor<?x8xf32>
}

// -----

// Rows to columns: one copy_reshape into the balanced column block.
// CHECK-LABEL: func.func @repartition
// CHECK-SAME: (%[[A:.*]]: tensor<?x16xf64>, %[[G0:.*]]: index, %[[G1:.*]]: index, %[[O0:.*]]: index, %[[O1:.*]]: index)
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[P:.*]] = distruntime.team_size
// CHECK: %[[Q:.*]] = arith.divui %[[G1]], %[[P]]
// CHECK: %[[MUL:.*]] = arith.muli %{{.*}}, %[[Q]]
// CHECK: %[[OFF:.*]] = arith.addi %[[MUL]]
// CHECK: %[[N:.*]] = arith.addi %[[Q]]
// CHECK: %[[H:.*]], %[[NL:.*]] = distruntime.copy_reshape %[[A]] g_shape %[[G0]], %[[G1]] l_offs %[[O0]], %[[O1]] to n_g_shape %[[G0]], %[[G1]] n_offs %[[C0]], %[[OFF]] n_shape %[[G0]], %[[N]]
// CHECK-NEXT: distruntime.wait %[[H]]
// CHECK-NEXT: return %[[NL]], %[[G0]], %[[G1]], %[[C0]], %[[OFF]]
func.func @repartition(%a: !dist.tensor<16x16xf64>) -> !dist.tensor<16x16xf64, split = 1> {
  %c = dist.repartition %a : !dist.tensor<16x16xf64> -> !dist.tensor<16x16xf64, split = 1>
  return %c : !dist.tensor<16x16xf64, split = 1>
}

// -----

// The whole array on every rank.
// CHECK-LABEL: func.func @gather
// CHECK-SAME: (%[[A:.*]]: tensor<?xf64>, %[[G:.*]]: index, %[[O:.*]]: index)
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[H:.*]], %[[ALL:.*]] = distruntime.copy_reshape %[[A]] g_shape %[[G]] l_offs %[[O]] to n_g_shape %[[G]] n_offs %[[C0]] n_shape %[[G]]
// CHECK-NEXT: distruntime.wait %[[H]]
// CHECK-NEXT: return %[[ALL]]
func.func @gather(%a: !dist.tensor<?xf64>) -> tensor<?xf64> {
  %g = dist.gather %a : !dist.tensor<?xf64> -> tensor<?xf64>
  return %g : tensor<?xf64>
}

// -----

// The extended block assembled: fill where neither the block nor the halo
// rows are, then the block and both halos inserted.
// CHECK-LABEL: func.func @extend
// CHECK-SAME: (%[[L:.*]]: tensor<?x8xf64>, %{{.*}}: index, %{{.*}}: index, %{{.*}}: index, %{{.*}}: index, %[[Z:.*]]: f64)
// CHECK: %[[H:.*]], %[[LO:.*]], %[[HI:.*]] = distruntime.update_halo %[[L]]
// CHECK-NEXT: distruntime.wait %[[H]]
// CHECK: linalg.fill ins(%[[Z]] : f64)
// CHECK: %[[B:.*]] = tensor.extract_slice %[[L]]
// CHECK: tensor.insert_slice %[[B]]
// CHECK: %[[LS:.*]] = tensor.extract_slice %[[LO]]
// CHECK: tensor.insert_slice %[[LS]]
// CHECK: %[[HS:.*]] = tensor.extract_slice %[[HI]]
// CHECK: %[[R:.*]] = tensor.insert_slice %[[HS]]
// CHECK: return %[[R]]
func.func @extend(%u: !dist.tensor<8x8xf64>, %z: f64) -> tensor<?x10xf64> {
  %e = dist.extend %u low [1, 1] high [1, 1] fill %z : !dist.tensor<8x8xf64> -> tensor<?x10xf64>
  return %e : tensor<?x10xf64>
}

// -----

// Signed integer arithmetic for sub, div, max and min.
// CHECK-LABEL: func.func @binary_int
// CHECK: linalg.generic
// CHECK: arith.subi
// CHECK: linalg.generic
// CHECK: arith.divsi
// CHECK: linalg.generic
// CHECK: arith.maxsi
// CHECK: linalg.generic
// CHECK: arith.minsi
func.func @binary_int(%a: !dist.tensor<8xi32>, %b: !dist.tensor<8xi32>) -> (!dist.tensor<8xi32>, !dist.tensor<8xi32>, !dist.tensor<8xi32>, !dist.tensor<8xi32>) {
  %s = dist.sub %a, %b : !dist.tensor<8xi32>
  %d = dist.div %a, %b : !dist.tensor<8xi32>
  %x = dist.max %a, %b : !dist.tensor<8xi32>
  %n = dist.min %a, %b : !dist.tensor<8xi32>
  return %s, %d, %x, %n : !dist.tensor<8xi32>, !dist.tensor<8xi32>, !dist.tensor<8xi32>, !dist.tensor<8xi32>
}

// -----

// Float max and min propagate NaN (maximumf, minimumf).
// CHECK-LABEL: func.func @binary_float
// CHECK: linalg.generic
// CHECK: arith.subf
// CHECK: linalg.generic
// CHECK: arith.divf
// CHECK: linalg.generic
// CHECK: arith.maximumf
// CHECK: linalg.generic
// CHECK: arith.minimumf
func.func @binary_float(%a: !dist.tensor<8xf64>, %b: !dist.tensor<8xf64>) -> (!dist.tensor<8xf64>, !dist.tensor<8xf64>, !dist.tensor<8xf64>, !dist.tensor<8xf64>) {
  %s = dist.sub %a, %b : !dist.tensor<8xf64>
  %d = dist.div %a, %b : !dist.tensor<8xf64>
  %x = dist.max %a, %b : !dist.tensor<8xf64>
  %n = dist.min %a, %b : !dist.tensor<8xf64>
  return %s, %d, %x, %n : !dist.tensor<8xf64>, !dist.tensor<8xf64>, !dist.tensor<8xf64>, !dist.tensor<8xf64>
}
