// A sub-axis collective that only some groups run: on a 2x3 grid (rank r =
// grid index (r / 3, r mod 3)), only grid row 0 takes the branch with the
// all_reduce over axis 1, so only its group makes the team's communicator.
// Row 1 never joins it and must not be waited for. Then column 2 alone
// reduces over axis 0, and at last every rank reduces over axis 1 again:
// row 1 makes its group's communicator only then, row 0 reuses its own.
// REQUIRES: compiler, idtr-runtime
// RUN: %distc %s -o %t
// RUN: env IDTR_TIMEOUT=60 %mpirun -n 6 -x IDTR_TIMEOUT --tag-output %t | FileCheck %s --match-full-lines

// a: row 0 sums its ranks (0 + 1 + 2), row 1 keeps r. b: column 2 sums
// a of ranks 2 and 5 (3 + 5), the others keep a. c: each row sums b.
// CHECK-DAG: [1,0]<stdout>:( 3, 3, 14 )
// CHECK-DAG: [1,1]<stdout>:( 3, 3, 14 )
// CHECK-DAG: [1,2]<stdout>:( 3, 8, 14 )
// CHECK-DAG: [1,3]<stdout>:( 3, 3, 15 )
// CHECK-DAG: [1,4]<stdout>:( 4, 4, 15 )
// CHECK-DAG: [1,5]<stdout>:( 5, 8, 15 )

shard.grid @g(shape = 2x3)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %i:2 = shard.process_multi_index on @g : index, index
  %lin = shard.process_linear_index on @g : index
  %r = arith.index_cast %lin : index to i64
  %x = tensor.splat %r : tensor<1xi64>
  %pad = arith.constant 0 : i64
  %row0 = arith.cmpi eq, %i#0, %c0 : index
  %a = scf.if %row0 -> tensor<1xi64> {
    %s = shard.all_reduce %x on @g grid_axes = [1] : tensor<1xi64> -> tensor<1xi64>
    scf.yield %s : tensor<1xi64>
  } else {
    scf.yield %x : tensor<1xi64>
  }
  %col2 = arith.cmpi eq, %i#1, %c2 : index
  %b = scf.if %col2 -> tensor<1xi64> {
    %s = shard.all_reduce %a on @g grid_axes = [0] : tensor<1xi64> -> tensor<1xi64>
    scf.yield %s : tensor<1xi64>
  } else {
    scf.yield %a : tensor<1xi64>
  }
  %c = shard.all_reduce %b on @g grid_axes = [1] : tensor<1xi64> -> tensor<1xi64>
  %va = vector.transfer_read %a[%c0], %pad : tensor<1xi64>, vector<1xi64>
  %vb = vector.transfer_read %b[%c0], %pad : tensor<1xi64>, vector<1xi64>
  %vc = vector.transfer_read %c[%c0], %pad : tensor<1xi64>, vector<1xi64>
  %ea = vector.extract %va[0] : i64 from vector<1xi64>
  %eb = vector.extract %vb[0] : i64 from vector<1xi64>
  %ec = vector.extract %vc[0] : i64 from vector<1xi64>
  %v0 = vector.broadcast %ea : i64 to vector<3xi64>
  %v1 = vector.insert %eb, %v0 [1] : i64 into vector<3xi64>
  %v2 = vector.insert %ec, %v1 [2] : i64 into vector<3xi64>
  vector.print %v2 : vector<3xi64>
  return
}
