// Errors that only the runtime can detect - ranks that disagree on a
// global shape, a rank that skips a collective - name the user's dist op
// and its source location, like the compiler's own run-time checks: the
// compiled program tells the runtime before every call which op it serves
// (_idtr_set_location). One report per job, on stderr, and a non-zero exit
// without a signal or a backtrace. Before, the messages named the runtime
// entry point or the MPI call ("idtr: error: copy_reshape: ...").
// REQUIRES: compiler, idtr-runtime
// RUN: rm -rf %t && split-file %s %t
// RUN: %distc %t/gather.mlir -o %t/gather
// RUN: not %mpirun -n 2 %t/gather 2>&1 | FileCheck %s --check-prefix=GATHER --implicit-check-not="idtr: error" --implicit-check-not="Stack dump" --implicit-check-not="signal"
// RUN: %distc -O0 %t/gather.mlir -o %t/gather.O0
// RUN: not %mpirun -n 3 %t/gather.O0 2>&1 | FileCheck %s --check-prefix=GATHER --implicit-check-not="idtr: error"
// RUN: %distc %t/print.mlir -o %t/print
// RUN: not %mpirun -n 2 %t/print 2>&1 | FileCheck %s --check-prefix=PRINT --implicit-check-not="idtr: error"
// RUN: %distc %t/skipped.mlir -o %t/skipped
// RUN: env IDTR_TIMEOUT=2 not %mpirun -n 2 %t/skipped 2>&1 | FileCheck %s --check-prefix=SKIPPED --implicit-check-not="Stack dump"
// Inlined into its caller, the op keeps its own location:
// RUN: %distc %t/inlined.mlir -o %t/inlined
// RUN: not %mpirun -n 2 %t/inlined 2>&1 | FileCheck %s --check-prefix=INLINED --implicit-check-not="idtr: error"

// GATHER: {{^}}{{.*}}gather.mlir:8:8: error: dist.gather: ranks disagree on the global shape: rank {{[0-9]}} has [{{[0-9]}}], rank {{[0-9]}} has [{{[0-9]}}] (rank {{[0-9]}})
// GATHER-NOT: error:
// PRINT: {{^}}{{.*}}print.mlir:7:3: error: dist.print: ranks disagree on the global shape: rank 0 has [4], rank 1 has [5] (rank {{[01]}})
// SKIPPED: {{^}}{{.*}}skipped.mlir:12:10: error: dist.reduce: MPI_Allreduce: timed out after 2 s waiting for other ranks {{.*}} (rank 0)
// INLINED: {{^}}{{.*}}inlined.mlir:2:8: error: dist.gather: ranks disagree on the global shape

//--- gather.mlir
func.func @main() {
  %one = arith.constant 1.0 : f64
  %c4 = arith.constant 4 : index
  // Each rank believes the vector has 4 + its rank elements.
  %r = dist.team_member
  %n = arith.addi %c4, %r : index
  %a = dist.full %one (%n) : !dist.tensor<?xf64>
  %g = dist.gather %a : !dist.tensor<?xf64> -> tensor<?xf64>
  %c0 = arith.constant 0 : index
  %x = tensor.extract %g[%c0] : tensor<?xf64>
  vector.print %x : f64
  return
}
//--- print.mlir
func.func @main() {
  %one = arith.constant 1.0 : f64
  %c4 = arith.constant 4 : index
  %r = dist.team_member
  %n = arith.addi %c4, %r : index
  %a = dist.full %one (%n) : !dist.tensor<?xf64>
  dist.print %a : !dist.tensor<?xf64>
  return
}
//--- skipped.mlir
func.func @main() {
  %one = arith.constant 1.0 : f64
  %a = dist.full %one : !dist.tensor<8xf64>
  %s0 = dist.reduce sum %a : !dist.tensor<8xf64> -> f64
  vector.print %s0 : f64
  %r = dist.team_member
  %c0 = arith.constant 0 : index
  %first = arith.cmpi eq, %r, %c0 : index
  // Only rank 0 reduces: it waits for the others until IDTR_TIMEOUT.
  scf.if %first {
    %b = dist.full %one : !dist.tensor<8xf64>
    %s = dist.reduce sum %b : !dist.tensor<8xf64> -> f64
    vector.print %s : f64
  }
  return
}
//--- inlined.mlir
func.func private @collect(%a: !dist.tensor<?xf64>) -> tensor<?xf64> {
  %g = dist.gather %a : !dist.tensor<?xf64> -> tensor<?xf64>
  return %g : tensor<?xf64>
}
func.func @main() {
  %one = arith.constant 1.0 : f64
  %c4 = arith.constant 4 : index
  %r = dist.team_member
  %n = arith.addi %c4, %r : index
  %a = dist.full %one (%n) : !dist.tensor<?xf64>
  %g = call @collect(%a) : (!dist.tensor<?xf64>) -> tensor<?xf64>
  %c0 = arith.constant 0 : index
  %x = tensor.extract %g[%c0] : tensor<?xf64>
  vector.print %x : f64
  return
}
