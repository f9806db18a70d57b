// The wrapper's name is reserved: a module that already defines it is an
// error rather than a silent clash (test/Pipelines/program-finalization.mlir).
module {
  // expected-error @below {{the symbol '__distc_user_main' is reserved for distc's wrapper of a void 'main'}}
  llvm.func @main() {
    llvm.return
  }
  llvm.func @__distc_user_main() {
    llvm.return
  }
}
