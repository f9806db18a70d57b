// RUN: %distc-opt %s --pass-pipeline='builtin.module(convert-dist-to-distruntime,canonicalize,cse,distruntime-overlap-comm)' | FileCheck %s

// dist.matmul's panels are double-buffered (MatmulLowering.cpp,
// pipelinedPanels), and stay so after distruntime-overlap-comm: panel 0 is
// started before a loop whose body starts panel p+1, then waits for panel p
// and multiplies it; the last panel is waited for and multiplied after the
// loop. So at most two panels (one step of broadcasts or copies) are in
// flight at any time, whatever the panel count.

// SUMMA: one broadcast of A on the row team and one of B on the column team
// per step.
// CHECK-LABEL: func.func @summa
// CHECK-COUNT-2: distruntime.bcast_panel
// CHECK-NOT: distruntime.bcast_panel
// CHECK: scf.for {{.*}} iter_args({{.*}}) -> (tensor<?x?xf64>, !distruntime.asynchandle, !distruntime.asynchandle, tensor<?x?xf64>, tensor<?x?xf64>)
// CHECK-NEXT: arith.addi
// CHECK-COUNT-2: distruntime.bcast_panel
// CHECK-NOT: distruntime.bcast_panel
// CHECK-COUNT-2: distruntime.wait
// CHECK-NOT: distruntime.bcast_panel
// CHECK: linalg.matmul
// CHECK-NOT: distruntime.bcast_panel
// CHECK: scf.yield
// CHECK-NEXT: }
// CHECK-NOT: distruntime.bcast_panel
// CHECK-COUNT-2: distruntime.wait
// CHECK-NOT: distruntime.bcast_panel
// CHECK: linalg.matmul
// CHECK-NOT: distruntime.bcast_panel
// CHECK: return
!G = !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>
func.func @summa(%a: !G, %b: !G) -> !G {
  %c = dist.matmul %a, %b : !G, !G -> !G
  return %c : !G
}

// Row blocks: B's column panels, one copy_reshape per step, each product
// inserted into its columns of C.
// CHECK-LABEL: func.func @rows
// CHECK: distruntime.copy_reshape
// CHECK-NOT: distruntime.copy_reshape
// CHECK: scf.for {{.*}} -> (tensor<?x?xf64>, !distruntime.asynchandle, tensor<?x?xf64>)
// CHECK: distruntime.copy_reshape
// CHECK-NOT: distruntime.copy_reshape
// CHECK: distruntime.wait
// CHECK-NOT: distruntime.copy_reshape
// CHECK: linalg.matmul
// CHECK-NOT: distruntime.copy_reshape
// CHECK: tensor.insert_slice
// CHECK: scf.yield
// CHECK-NEXT: }
// CHECK-NOT: distruntime.copy_reshape
// CHECK: distruntime.wait
// CHECK-NOT: distruntime.copy_reshape
// CHECK: linalg.matmul
// CHECK-NOT: distruntime.copy_reshape
// CHECK: return
!R = !dist.tensor<?x?xf64>
func.func @rows(%a: !R, %b: !R) -> !R {
  %c = dist.matmul %a, %b : !R, !R -> !R
  return %c : !R
}
