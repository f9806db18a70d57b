// Reductions whose result element type is wider than the input's (the
// accumulation type): the elements are converted first and the group
// reduces in the result's type. 3 x 100 overflows i8 but not i16.
// RUN: %distc %s -o %t
// RUN: %mpirun -n 3 --tag-output %t | FileCheck %s
// CHECK-DAG: [1,0]<stdout>:all_reduce 300
// CHECK-DAG: [1,2]<stdout>:all_reduce 300
// CHECK-DAG: [1,1]<stdout>:reduce 2.5
// CHECK-DAG: [1,0]<stdout>:reduce 1.5
// CHECK-DAG: [1,1]<stdout>:reduce_scatter 21
shard.grid @grid0(shape = 3)
func.func @main() {
  %i = arith.constant 0 : index
  %c = arith.constant dense<100> : tensor<2x2xi8>
  %r = shard.all_reduce %c on @grid0 grid_axes = [0] reduction = sum : tensor<2x2xi8> -> tensor<2x2xi16>
  %e = tensor.extract %r[%i, %i] : tensor<2x2xi16>
  vector.print str "all_reduce "
  vector.print %e : i16
  // Process p contributes 1.5 + p / 2 (its index along the axis); the root
  // (1) gets the maximum, 2.5; the others keep their input, converted.
  %p = shard.process_linear_index on @grid0 : index
  %pi = arith.index_cast %p : index to i32
  %pf = arith.sitofp %pi : i32 to f32
  %half = arith.constant 0.5 : f32
  %base = arith.constant 1.5 : f32
  %d = arith.mulf %pf, %half : f32
  %v = arith.addf %base, %d : f32
  %f = tensor.from_elements %v, %v, %v : tensor<3xf32>
  %g = shard.reduce %f on @grid0 grid_axes = [0] reduction = max root = [1] : (tensor<3xf32>) -> tensor<3xf64>
  %e2 = tensor.extract %g[%i] : tensor<3xf64>
  vector.print str "reduce "
  vector.print %e2 : f64
  %c3 = arith.constant dense<7> : tensor<3x2xi8>
  %s = shard.reduce_scatter %c3 on @grid0 grid_axes = [0] scatter_axis = 0 : tensor<3x2xi8> -> tensor<1x2xi32>
  %e3 = tensor.extract %s[%i, %i] : tensor<1x2xi32>
  vector.print str "reduce_scatter "
  vector.print %e3 : i32
  return
}
