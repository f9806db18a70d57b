// REQUIRES: compiler, idtr-runtime
// RUN: python3 %srcroot/scripts/shard-differential.py --distc %distc --mpirun "%mpirun" --ranks 1,2,3,4,5 --levels 0,2 --work %t %s | FileCheck %s
// CHECK: 1 ranks match the reference at -O0
// CHECK-NEXT: 1 ranks match the reference at -O2
// CHECK: 2 ranks match the reference at -O0
// CHECK-NEXT: 2 ranks match the reference at -O2
// CHECK: 3 ranks match the reference at -O0
// CHECK-NEXT: 3 ranks match the reference at -O2
// CHECK: 4 ranks match the reference at -O0
// CHECK-NEXT: 4 ranks match the reference at -O2
// CHECK: 5 ranks match the reference at -O0
// CHECK-NEXT: 5 ranks match the reference at -O2

// Differential check (scripts/shard-differential.py) of an scf.for in an
// annotated function whose body reads split tensors defined outside it
// (the loop is computed replicated: its body reads them gathered), and of
// an scf.if that does.
shard.grid @grid(shape = 4)

func.func @loop(%a: tensor<10x3xf32>, %n: index) -> tensor<10x3xf32> {
  %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %a1 = shard.shard %a to %rows annotate_for_users : tensor<10x3xf32>
  %e = tensor.empty() : tensor<10x3xf32>
  %x = linalg.mul ins(%a1, %a1 : tensor<10x3xf32>, tensor<10x3xf32>) outs(%e : tensor<10x3xf32>) -> tensor<10x3xf32>
  %x1 = shard.shard %x to %rows : tensor<10x3xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %a) -> tensor<10x3xf32> {
    %y = linalg.add ins(%acc, %x1 : tensor<10x3xf32>, tensor<10x3xf32>) outs(%acc : tensor<10x3xf32>) -> tensor<10x3xf32>
    scf.yield %y : tensor<10x3xf32>
  }
  %big = arith.cmpi sgt, %n, %c1 : index
  %s = scf.if %big -> tensor<10x3xf32> {
    scf.yield %x1 : tensor<10x3xf32>
  } else {
    scf.yield %r : tensor<10x3xf32>
  }
  %sum = linalg.add ins(%r, %s : tensor<10x3xf32>, tensor<10x3xf32>) outs(%e : tensor<10x3xf32>) -> tensor<10x3xf32>
  %sum1 = shard.shard %sum to %rows : tensor<10x3xf32>
  return %sum1 : tensor<10x3xf32>
}

func.func @main() {
  %in = tensor.generate {
  ^bb0(%i: index, %j: index):
    %ii = arith.index_cast %i : index to i64
    %jj = arith.index_cast %j : index to i64
    %k = arith.constant 3 : i64
    %p = arith.muli %ii, %k : i64
    %l = arith.subi %p, %jj : i64
    %x = arith.sitofp %l : i64 to f32
    tensor.yield %x : f32
  } : tensor<10x3xf32>
  %c3 = arith.constant 3 : index
  %r = call @loop(%in, %c3) : (tensor<10x3xf32>, index) -> tensor<10x3xf32>
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %v = vector.transfer_read %r[%c0, %c0], %pad : tensor<10x3xf32>, vector<10x3xf32>
  vector.print %v : vector<10x3xf32>
  return
}
