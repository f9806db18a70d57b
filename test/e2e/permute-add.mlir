// End-to-end: B += permute(A) lowered to the accumulating copy_permute
// (_idtr_copy_permute_add_T: the runtime adds the permuted blocks straight
// into B's local part), checked element by element against closed forms on
// 1 to 5 ranks, at -O0 and -O2, with sizes that 2, 3, 4 and 5 do not
// divide:
//  - the PRK loop B += A^T; A += 1 on a 37 x 37 f64 matrix with B0 != 0,
//    where each iteration also reads the old B (B_new - B_old = A^T), so the
//    accumulation must go to a copy of B, not into the B it still reads;
//  - a 3-D i64 permutation (axes [2, 0, 1]) accumulated twice.
// With IDTR_DIRECT_MIN_BYTES=1 every transfer between ranks is read
// directly out of the sender's input and added from the tile; the profile
// shows the accumulating entry point at the dist.permute.
// REQUIRES: compiler, idtr-runtime
// RUN: %distc -O0 %s -o %t.O0
// RUN: %distc -O2 %s -o %t.O2
// RUN: %mpirun -n 1 %t.O0 | FileCheck %s
// RUN: %mpirun -n 2 %t.O0 | FileCheck %s
// RUN: %mpirun -n 3 %t.O0 | FileCheck %s
// RUN: %mpirun -n 4 %t.O0 | FileCheck %s
// RUN: %mpirun -n 5 %t.O0 | FileCheck %s
// RUN: %mpirun -n 1 %t.O2 | FileCheck %s
// RUN: %mpirun -n 2 %t.O2 | FileCheck %s
// RUN: %mpirun -n 3 %t.O2 | FileCheck %s
// RUN: %mpirun -n 4 %t.O2 | FileCheck %s
// RUN: %mpirun -n 5 %t.O2 | FileCheck %s
// RUN: env IDTR_DIRECT_MIN_BYTES=1 %mpirun -n 3 %t.O2 | FileCheck %s
// RUN: env IDTR_DIRECT_MIN_BYTES=1 %mpirun -n 5 %t.O0 | FileCheck %s
// RUN: env IDTR_STATS=1 %mpirun -n 2 %t.O2 2>&1 | FileCheck %s --check-prefix=PROFILE

// CHECK: prk errors 0
// CHECK-NEXT: prk a-transposed sums 3.7538e+06
// CHECK-NEXT: 3-d errors 0

// All three permutes accumulate (the loop's 4 times):
// PROFILE-COUNT-3: idtr-profile: {{.*}}permute-add.mlir:{{[0-9]+}}:{{[0-9]+}} dist.permute copy_permute_add
// PROFILE-NOT: copy_permute{{ }}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f64
  %me = dist.team_member
  %root = arith.cmpi eq, %me, %c0 : index

  // ---- PRK: B += A^T; A += 1, K times ----------------------------------
  %n = arith.constant 37 : index
  %k = arith.constant 4 : index
  %zero = arith.constant 0.0 : f64
  %a0 = dist.generate (%n, %n) : !dist.tensor<?x?xf64> {
  ^bb0(%i: index, %j: index):
    %row = arith.muli %i, %n : index
    %ij = arith.addi %row, %j : index
    %v = arith.index_cast %ij : index to i64
    %f = arith.sitofp %v : i64 to f64
    dist.yield %f : f64
  }
  // B0[i, j] = i - j.
  %b0 = dist.generate (%n, %n) : !dist.tensor<?x?xf64> {
  ^bb0(%i: index, %j: index):
    %d = arith.subi %i, %j : index
    %v = arith.index_cast %d : index to i64
    %f = arith.sitofp %v : i64 to f64
    dist.yield %f : f64
  }
  %a, %b, %sums = scf.for %it = %c0 to %k step %c1
      iter_args(%ai = %a0, %bi = %b0, %s = %zero)
      -> (!dist.tensor<?x?xf64>, !dist.tensor<?x?xf64>, f64) {
    %at = dist.permute %ai axes [1, 0] : !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64>
    %bn = dist.add %bi, %at : !dist.tensor<?x?xf64>
    // Reads the old B after the accumulation: sum(B_new - B_old) = sum(A).
    %delta = dist.sub %bn, %bi : !dist.tensor<?x?xf64>
    %ds = dist.reduce sum %delta : !dist.tensor<?x?xf64> -> f64
    %sn = arith.addf %s, %ds : f64
    %an = dist.elementwise %ai : !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64> {
    ^bb0(%x: f64):
      %y = arith.addf %x, %one : f64
      dist.yield %y : f64
    }
    scf.yield %an, %bn, %sn : !dist.tensor<?x?xf64>, !dist.tensor<?x?xf64>, f64
  }
  // B[i, j] = (i - j) + K (j N + i) + K (K - 1) / 2.
  %kf = arith.constant 4.0 : f64
  %tri = arith.constant 6.0 : f64
  %expected = dist.generate (%n, %n) : !dist.tensor<?x?xf64> {
  ^bb0(%i: index, %j: index):
    %col = arith.muli %j, %n : index
    %ji = arith.addi %col, %i : index
    %v = arith.index_cast %ji : index to i64
    %f = arith.sitofp %v : i64 to f64
    %kv = arith.mulf %kf, %f : f64
    %d = arith.subi %i, %j : index
    %dv = arith.index_cast %d : index to i64
    %df = arith.sitofp %dv : i64 to f64
    %e0 = arith.addf %kv, %tri : f64
    %e = arith.addf %e0, %df : f64
    dist.yield %e : f64
  }
  %diff = dist.sub %b, %expected : !dist.tensor<?x?xf64>
  %abs = dist.elementwise %diff : !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64> {
  ^bb0(%x: f64):
    %y = math.absf %x : f64
    dist.yield %y : f64
  }
  %errors = dist.reduce sum %abs : !dist.tensor<?x?xf64> -> f64
  scf.if %root {
    vector.print str "prk errors "
  }
  dist.print %errors : f64
  // sum over t < K of sum(A0 + t) = K N^2 (N^2 - 1) / 2 + N^2 K (K - 1) / 2
  //   = 4 * 936396 + 1369 * 6 = 3753798.
  scf.if %root {
    vector.print str "prk a-transposed sums "
  }
  dist.print %sums : f64

  // ---- 3-D: C += permute(D, [2, 0, 1]) twice, i64 --------------------------
  %d0 = arith.constant 5 : index
  %d1 = arith.constant 9 : index
  %d2 = arith.constant 7 : index
  %d = dist.generate (%d0, %d1, %d2) : !dist.tensor<?x?x?xi64> {
  ^bb0(%i: index, %j: index, %l: index):
    %i63 = arith.muli %i, %d1 : index
    %i7 = arith.muli %i63, %d2 : index
    %j7 = arith.muli %j, %d2 : index
    %s0 = arith.addi %i7, %j7 : index
    %s1 = arith.addi %s0, %l : index
    %v = arith.index_cast %s1 : index to i64
    dist.yield %v : i64
  }
  // C0[x, y, z] = x - y + z over the permuted shape (7, 5, 9).
  %c0t = dist.generate (%d2, %d0, %d1) : !dist.tensor<?x?x?xi64> {
  ^bb0(%x: index, %y: index, %z: index):
    %s0 = arith.subi %x, %y : index
    %s1 = arith.addi %s0, %z : index
    %v = arith.index_cast %s1 : index to i64
    dist.yield %v : i64
  }
  %p1 = dist.permute %d axes [2, 0, 1] : !dist.tensor<?x?x?xi64> -> !dist.tensor<?x?x?xi64>
  %c1t = dist.add %c0t, %p1 : !dist.tensor<?x?x?xi64>
  %p2 = dist.permute %d axes [2, 0, 1] : !dist.tensor<?x?x?xi64> -> !dist.tensor<?x?x?xi64>
  %c2t = dist.add %p2, %c1t : !dist.tensor<?x?x?xi64>
  // C2[x, y, z] = x - y + z + 2 D[y, z, x].
  %exp3 = dist.generate (%d2, %d0, %d1) : !dist.tensor<?x?x?xi64> {
  ^bb0(%x: index, %y: index, %z: index):
    %s0 = arith.subi %x, %y : index
    %s1 = arith.addi %s0, %z : index
    %y63 = arith.muli %y, %d1 : index
    %y7 = arith.muli %y63, %d2 : index
    %z7 = arith.muli %z, %d2 : index
    %f0 = arith.addi %y7, %z7 : index
    %f1 = arith.addi %f0, %x : index
    %two = arith.constant 2 : index
    %f2 = arith.muli %f1, %two : index
    %e = arith.addi %s1, %f2 : index
    %v = arith.index_cast %e : index to i64
    dist.yield %v : i64
  }
  %diff3 = dist.sub %c2t, %exp3 : !dist.tensor<?x?x?xi64>
  %abs3 = dist.elementwise %diff3 : !dist.tensor<?x?x?xi64> -> !dist.tensor<?x?x?xi64> {
  ^bb0(%x: i64):
    %y = math.absi %x : i64
    dist.yield %y : i64
  }
  %errors3 = dist.reduce sum %abs3 : !dist.tensor<?x?x?xi64> -> i64
  scf.if %root {
    vector.print str "3-d errors "
  }
  dist.print %errors3 : i64
  return
}
