// RUN: %distc-opt %s | %distc-opt | FileCheck %s

// dist.save, dist.load and the options of dist.print round-trip through the
// printer and the parser.

// CHECK-LABEL: func.func @files
// CHECK: %[[A:.*]] = dist.load "in.npy" : !dist.tensor<?x?xf64>
// CHECK: %[[B:.*]] = dist.load "b.npy" param "input" : !dist.tensor<?x8xi32, split = 1>
// CHECK: dist.save %[[A]], "out.npy" : !dist.tensor<?x?xf64>
// CHECK: dist.save %[[B]], "o.npy" param "output" : !dist.tensor<?x8xi32, split = 1>
func.func @files() {
  %a = dist.load "in.npy" : !dist.tensor<?x?xf64>
  %b = dist.load "b.npy" param "input" : !dist.tensor<?x8xi32, split = 1>
  dist.save %a, "out.npy" : !dist.tensor<?x?xf64>
  dist.save %b, "o.npy" param "output" : !dist.tensor<?x8xi32, split = 1>
  return
}

// CHECK-LABEL: func.func @print_options
// CHECK: dist.print %{{.*}} numpy : !dist.tensor<?x?xf64>
// CHECK: dist.print %{{.*}} precision = 17 : f64
// CHECK: dist.print %{{.*}} numpy format = "%.3e" : !dist.tensor<?x?xf64>
// CHECK: dist.print %{{.*}} format = "%5d" : index
// CHECK: dist.print %{{.*}} numpy precision = 9 : tensor<3xf32>
func.func @print_options(%a: !dist.tensor<?x?xf64>, %s: f64, %i: index,
                         %t: tensor<3xf32>) {
  dist.print %a numpy : !dist.tensor<?x?xf64>
  dist.print %s precision = 17 : f64
  dist.print %a numpy format = "%.3e" : !dist.tensor<?x?xf64>
  dist.print %i format = "%5d" : index
  dist.print %t numpy precision = 9 : tensor<3xf32>
  return
}

// On process grids too (static and run-time extents).
// CHECK-LABEL: func.func @grid_files
// CHECK: %[[G:.*]] = dist.load "in.npy" : !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>
// CHECK: %[[S:.*]] = dist.load "s.npy" param "s" : !dist.tensor<5x3x4xi8, grid = [2, 3], split = [2, 0]>
// CHECK: dist.save %[[G]], "out.npy" : !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>
// CHECK: dist.save %[[S]], "o.npy" param "o" : !dist.tensor<5x3x4xi8, grid = [2, 3], split = [2, 0]>
// CHECK: dist.print %[[G]] numpy precision = 17 : !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>
// CHECK: dist.print %[[S]] format = "%x" : !dist.tensor<5x3x4xi8, grid = [2, 3], split = [2, 0]>
func.func @grid_files() {
  %g = dist.load "in.npy" : !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>
  %s = dist.load "s.npy" param "s" : !dist.tensor<5x3x4xi8, grid = [2, 3], split = [2, 0]>
  dist.save %g, "out.npy" : !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>
  dist.save %s, "o.npy" param "o" : !dist.tensor<5x3x4xi8, grid = [2, 3], split = [2, 0]>
  dist.print %g numpy precision = 17 : !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>
  dist.print %s format = "%x" : !dist.tensor<5x3x4xi8, grid = [2, 3], split = [2, 0]>
  return
}
