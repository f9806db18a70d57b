// The program finalization at the end of every pipeline, pass by pass, on
// the LLVM dialect (docs/pipelines.md).
// RUN: distc-opt --split-input-file --distc-internalize-private-functions %s | FileCheck %s --check-prefix=INTERNAL
// RUN: distc-opt --split-input-file --distc-wrap-void-main %s | FileCheck %s --check-prefix=WRAP
// RUN: distc-opt --split-input-file --distc-mark-allocators-noalias %s | FileCheck %s --check-prefix=NOALIAS
// Idempotent: twice is once.
// RUN: distc-opt --split-input-file --distc-internalize-private-functions --distc-wrap-void-main --distc-mark-allocators-noalias %s > %t.once
// RUN: distc-opt --split-input-file --distc-internalize-private-functions --distc-wrap-void-main --distc-mark-allocators-noalias --distc-internalize-private-functions --distc-wrap-void-main --distc-mark-allocators-noalias %s > %t.twice
// RUN: diff %t.once %t.twice
// RUN: distc-opt --split-input-file --verify-diagnostics --distc-wrap-void-main %S/Inputs/reserved-user-main.mlir

// Private definitions (MLIR's visibility, which func.func private becomes)
// get internal linkage; declarations and public functions keep theirs.
// INTERNAL-LABEL: llvm.func internal @helper()
// INTERNAL: llvm.func @exported()
// INTERNAL: llvm.func @declared()
// A void main is renamed with its uses and wrapped.
// WRAP-LABEL: llvm.func internal @__distc_user_main()
// WRAP: llvm.call @__distc_user_main() : () -> ()
// WRAP: llvm.func @main() -> i32
// WRAP-NEXT: llvm.call @__distc_user_main() : () -> ()
// WRAP-NEXT: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
// WRAP-NEXT: llvm.return %[[ZERO]] : i32
// NOALIAS: llvm.func @_mlir_memref_to_llvm_alloc(i64) -> (!llvm.ptr {llvm.noalias})
// NOALIAS: llvm.func @_mlir_memref_to_llvm_aligned_alloc(i64, i64) -> (!llvm.ptr {llvm.noalias})
// NOALIAS: llvm.func @malloc(i64) -> !llvm.ptr
module {
  llvm.func @helper() attributes {sym_visibility = "private"} {
    llvm.return
  }
  llvm.func @exported() {
    llvm.return
  }
  llvm.func @declared()
  llvm.func @main() {
    llvm.call @helper() : () -> ()
    llvm.return
  }
  llvm.func @again() {
    llvm.call @main() : () -> ()
    llvm.return
  }
  llvm.func @_mlir_memref_to_llvm_alloc(i64) -> !llvm.ptr
  llvm.func @_mlir_memref_to_llvm_aligned_alloc(i64, i64) -> !llvm.ptr
  llvm.func @malloc(i64) -> !llvm.ptr
}

// -----

// An i32 main is the C entry point already: only made external, even when
// the internalization made it internal.
// WRAP-LABEL: llvm.func @i32_main_module()
// WRAP-NEXT: llvm.func @main() -> i32
// WRAP-NOT: __distc_user_main
// INTERNAL: llvm.func internal @main() -> i32
module {
  llvm.func @i32_main_module()
  llvm.func @main() -> i32 attributes {sym_visibility = "private"} {
    %0 = llvm.mlir.constant(3 : i32) : i32
    llvm.return %0 : i32
  }
}

// -----

// A module without a defined main (a library, -c) is left alone.
// WRAP-LABEL: llvm.func @library_module()
// WRAP-NEXT: llvm.func @main(){{$}}
// WRAP-NEXT: }
module {
  llvm.func @library_module()
  llvm.func @main()
}
