// Each named pipeline runs in distc-opt exactly as in distc.
// RUN: distc-opt --distc-distruntime-to-idtr %s | FileCheck %s --check-prefix=IDTR
// RUN: distc-opt --distc-distruntime-to-idtr --distc-bufferize %s | FileCheck %s --check-prefix=BUF
// RUN: distc-opt --distc-distruntime-to-idtr --distc-bufferize --distc-lower-loops %s | FileCheck %s --check-prefix=LOOPS
// RUN: distc-opt --distc-distruntime-to-idtr --distc-bufferize --distc-lower-loops --distc-lower-to-llvm %s | FileCheck %s --check-prefix=LLVM
// RUN: distc-opt --distc-default %s | FileCheck %s --check-prefix=LLVM
// RUN: distc-opt --pass-pipeline='builtin.module(distc-default{opt-level=0})' %s | FileCheck %s --check-prefix=LLVM
// RUN: distc-opt --distc-dist-to-distruntime %s | FileCheck %s --check-prefix=NOOP
// RUN: distc-opt --distc-default --mlir-print-ir-after-all %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=ORDER
// RUN: not distc-opt --pass-pipeline='builtin.module(distc-default{opt-level=x})' %s 2>&1 | FileCheck %s --check-prefix=BADOPT

// IDTR-LABEL: func.func @main()
// IDTR: call @_idtr_allreduce_f64
// IDTR: call @_idtr_wait
// IDTR: bufferization.to_tensor
// IDTR-NOT: distruntime.

// BUF-LABEL: func.func @main()
// BUF: call @_idtr_allreduce_f64
// BUF-NOT: bufferization.to_tensor
// BUF: memref.dealloc

// LOOPS-LABEL: func.func @main()
// LOOPS-NOT: scf.
// LOOPS-NOT: linalg.
// LOOPS: cf.br

// LLVM-DAG: llvm.func @_idtr_allreduce_f64
// LLVM-DAG: llvm.func @main()
// LLVM-NOT: func.func
// LLVM-NOT: memref.

// NOOP: distruntime.allreduce

// ORDER: IR Dump After Canonicalizer
// ORDER: IR Dump After CSE
// ORDER: IR Dump After CheckDistRuntimeWaits
// ORDER: IR Dump After LowerDistRuntimeToIDTR
// ORDER: IR Dump After OneShotBufferizePass
// ORDER: IR Dump After OwnershipBasedBufferDeallocationPass
// ORDER: IR Dump After ConvertLinalgToLoopsPass
// ORDER: IR Dump After ConvertVectorToSCF
// ORDER: IR Dump After ExpandStridedMetadataPass
// ORDER: IR Dump After LowerAffinePass
// ORDER: IR Dump After SCFToControlFlowPass
// ORDER: IR Dump After ConvertVectorToLLVMPass
// ORDER: IR Dump After ConvertToLLVMPass
// ORDER: IR Dump After ReconcileUnrealizedCastsPass

// BADOPT: error

func.func @main() {
  %x = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf64>
  %h, %sum = distruntime.allreduce sum %x {team = 1 : i64}
    : (tensor<4xf64>) -> (!distruntime.asynchandle, tensor<4xf64>)
  distruntime.wait %h : !distruntime.asynchandle
  %e = tensor.empty() : tensor<4xf64>
  %y = linalg.add ins(%sum, %sum : tensor<4xf64>, tensor<4xf64>)
                  outs(%e : tensor<4xf64>) -> tensor<4xf64>
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f64
  %v = vector.transfer_read %y[%c0], %pad : tensor<4xf64>, vector<4xf64>
  vector.print %v : vector<4xf64>
  return
}
