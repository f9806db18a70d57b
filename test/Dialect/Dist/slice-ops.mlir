// RUN: %distc-opt %s | %distc-opt | FileCheck %s

// CHECK-LABEL: func.func @slices
func.func @slices(%a: !dist.tensor<?x?xf64>, %b: !dist.tensor<10xf64>,
                  %lo: index, %hi: index, %st: index) {
  // CHECK: dist.slice %{{.*}} [1:-1, 1:-1] : !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64>
  %inner = dist.slice %a [1:-1, 1:-1] : !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64>
  // CHECK: dist.slice %{{.*}} [:, 2::3] : !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64, split = 1>
  %c = dist.slice %a [0:, 2::3] : !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64, split = 1>
  // CHECK: dist.slice %{{.*}} [:5:2] : !dist.tensor<10xf64> -> !dist.tensor<3xf64, irregular>
  %e = dist.slice %b [:5:2] : !dist.tensor<10xf64> -> !dist.tensor<3xf64, irregular>
  // CHECK: dist.insert_slice %{{.*}} into %{{.*}} [1:-1, 1:-1] : !dist.tensor<?x?xf64> into !dist.tensor<?x?xf64>
  %i = dist.insert_slice %inner into %a [1:-1, 1:-1] : !dist.tensor<?x?xf64> into !dist.tensor<?x?xf64>
  // CHECK: dist.concat %{{.*}}, %{{.*}} axis 1 : !dist.tensor<?x?xf64>, !dist.tensor<?x?xf64, split = 1> -> !dist.tensor<?x?xf64>
  %cat = dist.concat %a, %c axis 1 : !dist.tensor<?x?xf64>, !dist.tensor<?x?xf64, split = 1> -> !dist.tensor<?x?xf64>
  // CHECK: dist.slice %{{.*}} [%{{.*}}:%{{.*}}:%{{.*}}, ::%{{.*}}] : !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64>
  %dyn = dist.slice %a [%lo:%hi:%st, ::%st] : !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64>
  // CHECK: dist.insert_slice %{{.*}} into %{{.*}} [%{{.*}}:, 1:%{{.*}}] : !dist.tensor<?x?xf64> into !dist.tensor<?x?xf64>
  %idyn = dist.insert_slice %dyn into %a [%lo:, 1:%hi] : !dist.tensor<?x?xf64> into !dist.tensor<?x?xf64>
  // CHECK: dist.slice %{{.*}} [::-1] : !dist.tensor<10xf64> -> !dist.tensor<10xf64>
  %rev = dist.slice %b [::-1] : !dist.tensor<10xf64> -> !dist.tensor<10xf64>
  // CHECK: dist.slice %{{.*}} [0::-2, 5:1:-1] : !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64>
  %back = dist.slice %a [0::-2, 5:1:-1] : !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64>
  // CHECK: dist.shift %{{.*}} offsets [0, -1] periodic : !dist.tensor<?x?xf64>
  %w = dist.shift %a offsets [0, -1] periodic : !dist.tensor<?x?xf64>
  return
}
