// shard.send / shard.recv at the SPMD level on 1-D grids of 2, 3 and 4
// processes (NPROC is set by sed): a ring shift by send + recv pairs with
// dynamic destination and source (every process sends before it receives:
// the runtime's send never waits for its receiver), a send to itself (a
// local copy), and a static destination: every process sends to process 0,
// which receives from itself (static source) and from the others in a loop.
// REQUIRES: compiler, idtr-runtime
// RUN: sed s/NPROC/2/g %s > %t.2.mlir && %distc %t.2.mlir -o %t.2
// RUN: %mpirun -n 2 --tag-output %t.2 | FileCheck %s --check-prefix=P2 --match-full-lines
// RUN: sed s/NPROC/3/g %s > %t.3.mlir && %distc %t.3.mlir -o %t.3
// RUN: %mpirun -n 3 --tag-output %t.3 | FileCheck %s --check-prefix=P3 --match-full-lines
// RUN: sed s/NPROC/4/g %s > %t.4.mlir && %distc %t.4.mlir -o %t.4
// RUN: %mpirun -n 4 --tag-output %t.4 | FileCheck %s --check-prefix=P4 --match-full-lines

// Ring: process r receives [10 l, 10 l + 1, 10 l + 2] of its left
// neighbour l = r - 1 (mod n); then its own tensor back from itself; then
// process 0 prints the sum of element 1 over all processes' tensors.
// P2-DAG: [1,0]<stdout>:( 10, 11, 12 )
// P2-DAG: [1,1]<stdout>:( 0, 1, 2 )
// P2-DAG: [1,0]<stdout>:( 0, 1, 2 )
// P2-DAG: [1,1]<stdout>:( 10, 11, 12 )
// P2-DAG: [1,0]<stdout>:12
// P3-DAG: [1,0]<stdout>:( 20, 21, 22 )
// P3-DAG: [1,1]<stdout>:( 0, 1, 2 )
// P3-DAG: [1,2]<stdout>:( 10, 11, 12 )
// P3-DAG: [1,0]<stdout>:( 0, 1, 2 )
// P3-DAG: [1,1]<stdout>:( 10, 11, 12 )
// P3-DAG: [1,2]<stdout>:( 20, 21, 22 )
// P3-DAG: [1,0]<stdout>:33
// P4-DAG: [1,0]<stdout>:( 30, 31, 32 )
// P4-DAG: [1,1]<stdout>:( 0, 1, 2 )
// P4-DAG: [1,2]<stdout>:( 10, 11, 12 )
// P4-DAG: [1,3]<stdout>:( 20, 21, 22 )
// P4-DAG: [1,0]<stdout>:( 0, 1, 2 )
// P4-DAG: [1,1]<stdout>:( 10, 11, 12 )
// P4-DAG: [1,2]<stdout>:( 20, 21, 22 )
// P4-DAG: [1,3]<stdout>:( 30, 31, 32 )
// P4-DAG: [1,0]<stdout>:64

shard.grid @g(shape = NPROC)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant NPROC : index
  %lin = shard.process_linear_index on @g : index
  %r = arith.index_cast %lin : index to i64
  %x = tensor.generate {
  ^bb0(%k: index):
    %kk = arith.index_cast %k : index to i64
    %c10 = arith.constant 10 : i64
    %t = arith.muli %r, %c10 : i64
    %v = arith.addi %t, %kk : i64
    tensor.yield %v : i64
  } : tensor<3xi64>
  %pad = arith.constant 0 : i64
  // Ring shift to the right.
  %next = arith.addi %lin, %c1 : index
  %right = arith.remui %next, %n : index
  %prev = arith.addi %lin, %n : index
  %prev1 = arith.subi %prev, %c1 : index
  %left = arith.remui %prev1, %n : index
  %s = shard.send %x on @g grid_axes = [0] destination = [%right] : (tensor<3xi64>, index) -> tensor<3xi64>
  %y = shard.recv %x on @g grid_axes = [0] source = [%left] : (tensor<3xi64>, index) -> tensor<3xi64>
  %vy = vector.transfer_read %y[%c0], %pad : tensor<3xi64>, vector<3xi64>
  vector.print %vy : vector<3xi64>
  // To itself and back: a local copy.
  %e = tensor.empty() : tensor<3xi64>
  %s2 = shard.send %s on @g grid_axes = [0] destination = [%lin] : (tensor<3xi64>, index) -> tensor<3xi64>
  %z = shard.recv %e on @g grid_axes = [0] source = [%lin] : (tensor<3xi64>, index) -> tensor<3xi64>
  %vz = vector.transfer_read %z[%c0], %pad : tensor<3xi64>, vector<3xi64>
  vector.print %vz : vector<3xi64>
  // Everyone to process 0 (static destination).
  %s3 = shard.send %x on @g grid_axes = [0] destination = [0] : (tensor<3xi64>) -> tensor<3xi64>
  %is0 = arith.cmpi eq, %lin, %c0 : index
  scf.if %is0 {
    %own = shard.recv %e on @g grid_axes = [0] source = [0] : (tensor<3xi64>) -> tensor<3xi64>
    %o1 = tensor.extract %own[%c1] : tensor<3xi64>
    %sum = scf.for %k = %c1 to %n step %c1 iter_args(%acc = %o1) -> (i64) {
      %got = shard.recv %e on @g grid_axes = [0] source = [%k] : (tensor<3xi64>, index) -> tensor<3xi64>
      %g1 = tensor.extract %got[%c1] : tensor<3xi64>
      %a = arith.addi %acc, %g1 : i64
      scf.yield %a : i64
    }
    vector.print %sum : i64
  }
  return
}
