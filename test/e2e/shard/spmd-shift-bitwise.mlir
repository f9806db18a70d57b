// shift (rotating and not, along one axis of a 2x2 grid and along a 1-D
// grid) and all_reduce with bitwise_and / bitwise_or / bitwise_xor on
// integers and on i1, at the SPMD level. Without rotate, a process with no
// source keeps its own input (upstream leaves its result unspecified).
// REQUIRES: compiler, idtr-runtime
// RUN: %distc %s -o %t
// RUN: %mpirun -n 4 --tag-output %t | FileCheck %s --match-full-lines

// shift on @line by 1, rotate: rank r receives rank r - 1's [r, 10 + r].
// CHECK-DAG: [1,0]<stdout>:shift1 ( 3, 13 )
// CHECK-DAG: [1,1]<stdout>:shift1 ( 0, 10 )
// CHECK-DAG: [1,2]<stdout>:shift1 ( 1, 11 )
// CHECK-DAG: [1,3]<stdout>:shift1 ( 2, 12 )
// shift on @line by -2, no rotate: r receives r + 2's; 2 and 3 keep theirs.
// CHECK-DAG: [1,0]<stdout>:shift2 ( 2, 12 )
// CHECK-DAG: [1,1]<stdout>:shift2 ( 3, 13 )
// CHECK-DAG: [1,2]<stdout>:shift2 ( 2, 12 )
// CHECK-DAG: [1,3]<stdout>:shift2 ( 3, 13 )
// shift on the 2x2 grid along axis 1 by 1, rotate (grid_axes = [0, 1]):
// (i, j) receives (i, 1 - j)'s: ranks 0 <-> 1, 2 <-> 3.
// CHECK-DAG: [1,0]<stdout>:shift3 ( 1, 11 )
// CHECK-DAG: [1,1]<stdout>:shift3 ( 0, 10 )
// CHECK-DAG: [1,2]<stdout>:shift3 ( 3, 13 )
// CHECK-DAG: [1,3]<stdout>:shift3 ( 2, 12 )
// Bitwise reductions of [1 << r, r | 4, 7 - r] over @line: and, or, xor.
// CHECK-DAG: [1,0]<stdout>:and ( 0, 4, 4 )
// CHECK-DAG: [1,0]<stdout>:or ( 15, 7, 7 )
// CHECK-DAG: [1,0]<stdout>:xor ( 15, 0, 0 )
// CHECK-DAG: [1,3]<stdout>:xor ( 15, 0, 0 )
// Over grid axis 0 of the 2x2 grid (ranks {0, 2} and {1, 3}): xor.
// CHECK-DAG: [1,0]<stdout>:xor0 ( 5, 2, 2 )
// CHECK-DAG: [1,2]<stdout>:xor0 ( 5, 2, 2 )
// CHECK-DAG: [1,1]<stdout>:xor0 ( 10, 2, 2 )
// i1: r < 2 and, or, xor over @line.
// CHECK-DAG: [1,1]<stdout>:i1 ( 0, 1, 0 )

shard.grid @line(shape = 4)
shard.grid @g(shape = 2x2)


func.func @main() {
  %c0 = arith.constant 0 : index
  %lin = shard.process_linear_index on @line : index
  %r = arith.index_cast %lin : index to i64
  %c10 = arith.constant 10 : i64
  %r10 = arith.addi %r, %c10 : i64
  %x = tensor.from_elements %r, %r10 : tensor<2xi64>
  %pad = arith.constant 0 : i64

  %s1 = shard.shift %x on @line grid_axes = [0] shift_axis = 0 offset = 1 rotate : tensor<2xi64> -> tensor<2xi64>
  %v1 = vector.transfer_read %s1[%c0], %pad : tensor<2xi64>, vector<2xi64>
  vector.print str "shift1 "
  vector.print %v1 : vector<2xi64>
  %s2 = shard.shift %x on @line grid_axes = [0] shift_axis = 0 offset = -2 : tensor<2xi64> -> tensor<2xi64>
  %v2 = vector.transfer_read %s2[%c0], %pad : tensor<2xi64>, vector<2xi64>
  vector.print str "shift2 "
  vector.print %v2 : vector<2xi64>
  %s3 = shard.shift %x on @g grid_axes = [0, 1] shift_axis = 1 offset = 1 rotate : tensor<2xi64> -> tensor<2xi64>
  %v3 = vector.transfer_read %s3[%c0], %pad : tensor<2xi64>, vector<2xi64>
  vector.print str "shift3 "
  vector.print %v3 : vector<2xi64>

  %r32 = arith.trunci %r : i64 to i32
  %one = arith.constant 1 : i32
  %four = arith.constant 4 : i32
  %seven = arith.constant 7 : i32
  %a0 = arith.shli %one, %r32 : i32
  %a1 = arith.ori %r32, %four : i32
  %a2 = arith.subi %seven, %r32 : i32
  %y = tensor.from_elements %a0, %a1, %a2 : tensor<3xi32>
  %pad32 = arith.constant 0 : i32
  %and = shard.all_reduce %y on @line grid_axes = [0] reduction = bitwise_and : tensor<3xi32> -> tensor<3xi32>
  %vand = vector.transfer_read %and[%c0], %pad32 : tensor<3xi32>, vector<3xi32>
  vector.print str "and "
  vector.print %vand : vector<3xi32>
  %or = shard.all_reduce %y on @line grid_axes = [0] reduction = bitwise_or : tensor<3xi32> -> tensor<3xi32>
  %vor = vector.transfer_read %or[%c0], %pad32 : tensor<3xi32>, vector<3xi32>
  vector.print str "or "
  vector.print %vor : vector<3xi32>
  %xor = shard.all_reduce %y on @line grid_axes = [0] reduction = bitwise_xor : tensor<3xi32> -> tensor<3xi32>
  %vxor = vector.transfer_read %xor[%c0], %pad32 : tensor<3xi32>, vector<3xi32>
  vector.print str "xor "
  vector.print %vxor : vector<3xi32>
  %xor0 = shard.all_reduce %y on @g grid_axes = [0] reduction = bitwise_xor : tensor<3xi32> -> tensor<3xi32>
  %vxor0 = vector.transfer_read %xor0[%c0], %pad32 : tensor<3xi32>, vector<3xi32>
  vector.print str "xor0 "
  vector.print %vxor0 : vector<3xi32>

  %c2 = arith.constant 2 : index
  %low = arith.cmpi ult, %lin, %c2 : index
  %b = tensor.from_elements %low : tensor<1xi1>
  %band = shard.all_reduce %b on @line grid_axes = [0] reduction = bitwise_and : tensor<1xi1> -> tensor<1xi1>
  %bor = shard.all_reduce %b on @line grid_axes = [0] reduction = bitwise_or : tensor<1xi1> -> tensor<1xi1>
  %bxor = shard.all_reduce %b on @line grid_axes = [0] reduction = bitwise_xor : tensor<1xi1> -> tensor<1xi1>
  %e0 = tensor.extract %band[%c0] : tensor<1xi1>
  %e1 = tensor.extract %bor[%c0] : tensor<1xi1>
  %e2 = tensor.extract %bxor[%c0] : tensor<1xi1>
  %w0 = arith.extui %e0 : i1 to i32
  %w1 = arith.extui %e1 : i1 to i32
  %w2 = arith.extui %e2 : i1 to i32
  %vb = vector.from_elements %w0, %w1, %w2 : vector<3xi32>
  vector.print str "i1 "
  vector.print %vb : vector<3xi32>
  return
}
