// Point-to-point and reduce-to-root along one axis of a 2x2 grid (rank r =
// grid index (r / 2, r mod 2)): each process sends to its partner along
// grid axis 1 (static destination: the member with the other index there,
// as a dynamic one) and receives from it; a send along axis 0 with a
// static destination and source; shard.reduce over axis 1 to the member
// with index 1 there (sum and average): only the roots, ranks 1 and 3, get
// the result, the others keep their input. A destination outside the group
// computed at run time stops the program with an error that names the op.
// REQUIRES: compiler, idtr-runtime
// RUN: rm -rf %t && split-file %s %t
// RUN: %distc %t/pairs.mlir -o %t/pairs
// RUN: %mpirun -n 4 --tag-output %t/pairs | FileCheck %s --match-full-lines
// RUN: %distc %t/outside.mlir -o %t/outside
// RUN: not %mpirun -n 4 %t/outside 2>&1 | FileCheck %s --check-prefix=OUTSIDE --implicit-check-not="Stack dump"

// Swap along axis 1: the partner's [r, r + 10].
// CHECK-DAG: [1,0]<stdout>:swap ( 1, 11 )
// CHECK-DAG: [1,1]<stdout>:swap ( 0, 10 )
// CHECK-DAG: [1,2]<stdout>:swap ( 3, 13 )
// CHECK-DAG: [1,3]<stdout>:swap ( 2, 12 )
// Along axis 0 to index 1 there: grid row 1 receives row 0's tensor and
// its own.
// CHECK-DAG: [1,2]<stdout>:down ( 0, 10 )
// CHECK-DAG: [1,3]<stdout>:down ( 1, 11 )
// CHECK-DAG: [1,2]<stdout>:own ( 2, 12 )
// CHECK-DAG: [1,3]<stdout>:own ( 3, 13 )
// Reduce over axis 1 to index 1 there.
// CHECK-DAG: [1,0]<stdout>:sum ( 0, 10 )
// CHECK-DAG: [1,1]<stdout>:sum ( 1, 21 )
// CHECK-DAG: [1,2]<stdout>:sum ( 2, 12 )
// CHECK-DAG: [1,3]<stdout>:sum ( 5, 25 )
// CHECK-DAG: [1,0]<stdout>:mean ( 0, 10 )
// CHECK-DAG: [1,1]<stdout>:mean ( 0.5, 10.5 )
// CHECK-DAG: [1,2]<stdout>:mean ( 2, 12 )
// CHECK-DAG: [1,3]<stdout>:mean ( 2.5, 12.5 )

// OUTSIDE: {{.*}}outside.mlir:9:8: error: shard.send: the destination is outside the group (index -1; the group has 2 processes) (rank {{[0-3]}})

//--- pairs.mlir
shard.grid @g(shape = 2x2)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %i:2 = shard.process_multi_index on @g : index, index
  %lin = shard.process_linear_index on @g : index
  %r = arith.index_cast %lin : index to i64
  %x = tensor.generate {
  ^bb0(%k: index):
    %kk = arith.index_cast %k : index to i64
    %c10 = arith.constant 10 : i64
    %t = arith.muli %kk, %c10 : i64
    %v = arith.addi %t, %r : i64
    tensor.yield %v : i64
  } : tensor<2xi64>
  %pad = arith.constant 0 : i64
  %other = arith.subi %c1, %i#1 : index
  %s = shard.send %x on @g grid_axes = [1] destination = [%other] : (tensor<2xi64>, index) -> tensor<2xi64>
  %y = shard.recv %x on @g grid_axes = [1] source = [%other] : (tensor<2xi64>, index) -> tensor<2xi64>
  %vy = vector.transfer_read %y[%c0], %pad : tensor<2xi64>, vector<2xi64>
  vector.print str "swap "
  vector.print %vy : vector<2xi64>
  // Everyone sends to index 1 along axis 0 (static): grid row 1 receives
  // from row 0 and from itself.
  %s2 = shard.send %x on @g grid_axes = [0] destination = [1] : (tensor<2xi64>) -> tensor<2xi64>
  %is1 = arith.cmpi eq, %i#0, %c1 : index
  scf.if %is1 {
    %z = shard.recv %x on @g grid_axes = [0] source = [0] : (tensor<2xi64>) -> tensor<2xi64>
    %vz = vector.transfer_read %z[%c0], %pad : tensor<2xi64>, vector<2xi64>
    vector.print str "down "
    vector.print %vz : vector<2xi64>
    %own = shard.recv %x on @g grid_axes = [0] source = [1] : (tensor<2xi64>) -> tensor<2xi64>
    %vo = vector.transfer_read %own[%c0], %pad : tensor<2xi64>, vector<2xi64>
    vector.print str "own "
    vector.print %vo : vector<2xi64>
  }
  %sum = shard.reduce %x on @g grid_axes = [1] reduction = sum root = [1] : (tensor<2xi64>) -> tensor<2xi64>
  %vs = vector.transfer_read %sum[%c0], %pad : tensor<2xi64>, vector<2xi64>
  vector.print str "sum "
  vector.print %vs : vector<2xi64>
  %xf = tensor.generate {
  ^bb0(%k: index):
    %e = tensor.extract %x[%k] : tensor<2xi64>
    %f = arith.sitofp %e : i64 to f64
    tensor.yield %f : f64
  } : tensor<2xf64>
  %mean = shard.reduce %xf on @g grid_axes = [1] reduction = average root = [%c1] : (tensor<2xf64>, index) -> tensor<2xf64>
  %padf = arith.constant 0.0 : f64
  %vm = vector.transfer_read %mean[%c0], %padf : tensor<2xf64>, vector<2xf64>
  vector.print str "mean "
  vector.print %vm : vector<2xf64>
  return
}

//--- outside.mlir
shard.grid @g(shape = 2x2)

func.func @main() {
  %c2 = arith.constant 2 : index
  %i:2 = shard.process_multi_index on @g : index, index
  %x = tensor.empty() : tensor<2xf32>
  %d = arith.addi %i#1, %c2 : index
  // Index 2 or 3 along an axis of extent 2.
  %s = shard.send %x on @g grid_axes = [1] destination = [%d] : (tensor<2xf32>, index) -> tensor<2xf32>
  return
}
