// IDTR_STATS=1 prints, on rank 0 at exit, the communication of the program
// broken down by the user's ops (source location, op, runtime call): calls,
// messages and bytes sent, time in pack / wait / transfer and plan cache
// hits, as max/mean over the ranks. IDTR_PROFILE=<file> writes the same,
// with every counter and the value of each rank, as JSON. Before, there
// was only one line of totals per rank.
// REQUIRES: compiler, idtr-runtime
// RUN: rm -rf %t && mkdir %t && cp %s %t/profile.mlir
// RUN: %distc %t/profile.mlir -o %t/profile
// RUN: env IDTR_STATS=1 IDTR_PROFILE=%t/profile.json %mpirun -n 2 %t/profile 2>&1 | FileCheck %s
// RUN: python3 %S/Inputs/check-profile.py %t/profile.json 2
// Only IDTR_PROFILE: the JSON file, nothing on stderr.
// RUN: rm %t/profile.json
// RUN: env IDTR_PROFILE=%t/profile.json %mpirun -n 3 %t/profile 2>&1 | FileCheck %s --check-prefix=QUIET
// RUN: python3 %S/Inputs/check-profile.py %t/profile.json 3
// Neither: no report, no file.
// RUN: rm %t/profile.json
// RUN: %mpirun -n 2 %t/profile 2>&1 | FileCheck %s --check-prefix=QUIET
// RUN: not test -e %t/profile.json

// CHECK: idtr-profile: communication by source location over 2 ranks (max/mean over ranks)
// CHECK-NEXT: idtr-profile: location{{ +}}op{{ +}}kind{{ +}}calls{{ +}}messages_sent{{ +}}bytes_sent{{ +}}pack_seconds{{ +}}wait_seconds{{ +}}transfer_seconds{{ +}}plan_hits
// CHECK-NEXT: idtr-profile: {{.*}}profile.mlir:33:8{{ +}}dist.reduce{{ +}}allreduce{{ +}}1/1{{ }}
// CHECK-NEXT: idtr-profile: {{.*}}profile.mlir:35:8{{ +}}dist.shift{{ +}}update_halo{{ +}}1/1{{ }}
// CHECK-NEXT: idtr-profile: {{.*}}profile.mlir:41:10{{ +}}dist.gather{{ +}}copy_reshape{{ +}}3/3{{ +}}3/3{{ +}}{{[0-9]+/[0-9.]+ +[0-9.]+/[0-9.]+ +[0-9.]+/[0-9.]+ +[0-9.]+/[0-9.]+}}{{ +}}2/2{{$}}
// CHECK-NEXT: idtr-profile: total{{ +}}-{{ +}}5/5
// QUIET-NOT: idtr-

func.func @main() {
  %one = arith.constant 1.0 : f64
  %zero = arith.constant 0.0 : f64
  %a = dist.full %one : !dist.tensor<16xf64>
  %s = dist.reduce sum %a : !dist.tensor<16xf64> -> f64
  vector.print %s : f64
  %p = dist.shift %a offsets [1] fill %zero : !dist.tensor<16xf64>
  %q = dist.add %a, %p : !dist.tensor<16xf64>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %last = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %q) -> (!dist.tensor<16xf64>) {
    %g = dist.gather %acc : !dist.tensor<16xf64> -> tensor<16xf64>
    %x = tensor.extract %g[%c1] : tensor<16xf64>
    vector.print %x : f64
    %next = dist.add %acc, %a : !dist.tensor<16xf64>
    scf.yield %next : !dist.tensor<16xf64>
  }
  return
}
