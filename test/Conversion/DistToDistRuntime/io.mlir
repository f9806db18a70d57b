// RUN: %distc-opt %s --convert-dist-to-distruntime --split-input-file | FileCheck %s

// dist.load: the header is read and checked by the runtime (the file's
// sizes out), each rank computes its balanced block and reads it; the path
// parameter `in` stays on the ops (the IDTR conversion reads it from the
// command line through the module's parameter table).
// CHECK-LABEL: func.func @load
// CHECK: %[[OFF:.*]], %[[G:.*]]:2 = distruntime.npy_read_header "in.npy" param "in" {team = 0 : i64} : tensor<?x4xf64> -> i64, index, index
// CHECK: %[[L:.*]] = distruntime.npy_load "in.npy" param "in" data_offset %[[OFF]] g_shape %[[G]]#0, %[[G]]#1 l_offs %{{.*}}, %{{.*}} l_sizes %{{.*}} {team = 0 : i64} : tensor<?x4xf64>
// CHECK: return %[[L]], %[[G]]#0, %[[G]]#1
func.func @load() -> !dist.tensor<?x4xf64> {
  %a = dist.load "in.npy" param "in" : !dist.tensor<?x4xf64>
  return %a : !dist.tensor<?x4xf64>
}

// -----

// dist.save: one npy_save with the global shape, this rank's offsets and
// its block.
// CHECK-LABEL: func.func @save
// CHECK-SAME: (%[[A:.*]]: tensor<?xi32>, %[[G:.*]]: index, %[[O:.*]]: index)
// CHECK: distruntime.npy_save %[[A]] "out.npy" g_shape %[[G]] l_offs %[[O]] {team = 0 : i64} : tensor<?xi32>
func.func @save(%a: !dist.tensor<?xi32>) {
  dist.save %a, "out.npy" : !dist.tensor<?xi32>
  return
}

// -----

// dist.print with options: distruntime.print of the row blocks of a
// distributed tensor (split 1 is repartitioned into row blocks first), of
// the whole value for a scalar (a 0-d tensor; index printed as i64).
// CHECK-LABEL: func.func @print
// CHECK: distruntime.copy_reshape
// CHECK: distruntime.print %{{.*}} distributed numpy format "%.17g" {team = 0 : i64} : tensor<?x?xf64>
// CHECK: distruntime.print %{{.*}} format "%lld" {team = 0 : i64} : tensor<i64>
func.func @print(%a: !dist.tensor<?x?xf64, split = 1>, %n: index) {
  dist.print %a numpy precision = 17 : !dist.tensor<?x?xf64, split = 1>
  dist.print %n format = "%d" : index
  return
}

// -----

// dist.print numpy of a float array without precision or format: numpy's
// own float format (shortest digits, aligned points), which the runtime
// selects by the empty format; a scalar keeps %g.
// CHECK-LABEL: func.func @print_numpy_float
// CHECK: distruntime.print %{{.*}} distributed numpy format "" {team = 0 : i64} : tensor<?xf64>
// CHECK: distruntime.print %{{.*}} numpy format "%g" {team = 0 : i64} : tensor<f64>
func.func @print_numpy_float(%a: !dist.tensor<?xf64>, %s: f64) {
  dist.print %a numpy : !dist.tensor<?xf64>
  dist.print %s numpy : f64
  return
}

// -----

// dist.load into a process grid: the header as for 1-D, then this rank's
// box of the grid (the `?` extents factored by the runtime), offset in both
// dimensions, allocated and read.
// CHECK-LABEL: func.func @load_grid
// CHECK: distruntime.npy_read_header
// CHECK: distruntime.grid_factor
// CHECK: distruntime.npy_load "in.npy" data_offset %{{.*}} g_shape %{{.*}}, %{{.*}} l_offs %{{.*}}, %{{.*}} l_sizes %{{.*}}, %{{.*}} {team = 0 : i64} : tensor<?x?xf32>
func.func @load_grid() -> !dist.tensor<?x?xf32, grid = [?, ?], split = [0, 1]> {
  %a = dist.load "in.npy" : !dist.tensor<?x?xf32, grid = [?, ?], split = [0, 1]>
  return %a : !dist.tensor<?x?xf32, grid = [?, ?], split = [0, 1]>
}

// -----

// dist.save from a process grid: the block and its offsets in every
// dimension go straight to the runtime (no repartition); dist.print with
// options repartitions the grid to row blocks first (one copy_reshape).
// CHECK-LABEL: func.func @save_print_grid
// CHECK-NOT: distruntime.copy_reshape
// CHECK: distruntime.npy_save
// CHECK: distruntime.copy_reshape
// CHECK: distruntime.print
func.func @save_print_grid(%a: !dist.tensor<6x7xi16, grid = [2, 3], split = [1, 0]>) {
  dist.save %a, "out.npy" : !dist.tensor<6x7xi16, grid = [2, 3], split = [1, 0]>
  dist.print %a numpy format = "%4d" : !dist.tensor<6x7xi16, grid = [2, 3], split = [1, 0]>
  return
}
