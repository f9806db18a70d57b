// Peak memory of straight-line code: six chained transposes of a 2048 x 2048
// f64 array (32 MiB) on one rank. Each buffer is freed right after the last
// op that uses it (distc-free-after-last-use): two or three arrays live at a
// time, a peak of about 110 MiB; upstream's deallocation freed them all at
// the end of the function (seven arrays, 236 MiB, as -O0 still does).
// REQUIRES: compiler, idtr-runtime
// RUN: %distc %s -o %t
// RUN: python3 -c "import resource, subprocess, sys; out = subprocess.run(sys.argv[1:], check=True, capture_output=True, text=True).stdout; peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024; print(out.strip()); print('peak below 170 MiB' if peak < 170 else 'peak %%d MiB' %% peak)" %mpirun -n 1 %t | FileCheck %s
// CHECK: 4.1943e+06
// CHECK-NEXT: peak below 170 MiB

func.func @main() {
  %n = arith.constant 2048 : index
  %one = arith.constant 1.0 : f64
  %a0 = dist.full %one (%n, %n) : !dist.tensor<?x?xf64>
  %a1 = dist.permute %a0 axes [1, 0] : !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64>
  %a2 = dist.permute %a1 axes [1, 0] : !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64>
  %a3 = dist.permute %a2 axes [1, 0] : !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64>
  %a4 = dist.permute %a3 axes [1, 0] : !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64>
  %a5 = dist.permute %a4 axes [1, 0] : !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64>
  %a6 = dist.permute %a5 axes [1, 0] : !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64>
  %s = dist.reduce sum %a6 : !dist.tensor<?x?xf64> -> f64
  dist.print %s : f64
  return
}
