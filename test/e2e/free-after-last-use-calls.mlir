// Peak memory of a chain of calls: six calls of a function that transposes
// a 2048 x 2048 f64 array (32 MiB), on one rank. The caller owns what each
// call returns (ownership-based deallocation's function boundary ABI), and
// distc-free-after-last-use frees the input of each call after it and each
// result after its last use: a peak of about 110 MiB, where upstream's
// deallocation freed them all at the end of @main (seven arrays, 236 MiB).
// The same program on 3 ranks checks the result with the frees moved.
// REQUIRES: compiler, idtr-runtime
// RUN: %distc %s -o %t
// RUN: python3 -c "import resource, subprocess, sys; out = subprocess.run(sys.argv[1:], check=True, capture_output=True, text=True).stdout; peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024; print(out.strip()); print('peak below 170 MiB' if peak < 170 else 'peak %%d MiB' %% peak)" %mpirun -n 1 %t | FileCheck %s
// RUN: %mpirun -n 3 %t | FileCheck %s --check-prefix=RANKS
// CHECK: 1.20052e+16
// CHECK-NEXT: peak below 170 MiB
// RANKS: 1.20052e+16

func.func @step(%a: !dist.tensor<?x?xf64>) -> !dist.tensor<?x?xf64> {
  %t = dist.permute %a axes [1, 0] : !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64>
  return %t : !dist.tensor<?x?xf64>
}

func.func @main() {
  %n = arith.constant 2048 : index
  %a0 = dist.generate (%n, %n) : !dist.tensor<?x?xf64> {
  ^bb0(%i: index, %j: index):
    %row = arith.muli %i, %n : index
    %ij = arith.addi %row, %j : index
    %v = arith.index_cast %ij : index to i64
    %f = arith.sitofp %v : i64 to f64
    dist.yield %f : f64
  }
  %a1 = func.call @step(%a0) : (!dist.tensor<?x?xf64>) -> !dist.tensor<?x?xf64>
  %a2 = func.call @step(%a1) : (!dist.tensor<?x?xf64>) -> !dist.tensor<?x?xf64>
  %a3 = func.call @step(%a2) : (!dist.tensor<?x?xf64>) -> !dist.tensor<?x?xf64>
  %a4 = func.call @step(%a3) : (!dist.tensor<?x?xf64>) -> !dist.tensor<?x?xf64>
  %a5 = func.call @step(%a4) : (!dist.tensor<?x?xf64>) -> !dist.tensor<?x?xf64>
  %a6 = func.call @step(%a5) : (!dist.tensor<?x?xf64>) -> !dist.tensor<?x?xf64>
  // Weighted by position, so that a wrong or stale element shows.
  %w = dist.generate (%n, %n) : !dist.tensor<?x?xf64> {
  ^bb0(%i: index, %j: index):
    %v = arith.index_cast %i : index to i64
    %f = arith.sitofp %v : i64 to f64
    dist.yield %f : f64
  }
  %p = dist.mul %a6, %w : !dist.tensor<?x?xf64>
  %s = dist.reduce sum %p : !dist.tensor<?x?xf64> -> f64
  dist.print %s : f64
  return
}
