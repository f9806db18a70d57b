// RUN: %distc-opt %s --distc-shard-partition --split-input-file | FileCheck %s

// linalg.index in a partitioned body is the global index: the local one
// plus the first index of the process's block along that loop.

shard.grid @grid0(shape = 2)

#id = affine_map<(d0) -> (d0)>

// Even blocks of 4: the offset is the process's index times 4.
// CHECK-LABEL: func.func @even
// CHECK:         %[[P:.*]] = shard.process_multi_index on @grid0 axes = [0] : index
// CHECK:         %[[L:.*]] = arith.addi %{{.*}}, %[[P]] : index
// CHECK:         %[[OFF:.*]] = arith.muli %[[L]], %c4{{.*}} : index
// CHECK:         linalg.generic
// CHECK:           %[[I:.*]] = linalg.index 0 : index
// CHECK-NEXT:      %[[G:.*]] = arith.addi %[[I]], %[[OFF]] : index
// CHECK-NEXT:      arith.index_cast %[[G]] : index to i64
func.func @even(%a: tensor<8xf32>) -> tensor<8xf32> {
  %s = shard.sharding @grid0 split_axes = [[0]] : !shard.sharding
  %as = shard.shard %a to %s : tensor<8xf32>
  %r = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel"]}
      outs(%as : tensor<8xf32>) {
  ^bb0(%x: f32):
    %i = linalg.index 0 : index
    %c = arith.index_cast %i : index to i64
    %f = arith.sitofp %c : i64 to f32
    linalg.yield %f : f32
  } -> tensor<8xf32>
  %rs = shard.shard %r to %s : tensor<8xf32>
  return %rs : tensor<8xf32>
}

// -----

shard.grid @grid0(shape = 2)

#id = affine_map<(d0) -> (d0)>

// Uneven blocks (3 and 4 of 7): the offset is read from the table.
// CHECK-LABEL: func.func @uneven
// CHECK:         %[[P:.*]] = shard.process_multi_index on @grid0 axes = [0] : index
// CHECK:         %[[L:.*]] = arith.addi %{{.*}}, %[[P]] : index
// CHECK:         %[[ONE:.*]] = arith.cmpi eq, %[[L]], %c1{{.*}} : index
// CHECK:         %[[OFF:.*]] = arith.select %[[ONE]], %c3{{.*}}, %c0{{.*}} : index
// CHECK:         linalg.generic
// CHECK:           %[[I:.*]] = linalg.index 0 : index
// CHECK-NEXT:      arith.addi %[[I]], %[[OFF]] : index
func.func @uneven(%a: tensor<7xf32>) -> tensor<7xf32> {
  %s = shard.sharding @grid0 split_axes = [[0]] : !shard.sharding
  %as = shard.shard %a to %s : tensor<7xf32>
  %r = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel"]}
      outs(%as : tensor<7xf32>) {
  ^bb0(%x: f32):
    %i = linalg.index 0 : index
    %c = arith.index_cast %i : index to i64
    %f = arith.sitofp %c : i64 to f32
    linalg.yield %f : f32
  } -> tensor<7xf32>
  %rs = shard.shard %r to %s : tensor<7xf32>
  return %rs : tensor<7xf32>
}
