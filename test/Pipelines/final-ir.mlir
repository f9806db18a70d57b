// The MLIR pipeline produces the final IR: what distc translates to LLVM IR
// is exactly what its pipeline (as --dump-pipeline prints it) gives when
// distc-opt runs it and mlir-translate translates the result. The program
// finalization (private functions internal, the C main wrapper, noalias
// allocators) is part of the pipeline, not a driver step after it.
//
// -save-temps' .distc.ll is distc's LLVM IR before LLVM's optimizer, at
// every -O level; at -O0 LLVM's pipeline changes nothing, so --emit=llvm
// itself is compared too. Only the target triple, data layout and module
// name (from distc's target machine) differ; they are dropped first.

// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: cp %s prog.mlir

// RUN: %distc -O0 --dump-pipeline --emit=llvm prog.mlir -o O0.ll 2> O0.pipeline
// RUN: sh -c '%distc-opt --pass-pipeline="$(cat O0.pipeline)" prog.mlir | mlir-translate --mlir-to-llvmir' > O0.ref.ll
// RUN: grep -v -e '^; ModuleID' -e '^source_filename' -e '^target ' O0.ll > O0.got
// RUN: grep -v -e '^; ModuleID' -e '^source_filename' -e '^target ' O0.ref.ll > O0.want
// RUN: diff O0.want O0.got
// RUN: FileCheck %s < O0.got

// RUN: %distc -O0 -save-temps --dump-pipeline --emit=llvm prog.mlir -o O0.ll 2> O0.pipeline
// RUN: grep -v -e '^; ModuleID' -e '^source_filename' -e '^target ' prog.distc.ll > O0.temps
// RUN: diff O0.want O0.temps

// RUN: %distc -O1 -save-temps --dump-pipeline --emit=llvm prog.mlir -o O1.ll 2> O1.pipeline
// RUN: sh -c '%distc-opt --pass-pipeline="$(cat O1.pipeline)" prog.mlir | mlir-translate --mlir-to-llvmir' | grep -v -e '^; ModuleID' -e '^source_filename' -e '^target ' > O1.want
// RUN: grep -v -e '^; ModuleID' -e '^source_filename' -e '^target ' prog.distc.ll > O1.got
// RUN: diff O1.want O1.got

// RUN: %distc -O2 -save-temps --dump-pipeline --emit=llvm prog.mlir -o O2.ll 2> O2.pipeline
// RUN: sh -c '%distc-opt --pass-pipeline="$(cat O2.pipeline)" prog.mlir | mlir-translate --mlir-to-llvmir' | grep -v -e '^; ModuleID' -e '^source_filename' -e '^target ' > O2.want
// RUN: grep -v -e '^; ModuleID' -e '^source_filename' -e '^target ' prog.distc.ll > O2.got
// RUN: diff O2.want O2.got
// RUN: FileCheck %s < O2.got

// RUN: %distc -O3 -save-temps --dump-pipeline --emit=llvm prog.mlir -o O3.ll 2> O3.pipeline
// RUN: sh -c '%distc-opt --pass-pipeline="$(cat O3.pipeline)" prog.mlir | mlir-translate --mlir-to-llvmir' | grep -v -e '^; ModuleID' -e '^source_filename' -e '^target ' > O3.want
// RUN: grep -v -e '^; ModuleID' -e '^source_filename' -e '^target ' prog.distc.ll > O3.got
// RUN: diff O3.want O3.got

// -Os: the -O2 MLIR pipeline; LLVM's size attributes come with its optimizer.
// RUN: %distc -Os -save-temps --dump-pipeline --emit=llvm prog.mlir -o Os.ll 2> Os.pipeline
// RUN: diff O2.pipeline Os.pipeline
// RUN: grep -v -e '^; ModuleID' -e '^source_filename' -e '^target ' prog.distc.ll > Os.got
// RUN: diff O2.want Os.got

// A dist program (halo exchange, reductions) at -O2.
// RUN: cp %srcroot/samples/stencil.mlir stencil.mlir
// RUN: %distc -O2 -save-temps --dump-pipeline --emit=llvm stencil.mlir -o stencil.ll 2> stencil.pipeline
// RUN: sh -c '%distc-opt --pass-pipeline="$(cat stencil.pipeline)" stencil.mlir | mlir-translate --mlir-to-llvmir' | grep -v -e '^; ModuleID' -e '^source_filename' -e '^target ' > stencil.want
// RUN: grep -v -e '^; ModuleID' -e '^source_filename' -e '^target ' stencil.distc.ll > stencil.got
// RUN: diff stencil.want stencil.got

// What the finalization did, in both:
// CHECK-DAG: declare noalias ptr @_mlir_memref_to_llvm_{{(aligned_)?}}alloc(
// CHECK-DAG: define internal {{.*}}double @sum(
// CHECK-DAG: define internal void @__distc_user_main()
// CHECK-DAG: define i32 @main()
// CHECK-DAG: call void @__distc_user_main()
// CHECK-DAG: ret i32 0

func.func private @sum(%t: tensor<64xf64>) -> f64 {
  %z = arith.constant 0.0 : f64
  %e = tensor.empty() : tensor<f64>
  %init = linalg.fill ins(%z : f64) outs(%e : tensor<f64>) -> tensor<f64>
  %r = linalg.reduce ins(%t : tensor<64xf64>) outs(%init : tensor<f64>) dimensions = [0]
    (%in: f64, %acc: f64) {
      %s = arith.addf %in, %acc : f64
      linalg.yield %s : f64
    }
  %v = tensor.extract %r[] : tensor<f64>
  return %v : f64
}

func.func @main() {
  %f = arith.constant 1.5 : f64
  %e = tensor.empty() : tensor<64xf64>
  %t = linalg.fill ins(%f : f64) outs(%e : tensor<64xf64>) -> tensor<64xf64>
  %s = call @sum(%t) : (tensor<64xf64>) -> f64
  vector.print %s : f64
  return
}
